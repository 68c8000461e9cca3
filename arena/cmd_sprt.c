/* cmd_sprt.c -- `arena sprt`: is NEW stronger than OLD? The options; the
 * test itself is sprt_run.c, its mathematics sprt.c. */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_cmds.h"
#include "sprt_run.h"

static const char sprt_help[] =
    "Usage: arena sprt --game GAME NEW OLD --elo0 E0 --elo1 E1 [options]\n\n"
    "Plays game pairs of NEW against OLD (one match seed, seats swapped, each game\n"
    "its own dice and cards) until the\n"
    "sequential probability ratio test on the pairs' pentanomial counts (as\n"
    "fishtest computes it for logistic Elo) accepts H1 (NEW is at least E1 Elo\n"
    "stronger) or H0 (at most E0). A line shows the LLR with its bounds, games\n"
    "and W/D/L, the pentanomial counts (pairs in which NEW scored 0, 1/2, 1, 3/2,\n"
    "2), Elo ± 95 % and LOS. Every game is logged and stored, the verdict too.\n"
    "NEW and OLD may be one bot with other options (morris_ab:depth=3).\n\n"
    "  --elo0 E0              the Elo difference of H0 (default 0)\n"
    "  --elo1 E1              the Elo difference of H1 (default 5), above E0\n"
    "  --alpha A              chance of accepting H1 when H0 holds (default 0.05)\n"
    "  --beta B               chance of accepting H0 when H1 holds (default 0.05)\n"
    "  --model logistic|normalized  Elo of E0 and E1: logistic (default) or\n"
    "                         normalised (nElo, independent of the draw rate; its LLR\n"
    "                         is the expectation statistic, which agrees with\n"
    "                         fishtest's t-value one near E0 and E1 and takes more\n"
    "                         games than it for large differences)\n"
    "  --max-games N          stop without a verdict after N games, an even number\n"
    "                         (default: none)\n"
    "  --field BOT            games of more seats (the pairwise model): a bot for each\n"
    "                         other seat, once per seat; NEW and OLD swap seats 0 and 1\n"
    "                         and score by their result against each other\n"
    "  -j, --jobs N           game pairs played at once (default 1)\n" PLAY_OPTIONS_HELP
    "  --out DIR              results directory (default results)\n"
    "  --quiet                no progress output\n\n"
    "Exit status 0 whatever the verdict (it is printed and stored), 1 on failure,\n"
    "2 on bad input, 130 when interrupted (Ctrl-C), 143 on SIGTERM.\n\n"
    "Example: arena sprt --game soccer soccer_ab soccer_greedy --elo0 0 --elo1 50 \\\n"
    "           --tc 2+0.02 -j 2\n";

enum { OPT_ELO0 = 2000, OPT_ELO1, OPT_ALPHA, OPT_BETA, OPT_MODEL, OPT_MAX_GAMES, OPT_FIELD };

/* A finite decimal number, the whole argument. */
static int parse_double(const char *opt, const char *arg, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(arg, &end);
    if (!cli_decimal(arg) || *end || errno || !isfinite(v)) {
        fprintf(stderr, "arena sprt: bad value '%s' for %s (expected a number)\n", arg, opt);
        return -1;
    }
    *out = v;
    return 0;
}

