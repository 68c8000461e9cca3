/* entrant.h -- turning a bot name or path into a tournament entrant: its file,
 * hash and identity, asked of the bot through a seat (in a sandboxed worker
 * unless the seats are inline: the arena never runs an untrusted bot's code in
 * its own process). */
#ifndef ARENA_ENTRANT_H
#define ARENA_ENTRANT_H

#include <stddef.h>

#include "record.h"
#include "seat.h"

/* Resolves, hashes and asks the bot who it is. spec is a name or path with
 * the bot's options after a colon (botspec.h: "mcts:iterations=2000"); the
 * name is a file name on the search path, or else the name a bot declares
 * (every bot is asked, so a file name is faster). With game != NULL, checks
 * that the bot supports it. probed, n_probed: the entrants this command
 * probed before (NULL, 0 for none); one of the same file lends its SHA-256,
 * so each file is hashed once however many times it is entered. NULL with a
 * one-line error naming the file otherwise. */
entrant *entrant_probe(const seat_config *cfg, const char *spec, const char *game,
                       entrant *const *probed, int n_probed, char *err, size_t errlen);
/* An entrant with options: starts it once in the probe game (seat, seed and
 * clock as given) so that the bot refuses bad options before any match; 0
 * when it takes them (or has none), else -1 with the bot's one-line error. */
int entrant_check_options(const seat_config *cfg, const entrant *e, const seat_game *probe,
                          char *err, size_t errlen);
/* "name", or "name[options]" for an entrant with options: who it is, in
 * tables and in the store. */
void entrant_identity(const entrant *e, char *buf, size_t cap);
/* "path", or "path:options" for an entrant with options: the bot as --bots
 * takes it (botspec.h), so that a stored entrant is started again the same. */
void entrant_spec(const entrant *e, char *buf, size_t cap);
void entrant_free(entrant *e);
/* Gives every entrant its display label (label.h): the name, name@version or
 * name@sha8, then #k for a bot entered more than once. */
void entrants_label(entrant **e, int n);

#endif
