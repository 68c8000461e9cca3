/* cmd_play.c -- `arena match` and `arena tournament`. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "botspec.h"
#include "cli_cmds.h"
#include "match.h"
#include "matchlog.h"
#include "outcome.h"
#include "progress.h"
#include "report_html.h"
#include "sandbox.h"
#include "session.h"
#include "shard.h"
#include "remote_hosts.h"
#include "rundir.h"
#include "tournament.h"
#include "xalloc.h"

/* --hosts and its keys (remote_hosts.h), for match and tournament. */
#define REMOTE_HELP                                                                                \
    "  --hosts H,...          play the bots on seat hosts (arena host) of other\n"                 \
    "                         machines: tcp://HOST:PORT, or local for this one\n"                  \
    "  --host-keys F,...|DIR  the hosts' public keys (one file per host, in order,\n"              \
    "                         or one for all, or a DIR of HOST_PORT.key files)\n"                  \
    "  --keys DIR             this arena's key pair (arena keygen DIR)\n"                          \
    "  --insecure             plain tcp to the hosts, without CURVE\n"
#define REMOTE_LONG_OPTIONS                                                                        \
    {"hosts", required_argument, NULL, 'H'}, {"host-keys", required_argument, NULL, 'K'},          \
        {"keys", required_argument, NULL, 'k'},                                                    \
    {                                                                                              \
        "insecure", no_argument, NULL, 'I'                                                         \
    }

typedef struct remote_opts {
    const char *hosts, *host_keys, *keys;
    int insecure;
} remote_opts;

static int remote_opt(remote_opts *ro, int c, const char *arg)
{
    if (c == 'H')
        ro->hosts = arg;
    else if (c == 'K')
        ro->host_keys = arg;
    else if (c == 'k')
        ro->keys = arg;
    else if (c == 'I')
        ro->insecure = 1;
    else
        return 0;
    return 1;
}

/* The hosts, their keys checked both ways and their network margins
 * measured (one line each); NULL with the message printed. */
static remote_set *remote_start(const remote_opts *ro, const play_opts *po, const char *cmd)
{
    char err[700];
    if (po->iso.kind != SEAT_PROCESS) {
        fprintf(stderr, "arena %s: --hosts plays in seat hosts: drop --isolation inline\n", cmd);
        return NULL;
    }
    remote_set *rs = xcalloc(1, sizeof *rs);
    int failed =
        remote_set_open(rs, ro->hosts, ro->host_keys, ro->keys, ro->insecure, err, sizeof err);
    rs->unsandboxed = po->iso.sandbox == SANDBOX_OFF;
    /* warned once the hosts and keys are known good (a bad --hosts is the
     * one line then), and before anything travels in plain tcp */
    if (!failed && ro->insecure)
        fprintf(stderr,
                "arena %s: WARNING: --insecure: plain tcp without CURVE; moves and bots travel "
                "readable and unauthenticated\n",
                cmd);
    if (failed || remote_set_probe(rs, stderr, err, sizeof err)) {
        fprintf(stderr, "arena %s: %s\n", cmd, err);
        remote_set_close(rs);
        free(rs);
        return NULL;
    }
    return rs;
}

static const char match_help[] =
    "Usage: arena match --game GAME BOT BOT... [options]\n\n"
    "Plays one match between the bots (seat order as given) and writes its "
    "log.\n\n" PLAY_OPTIONS_HELP PLAY_OUT_HELP
    "  --show                 draw the board after every move\n" REMOTE_HELP "\n"
    "Example: arena match --game morris morris_greedy random --show --seed 7\n";

static int write_single_log(const char *out_dir, const Arena__MatchLog *log, char *path,
                            size_t pathlen)
{
    char dir[1024], err[512];
    snprintf(dir, sizeof dir, "%s/matches", out_dir);
    if (rundir_mkdirs(dir, err, sizeof err)) {
        fprintf(stderr, "arena match: %s\n", err);
        return -1;
    }
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    char stamp[64];
    strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
    /* the same game and seed twice in one second: -2, -3, ..., never over
     * the first */
    int rc = 1;
    char again[16] = "";
    for (int k = 1; rc == 1 && k < 1000; k++) {
        if (k > 1) snprintf(again, sizeof again, "-%d", k);
        snprintf(path, pathlen, "%s/%s-%s-%llu%s.pb", dir, stamp, log->game,
                 (unsigned long long)log->match_seed, again);
        rc = matchlog_write_new(path, log, err, sizeof err);
    }
    if (rc == 1) snprintf(err, sizeof err, "%s: no free name for the log", dir);
    if (rc) {
        fprintf(stderr, "arena match: %s\n", err);
        return -1;
    }
    return 0;
}

