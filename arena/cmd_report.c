/* cmd_report.c -- `arena report DIR`: (re)writes a tournament's HTML report
 * from the store and the match logs (report_html.h). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli_cmds.h"
#include "report_html.h"
#include "rundir.h"
#include "store.h"

static void report_usage(FILE *f)
{
    fputs("Usage: arena report DIR [--out RESULTS] [--replays N|all]\n\n"
          "Writes DIR/index.html, the report of the tournament in DIR (a directory under\n"
          "the results directory, as `arena tournament` prints it): ratings with 95%\n"
          "error bars, the crosstable as a heat map, ratings over time, per bot the score\n"
          "by seat, time per move and forfeits; every match links to its replay\n"
          "(DIR/replay.html, DIR/replays/). Self-contained: open it in any browser. A\n"
          "tournament writes it at its end too.\n\n"
          "Options:\n"
          "  --out RESULTS  the results directory holding arena.db (default: DIR's parent);\n"
          "                 DIR may then be the tournament's name alone\n"
          "  --replays N    write the replays of matches 0..N-1 only (default all; a\n"
          "                 tournament writes the first 100 at its end)\n",
          f);
}

int cmd_report(int argc, char **argv)
{
    const char *dir = NULL, *out = NULL;
    long long max_replays = -1;
    struct option opts[] = {{"out", required_argument, NULL, 'o'},
                            {"replays", required_argument, NULL, 'P'},
                            {"help", no_argument, NULL, 'h'},
                            {0, 0, 0, 0}};
    cli_seen seen;
    if (cli_start(&seen, "report", argc, argv, ":h", opts)) return 2;
    int c;
    /* getopt permutes: the options may come before or after DIR */
    while ((c = cli_next(&seen)) != -1) {
        if (c == 'h') return report_usage(stdout), 0;
        if (cli_once(&seen, c, optarg)) return 2;
        if (c == 'o')
            out = optarg;
        else if (c == 'P') {
            if (strcmp(optarg, "all") != 0 &&
                cli_int("report", "--replays", optarg, 0, 100000000, &max_replays))
                return 2;
        } else
            return cli_bad_option(&seen, c);
    }
    if (optind + 1 < argc)
        return cli_error("report", 2, "one tournament directory at a time ('%s', '%s')",
                         argv[optind], argv[optind + 1]);
    if (optind < argc) dir = argv[optind];
    if (dir && cli_nonempty("report", &dir, 1, "a tournament directory")) return 2;
    if (!dir) {
        fputs("arena report: which tournament? give its directory, e.g. "
              "results/20261201-145309-morris\n",
              stderr);
        return 2;
    }
    /* DIR = RESULTS/NAME: NAME is how the store knows the tournament. */
    rundir_loc at;
    char why[8400];
    if (out) {
        /* the store is where --out says; DIR is a path, or a tournament's
         * name under RESULTS (`arena report NAME --out RESULTS`) */
        struct stat st;
        char under[8400];
        snprintf(under, sizeof under, "%s/%s", out, dir);
        if (stat(dir, &st) != 0 && stat(under, &st) == 0) dir = under;
        rundir_split(dir, &at);
        if (stat(at.dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
            fprintf(stderr, "arena report: %s: no such tournament directory (nor under %s)\n",
                    at.dir, out);
            return 2;
        }
    } else if (rundir_locate(dir, &at, why, sizeof why)) {
        fprintf(stderr, "arena report: %s\n", why);
        return 2;
    }
    if (!out) out = at.results;
    char err[1024];
    int rc;
    store *s = cli_store_open("report", out, &rc);
    if (!s) return rc;
    rc = report_html_write(s, at.dir, at.name, (long)max_replays, err, sizeof err);
    store_close(s);
    if (rc) {
        fprintf(stderr, "arena report: %s\n", err);
        return 1;
    }
    printf("Report: %s/index.html\n", at.dir);
    return 0;
}
