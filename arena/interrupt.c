/* interrupt.c -- Ctrl-C during a tournament (interrupt.h). The handler only
 * writes a byte to a pipe (async-signal-safe); the watcher thread does the
 * rest in normal context. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "interrupt.h"

static int interrupt_pipe[2] = {-1, -1};
static volatile sig_atomic_t interrupt_seen; /* the signal that came first, or 0 */
static struct sigaction interrupt_old[2];    /* SIGINT's, SIGTERM's */
static pthread_t interrupt_thread;
static interrupt_info *interrupt_cur;

static void interrupt_handler(int sig)
{
    if (interrupt_seen) _exit(128 + sig); /* the second one: no waiting at all */
    interrupt_seen = sig;
    int saved = errno;
    ssize_t w = write(interrupt_pipe[1], "i", 1);
    (void)w;
    errno = saved;
}

/* The workers' ipc directory, TMP/arena-<our pid>-XXXXXX (worker.c names it
 * so, TMP being $TMPDIR unless unset or longer than 64 bytes, then /tmp), and
 * its socket files: exiting at once leaves them, and nobody else would remove
 * them before the next arena's start. */
static void interrupt_remove_ipc(void)
{
    const char *tmp = getenv("TMPDIR");
    if (!tmp || !*tmp || strlen(tmp) > 64) tmp = "/tmp";
    char prefix[48];
    snprintf(prefix, sizeof prefix, "arena-%d-", (int)getpid());
    DIR *d = opendir(tmp);
    struct dirent *e;
    while (d && (e = readdir(d))) {
        if (strncmp(e->d_name, prefix, strlen(prefix)) != 0) continue;
        char dir[4200], file[4500];
        struct stat sb;
        snprintf(dir, sizeof dir, "%s/%s", tmp, e->d_name);
        if (lstat(dir, &sb) || !S_ISDIR(sb.st_mode) || sb.st_uid != getuid()) continue;
        DIR *sub = opendir(dir);
        struct dirent *f;
        while (sub && (f = readdir(sub))) {
            snprintf(file, sizeof file, "%s/%s", dir, f->d_name);
            if (lstat(file, &sb) == 0 && S_ISSOCK(sb.st_mode)) unlink(file);
        }
        if (sub) closedir(sub);
        rmdir(dir);
    }
    if (d) closedir(d);
}

void interrupt_report_stored(const interrupt_info *info, size_t committed, const char *lead)
{
    fprintf(stderr, "arena tournament: %zu of %zu matches stored. %s%co finish it:\n  %s\n",
            info->stored_before + committed, info->planned, lead ? lead : "", lead ? 't' : 'T',
            info->resume_cmd);
}

static void *interrupt_watch(void *arg)
{
    interrupt_info *info = arg;
    char c = 0;
    ssize_t r;
    do
        r = read(interrupt_pipe[0], &c, 1);
    while (r < 0 && errno == EINTR);
    if (r != 1 || c != 'i') return NULL; /* disarmed */
    int sig = interrupt_seen;
    fprintf(stderr, "\narena tournament: %s; storing the finished matches...\n",
            sig == SIGTERM ? "terminated (SIGTERM)" : "interrupted");
    int failed = commit_flush(info->commit) != 0;
    pthread_mutex_lock(&info->commit->lock);
    size_t committed = info->commit->committed;
    pthread_mutex_unlock(&info->commit->lock);
    interrupt_report_stored(info, committed, failed ? "Storing the last ones failed; " : NULL);
    fflush(stderr);
    fflush(stdout);
    interrupt_remove_ipc();
    _exit(128 + sig);
}

int interrupt_arm(interrupt_info *info)
{
    if (pipe2(interrupt_pipe, O_CLOEXEC) != 0) return -1;
    interrupt_seen = 0;
    interrupt_cur = info;
    if (pthread_create(&interrupt_thread, NULL, interrupt_watch, info) != 0) {
        close(interrupt_pipe[0]);
        close(interrupt_pipe[1]);
        interrupt_pipe[0] = interrupt_pipe[1] = -1;
        interrupt_cur = NULL;
        return -1;
    }
    struct sigaction sa = {0};
    sa.sa_handler = interrupt_handler;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &interrupt_old[0]);
    sigaction(SIGTERM, &sa, &interrupt_old[1]);
    return 0;
}

void interrupt_disarm(void)
{
    if (!interrupt_cur) return;
    sigaction(SIGINT, &interrupt_old[0], NULL);
    sigaction(SIGTERM, &interrupt_old[1], NULL);
    if (!interrupt_seen) {
        ssize_t w = write(interrupt_pipe[1], "q", 1);
        (void)w;
        pthread_join(interrupt_thread, NULL);
    } else {
        for (;;) /* the watcher is finishing the exit */
            pause();
    }
    close(interrupt_pipe[0]);
    close(interrupt_pipe[1]);
    interrupt_pipe[0] = interrupt_pipe[1] = -1;
    interrupt_cur = NULL;
}
