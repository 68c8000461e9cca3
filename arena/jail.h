/* jail.h -- the process a submitted bot runs in, and how a seat host makes it.
 *
 * A seat host (worker_main.c: `arena __worker`, trusted arena code holding the
 * ZeroMQ socket) starts one jail per worker and talks to it over a
 * SOCK_SEQPACKET socketpair: one packed protobuf message per packet, a byte
 * cap on every packet the host reads (jail_main.c is the bot's side).
 *
 * The jail at level SANDBOX_JAIL (the default), in the order it is built:
 *
 *   host: clone(NEWUSER|NEWPID|NEWNS|NEWIPC|NEWNET|NEWUTS)
 *     |   writes uid_map/gid_map: inside uid JAIL_UID -> outside the arena's
 *     |   uid, or JAIL_NOBODY when the arena runs as root
 *     v
 *   child (pid 1 of its own pid namespace, then the init that reports how
 *   the bot, pid 2, ended):
 *     oom_score_adj 1000: the bot dies first when the machine runs out of
 *       memory (--mem bounds one process, not many together); before the
 *       kernel has to, the arena's memory guard ends a process of the bot
 *       that holds the most (memguard.h)
 *     setresgid/setresuid(JAIL_UID)           never root, even for a root arena
 *     a read-only tmpfs root holding only /usr, the /lib links, ld.so.cache,
 *       /arena (this binary), /rules.so, /bot.so, /bot.d (the bot's data
 *       directory, when BOT.d exists beside BOT.so), its own /proc (its
 *       processes only: subset=pid), and the installed SDK library at its
 *       own path when that is outside /usr
 *     pivot_root, no network (an empty net namespace), hostname "jail"
 *     descriptors: 0 an empty pipe, 1 and 2 the output pipe (cfg->out_fd,
 *       opened again: a description of the jail's own), 3 the channel;
 *       nothing else survives exec
 *     no capabilities (bounding set emptied), no_new_privs, PDEATHSIG
 *     execve("/arena", "__jail", ...) with an empty environment
 *   jail_main: not dumpable, rlimits, the seccomp filter, and only then the
 *     rule module and the bot (their constructors run filtered)
 *
 * Where no user namespace can be made (a chroot, or a kernel that forbids
 * them) a root arena makes the other namespaces without one: the root is
 * built as root, then the child becomes nobody (JAIL_NOBODY, which clears
 * every capability); inside a chroot, where pivot_root cannot work, chroot
 * confines it instead. An unprivileged arena cannot, and refuses.
 *
 * SANDBOX_SECCOMP skips the namespaces (the bot sees the host's files and
 * processes, read-only and through the filter); SANDBOX_OFF also skips the
 * rlimits and the filter. Both are only for hosts that cannot make
 * namespaces, or for debugging, and the arena says so loudly.
 *
 * Invariants:
 *  1. No bot code runs before the filter is loaded, at every level but OFF.
 *  2. The jail holds no descriptor of the host's but its end of the channel
 *     and the output pipe, and shares no open file description with the
 *     host: its status flags (O_NONBLOCK, which the filter allows) are its
 *     own. Its environment is empty (ASan's options only, in sanitizer
 *     builds).
 *  3. A failure to build the jail is reported as one line naming the step
 *     ("mount /usr: Operation not permitted"), never as the bot's fault
 *     without saying so.
 */
#ifndef ARENA_JAIL_H
#define ARENA_JAIL_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "datadir.h"
#include "sandbox.h"

#define JAIL_UID 1000            /* the bot's uid inside its user namespace */
#define JAIL_NOBODY 65534        /* the bot's uid outside, when the arena is root */
#define JAIL_CHANNEL_FD 3        /* the channel, inside the jail */
#define JAIL_MAX_MSG (64 * 1024) /* the host reads no longer packet from a jail */
/* How every failure to build a jail begins (invariant 3). */
#define JAIL_BUILD_FAILED "cannot build the jail"

