/* memguard.c -- the arena's watch on the machine's memory (memguard.h). */
#include "memguard.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "meminfo.h"
#include "xalloc.h"

#define MEMGUARD_FILL_KB_PER_MS (8 * 1024) /* 8 GB/s: invariant 4 */
#define MEMGUARD_MIN_SLEEP_MS 10
#define MEMGUARD_MAX_SLEEP_MS 1000
#define MEMGUARD_GONE_MS 500 /* invariant 2 */

typedef struct guard_host {
    pid_t pid;
    char *bot;
    char verdict[MEMGUARD_WORDS]; /* "" until the guard kills below it */
} guard_host;

struct memguard {
    pthread_mutex_t mu; /* guards hosts, started, stop */
    pthread_cond_t wake;
    guard_host *hosts;
    size_t nhosts, cap;
    int started, stop;
    pthread_t thread;
};

/* -------------------------------------------------------------- decision -- */

long memguard_pick(const memguard_proc *p, size_t n, int nbots, uint64_t *bot_kb, int *bot_procs)
{
    if (nbots <= 0) return -1;
    uint64_t *total = xcalloc((size_t)nbots, sizeof *total);
    for (size_t i = 0; i < n; i++)
        if (p[i].bot >= 0 && p[i].bot < nbots) total[p[i].bot] += p[i].kb;
    int top = 0;
    for (int b = 1; b < nbots; b++)
        if (total[b] > total[top]) top = b;
    long pick = -1;
    int procs = 0;
    for (size_t i = 0; i < n; i++) {
        if (p[i].bot != top) continue;
        procs++;
        if (pick < 0 || p[i].kb > p[pick].kb || (p[i].kb == p[pick].kb && p[i].pid < p[pick].pid))
            pick = (long)i;
    }
    if (bot_kb) *bot_kb = total[top];
    if (bot_procs) *bot_procs = procs;
    free(total);
    return pick >= 0 && p[pick].kb >= MEMGUARD_MIN_KB ? pick : -1;
}

/* ------------------------------------------------------------ processes -- */

typedef struct proc_row {
    pid_t pid, ppid;
} proc_row;

/* The parent of pid from /proc/PID/stat, or -1 (gone). */
static pid_t proc_parent(pid_t pid)
{
    char path[48], buf[512];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    ssize_t n = read(fd, buf, sizeof buf - 1);
    close(fd);
    if (n <= 0) return -1;
    buf[n] = '\0';
    /* the name is in parentheses and may hold anything: the last ')' ends it */
    char *p = strrchr(buf, ')');
    int ppid;
    char state;
    if (!p || sscanf(p + 1, " %c %d", &state, &ppid) != 2) return -1;
    return state == 'Z' || state == 'X' ? -1 : (pid_t)ppid;
}

/* Every live process and its parent. */
static proc_row *proc_table(size_t *n_out)
{
    *n_out = 0;
    DIR *d = opendir("/proc");
    if (!d) return NULL;
    proc_row *rows = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (!isdigit((unsigned char)e->d_name[0])) continue;
        pid_t pid = (pid_t)atoi(e->d_name), ppid = proc_parent(pid);
        if (ppid < 0) continue;
        if (n == cap) rows = xrealloc(rows, (cap = cap ? 2 * cap : 256) * sizeof *rows);
        rows[n++] = (proc_row){pid, ppid};
    }
    closedir(d);
    *n_out = n;
    return rows;
}

/* What killing pid frees, in kB: RssAnon + RssShmem + VmPTE; 0 if gone. */
static uint64_t proc_held_kb(pid_t pid)
{
    char path[48], line[128];
    snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
    FILE *f = fopen(path, "re");
    if (!f) return 0;
    uint64_t kb = 0;
    unsigned long long v;
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "RssAnon: %llu", &v) == 1 || sscanf(line, "RssShmem: %llu", &v) == 1 ||
            sscanf(line, "VmPTE: %llu", &v) == 1)
            kb += v;
    fclose(f);
    return kb;
}

/* ------------------------------------------------------------------ look -- */

/* The bots' processes: every process below a host (not the host), with the
 * index of its host's bot among the distinct bots (in order of
 * registration), its parent and its host; what they hold together. */
typedef struct seen {
    memguard_proc *procs;
    pid_t *parent;
    size_t *host; /* index into g->hosts */
    size_t n, cap;
    int nbots;
    uint64_t total_kb;
} seen;

static void seen_add(seen *s, pid_t pid, pid_t parent, int bot, size_t host)
{
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 16;
        s->procs = xrealloc(s->procs, s->cap * sizeof *s->procs);
        s->parent = xrealloc(s->parent, s->cap * sizeof *s->parent);
        s->host = xrealloc(s->host, s->cap * sizeof *s->host);
    }
    s->procs[s->n] = (memguard_proc){pid, bot, proc_held_kb(pid)};
    s->total_kb += s->procs[s->n].kb;
    s->parent[s->n] = parent;
    s->host[s->n] = host;
    s->n++;
}

static void seen_free(seen *s)
{
    free(s->procs);
    free(s->parent);
    free(s->host);
}

