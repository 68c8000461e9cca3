/* beside.h -- the built modules next to a benchmark program, found the way
 * the arena finds its own: bin/rules/lib<game>.so beside bin/bench_*. */
#ifndef BENCH_BESIDE_H
#define BENCH_BESIDE_H

#include "arena/rules.h"

/* dlopens `path`, or bin/rules/lib<game>.so when path is NULL, and returns
 * its rule table (*handle for dlclose). NULL after a message on stderr. */
const arena_rules *bench_rules(const char *game, const char *path, void **handle);

#endif
