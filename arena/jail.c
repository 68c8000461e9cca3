/* jail.c -- building the jail of jail.h, on the seat host's side.
 *
 * The namespaces are made here with clone(2) flags rather than by running
 * bubblewrap: the host already is a small trusted program of ours, one
 * process fewer per jail, no extra package, and every failing step is
 * reported in the arena's own words. The steps follow what bubblewrap does
 * (private propagation, a tmpfs root, read-only binds that keep the locked
 * flags of their source, pivot_root, a fresh /proc).
 */
#include "jail.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/capability.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <grp.h>
#include <sys/mount.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "arena/module_kit.h"

#define JAIL_STACK (256 * 1024)
/* Mount points of the new root, in the jail's own mount namespace: /tmp, or
 * inside a chroot (whose / is no mount point, so it cannot be made private)
 * a directory of the chroot's /proc, once that mount is private. */
#define JAIL_ROOT "/tmp"
#define JAIL_ROOT_IN_CHROOT "/proc/sys"
#define JAIL_NS                                                                                    \
    (CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNS | CLONE_NEWIPC | CLONE_NEWNET | CLONE_NEWUTS)

extern char **environ;

typedef struct jail_child {
    const jail_config *cfg;
    int exe_fd, bot_fd, rules_fd, data_fd; /* opened by the child, bound into the root */
    int sdk_fd;
    int has_data; /* BOT.d exists (found at every level but OFF, bound in a jail) */
    int userns;   /* in a user namespace of its own */
    char data_dir[4096];
    int chan, sync_rd, err_wr, in_rd, status;   /* the child's ends */
    int out;                                    /* its stdout and stderr (jail_own_out) */
    int host_end, sync_wr, err_rd, host_status; /* the host's ends */
    pid_t host;
    char *argv[24];
    char **envp;
} jail_child;

/* ------------------------------------------------------------ the child -- */

/* One line on the error pipe, then exit: the host reads it after clone. */
static void jc_fail(jail_child *c, const char *fmt, ...)
{
    char line[400];
    int e = errno;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (n < 0) n = 0;
    if ((size_t)n < sizeof line) snprintf(line + n, sizeof line - (size_t)n, ": %s", strerror(e));
    ssize_t w = write(c->err_wr, line, strlen(line));
    (void)w;
    _exit(127);
}

static unsigned long jc_statvfs_flags(const char *path)
{
    struct statvfs sv;
    unsigned long f = 0;
    if (statvfs(path, &sv) != 0) return 0;
    if (sv.f_flag & ST_NOEXEC) f |= MS_NOEXEC;
    if (sv.f_flag & ST_NOATIME) f |= MS_NOATIME;
    if (sv.f_flag & ST_NODIRATIME) f |= MS_NODIRATIME;
    if (sv.f_flag & ST_RELATIME) f |= MS_RELATIME;
    return f;
}

/* Binds src on dst (relative to the new root) and makes it read-only,
 * keeping the flags the kernel locks in a user namespace (noexec, atime).
 * Only a system directory brings the mounts below it along (rec): its
 * read-only remount covers no submount, and nothing of a bot's has any. */
static void jc_bind_ro(jail_child *c, const char *src, const char *dst, int rec, const char *what)
{
    if (mount(src, dst, NULL, MS_BIND | (rec ? MS_REC : 0), NULL) != 0) jc_fail(c, "bind %s", what);
    unsigned long f = MS_BIND | MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV;
    if (mount(NULL, dst, NULL, f | jc_statvfs_flags(dst), NULL) != 0)
        jc_fail(c, "make %s read-only", what);
}

static void jc_touch(jail_child *c, const char *path)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0) jc_fail(c, "create %s in the jail's root", path);
    close(fd);
}

static void jc_bind_fd(jail_child *c, int fd, const char *dst, int dir, const char *what)
{
    char src[64];
    snprintf(src, sizeof src, "/proc/self/fd/%d", fd);
    if (dir) {
        if (mkdir(dst, 0755) != 0) jc_fail(c, "mkdir %s", dst);
    } else {
        jc_touch(c, dst);
    }
    jc_bind_ro(c, src, dst, 0, what);
}

/* /lib, /lib64, /bin...: the same symbolic link as outside (merged /usr), or
 * the directory bound read-only; nothing when the host has none. */
static void jc_system_dir(jail_child *c, const char *name)
{
    char outside[64], target[256];
    struct stat st;
    snprintf(outside, sizeof outside, "/%s", name);
    if (lstat(outside, &st) != 0) return;
    if (S_ISLNK(st.st_mode)) {
        ssize_t n = readlink(outside, target, sizeof target - 1);
        if (n <= 0) jc_fail(c, "readlink %s", outside);
        target[n] = '\0';
        if (symlink(target, name) != 0) jc_fail(c, "symlink %s", name);
    } else if (S_ISDIR(st.st_mode)) {
        if (mkdir(name, 0755) != 0) jc_fail(c, "mkdir %s", name);
        jc_bind_ro(c, outside, name, 1, outside);
    }
}

