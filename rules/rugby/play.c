/* play.c -- a rugby game move by move: the placements of the setup (players'
 * actions or chance nodes), the guesses with their points, the black-field
 * bonus guesses and the two ends (rules page, "Setup", "Play", "End"). */
#include <string.h>

#include "arena/module_kit.h"
#include "rugby.h"

static int random_setup(const arena_state *s)
{
    return s->phase == RG_PHASE_SETUP && s->cfg.setup == RG_SETUP_RANDOM;
}

/* The seat whose board is laid out has placed its last mark: the next board,
 * or play (seat 0 guesses first). */
static void next_board(arena_state *s)
{
    if (s->placed[s->to_move] < rg_marks_per_board(s->cfg.tries)) return;
    if (s->to_move == 0) {
        s->to_move = 1;
    } else {
        s->to_move = 0;
        s->phase = RG_PHASE_PLAY;
    }
}

static void place(arena_state *s, int f)
{
    uint8_t *board = s->board[s->to_move];
    board[f] = (uint8_t)rg_seq_mark(s->cfg.tries, s->placed[s->to_move]);
    s->placed[s->to_move]++;
    next_board(s);
}

/* With setup=random, a mark with a single legal field is placed at once: a
 * chance event with one outcome is not a node (rules.h). */
static void settle(arena_state *s)
{
    uint8_t fields[RG_FIELDS];
    while (random_setup(s) &&
           rg_place_fields(s->board[s->to_move], s->cfg.tries, s->placed[s->to_move], fields) == 1)
        place(s, fields[0]);
}

void rg_state_start(arena_state *s, const rg_config *cfg)
{
    memset(s, 0, sizeof *s);
    s->cfg = *cfg;
    s->phase = RG_PHASE_SETUP;
    s->winner = -1;
    settle(s);
}

int rg_current_player(const arena_state *s)
{
    if (s->phase == RG_PHASE_OVER) return ARENA_TERMINAL;
    return random_setup(s) ? ARENA_CHANCE : s->to_move;
}

/* The placement action of the next mark on field f, if it may go there. */
static int placement_ok(const arena_state *s, int32_t a)
{
    int k = s->placed[s->to_move], rel = a - RG_ACT_PLACE;
    int mark = RG_O + rel / RG_FIELDS, f = rel % RG_FIELDS;
    return mark == rg_seq_mark(s->cfg.tries, k) &&
           rg_can_place(s->board[s->to_move], s->cfg.tries, k, f);
}

static int is_legal(const arena_state *s, int32_t a)
{
    if (a < 0 || a >= RG_NUM_ACTIONS) return 0;
    if (s->phase == RG_PHASE_SETUP) return a >= RG_ACT_PLACE && placement_ok(s, a);
    if (s->phase != RG_PHASE_PLAY) return 0;
    int all = s->guesses[s->to_move] == RG_FIELDS;
    if (a == RG_ACT_PASS) return all;
    return a < RG_FIELDS && !s->guessed[s->to_move ^ 1][a];
}

int rg_legal_actions(const arena_state *s, int32_t *out, int cap)
{
    int n = 0;
    if (s->phase == RG_PHASE_SETUP) { /* only the next mark's placements */
        uint8_t fields[RG_FIELDS];
        int k = s->placed[s->to_move];
        int base = RG_ACT_PLACE + (rg_seq_mark(s->cfg.tries, k) - RG_O) * RG_FIELDS;
        int count = rg_place_fields(s->board[s->to_move], s->cfg.tries, k, fields);
        for (int i = 0; i < count; i++, n++)
            if (n < cap) out[n] = base + fields[i];
        return n;
    }
    for (int32_t a = 0; a <= RG_ACT_PASS; a++)
        if (is_legal(s, a)) {
            if (n < cap) out[n] = a;
            n++;
        }
    return n;
}

/* setup=random: every field the next mark may take, equally likely. */
int rg_chance_outcomes(const arena_state *s, arena_chance_outcome *out, int cap)
{
    if (!random_setup(s)) return 0;
    int32_t acts[RG_FIELDS];
    int n = rg_legal_actions(s, acts, RG_FIELDS);
    for (int i = 0; i < n && i < cap; i++)
        out[i] = (arena_chance_outcome){acts[i], 1.0 / n};
    return n;
}

int rg_winner_by_score(const arena_state *s)
{
    if (s->score[0] == s->score[1]) return -1;
    return s->score[0] > s->score[1] ? 0 : 1;
}

static void finish(arena_state *s, int end, int winner)
{
    s->phase = RG_PHASE_OVER;
    s->end = (uint8_t)end;
    s->winner = (int8_t)winner;
    s->bonus = 0;
}

/* Who guesses next after a guess (or pass) by to_move that hit `mark`
 * (RG_EMPTY for a pass). Rules page, "Black field" Decision: X's black field
 * hands Y three guesses in a row, then X again; a black field hit during
 * those ends them, and X guesses next with no bonus of its own. */
static void pass_turn(arena_state *s, int mark)
{
    int me = s->to_move, other = me ^ 1;
    if (s->bonus > 0) {
        s->bonus = mark == RG_X ? 0 : (uint8_t)(s->bonus - 1);
        if (s->bonus == 0) s->to_move = (uint8_t)other;
    } else {
        s->to_move = (uint8_t)other;
        if (mark == RG_X) s->bonus = RG_BONUS;
    }
}

static void guess(arena_state *s, int32_t a)
{
    int me = s->to_move, mark = RG_EMPTY;
    if (a != RG_ACT_PASS) {
        s->guessed[me ^ 1][a] = 1;
        s->guesses[me]++;
        mark = s->board[me ^ 1][a];
        s->score[me] = (uint16_t)(s->score[me] + rg_mark_points(mark));
    }
    if (s->score[me] >= s->cfg.target) {
        finish(s, RG_END_TARGET, me);
    } else if (s->guesses[0] == RG_FIELDS && s->guesses[1] == RG_FIELDS) {
        /* Unreachable while target <= the board's total (a player who has
         * guessed every field holds all the points), kept as the page says. */
        finish(s, RG_END_ALL_GUESSED, rg_winner_by_score(s));
    } else {
        pass_turn(s, mark);
    }
}

int rg_apply(arena_state *s, int32_t a)
{
    if (!is_legal(s, a)) return -1;
    if (s->phase == RG_PHASE_SETUP) {
        place(s, (a - RG_ACT_PLACE) % RG_FIELDS);
        settle(s);
    } else {
        guess(s, a);
    }
    return 0;
}

void rg_returns(const arena_state *s, double *out)
{
    arena_returns_two(out, s->phase == RG_PHASE_OVER ? s->winner : -1);
}
