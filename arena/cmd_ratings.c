/* cmd_ratings.c -- `arena ratings`: persistent ratings refitted over every
 * stored match of a game (one pool per option string).
 *
 * The store is opened read-only (store_open_read: never created, checked on
 * opening). Every pool is loaded and fitted before anything is printed, so an
 * error prints no table at all and exits non-zero. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_cmds.h"
#include "loader.h"
#include "ratings.h"
#include "ratings_history.h"
#include "report.h"
#include "report_build.h"
#include "store.h"
#include "xalloc.h"

static const char ratings_help[] =
    "Usage: arena ratings --game GAME[:options] [--format text|md|csv|json] [--out DIR]\n"
    "                     [--anchor NAME=ELO] [--history NAME]\n\n"
    "Ratings over every stored match of the game, across tournaments. Each option\n"
    "string is its own pool; give options to pick one, e.g. --game morris:variant=lasker.\n"
    "With several pools, csv gives one table with a pool column and json one document\n"
    "{\"game\", \"pools\": [...]}. A bot entered k times in a tournament is k players\n"
    "(name, name#2, ...). Exits 1 when the store is missing or damaged.\n\n"
    "  --game GAME[:options]  the game, and optionally the pool's options\n"
    "  --format FORMAT        text (default), md (Markdown), csv or json\n"
    "  --out DIR              the results directory holding arena.db (default results)\n"
    "  --anchor NAME=ELO      fix NAME's rating at ELO in every pool shown (intervals\n"
    "                         relative to it); default: the field averages 0\n"
    "  --history NAME         NAME's rating after each tournament (or SPRT) of its pool,\n"
    "                         oldest first, in the chosen format\n";

/* One pool, loaded and fitted. */
typedef struct pool_table {
    char *options;
    pool_data pd;
    const char **names;
    report_built built;
} pool_table;

static void pool_table_free(pool_table *t)
{
    report_built_free(&t->built);
    store_pool_free(&t->pd);
    free(t->names);
    free(t->options);
}

/* What the command was asked beside the pools: an anchor, a history. */
typedef struct ratings_req {
    const char *anchor; /* NULL: none */
    double anchor_elo;
    const char *history; /* NULL: the tables */
} ratings_req;

static int pool_table_load(store *db, const char *game, const char *options, pool_table *t,
                           const ratings_req *req, char *err, size_t errlen)
{
    memset(t, 0, sizeof *t);
    t->options = xstrdup(options);
    if (store_pool_load(db, game, options, &t->pd, err, errlen)) return -1;
    int n = t->pd.n_bots;
    t->names = xcalloc((size_t)n, sizeof *t->names);
    for (int i = 0; i < n; i++)
        t->names[i] = t->pd.bots[i].label;
    char *title = xasprintf("%s (%s), all tournaments", game, options);
    int rc = report_build(&t->built, title, n, t->names, t->pd.games, t->pd.n_games, t->pd.matches,
                          err, errlen);
    free(title);
    if (rc) return rc;
    if (req->anchor) {
        int a = cli_anchor_find(req->anchor, t->names, n, err, errlen);
        if (a < 0) return -2; /* bad input: a name the pool does not have */
        if (ratings_anchor(&t->built.fit, a, req->anchor_elo, err, errlen)) return -1;
    }
    return 0;
}

/* A pool whose players fall into groups that never met (two tournaments
 * with no bot in common): the fit ranks the groups against each other on
 * the prior alone, so the table would look sure of what nobody measured.
 * Said on stderr, in every format, naming the groups. */
static void warn_groups(const char *game, const pool_table *t)
{
    int n = t->pd.n_bots, *group = xcalloc((size_t)(n ? n : 1), sizeof *group);
    int groups = ratings_groups(n, t->pd.games, t->pd.n_games, group);
    if (groups > 1) {
        fprintf(stderr,
                "arena ratings: %s (%s): warning: %d groups of players that never played "
                "each other, so their ratings compare only within a group:",
                game, t->options, groups);
        for (int g = 0; g < groups; g++) {
            fprintf(stderr, "%s {", g ? "," : "");
            for (int i = 0, first = 1; i < n; i++)
                if (group[i] == g)
                    fprintf(stderr, "%s%s", first ? "" : ", ", t->names[i]), first = 0;
            fprintf(stderr, "}");
        }
        fprintf(stderr, "\n");
    }
    free(group);
}

static void print_tables(const char *game, pool_table *t, size_t n, const char *format)
{
    if (strcmp(format, "csv") == 0) {
        report_print_csv_header(stdout, 1);
        for (size_t i = 0; i < n; i++)
            report_print_csv_rows(stdout, &t[i].built.rep, t[i].options);
    } else if (strcmp(format, "json") == 0) {
        const report **r = xcalloc(n, sizeof *r);
        for (size_t i = 0; i < n; i++)
            r[i] = &t[i].built.rep;
        report_print_json_pools(stdout, game, r, (int)n);
        free(r);
    } else {
        for (size_t i = 0; i < n; i++) {
            if (strcmp(format, "md") == 0)
                report_print_markdown(stdout, &t[i].built.rep);
            else
                report_print_text(stdout, &t[i].built.rep);
            printf("\n");
        }
    }
}

/* The pools to show: the one of the canonical options given (when it has
 * stored matches), or all. */
