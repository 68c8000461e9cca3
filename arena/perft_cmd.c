/* perft_cmd.c -- `arena perft`: leaf counts per depth from the start position
 * or after given moves, optionally divided by first action. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena/sdk.h"
#include "loader.h"
#include "cli_cmds.h"
#include "perft.h"
#include "xalloc.h"

typedef struct perft_args {
    const char *game;  /* GAME[:options] */
    const char *moves; /* space-separated, game notation */
    int depth;
    int divide;
} perft_args;

/* A loaded module, one game instance and the position to count from. */
typedef struct perft_pos {
    loaded_rules *lr;
    arena_game *game;
    arena_state *state;
} perft_pos;

static const char perft_help[] =
    "Usage: arena perft --game GAME[:options] --depth N [--moves \"a1 d2 ...\"] [--divide]\n\n"
    "Counts the positions exactly N plies ahead (every decision and every chance\n"
    "outcome is a ply), for each depth from 1 to N: the test of a rule module.\n\n"
    "  --game GAME[:k=v,...]  the game and its options (see `arena games`)\n"
    "  --depth N              plies, 1 to 64\n"
    "  --moves \"a1 d2 ...\"    actions to play first, in the game's notation\n"
    "  --divide               the count under each first action at depth N\n";

/* 0 ok, 1 --help shown, 2 bad arguments (message printed). */
static int parse_args(int argc, char **argv, perft_args *a)
{
    struct option opts[] = {
        {"game", required_argument, NULL, 'g'},  {"depth", required_argument, NULL, 'd'},
        {"moves", required_argument, NULL, 'm'}, {"divide", no_argument, NULL, 'D'},
        {"help", no_argument, NULL, 'h'},        {0, 0, 0, 0}};
    int c;
    long long v;
    cli_seen seen;
    if (cli_start(&seen, "perft", argc, argv, ":h", opts)) return 2;
    while ((c = cli_next(&seen)) != -1) {
        if (c == 'h') return fputs(perft_help, stdout), 1;
        if (cli_once(&seen, c, optarg)) return 2;
        if (c == 'g')
            a->game = optarg;
        else if (c == 'm')
            a->moves = optarg;
        else if (c == 'D')
            a->divide = 1;
        else if (c == 'd') {
            if (cli_int("perft", "--depth", optarg, 1, 64, &v)) return 2;
            a->depth = (int)v;
        } else
            return cli_bad_option(&seen, c);
    }
    if (cli_no_operands("perft", argv + optind, argc - optind, 1)) return 2;
    if (!a->game || !a->depth)
        return cli_error("perft", 2, "%s is required (see arena perft --help)",
                         !a->game ? "--game" : "--depth");
    return 0;
}

static void pos_close(perft_pos *p)
{
    if (p->state) p->lr->rules->state_free(p->state);
    if (p->game) p->lr->rules->game_free(p->game);
    loader_close_rules(p->lr);
}

static int pos_open(const char *spec, perft_pos *p)
{
    char name[256], options[1024], err[512];
    loader_split_game_spec(spec, name, sizeof name, options, sizeof options);
    p->lr = loader_open_rules(name, err, sizeof err);
    if (!p->lr) {
        fprintf(stderr, "arena perft: %s\n", err);
        return -1;
    }
    err[0] = '\0';
    p->game = p->lr->rules->game_new(options, err, sizeof err);
    if (!p->game) {
        fprintf(stderr, "arena perft: %s\n", err[0] ? err : "the game refused its options");
        return -1;
    }
    p->state = p->lr->rules->state_new(p->game);
    return p->state ? 0 : -1;
}

static int is_listed(const int32_t *acts, int n, int32_t a)
{
    for (int i = 0; i < n; i++)
        if (acts[i] == a) return 1;
    return 0;
}

