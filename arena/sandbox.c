/* sandbox.c -- rlimits, the libseccomp filter and the SIGSYS reporter of a bot's jail. */
#include "arena/module_kit.h"
#include "sandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <seccomp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sched.h>
#include <sys/resource.h>
#include <termios.h>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__)
#define SANDBOX_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANDBOX_ASAN 1
#endif
#endif

/* Descriptors a bot may hold: four of the jail's, the rest for bots that
 * read data files. */
#define SANDBOX_MAX_FILES 64

struct sandbox {
    scmp_filter_ctx loading;
    scmp_filter_ctx strict;
};

const char *sandbox_level_name(int level)
{
    return level == SANDBOX_JAIL ? "jail" : level == SANDBOX_SECCOMP ? "seccomp" : "off";
}

/* ------------------------------------------------------------ reporting -- */

static volatile int sandbox_status_fd = -1; /* the channel: one packet, then _exit */

/* Async-signal-safe: one write() of a fixed record, then _exit. The arena
 * resolves the name, since libseccomp's resolver allocates. */
static void sandbox_on_sigsys(int sig, siginfo_t *si, void *uctx)
{
    (void)sig;
    (void)uctx;
    sandbox_record r = {SANDBOX_RECORD_MAGIC, si->si_arch, si->si_syscall, 0};
    int fd = sandbox_status_fd;
    if (fd >= 0) {
        ssize_t n = write(fd, &r, sizeof r);
        (void)n;
    }
    _exit(SANDBOX_EXIT_VIOLATION);
}

int sandbox_report_violations(int status_fd, char *err, size_t errlen)
{
    sandbox_status_fd = status_fd;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = sandbox_on_sigsys;
    sa.sa_flags = SA_SIGINFO;
    sigfillset(&sa.sa_mask);
    if (sigaction(SIGSYS, &sa, NULL) < 0) {
        arena_errf(err, errlen, "sigaction(SIGSYS): %s", strerror(errno));
        return -1;
    }
    return 0;
}

/* -------------------------------------------------------------- rlimits -- */

static int sandbox_setrlimit(int res, rlim_t soft, rlim_t hard, const char *name, char *err,
                             size_t errlen)
{
    struct rlimit rl = {soft, hard};
    if (setrlimit(res, &rl) == 0) return 0;
    arena_errf(err, errlen, "setrlimit(%s): %s", name, strerror(errno));
    return -1;
}

int sandbox_limit(int64_t mem_mb, int64_t cpu_s, char *err, size_t errlen)
{
#ifndef SANDBOX_ASAN
    /* AddressSanitizer reserves terabytes of shadow memory, so RLIMIT_AS is
     * skipped there; the arena asks ASan for an RSS limit instead. */
    if (mem_mb > 0) {
        rlim_t bytes = (rlim_t)mem_mb << 20;
        if (sandbox_setrlimit(RLIMIT_AS, bytes, bytes, "RLIMIT_AS", err, errlen) < 0) return -1;
    }
#else
    (void)mem_mb;
#endif
    /* SIGXCPU at the soft limit, SIGKILL a second later if it is ignored. */
    if (cpu_s > 0 && sandbox_setrlimit(RLIMIT_CPU, (rlim_t)cpu_s, (rlim_t)cpu_s + 1, "RLIMIT_CPU",
                                       err, errlen) < 0)
        return -1;
    if (sandbox_setrlimit(RLIMIT_CORE, 0, 0, "RLIMIT_CORE", err, errlen) < 0) return -1;
    /* Root ignores RLIMIT_NPROC; seccomp is what really stops fork. */
    if (sandbox_setrlimit(RLIMIT_NPROC, 0, 0, "RLIMIT_NPROC", err, errlen) < 0) return -1;
    /* No RLIMIT_FSIZE: seccomp already forbids opening files for writing, and
     * a zero limit would kill a bot (SIGXFSZ) that prints to a stderr the
     * user redirected to a file. */
    return sandbox_setrlimit(RLIMIT_NOFILE, SANDBOX_MAX_FILES, SANDBOX_MAX_FILES, "RLIMIT_NOFILE",
                             err, errlen);
}