/* The files the root will hold, opened in the jail's own mount namespace
 * (a descriptor from the host's could not be bound here) and before the uid
 * changes (the paths may lie where only the arena's user can look). */
static int jc_open_path(jail_child *c, const char *path, int flags)
{
    int fd = open(path, O_PATH | O_CLOEXEC | flags);
    if (fd < 0) jc_fail(c, "open %s", path);
    return fd;
}

static void jc_open_files(jail_child *c)
{
    c->exe_fd = jc_open_path(c, c->cfg->exe, 0);
    c->bot_fd = jc_open_path(c, c->cfg->bot_path, 0);
    if (c->cfg->rules_path) c->rules_fd = jc_open_path(c, c->cfg->rules_path, 0);
    /* no link: jail_data_dir refused one, and one put there since fails here */
    if (c->has_data) c->data_fd = jc_open_path(c, c->data_dir, O_DIRECTORY | O_NOFOLLOW);
    if (c->cfg->sdk_lib) c->sdk_fd = jc_open_path(c, c->cfg->sdk_lib, 0);
}

/* Nothing mounted here may propagate to the host's mount namespace: the
 * mounts under the new root's mount point are made private first. */
static const char *jc_private_base(jail_child *c)
{
    if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) == 0) return JAIL_ROOT;
    if (errno == EINVAL && !c->userns && mount(NULL, "/proc", NULL, MS_REC | MS_PRIVATE, NULL) == 0)
        return JAIL_ROOT_IN_CHROOT;
    jc_fail(c, "make / private (inside a chroot, mount /proc there first)");
    return NULL;
}

static void jc_build_root(jail_child *c)
{
    static const char *const sysdirs[] = {"lib", "lib64", "lib32", "libx32", "bin", "sbin"};
    const char *root = jc_private_base(c);
    if (mount("tmpfs", root, "tmpfs", MS_NOSUID | MS_NODEV, "size=64k,nr_inodes=64,mode=0755"))
        jc_fail(c, "mount a tmpfs root");
    if (chdir(root) != 0) jc_fail(c, "chdir to the new root");
    if (mkdir("usr", 0755) != 0) jc_fail(c, "mkdir usr");
    jc_bind_ro(c, "/usr", "usr", 1, "/usr");
    for (size_t i = 0; i < sizeof sysdirs / sizeof *sysdirs; i++)
        jc_system_dir(c, sysdirs[i]);
    if (mkdir("etc", 0755) != 0) jc_fail(c, "mkdir etc");
    if (access("/etc/ld.so.cache", R_OK) == 0) {
        jc_touch(c, "etc/ld.so.cache");
        jc_bind_ro(c, "/etc/ld.so.cache", "etc/ld.so.cache", 0, "/etc/ld.so.cache");
    }
    jc_bind_fd(c, c->exe_fd, "arena", 0, "the arena binary");
    jc_bind_fd(c, c->bot_fd, "bot.so", 0, "the bot");
    if (c->rules_fd >= 0) jc_bind_fd(c, c->rules_fd, "rules.so", 0, "the rule module");
    if (c->has_data) jc_bind_fd(c, c->data_fd, "bot.d", 1, "the bot's data directory");
    /* at a name of its own, not its path: nothing in the jail names a place
     * outside it (the jail loads it by this name: --sdk) */
    if (c->cfg->sdk_lib) jc_bind_fd(c, c->sdk_fd, "sdk.so", 0, "the SDK library");
    if (mkdir("proc", 0555) != 0) jc_fail(c, "mkdir proc");
    /* Only the processes' directories (subset=pid, Linux 5.8): the rest of
     * /proc is the machine's, not the namespace's -- vmstat, meminfo, stat,
     * loadavg, pressure -- and two jails could signal through its counters
     * (red team: a bot holding memory showed its seat's 64-bit seed to a
     * colluder reading nr_anon_pages, 3 bits a move, without an error).
     * Older kernels mount it whole. */
    unsigned long pf = MS_NOSUID | MS_NODEV | MS_NOEXEC;
    if (mount("proc", "proc", "proc", pf, "subset=pid") != 0 &&
        (errno != EINVAL || mount("proc", "proc", "proc", pf, NULL) != 0))
        jc_fail(c, "mount /proc");
    if (mount(NULL, root, NULL, MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV, NULL) != 0)
        jc_fail(c, "make the root read-only");
    /* pivot_root refuses to work inside a chroot (a build root made with
     * debootstrap, say): there, a root arena confines the jail with chroot,
     * which no process without capabilities or the chroot call (the filter
     * refuses it) can leave */
    if (syscall(SYS_pivot_root, ".", ".") == 0) {
        if (umount2(".", MNT_DETACH) != 0) jc_fail(c, "detach the old root");
    } else if (errno != EINVAL || c->userns || chroot(".") != 0) {
        jc_fail(c, "pivot_root");
    }
    if (chdir(c->has_data ? "/bot.d" : "/") != 0) jc_fail(c, "chdir");
    if (sethostname("jail", 4) != 0) jc_fail(c, "sethostname");
}

