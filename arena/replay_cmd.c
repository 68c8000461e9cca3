/* replay_cmd.c -- `arena replay LOG [--step] [--quiet] [--no-board]`. */
#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "matchlog.h"
#include "replay.h"
#include "replay_json.h"
#include "cli_cmds.h"
#include <getopt.h>

static const char replay_help[] =
    "Usage: arena replay LOG [--step] [--quiet] [--no-board] [--turns] [--format text|json]\n\n"
    "Re-plays a match log with its rule module and checks every action and the\n"
    "result. LOG is a log file, a tournament's segment of logs (matches/gNNNNNN.pb:\n"
    "every match in it is replayed), or DIR/matches/NNNNN.pb for match NNNNN of a\n"
    "tournament, wherever its log is stored. Exit status 0: the log is reproduced;\n"
    "1: it is not; 2: bad arguments or an unreadable log.\n\n"
    "  --step      wait for Enter after every action (on a terminal); boards\n"
    "              printed to a terminal are in colour (NO_COLOR set: plain)\n"
    "  --quiet     print only the verdict\n"
    "  --no-board  do not draw the board after every action\n"
    "  --turns     one line per turn (e.g. a paper-soccer bounce chain `1207`, a\n"
    "              mill with its removal), the board after each turn\n"
    "  --format F  text (default) or json: the match, every action and every\n"
    "              position as the rules draw and observe it (docs/replay-json.md;\n"
    "              several logs make a JSON array)\n";

/* 0 ok, 1 --help shown, 2 bad arguments (message printed). */
static int parse_args(int argc, char **argv, replay_opts *o, const char **path)
{
    struct option opts[] = {{"step", no_argument, NULL, 's'},
                            {"quiet", no_argument, NULL, 'q'},
                            {"no-board", no_argument, NULL, 'b'},
                            {"turns", no_argument, NULL, 't'},
                            {"format", required_argument, NULL, 'f'},
                            {"help", no_argument, NULL, 'h'},
                            {0, 0, 0, 0}};
    int c;
    cli_seen seen;
    if (cli_start(&seen, "replay", argc, argv, ":hq", opts)) return 2;
    while ((c = cli_next(&seen)) != -1) {
        if (c == 'h') return fputs(replay_help, stdout), 1;
        if (cli_once(&seen, c, optarg)) return 2;
        if (c == 's')
            o->step = 1;
        else if (c == 'q')
            o->quiet = 1;
        else if (c == 'b')
            o->show = 0;
        else if (c == 't')
            o->turns = 1;
        else if (c == 'f' && (!strcmp(optarg, "json") || !strcmp(optarg, "text")))
            o->json = !strcmp(optarg, "json");
        else if (c == 'f')
            return cli_error("replay", 2, "bad value '%s' for --format (text or json)", optarg);
        else
            return cli_bad_option(&seen, c);
    }
    if (optind == argc)
        return cli_error("replay", 2,
                         "which log? give the path of a .pb match log (see arena "
                         "replay --help)");
    if (optind + 1 < argc)
        return cli_error("replay", 2, "one log at a time ('%s' and '%s')", argv[optind],
                         argv[optind + 1]);
    *path = argv[optind];
    return cli_nonempty("replay", path, 1, "a match log (.pb)");
}

/* "DIR/matches/00007.pb" that is no file: match 7 of that tournament, from
 * whichever segment holds it. 1 found, 0 not such a name, -1 not found. */
static int find_by_number(const char *path, Arena__MatchLog **out, char *err, size_t errlen)
{
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    char *end;
    errno = 0; /* digits only: strtoul takes "-1" as the largest number */
    unsigned long index = isdigit((unsigned char)base[0]) ? strtoul(base, &end, 10) : 0;
    if (!isdigit((unsigned char)base[0]) || errno || index > UINT32_MAX ||
        strcmp(end, ".pb") != 0 || access(path, F_OK) == 0)
        return 0;
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
        return cli_error("replay", 2, "%s", err);
    }
    int damaged = 0;
    if (one) {
        logs = &one;
        n = 1;
    } else if ((damaged = matchlog_read_salvage(path, &logs, &n, err, sizeof err)) < 0) {
        return cli_error("replay", 2, "%s", err);
    }
    /* a damaged segment: the logs before the damage are whole and replayed,
     * and the exit status is an unreadable log's */
    if (damaged) cli_error("replay", 2, "%s", err);
    rc = o.json ? replay_json_all(logs, n, path) : 0;
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
    return damaged ? 2 : rc;
}
