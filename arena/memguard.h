/* memguard.h -- when the machine runs short of memory, the bot that holds the
 * most loses a process, not whoever has the largest one.
 *
 * --mem bounds the address space of each bot process, and a bot has one
 * process per game it plays at once and per pooled seat: together the bots
 * can need more than the machine has (session_memory_note says so at a
 * tournament's start). The kernel's OOM killer then kills the largest single
 * process (bots first: jail.c gives them oom_score_adj 1000), which can be an
 * honest bot's one big process while another bot holds more in many smaller
 * ones, and the honest bot is charged with a crash.
 *
 * The guard is a thread of the arena (and of `arena host`), started with its
 * first seat host (worker.c registers each host with the bot it serves). It
 * reads the available memory (MemAvailable, or what the arena's memory
 * cgroup leaves where that is less: meminfo_usable, so a container's limit
 * counts), and when that falls below the reserve (a twentieth of the total,
 * at most 1 GiB, at least 64 MiB) it looks at every process below
 * the registered seat hosts -- the jails, never the hosts -- sums what each
 * bot holds there (anonymous and shared memory and page tables: what killing
 * frees; files the bot maps are the page cache's), and SIGKILLs the largest
 * process of the bot that holds the most. The seat host sees its bot die and
 * says so; worker.c replaces its words with the guard's, so the game is that
 * bot's forfeit (a crash): "the machine ran short of memory ...".
 *
 *   started --(first host)--> watching --(available < reserve)--> acting
 *      acting --(killed one, it is gone or 500 ms passed)--> watching
 *      watching/acting --(memguard_free)--> stopped
 *
 * Invariants:
 *  1. Only a process below a registered seat host is ever signalled, never a
 *     host (a host's loss voids the match) and nothing else on the machine;
 *     the victim is signalled through a pidfd opened after which its parent
 *     is checked again, so a reused pid is never hit.
 *  2. One kill per look; the next look comes once the victim is gone (or
 *     after 500 ms), so one shortage never costs two bots a game.
 *  3. A process holding less than MEMGUARD_MIN_KB is never killed: it would
 *     cost a game and free nothing worth it.
 *  4. The guard looks at the available memory more often the closer it is to the
 *     reserve: as long as the distance takes to fill at 8 GB/s, between
 *     10 ms and 1 s.
 *  5. What the guard decides is a function of what it read (memguard_pick):
 *     the bot with the largest total (ties: the bot registered first), then
 *     its largest process (ties: the lowest pid).
 *  6. It acts only when the bots together hold at least half of the memory
 *     in use (total - available): a shortage that other programs made
 *     is the kernel's to settle, and no bot loses a game to the guard for
 *     it (one by one, each kill freeing little).
 *
 * Best effort by nature: a bot that fills memory faster than the guard looks
 * still meets the kernel's OOM killer. Kernel memory (dentries, pipe buffers)
 * is in no process's figures; a memory cgroup per bot would charge it.
 */
#ifndef ARENA_MEMGUARD_H
#define ARENA_MEMGUARD_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#define MEMGUARD_MIN_KB (32 * 1024) /* invariant 3 */
#define MEMGUARD_WORDS 160          /* its words, as a match record's detail holds them */

typedef struct memguard memguard;

/* Never NULL: out of memory is xalloc.h's. */
memguard *memguard_new(void);
/* Stops the thread (if it started) and frees. NULL ok. */
void memguard_free(memguard *g);

/* Registers a seat host and the bot it serves (any string naming the bot:
 * workers of one bot share it); starts the thread the first time. */
void memguard_watch(memguard *g, pid_t host, const char *bot);
/* Takes a host off the list (after it has been reaped). */
void memguard_forget(memguard *g, pid_t host);
/* If the guard killed a process below host: 1 and its words in buf. */
int memguard_verdict(memguard *g, pid_t host, char *buf, size_t len);

/* One look as if the machine were short and the bots the cause, on the
 * caller's thread (tests): kills at most one process. 1 if it killed. */
int memguard_act(memguard *g);

/* ---- the decision, pure (invariant 5) ---- */
typedef struct memguard_proc {
    pid_t pid;
    int bot;     /* index of the process's bot, 0 .. nbots-1 */
    uint64_t kb; /* what killing it frees */
} memguard_proc;

/* The index of the process to kill among p[0..n), or -1 (nothing holds
 * MEMGUARD_MIN_KB). *bot_kb and *bot_procs (may be NULL) get its bot's total
 * and number of processes. */
long memguard_pick(const memguard_proc *p, size_t n, int nbots, uint64_t *bot_kb, int *bot_procs);

#endif