static void jc_set_ids(jail_child *c, int id)
{
    if (setgroups(0, NULL) != 0 && errno != EPERM) jc_fail(c, "setgroups");
    if (setresgid(id, id, id) != 0) jc_fail(c, "setresgid");
    if (setresuid(id, id, id) != 0) jc_fail(c, "setresuid");
}

static void jc_drop_bounding_set(jail_child *c)
{
    for (int cap = 0; cap <= 63; cap++)
        if (prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0 && errno != EINVAL)
            jc_fail(c, "drop capability %d", cap);
}

static void jc_drop_capabilities(jail_child *c)
{
    struct __user_cap_header_struct h = {_LINUX_CAPABILITY_VERSION_3, 0};
    struct __user_cap_data_struct d[2];
    memset(d, 0, sizeof d);
    if (syscall(SYS_capset, &h, d) != 0) jc_fail(c, "capset");
}

/* A descriptor onto a fixed number, open across exec. */
static void jc_place(jail_child *c, int fd, int target)
{
    if (fd == target) {
        if (fcntl(fd, F_SETFD, 0) != 0) jc_fail(c, "fcntl");
    } else if (dup2(fd, target) != target) {
        jc_fail(c, "dup2");
    }
}

/* Zeroes the argument and environment strings this process inherited from
 * the host (what /proc/PID/cmdline and environ show): fields 48-51 of
 * /proc/self/stat give where they are. */
static void jc_wipe_arguments(void)
{
    char buf[1024];
    int fd = open("/proc/self/stat", O_RDONLY | O_CLOEXEC);
    ssize_t n = fd >= 0 ? read(fd, buf, sizeof buf - 1) : -1;
    if (fd >= 0) close(fd);
    if (n <= 0) return;
    buf[n] = '\0';
    char *p = strrchr(buf, ')');
    unsigned long v[4];
    for (int field = 3; p && field <= 51; field++) {
        p = strchr(p + 1, ' ');
        if (p && field >= 48) v[field - 48] = strtoul(p + 1, NULL, 10);
    }
    if (!p) return;
    for (int i = 0; i < 4; i += 2)
        if (v[i + 1] > v[i]) memset((void *)v[i], 0, v[i + 1] - v[i]);
}

/* pid 1 of the jail: waits for the bot (pid 2) and tells the host how it
 * ended. The bot is not pid 1 itself because the kernel ignores, for a
 * namespace's init, every signal sent from inside it that has no handler: a
 * bot's raise(SIGKILL) would do nothing. Holds only the status socket. */
static void jc_init(jail_child *c, pid_t bot)
{
    /* the init is a copy of the host: not dumpable, so the bot cannot read
     * its memory or environment (the arena's), and its command line wiped */
    prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
    jc_wipe_arguments();
    prctl(PR_SET_NAME, "jail-init", 0, 0, 0);
    if (dup2(c->status, 0) != 0) _exit(127);
    syscall(SYS_close_range, 1, ~0U, 0);
    jail_end end;
    memset(&end, 0, sizeof end);
    /* The bot is stopped and continued twice a move (worker_main.c), and
     * each time the kernel wakes whoever waits for a child -- even for an
     * event the wait does not report. So the init sleeps on the bot's pidfd,
     * readable only once the bot has exited, and waits for it then (without
     * pidfd_open it waits as before, woken for nothing twice a move). */
    int pidfd = (int)syscall(SYS_pidfd_open, bot, 0);
    if (pidfd >= 0) {
        struct pollfd p = {pidfd, POLLIN, 0};
        while (poll(&p, 1, -1) < 0 && errno == EINTR)
            ;
    }
    for (;;) {
        pid_t r = waitpid(-1, &end.status, 0);
        if (r == bot) break;
        if (r < 0 && errno != EINTR) _exit(127);
    }
    struct rusage ru;
    if (getrusage(RUSAGE_CHILDREN, &ru) == 0) {
        end.maxrss_kb = ru.ru_maxrss;
        end.cpu_us = (int64_t)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000 +
                     ru.ru_utime.tv_usec + ru.ru_stime.tv_usec;
    }
    ssize_t n = send(0, &end, sizeof end, MSG_NOSIGNAL);
    _exit(n == (ssize_t)sizeof end ? 0 : 127);
}

/* The bot first, when the machine runs out of memory: --mem bounds each
 * bot's address space, not what many of them hold together, and the kernel
 * would otherwise kill the largest process, which could be the arena's
 * store or a seat host. The bot's processes inherit it. Best effort: where
 * /proc cannot be written (a chroot without it) the kernel's own choice
 * stands, and it already favours a large bot. */
static void jc_oom_first(void)
{
    int fd = open("/proc/self/oom_score_adj", O_WRONLY | O_CLOEXEC);
    if (fd < 0) return;
    ssize_t n = write(fd, "1000", 4);
    (void)n;
    close(fd);
}

