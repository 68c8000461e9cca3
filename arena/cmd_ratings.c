/* cmd_ratings.c -- `arena ratings`: persistent ratings refitted over every
 * stored match of a game (one pool per option string). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_cmds.h"
#include "loader.h"
#include "report.h"
#include "store.h"

static const char ratings_help[] =
    "Usage: arena ratings --game GAME[:options] [--format text|md|csv|json] [--out DIR]\n\n"
    "Ratings over every stored match of the game, across tournaments. Each option\n"
    "string is its own pool; give options to pick one, e.g. --game morris:variant=lasker.\n";

static void print_pool(store *db, const char *game, const char *options, const char *format)
{
    pool_data pd;
    rating_fit fit;
    char err[512];
    if (store_pool_load(db, game, options, &pd, err, sizeof err)) {
        fprintf(stderr, "arena ratings: %s\n", err);
        return;
    }
    if (ratings_fit(pd.n_bots, pd.games, pd.n_games, &fit, err, sizeof err) == 0) {
        const char **names = malloc((size_t)(pd.n_bots + 1) * sizeof *names);
        for (int i = 0; i < pd.n_bots; i++)
            names[i] = pd.bots[i].label;
        double *xs = calloc((size_t)(pd.n_bots * pd.n_bots + 1), sizeof *xs);
        int *xg = calloc((size_t)(pd.n_bots * pd.n_bots + 1), sizeof *xg);
        ratings_crosstable(pd.n_bots, pd.games, pd.n_games, xs, xg, NULL, 0);
        char title[2600];
        snprintf(title, sizeof title, "%s (%s), all tournaments", game, options);
        report rep = {title, pd.n_bots, names, &fit, xs, xg, NULL};
        if (strcmp(format, "md") == 0)
            report_print_markdown(stdout, &rep);
        else if (strcmp(format, "csv") == 0)
            report_print_csv(stdout, &rep);
        else if (strcmp(format, "json") == 0)
            report_print_json(stdout, &rep);
        else
            report_print_text(stdout, &rep);
        printf("\n");
        free(names);
        free(xs);
        free(xg);
        ratings_free(&fit);
    } else {
        fprintf(stderr, "arena ratings: %s\n", err);
    }
    store_pool_free(&pd);
}

int cmd_ratings(int argc, char **argv)
{
    const char *spec = NULL, *out = "results", *format = "text";
    struct option opts[] = {{"game", required_argument, NULL, 'g'},
                            {"out", required_argument, NULL, 'o'},
                            {"format", required_argument, NULL, 'f'},
                            {"help", no_argument, NULL, 'h'},
                            {0, 0, 0, 0}};
    optind = 1;
    int c;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        if (c == 'g')
            spec = optarg;
        else if (c == 'o')
            out = optarg;
        else if (c == 'f')
            format = optarg;
        else if (c == 'h')
            return fputs(ratings_help, stdout), 0;
        else
            return fputs(ratings_help, stderr), 2;
    }
    if (strcmp(format, "text") && strcmp(format, "md") && strcmp(format, "csv") &&
        strcmp(format, "json")) {
        fprintf(stderr, "arena ratings: bad value '%s' for --format (text, md, csv, json)\n",
                format);
        return 2;
    }
    if (!spec) return fprintf(stderr, "arena ratings: --game is required\n%s", ratings_help), 2;
    char game[256], options[2048], err[1024];
    loader_split_game_spec(spec, game, sizeof game, options, sizeof options);
    store *db = store_open(out, err, sizeof err);
    if (!db) return fprintf(stderr, "arena ratings: %s\n", err), 1;
    int rc = 0;
    if (options[0]) {
        /* Canonicalise through the module, so "variant=lasker" finds its pool. */
        loaded_rules *lr = loader_open_rules(game, err, sizeof err);
        arena_game *g = lr ? lr->rules->game_new(options, err, sizeof err) : NULL;
        if (!g) {
            fprintf(stderr, "arena ratings: --game %s: %s\n", spec, err);
            rc = 2;
        } else {
            print_pool(db, lr->rules->name, lr->rules->game_options(g), format);
            lr->rules->game_free(g);
        }
        loader_close_rules(lr);
    } else {
        char **pools;
        size_t n;
        if (store_pools(db, game, &pools, &n, err, sizeof err)) {
            fprintf(stderr, "arena ratings: %s\n", err);
            rc = 1;
        } else {
            if (n == 0) printf("No stored matches of '%s' in %s/arena.db yet.\n", game, out);
            for (size_t i = 0; i < n; i++)
                print_pool(db, game, pools[i], format);
            store_pools_free(pools, n);
        }
    }
    store_close(db);
    return rc;
}
