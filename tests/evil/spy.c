/* spy.c -- item 7 (and 3, 6): looks for what a bot must never reach. On its
 * first move it tries every other process in /proc (environment, command
 * line, memory, open descriptors: the arena's secrets, its seed, its store,
 * an opponent's hidden cards), the usual places of other people's files, and
 * the network. Whatever it reaches it prints, then it answers an illegal
 * action, so a leak costs it the game with a verdict a test can read. In the
 * jail it sees only itself and must play on legally. */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sysinfo.h>
#include <unistd.h>

#include "evil_common.h"

static int leaks;

static void leak(const char *what, const char *path)
{
    fprintf(stderr, "spy: %s %s\n", what, path);
    leaks++;
}

/* Whether bytes hold something of the arena's: its secret, the seed on its
 * command line, a worker's endpoint or arguments. */
static int secret_in(const char *buf, size_t n)
{
    static const char *const marks[] = {"xyzzy", "424242", "ipc://", "__worker", "--parent"};
    for (size_t m = 0; m < sizeof marks / sizeof *marks; m++)
        if (memmem(buf, n, marks[m], strlen(marks[m]))) return 1;
    return 0;
}

/* Another process (the path of its /proc directory): its memory, maps and
 * descriptors must not open at all; its environment and command line must
 * hold nothing of the arena's. */
static void try_process(const char *pid)
{
    static const char *const files[] = {"environ", "cmdline", "mem", "maps", "fd"};
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        char path[300];
        snprintf(path, sizeof path, "%s/%s", pid, files[i]);
        int fd = open(path, O_RDONLY | (i == 4 ? O_DIRECTORY : 0));
        if (fd < 0) continue;
        static char buf[1 << 16];
        ssize_t n = i == 4 ? 0 : read(fd, buf, sizeof buf);
        if (i >= 2 || (n > 0 && secret_in(buf, (size_t)n))) leak("read", path);
        close(fd);
    }
}

/* Everything under root ("" for the jail's own root): the processes of the
 * /proc there, other people's files, the arena's temporary and results
 * directories. */
static void attack_under(const char *root)
{
    char self[32], dir[300];
    snprintf(self, sizeof self, "%d", (int)getpid());
    snprintf(dir, sizeof dir, "%s/proc", root);
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d && (e = readdir(d)))
        if (e->d_name[0] >= '0' && e->d_name[0] <= '9' && strcmp(e->d_name, self) != 0) {
            char pid[300];
            snprintf(pid, sizeof pid, "%s/%s", dir, e->d_name);
            try_process(pid);
        }
    if (d) closedir(d);
    static const char *const places[] = {"/tmp",          "/root",    "/home",
                                         "/work",         "/var",     "/etc/passwd",
                                         "/etc/hostname", "/dev/shm", "/run"};
    for (size_t i = 0; i < sizeof places / sizeof *places; i++) {
        char path[300];
        snprintf(path, sizeof path, "%s%s", root, places[i]);
        if (access(path, F_OK) == 0) leak("found", path);
    }
}

static void attack(void)
{
    attack_under("");
    attack_under("/bot.d"); /* its data directory: only its own files may be there */
    /* the machine's counters, through which two jails could talk (a bot
     * holding memory, its colluder reading nr_anon_pages) */
    static const char *const global[] = {
        "/proc/vmstat",    "/proc/meminfo",    "/proc/stat",
        "/proc/loadavg",   "/proc/pressure",   "/proc/zoneinfo",
        "/proc/diskstats", "/proc/interrupts", "/proc/sys/fs/file-nr"};
    for (size_t i = 0; i < sizeof global / sizeof *global; i++)
        if (access(global[i], F_OK) == 0) leak("found", global[i]);
    struct sysinfo si; /* the same counters in one call (freeram, loads, procs) */
    if (sysinfo(&si) == 0) leak("read", "sysinfo");
    if (getppid() > 1) leak("sees a parent outside", "getppid");
    if (getenv("ARENA_SPY_SECRET") || getenv("HOME") || getenv("PATH")) leak("environment", "");
}

static int32_t spy_act(void *bot, const arena_turn *turn)
{
    int *done = bot;
    if (!*done) {
        *done = 1;
        attack();
    }
    return leaks ? -12345 : turn->legal[0];
}

ARENA_BOT("spy", "1.0", "tests", "*", evil_create, spy_act, NULL, evil_destroy)
