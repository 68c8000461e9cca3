/* sandbox.h -- resource limits and the two seccomp filters of a bot worker.
 *
 * Order inside the worker (see worker_main.c and shared/notes/stack.md):
 *   sandbox_report_violations(status_fd)   SIGSYS handler, before any filter
 *   sandbox_limit(...)                      rlimits, once connected
 *   sandbox_prepare(...)                    builds both filters (allocates)
 *   sandbox_enter_loading(...)              stage 1, then dlopen the plugin
 *   sandbox_enter_strict(...)               stage 2, then serve
 * Both filters are loaded with TSYNC so libzmq's threads are filtered too, and
 * both trap (SIGSYS) on anything not allowed. Violations are reported on the
 * status pipe as one sandbox_record and the worker _exit()s with
 * SANDBOX_EXIT_VIOLATION; the arena names the call with sandbox_syscall_name().
 *
 * Policy (sandbox.c has the exact allowlist): read-only open/openat, mmap and
 * mprotect without PROT_EXEC once loaded, signals only to itself, no new
 * processes and no new threads (clone/clone3 trap: libzmq's threads exist
 * before the filters, and a bot gets one core's worth of time anyway), no
 * sockets, no exec. The same filters run in sanitizer builds.
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

typedef struct sandbox sandbox;

/* Installs the SIGSYS handler that reports to status_fd (-1: report nothing). */
int sandbox_report_violations(int status_fd, char *err, size_t errlen);
/* Address space (skipped under AddressSanitizer), CPU seconds (soft; hard one
 * second later), no core files, no new processes, few descriptors. */
int sandbox_limit(int64_t mem_mb, int64_t cpu_s, char *err, size_t errlen);
/* Builds both filters; done before stage 1 so that loading the second one
 * needs nothing but the seccomp() call itself. */
sandbox *sandbox_prepare(char *err, size_t errlen);
int sandbox_enter_loading(sandbox *sb, char *err, size_t errlen);
int sandbox_enter_strict(sandbox *sb, char *err, size_t errlen);
void sandbox_free(sandbox *sb);

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