static int jc_main(void *arg)
{
    jail_child *c = arg;
    int ns = c->cfg->level == SANDBOX_JAIL;
    jc_oom_first();
    close(c->host_end); /* else the host would not see end of file when the jail dies */
    close(c->sync_wr);
    close(c->err_rd);
    if (c->host_status >= 0) close(c->host_status);
    if (ns && c->userns) {
        /* the uid first: files in the new root need a mapped owner; the
         * capabilities of the new user namespace stay until exec */
        char go;
        if (read(c->sync_rd, &go, 1) != 1) jc_fail(c, "the host did not map the jail's uid");
        jc_open_files(c);
        jc_set_ids(c, JAIL_UID);
        jc_build_root(c);
        jc_drop_bounding_set(c);
        jc_drop_capabilities(c);
    } else if (ns) {
        /* a root arena without user namespaces (inside a chroot): the root
         * as root, then nobody, which clears every capability */
        jc_open_files(c);
        jc_build_root(c);
        jc_drop_bounding_set(c);
        jc_set_ids(c, JAIL_NOBODY);
        jc_drop_capabilities(c);
    }
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) jc_fail(c, "no_new_privs");
    /* after the uid change, which clears it */
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) jc_fail(c, "PR_SET_PDEATHSIG");
    if (!ns && getppid() != c->host) _exit(1);
    if (ns) {
        pid_t bot = fork();
        if (bot < 0) jc_fail(c, "fork the bot's process");
        if (bot > 0) {
            close(c->err_wr); /* the host sees end of file once the bot exec'd */
            jc_init(c, bot);
        }
        if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) jc_fail(c, "PR_SET_PDEATHSIG");
        /* the host reads this packet's credentials: the bot's pid as it sees it */
        if (send(c->status, "p", 1, MSG_NOSIGNAL) != 1) jc_fail(c, "status");
        close(c->status);
    }
    jc_place(c, c->in_rd, 0);
    jc_place(c, c->out, 1); /* stdout and stderr: a pipe the arena drains */
    jc_place(c, c->out, 2);
    jc_place(c, c->chan, JAIL_CHANNEL_FD);
    if (syscall(SYS_close_range, JAIL_CHANNEL_FD + 1, ~0U, CLOSE_RANGE_CLOEXEC) != 0)
        jc_fail(c, "close_range");
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    execve(c->argv[0], c->argv, c->envp);
    jc_fail(c, "execve %s", c->argv[0]);
    return 127;
}

/* ------------------------------------------------------------- the host -- */

static int jail_fail(char *err, size_t errlen, const char *fmt, ...)
{
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return -1;
}

/* A descriptor above the ones the child places (0-3). */
static int jail_high(int fd)
{
    if (fd < 0 || fd > 9) return fd;
    int hi = fcntl(fd, F_DUPFD_CLOEXEC, 10);
    close(fd);
    return hi;
}

/* Whether the jail's user may reach path (stat'ed as st) as how says (R_OK,
 * X_OK). A root arena runs its bots as nobody (uid and gid JAIL_NOBODY, no
 * other group): what only root may reach, the jail cannot. An unprivileged
 * arena's bots run as its own user, who reaches what the arena does. */
static int jail_user_may(const char *path, const struct stat *st, int how)
{
    if (geteuid() != 0) return access(path, how) == 0;
    int shift = st->st_uid == JAIL_NOBODY ? 6 : st->st_gid == JAIL_NOBODY ? 3 : 0;
    mode_t want = (how & R_OK ? S_IROTH : 0) | (how & X_OK ? S_IXOTH : 0);
    return ((st->st_mode >> shift) & want) == want;
}

/* What the jail's user cannot reach, said before the jail is built: the
 * path outside, who, and what to do (else the bot would fail later with
 * "chdir: Permission denied" or a load error naming neither). */
static int jail_unreachable(const char *path, const char *cannot, const char *fix, char *err,
                            size_t errlen)
{
    int root = geteuid() == 0;
    return jail_fail(err, errlen, "%s: %s by the jail's user (uid %d): make it %s%s", path, cannot,
                     root ? JAIL_NOBODY : (int)geteuid(), fix,
                     root ? " or run the arena as an unprivileged user" : "");
}

/* Opens a file the jail will hold: it must be a regular file the jail's user
 * can read. */
static int jail_check_file(const char *path, const char *what, int ns, char *err, size_t errlen)
{
    struct stat st;
    if (stat(path, &st) != 0) return jail_fail(err, errlen, "%s: %s", path, strerror(errno));
    if (!S_ISREG(st.st_mode))
        return jail_fail(err, errlen, "%s: not a regular file (a %s must be a .so file)", path,
                         what);
    if (ns && !jail_user_may(path, &st, R_OK))
        return jail_unreachable(path, "not readable", "readable by all (chmod a+r)", err, errlen);
    return 0;
}

