/* test_mcts.c -- the generic mcts bot, loaded with dlopen and played through
 * the bot ABI as a worker would call it, on every rule module in the build.
 *
 * No test reads the clock: every player runs a fixed iteration count
 * (iterations=N) under a clock far longer than the test, so results are the
 * same on a loaded machine and under sanitizers. Known answers come from the
 * rules themselves: countdown's theory (leave a multiple of three), and in the
 * real games positions reached by seeded random play where trying every
 * legal action through the module shows which ones end the game at once in
 * the mover's favour. */
#include <check.h>
#include <dirent.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena/bot.h"
#include "arena/sdk.h"
#include "support.h"

#define MAX_LEGAL 65536

static void *bot_lib;
static const arena_bot *B;

static void setup(void)
{
    B = support_bot("mcts", &bot_lib);
}

static void teardown(void)
{
    support_unload(bot_lib);
}

static arena_game *new_game(const arena_rules *R, const char *options)
{
    char err[256] = "";
    arena_game *g = R->game_new(options, err, sizeof err);
    ck_assert_msg(g != NULL, "%s game_new(%s): %s", R->name, options, err);
    return g;
}

/* A player, or NULL with the refusal in err. */
static void *try_player(const arena_rules *R, const arena_game *g, int seat, uint64_t seed,
                        const char *bot_options, char *err, size_t errlen)
{
    arena_bot_setup s = {.struct_size = sizeof s,
                         .game_name = R->name,
                         .options = R->game_options(g),
                         .seat = seat,
                         .num_players = R->num_players(g),
                         .seed = seed,
                         .tc = {.base_us = 3600000000LL},
                         .rules = R,
                         .game = g,
                         .bot_options = bot_options};
    return B->create(&s, err, errlen);
}

static void *new_player(const arena_rules *R, const arena_game *g, int seat, uint64_t seed,
                        const char *bot_options)
{
    char err[256] = "";
    void *p = try_player(R, g, seat, seed, bot_options, err, sizeof err);
    ck_assert_msg(p != NULL, "mcts create (%s, %s): %s", R->name, bot_options, err);
    return p;
}

/* Asks the player for a move in st as a worker would: the observation of the
 * seat to move, the state in perfect-information games (and in every game
 * with give_state, as an inline seat does). Checks legality. */
static int32_t ask_as(const arena_rules *R, void *player, const arena_state *st, int ply,
                      int give_state)
{
    static int32_t legal[MAX_LEGAL];
    static uint8_t obs[1 << 16];
    int seat = R->current_player(st);
    int n = R->legal_actions(st, legal, MAX_LEGAL);
    ck_assert_int_gt(n, 0);
    ck_assert_int_le(n, MAX_LEGAL);
    size_t len = R->observation(st, seat, obs, sizeof obs);
    ck_assert_uint_le(len, sizeof obs);
    arena_turn t = {.struct_size = sizeof t,
                    .ply = ply,
                    .observation = obs,
                    .observation_len = len,
                    .legal = legal,
                    .num_legal = n,
                    .time_left_us = 3600000000LL,
                    .move_budget_us = 3600000000LL,
                    .state = give_state || !(R->flags & ARENA_GAME_HIDDEN) ? st : NULL};
    int32_t a = B->act(player, &t);
    int ok = 0;
    for (int i = 0; i < n; i++)
        ok |= legal[i] == a;
    ck_assert_msg(ok, "%s: mcts answered %d, not legal", R->name, a);
    return a;
}

static int32_t ask(const arena_rules *R, void *player, const arena_state *st, int ply)
{
    return ask_as(R, player, st, ply, 0);
}

/* Draws a chance outcome by its probability. */
static int32_t draw(const arena_rules *R, const arena_state *st, arena_rng *rng)
{
    static arena_chance_outcome out[MAX_LEGAL];
    int n = R->chance_outcomes(st, out, MAX_LEGAL);
    ck_assert_int_gt(n, 0);
    double x = arena_rng_double(rng);
    for (int i = 0; i < n - 1; i++) {
        x -= out[i].prob;
        if (x < 0) return out[i].action;
    }
    return out[n - 1].action;
}

static const char *const countdown_path = ARENA_TEST_BOTS_DIR "/countdown.so";

/* Countdown (take 1 or 2, the last stone wins): with 2 left taking both wins
 * at once; with 5 or 4 left the only winning move leaves 3. */