static void print_match_result(const session *s, const match_record *rec)
{
    char res[64];
    progress_result_text(rec, res, sizeof res);
    printf("\nResult: ");
    for (int i = 0; i < rec->num_players; i++)
        printf("%s%s", i ? " - " : "", s->entrants[rec->seat_entrant[i]]->display);
    printf("  %s  after %d plies\n", res, rec->plies);
    char how[512];
    if (rec->end == OUTCOME_NORMAL)
        snprintf(how, sizeof how, "%s", rec->end_detail);
    else if (outcome_is_forfeit(rec->end) && rec->culprit >= 0)
        outcome_blame(rec->end, s->entrants[rec->seat_entrant[rec->culprit]]->display,
                      rec->end_detail, how, sizeof how);
    else
        outcome_describe(rec->end, rec->end_detail, how, sizeof how);
    printf("Ended: %s\n", how);
}

static void match_remote_close(remote_set *rs)
{
    if (rs) remote_set_close(rs);
    free(rs);
}

int cmd_match(int argc, char **argv)
{
    play_opts po;
    play_opts_init(&po);
    remote_opts ro = {0};
    int show = 0;
    struct option opts[] = {PLAY_LONG_OPTIONS,
                            REMOTE_LONG_OPTIONS,
                            {"show", no_argument, NULL, 's'},
                            {"help", no_argument, NULL, 'h'},
                            {0, 0, 0, 0}};
    cli_seen seen;
    if (cli_start(&seen, "match", argc, argv, ":hs", opts)) return 2;
    int c;
    while ((c = cli_next(&seen)) != -1) {
        if (c == 'h') return fputs(match_help, stdout), 0;
        if (cli_once(&seen, c, optarg)) return 2;
        if (remote_opt(&ro, c, optarg)) continue;
        if (c == 's') {
            show = 1;
            continue;
        }
        int r = play_opts_parse(&po, c, optarg, "match");
        if (r < 0) return 2;
        if (r == 0) return cli_bad_option(&seen, c);
    }
    int nb = argc - optind;
    if (cli_nonempty("match", (const char *const *)argv + optind, nb, "a bot")) return 2;
    if (!po.game || nb < 1) {
        char hint[512] = "";
        if (!po.game) cli_game_hint(argv + optind, nb, hint, sizeof hint);
        fprintf(stderr, "arena match: %s%s\n%s", !po.game ? "--game is required" : "no bots given",
                hint, match_help);
        return 2;
    }
    session s;
    char err[1024];
    if (session_open(&s, po.game, (const char *const *)argv + optind, nb, &po.iso, err,
                     sizeof err)) {
        fprintf(stderr, "arena match: %s\n", err);
        return 2;
    }
    int np = s.lr->rules->num_players(s.game);
    remote_set *remote = NULL;
    if (nb != np) {
        fprintf(stderr, "arena match: %s (%s) needs %d bots, %d given\n", s.name, s.options, np,
                nb);
        session_close(&s);
        return 2;
    }
    if (ro.hosts) {
        int bad = !(remote = remote_start(&ro, &po, "match")) ||
                  remote_prepare_entrants(s.entrants, s.n, err, sizeof err) ||
                  remote_set_bind(remote, &s.seats, err, sizeof err);
        if (bad) {
            if (remote) fprintf(stderr, "arena match: %s\n", err);
            match_remote_close(remote);
            session_close(&s);
            return 2;
        }
    }
    /* before the match, not after it; after the hosts, so that a refusal
     * of theirs leaves nothing written */
    if (rundir_out(po.out_dir, err, sizeof err)) {
        fprintf(stderr, "arena match: %s\n", err);
        match_remote_close(remote);
        session_close(&s);
        return 2;
    }
    play_opts_warn(&po); /* once every input is known good: an error is then the one line */
    match_spec ms = {.lr = s.lr,
                     .game = s.game,
                     .options = s.options,
                     .num_players = np,
                     .seed = po.seed,
                     .tournament = "",
                     .tc = po.tc,
                     .margin_us = po.margin_us,
                     .show = show ? stdout : NULL};
    for (int i = 0; i < np; i++) {
        ms.seat[i] = s.entrants[i];
        ms.seat_entrant[i] = i;
    }
    printf("%s (%s), seed %llu\n", s.name, s.options, (unsigned long long)po.seed);
    seat_pool *pool = remote ? pool_new(remote_pool_open, remote) : session_pool(&s);
    match_record rec;
    Arena__MatchLog *log = remote_match_run(remote, &ms, pool, &rec);
    pool_free(pool);
    match_remote_close(remote);
    print_match_result(&s, &rec);
    char path[1400];
    int rc = write_single_log(po.out_dir, log, path, sizeof path);
    if (rc == 0) printf("Log: %s  (arena replay %s)\n", path, path);
    match_log_free(log);
    session_close(&s);
    return rc ? 1 : 0;
}