/* g->mu held. */
static void seen_collect(memguard *g, seen *s)
{
    size_t nrows;
    proc_row *rows = proc_table(&nrows);
    /* bots are numbered in the order their first host registered */
    const char **bots = xcalloc(g->nhosts, sizeof *bots);
    int nbots = 0;
    for (size_t h = 0; h < g->nhosts; h++) {
        int bot = 0;
        while (bot < nbots && strcmp(bots[bot], g->hosts[h].bot) != 0)
            bot++;
        if (bot == nbots) bots[nbots++] = g->hosts[h].bot;
        /* breadth first below the host: the jail's init, the bot, ... */
        size_t from = s->n;
        for (size_t r = 0; r < nrows; r++)
            if (rows[r].ppid == g->hosts[h].pid) seen_add(s, rows[r].pid, rows[r].ppid, bot, h);
        for (size_t i = from; i < s->n; i++)
            for (size_t r = 0; r < nrows; r++)
                if (rows[r].ppid == s->procs[i].pid) seen_add(s, rows[r].pid, rows[r].ppid, bot, h);
    }
    s->nbots = nbots;
    free(bots);
    free(rows);
}

/* Kills pid if its parent is still `parent` (invariant 1); waits for it to
 * go (invariant 2). 0 when signalled. */
static int kill_checked(pid_t pid, pid_t parent)
{
    int fd = (int)syscall(SYS_pidfd_open, pid, 0);
    if (fd < 0 && errno != ENOSYS) return -1; /* gone */
    if (proc_parent(pid) != parent) {
        if (fd >= 0) close(fd);
        return -1;
    }
    int rc =
        fd >= 0 ? (int)syscall(SYS_pidfd_send_signal, fd, SIGKILL, NULL, 0) : kill(pid, SIGKILL);
    if (rc == 0 && fd >= 0) {
        struct pollfd pf = {fd, POLLIN, 0};
        poll(&pf, 1, MEMGUARD_GONE_MS);
    } else if (rc == 0) {
        struct timespec t = {0, MEMGUARD_GONE_MS * 1000000L};
        nanosleep(&t, NULL);
    }
    if (fd >= 0) close(fd);
    return rc;
}

/* What the bots' processes hold together, in kB. */
static uint64_t guard_bots_kb(memguard *g)
{
    pthread_mutex_lock(&g->mu);
    seen s = {0};
    seen_collect(g, &s);
    pthread_mutex_unlock(&g->mu);
    seen_free(&s);
    return s.total_kb;
}

/* One look: ends the largest process of the bot that holds the most, if the
 * bots together hold at least half of used_kb, the memory in use on the
 * machine (invariant 6; 0: whatever they hold). avail_kb is for the words. */
static int guard_look(memguard *g, uint64_t avail_kb, uint64_t used_kb)
{
    pthread_mutex_lock(&g->mu);
    seen s = {0};
    seen_collect(g, &s);
    uint64_t bot_kb = 0;
    long v = 2 * s.total_kb >= used_kb ? memguard_pick(s.procs, s.n, s.nbots, &bot_kb, NULL) : -1;
    pid_t pid = -1, parent = -1, host = -1;
    if (v >= 0) {
        guard_host *h = &g->hosts[s.host[v]];
        host = h->pid;
        int jails = 0; /* the bot's seat hosts: one jail each */
        for (size_t i = 0; i < g->nhosts; i++)
            jails += strcmp(g->hosts[i].bot, h->bot) == 0;
        pid = s.procs[v].pid;
        parent = s.parent[v];
        /* said before the kill: the host's report of the death can come at
         * once (taken back below if the kill misses) */
        snprintf(h->verdict, sizeof h->verdict,
                 "killed: the machine ran short of memory (%llu MB left) and this bot held the "
                 "most, %llu MB in %d jail%s; its largest process (%llu MB) was ended",
                 (unsigned long long)(avail_kb / 1024), (unsigned long long)(bot_kb / 1024), jails,
                 jails == 1 ? "" : "s", (unsigned long long)(s.procs[v].kb / 1024));
    }
    pthread_mutex_unlock(&g->mu);
    seen_free(&s);
    if (pid <= 0) return 0;
    if (kill_checked(pid, parent) == 0) return 1;
    /* not killed (it had gone, or its pid is another's now): whatever ends
     * its bot next is not the guard's doing */
    pthread_mutex_lock(&g->mu);
    for (size_t i = 0; i < g->nhosts; i++)
        if (g->hosts[i].pid == host) g->hosts[i].verdict[0] = '\0';
    pthread_mutex_unlock(&g->mu);
    return 0;
}

int memguard_act(memguard *g)
{
    uint64_t total, avail;
    meminfo_usable(&total, &avail);
    return guard_look(g, avail, 0);
}

/* ---------------------------------------------------------------- thread -- */

/* The machine's size and what is available, in kB. The test hook
 * ARENA_TEST_MEMGUARD_MB=N[,M] makes it a machine of N MB that the bots use
 * and other programs M MB of, so a test makes it short with its bots' few
 * MB. */