/* -------------------------------------------------------------- filters -- */

typedef enum sandbox_cond {
    SB_ANY,        /* always */
    SB_RDONLY_A1,  /* open(path, flags): flags read-only */
    SB_RDONLY_A2,  /* openat(dir, path, flags): flags read-only */
    SB_NOEXEC_A2,  /* mprotect: prot without PROT_EXEC */
    SB_MMAP,       /* mmap: no PROT_EXEC, or PROT_EXEC of a file (dlopen), never anonymous */
    SB_SELF_A0,    /* kill/tgkill: only this process, and never SIGCONT */
    SB_NOOP,       /* returns 0 without doing anything */
    SB_ENOSYS,     /* fails with ENOSYS, as on a kernel without it */
    SB_MADVISE,    /* any advice but MADV_WILLNEED, which does nothing (SB_NOOP) */
    SB_GETRLIMIT,  /* prlimit64(0, res, NULL, old): read own limits */
    SB_NOT_SIGSYS, /* rt_sigaction of anything but SIGSYS */
    SB_TCGETS,     /* ioctl(fd, TCGETS): isatty(), which stdio calls */
    SB_PR_NAME,    /* prctl(PR_SET_NAME) */
    SB_FCNTL, /* descriptor and status flags only: no O_ASYNC, owners, signals, locks, leases */
    SB_SCHED_SELF, /* sched_setscheduler(0, SCHED_OTHER/BATCH), sched_setparam(0, ...) */
} sandbox_cond;

typedef struct sandbox_rule {
    const char *name;
    sandbox_cond cond;
} sandbox_rule;

/* Files are only read, and through the page cache: O_DIRECT would send a
 * bot's reads of its held data (datadir.h) to the disk again. */
#define SB_WRITE_FLAGS (O_WRONLY | O_RDWR | O_CREAT | O_TRUNC | O_APPEND | O_DIRECT)

/* Everything a jailed bot may do once it serves games, loading included:
 * what its channel, malloc, stdio, dlopen and computation need. The filter is in
 * place before the bot's file is opened, so its constructors run under it;
 * seccomp() and prctl() beyond PR_SET_NAME are refused, so no code of the bot
 * can stack a filter of its own. */
