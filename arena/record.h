/* record.h -- the plain data that flows from the match runner to storage,
 * ratings and reports: who played (entrant) and what happened (match_record). */
#ifndef ARENA_RECORD_H
#define ARENA_RECORD_H

#include <stdint.h>

#include "arena/rules.h"

/* One bot in a tournament. Two entrants may share a name (two builds of one
 * bot): `display` is unique within the tournament and used in every table. */
typedef struct entrant {
    char *path;           /* absolute path of the .so */
    char sha256[65];      /* hex digest of the file */
    char data_sha256[65]; /* of its data directory packed for seat hosts (datadir.h);
                           * "" for none, or before remote_prepare_entrants */
    char *name;           /* as the bot reports it */
    char *version;
    char *author;
    char *games;        /* games it supports, "*" for any */
    char *bot_options;  /* the bot's own options, canonical; "" for none */
    char *options_help; /* the options it takes (bot.h options_help), "" for none */
    char *display;      /* unique label: name (name[options] with options), or
                         * that with @version, or with #2 */
    int64_t store_id;   /* row id in the bots table, 0 before storing */
} entrant;

/* One finished match. Seats index into the tournament's entrant array. */
typedef struct match_record {
    uint32_t index; /* match number within its tournament, from 0 */
    uint64_t seed;  /* the match seed (chance outcomes, bot seeds) */
    int num_players;
    int seat_entrant[ARENA_MAX_PLAYERS];
    double returns[ARENA_MAX_PLAYERS];
    int end;              /* outcome code (outcome.h) */
    char end_detail[160]; /* "three pieces", "sandbox violation: openat", ... */
    int culprit;          /* seat at fault, -1 when none */
    int at_start;         /* the verdict came while the seats were started, before
                           * any turn: a slow create() is no slow move (check) */
    int host_lost;        /* void: a seat's remote host was lost (match.c), not stored */
    /* by seat: its bot's process had played other games before this one
     * (pool.h), so what this game did may depend on them, and a replay in a
     * fresh process (`arena match`) may not do it again (check) */
    int reused[ARENA_MAX_PLAYERS];
    int plies;            /* decisions played */
    int64_t duration_us;
    char log_path[512]; /* relative to the results directory */
} match_record;

#endif
