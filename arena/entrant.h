/* entrant.h -- turning a bot name or path into a tournament entrant: its file,
 * hash and identity, asked of the bot in a sandboxed worker (the arena never
 * runs bot code in its own process). */
#ifndef ARENA_ENTRANT_H
#define ARENA_ENTRANT_H

#include <stddef.h>

#include "record.h"
#include "worker.h"

/* Resolves, hashes and asks the bot who it is. With game != NULL, checks that
 * the bot supports it. NULL with a one-line error naming the file otherwise. */
entrant *entrant_probe(worker_env *env, const char *name_or_path, int sandbox, const char *game,
                       char *err, size_t errlen);
void entrant_free(entrant *e);
/* Whether a bot's games list ("*" or "a,b,c") includes game. */
int entrant_supports(const char *games, const char *game);
/* Gives every entrant a unique display label: the name when unique, else
 * name@version, else name#k. */
void entrants_label(entrant **e, int n);

#endif
