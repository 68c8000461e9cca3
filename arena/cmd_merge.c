/* cmd_merge.c -- `arena merge`: the command line of merge.h. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli_cmds.h"
#include "merge_internal.h"
#include "report_html.h"

static const char merge_help[] =
    "Usage: arena merge DIR... [--out DIR] [--replays N|all] [--no-report]\n\n"
    "Joins the shards of a tournament (each made by arena tournament --shard I/N,\n"
    "in its own results directory) into one tournament, as if it had been played\n"
    "in one piece: its store, its plan (tournament.txt), its match logs, its rating\n"
    "tables and crosstable, its HTML report, and the persistent ratings of --out.\n"
    "A DIR is a shard's tournament directory, or a results directory holding one\n"
    "shard. The shards must be of one\n"
    "tournament (game, options, seed, rounds, time control, bots, rules version,\n"
    "number of shards), must not overlap, and must hold every match: otherwise\n"
    "nothing is written, and the missing matches are named with the command that\n"
    "plays them.\n"
    "Needs no bot and no rule module; the shards are left as they are.\n\n"
    "  --out DIR              results directory of the merged tournament (default\n"
    "                         results; not a shard's own, nor one that holds this\n"
    "                         tournament already)\n"
    "  --replays N|all        the HTML report holds the replays of the first N\n"
    "                         matches (default %d)\n"
    "  --no-report            no HTML report\n\n"
    "Exit status: 0 merged, 2 refused, 1 failed to read or write.\n\n"
    "Example: arena tournament --game morris --bots random morris_greedy --seed 7 \\\n"
    "           --shard 1/2 --out results/shard-1     (and --shard 2/2 elsewhere)\n"
    "         arena merge results/shard-1 results/shard-2 --out results\n";

int merge_run(const merge_opts *o)
{
    merge m = {.o = o};
    int rc = merge_load(&m);
    if (rc == 0) rc = merge_write(&m);
    merge_free(&m);
    return rc;
}

int cmd_merge(int argc, char **argv)
{
    merge_opts mo = {.out_dir = "results", .replays = REPORT_HTML_TOURNAMENT_REPLAYS};
    struct option opts[] = {{"out", required_argument, NULL, 'o'},
                            {"replays", required_argument, NULL, 'P'},
                            {"no-report", no_argument, NULL, 'N'},
                            {"help", no_argument, NULL, 'h'},
                            {0, 0, 0, 0}};
    cli_seen seen;
    if (cli_start(&seen, "merge", argc, argv, ":h", opts)) return 2;
    int c;
    /* getopt permutes: --out may come before or after the directories */
    while ((c = cli_next(&seen)) != -1) {
        if (cli_once(&seen, c, optarg)) return 2;
        if (c == 'h') return printf(merge_help, REPORT_HTML_TOURNAMENT_REPLAYS), 0;
        if (c == 'N') {
            mo.no_report = 1;
            continue;
        }
        if (c == 'P') {
            long long v;
            if (strcmp(optarg, "all") == 0)
                mo.replays = -1;
            else if (cli_int("merge", "--replays", optarg, 0, 100000000, &v))
                return 2;
            else
                mo.replays = (long)v;
            continue;
        }
        if (c == 'o') {
            mo.out_dir = optarg;
            continue;
        }
        return cli_bad_option(&seen, c);
    }
    if (optind >= argc) {
        fprintf(stderr, "arena merge: no shard directories given\n");
        fprintf(stderr, merge_help, REPORT_HTML_TOURNAMENT_REPLAYS);
        return 2;
    }
    mo.dirs = (const char *const *)argv + optind;
    mo.n_dirs = argc - optind;
    if (cli_nonempty("merge", mo.dirs, mo.n_dirs, "a shard's directory")) return 2;
    return merge_run(&mo);
}