static const char tournament_help[] =
    "Usage: arena tournament --game GAME --bots BOT BOT... [options]\n\n"
    "Plays a round robin (or a gauntlet): every pair (every table of the game's\n"
    "number of seats) plays each seat order on one match seed, per round (each\n"
    "order draws its own dice and cards and gives each bot a fresh seed). Every\n"
    "match is logged and stored as it ends; at the end a rating table, Markdown/CSV/\n"
    "JSON copies and a crosstable are written, and the persistent ratings are updated.\n\n"
    "  --bots BOT...          two or more bots (names or .so paths)\n"
    "  --rounds N             rounds (default 1)\n"
    "  -j, --jobs N           matches played at once (default 1)\n"
    "  --seats all            tables play every seat order, not only the "
    "rotations\n"
    "  --gauntlet             the first bot plays all the others, who do not play each\n"
    "                         other (at larger tables: only tables seating the first)\n"
    "  --anchor NAME=ELO      fix NAME's rating (as the table names it) at ELO;\n"
    "                         intervals relative to it (default: the field averages "
    "0)\n" PLAY_OPTIONS_HELP PLAY_OUT_HELP "  --quiet                no progress output\n"
    "  --resume DIR           finish an interrupted tournament (DIR is its directory,\n"
    "                         e.g. results/20261129-134644-morris): plays only the\n"
    "                         missing matches with the stored settings and bots\n"
    "  --replays N|all        the HTML report (index.html) holds the replays of the\n"
    "                         first N matches (default 100)\n"
    "  --no-report            no HTML report at the end (e.g. for benchmarks)\n"
    "  --shard I/N            play only shard I of N: matches I-1, I-1+N, I-1+2N, ...\n"
    "                         with the whole tournament's seeds, into a results\n"
    "                         directory of its own (default results/shard-I-of-N);\n"
    "                         needs --seed. `arena merge` joins the shards\n" REMOTE_HELP "\n"
    "Example: arena tournament --game morris:variant=lasker --bots random morris_greedy \\\n"
    "           --rounds 50 -j 2 --tc 5+0.05\n";

/* What --resume takes from the stored tournament, so may not be given. */
static int resume_conflict(const play_opts *po, int rounds_given, int seats_given, int gauntlet)
{
    const char *opt = rounds_given     ? "--rounds"
                      : gauntlet       ? "--gauntlet"
                      : po->seed_given ? "--seed"
                      : po->tc_given   ? "--tc/--move-time"
                      : seats_given    ? "--seats"
                                       : NULL;
    if (!opt) return 0;
    fprintf(stderr,
            "arena tournament: --resume plays with the stored settings; drop %s (start a "
            "new tournament to change them)\n",
            opt);
    return -1;
}