START_TEST(test_countdown_theory)
{
    void *lib;
    const arena_rules *R = support_rules(countdown_path, &lib);
    static const struct {
        const char *options;
        int32_t want; /* 0 takes one, 1 takes two */
    } cases[] = {{"n=2", 1}, {"n=5", 1}, {"n=4", 0}, {"n=7", 0}, {"n=8", 1}};
    static const char *const bots[] = {"iterations=2000", "iterations=2000,rave=300"};
    for (size_t i = 0; i < 2 * sizeof cases / sizeof cases[0]; i++) {
        size_t c = i / 2;
        arena_game *g = new_game(R, cases[c].options);
        arena_state *st = R->state_new(g);
        void *p = new_player(R, g, 0, 11 + c, bots[i % 2]);
        ck_assert_msg(ask(R, p, st, 0) == cases[c].want, "countdown %s, %s", cases[c].options,
                      bots[i % 2]);
        B->destroy(p);
        R->state_free(st);
        R->game_free(g);
    }
    support_unload(lib);
}
END_TEST

/* Whether playing a in st ends the game at once with seat alone on top. */
static int wins_at_once(const arena_rules *R, const arena_state *st, int np, int seat, int32_t a)
{
    arena_state *c = R->state_clone(st);
    int win = 0;
    if (R->apply(c, a) == 0 && R->current_player(c) == ARENA_TERMINAL) {
        double r[ARENA_MAX_PLAYERS];
        R->returns(c, r);
        win = 1;
        for (int i = 0; i < np; i++)
            if (i != seat && r[i] >= r[seat]) win = 0;
    }
    R->state_free(c);
    return win;
}

/* Plays seeded random games of R until a decision where some but not all
 * legal actions win at once; NULL when none is met in `games` games. */
static arena_state *find_win_in_one(const arena_rules *R, const arena_game *g, uint64_t seed,
                                    int games)
{
    static int32_t legal[MAX_LEGAL];
    arena_rng rng;
    arena_rng_seed(&rng, seed);
    int np = R->num_players(g);
    for (int k = 0; k < games; k++) {
        arena_state *st = R->state_new(g);
        for (;;) {
            int p = R->current_player(st);
            if (p == ARENA_TERMINAL) break;
            if (p == ARENA_CHANCE) {
                ck_assert_int_eq(R->apply(st, draw(R, st, &rng)), 0);
                continue;
            }
            int n = R->legal_actions(st, legal, MAX_LEGAL);
            int wins = 0;
            for (int i = 0; i < n; i++)
                wins += wins_at_once(R, st, np, p, legal[i]);
            if (wins > 0 && wins < n) return st;
            ck_assert_int_eq(R->apply(st, arena_rng_pick(&rng, legal, n)), 0);
        }
        R->state_free(st);
    }
    return NULL;
}

/* In every game it is asked about, mcts wins in its turn from a position
 * found so (some action wins at once, not every one). */
static void check_win_in_one(const char *file, const char *options, const char *bot_options)
{
    void *lib;
    const arena_rules *R = support_rules(file, &lib);
    arena_game *g = new_game(R, options);
    for (uint64_t seed = 1; seed <= 3; seed++) {
        arena_state *st = find_win_in_one(R, g, seed, 200);
        ck_assert_msg(st != NULL, "%s %s: no win in one met", R->name, options);
        int seat = R->current_player(st), np = R->num_players(g);
        void *p = new_player(R, g, seat, seed, bot_options);
        /* The rest of the turn is mcts's too (a bounce in soccer, an
         * exchange before `end` in kurnik): it must end the game with a win. */
        for (int ply = 0; ply < 64 && R->current_player(st) == seat; ply++) {
            int32_t a = ask(R, p, st, ply);
            ck_assert_int_eq(R->apply(st, a), 0);
        }
        double r[ARENA_MAX_PLAYERS];
        ck_assert_msg(R->current_player(st) == ARENA_TERMINAL,
                      "%s %s seed %llu: mcts did not end the game in its turn", R->name, options,
                      (unsigned long long)seed);
        R->returns(st, r);
        for (int i = 0; i < np; i++)
            ck_assert_msg(i == seat || r[i] < r[seat], "%s %s seed %llu: mcts missed the win",
                          R->name, options, (unsigned long long)seed);
        B->destroy(p);
        R->state_free(st);
    }
    R->game_free(g);
    support_unload(lib);
}

START_TEST(test_win_in_one_morris_cross)
{
    check_win_in_one(ARENA_BIN_DIR "/rules/libmorris.so", "variant=cross",
                     "iterations=1000,rave=0");
    check_win_in_one(ARENA_BIN_DIR "/rules/libmorris.so", "variant=cross",
                     "iterations=1000,rave=300");
}
END_TEST

/* Hand-built, from docs/rules/morris.md: in cross White starts on a1 b2 c3
 * e5 f6 g7, Black on g1 f2 e3 c5 b6 a7, and the first mill wins. After a1-d1
 * a7-d7 b2-d2 d7-a7, White's c3-d3 closes d1-d2-d3; no other move wins. */