static int pick_pools(store *db, const loaded_rules *lr, const char *spec, const char *options,
                      char ***pools, size_t *n, char *err, size_t errlen)
{
    if (store_pools(db, lr->rules->name, pools, n, err, errlen)) return -1;
    if (!options[0]) return 0;
    /* Canonicalise through the module, so "variant=lasker" finds its pool. */
    char e2[512];
    arena_game *g = lr->rules->game_new(options, e2, sizeof e2);
    if (!g) return snprintf(err, errlen, "--game %s: %s", spec, e2), -2;
    const char *canon = lr->rules->game_options(g);
    size_t keep = 0;
    for (size_t i = 0; i < *n; i++) {
        if (keep == 0 && strcmp((*pools)[i], canon) == 0) {
            char *tmp = (*pools)[0];
            (*pools)[0] = (*pools)[i];
            (*pools)[i] = tmp;
            keep = 1;
        }
    }
    lr->rules->game_free(g);
    for (size_t i = keep; i < *n; i++)
        free((*pools)[i]);
    *n = keep;
    return 0;
}

static int ratings_show(store *db, const loaded_rules *lr, const char *spec, const char *options,
                        const char *format, const char *out, const ratings_req *req)
{
    char err[1024];
    char **pools = NULL;
    size_t n = 0;
    const char *game = lr->rules->name;
    int rc = pick_pools(db, lr, spec, options, &pools, &n, err, sizeof err);
    if (rc) {
        store_pools_free(pools, n);
        return fprintf(stderr, "arena ratings: %s\n", err), rc == -2 ? 2 : 1;
    }
    if (req->history) {
        if (n == 0) {
            printf("No stored matches of '%s' in %s/arena.db yet.\n", spec, out);
        } else if ((rc = ratings_history_show(db, game, pools, n, req->history, format, err,
                                              sizeof err))) {
            fprintf(stderr, "arena ratings: %s\n", err);
            rc = rc == 1 ? 2 : 1; /* a name no pool has is bad input, as --anchor's */
        }
        store_pools_free(pools, n);
        return rc;
    }
    pool_table *t = xcalloc(n + 1, sizeof *t);
    size_t loaded = 0;
    for (; loaded < n && rc == 0; loaded++)
        if ((rc = pool_table_load(db, game, pools[loaded], &t[loaded], req, err, sizeof err))) {
            fprintf(stderr, "arena ratings: pool %s (%s): %s\n", game, pools[loaded], err);
            rc = rc == -2 ? 2 : 1;
        }
    if (rc == 0 && n == 0)
        printf("No stored matches of '%s' in %s/arena.db yet.\n", spec, out);
    else if (rc == 0)
        print_tables(game, t, n, format);
    for (size_t i = 0; rc == 0 && i < n; i++)
        warn_groups(game, &t[i]);
    for (size_t i = 0; i < loaded; i++)
        pool_table_free(&t[i]);
    free(t);
    store_pools_free(pools, n);
    return rc;
}

int cmd_ratings(int argc, char **argv)
{
    const char *spec = NULL, *out = "results", *format = "text";
    struct option opts[] = {{"game", required_argument, NULL, 'g'},
                            {"out", required_argument, NULL, 'o'},
                            {"format", required_argument, NULL, 'f'},
                            {"anchor", required_argument, NULL, 'a'},
                            {"history", required_argument, NULL, 'H'},
                            {"help", no_argument, NULL, 'h'},
                            {0, 0, 0, 0}};
    ratings_req req = {0};
    char anchor[512];
    cli_seen seen;
    if (cli_start(&seen, "ratings", argc, argv, ":h", opts)) return 2;
    int c;
    while ((c = cli_next(&seen)) != -1) {
        if (cli_once(&seen, c, optarg)) return 2;
        if (c == 'a') {
            if (cli_anchor("ratings", optarg, anchor, sizeof anchor, &req.anchor_elo)) return 2;
            req.anchor = anchor;
        } else if (c == 'H')
            req.history = optarg;
        else if (c == 'g')
            spec = optarg;
        else if (c == 'o')
            out = optarg;
        else if (c == 'f')
            format = optarg;
        else if (c == 'h')
            return fputs(ratings_help, stdout), 0;
        else
            return cli_bad_option(&seen, c);
    }
    if (cli_no_operands("ratings", argv + optind, argc - optind, 1)) return 2;
    if (strcmp(format, "text") && strcmp(format, "md") && strcmp(format, "csv") &&
        strcmp(format, "json")) {
        fprintf(stderr, "arena ratings: bad value '%s' for --format (text, md, csv, json)\n",
                format);
        return 2;
    }
    if (!spec) return fprintf(stderr, "arena ratings: --game is required\n%s", ratings_help), 2;
    if (req.anchor && req.history)
        return fprintf(stderr, "arena ratings: --anchor does not apply to --history (the "
                               "snapshots are kept as they were fitted)\n"),
               2;
    char game[256], options[2048], err[1024];
    loader_split_game_spec(spec, game, sizeof game, options, sizeof options);
    loaded_rules *lr = loader_open_rules(game, err, sizeof err);
    if (!lr) return fprintf(stderr, "arena ratings: %s\n", err), 2;
    int rc;
    store *db = cli_store_open("ratings", out, &rc);
    if (db) rc = ratings_show(db, lr, spec, options, format, out, &req);
    store_close(db);
    loader_close_rules(lr);
    return rc;
}