/* One SPRT option; 1 when it was one, -1 on a bad value, 0 otherwise. */
static int parse_sprt_option(sprt_opts *so, int c, const char *arg)
{
    long long v;
    switch (c) {
    case OPT_ELO0:
        return parse_double("--elo0", arg, &so->params.elo0) ? -1 : 1;
    case OPT_ELO1:
        return parse_double("--elo1", arg, &so->params.elo1) ? -1 : 1;
    case OPT_ALPHA:
        return parse_double("--alpha", arg, &so->params.alpha) ? -1 : 1;
    case OPT_BETA:
        return parse_double("--beta", arg, &so->params.beta) ? -1 : 1;
    case OPT_MODEL:
        if (strcmp(arg, "logistic") == 0)
            so->params.model = SPRT_LOGISTIC;
        else if (strcmp(arg, "normalized") == 0 || strcmp(arg, "normalised") == 0)
            so->params.model = SPRT_NORMALIZED;
        else {
            fprintf(stderr, "arena sprt: bad value '%s' for --model (logistic or normalized)\n",
                    arg);
            return -1;
        }
        return 1;
    case OPT_MAX_GAMES:
        if (cli_int("sprt", "--max-games", arg, 2, 2000000000, &v)) return -1;
        if (v % 2) /* games come in pairs: 3 would play 4 and say it stopped at 3 */
            return cli_error("sprt", -1,
                             "bad value '%s' for --max-games (expected an even number: games "
                             "are played in pairs)",
                             arg);
        so->max_games = v;
        return 1;
    case 'j':
        if (cli_int("sprt", "-j", arg, 1, 64, &v)) return -1;
        so->jobs = (int)v;
        return 1;
    case 'q':
        so->progress = -1;
        return 1;
    }
    return 0;
}

int cmd_sprt(int argc, char **argv)
{
    play_opts po;
    play_opts_init(&po);
    sprt_opts so = {.params = {0, 5, 0.05, 0.05, SPRT_LOGISTIC}, .jobs = 1, .progress = 2};
    struct option opts[] = {PLAY_LONG_OPTIONS,
                            {"elo0", required_argument, NULL, OPT_ELO0},
                            {"elo1", required_argument, NULL, OPT_ELO1},
                            {"alpha", required_argument, NULL, OPT_ALPHA},
                            {"beta", required_argument, NULL, OPT_BETA},
                            {"model", required_argument, NULL, OPT_MODEL},
                            {"max-games", required_argument, NULL, OPT_MAX_GAMES},
                            {"field", required_argument, NULL, OPT_FIELD},
                            {"jobs", required_argument, NULL, 'j'},
                            {"quiet", no_argument, NULL, 'q'},
                            {"help", no_argument, NULL, 'h'},
                            {0, 0, 0, 0}};
    const char **field = calloc((size_t)argc + 1, sizeof *field);
    int rc = 2;
    cli_seen seen;
    if (cli_start(&seen, "sprt", argc, argv, ":hj:q", opts)) goto out;
    int c;
    while ((c = cli_next(&seen)) != -1) {
        if (c != OPT_FIELD && cli_once(&seen, c, optarg)) goto out; /* --field: one per seat */
        if (c == 'h') {
            fputs(sprt_help, stdout);
            rc = 0;
            goto out;
        }
        if (c == OPT_FIELD) {
            field[so.n_field++] = optarg;
            continue;
        }
        int r = parse_sprt_option(&so, c, optarg);
        if (r == 0) r = play_opts_parse(&po, c, optarg, "sprt");
        if (r < 0) goto out;
        if (r == 0) {
            rc = cli_bad_option(&seen, c);
            goto out;
        }
    }
    int nb = argc - optind;
    if (cli_nonempty("sprt", (const char *const *)argv + optind, nb, "a bot") ||
        cli_nonempty("sprt", field, so.n_field, "a bot of --field"))
        goto out;
    if (!po.game || nb != 2) {
        char hint[512] = "";
        if (!po.game) cli_game_hint(argv + optind, nb, hint, sizeof hint);
        fprintf(stderr, "arena sprt: %s%s\n%s",
                !po.game ? "--game is required" : "give two bots: NEW and OLD", hint, sprt_help);
        goto out;
    }
    char err[256];
    if (sprt_params_check(&so.params, err, sizeof err)) {
        fprintf(stderr, "arena sprt: %s\n", err);
        goto out;
    }
    play_opts_warn(&po);
    so.game_spec = po.game;
    so.bots[0] = argv[optind];
    so.bots[1] = argv[optind + 1];
    so.tc = po.tc;
    so.tc_text = po.tc_text;
    so.margin_us = po.margin_us;
    so.seed = po.seed;
    so.out_dir = po.out_dir;
    so.iso = po.iso;
    so.field = field;
    rc = sprt_run(&so);
out:
    free(field);
    return rc;
}