int jail_data_dir(const char *bot_path, char *out, size_t outlen, char *err, size_t errlen)
{
    struct stat st;
    size_t n = strlen(bot_path);
    if (n > 3 && strcmp(bot_path + n - 3, ".so") == 0) n -= 3;
    if (n + 3 > outlen) return 0;
    memcpy(out, bot_path, n);
    memcpy(out + n, ".d", 3);
    if (lstat(out, &st) != 0) return 0;
    /* Whoever made the bot made this name: as a link it could lead anywhere
     * (to "/": the host's /proc, the results and their seeds), and the jail
     * would show the bot whatever it leads to. */
    if (S_ISLNK(st.st_mode))
        return jail_fail(err, errlen,
                         "%s: the bot's data directory is a symbolic link: put the directory "
                         "itself there (a link could show the bot anything)",
                         out);
    return S_ISDIR(st.st_mode);
}

/* The bot's data directory into c (has_data, data_dir), at every level that
 * holds it; in a jail of its own (ns) it is also the bot's working
 * directory, which the jail's user must be able to enter. */
static int jail_find_data(jail_child *c, const jail_config *cfg, int ns, char *err, size_t errlen)
{
    if (!cfg->data_dir) {
        int rc = jail_data_dir(cfg->bot_path, c->data_dir, sizeof c->data_dir, err, errlen);
        if (rc < 0) return -1;
        c->has_data = rc > 0;
    } else {
        c->has_data = cfg->data_dir[0] != '\0' && snprintf(c->data_dir, sizeof c->data_dir, "%s",
                                                           cfg->data_dir) < (int)sizeof c->data_dir;
    }
    if (!ns) return 0;
    /* it is the bot's working directory: the jail enters it (chdir). Said of
     * the bot, which is what the user gave: an error that begins with the
     * bot's path is passed on whole (seat_process.c), not as "BOT.so: did
     * not load: BOT.d: ...". */
    struct stat st;
    if (c->has_data && stat(c->data_dir, &st) == 0 && !jail_user_may(c->data_dir, &st, X_OK)) {
        char cannot[PATH_MAX + 64], fix[PATH_MAX + 64];
        snprintf(cannot, sizeof cannot, "its data directory %s cannot be entered", c->data_dir);
        snprintf(fix, sizeof fix, "readable and enterable by all (chmod a+rx %s)", c->data_dir);
        return jail_unreachable(cfg->bot_path, cannot, fix, err, errlen);
    }
    return 0;
}

/* One entry of the data directory: every directory enterable and every file
 * readable by the jail's user (said now, naming it, rather than as a failed
 * read in the middle of a game), each file held in memory. */
static int jail_hold_entry(void *ctx, int fd, const char *full, const char *rel,
                           const struct stat *st, char *err, size_t errlen)
{
    (void)rel;
    if (S_ISDIR(st->st_mode))
        return jail_user_may(full, st, R_OK | X_OK)
                   ? 0
                   : jail_unreachable(full, "cannot be entered",
                                      "readable and enterable by all (chmod a+rx)", err, errlen);
    if (!jail_user_may(full, st, R_OK))
        return jail_unreachable(full, "not readable", "readable by all (chmod a+r)", err, errlen);
    return datadir_hold_fd(ctx, fd, full, err, errlen);
}

/* The bot's .so, held; at most DATADIR_MAX_BYTES, as on a seat host, where
 * a bot's file travels (remote_wire.h): one padded with gigabytes would
 * otherwise be read in, and held, at every start. */
static int jail_hold_bot(const jail_config *cfg, datadir_hold *hold, char *err, size_t errlen)
{
    if (datadir_bot_file_ok(cfg->bot_path, err, errlen) < 0) return -1;
    return datadir_hold_file(hold, cfg->bot_path, err, errlen);
}

/* Under SANDBOX_SECCOMP the bot runs as this host's user and reads BOT.d
 * where it is: what this host can read, the bot can. */
static int jail_hold_plain(void *ctx, int fd, const char *full, const char *rel,
                           const struct stat *st, char *err, size_t errlen)
{
    (void)rel;
    return S_ISDIR(st->st_mode) ? 0 : datadir_hold_fd(ctx, fd, full, err, errlen);
}

/* What the bot brings, held in memory before it starts (datadir.h): in a
 * jail of its own, each file checked for the jail's user as it is held. */
static int jail_hold(const jail_child *c, const jail_config *cfg, datadir_hold *hold, char *err,
                     size_t errlen)
{
    datadir_visitor each = cfg->level == SANDBOX_JAIL ? jail_hold_entry : jail_hold_plain;
    if (jail_hold_bot(cfg, hold, err, errlen) < 0) return -1;
    if (c->has_data && datadir_walk(c->data_dir, each, hold, err, errlen) != 0) return -1;
    return 0;
}

static int jail_write_file(pid_t pid, const char *name, const char *text)
{
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/%s", (int)pid, name);
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    ssize_t n = write(fd, text, strlen(text));
    close(fd);
    return n == (ssize_t)strlen(text) ? 0 : -1;
}

/* The jail's uid and gid inside map to the arena's own outside, or to
 * nobody when the arena is root. An unprivileged writer must deny
 * setgroups before it may write gid_map. */
