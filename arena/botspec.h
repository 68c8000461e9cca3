/* botspec.h -- a bot as the user names it on the command line: a name or a
 * path, and the bot's own options after a colon,
 *
 *     mcts:iterations=2000,c=120      ./build/bin/bots/mcts.so:c=120
 *
 * The colon that starts the options is the first one after the last '/', so
 * paths with colons in their directories still work.
 *
 * The arena does not know a bot's options (the bot parses them, with the
 * module kit's rules and wording): it only puts them in a canonical form so
 * that the same options always make the same entrant, once they pass the
 * kit's check of every option string (arena_opts_check: no empty item, no
 * empty key). Canonical: the items
 * "key=value" sorted by key (byte order), empty items dropped, a key given
 * twice only with the same value and then kept once (a second, different
 * value is refused, as the arena's own options are), joined by ','. An item
 * without '=' is kept as it is (the bot refuses it). */
#ifndef ARENA_BOTSPEC_H
#define ARENA_BOTSPEC_H

#include <stddef.h>

/* Splits spec into the name or path and the canonical options ("" when
 * none). -1 with a one-line error when either does not fit its buffer or
 * the options are refused ("bot 'mcts': empty option in 'c=1,' (a trailing
 * ',')"). */
int botspec_split(const char *spec, char *bot, size_t botlen, char *options, size_t optlen,
                  char *err, size_t errlen);

/* The canonical form of an option string into out (see above); -1 with a
 * line in err ("option 'c' given twice (1, then 2): give it once", "options
 * too long", "more than 64 options") when it is refused or does not fit. */
int botspec_canonical(const char *options, char *out, size_t outlen, char *err, size_t errlen);

/* Bots typed as one comma-joined word (--bots a.so,b.so, which is one bot
 * named "a.so,b.so"): when the name part of spec holds a comma (and no '=':
 * "morris,depth=3" is options without their ':'), the hint "separate bots
 * with spaces, not commas: a.so b.so" into buf and 1; else "" and 0. */
int botspec_list_hint(const char *spec, char *buf, size_t len);

#endif