START_TEST(test_cross_mill_hand_built)
{
    void *lib;
    const arena_rules *R = support_rules(ARENA_BIN_DIR "/rules/libmorris.so", &lib);
    arena_game *g = new_game(R, "variant=cross");
    static const char *const bots[] = {"iterations=300", "iterations=300,rave=300"};
    for (int k = 0; k < 2; k++) {
        arena_state *st = R->state_new(g);
        static const char *const moves[] = {"a1-d1", "a7-d7", "b2-d2", "d7-a7"};
        for (int i = 0; i < 4; i++) {
            int32_t a;
            ck_assert_int_eq(R->parse_action(st, moves[i], &a), 0);
            ck_assert_int_eq(R->apply(st, a), 0);
        }
        ck_assert_int_eq(R->current_player(st), 0);
        static int32_t legal[256];
        int n = R->legal_actions(st, legal, 256), winners = 0;
        for (int i = 0; i < n; i++)
            winners += wins_at_once(R, st, 2, 0, legal[i]);
        ck_assert_int_eq(winners, 1);
        ck_assert_int_gt(n, 10);
        void *p = new_player(R, g, 0, 3, bots[k]);
        int32_t a = ask(R, p, st, 4), want;
        ck_assert_int_eq(R->parse_action(st, "c3-d3", &want), 0);
        ck_assert_msg(a == want, "%s: mcts played %d, not c3-d3", bots[k], a);
        ck_assert_int_eq(R->apply(st, a), 0);
        ck_assert_int_eq(R->current_player(st), ARENA_TERMINAL);
        B->destroy(p);
        R->state_free(st);
    }
    R->game_free(g);
    support_unload(lib);
}
END_TEST

START_TEST(test_win_in_one_soccer)
{
    check_win_in_one(ARENA_BIN_DIR "/rules/libsoccer.so", "", "iterations=1000,rave=0");
    check_win_in_one(ARENA_BIN_DIR "/rules/libsoccer.so", "", "iterations=1000,rave=300");
}
END_TEST

START_TEST(test_win_in_one_kurnik)
{
    check_win_in_one(ARENA_BIN_DIR "/rules/libkurnik.so", "", "iterations=1000,rave=0");
    check_win_in_one(ARENA_BIN_DIR "/rules/libkurnik.so", "", "iterations=1000,rave=300");
}
END_TEST

/* What play() tells mcts of the others' actions and the chance outcomes
 * through observe, as the arena does in perfect-information games (there
 * the bot keeps the subtree of the position reached). */
enum tell { TELL_NOTHING, TELL_TRUTH, TELL_LIES };

/* Tells the player an event (an action of `who`, or chance when who < 0). */
static void tell(void *player, int who, int32_t action)
{
    arena_event ev = {.struct_size = sizeof ev,
                      .kind = who < 0 ? ARENA_EVENT_CHANCE : ARENA_EVENT_ACTION,
                      .seat = who,
                      .action = action};
    B->observe(player, &ev);
}

/* Plays one game of R: seat `mcts_seat` is mcts with bot_options, the others
 * uniform random; returns mcts's return, and the moves mcts chose in
 * moves[] (up to cap) with their count in *nmoves. With TELL_TRUTH mcts
 * is told every other action; with TELL_LIES every one as another action
 * number (action + 1), which leads nowhere the tree knows. */
static double play_told(const arena_rules *R, const arena_game *g, int mcts_seat, uint64_t seed,
                        const char *bot_options, int32_t *moves, int cap, int *nmoves,
                        enum tell told)
{
    static int32_t legal[MAX_LEGAL];
    arena_rng rng;
    arena_rng_seed(&rng, seed);
    void *p = new_player(R, g, mcts_seat, seed, bot_options);
    arena_state *st = R->state_new(g);
    int ply = 0, k = 0;
    for (;;) {
        int who = R->current_player(st);
        if (who == ARENA_TERMINAL) break;
        int32_t a;
        if (who == ARENA_CHANCE) {
            a = draw(R, st, &rng);
        } else if (who == mcts_seat) {
            a = ask(R, p, st, ply++);
            if (k < cap) moves[k++] = a;
        } else {
            int n = R->legal_actions(st, legal, MAX_LEGAL);
            a = arena_rng_pick(&rng, legal, n);
            ply++;
        }
        ck_assert_int_eq(R->apply(st, a), 0);
        if (told != TELL_NOTHING && who != mcts_seat && !(R->flags & ARENA_GAME_HIDDEN))
            tell(p, who == ARENA_CHANCE ? -1 : who, told == TELL_LIES ? a + 1 : a);
    }
    double r[ARENA_MAX_PLAYERS];
    R->returns(st, r);
    R->state_free(st);
    B->destroy(p);
    *nmoves = k;
    return r[mcts_seat];
}

