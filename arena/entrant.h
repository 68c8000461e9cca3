/* entrant.h -- turning a bot name or path into a tournament entrant: its file,
 * hash and identity, asked of the bot through a seat (in a sandboxed worker
 * unless the seats are inline: the arena never runs an untrusted bot's code in
 * its own process). */
#ifndef ARENA_ENTRANT_H
#define ARENA_ENTRANT_H

#include <stddef.h>

#include "record.h"
#include "seat.h"

/* Resolves (a file name on the search path, a path, or else the name a bot
 * declares: every bot is asked, so a file name is faster), hashes and asks the
 * bot who it is. With game != NULL, checks that
 * the bot supports it. NULL with a one-line error naming the file otherwise. */
entrant *entrant_probe(const seat_config *cfg, const char *name_or_path, const char *game,
                       char *err, size_t errlen);
void entrant_free(entrant *e);
/* Gives every entrant its display label (label.h): the name, name@version or
 * name@sha8, then #k for a bot entered more than once. */
void entrants_label(entrant **e, int n);

#endif
