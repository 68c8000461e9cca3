/* oomcheck.c -- reads its own oom_score_adj (the jail's /proc) and answers
 * legal[0] when it is 1000, the OOM killer's first choice (jail.c), and an
 * illegal -1 otherwise, or when it cannot read it. */
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "evil.h"

static int32_t oomcheck_act(void *bot, const arena_turn *turn)
{
    (void)bot;
    char buf[16] = "";
    int fd = open("/proc/self/oom_score_adj", O_RDONLY);
    if (fd < 0) return -1;
    ssize_t n = read(fd, buf, sizeof buf - 1);
    close(fd);
    return n > 0 && strncmp(buf, "1000\n", 5) == 0 ? turn->legal[0] : -1;
}

ARENA_BOT("oomcheck", "1.0", "tests", "*", evil_create, oomcheck_act, NULL, evil_destroy)
