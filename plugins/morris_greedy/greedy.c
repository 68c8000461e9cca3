/* greedy.c -- morris_greedy: a one-ply morris bot built on the generic rules ABI.
 *
 * In order of preference it plays
 *   1. a move that wins at once (in `cross`, closing a mill wins);
 *   2. a move that closes a mill, seen as "the same seat is still to move"
 *      after it: in morris a seat decides twice in a row only to remove;
 *   3. otherwise a move after which the opponent has the fewest replies that
 *      close a mill (so it blocks a threat, and never opens one it can avoid);
 * and, when it has to remove, a piece that stands in one of the opponent's
 * almost-mills (two in a line, third point empty). Ties are broken with the
 * bot's seeded generator, so a game is reproducible.
 *
 * Cost: one state copy per legal action plus one per opponent reply to it,
 * made with memcpy into two scratch states (rules.h promises flat states), so
 * nothing is allocated while thinking. A two-ply search would see much more;
 * this bot exists to be a clear step above random and a reference opponent. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena/bot.h"
#include "arena/proto/games/morris.pb-c.h"
#include "arena/sdk.h"
#include "board.h"

/* What one action leads to, worst to best for the seat that plays it. */
enum outcome { OUT_ILLEGAL = -1, OUT_LOSS, OUT_PLAIN, OUT_DRAW, OUT_MILL, OUT_WIN };

typedef struct greedy {
    arena_rng rng;
    int seat;
    const arena_rules *rules; /* NULL: no rule module, play at random */
    const arena_game *game;
    size_t state_size;
    arena_state *after; /* scratch: the position after one of our actions */
    arena_state *reply; /* scratch: the position after an opponent's reply */
    int32_t *replies;   /* scratch: the opponent's legal actions */
    int32_t *best;      /* scratch: the candidates kept so far */
    int cap;            /* room in replies and best: num_actions */
} greedy;

static void greedy_destroy(void *b)
{
    greedy *g = b;
    if (!g) return;
    if (g->rules) {
        g->rules->state_free(g->after);
        g->rules->state_free(g->reply);
    }
    free(g->replies);
    free(g->best);
    free(g);
}

static void *greedy_create(const arena_bot_setup *setup, char *err, size_t errlen)
{
    greedy *g = calloc(1, sizeof *g);
    if (!g) goto oom;
    arena_rng_seed(&g->rng, setup->seed);
    g->seat = setup->seat;
    if (!setup->rules || !setup->game || setup->num_players != 2) return g;

    const arena_rules *r = setup->rules;
    g->cap = r->num_actions(setup->game);
    g->replies = malloc(sizeof(int32_t) * (size_t)g->cap);
    g->best = malloc(sizeof(int32_t) * (size_t)g->cap);
    g->after = r->state_new(setup->game);
    g->reply = r->state_new(setup->game);
    g->rules = r; /* set last: destroy frees states only when rules is set */
    g->game = setup->game;
    g->state_size = r->state_size(setup->game);
    if (!g->replies || !g->best || !g->after || !g->reply) goto oom;
    return g;
oom:
    greedy_destroy(g);
    if (errlen) snprintf(err, errlen, "morris_greedy: out of memory");
    return NULL;
}

/* Plays `action` for `seat` from `from` into `scratch` and says what it gives. */
static enum outcome play(const greedy *g, const arena_state *from, int32_t action, int seat,
                         arena_state *scratch)
{
    memcpy(scratch, from, g->state_size);
    if (g->rules->apply(scratch, action) != 0) return OUT_ILLEGAL;
    int next = g->rules->current_player(scratch);
    if (next == ARENA_TERMINAL) {
        double ret[ARENA_MAX_PLAYERS];
        g->rules->returns(scratch, ret);
        return ret[seat] > 0 ? OUT_WIN : ret[seat] < 0 ? OUT_LOSS : OUT_DRAW;
    }
    return next == seat ? OUT_MILL : OUT_PLAIN;
}

/* How many replies of the opponent, to move in `pos`, close a mill or win. */
static int threats(greedy *g, const arena_state *pos)
{
    int opp = g->rules->current_player(pos);
    if (opp < 0) return 0;
    int n = g->rules->legal_actions(pos, g->replies, g->cap);
    int count = 0;
    for (int i = 0; i < n && i < g->cap; i++)
        count += play(g, pos, g->replies[i], opp, g->reply) >= OUT_MILL;
    return count;
}

/* True when the decision to make is a removal ("xg7" in the notation). */
static int is_removal(const greedy *g, const arena_turn *turn)
{
    char name[16];
    g->rules->action_name(turn->state, turn->legal[0], name, sizeof name);
    return name[0] == 'x';
}

/* Keeps the removals of pieces in the opponent's almost-mills in g->best and
 * returns how many; 0 when there are none or the observation cannot be read
 * the way board.c expects (then the caller removes at random). */
static int threatening_pieces(greedy *g, const arena_turn *turn)
{
    Arena__Morris__Observation *obs =
        arena__morris__observation__unpack(NULL, turn->observation_len, turn->observation);
    if (!obs) return 0;
    int n = 0;
    if (obs->board.len == BOARD_POINTS) {
        uint8_t theirs = (uint8_t)(2 - g->seat); /* board: 1 White (seat 0), 2 Black */
        for (int i = 0; i < turn->num_legal; i++) {
            char name[16];
            g->rules->action_name(turn->state, turn->legal[i], name, sizeof name);
            int p = board_point(name + 1);
            /* A removal must name a piece of theirs: if it does not, the board
             * order is not the one board.c knows, so trust none of it. */
            if (p < 0 || obs->board.data[p] != theirs) {
                n = 0;
                break;
            }
            if (board_in_almost_mill(obs->board.data, p, theirs)) g->best[n++] = turn->legal[i];
        }
    }
    arena__morris__observation__free_unpacked(obs, NULL);
    return n;
}

/* The move rule: best outcome first, then fewest opponent threats. */
static int32_t choose_move(greedy *g, const arena_turn *turn)
{
    enum outcome top = OUT_ILLEGAL;
    int least = 0, n = 0;
    for (int i = 0; i < turn->num_legal; i++) {
        int32_t a = turn->legal[i];
        enum outcome o = play(g, turn->state, a, g->seat, g->after);
        /* Quiet moves and drawn endings rank together, by the threats they
         * leave (none after a draw): greedy takes a draw to dodge a mill. */
        if (o == OUT_PLAIN) o = OUT_DRAW;
        int t = o == OUT_DRAW ? threats(g, g->after) : 0;
        if (o > top || (o == top && t < least)) {
            top = o;
            least = t;
            n = 0;
        }
        if (o == top && t == least) g->best[n++] = a;
    }
    if (n == 0) return arena_rng_pick(&g->rng, turn->legal, turn->num_legal);
    return arena_rng_pick(&g->rng, g->best, n);
}

static int32_t greedy_act(void *b, const arena_turn *turn)
{
    greedy *g = b;
    if (!g->rules || !turn->state || turn->num_legal > g->cap)
        return arena_rng_pick(&g->rng, turn->legal, turn->num_legal);
    if (is_removal(g, turn)) {
        int n = threatening_pieces(g, turn);
        if (n > 0) return arena_rng_pick(&g->rng, g->best, n);
        return arena_rng_pick(&g->rng, turn->legal, turn->num_legal);
    }
    return choose_move(g, turn);
}

ARENA_BOT("morris_greedy", "1.0", "arena", "morris", greedy_create, greedy_act, NULL,
          greedy_destroy)