typedef struct jail_config {
    const char *exe;        /* the arena binary, re-executed as `__jail` */
    const char *bot_path;   /* the bot's .so */
    const char *rules_path; /* the game's rule module, or NULL */
    int level;              /* SANDBOX_JAIL, SANDBOX_SECCOMP or SANDBOX_OFF */
    int64_t mem_mb, cpu_s;  /* rlimits inside (0: none) */
    const char *sdk_lib;    /* the arena's libarena-sdk.so.0 outside /usr, or NULL: bound
                               as /sdk.so and loaded first, for modules and bots linked
                               to it */
    const char *data_dir;   /* the bot's data directory: NULL for BOT.d beside bot_path
                               (when it exists), "" for none (a seat host's cache) */
    uint64_t lock_bytes;    /* what the hold may lock (datadir.h, contract 5): the seat
                               host's grant; 0 locks nothing */
    int out_fd;             /* the write end of the pipe the bot's stdout and stderr go
                               to (WORKER_BOT_OUT_FD): opened again for the jail */
} jail_config;

/* The SDK library beside the arena binary exe (PREFIX/bin/arena ->
 * PREFIX/LIBDIR/libarena-sdk.so.0; a build tree has the same layout) when it
 * exists outside /usr, into out (PATH_MAX); 0, or -1 when there is none to
 * bind. The jail binds it as /sdk.so and loads it before the rule module and
 * the bot (`__jail --sdk`): what they link by its soname (libarena-sdk.so.0)
 * is then found whatever their run path says. */
int jail_find_sdk(const char *exe, char *out);
/* The bot's data directory, BOT.d beside BOT.so (the one place that names
 * it): 1 with its path in out when it exists as a directory, 0 when there is
 * none, -1 with err set when BOT.d is a symbolic link (refused: it could
 * lead the jail anywhere). */
int jail_data_dir(const char *bot_path, char *out, size_t outlen, char *err, size_t errlen);

typedef struct jail {
    pid_t pid;     /* the host's child: the jail's init, or the bot without namespaces */
    pid_t bot_pid; /* the bot's process as the host sees it: signals, CPU clock */
    int pidfd;     /* of pid; -1 where pidfd_open is missing */
    int chan;      /* the host's end of the channel */
    int status;    /* where the init reports the bot's end; -1 without namespaces */
    datadir_hold hold; /* the bot's .so and data directory, in memory while it plays */
} jail;

/* How the bot's process ended. */
typedef struct jail_end {
    int status;     /* as waitpid gives it */
    long maxrss_kb; /* peak resident size */
    int64_t cpu_us; /* user + system time */
} jail_end;

/* Starts the jail and returns once it has exec'd (or failed: -1 and a line
 * in err naming the step). A bot, rule module or data directory the jail's
 * user cannot read (or, a directory, enter) is refused before the jail is
 * built, with its path, that user's uid and what to do (chmod a+r, a+rx);
 * so is a data directory that datadir_walk refuses (datadir.h, contract 2),
 * naming the entry. In a jail of its own (SANDBOX_JAIL), the bot's .so and
 * every file of its data directory are held in memory (datadir.h, contract
 * 4) from before it starts until jail_close, locking at most
 * cfg->lock_bytes (j->hold.locked says how much it did). */
int jail_spawn(const jail_config *cfg, jail *j, char *err, size_t errlen);
/* After the channel closed: waits up to timeout_ms (never longer, even
 * without pidfd_open) for the bot's end. 0 with *end set (the jail is then
 * reaped), or -1 when it did not end in time (the bot closed its channel
 * and lives on: jail_close kills it). */
int jail_wait(jail *j, int timeout_ms, jail_end *end);
/* SIGKILLs and reaps (if not reaped yet), closes the channel, lets the held
 * files go. Idempotent. */
void jail_close(jail *j);

/* A count on the command line of a host or a jail ("1024"): 0, or -1 when
 * it is not a whole number >= 0. */
int jail_parse_count(const char *s, int64_t *out);

/* Entry point of `arena __jail ...`, inside the jail. */
int jail_main(int argc, char **argv);

#endif