static int jail_map_ids(pid_t pid, char *err, size_t errlen)
{
    int root = geteuid() == 0;
    char map[64];
    snprintf(map, sizeof map, "%d %d 1\n", JAIL_UID, root ? JAIL_NOBODY : (int)geteuid());
    if (jail_write_file(pid, "uid_map", map) != 0)
        return jail_fail(err, errlen, JAIL_BUILD_FAILED ": uid_map: %s", strerror(errno));
    if (!root && jail_write_file(pid, "setgroups", "deny") != 0)
        return jail_fail(err, errlen, JAIL_BUILD_FAILED ": setgroups: %s", strerror(errno));
    snprintf(map, sizeof map, "%d %d 1\n", JAIL_UID, root ? JAIL_NOBODY : (int)getegid());
    if (jail_write_file(pid, "gid_map", map) != 0)
        return jail_fail(err, errlen, JAIL_BUILD_FAILED ": gid_map: %s", strerror(errno));
    return 0;
}

static void jail_close_fd(int *fd)
{
    if (*fd >= 0) close(*fd);
    *fd = -1;
}

/* Everything the child was given (the host keeps only its ends). */
static void jail_close_child_fds(jail_child *c)
{
    int *fds[] = {&c->exe_fd,  &c->bot_fd, &c->rules_fd, &c->data_fd, &c->sdk_fd, &c->chan,
                  &c->sync_rd, &c->err_wr, &c->in_rd,    &c->status,  &c->out};
    for (size_t i = 0; i < sizeof fds / sizeof *fds; i++)
        jail_close_fd(fds[i]);
}

/* The child's last words before exec, or "" once it exec'd (end of file). */
static void jail_read_error(int fd, char *line, size_t len)
{
    size_t n = 0;
    ssize_t k;
    while (n + 1 < len && (k = read(fd, line + n, len - 1 - n)) > 0)
        n += (size_t)k;
    line[n] = '\0';
}

static void jail_argv(jail_child *c, const jail_config *cfg, char nums[3][24])
{
    int ns = cfg->level == SANDBOX_JAIL, n = 0;
    snprintf(nums[0], 24, "%lld", (long long)cfg->mem_mb);
    snprintf(nums[1], 24, "%lld", (long long)cfg->cpu_s);
    snprintf(nums[2], 24, "%d", cfg->level);
    c->argv[n++] = (char *)(ns ? "/arena" : cfg->exe);
    c->argv[n++] = "__jail";
    c->argv[n++] = "--bot", c->argv[n++] = (char *)(ns ? "/bot.so" : cfg->bot_path);
    c->argv[n++] = "--label", c->argv[n++] = (char *)cfg->bot_path;
    if (cfg->rules_path) {
        c->argv[n++] = "--rules", c->argv[n++] = (char *)(ns ? "/rules.so" : cfg->rules_path);
        c->argv[n++] = "--rules-label", c->argv[n++] = (char *)cfg->rules_path;
    }
    if (cfg->sdk_lib)
        c->argv[n++] = "--sdk", c->argv[n++] = (char *)(ns ? "/sdk.so" : cfg->sdk_lib);
    c->argv[n++] = "--mem-mb", c->argv[n++] = nums[0];
    c->argv[n++] = "--cpu-s", c->argv[n++] = nums[1];
    c->argv[n++] = "--level", c->argv[n++] = nums[2];
    c->argv[n] = NULL;
}

/* The output pipe (fd) as a description of the jail's own, a new open of
 * the same pipe (Linux opens a pipe again through /proc): a description is
 * shared by every descriptor dup'ed from it, status flags and all, and a
 * bot that made a shared one non-blocking (its filter allows it) made it so
 * for whoever else writes through it. Without /proc (a chroot), a
 * duplicate: the host never writes through it (worker.h). O_NONBLOCK only
 * for the open, which would otherwise wait for a reader that is gone. */
static int jail_own_out(int fd)
{
    char path[64];
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    int own = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC);
    if (own >= 0 && fcntl(own, F_SETFL, fcntl(own, F_GETFL) & ~O_NONBLOCK) != 0) {
        close(own);
        return -1;
    }
    return own >= 0 ? jail_high(own) : fcntl(fd, F_DUPFD_CLOEXEC, 10);
}

