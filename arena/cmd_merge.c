/* cmd_merge.c -- `arena merge`: the command line of merge.h. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli_cmds.h"
#include "merge_internal.h"

static const char merge_help[] =
    "Usage: arena merge DIR... [--out DIR]\n\n"
    "Joins the shards of a tournament (each made by arena tournament --shard I/N,\n"
    "in its own results directory) into one tournament, as if it had been played\n"
    "in one piece: its store, its match logs, its rating tables and crosstable,\n"
    "and the persistent ratings of --out. A DIR is a shard's tournament directory,\n"
    "or a results directory holding one shard. The shards must be of one\n"
    "tournament (game, options, seed, rounds, time control, bots, rules version,\n"
    "number of shards), must not overlap, and must hold every match: otherwise\n"
    "nothing is written, and the missing matches are named with the command that\n"
    "plays them.\n"
    "Needs no bot and no rule module; the shards are left as they are.\n\n"
    "  --out DIR              results directory of the merged tournament (default\n"
    "                         results; not a shard's own, nor one that holds this\n"
    "                         tournament already)\n\n"
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
    merge_opts mo = {.out_dir = "results"};
    struct option opts[] = {
        {"out", required_argument, NULL, 'o'}, {"help", no_argument, NULL, 'h'}, {0, 0, 0, 0}};
    optind = 1;
    opterr = 0;
    int c;
    /* getopt permutes: --out may come before or after the directories */
    while ((c = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
        if (c == 'h') return fputs(merge_help, stdout), 0;
        if (c == 'o') {
            mo.out_dir = optarg;
            continue;
        }
        return cli_bad_option("merge", argv, c);
    }
    if (optind >= argc) {
        fprintf(stderr, "arena merge: no shard directories given\n%s", merge_help);
        return 2;
    }
    mo.dirs = (const char *const *)argv + optind;
    mo.n_dirs = argc - optind;
    return merge_run(&mo);
}
