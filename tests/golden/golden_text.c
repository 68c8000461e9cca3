/* golden_text.c -- the reviewable text twin of a golden match log: the game
 * and its options, then per ply the seat (or chance), the action and the
 * legal set it was chosen from, all in the game's notation, and at the end
 * how the game ended and its returns -- as the current rule module plays the
 * logged actions. The golden tests compare it with LOG.txt beside LOG.pb, so
 * a rule change that alters a legal set, an end or a result fails there even
 * when the log still replays, and recording a game again shows up as a diff
 * of text.
 *
 * Usage: golden_text LOG.pb   (writes the text to stdout; exit 1 when an
 * action is refused or the game does not end where the log does, 2 when the
 * log or the module cannot be read). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena/rules.h"
#include "loader.h"
#include "matchlog.h"

#define GT_LEGAL_CAP 8192

static void print_action(const arena_rules *r, const arena_state *s, int32_t a)
{
    char name[256];
    r->action_name(s, a, name, sizeof name);
    fputs(name, stdout);
}

/* One line per ply: "  12. seat 1  d2    of: a1 a4 ..." (chance: "chance"). */
static int print_ply(const arena_rules *r, arena_state *s, size_t i, const Arena__LoggedAction *la)
{
    static int32_t legal[GT_LEGAL_CAP];
    int who = r->current_player(s);
    if (who == ARENA_TERMINAL) {
        printf("ply %zu: the game is over, yet the log goes on\n", i + 1);
        return -1;
    }
    if (who != la->seat) {
        printf("ply %zu: seat %d to act, the log says %d\n", i + 1, who, la->seat);
        return -1;
    }
    int n = r->legal_actions(s, legal, GT_LEGAL_CAP);
    if (n > GT_LEGAL_CAP) n = GT_LEGAL_CAP;
    if (who == ARENA_CHANCE)
        printf("%4zu. chance  ", i + 1);
    else
        printf("%4zu. seat %d  ", i + 1, who);
    print_action(r, s, la->action);
    printf("  of %d:", n);
    for (int k = 0; k < n; k++) {
        putchar(' ');
        print_action(r, s, legal[k]);
    }
    putchar('\n');
    if (r->apply(s, la->action) != 0) {
        printf("ply %zu: action %d refused\n", i + 1, la->action);
        return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: golden_text LOG.pb\n");
        return 2;
    }
    char err[512];
    Arena__MatchLog *log = matchlog_read(argv[1], err, sizeof err);
    if (!log) {
        fprintf(stderr, "golden_text: %s\n", err);
        return 2;
    }
    char module[4096];
    snprintf(module, sizeof module, "%s/rules/lib%s.so", ARENA_BIN_DIR, log->game);
    loaded_rules *lr = loader_open_rules(module, err, sizeof err);
    if (!lr) {
        fprintf(stderr, "golden_text: %s\n", err);
        arena__match_log__free_unpacked(log, NULL);
        return 2;
    }
    const arena_rules *r = lr->rules;
    arena_game *g = r->game_new(log->options, err, sizeof err);
    if (!g) {
        fprintf(stderr, "golden_text: options '%s' refused: %s\n", log->options, err);
        loader_close_rules(lr);
        arena__match_log__free_unpacked(log, NULL);
        return 2;
    }
    printf("game %s (%s), rules %s\n", log->game, r->game_options(g),
           ARENA_RULES_HAS(r, version) && r->version ? r->version : "?");
    for (size_t i = 0; i < log->n_bots; i++)
        printf("seat %zu: %s %s\n", i, log->bots[i]->name, log->bots[i]->version);
    arena_state *s = r->state_new(g);
    int rc = 0;
    for (size_t i = 0; i < log->n_actions && rc == 0; i++)
        rc = print_ply(r, s, i, log->actions[i]);
    if (rc == 0 && r->current_player(s) != ARENA_TERMINAL) {
        printf("the log ends before the game does\n");
        rc = -1;
    }
    if (rc == 0) {
        double ret[16];
        r->returns(s, ret);
        printf("ended: %s; returns", r->end_reason(s));
        for (int k = 0; k < r->num_players(g); k++)
            printf(" %+g", ret[k]);
        putchar('\n');
    }
    r->state_free(s);
    r->game_free(g);
    loader_close_rules(lr);
    arena__match_log__free_unpacked(log, NULL);
    return rc ? 1 : 0;
}
