/* cmd_rebuild.c -- `arena rebuild`: arena.db made again from the tournament
 * directories' plans and match logs (rebuild.h). */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli_cmds.h"
#include "rebuild.h"
#include "rundir.h"

static const char rebuild_help[] =
    "Usage: arena rebuild [--out DIR]\n\n"
    "Makes DIR/arena.db (default results/arena.db) again from what DIR holds: each\n"
    "tournament directory's plan (tournament.txt) and match logs (matches/). For a\n"
    "damaged or lost store: the match logs are the source of truth. An existing\n"
    "arena.db is kept, renamed to arena.db.old-DATE. Tournaments, finished matches\n"
    "and rating snapshots come back, gauntlets, shards and SPRT runs as such (an\n"
    "SPRT's verdict counted again from its logs); an interrupted tournament can\n"
    "then be resumed.\n"
    "A damaged segment keeps the logs before the damage; a tournament whose\n"
    "tournament.txt cannot be read is rebuilt from its logs alone.\n"
    "Exit status 0: rebuilt from every log; 1: rebuilt, but something was not\n"
    "whole (each named: unreadable or damaged logs, an unreadable plan, a\n"
    "tournament with fewer matches than before), or nothing could be rebuilt;\n"
    "2: bad arguments.\n\n"
    "  --out DIR   the results directory (default results)\n";

int cmd_rebuild(int argc, char **argv)
{
    const char *out = "results";
    struct option opts[] = {
        {"out", required_argument, NULL, 'o'}, {"help", no_argument, NULL, 'h'}, {0, 0, 0, 0}};
    cli_seen seen;
    if (cli_start(&seen, "rebuild", argc, argv, ":h", opts)) return 2;
    int c;
    while ((c = cli_next(&seen)) != -1) {
        if (cli_once(&seen, c, optarg)) return 2;
        if (c == 'o')
            out = optarg;
        else if (c == 'h')
            return fputs(rebuild_help, stdout), 0;
        else
            return cli_bad_option(&seen, c);
    }
    if (cli_no_operands("rebuild", argv + optind, argc - optind, 0)) return 2;
    rebuild_stats st;
    char err[1024];
    /* a directory that is not there is a bad --out, not a failed rebuild */
    if (rundir_exists(out, err, sizeof err))
        return cli_error("rebuild", 2, "%s: give --out the results directory of your tournaments",
                         err);
    if (rebuild_store(out, stderr, &st, err, sizeof err)) return cli_error("rebuild", 1, "%s", err);
    if (st.moved_aside[0]) printf("The old store is kept as %s\n", st.moved_aside);
    printf("Rebuilt %s/arena.db: %d tournaments, %d matches from %d log files", out, st.tournaments,
           st.matches, st.files);
    if (st.skipped) printf(", %d skipped (see above)", st.skipped);
    printf(".\n");
    if (st.bad_plans || st.short_of)
        printf("Not whole: %d unreadable plans, %d tournaments with matches lost (see above).\n",
               st.bad_plans, st.short_of);
    return st.skipped || st.bad_plans || st.short_of ? 1 : 0;
}
