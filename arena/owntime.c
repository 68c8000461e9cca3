/* owntime.c -- the time a jailed bot had for a request (see owntime.h). */
#include "owntime.h"

#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "arena/sdk.h"

#define OWNTIME_JUMP_US 1000000 /* realtime and monotonic apart by more: a clock was set */

void owntime_init(owntime *o, pid_t pid)
{
    memset(o, 0, sizeof *o);
    o->pid = pid;
    o->sched_fd = o->stat_fd = -1;
    o->has_cpu_clock = pid > 0 && clock_getcpuclockid(pid, &o->cpu_clock) == 0;
}

void owntime_close(owntime *o)
{
    if (o->sched_fd >= 0) close(o->sched_fd);
    if (o->stat_fd >= 0) close(o->stat_fd);
    o->sched_fd = o->stat_fd = -1;
}

/* Reads the bot's /proc/PID/<name> into buf (NUL-terminated) through a
 * descriptor kept open: one pread of a few dozen bytes. Its length, or -1
 * where the kernel does not keep it. */
static ssize_t owntime_read(const owntime *o, int *fd, int *missing, const char *name, char *buf,
                            size_t len)
{
    if (o->pid <= 0) return -1;
    if (*fd < 0 && !*missing) {
        char path[64];
        snprintf(path, sizeof path, "/proc/%d/%s", (int)o->pid, name);
        *fd = open(path, O_RDONLY | O_CLOEXEC);
        *missing = *fd < 0;
    }
    ssize_t n = *fd >= 0 ? pread(*fd, buf, len - 1, 0) : -1;
    if (n <= 0) return -1;
    buf[n] = '\0';
    return n;
}