static double play(const arena_rules *R, const arena_game *g, int mcts_seat, uint64_t seed,
                   const char *bot_options, int32_t *moves, int cap, int *nmoves)
{
    return play_told(R, g, mcts_seat, seed, bot_options, moves, cap, nmoves, TELL_TRUTH);
}

/* Every rule module in the build: mcts takes it, plays legal moves in every
 * seat, and with a fixed seed and iteration count plays the same game again
 * (hidden-information games included: determinisations come from the seed;
 * perfect-information ones told the other actions, so with trees kept from
 * move to move). */
START_TEST(test_every_module_reproducible)
{
    DIR *d = opendir(ARENA_BIN_DIR "/rules");
    ck_assert_ptr_nonnull(d);
    struct dirent *e;
    int modules = 0;
    while ((e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        if (len < 4 || strcmp(e->d_name + len - 3, ".so") != 0) continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/rules/%s", ARENA_BIN_DIR, e->d_name);
        void *lib;
        const arena_rules *R = support_rules(path, &lib);
        arena_game *g = new_game(R, "");
        int np = R->num_players(g);
        for (int seat = 0; seat <= np; seat++) {
            static int32_t m1[64], m2[64];
            int n1, n2;
            /* The default (RAVE in hidden-information games only; the
             * module's evaluate at the leaf where it has one) in every seat,
             * then RAVE forced on, evaluation after three random plies and
             * each determinisation used for three iterations in seat 0 (few
             * iterations: the suite runs under sanitizers too). */
            const char *o = seat < np ? "iterations=40,playout=300"
                                      : "iterations=20,playout=300,rave=100,cutoff=3,reuse=3";
            double r1 = play(R, g, seat % np, 100 + seat, o, m1, 64, &n1);
            double r2 = play(R, g, seat % np, 100 + seat, o, m2, 64, &n2);
            ck_assert_msg(n1 == n2 && memcmp(m1, m2, (size_t)n1 * sizeof *m1) == 0 && r1 == r2,
                          "%s seat %d, %s: the same seed played another game", R->name, seat % np,
                          o);
            ck_assert_int_gt(n1, 0);
        }
        R->game_free(g);
        support_unload(lib);
        modules++;
    }
    closedir(d);
    ck_assert_int_ge(modules, 3);
}
END_TEST

/* A module that lacks what the search needs is refused at create with a
 * one-line message naming the member: sample_state in a hidden-information
 * game, state_from_observation in a perfect-information one, chance_outcomes
 * in a game with chance. */
START_TEST(test_refuses_incomplete_module)
{
    static const struct {
        const char *file;
        int member; /* 0 sample_state, 1 state_from_observation, 2 chance_outcomes */
        const char *word;
    } cases[] = {{ARENA_BIN_DIR "/rules/libkursk.so", 0, "sample_state"},
                 {ARENA_BIN_DIR "/rules/librugby.so", 0, "sample_state"},
                 {ARENA_BIN_DIR "/rules/libmorris.so", 1, "state_from_observation"},
                 {ARENA_BIN_DIR "/rules/libkurnik.so", 2, "chance_outcomes"}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        void *lib;
        const arena_rules *R = support_rules(cases[i].file, &lib);
        arena_game *g = new_game(R, "");
        char err[256] = "";
        void *p = try_player(R, g, 0, 1, "", err, sizeof err);
        ck_assert_msg(p != NULL, "%s: %s", R->name, err);
        B->destroy(p);
        arena_rules doctored = *R;
        if (cases[i].member == 0) doctored.sample_state = NULL;
        if (cases[i].member == 1) doctored.state_from_observation = NULL;
        if (cases[i].member == 2) doctored.chance_outcomes = NULL;
        p = try_player(&doctored, g, 0, 1, "", err, sizeof err);
        ck_assert_msg(p == NULL, "%s without %s was taken", R->name, cases[i].word);
        ck_assert_msg(strstr(err, cases[i].word) && !strchr(err, '\n'), "message: %s", err);
        R->game_free(g);
        support_unload(lib);
    }
}
END_TEST

/* Bad options are refused with the module kit's one-line wording, naming
 * the bot, the key and the value. */
START_TEST(test_bad_options)
{
    void *lib;
    const arena_rules *R = support_rules(countdown_path, &lib);
    arena_game *g = new_game(R, "");
    static const struct {
        const char *options, *message;
    } cases[] = {
        {"iterations=abc",
         "mcts: bad value 'abc' for iterations (expected 0 (off) or 1..99999999)"},
        {"depth=3",
         "mcts: unknown option 'depth' (known: iterations, share, c, rave, rollout, playout, "
         "nodes, seed, eval, cutoff, prune, reuse, wide)"},
        {"reuse=0", "mcts: bad value '0' for reuse (expected 1..1000)"},
        {"eval=maybe", "mcts: bad value 'maybe' for eval (expected on or off)"},
        {"c=1.234", "mcts: bad value '1.234' for c (expected 0..10 with at most 2 decimals)"},
        {"c=140", "mcts: bad value '140' for c (expected 0..10 with at most 2 decimals)"},
        {"rollout=smart", "mcts: bad value 'smart' for rollout (expected random, win or mast)"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char err[256] = "";
        void *p = try_player(R, g, 0, 1, cases[i].options, err, sizeof err);
        ck_assert_msg(p == NULL, "%s was taken", cases[i].options);
        ck_assert_str_eq(err, cases[i].message);
    }
    char err[256] = "";
    void *p = try_player(R, g, 0, 1, "iterations=10,c=1.4,rollout=win,nodes=1000", err, sizeof err);
    ck_assert_msg(p != NULL, "%s", err);
    B->destroy(p);
    ck_assert_ptr_nonnull(B->options_help);
    ck_assert_ptr_nonnull(strstr(B->options_help, "iterations=0"));
    R->game_free(g);
    support_unload(lib);
}
END_TEST

/* Tree reuse follows only what leads to the position: told lies about
 * every other action (action numbers that lead nowhere the tree knows),
 * mcts plays exactly as when told nothing, in a game where every decision
 * of its is its turn's only one (countdown); told the truth it plays legal
 * moves and, with a fixed seed, the same game again (every module, above). */
START_TEST(test_reuse_needs_the_path)
{
    void *lib;
    const arena_rules *R = support_rules(countdown_path, &lib);
    arena_game *g = new_game(R, "n=40");
    for (int seat = 0; seat < 2; seat++) {
        int32_t m1[32], m2[32], m3[32];
        int n1, n2, n3;
        const char *o = "iterations=30";
        play_told(R, g, seat, 7, o, m1, 32, &n1, TELL_NOTHING);
        play_told(R, g, seat, 7, o, m2, 32, &n2, TELL_LIES);
        ck_assert_int_eq(n1, n2);
        ck_assert_msg(memcmp(m1, m2, (size_t)n1 * sizeof *m1) == 0,
                      "seat %d: lies changed the play", seat);
        play_told(R, g, seat, 7, o, m3, 32, &n3, TELL_TRUTH);
        ck_assert_int_gt(n3, 0);
    }
    R->game_free(g);
    support_unload(lib);
}
END_TEST

/* In a hidden-information game mcts searches from the observation alone:
 * handed the referee's state too (an inline seat does), it plays the same
 * moves with the same seed, in every seat of kursk and rugby, over the
 * first decisions of seeded random games. */
START_TEST(test_hidden_ignores_state)
{
    static const char *const files[] = {ARENA_BIN_DIR "/rules/libkursk.so",
                                        ARENA_BIN_DIR "/rules/librugby.so"};
    static int32_t legal[MAX_LEGAL];
    for (int f = 0; f < 2; f++) {
        void *lib;
        const arena_rules *R = support_rules(files[f], &lib);
        ck_assert(R->flags & ARENA_GAME_HIDDEN);
        arena_game *g = new_game(R, "");
        int np = R->num_players(g);
        void *blind[ARENA_MAX_PLAYERS], *shown[ARENA_MAX_PLAYERS];
        for (int i = 0; i < np; i++) {
            blind[i] = new_player(R, g, i, 40 + i, "iterations=30");
            shown[i] = new_player(R, g, i, 40 + i, "iterations=30");
        }
        arena_rng rng;
        arena_rng_seed(&rng, 9);
        arena_state *st = R->state_new(g);
        int asked = 0;
        for (int ply = 0; ply < 120 && R->current_player(st) != ARENA_TERMINAL; ply++) {
            int who = R->current_player(st);
            int32_t a;
            if (who == ARENA_CHANCE) {
                a = draw(R, st, &rng);
            } else {
                int32_t x = ask_as(R, blind[who], st, ply, 0);
                int32_t y = ask_as(R, shown[who], st, ply, 1);
                ck_assert_msg(x == y, "%s ply %d: the referee's state changed the move", R->name,
                              ply);
                asked++;
                /* Random play on, so that the game goes somewhere. */
                int n = R->legal_actions(st, legal, MAX_LEGAL);
                a = arena_rng_pick(&rng, legal, n);
            }
            ck_assert_int_eq(R->apply(st, a), 0);
        }
        ck_assert_int_gt(asked, 20);
        for (int i = 0; i < np; i++) {
            B->destroy(blind[i]);
            B->destroy(shown[i]);
        }
        R->state_free(st);
        R->game_free(g);
        support_unload(lib);
    }
}
END_TEST

/* Wide, with hidden information (rugby's default: wide=auto): with
 * target=1 any scoring field wins at once, and at the first guess the field
 * most likely to hold a mark is a touchline field of the midfield, worked by
 * hand from the rules page: an A (6 on the 36 touchline fields of rows 4-12)
 * 1/6, else one of the 19 K, D, M and G on the 57 midfield fields the A
 * leave, 5/6 x 1/3: 4/9, against 1/3 on the midfield's middle columns and
 * 5/21 for a try or a conversion. 300 determinisations tell them apart. */
START_TEST(test_wide_hidden)
{
    void *lib;
    const arena_rules *R = support_rules(ARENA_BIN_DIR "/rules/librugby.so", &lib);
    arena_game *g = new_game(R, "target=1,setup=random");
    arena_rng rng;
    arena_rng_seed(&rng, 5);
    for (int game = 0; game < 3; game++) {
        arena_state *st = R->state_new(g);
        while (R->current_player(st) == ARENA_CHANCE)
            ck_assert_int_eq(R->apply(st, draw(R, st, &rng)), 0);
        void *p = new_player(R, g, 0, 11 + game, "iterations=300");
        int32_t a = ask(R, p, st, 0), row = a / 7 + 1, col = a % 7;
        ck_assert_msg(row >= 4 && row <= 12 && (col <= 1 || col >= 5),
                      "game %d: mcts guessed field %d (row %d, column %d)", game, a, row, col);
        B->destroy(p);
        R->state_free(st);
    }
    R->game_free(g);
    support_unload(lib);
}
END_TEST

/* MAST playouts (rollout=mast) find the immediate win too. */
START_TEST(test_win_in_one_mast)
{
    check_win_in_one(ARENA_BIN_DIR "/rules/libmorris.so", "variant=cross",
                     "iterations=1000,rollout=mast");
    check_win_in_one(ARENA_BIN_DIR "/rules/libsoccer.so", "", "iterations=1000,rollout=mast");
    check_win_in_one(ARENA_BIN_DIR "/rules/libkurnik.so", "", "iterations=1000,rollout=mast");
}
END_TEST

/* evaluate (rules.h) on countdown, doctored in: the game's theory as the
 * heuristic (the seat to move with a multiple of three stones left loses).
 * The mirror of countdown's state (tests/bots/countdown.c). */
typedef struct countdown_state {
    int32_t n, to_move, rolling, winner;
} countdown_state;
static long evaluations; /* calls of countdown_theory */
static void countdown_theory(const arena_state *st, double *out)
{
    const countdown_state *s = (const countdown_state *)(const void *)st;
    int lost = s->n % 3 == 0;
    out[s->to_move] = lost ? 0 : 1;
    out[s->to_move ^ 1] = lost ? 1 : 0;
    evaluations++;
}

/* countdown's move from n stones with R's table and bot options. */
static int32_t countdown_move(const arena_rules *R, int n, const char *bot_options)
{
    char options[32];
    snprintf(options, sizeof options, "n=%d", n);
    arena_game *g = new_game(R, options);
    arena_state *st = R->state_new(g);
    void *p = new_player(R, g, 0, 3, bot_options);
    int32_t a = ask(R, p, st, 0);
    B->destroy(p);
    R->state_free(st);
    R->game_free(g);
    return a;
}

/* With a module's evaluate mcts scores its playouts by it (eval=on,
 * cutoff=0 by default): from hundreds of stones, where a few hundred random
 * playouts tell nothing, it leaves a multiple of three every time; with
 * eval=off, or a table too short to hold evaluate (a module built before
 * it), the heuristic is never called and mcts still plays. */
START_TEST(test_evaluate)
{
    void *lib;
    const arena_rules *R = support_rules(countdown_path, &lib);
    ck_assert_msg(!ARENA_RULES_HAS(R, evaluate) || R->evaluate == NULL,
                  "countdown grew an evaluate: doctor another module");
    arena_rules doctored = *R;
    doctored.evaluate = countdown_theory;
    static const int stones[] = {1000, 998, 997, 995, 994, 992};
    for (size_t i = 0; i < sizeof stones / sizeof stones[0]; i++) {
        evaluations = 0;
        int32_t want = stones[i] % 3 == 1 ? 0 : 1; /* take one, or two */
        ck_assert_msg(countdown_move(&doctored, stones[i], "iterations=300") == want,
                      "countdown n=%d: mcts missed the multiple of three", stones[i]);
        ck_assert_int_ge(evaluations, 300);
        /* cutoff=4: four random plies, then the heuristic */
        evaluations = 0;
        countdown_move(&doctored, stones[i], "iterations=50,cutoff=4");
        ck_assert_int_ge(evaluations, 50);
    }
    /* wide=on: one iteration scores each of the root's two moves (take one
     * or two) once, and mcts takes the better */
    for (size_t i = 0; i < sizeof stones / sizeof stones[0]; i++) {
        evaluations = 0;
        int32_t want = stones[i] % 3 == 1 ? 0 : 1;
        ck_assert_msg(countdown_move(&doctored, stones[i], "iterations=1,wide=on") == want,
                      "countdown n=%d, wide: mcts missed the multiple of three", stones[i]);
        ck_assert_int_eq(evaluations, 2);
    }
    evaluations = 0;
    countdown_move(&doctored, 1000, "iterations=50,eval=off");
    ck_assert_int_eq(evaluations, 0);
    doctored.struct_size = (uint32_t)offsetof(arena_rules, evaluate);
    countdown_move(&doctored, 1000, "iterations=50");
    ck_assert_int_eq(evaluations, 0);
    support_unload(lib);
}
END_TEST

/* wide=auto in perfect-information games with chance: wide at a decision
 * with chance ahead (a random playout meets a chance node within 64 plies:
 * kurnik's next roll), a tree where all of it is behind (countdown with
 * die=1 after its first roll). Counted through evaluate: a wide iteration
 * scores each legal move once, a tree iteration its one leaf. */
static const arena_rules *counted_rules; /* the module whose evaluate is counted */
static void counted_evaluate(const arena_state *st, double *out)
{
    evaluations++;
    counted_rules->evaluate(st, out);
}

START_TEST(test_wide_by_chance)
{
    void *lib;
    const arena_rules *R = support_rules(ARENA_BIN_DIR "/rules/libkurnik.so", &lib);
    ck_assert(ARENA_RULES_HAS(R, evaluate) && R->evaluate);
    counted_rules = R;
    arena_rules doctored = *R;
    doctored.evaluate = counted_evaluate;
    arena_game *g = new_game(&doctored, "");
    arena_state *st = doctored.state_new(g);
    /* seat 0 rolls eggs twice (seat 1 once between): four eggs, egg>chick or end */
    static const char *const moves[] = {"roll:1-2", "end", "roll:1-2", "end", "roll:1-3"};
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
        int32_t a;
        ck_assert_int_eq(doctored.parse_action(st, moves[i], &a), 0);
        ck_assert_int_eq(doctored.apply(st, a), 0);
    }
    int32_t legal[8];
    int n = doctored.legal_actions(st, legal, 8);
    ck_assert_int_eq(n, 2);
    void *p = new_player(&doctored, g, 0, 3, "iterations=3");
    evaluations = 0;
    ask(&doctored, p, st, 1);
    ck_assert_int_eq(evaluations, 3 * n);
    B->destroy(p);
    doctored.state_free(st);
    doctored.game_free(g);
    support_unload(lib);

    /* countdown with die=1, its theory as evaluate: after the roll no chance
     * is left, and 50 tree iterations score 50 leaves (none ends the game) */
    const arena_rules *C = support_rules(countdown_path, &lib);
    arena_rules cd = *C;
    cd.evaluate = countdown_theory;
    g = new_game(&cd, "n=1000,die=1");
    st = cd.state_new(g);
    ck_assert_int_eq(cd.current_player(st), ARENA_CHANCE);
    arena_rng rng;
    arena_rng_seed(&rng, 4);
    ck_assert_int_eq(cd.apply(st, draw(&cd, st, &rng)), 0);
    p = new_player(&cd, g, 0, 3, "iterations=50");
    evaluations = 0;
    ask(&cd, p, st, 1);
    ck_assert_int_eq(evaluations, 50);
    B->destroy(p);
    cd.state_free(st);
    cd.game_free(g);
    support_unload(lib);
}
END_TEST

/* The trap, a game for pruning: seat 0 takes A (0) or B (1). B ends it
 * drawn. After A seat 0 moves again, with 32 actions: 31 lose at once, the
 * last (31) wins. Seat 1 never moves. A wins, but a search that averages
 * the 31 losses into A's mean sees it worse than B's draw for a hundred
 * iterations or more; with pruning the losses are passed by. */
struct arena_state {
    int32_t stage;  /* 0: A or B; 1: after A; 2: over */
    int32_t result; /* seat 0's return once over */
};
struct arena_game {
    int unused;
};
static arena_game trap_game;
static arena_game *trap_new(const char *o, char *e, size_t n)
{
    (void)o, (void)e, (void)n;
    return &trap_game;
}
static void trap_free(arena_game *g)
{
    (void)g;
}
static const char *trap_options(const arena_game *g)
{
    (void)g;
    return "";
}
static int trap_players(const arena_game *g)
{
    (void)g;
    return 2;
}
static int32_t trap_actions(const arena_game *g)
{
    (void)g;
    return 32;
}
static int trap_length(const arena_game *g)
{
    (void)g;
    return 2;
}
static size_t trap_size(const arena_game *g)
{
    (void)g;
    return sizeof(arena_state);
}
static arena_state *trap_state(const arena_game *g)
{
    (void)g;
    return calloc(1, sizeof(arena_state));
}
static void trap_state_free(arena_state *s)
{
    free(s);
}
static int trap_player(const arena_state *s)
{
    return s->stage == 2 ? ARENA_TERMINAL : 0;
}
static int trap_legal(const arena_state *s, int32_t *out, int cap)
{
    int n = s->stage == 0 ? 2 : s->stage == 1 ? 32 : 0;
    for (int i = 0; i < n && i < cap; i++)
        out[i] = i;
    return n;
}
static int trap_apply(arena_state *s, int32_t a)
{
    if (a < 0 || a >= trap_legal(s, NULL, 0)) return -1;
    s->result = s->stage == 0 ? 0 : a == 31 ? 1 : -1;
    s->stage = s->stage == 0 && a == 0 ? 1 : 2;
    return 0;
}
static void trap_returns(const arena_state *s, double *out)
{
    out[0] = s->result;
    out[1] = -s->result;
}
static size_t trap_observation(const arena_state *s, int seat, uint8_t *buf, size_t cap)
{
    (void)seat;
    if (cap >= 1) buf[0] = (uint8_t)s->stage;
    return 1;
}
static arena_state *trap_from_observation(const arena_game *g, const uint8_t *o, size_t n)
{
    (void)g, (void)o, (void)n;
    return NULL;
}
static const arena_rules trap_rules = {
    .abi_version = ARENA_RULES_ABI_VERSION,
    .struct_size = sizeof(arena_rules),
    .name = "trap",
    .flags = ARENA_GAME_ZERO_SUM,
    .min_players = 2,
    .max_players = 2,
    .game_new = trap_new,
    .game_free = trap_free,
    .game_options = trap_options,
    .num_players = trap_players,
    .num_actions = trap_actions,
    .max_game_length = trap_length,
    .state_size = trap_size,
    .state_new = trap_state,
    .state_free = trap_state_free,
    .current_player = trap_player,
    .legal_actions = trap_legal,
    .apply = trap_apply,
    .returns = trap_returns,
    .observation = trap_observation,
    .state_from_observation = trap_from_observation,
};

/* Pruning (prune=on, and by default where the module's evaluate scores
 * playouts): with 60 iterations mcts takes A in the trap, whatever the
 * seed; prune=off, averaging the losses, takes B. */
START_TEST(test_prune_losses)
{
    const arena_rules *R = &trap_rules;
    arena_game *g = new_game(R, "");
    arena_state *st = R->state_new(g);
    for (uint64_t seed = 1; seed <= 8; seed++) {
        void *p = new_player(R, g, 0, seed, "iterations=60,prune=on");
        ck_assert_msg(ask(R, p, st, 0) == 0, "seed %llu: pruned, mcts missed A",
                      (unsigned long long)seed);
        B->destroy(p);
    }
    void *p = new_player(R, g, 0, 1, "iterations=60,prune=off");
    ck_assert_msg(ask(R, p, st, 0) == 1, "without pruning mcts already saw through the trap");
    B->destroy(p);
    R->state_free(st);
    R->game_free(g);
}
END_TEST

/* A tree capped at the smallest pool still plays legal moves. */
START_TEST(test_node_cap)
{
    void *lib;
    const arena_rules *R = support_rules(ARENA_BIN_DIR "/rules/libmorris.so", &lib);
    arena_game *g = new_game(R, "");
    int32_t moves[8];
    int n;
    play(R, g, 0, 5, "iterations=5000,nodes=1000,playout=50", moves, 8, &n);
    ck_assert_int_gt(n, 0);
    R->game_free(g);
    support_unload(lib);
}
END_TEST

static Suite *mcts_suite(void)
{
    Suite *s = suite_create("mcts");
    TCase *tc = tcase_create("core");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_countdown_theory);
    tcase_add_test(tc, test_win_in_one_morris_cross);
    tcase_add_test(tc, test_cross_mill_hand_built);
    tcase_add_test(tc, test_win_in_one_soccer);
    tcase_add_test(tc, test_win_in_one_kurnik);
    tcase_add_test(tc, test_every_module_reproducible);
    tcase_add_test(tc, test_refuses_incomplete_module);
    tcase_add_test(tc, test_bad_options);
    tcase_add_test(tc, test_node_cap);
    tcase_add_test(tc, test_reuse_needs_the_path);
    tcase_add_test(tc, test_win_in_one_mast);
    tcase_add_test(tc, test_hidden_ignores_state);
    tcase_add_test(tc, test_evaluate);
    tcase_add_test(tc, test_prune_losses);
    tcase_add_test(tc, test_wide_hidden);
    tcase_add_test(tc, test_wide_by_chance);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return support_main(mcts_suite());
}