/* clang-format off */
static const sandbox_rule sandbox_rules[] = {
    /* descriptors already open, and reading files */
    {"read", SB_ANY}, {"write", SB_ANY}, {"readv", SB_ANY}, {"writev", SB_ANY},
    {"pread64", SB_ANY}, {"close", SB_ANY}, {"lseek", SB_ANY}, {"fcntl", SB_FCNTL},
    {"fstat", SB_ANY}, {"newfstatat", SB_ANY}, {"statx", SB_ANY}, {"getdents64", SB_ANY},
    {"readlink", SB_ANY}, {"readlinkat", SB_ANY}, {"access", SB_ANY}, {"faccessat", SB_ANY},
    {"faccessat2", SB_ANY}, {"open", SB_RDONLY_A1}, {"openat", SB_RDONLY_A2}, {"ioctl", SB_TCGETS},
    /* the channel to the seat host (recv and send), and waiting on descriptors */
    {"poll", SB_ANY}, {"ppoll", SB_ANY}, {"recvfrom", SB_ANY}, {"sendto", SB_ANY},
    /* memory */
    {"brk", SB_ANY}, {"mmap", SB_MMAP}, {"mprotect", SB_NOEXEC_A2}, {"munmap", SB_ANY},
    {"mremap", SB_ANY}, {"madvise", SB_MADVISE},
    /* threads that already exist, scheduling of itself, time */
    {"futex", SB_ANY}, {"set_robust_list", SB_ANY}, {"rseq", SB_ANY}, {"restart_syscall", SB_ANY},
    {"sched_yield", SB_NOOP}, {"sched_getaffinity", SB_ANY}, {"sched_getscheduler", SB_ANY},
    {"sched_setscheduler", SB_SCHED_SELF}, {"sched_getparam", SB_ANY},
    {"sched_setparam", SB_SCHED_SELF}, {"prctl", SB_PR_NAME}, {"clock_gettime", SB_ANY},
    {"clock_getres", SB_ANY}, {"clock_nanosleep", SB_ANY}, {"nanosleep", SB_ANY},
    {"gettimeofday", SB_ANY}, {"time", SB_ANY}, {"getrusage", SB_ANY}, {"times", SB_ANY},
    /* waiting for nothing is allowed: such a bot loses on time, not as a violation */
    {"pause", SB_ANY}, {"rt_sigsuspend", SB_ANY}, {"rt_sigtimedwait", SB_ANY},
    /* identity and information */
    {"getrandom", SB_ANY}, {"getpid", SB_ANY}, {"gettid", SB_ANY}, {"getppid", SB_ANY},
    {"getuid", SB_ANY}, {"geteuid", SB_ANY}, {"getgid", SB_ANY}, {"getegid", SB_ANY},
    {"uname", SB_ANY}, {"getcwd", SB_ANY}, {"sysinfo", SB_ENOSYS}, {"prlimit64", SB_GETRLIMIT},
    {"getrlimit", SB_ANY},
    /* signals, to itself only; the SIGSYS reporter stays in place */
    {"rt_sigaction", SB_NOT_SIGSYS}, {"rt_sigprocmask", SB_ANY}, {"rt_sigreturn", SB_ANY},
    {"sigaltstack", SB_ANY}, {"kill", SB_SELF_A0}, {"tgkill", SB_SELF_A0}, {"exit", SB_ANY},
    {"exit_group", SB_ANY},
};
/* clang-format on */

/* fcntl commands a worker may use: descriptor flags and status flags (F_SETFL
 * without O_ASYNC, which would make the kernel signal an owner, nor O_DIRECT,
 * which F_SETFL sets on a file opened without it: its reads would go past
 * the held pages to the disk, as SB_WRITE_FLAGS keeps open() from doing). No
 * F_SETOWN, F_SETSIG, locks, leases or notifications: each reaches other
 * processes. */
static const int sandbox_fcntl_ok[] = {F_GETFD, F_SETFD, F_GETFL, F_DUPFD_CLOEXEC};

static int sandbox_add_fcntl(scmp_filter_ctx ctx, int nr)
{
    uint32_t a = SCMP_ACT_ALLOW;
    for (size_t i = 0; i < sizeof sandbox_fcntl_ok / sizeof *sandbox_fcntl_ok; i++) {
        int rc = seccomp_rule_add(ctx, a, nr, 1, SCMP_A1(SCMP_CMP_EQ, sandbox_fcntl_ok[i]));
        if (rc) return rc;
    }
    return seccomp_rule_add(ctx, a, nr, 2, SCMP_A1(SCMP_CMP_EQ, F_SETFL),
                            SCMP_A2(SCMP_CMP_MASKED_EQ, O_ASYNC | O_DIRECT, 0));
}

