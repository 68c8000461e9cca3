/* interrupt.h -- Ctrl-C during a tournament: what is stored is kept, and the
 * user is told how to go on.
 *
 * interrupt_arm installs a SIGINT and SIGTERM handler for the tournament's
 * duration (SIGTERM is how kill, systemd and Slurm -- on scancel, preemption
 * or the time limit -- stop a job, with a grace period before SIGKILL). On
 * the first of them a watcher thread (not the handler: it takes locks)
 * commits the matches already finished (commit_flush), prints how many of the
 * tournament's matches are stored and the exact `arena tournament --resume`
 * command, removes the workers' temporary ipc directory, and exits with
 * status 128 + the signal (130 for Ctrl-C, 143 for SIGTERM, as a shell
 * reports them).
 * Matches still being played are dropped: --resume plays them again with the
 * same seeds. A second Ctrl-C exits at once (the store stays consistent:
 * groups commit atomically). Workers run in their own process group, so the
 * terminal's SIGINT reaches only the arena; they die with it.
 */
#ifndef ARENA_INTERRUPT_H
#define ARENA_INTERRUPT_H

#include <stddef.h>

#include "commit.h"

typedef struct interrupt_info {
    committer *commit;    /* flushed, and its count read, on Ctrl-C */
    size_t stored_before; /* matches stored before this run (--resume) */
    size_t planned;
    char resume_cmd[2048]; /* "arena tournament --resume DIR [...]" */
} interrupt_info;

/* Arms the handler; info must stay valid until interrupt_disarm. -1 when the
 * watcher cannot start (the default SIGINT then stays: no worse than before). */
int interrupt_arm(interrupt_info *info);
/* Restores the previous SIGINT and SIGTERM actions and stops the watcher. */
void interrupt_disarm(void);
/* How every run whose end failed (a tournament, an SPRT, a merge) leads to
 * the command that finishes it, once its cause is printed above. */
#define INTERRUPT_FIX_FIRST "Once the cause above is fixed, "

/* The line that ends a run that did not finish (Ctrl-C here, a failed store
 * in the tournament), on stderr: "N of M matches stored. To finish it:" and
 * the resume command; lead, when not NULL, comes before "to finish it" (say
 * INTERRUPT_FIX_FIRST). committed: stored by this run. */
void interrupt_report_stored(const interrupt_info *info, size_t committed, const char *lead);

#endif