/* Plays one move given in notation; index is 1-based for the message. */
static int play_move(perft_pos *p, const char *text, int index)
{
    const arena_rules *r = p->lr->rules;
    int32_t a, *acts;
    if (r->parse_action(p->state, text, &a)) {
        fprintf(stderr, "arena perft: move %d '%s' is not an action of %s\n", index, text, r->name);
        return -1;
    }
    int n = perft_actions(r, p->state, &acts);
    int ok = is_listed(acts, n, a) && r->apply(p->state, a) == 0;
    free(acts);
    if (!ok) fprintf(stderr, "arena perft: move %d '%s' is not legal here\n", index, text);
    return ok ? 0 : -1;
}

static int play_moves(perft_pos *p, const char *moves)
{
    char *copy = xstrdup(moves), *save = NULL;
    int index = 0, rc = 0;
    for (char *t = strtok_r(copy, " \t\n", &save); t && !rc; t = strtok_r(NULL, " \t\n", &save))
        rc = play_move(p, t, ++index);
    free(copy);
    return rc;
}

static void print_game_over(const perft_pos *p)
{
    const arena_rules *r = p->lr->rules;
    double ret[ARENA_MAX_PLAYERS];
    int np = r->num_players(p->game);
    r->returns(p->state, ret);
    printf("the game is over after these moves: %s, returns", r->end_reason(p->state));
    for (int i = 0; i < np && i < ARENA_MAX_PLAYERS; i++)
        printf(" %+g", ret[i]);
    putchar('\n');
}

static void print_depth(int d, uint64_t leaves, uint64_t nodes, int64_t us)
{
    double s = (double)us / 1e6;
    double rate = us > 0 ? (double)nodes / s : 0.0;
    printf("depth %-2d  %14llu  %9.3f s  %12.0f nodes/s\n", d, (unsigned long long)leaves, s, rate);
}

/* Counts under each first action at depth d, prints them and the total line. */
static void divide(const perft_pos *p, int d)
{
    const arena_rules *r = p->lr->rules;
    int32_t *acts;
    int n = perft_actions(r, p->state, &acts);
    uint64_t total = 0, nodes = 0, sub;
    char name[128];
    int64_t t0 = arena_now_us();
    char **lines = xcalloc((size_t)n + 1, sizeof *lines);
    for (int i = 0; i < n; i++) {
        arena_state *child = r->state_clone(p->state);
        sub = 0;
        r->action_name(p->state, acts[i], name, sizeof name);
        uint64_t c =
            r->apply(child, acts[i]) == 0 ? perft_count_flat(r, p->game, child, d - 1, &sub) : 0;
        nodes += 1 + sub;
        total += c;
        r->state_free(child);
        if (asprintf(&lines[i], "%s: %llu", name, (unsigned long long)c) < 0) lines[i] = NULL;
    }
    print_depth(d, total, nodes, arena_now_us() - t0);
    for (int i = 0; i < n; i++) {
        if (lines[i]) puts(lines[i]);
        free(lines[i]);
    }
    printf("total: %llu\n", (unsigned long long)total);
    free(lines);
    free(acts);
}

static void count_depths(const perft_pos *p, const perft_args *a)
{
    const arena_rules *r = p->lr->rules;
    for (int d = 1; d <= a->depth; d++) {
        if (a->divide && d == a->depth) {
            divide(p, d);
            break;
        }
        uint64_t nodes;
        int64_t t0 = arena_now_us();
        uint64_t leaves = perft_count_flat(r, p->game, p->state, d, &nodes);
        print_depth(d, leaves, nodes, arena_now_us() - t0);
        fflush(stdout);
    }
}

int perft_main(int argc, char **argv)
{
    perft_args a = {0};
    perft_pos p = {0};
    int rc = parse_args(argc, argv, &a);
    if (rc) return rc == 1 ? 0 : 2;
    if (pos_open(a.game, &p) || (a.moves && play_moves(&p, a.moves))) {
        pos_close(&p);
        return 2;
    }
    if (p.lr->rules->current_player(p.state) == ARENA_TERMINAL)
        print_game_over(&p);
    else
        count_depths(&p, &a);
    pos_close(&p);
    return 0;
}
