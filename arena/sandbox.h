/* sandbox.h -- resource limits and the seccomp filter of a bot's jail.
 *
 * Order inside the jail (see jail_main.c; jail.h builds the jail around it):
 *   sandbox_report_violations(channel)   SIGSYS handler, before any filter
 *   sandbox_limit(...)                   rlimits
 *   sandbox_enter(...)                   the filter, then dlopen the rules and the bot
 * The filter is in place before the bot's file is opened: its constructors
 * run under it, and since seccomp() itself is refused, no bot code can stack
 * a filter of its own (a constructor that did so used to make the arena's
 * second filter a no-op). Anything not allowed traps (SIGSYS); the handler
 * writes one sandbox_record as a packet on the channel to the seat host and
 * the bot _exit()s with SANDBOX_EXIT_VIOLATION; the host names the call with
 * sandbox_syscall_name() and reports the forfeit.
 *
 * Policy (sandbox.c has the exact allowlist, with arguments checked where a
 * call could reach beyond the bot): read-only open/openat; mmap with
 * PROT_EXEC only of a file (dlopen), mprotect never to PROT_EXEC; fcntl only
 * for descriptor and status flags (no O_ASYNC, F_SETOWN, F_SETSIG, locks,
 * leases); scheduling only of itself and never real-time; signals only to
 * itself; prctl only PR_SET_NAME; no new processes and no new threads; recv
 * and send on descriptors it holds (its channel), no new sockets; no exec,
 * no seccomp. Waiting for nothing (pause, sigsuspend) is allowed: such a bot
 * loses on time. The same filter runs in sanitizer builds.
 */
#ifndef ARENA_SANDBOX_H
#define ARENA_SANDBOX_H

#include <stddef.h>
#include <stdint.h>

/* How a bot is isolated (worker_config.sandbox, --sandbox): the jail of
 * jail.h (namespaces, a minimal root, an unprivileged uid) with the filter
 * below inside it; the filter and rlimits alone; nothing. */
enum { SANDBOX_OFF = 0, SANDBOX_JAIL = 1, SANDBOX_SECCOMP = 2 };
/* "jail", "seccomp", "off": the --sandbox value of a level. */
const char *sandbox_level_name(int level);

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

/* Installs the SIGSYS handler that reports on fd (-1: report nothing). */
int sandbox_report_violations(int fd, char *err, size_t errlen);
/* Address space (skipped under AddressSanitizer), CPU seconds (soft; hard one
 * second later), no core files, no new processes, few descriptors. */
int sandbox_limit(int64_t mem_mb, int64_t cpu_s, char *err, size_t errlen);
/* Builds and loads the filter (all threads). */
int sandbox_enter(char *err, size_t errlen);

/* The environment for a child (a seat host, or a jail with env = {NULL}),
 * or NULL to pass `env` as it is. Only AddressSanitizer builds change it:
 * ASan reads ASAN_OPTIONS before main(), and a sandboxed bot needs an RSS
 * limit instead of RLIMIT_AS, no exit-time leak check (it needs ptrace and
 * clone) and the kernel's own report of fatal signals (so a crash reads
 * "signal 11", as without ASan). */
char **sandbox_child_env(char **env, int sandboxed, int64_t mem_mb);
void sandbox_child_env_free(char **envp);

/* "openat"; a malloc'd name or NULL. Arena side: never in a signal handler. */
char *sandbox_syscall_name(uint32_t arch, int32_t nr);

#endif
