/* test_morris_openspiel.c -- the OpenSpiel-compatible mode of morris
 * (double_mill=1,repeat_mill=allowed,repetition=0,quiet_plies=0,max_turns=200)
 * against the rules of OpenSpiel's nine_mens_morris, as read from its source:
 *  - 9 men each; while a player has men to deploy, any empty point; then a move
 *    to an adjacent empty point; with exactly 3 men (none to deploy) a move to
 *    any empty point ("flying", both players may fly);
 *  - a placement or move that stands in a mill earns one capture, even when it
 *    closes two mills; the capture takes an opponent man outside a mill, or any
 *    when all of them stand in mills; it is its own action of the same player;
 *  - a turn (counted for the cap) is a placement or move with its capture;
 *  - the game ends when a player has 2 or fewer men (on board plus to deploy:
 *    that player loses), when the player to move has no legal action (loss),
 *    or when 200 turns are done (draw) - the no-legal-action loss is checked
 *    first, so a player blocked at the cap still loses.
 * Those rules are written out again here as a small independent model on
 * OpenSpiel's own point order (row by row from a7), and random games are
 * played in lockstep through the module's ABI and the model, comparing the
 * legal actions, the side to move and the result at every node. Perft counts
 * from the start are pinned, and hand-worked positions check each rule. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena/sdk.h"
#include "games/morris.pb-c.h"
#include "morris_test.h"
#include "support.h"

#define MO_LEGAL_CAP 1024 /* more than any morris position has */

static const char OPENSPIEL[] =
    "double_mill=1,repeat_mill=allowed,repetition=0,quiet_plies=0,max_turns=200";

/* ---- the model ---------------------------------------------------------- */

/* OpenSpiel numbers the points row by row from the top-left. */
static const char *const ref_names[24] = {
    "a7", "d7", "g7", "b6", "d6", "f6", "c5", "d5", "e5", "a4", "b4", "c4",
    "e4", "f4", "g4", "c3", "d3", "e3", "b2", "d2", "f2", "a1", "d1", "g1",
};
/* The 16 lines of the board as the rules page draws it. */
static const char *const ref_line_names[16][3] = {
    {"a7", "d7", "g7"}, {"b6", "d6", "f6"}, {"c5", "d5", "e5"}, {"a4", "b4", "c4"},
    {"e4", "f4", "g4"}, {"c3", "d3", "e3"}, {"b2", "d2", "f2"}, {"a1", "d1", "g1"},
    {"a7", "a4", "a1"}, {"b6", "b4", "b2"}, {"c5", "c4", "c3"}, {"d7", "d6", "d5"},
    {"d3", "d2", "d1"}, {"e5", "e4", "e3"}, {"f6", "f4", "f2"}, {"g7", "g4", "g1"},
};

typedef struct ref {
    uint8_t board[24]; /* 0 empty, 1 White, 2 Black */
    int to_move, capture, turns, cap;
    int deploy[2], men[2]; /* men: on board plus to deploy */
} ref;

/* Actions of the model: 0..23 place, 100 + p capture, 200 + from * 24 + to. */
enum { REF_CAPTURE = 100, REF_MOVE = 200 };

static int ref_lines[16][3];
static uint32_t ref_adj[24];
static int module_to_ref[24]; /* module point -> model point */

static int ref_index(const char *name)
{
    for (int p = 0; p < 24; p++)
        if (strcmp(ref_names[p], name) == 0) return p;
    ck_abort_msg("no point %s", name);
    return -1;
}

/* Lines, adjacency (consecutive points of a line) and the point mapping, the
 * latter from the module's names of its placements. */