static int jail_prepare(jail_child *c, const jail_config *cfg, char *err, size_t errlen)
{
    int ns = cfg->level == SANDBOX_JAIL;
    int sv[2], sync[2], errp[2], in[2];
    if (jail_check_file(cfg->exe, "the arena binary", ns, err, errlen) < 0 ||
        jail_check_file(cfg->bot_path, "bot", ns, err, errlen) < 0 ||
        (cfg->rules_path && jail_check_file(cfg->rules_path, "rule module", ns, err, errlen) < 0))
        return -1;
    if (cfg->level != SANDBOX_OFF && jail_find_data(c, cfg, ns, err, errlen) < 0) return -1;
    if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) != 0)
        return jail_fail(err, errlen, "socketpair: %s", strerror(errno));
    c->chan = jail_high(sv[1]);
    c->host_end = jail_high(sv[0]);
    if (pipe2(sync, O_CLOEXEC) != 0) return jail_fail(err, errlen, "pipe: %s", strerror(errno));
    c->sync_rd = jail_high(sync[0]);
    c->sync_wr = jail_high(sync[1]);
    if (pipe2(errp, O_CLOEXEC) != 0) return jail_fail(err, errlen, "pipe: %s", strerror(errno));
    c->err_rd = jail_high(errp[0]);
    c->err_wr = jail_high(errp[1]);
    if (pipe2(in, O_CLOEXEC) != 0) return jail_fail(err, errlen, "pipe: %s", strerror(errno));
    c->in_rd = jail_high(in[0]);
    close(in[1]); /* the bot's stdin: an empty pipe, at end of file */
    if ((c->out = jail_own_out(cfg->out_fd)) < 0)
        return jail_fail(err, errlen, "the output pipe: %s", strerror(errno));
    if (!ns) return 0;
    int one = 1;
    if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) != 0)
        return jail_fail(err, errlen, "socketpair: %s", strerror(errno));
    c->status = jail_high(sv[1]);
    c->host_status = jail_high(sv[0]);
    if (setsockopt(c->host_status, SOL_SOCKET, SO_PASSCRED, &one, sizeof one) != 0)
        return jail_fail(err, errlen, "SO_PASSCRED: %s", strerror(errno));
    return 0;
}

int jail_parse_count(const char *s, int64_t *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (errno || end == s || *end || v < 0) return -1;
    *out = v;
    return 0;
}

int jail_find_sdk(const char *exe, char *out)
{
    /* the directory resolved, the name kept: it is the soname the loader
     * looks for (the file itself is a link to the versioned one) */
    char path[PATH_MAX], dir[PATH_MAX];
    const char *slash = strrchr(exe, '/');
    int n = slash ? (int)(slash - exe) : 0;
    if (!slash || snprintf(path, sizeof path, "%.*s/../%s", n, exe, ARENA_INSTALL_LIBDIR_REL) >=
                      (int)sizeof path)
        return -1;
    if (!realpath(path, dir) || strncmp(dir, "/usr/", 5) == 0 ||
        snprintf(out, PATH_MAX, "%s/libarena-sdk.so.0", dir) >= PATH_MAX)
        return -1;
    return access(out, R_OK) == 0 ? 0 : -1;
}

/* The bot's pid in the host's namespace, from the credentials the kernel
 * attached (and translated) to its one-byte packet; -1 if there is none. */
static pid_t jail_bot_pid(int fd)
{
    char byte;
    union {
        struct cmsghdr h;
        char buf[CMSG_SPACE(sizeof(struct ucred))];
    } ctl;
    struct iovec iov = {&byte, 1};
    struct msghdr m = {
        .msg_iov = &iov, .msg_iovlen = 1, .msg_control = ctl.buf, .msg_controllen = sizeof ctl.buf};
    if (recvmsg(fd, &m, MSG_DONTWAIT) != 1) return -1;
    for (struct cmsghdr *h = CMSG_FIRSTHDR(&m); h; h = CMSG_NXTHDR(&m, h))
        if (h->cmsg_level == SOL_SOCKET && h->cmsg_type == SCM_CREDENTIALS) {
            struct ucred cred;
            memcpy(&cred, CMSG_DATA(h), sizeof cred);
            return cred.pid;
        }
    return -1;
}

