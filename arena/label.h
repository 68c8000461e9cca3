/* label.h -- the one labelling scheme for players, used for a tournament's
 * entrants (entrant.c) and for a rating pool's players (store_pool.c), so a
 * bot has the same label in a tournament's table and in `arena ratings`.
 *
 * A bot is its identity: name, version and the SHA-256 of its .so. Its label
 * is the name; name@version when another bot shares the name; name@<first 8
 * hex of the SHA-256> when another also shares the version (more digits, one
 * past the longest prefix it shares with such a bot, when 8 are not enough:
 * a prefix of 32 bits can be matched on purpose). A bot that is more
 * than one player (entered k times) then gets #1..#k, its copies in order.
 * Names and versions hold none of '@', '#', '[' and ']' (text_clean_name), so
 * a label is never two bots'. */
#ifndef ARENA_LABEL_H
#define ARENA_LABEL_H

#define LABEL_HASH_DIGITS 8 /* of the SHA-256 in hex, when that is enough */

typedef struct label_id {
    const char *name, *version, *sha256;
    int copy; /* 0-based: which copy of this bot the player is */
} label_id;

/* The label of player i among n (malloc'd; NULL without memory). */
char *label_make(const label_id *ids, int n, int i);

#endif