static void ref_init(const morris *m)
{
    memset(ref_adj, 0, sizeof ref_adj);
    for (int l = 0; l < 16; l++) {
        for (int k = 0; k < 3; k++)
            ref_lines[l][k] = ref_index(ref_line_names[l][k]);
        for (int k = 0; k < 2; k++) {
            ref_adj[ref_lines[l][k]] |= 1u << ref_lines[l][k + 1];
            ref_adj[ref_lines[l][k + 1]] |= 1u << ref_lines[l][k];
        }
    }
    arena_state *s = m->r->state_new(m->g);
    for (int p = 0; p < 24; p++) {
        char name[16];
        m->r->action_name(s, p, name, sizeof name);
        module_to_ref[p] = ref_index(name);
    }
    m->r->state_free(s);
}

static void ref_start(ref *r, int cap)
{
    memset(r, 0, sizeof *r);
    r->cap = cap;
    r->deploy[0] = r->deploy[1] = r->men[0] = r->men[1] = 9;
}

static int ref_in_mill(const ref *r, int p)
{
    for (int l = 0; l < 16; l++) {
        const int *x = ref_lines[l];
        if ((x[0] == p || x[1] == p || x[2] == p) && r->board[x[0]] == r->board[p] &&
            r->board[x[1]] == r->board[p] && r->board[x[2]] == r->board[p])
            return 1;
    }
    return 0;
}