int jail_spawn(const jail_config *cfg, jail *j, char *err, size_t errlen)
{
    jail_child c = {.cfg = cfg,
                    .exe_fd = -1,
                    .bot_fd = -1,
                    .rules_fd = -1,
                    .data_fd = -1,
                    .sdk_fd = -1,
                    .chan = -1,
                    .sync_rd = -1,
                    .err_wr = -1,
                    .in_rd = -1,
                    .status = -1,
                    .out = -1,
                    .host_end = -1,
                    .sync_wr = -1,
                    .err_rd = -1,
                    .host_status = -1,
                    .host = getpid()};
    j->pid = j->bot_pid = -1;
    j->pidfd = j->chan = j->status = -1;
    char nums[3][24], line[400];
    char *noenv[] = {NULL};
    /* an empty environment (ASan's options aside); without a sandbox, for
     * debugging, the host's */
    char **envp = cfg->level == SANDBOX_OFF ? NULL : sandbox_child_env(noenv, 1, cfg->mem_mb);
    c.envp = cfg->level == SANDBOX_OFF ? environ : envp ? envp : noenv;
    jail_argv(&c, cfg, nums);
    pid_t pid = -1;
    memset(&j->hold, 0, sizeof j->hold);
    j->hold.lock_budget = cfg->lock_bytes; /* the spawner's grant (datadir.h, contract 5) */
    int rc = jail_prepare(&c, cfg, err, errlen);
    if (rc == 0 && cfg->level != SANDBOX_OFF) rc = jail_hold(&c, cfg, &j->hold, err, errlen);
    /* (What this host locked stays out of the OOM killer's way: all seat
     * hosts lock within one budget, a share of the machine (datadir.h,
     * contract 5), so no host's locks run it out of memory, and a host
     * killed for them would take an honest bot's game with it.) */
    if (rc == 0) {
        char *stack = malloc(JAIL_STACK);
        int ns = cfg->level == SANDBOX_JAIL;
        c.userns = ns;
        pid = stack ? clone(jc_main, stack + JAIL_STACK, SIGCHLD | (ns ? JAIL_NS : 0), &c) : -1;
        int e = errno;
        /* No user namespace to be had (inside a chroot, or forbidden): a root
         * arena can make the others without one. */
        if (pid < 0 && ns && geteuid() == 0 && (e == EPERM || e == ENOSPC || e == EUSERS)) {
            c.userns = 0;
            pid = clone(jc_main, stack + JAIL_STACK, SIGCHLD | (JAIL_NS & ~CLONE_NEWUSER), &c);
            e = errno;
        }
        free(stack);
        if (pid < 0 && (e == EPERM || e == EINVAL || e == ENOSPC || e == EUSERS))
            rc = jail_fail(err, errlen,
                           JAIL_BUILD_FAILED
                           ": new namespaces refused (%s): this host does "
                           "not allow unprivileged user namespaces (see user.max_user_namespaces); "
                           "--sandbox seccomp runs bots with the weaker seccomp-only isolation",
                           strerror(e));
        else if (pid < 0)
            rc = jail_fail(err, errlen, JAIL_BUILD_FAILED ": clone: %s", strerror(e));
    }
    if (rc == 0 && c.userns) {
        rc = jail_map_ids(pid, err, errlen);
        if (rc == 0 && write(c.sync_wr, "g", 1) != 1)
            rc = jail_fail(err, errlen, JAIL_BUILD_FAILED ": sync: %s", strerror(errno));
    }
    sandbox_child_env_free(envp);
    jail_close_fd(&c.sync_wr);
    jail_close_child_fds(&c);
    if (pid > 0) jail_read_error(c.err_rd, line, sizeof line);
    jail_close_fd(&c.err_rd);
    pid_t bot = pid;
    if (pid > 0 && rc == 0 && !line[0] && c.host_status >= 0 &&
        (bot = jail_bot_pid(c.host_status)) <= 0)
        rc = jail_fail(err, errlen, JAIL_BUILD_FAILED ": the bot's process did not report");
    if (pid > 0 && (rc != 0 || line[0])) {
        kill(pid, SIGKILL);
        waitpid(pid, NULL, 0);
        if (rc == 0) rc = jail_fail(err, errlen, JAIL_BUILD_FAILED ": %s", line);
    }
    if (rc != 0) {
        jail_close_fd(&c.host_end);
        jail_close_fd(&c.host_status);
        datadir_release(&j->hold);
        return -1;
    }
    j->pid = pid;
    j->bot_pid = bot;
    j->pidfd = (int)syscall(SYS_pidfd_open, pid, 0);
    j->chan = c.host_end;
    j->status = c.host_status;
    return 0;
}

int jail_wait(jail *j, int timeout_ms, jail_end *end)
{
    memset(end, 0, sizeof end[0]);
    if (j->pid <= 0) return -1;
    struct pollfd p = {j->status >= 0 ? j->status : j->pidfd, POLLIN, 0};
    if (p.fd >= 0) {
        int rc;
        while ((rc = poll(&p, 1, timeout_ms)) < 0 && errno == EINTR) {
        }
        if (rc == 0) return -1;
    }
    if (j->status >= 0) { /* the init's report, then the init itself */
        if (recv(j->status, end, sizeof end[0], MSG_DONTWAIT) != (ssize_t)sizeof end[0]) return -1;
        while (waitpid(j->pid, NULL, 0) < 0 && errno == EINTR) {
        }
    } else {
        /* Without a pidfd (kernels before 5.3) a look each millisecond: a
         * wait that blocked would wait as long as a bot that closed its
         * channel chose to live. */
        struct rusage ru;
        pid_t r;
        for (int ms = 0;; ms++) {
            while ((r = wait4(j->pid, &end->status, WNOHANG, &ru)) < 0 && errno == EINTR) {
            }
            if (r != 0 || ms >= timeout_ms) break;
            struct timespec one = {0, 1000000};
            nanosleep(&one, NULL);
        }
        if (r != j->pid) return -1;
        end->maxrss_kb = ru.ru_maxrss;
        end->cpu_us = (int64_t)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000 +
                      ru.ru_utime.tv_usec + ru.ru_stime.tv_usec;
    }
    j->pid = j->bot_pid = -1; /* reaped */
    return 0;
}

void jail_close(jail *j)
{
    if (j->pid > 0) {
        if (j->pidfd >= 0)
            syscall(SYS_pidfd_send_signal, j->pidfd, SIGKILL, NULL, 0);
        else
            kill(j->pid, SIGKILL);
        while (waitpid(j->pid, NULL, 0) < 0 && errno == EINTR) {
        }
    }
    jail_close_fd(&j->pidfd);
    jail_close_fd(&j->chan);
    jail_close_fd(&j->status);
    datadir_release(&j->hold);
    j->pid = j->bot_pid = -1;
}
