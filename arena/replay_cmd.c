/* replay_cmd.c -- `arena replay LOG [--step] [--quiet] [--no-board]`. */
#include <stdio.h>
#include <string.h>

#include "matchlog.h"
#include "replay.h"

static void replay_usage(FILE *f)
{
    fputs("usage: arena replay LOG [--step] [--quiet] [--no-board] [--turns]\n"
          "  re-plays a match log with its rule module and checks every action and the\n"
          "  result; exit 0 when the log is reproduced, 1 when it is not, 2 on errors.\n"
          "  --step      wait for Enter after every action (on a terminal)\n"
          "  --quiet     print only the verdict\n"
          "  --no-board  do not draw the board after every action\n"
          "  --turns     one line per turn (e.g. a paper-soccer bounce chain `1207`, a\n"
          "              mill with its removal), the board after each turn\n",
          f);
}

/* 0 ok, 1 --help shown, 2 bad arguments. */
static int parse_args(int argc, char **argv, replay_opts *o, const char **path)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            replay_usage(stdout);
            return 1;
        }
        if (!strcmp(a, "--step")) o->step = 1;
        else if (!strcmp(a, "--quiet") || !strcmp(a, "-q")) o->quiet = 1;
        else if (!strcmp(a, "--no-board")) o->show = 0;
        else if (!strcmp(a, "--turns")) o->turns = 1;
        else if (a[0] == '-' && a[1] != '\0') {
            fprintf(stderr, "replay: unknown option '%s'\n", a);
            replay_usage(stderr);
            return 2;
        } else if (*path) {
            fprintf(stderr, "replay: one log at a time ('%s' and '%s')\n", *path, a);
            return 2;
        } else {
            *path = a;
        }
    }
    if (!*path) {
        fputs("replay: which log? give the path of a .pb match log\n", stderr);
        replay_usage(stderr);
        return 2;
    }
    return 0;
}

int replay_main(int argc, char **argv)
{
    replay_opts o = {.show = 1};
    const char *path = NULL;
    char err[512];
    int rc = parse_args(argc, argv, &o, &path);
    if (rc) return rc == 1 ? 0 : 2;
    Arena__MatchLog *log = matchlog_read(path, err, sizeof err);
    if (!log) {
        fprintf(stderr, "replay: %s\n", err);
        return 2;
    }
    rc = replay_log(log, path, &o, stdout);
    arena__match_log__free_unpacked(log, NULL);
    fflush(stdout);
    return rc;
}