int cmd_tournament(int argc, char **argv)
{
    play_opts po;
    play_opts_init(&po);
    tournament_opts to = {
        .rounds = 1, .jobs = 1, .progress = 2, .replays = REPORT_HTML_TOURNAMENT_REPLAYS};
    remote_opts ro = {0};
    const char **bots = xcalloc((size_t)argc, sizeof *bots);
    int nb = 0, rc = 2, rounds_given = 0, seats_given = 0;
    long long v;
    struct option opts[] = {PLAY_LONG_OPTIONS,
                            {"bots", required_argument, NULL, 'b'},
                            {"rounds", required_argument, NULL, 'r'},
                            {"jobs", required_argument, NULL, 'j'},
                            {"quiet", no_argument, NULL, 'q'},
                            {"seats", required_argument, NULL, 'S'},
                            {"resume", required_argument, NULL, 'R'},
                            {"replays", required_argument, NULL, 'P'},
                            {"no-report", no_argument, NULL, 'N'},
                            {"gauntlet", no_argument, NULL, 'G'},
                            {"anchor", required_argument, NULL, 'A'},
                            {"shard", required_argument, NULL, 'X'},
                            REMOTE_LONG_OPTIONS,
                            {"help", no_argument, NULL, 'h'},
                            {0, 0, 0, 0}};
    char anchor[512];
    const char *default_out = po.out_dir; /* to tell whether --out was given */
    char shard_out[64];
    cli_seen seen;
    if (cli_start(&seen, "tournament", argc, argv, ":hj:q", opts)) goto out;
    int c;
    while ((c = cli_next(&seen)) != -1) {
        if (c != 'b' && cli_once(&seen, c, optarg)) goto out; /* --bots: the list grows */
        if (remote_opt(&ro, c, optarg)) continue;
        if (c == 'G') {
            to.gauntlet = 1;
            continue;
        }
        if (c == 'A') {
            if (cli_anchor("tournament", optarg, anchor, sizeof anchor, &to.anchor_elo)) goto out;
            to.anchor = anchor;
            continue;
        }
        if (c == 'X') {
            char err[256];
            if (shard_parse(optarg, &to.shard, err, sizeof err)) {
                fprintf(stderr, "arena tournament: %s\n", err);
                goto out;
            }
            continue;
        }
        if (c == 'h') {
            fputs(tournament_help, stdout);
            rc = 0;
            goto out;
        }
        if (c == 'S') {
            if (strcmp(optarg, "all") != 0 && strcmp(optarg, "rotations") != 0) {
                fprintf(stderr, "arena tournament: bad value '%s' for --seats (all or rotations)\n",
                        optarg);
                goto out;
            }
            to.all_seat_orders = strcmp(optarg, "all") == 0;
            seats_given = 1;
            continue;
        }
        if (c == 'R') {
            to.resume = optarg;
            continue;
        }
        if (c == 'N') {
            to.no_report = 1;
            continue;
        }
        if (c == 'P') {
            if (strcmp(optarg, "all") == 0)
                to.replays = -1;
            else if (cli_int("tournament", "--replays", optarg, 0, 100000000, &v))
                goto out;
            else
                to.replays = (long)v;
            continue;
        }
        if (c == 'q') {
            to.progress = -1;
            continue;
        }
        if (c == 'b') {
            bots[nb++] = optarg; /* --bots takes the words that follow, up to an option */
            while (optind < argc && argv[optind][0] != '-')
                bots[nb++] = argv[optind++];
            continue;
        }
        if (c == 'r') {
            if (cli_int("tournament", "--rounds", optarg, 1, 1000000, &v)) goto out;
            to.rounds = (int)v;
            rounds_given = 1;
            continue;
        }
        if (c == 'j') { /* the arena runs at most 64 matches at once */
            if (cli_int("tournament", "-j", optarg, 1, 64, &v)) goto out;
            to.jobs = (int)v;
            continue;
        }
        int r = play_opts_parse(&po, c, optarg, "tournament");
        if (r < 0) goto out;
        if (r == 0) {
            rc = cli_bad_option(&seen, c);
            goto out;
        }
    }
    while (optind < argc)
        bots[nb++] = argv[optind++];
    if (cli_nonempty("tournament", bots, nb, "a bot")) goto out;
    rundir_loc resume_at;
    if (to.resume) { /* the results directory is the tournament directory's parent */
        if (po.game || nb) {
            fprintf(stderr, "arena tournament: --resume takes the game and bots from the "
                            "stored tournament; drop --game and --bots\n");
            goto out;
        }
        if (resume_conflict(&po, rounds_given, seats_given, to.gauntlet)) goto out;
        if (to.shard.count) {
            fprintf(stderr, "arena tournament: --resume plays the stored shard; drop --shard\n");
            goto out;
        }
        char why[8400];
        if (rundir_locate(to.resume, &resume_at, why, sizeof why)) {
            fprintf(stderr, "arena tournament: --resume %s\n", why);
            goto out;
        }
        to.resume = resume_at.dir;
        po.out_dir = resume_at.results;
    } else if (!po.game || nb < 2) {
        char hint[512] = "", list[500];
        if (!po.game)
            cli_game_hint((char *const *)bots, nb, hint, sizeof hint);
        else if (botspec_list_hint(nb ? bots[0] : NULL, list, sizeof list))
            snprintf(hint, sizeof hint, ": %s", list);
        fprintf(stderr, "arena tournament: %s%s\n%s",
                !po.game ? "--game is required" : "--bots needs at least two bots", hint,
                tournament_help);
        goto out;
    }
    if (to.shard.count && !to.resume) {
        if (!po.seed_given) { /* a clock seed would make each shard another tournament */
            fprintf(stderr, "arena tournament: --shard needs --seed: every shard must play the "
                            "same tournament\n");
            goto out;
        }
        if (po.out_dir == default_out) {
            snprintf(shard_out, sizeof shard_out, "results/shard-%d-of-%d", to.shard.index,
                     to.shard.count);
            po.out_dir = shard_out;
        }
    }
    play_opts_warn(&po);
    to.game_spec = po.game;
    to.bots = bots;
    to.n_bots = nb;
    to.tc = po.tc;
    to.tc_text = po.tc_text;
    to.margin_us = po.margin_us;
    to.seed = po.seed;
    to.out_dir = po.out_dir;
    to.iso = po.iso;
    if (ro.hosts && !(to.remote = remote_start(&ro, &po, "tournament"))) goto out;
    switch (tournament_run(&to)) { /* the exit status is the command's to decide */
    case TOURNAMENT_OK:
        rc = 0;
        break;
    case TOURNAMENT_FAILED:
        rc = 1;
        break;
    case TOURNAMENT_BAD_INPUT:
        rc = 2;
        break;
    }
out:
    if (to.remote) remote_set_close(to.remote);
    free(to.remote);
    free(bots);
    return rc;
}
