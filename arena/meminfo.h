/* meminfo.h -- the memory this arena's processes may use: the machine's, as
 * the kernel gives it in /proc/meminfo (the arena's own /proc, never a
 * jail's), or its memory cgroup's where that is less (a container).
 *
 * Read where a figure decides something once per run or per spawner (the
 * lock budget of datadir.h, the memory note of session.h) or once per look
 * of the memory guard (memguard.h), never on a move.
 *
 * Contract:
 *  1. meminfo_kb("MemTotal") is the line "MemTotal: N kB" as N; a field
 *     that is missing, or a /proc that cannot be read, gives 0.
 *  2. meminfo_usable gives the total and the available memory of the
 *     machine, each lowered to what the arena's memory cgroup and every
 *     cgroup above it allow: total to the lowest limit, available to the
 *     least of limit - (usage - inactive file pages) (cgroup v2's
 *     memory.max, memory.current and memory.stat, or v1's
 *     memory.limit_in_bytes, memory.usage_in_bytes and memory.stat's
 *     total_inactive_file). Without a cgroup limit, or where the files
 *     cannot be read, the machine's figures stand; 0 where those are
 *     unknown too.
 *  3. The cgroup's directory comes from /proc/self/cgroup and the mount of
 *     its hierarchy in /proc/self/mountinfo, as the kernel gives them: a
 *     cgroup namespace that shows "/" finds its own mount's root.
 */
#ifndef ARENA_MEMINFO_H
#define ARENA_MEMINFO_H

#include <stddef.h>
#include <stdint.h>

uint64_t meminfo_kb(const char *field);

void meminfo_usable(uint64_t *total_kb, uint64_t *avail_kb);

/* ---- the parts, exposed for tests ---- */

/* The directory of this process's memory cgroup, from the text of
 * /proc/self/cgroup and /proc/self/mountinfo: *top_len is the length of its
 * hierarchy's mount point at its start, *v2 says which hierarchy. 0, or -1
 * when there is none (no memory controller mounted). */
int meminfo_cgroup_dir(const char *cgroup_text, const char *mountinfo_text, char *dir, size_t len,
                       size_t *top_len, int *v2);
/* Lowers *total_kb and *avail_kb (0: unknown) to the limits of dir and of
 * every directory above it up to the mount point (its first top_len
 * characters). */
void meminfo_cgroup_lower(const char *dir, size_t top_len, int v2, uint64_t *total_kb,
                          uint64_t *avail_kb);

#endif
