/* botout.c -- a bot's output, drained, cleaned and capped (see botout.h). */
#include "botout.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sys/ioctl.h>
#include <string.h>
#include <unistd.h>

#include "text.h"

void botout_init(botout *o, int fd, const char *bot_path)
{
    memset(o, 0, sizeof *o);
    o->fd = fd;
    o->to = stderr;
    const char *base = strrchr(bot_path, '/');
    snprintf(o->label, sizeof o->label, "%s", base ? base + 1 : bot_path);
    text_clean(o->label, sizeof o->label - 1);
    if (fd >= 0) fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
}

static void botout_emit(botout *o)
{
    o->line[o->len] = '\0';
    o->len = 0;
    if (o->dropped) return;
    text_clean(o->line, BOTOUT_LINE);
    /* what the line costs the arena's output: "[label] line\n", so that a
     * line of nothing (or of NULs) is not nearly free */
    size_t n = strlen(o->label) + 4 + strlen(o->line);
    if (o->used + n > BOTOUT_MAX_PER_GAME) {
        o->dropped = 1;
        fprintf(o->to, "[%s] (more output dropped: %d KB a game at most)\n", o->label,
                BOTOUT_MAX_KB);
        return;
    }
    o->used += n;
    fprintf(o->to, "[%s] %s\n", o->label, o->line);
}

void botout_drain(botout *o)
{
    char buf[4096];
    for (int rounds = 0; o->fd >= 0 && rounds < 64; rounds++) {
        ssize_t n = read(o->fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            if (n == 0) { /* the writer is gone */
                close(o->fd);
                o->fd = -1;
            }
            break;
        }
        for (ssize_t i = 0; i < n; i++) {
            if (buf[i] == '\n' || o->len == BOTOUT_LINE) botout_emit(o);
            if (buf[i] != '\n') o->line[o->len++] = buf[i];
        }
    }
}

void botout_new_game(botout *o)
{
    o->used = 0;
    o->dropped = 0;
}

int botout_pipe_full(int fd)
{
    int queued = 0, size = fcntl(fd, F_GETPIPE_SZ);
    /* no room for one more atomic write */
    return size > 0 && ioctl(fd, FIONREAD, &queued) == 0 && queued > size - PIPE_BUF;
}

void botout_close(botout *o)
{
    botout_drain(o);
    if (o->len) botout_emit(o);
    if (o->fd >= 0) close(o->fd);
    o->fd = -1;
}