static int sandbox_add(scmp_filter_ctx ctx, const sandbox_rule *r)
{
    int nr = seccomp_syscall_resolve_name(r->name);
    if (nr == __NR_SCMP_ERROR || nr < 0) return 0; /* not a call on this architecture */
    uint32_t a = SCMP_ACT_ALLOW;
    int rc;
    switch (r->cond) {
    case SB_ANY:
        return seccomp_rule_add(ctx, a, nr, 0);
    case SB_RDONLY_A1:
        return seccomp_rule_add(ctx, a, nr, 1, SCMP_A1(SCMP_CMP_MASKED_EQ, SB_WRITE_FLAGS, 0));
    case SB_RDONLY_A2:
        return seccomp_rule_add(ctx, a, nr, 1, SCMP_A2(SCMP_CMP_MASKED_EQ, SB_WRITE_FLAGS, 0));
    case SB_NOEXEC_A2:
        return seccomp_rule_add(ctx, a, nr, 1, SCMP_A2(SCMP_CMP_MASKED_EQ, PROT_EXEC, 0));
    case SB_MMAP:
        rc = seccomp_rule_add(ctx, a, nr, 1, SCMP_A2(SCMP_CMP_MASKED_EQ, PROT_EXEC, 0));
        return rc ? rc
                  : seccomp_rule_add(ctx, a, nr, 1, SCMP_A3(SCMP_CMP_MASKED_EQ, MAP_ANONYMOUS, 0));
    case SB_SELF_A0:
        /* SIGCONT would cancel the stop its host sends after each answer
         * (a stop still pending is discarded), and it would run on, on the
         * opponent's time: sleeping, blocking, reading its files */
        return seccomp_rule_add(ctx, a, nr, 2, SCMP_A0(SCMP_CMP_EQ, (scmp_datum_t)getpid()),
                                strcmp(r->name, "tgkill") == 0 ? SCMP_A2(SCMP_CMP_NE, SIGCONT)
                                                               : SCMP_A1(SCMP_CMP_NE, SIGCONT));
    case SB_NOOP:
        /* sched_yield: a yield makes the bot wait for a processor behind
         * every other runnable task, and such waits are not charged (so that
         * load costs no bot a move): on a loaded machine a bot yielding
         * between bits of work stretched its 100 ms moves to 2 s of the
         * tournament's time (red team). For one thread it means nothing. */
        return seccomp_rule_add(ctx, SCMP_ACT_ERRNO(0), nr, 0);
    case SB_ENOSYS:
        /* sysinfo: the whole machine's free memory, load and process count,
         * which the jail's /proc hides (subset=pid): a bot holding memory on
         * alternate moves signalled bits to its colluder in another jail
         * through freeram (red team). A program without it copes, as on an
         * old kernel; glibc's sysconf(_SC_PHYS_PAGES) then guesses (qsort
         * only sizes a buffer by it). */
        return seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), nr, 0);
    case SB_MADVISE:
        /* MADV_WILLNEED starts reading a file in the background, which goes
         * on while the bot is stopped: free disk time on the opponent's
         * clock (red team: a 72-move game of book lookups was charged 200 ms
         * instead of 1 s). A hint: ignoring it changes no result. */
        rc = seccomp_rule_add(ctx, a, nr, 1, SCMP_A2(SCMP_CMP_NE, MADV_WILLNEED));
        return rc ? rc
                  : seccomp_rule_add(ctx, SCMP_ACT_ERRNO(0), nr, 1,
                                     SCMP_A2(SCMP_CMP_EQ, MADV_WILLNEED));
    case SB_GETRLIMIT:
        return seccomp_rule_add(ctx, a, nr, 2, SCMP_A0(SCMP_CMP_EQ, 0), SCMP_A2(SCMP_CMP_EQ, 0));
    case SB_NOT_SIGSYS:
        return seccomp_rule_add(ctx, a, nr, 1, SCMP_A0(SCMP_CMP_NE, SIGSYS));
    case SB_TCGETS:
        return seccomp_rule_add(ctx, a, nr, 1, SCMP_A1(SCMP_CMP_EQ, TCGETS));
    case SB_PR_NAME:
        return seccomp_rule_add(ctx, a, nr, 1, SCMP_A0(SCMP_CMP_EQ, PR_SET_NAME));
    case SB_FCNTL:
        return sandbox_add_fcntl(ctx, nr);
    case SB_SCHED_SELF:
        if (strcmp(r->name, "sched_setparam") == 0)
            return seccomp_rule_add(ctx, a, nr, 1, SCMP_A0(SCMP_CMP_EQ, 0));
        /* the time-sharing policies only: never a real-time one, nor
         * SCHED_IDLE (a bot's waits for a processor are not charged to it,
         * and an idle-class bot on a busy machine waits nearly all the time:
         * the tournament would wait with it) */
        for (int pol = 0; pol < 2; pol++) {
            static const int ok[2] = {SCHED_OTHER, SCHED_BATCH};
            rc = seccomp_rule_add(ctx, a, nr, 2, SCMP_A0(SCMP_CMP_EQ, 0),
                                  SCMP_A1(SCMP_CMP_EQ, (scmp_datum_t)ok[pol]));
            if (rc) return rc;
        }
        return 0;
    }
    return -EINVAL;
}

