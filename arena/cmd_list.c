/* cmd_list.c -- `arena games` and `arena bots`: what is on the search path. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli_cmds.h"
#include "entrant.h"
#include "loader.h"

static void print_indented(const char *text, const char *indent)
{
    const char *p = text;
    while (p && *p) {
        const char *nl = strchr(p, '\n');
        int len = nl ? (int)(nl - p) : (int)strlen(p);
        if (len > 0) printf("%s%.*s\n", indent, len, p);
        p = nl ? nl + 1 : NULL;
    }
}

int cmd_games(int argc, char **argv)
{
    if (argc > 1) {
        if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
            printf("Usage: arena games\n\nLists every rule module on the search path with "
                   "its players and options.\nUse options as --game NAME:key=value,...\n");
            return 0;
        }
        if (argv[1][0] == '-')
            return cli_error("games", 2, "unrecognized option '%s' (see arena games --help)",
                             argv[1]);
        return cli_no_operands("games", argv + 1, argc - 1, 0);
    }
    char **paths;
    size_t n;
    loader_list(LOADER_RULES, &paths, &n);
    if (n == 0) printf("No games found (is the arena built? set ARENA_PATH?)\n");
    for (size_t i = 0; i < n; i++) {
        char err[512];
        /* a bot beside the games (ARENA_PATH may hold both) is not listed,
         * nor loaded: its code runs only in a jail */
        if (loader_elf_check(paths[i], ARENA_BOT_ENTRY, err, sizeof err) == 0) continue;
        loaded_rules *lr = loader_open_rules(paths[i], err, sizeof err);
        if (!lr) {
            printf("(broken) %s\n\n", err);
            continue;
        }
        const arena_rules *r = lr->rules;
        printf("%s  (%d", r->name, r->min_players);
        if (r->max_players != r->min_players) printf("-%d", r->max_players);
        printf(" players%s%s) %s\n  %s\n  options:\n",
               r->flags & ARENA_GAME_CHANCE ? ", chance" : "",
               r->flags & ARENA_GAME_HIDDEN ? ", hidden information" : "",
               r->description ? r->description : "", lr->path);
        print_indented(r->options_help, "    ");
        printf("\n");
        loader_close_rules(lr);
    }
    loader_free_list(paths, n);
    return 0;
}

int cmd_bots(int argc, char **argv)
{
    const char *game = NULL;
    struct option opts[] = {
        {"game", required_argument, NULL, 'g'}, {"help", no_argument, NULL, 'h'}, {0, 0, 0, 0}};
    cli_seen seen;
    if (cli_start(&seen, "bots", argc, argv, ":h", opts)) return 2;
    int c;
    while ((c = cli_next(&seen)) != -1) {
        if (cli_once(&seen, c, optarg)) return 2;
        if (c == 'g')
            game = optarg;
        else if (c == 'h') {
            printf("Usage: arena bots [--game GAME[:options]]\n\nLists the bots on the search path "
                   "(asking each, in a sandboxed worker, who it is). Any of them can be\n"
                   "named by its file name or by the NAME it declares.\n");
            return 0;
        } else
            return cli_bad_option(&seen, c);
    }
    if (cli_no_operands("bots", argv + optind, argc - optind, 1)) return 2;
    char err[1024], name[256], options[1024];
    if (game) { /* a game that does not exist, or bad options, has no bots: say so */
        loader_split_game_spec(game, name, sizeof name, options, sizeof options);
        loaded_rules *lr = loader_open_rules(name, err, sizeof err);
        if (!lr) return fprintf(stderr, "arena bots: %s\n", err), 2;
        char gerr[512] = "";
        arena_game *g = lr->rules->game_new(options, gerr, sizeof gerr);
        if (g) lr->rules->game_free(g);
        loader_close_rules(lr);
        if (!g)
            return fprintf(stderr, "arena bots: --game %s: %s\n", game,
                           gerr[0] ? gerr : "bad options"),
                   2;
        game = name;
    }
    worker_env *env = worker_env_new(err, sizeof err);
    if (!env) {
        fprintf(stderr, "arena bots: %s\n", err);
        return 1;
    }
    seat_config cfg = {.kind = SEAT_PROCESS, .sandbox = 1, .env = env};
    char **paths;
    size_t n;
    loader_list(LOADER_BOTS, &paths, &n);
    printf("%-18s %-8s %-14s %-20s %s\n", "NAME", "VERSION", "AUTHOR", "GAMES", "PATH");
    for (size_t i = 0; i < n; i++) {
        entrant *e = entrant_probe(&cfg, paths[i], game, NULL, 0, err, sizeof err);
        if (!e) {
            if (!game) printf("(broken) %s\n", err);
            continue;
        }
        printf("%-18s %-8s %-14s %-20s %s\n", e->name, e->version, e->author, e->games, e->path);
        /* A bot's options, one "key=default  meaning" line each, indented. */
        for (const char *p = e->options_help; p && *p;) {
            size_t len = strcspn(p, "\n");
            printf("    %s:%.*s\n", e->name, (int)len, p);
            p += len + (p[len] == '\n');
        }
        entrant_free(e);
    }
    loader_free_list(paths, n);
    worker_env_free(env);
    return 0;
}
