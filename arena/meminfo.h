/* meminfo.h -- the machine's memory figures, as the kernel gives them in
 * /proc/meminfo (the arena's own /proc, never a jail's).
 *
 * Read where a figure decides something once per run or per spawner (the
 * lock budget of datadir.h, the memory note of session.h), never on a move.
 *
 * Contract:
 *  1. meminfo_kb("MemTotal") is the line "MemTotal: N kB" as N; a field
 *     that is missing, or a /proc that cannot be read, gives 0.
 */
#ifndef ARENA_MEMINFO_H
#define ARENA_MEMINFO_H

#include <stdint.h>

uint64_t meminfo_kb(const char *field);

#endif
