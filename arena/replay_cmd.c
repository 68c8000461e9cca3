/* replay_cmd.c -- `arena replay LOG [--step] [--quiet] [--no-board]`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "matchlog.h"
#include "replay.h"
#include "replay_json.h"

static void replay_usage(FILE *f)
{
    fputs("usage: arena replay LOG [--step] [--quiet] [--no-board] [--turns] [--format text|json]\n"
          "  re-plays a match log with its rule module and checks every action and the\n"
          "  result; exit 0 when the log is reproduced, 1 when it is not, 2 on errors.\n"
          "  LOG is a log file, a tournament's segment of logs (matches/gNNNNNN.pb: every\n"
          "  match in it is replayed), or DIR/matches/NNNNN.pb for match NNNNN of a\n"
          "  tournament, wherever its log is stored.\n"
          "  --step      wait for Enter after every action (on a terminal); boards\n"
          "              printed to a terminal are in colour (NO_COLOR set: plain)\n"
          "  --quiet     print only the verdict\n"
          "  --no-board  do not draw the board after every action\n"
          "  --turns     one line per turn (e.g. a paper-soccer bounce chain `1207`, a\n"
          "              mill with its removal), the board after each turn\n"
          "  --format F  text (default) or json: the match, every action and every\n"
          "              position as the rules draw and observe it (docs/replay-json.md;\n"
          "              several logs make a JSON array)\n",
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
        if (!strcmp(a, "--step"))
            o->step = 1;
        else if (!strcmp(a, "--quiet") || !strcmp(a, "-q"))
            o->quiet = 1;
        else if (!strcmp(a, "--no-board"))
            o->show = 0;
        else if (!strcmp(a, "--turns"))
            o->turns = 1;
        else if (!strcmp(a, "--format") || !strncmp(a, "--format=", 9)) {
            const char *f = a[8] == '=' ? a + 9 : (i + 1 < argc ? argv[++i] : NULL);
            if (!f || (strcmp(f, "json") && strcmp(f, "text"))) {
                fprintf(stderr, "replay: bad value '%s' for --format (text or json)\n", f ? f : "");
                return 2;
            }
            o->json = !strcmp(f, "json");
        } else if (a[0] == '-' && a[1] != '\0') {
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

/* "DIR/matches/00007.pb" that is no file: match 7 of that tournament, from
 * whichever segment holds it. 1 found, 0 not such a name, -1 not found. */
static int find_by_number(const char *path, Arena__MatchLog **out, char *err, size_t errlen)
{
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    char *end;
    unsigned long index = strtoul(base, &end, 10);
    if (end == base || strcmp(end, ".pb") != 0 || access(path, F_OK) == 0) return 0;
    char dir[4096];
    snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - path) : 1, slash ? path : ".");
    if (access(dir, F_OK) != 0) return 0; /* then it is simply no such file */
    *out = matchlog_find(dir, (uint32_t)index, err, errlen);
    return *out ? 1 : -1;
}

/* --format json: one document, or an array of them for a segment. */
static int replay_json_all(Arena__MatchLog **logs, size_t n, const char *path)
{
    int rc = 0;
    if (n != 1) fputs("[", stdout);
    for (size_t i = 0; i < n; i++) {
        char err[1024];
        if (i) fputc(',', stdout);
        int r = replay_json_write(stdout, logs[i], path, err, sizeof err);
        if (r) fprintf(stderr, "replay: %s\n", err);
        if (r == 2) fputs("null", stdout); /* nothing written: keep the array valid */
        if (r > rc) rc = r;
    }
    if (n != 1) fputs("]\n", stdout);
    return rc;
}

int replay_main(int argc, char **argv)
{
    replay_opts o = {.show = 1};
    const char *path = NULL;
    char err[512];
    int rc = parse_args(argc, argv, &o, &path);
    if (rc) return rc == 1 ? 0 : 2;
    Arena__MatchLog **logs = NULL, *one = NULL;
    size_t n = 0;
    int found = find_by_number(path, &one, err, sizeof err);
    if (found < 0) {
        fprintf(stderr, "replay: %s\n", err);
        return 2;
    }
    if (one) {
        logs = &one;
        n = 1;
    } else if (matchlog_read_all(path, &logs, &n, err, sizeof err)) {
        fprintf(stderr, "replay: %s\n", err);
        return 2;
    }
    rc = 0;
    if (o.json) {
        rc = replay_json_all(logs, n, path);
    }
    for (size_t i = 0; i < n && !o.json; i++) {
        char label[4200];
        snprintf(label, sizeof label, "%s", path);
        if (one || n > 1) /* a match inside a segment: say which */
            snprintf(label, sizeof label, "%s (match %u)", path, logs[i]->match_index);
        int r = replay_log(logs[i], label, &o, stdout);
        if (r > rc) rc = r;
    }
    if (one)
        arena__match_log__free_unpacked(one, NULL);
    else
        matchlog_free_all(logs, n);
    fflush(stdout);
    return rc;
}