int64_t owntime_cpu_us(const owntime *o)
{
    struct timespec ts;
    if (!o->has_cpu_clock || clock_gettime(o->cpu_clock, &ts)) return -1;
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/* The second field of schedstat: nanoseconds runnable but not running. */
int64_t owntime_wait_us(owntime *o)
{
    char buf[96];
    unsigned long long run = 0, wait = 0;
    if (owntime_read(o, &o->sched_fd, &o->sched_missing, "schedstat", buf, sizeof buf) < 0)
        return o->wait_us = 0;
    return o->wait_us = sscanf(buf, "%llu %llu", &run, &wait) == 2 ? (int64_t)(wait / 1000) : 0;
}

/* The state letter of /proc/PID/stat ('R', 'S', 'D', 'T', ...), '?' when
 * it cannot be read (the bot is gone, or the kernel keeps no such file). */
static char owntime_state(owntime *o)
{
    char buf[512];
    if (owntime_read(o, &o->stat_fd, &o->stat_missing, "stat", buf, sizeof buf) < 0) return '?';
    const char *end = strrchr(buf, ')'); /* the name between ( ) may hold anything */
    return end && end[1] == ' ' && end[2] ? end[2] : '?';
}

int owntime_runnable(owntime *o)
{
    return owntime_state(o) == 'R';
}

int owntime_stopped(owntime *o)
{
    /* named, not guessed from what it is not: any other letter (an idle
     * sleep 'I', 'P', one a newer kernel adds) could be a bot at work, and
     * the stop watch charges such a look (owntime_stop.h) */
    char s = owntime_state(o);
    return s == 'T' || s == 't' || s == 'Z' || s == 'X' || s == 'x' || s == '?';
}

static int64_t owntime_real_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

void owntime_start(owntime *o, owntime_count *c, int64_t before_us)
{
    if (before_us < 0) before_us = 0;
    /* as if the request had gone out before_us earlier and the bot had
     * computed all along: every count below is from t0 */
    c->t0_real_ns = owntime_real_ns() - before_us * 1000;
    c->t0_us = arena_now_us() - before_us;
    c->wait0_us = owntime_wait_us(o);
    c->look_us = c->look_cpu_us = -1;
}

/* Wall-clock time from the request to until_us less the waits counted by
 * now: the plain count, which includes a wait going on. */
static int64_t owntime_count_us(owntime *o, const owntime_count *c, int64_t until_us)
{
    int64_t had = until_us - c->t0_us - (owntime_wait_us(o) - c->wait0_us);
    return had > 0 ? had : 0;
}

/* Milliseconds to wait for the rest of a limit, rounded up. */
static int owntime_rest_ms(int64_t rest_us)
{
    int64_t ms = (rest_us + 999) / 1000;
    return ms < 0 ? 0 : ms > INT_MAX ? INT_MAX : (int)ms;
}

int owntime_first_ms(const owntime_count *c, int64_t limit_us)
{
    if (limit_us <= 0) return -1;
    return owntime_rest_ms(limit_us - (arena_now_us() - c->t0_us));
}

int owntime_over(owntime *o, owntime_count *c, int64_t limit_us, int *ms)
{
    if (limit_us <= 0) return *ms = -1, 0;
    int64_t now = arena_now_us(), had = owntime_count_us(o, c, now);
    if (had < limit_us) {
        /* no wait for a processor can shorten the rest of the limit */
        c->look_us = -1;
        *ms = owntime_rest_ms(limit_us - had);
        return 0;
    }
    if (!owntime_runnable(o)) return 1;
    int64_t cpu = owntime_cpu_us(o);
    if (cpu < 0) return 1;
    /* Runnable: possibly waiting since its last run. If it ran after the
     * previous look, that wait began after the look. */
    int over = c->look_us >= 0 && cpu > c->look_cpu_us && had - (now - c->look_us) >= limit_us;
    c->look_us = now;
    c->look_cpu_us = cpu;
    *ms = OWNTIME_LOOK_MS;
    return over;
}

int64_t owntime_had(owntime *o, const owntime_count *c, int64_t stamp_ns)
{
    int64_t now = arena_now_us(), until = now;
    if (stamp_ns >= 0) {
        int64_t sent = (stamp_ns - c->t0_real_ns) / 1000, real_now = owntime_real_ns();
        int64_t drift = (real_now - c->t0_real_ns) / 1000 - (now - c->t0_us);
        if (drift < OWNTIME_JUMP_US && drift > -OWNTIME_JUMP_US) /* no clock was set */
            until = c->t0_us + (sent < 0 ? 0 : sent > now - c->t0_us ? now - c->t0_us : sent);
    }
    return owntime_count_us(o, c, until);
}

int owntime_stamp_channel(int fd)
{
    int on = 1;
    return setsockopt(fd, SOL_SOCKET, SO_TIMESTAMPNS, &on, sizeof on) == 0 ? 0 : -1;
}

ssize_t owntime_recv(int fd, void *buf, size_t len, int64_t *stamp_ns)
{
    union {
        /* room for the stamp and for descriptors an unsandboxed bot might
         * pass (a jailed one cannot: its filter has no sendmsg) */
        char buf[CMSG_SPACE(sizeof(struct timespec)) + CMSG_SPACE(16 * sizeof(int))];
        struct cmsghdr align;
    } ctl;
    struct iovec iov = {buf, len};
    struct msghdr m;
    memset(&m, 0, sizeof m);
    m.msg_iov = &iov;
    m.msg_iovlen = 1;
    m.msg_control = ctl.buf;
    m.msg_controllen = sizeof ctl.buf;
    *stamp_ns = -1;
    ssize_t n = recvmsg(fd, &m, MSG_TRUNC | MSG_DONTWAIT | MSG_CMSG_CLOEXEC);
    if (n < 0) return n;
    for (struct cmsghdr *cm = CMSG_FIRSTHDR(&m); cm; cm = CMSG_NXTHDR(&m, cm)) {
        if (cm->cmsg_level != SOL_SOCKET) continue;
        if (cm->cmsg_type == SO_TIMESTAMPNS && cm->cmsg_len >= CMSG_LEN(sizeof(struct timespec))) {
            struct timespec ts;
            memcpy(&ts, CMSG_DATA(cm), sizeof ts);
            *stamp_ns = (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
        } else if (cm->cmsg_type == SCM_RIGHTS) { /* never kept */
            size_t k = (cm->cmsg_len - CMSG_LEN(0)) / sizeof(int);
            for (size_t i = 0; i < k; i++) {
                int passed;
                memcpy(&passed, CMSG_DATA(cm) + i * sizeof(int), sizeof passed);
                close(passed);
            }
        }
    }
    return n;
}
