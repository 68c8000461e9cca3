/* morris.h -- internals of the morris rule module beyond the engine API
 * (include/morris_engine.h, which holds the rules' types, numbering and entry
 * points): the mechanics of the draw rules and the options help. Only the
 * engine's own sources and module.c include it; nothing here is part of the
 * engine's contract with bots, and nothing is exported but arena_rules_entry
 * (module.c). */
#ifndef MORRIS_H
#define MORRIS_H

#include "morris_engine.h"

/* options.c */
extern const char mo_options_help[];

/* state.c: the positions since the last irreversible event (arena_state.hist) */
void mo_hist_push(arena_state *s);
int mo_occurrences(const arena_state *s); /* of the current node in hist */

#endif
