/* sandbox.h -- resource limits and the seccomp filter of a bot worker.
 *
 * Order inside the worker (see worker_main.c):
 *   sandbox_report_violations(status_fd)   SIGSYS handler, before any filter
 *   sandbox_limit(...)                      rlimits, once connected
 *   sandbox_enter(...)                      the filter, then dlopen the bot
 * The filter is loaded with TSYNC so libzmq's threads are filtered too, and it
 * is in place before the bot's file is opened: its constructors run under it,
 * and since seccomp() itself is refused, no bot code can stack a filter of its
 * own (a constructor that did so used to make the arena's second filter a
 * no-op). Anything not allowed traps (SIGSYS); violations are reported on the
 * status pipe as one sandbox_record and the worker _exit()s with
 * SANDBOX_EXIT_VIOLATION; the arena names the call with sandbox_syscall_name().
 *
 * Policy (sandbox.c has the exact allowlist, with arguments checked where a
 * call could reach beyond the worker): read-only open/openat; mmap with
 * PROT_EXEC only of a file (dlopen), mprotect never to PROT_EXEC; fcntl only
 * for descriptor and status flags (no O_ASYNC, F_SETOWN, F_SETSIG, locks,
 * leases); scheduling only of itself and never real-time; signals only to
 * itself; prctl only PR_SET_NAME; no new processes and no new threads
 * (clone/clone3 trap: libzmq's threads exist before the filter, and a bot gets
 * one core's worth of time anyway); no sockets, no exec, no seccomp. Waiting
 * for nothing (pause, sigsuspend) is allowed: such a bot loses on time. The
 * same filter runs in sanitizer builds.
 */
#ifndef ARENA_SANDBOX_H
#define ARENA_SANDBOX_H

#include <stddef.h>
#include <stdint.h>

/* Exit status of a worker after a trapped system call (128 + SIGSYS). */
#define SANDBOX_EXIT_VIOLATION 159
#define SANDBOX_RECORD_MAGIC 0x53595343u /* "SYSC" */

/* What the SIGSYS handler writes on the status pipe. */
typedef struct sandbox_record {
    uint32_t magic;
    uint32_t arch; /* AUDIT_ARCH_*, as libseccomp's SCMP_ARCH_* */
    int32_t nr;    /* the system call number */
    int32_t pad;
} sandbox_record;

/* Installs the SIGSYS handler that reports to status_fd (-1: report nothing). */
int sandbox_report_violations(int status_fd, char *err, size_t errlen);
/* Address space (skipped under AddressSanitizer), CPU seconds (soft; hard one
 * second later), no core files, no new processes, few descriptors. */
int sandbox_limit(int64_t mem_mb, int64_t cpu_s, char *err, size_t errlen);
/* Builds and loads the filter (all threads). */
int sandbox_enter(char *err, size_t errlen);

/* Arena side: the environment for a worker, or NULL to pass `env` as it is.
 * Only AddressSanitizer builds change it: ASan reads ASAN_OPTIONS before
 * main(), and a sandboxed worker needs an RSS limit instead of RLIMIT_AS,
 * no exit-time leak check (it needs ptrace and clone) and the kernel's own
 * report of fatal signals (so a crash reads "signal 11", as without ASan). */
char **sandbox_child_env(char **env, int sandboxed, int64_t mem_mb);
void sandbox_child_env_free(char **envp);

/* "openat"; a malloc'd name or NULL. Arena side: never in a signal handler. */
char *sandbox_syscall_name(uint32_t arch, int32_t nr);

#endif