static scmp_filter_ctx sandbox_build(char *err, size_t errlen)
{
    scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_TRAP);
    if (!ctx) {
        arena_errf(err, errlen, "seccomp_init failed");
        return NULL;
    }
    int rc = seccomp_attr_set(ctx, SCMP_FLTATR_CTL_TSYNC, 1);
    /* Another architecture's calling convention (int 0x80) would dodge the
     * rules: kill the whole process, not only the thread. */
    if (rc == 0) rc = seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_KILL_PROCESS);
    const char *what = "attributes";
    size_t n = sizeof sandbox_rules / sizeof *sandbox_rules;
    for (size_t i = 0; rc == 0 && i < n; i++) {
        what = sandbox_rules[i].name;
        rc = sandbox_add(ctx, &sandbox_rules[i]);
    }
    if (rc != 0) {
        arena_errf(err, errlen, "seccomp rule %s: %s", what, strerror(-rc));
        seccomp_release(ctx);
        return NULL;
    }
    return ctx;
}

int sandbox_enter(char *err, size_t errlen)
{
    scmp_filter_ctx ctx = sandbox_build(err, errlen);
    if (!ctx) return -1;
    int rc = seccomp_load(ctx);
    seccomp_release(ctx);
    if (rc == 0) return 0;
    arena_errf(err, errlen, "seccomp_load: %s", strerror(-rc));
    return -1;
}

char *sandbox_syscall_name(uint32_t arch, int32_t nr)
{
    return seccomp_syscall_resolve_num_arch(arch, nr);
}

/* ------------------------------------------------- the child's environment -- */

#ifdef SANDBOX_ASAN
char **sandbox_child_env(char **env, int sandboxed, int64_t mem_mb)
{
    static const char key[] = "ASAN_OPTIONS=";
    size_t n = 0, k = 0;
    const char *old = "";
    for (; env[n]; n++)
        if (strncmp(env[n], key, sizeof key - 1) == 0) old = env[n] + sizeof key - 1;
    char **out = calloc(n + 2, sizeof *out);
    char *opt = malloc(strlen(old) + 256);
    if (!out || !opt) {
        free(out);
        free(opt);
        return NULL;
    }
    int len = sprintf(opt,
                      "%s%s%shandle_segv=0:handle_sigbus=0:handle_abort=0:"
                      "handle_sigfpe=0:handle_sigill=0",
                      key, old, *old ? ":" : "");
    if (sandboxed)
        sprintf(opt + len, ":detect_leaks=0:allocator_may_return_null=1:hard_rss_limit_mb=%lld",
                (long long)mem_mb);
    out[k++] = opt; /* first, so that sandbox_child_env_free finds it */
    for (size_t i = 0; i < n; i++)
        if (strncmp(env[i], key, sizeof key - 1) != 0) out[k++] = env[i];
    out[k] = NULL;
    return out;
}

void sandbox_child_env_free(char **envp)
{
    if (!envp) return;
    free(envp[0]);
    free(envp);
}
#else
char **sandbox_child_env(char **env, int sandboxed, int64_t mem_mb)
{
    (void)env;
    (void)sandboxed;
    (void)mem_mb;
    return NULL;
}

void sandbox_child_env_free(char **envp)
{
    (void)envp;
}
#endif