static void guard_machine(memguard *g, uint64_t *total_kb, uint64_t *avail_kb)
{
    const char *t = getenv("ARENA_TEST_MEMGUARD_MB");
    if (t && *t) {
        char *end;
        *total_kb = strtoull(t, &end, 10) * 1024;
        uint64_t used = (*end == ',' ? strtoull(end + 1, NULL, 10) * 1024 : 0) + guard_bots_kb(g);
        *avail_kb = used < *total_kb ? *total_kb - used : 1;
        return;
    }
    meminfo_usable(total_kb, avail_kb); /* the machine's, or its container's */
}

/* The reserve: a twentieth of the machine, between 64 MB and 1 GB. */
static uint64_t guard_reserve_kb(uint64_t total_kb)
{
    uint64_t kb = total_kb / 20;
    if (kb > 1024 * 1024) kb = 1024 * 1024;
    if (kb < 64 * 1024) kb = 64 * 1024;
    return kb;
}

static void *guard_main(void *arg)
{
    memguard *g = arg;
    uint64_t sleep_ms = MEMGUARD_MIN_SLEEP_MS;
    pthread_mutex_lock(&g->mu);
    while (!g->stop) {
        struct timespec until;
        clock_gettime(CLOCK_MONOTONIC, &until);
        until.tv_sec += (time_t)(sleep_ms / 1000);
        until.tv_nsec += (long)(sleep_ms % 1000) * 1000000L;
        if (until.tv_nsec >= 1000000000L) until.tv_sec++, until.tv_nsec -= 1000000000L;
        pthread_cond_timedwait(&g->wake, &g->mu, &until);
        if (g->stop) break;
        pthread_mutex_unlock(&g->mu);
        uint64_t total, avail;
        guard_machine(g, &total, &avail);
        uint64_t reserve = guard_reserve_kb(total);
        /* a /proc without the figures (0) is no shortage */
        if (avail > 0 && avail < reserve) guard_look(g, avail, total > avail ? total - avail : 0);
        sleep_ms = avail > reserve ? (avail - reserve) / MEMGUARD_FILL_KB_PER_MS : 0;
        if (avail == 0) sleep_ms = MEMGUARD_MAX_SLEEP_MS;
        if (sleep_ms < MEMGUARD_MIN_SLEEP_MS) sleep_ms = MEMGUARD_MIN_SLEEP_MS;
        if (sleep_ms > MEMGUARD_MAX_SLEEP_MS) sleep_ms = MEMGUARD_MAX_SLEEP_MS;
        pthread_mutex_lock(&g->mu);
    }
    pthread_mutex_unlock(&g->mu);
    return NULL;
}

memguard *memguard_new(void)
{
    memguard *g = xcalloc(1, sizeof *g);
    pthread_mutex_init(&g->mu, NULL);
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&g->wake, &ca);
    pthread_condattr_destroy(&ca);
    return g;
}

void memguard_free(memguard *g)
{
    if (!g) return;
    pthread_mutex_lock(&g->mu);
    g->stop = 1;
    int started = g->started;
    pthread_cond_signal(&g->wake);
    pthread_mutex_unlock(&g->mu);
    if (started) pthread_join(g->thread, NULL);
    for (size_t i = 0; i < g->nhosts; i++)
        free(g->hosts[i].bot);
    free(g->hosts);
    pthread_cond_destroy(&g->wake);
    pthread_mutex_destroy(&g->mu);
    free(g);
}

void memguard_watch(memguard *g, pid_t host, const char *bot)
{
    char *name = xstrdup(bot);
    pthread_mutex_lock(&g->mu);
    if (g->nhosts == g->cap)
        g->hosts = xrealloc(g->hosts, (g->cap = g->cap ? 2 * g->cap : 8) * sizeof *g->hosts);
    g->hosts[g->nhosts++] = (guard_host){.pid = host, .bot = name};
    if (!g->started && !g->stop)
        /* without the thread the guard only acts when asked (memguard_act) */
        g->started = pthread_create(&g->thread, NULL, guard_main, g) == 0;
    pthread_mutex_unlock(&g->mu);
}

void memguard_forget(memguard *g, pid_t host)
{
    pthread_mutex_lock(&g->mu);
    for (size_t i = 0; i < g->nhosts; i++)
        if (g->hosts[i].pid == host) {
            free(g->hosts[i].bot);
            /* in order: the first registered wins ties (invariant 5) */
            memmove(&g->hosts[i], &g->hosts[i + 1], (g->nhosts - i - 1) * sizeof *g->hosts);
            g->nhosts--;
            break;
        }
    pthread_mutex_unlock(&g->mu);
}

int memguard_verdict(memguard *g, pid_t host, char *buf, size_t len)
{
    int found = 0;
    pthread_mutex_lock(&g->mu);
    for (size_t i = 0; i < g->nhosts; i++)
        if (g->hosts[i].pid == host && g->hosts[i].verdict[0]) {
            if (buf && len) snprintf(buf, len, "%s", g->hosts[i].verdict);
            found = 1;
        }
    pthread_mutex_unlock(&g->mu);
    return found;
}