static int cmp_int(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

/* The legal actions, sorted. */
static int ref_legal(const ref *r, int *out)
{
    int n = 0, me = r->to_move + 1, opp = 2 - r->to_move;
    if (r->capture) {
        int all = 1;
        for (int p = 0; p < 24; p++)
            if (r->board[p] == opp && !ref_in_mill(r, p)) all = 0;
        for (int p = 0; p < 24; p++)
            if (r->board[p] == opp && (all || !ref_in_mill(r, p))) out[n++] = REF_CAPTURE + p;
    } else if (r->deploy[r->to_move] > 0) {
        for (int p = 0; p < 24; p++)
            if (!r->board[p]) out[n++] = p;
    } else {
        int fly = r->men[r->to_move] == 3;
        for (int p = 0; p < 24; p++)
            for (int q = 0; q < 24 && r->board[p] == me; q++)
                if (!r->board[q] && (fly ? p != q : (ref_adj[p] >> q) & 1))
                    out[n++] = REF_MOVE + p * 24 + q;
    }
    qsort(out, (size_t)n, sizeof *out, cmp_int);
    return n;
}

static void ref_turn_done(ref *r)
{
    r->to_move ^= 1;
    r->turns++;
}

static void ref_apply(ref *r, int a)
{
    int me = r->to_move + 1, to;
    if (a >= REF_MOVE) {
        to = (a - REF_MOVE) % 24;
        r->board[(a - REF_MOVE) / 24] = 0;
    } else if (a >= REF_CAPTURE) {
        r->board[a - REF_CAPTURE] = 0;
        r->men[r->to_move ^ 1]--;
        r->capture = 0;
        ref_turn_done(r);
        return;
    } else {
        to = a;
        r->deploy[r->to_move]--;
    }
    r->board[to] = (uint8_t)me;
    if (ref_in_mill(r, to))
        r->capture = 1;
    else
        ref_turn_done(r);
}

/* Over? Then *ret0 is White's return. */
static int ref_over(const ref *r, int *ret0)
{
    int legal[600];
    if (ref_legal(r, legal) == 0) {
        *ret0 = r->to_move == 0 ? -1 : 1;
        return 1;
    }
    *ret0 = r->men[0] <= 2 ? -1 : r->men[1] <= 2 ? 1 : 0;
    return *ret0 != 0 || r->turns >= r->cap;
}

/* A module action in the model's numbering. */
static int to_ref(int32_t a)
{
    if (a < 24) return module_to_ref[a];
    if (a >= 600) return REF_CAPTURE + module_to_ref[a - 600];
    return REF_MOVE + module_to_ref[(a - 24) / 24] * 24 + module_to_ref[(a - 24) % 24];
}

/* ---- lockstep random games ---------------------------------------------- */

START_TEST(random_games_match_the_model)
{
    morris m;
    morris_open(&m, OPENSPIEL);
    ref_init(&m);
    arena_rng rng;
    arena_rng_seed(&rng, 155);
    int32_t legal[MO_LEGAL_CAP];
    int mine[MO_LEGAL_CAP], theirs[600];
    long plies = 0;
    int games = 600, draws = 0;
    for (int game = 0; game < games; game++) {
        arena_state *s = m.r->state_new(m.g);
        ref r;
        ref_start(&r, 200);
        for (;;) {
            int ret0, over = ref_over(&r, &ret0);
            int who = m.r->current_player(s);
            REQUIRE((who == ARENA_TERMINAL) == over, "game %d ply %ld: terminal %d vs model %d",
                    game, plies, who == ARENA_TERMINAL, over);
            if (over) {
                double ret[2];
                m.r->returns(s, ret);
                REQUIRE((int)ret[0] == ret0 && (int)ret[1] == -ret0, "game %d: returns", game);
                draws += ret0 == 0;
                break;
            }
            REQUIRE(who == r.to_move, "game %d: side to move", game);
            int n = m.r->legal_actions(s, legal, MO_LEGAL_CAP);
            int k = ref_legal(&r, theirs);
            REQUIRE(n == k, "game %d ply %ld: %d legal actions, model %d", game, plies, n, k);
            for (int i = 0; i < n; i++)
                mine[i] = to_ref(legal[i]);
            qsort(mine, (size_t)n, sizeof *mine, cmp_int);
            REQUIRE(memcmp(mine, theirs, (size_t)n * sizeof *mine) == 0,
                    "game %d ply %ld: legal actions differ", game, plies);
            int32_t a = legal[arena_rng_below(&rng, (uint32_t)n)];
            REQUIRE(m.r->apply(s, a) == 0, "apply");
            ref_apply(&r, to_ref(a));
            plies++;
        }
        m.r->state_free(s);
    }
    double mean = (double)plies / games, draw = 100.0 * draws / games;
    printf("OpenSpiel mode, %d random games in lockstep with the model: mean %.1f plies, "
           "%.1f %% drawn\n",
           games, mean, draw);
    /* OpenSpiel: about 155 plies, about 30 % drawn. */
    ck_assert_msg(mean > 140 && mean < 170, "mean %.1f plies", mean);
    ck_assert_msg(draw > 20 && draw < 40, "%.1f %% drawn", draw);
    morris_close(&m);
}
END_TEST

/* ---- perft -------------------------------------------------------------- */

/* Positions `depth` plies ahead; the last ply counted from the legal list. */
static long long perft_module(const morris *m, arena_state **stack, size_t size, int depth)
{
    int32_t legal[MO_LEGAL_CAP];
    int n = m->r->legal_actions(stack[0], legal, MO_LEGAL_CAP);
    if (depth == 1) return n;
    long long total = 0;
    for (int i = 0; i < n; i++) {
        memcpy(stack[1], stack[0], size);
        m->r->apply(stack[1], legal[i]);
        total += perft_module(m, stack + 1, size, depth - 1);
    }
    return total;
}

static long long perft_ref(const ref *r, int depth)
{
    int legal[600], ret0;
    if (ref_over(r, &ret0)) return 0;
    int n = ref_legal(r, legal);
    if (depth == 1) return n;
    long long total = 0;
    for (int i = 0; i < n; i++) {
        ref c = *r;
        ref_apply(&c, legal[i]);
        total += perft_ref(&c, depth - 1);
    }
    return total;
}

/* Depths 1-5 are placements only (24 * 23 * ... ); at depth 6 White may have
 * closed a mill with its third piece: 16 lines * 3! orders * 21 * 20 Black
 * placements = 40320 such positions, each with 2 captures instead of 19
 * placements: (5100480 - 40320) * 19 + 40320 * 2 = 96223680. Depth 7
 * (1720800000) is worked by hand and asserted in tests/perft/perft_test.c;
 * depth 8 (28687449600) is `arena perft`'s own figure (docs/morris.md). */
START_TEST(perft_from_the_start)
{
    static const long long counts[] = {24, 552, 12144, 255024, 5100480, 96223680};
    morris m;
    morris_open(&m, OPENSPIEL);
    ref_init(&m);
    size_t size = m.r->state_size(m.g);
    arena_state *stack[8];
    for (int i = 0; i < 8; i++)
        stack[i] = m.r->state_clone(m.s);
    ref r;
    ref_start(&r, 200);
    for (int d = 1; d <= 6; d++) {
        ck_assert_int_eq(perft_module(&m, stack, size, d), counts[d - 1]);
        ck_assert_int_eq(perft_ref(&r, d), counts[d - 1]);
    }
    for (int i = 0; i < 8; i++)
        m.r->state_free(stack[i]);
    morris_close(&m);
}
END_TEST

/* ---- hand-worked positions ----------------------------------------------- */

/* A position set up through an observation at a given turn (morris_setup's
 * positions start at turn 0). */
static void setup_at_turn(morris *m, const char *white, const char *black, int to_move, int turn)
{
    morris_setup(m, white, black, 0, 0, to_move);
    uint8_t buf[4096];
    size_t n = m->r->observation(m->s, -1, buf, sizeof buf);
    Arena__Morris__Observation *o = arena__morris__observation__unpack(NULL, n, buf);
    ck_assert_ptr_nonnull(o);
    o->turn = o->ply = (uint32_t)turn;
    n = arena__morris__observation__pack(o, buf);
    arena__morris__observation__free_unpacked(o, NULL);
    arena_state *s = m->r->state_from_observation(m->g, buf, n);
    ck_assert_ptr_nonnull(s);
    m->r->state_free(m->s);
    m->s = s;
}

/* a7 closes a7-d7-g7 and a1-a4-a7 at once: one capture only. */
START_TEST(double_mill_one_capture)
{
    morris m;
    morris_open(&m, OPENSPIEL);
    rules_play(m.r, m.s, "d7 b6 g7 f4 a4 d2 a1 c5 a7");
    ck_assert_int_eq(morris_look(&m).pending, 1);
    rules_play(m.r, m.s, "xb6");
    morris_view v = morris_look(&m);
    ck_assert_int_eq(v.to_move, 1);
    ck_assert_int_eq(v.turn, 9);
    morris_close(&m);
}
END_TEST

/* No repetition and no quiet-move draw: 182 turns of shuffling after the
 * placements repeat positions and pass 100 quiet moves; the game is drawn by
 * the cap exactly when the 200th turn is done. */
START_TEST(cap_of_200_turns)
{
    morris m;
    morris_open(&m, OPENSPIEL);
    rules_play(m.r, m.s, "a7 d1 d7 a1 g4 d6 g1 f6 b6 f2 f4 d2 c5 e5 d3 e4 b4 c3");
    static const char *const cycle[4] = {"b4-a4", "e4-e3", "a4-b4", "e3-e4"};
    for (int t = 18; t < 199; t++)
        rules_play(m.r, m.s, cycle[(t - 18) % 4]);
    morris_view v = morris_look(&m);
    ck_assert(!v.terminal);
    ck_assert_int_eq(v.turn, 199);
    rules_play(m.r, m.s, cycle[(199 - 18) % 4]);
    v = morris_look(&m);
    ck_assert(v.terminal);
    ck_assert_str_eq(v.end, "turn cap");
    ck_assert_int_eq(v.returns[0], 0);
    ck_assert_int_eq(v.ply, 200);
    ck_assert_int_eq(m.r->max_game_length(m.g), 213); /* 200 turns + 7 + 6 captures */
    morris_close(&m);
}
END_TEST

/* White's 200th turn, d7-d6, leaves Black without a move: a loss for Black,
 * not a draw; any other 200th turn is a draw. */
START_TEST(blocked_at_the_cap_loses)
{
    static const char W[] = "a7 g1 a1 d7 f4 d2 b4 e5 c3", B[] = "d1 f6 b2 c5 d5 e4 e3 d3 c4";
    morris m;
    morris_open(&m, OPENSPIEL);
    setup_at_turn(&m, W, B, 0, 199);
    rules_play(m.r, m.s, "d7-d6");
    morris_view v = morris_look(&m);
    ck_assert_str_eq(v.end, "blocked");
    ck_assert_int_eq(v.returns[0], 1);
    ck_assert_int_eq(v.returns[1], -1);
    setup_at_turn(&m, W, B, 0, 199);
    rules_play(m.r, m.s, "a7-a4");
    v = morris_look(&m);
    ck_assert_str_eq(v.end, "turn cap");
    ck_assert_int_eq(v.returns[0], 0);
    morris_close(&m);
}
END_TEST

/* White flies with 3 men; Black's mill leaves White 2: White loses. */
START_TEST(flying_and_two_men_lose)
{
    morris m;
    morris_open(&m, OPENSPIEL);
    morris_setup(&m, "a4 b6 e5", "a1 d1 g4 b2 c3", 0, 0, 0);
    ck_assert_int_eq(rules_num_legal(m.r, m.s), 3 * 16);
    rules_play(m.r, m.s, "e5-g7 g4-g1");
    ck_assert_int_eq(rules_num_legal(m.r, m.s), 3); /* none of White's men is in a mill */
    rules_play(m.r, m.s, "xa4");
    morris_view v = morris_look(&m);
    ck_assert_str_eq(v.end, "fewer than three pieces");
    ck_assert_int_eq(v.returns[1], 1);
    morris_close(&m);
}
END_TEST

/* Opening and closing the same mill earns a capture every time (it does not
 * under the default repeat_mill=no_capture); men in mills are spared while
 * others remain. */
START_TEST(repeated_mill_captures)
{
    static const char W[] = "a7 d7 g7 b6 d6", B[] = "a1 d1 g1 f2";
    static const char REOPEN[] = "g1-g4 b6-b4 g4-g1";
    morris m;
    morris_open(&m, OPENSPIEL);
    morris_setup(&m, W, B, 0, 0, 1);
    rules_play(m.r, m.s, REOPEN);
    ck_assert_int_eq(morris_look(&m).pending, 1);
    ck_assert_int_eq(rules_num_legal(m.r, m.s), 2); /* a7 d7 g7 stand in a mill */
    ck_assert(rules_is_legal(m.r, m.s, "xd6") && rules_is_legal(m.r, m.s, "xb4"));
    rules_play(m.r, m.s, "xd6 b4-b6");
    rules_play(m.r, m.s, REOPEN);
    ck_assert_int_eq(morris_look(&m).pending, 1);

    morris_reset(&m, "");
    morris_setup(&m, W, B, 0, 0, 1);
    rules_play(m.r, m.s, REOPEN);
    rules_play(m.r, m.s, "xd6 b4-b6");
    rules_play(m.r, m.s, REOPEN);
    ck_assert_int_eq(morris_look(&m).pending, 0); /* the different-mills rule */
    morris_close(&m);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("morris_openspiel");
    TCase *tc = tcase_create("openspiel");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, double_mill_one_capture);
    tcase_add_test(tc, cap_of_200_turns);
    tcase_add_test(tc, blocked_at_the_cap_loses);
    tcase_add_test(tc, flying_and_two_men_lose);
    tcase_add_test(tc, repeated_mill_captures);
    tcase_add_test(tc, perft_from_the_start);
    tcase_add_test(tc, random_games_match_the_model);
    suite_add_tcase(s, tc);
    return support_main(s);
}
