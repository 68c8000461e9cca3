/* test_morris_ab.c -- the alpha-beta morris bot in-process (no worker): loaded
 * with dlopen beside morris_greedy and the morris rule module, it plays through
 * the bot ABI exactly as a worker would call it.
 *
 * No test reads the clock: the bot searches a fixed number of nodes
 * (MORRIS_AB_NODES) or turns (MORRIS_AB_DEPTH), its test hooks, so results are
 * the same on a loaded machine and under sanitizers. It must beat greedy
 * clearly in every variant, play the same game again from the same seeds, and
 * find the right move in hand-worked positions. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "arena/bot.h"
#include "arena/sdk.h"
#include "support.h"

static void *rules_lib, *ab_lib, *greedy_lib;
static const arena_rules *R;
static const arena_bot *ab_bot, *greedy_bot;

static void setup(void)
{
    R = support_rules("morris", &rules_lib);
    ab_bot = support_bot("morris_ab", &ab_lib);
    greedy_bot = support_bot("morris_greedy", &greedy_lib);
}

static void teardown(void)
{
    support_unload(greedy_lib);
    support_unload(ab_lib);
    support_unload(rules_lib);
}

static arena_game *new_game(const char *options)
{
    char err[256] = "";
    arena_game *g = R->game_new(options, err, sizeof err);
    ck_assert_msg(g != NULL, "game_new(%s): %s", options, err);
    return g;
}

static void *new_player(const arena_bot *bot, const arena_game *g, int seat, uint64_t seed)
{
    arena_bot_setup s = {.struct_size = sizeof s,
                         .game_name = "morris",
                         .options = R->game_options(g),
                         .seat = seat,
                         .num_players = 2,
                         .seed = seed,
                         .tc = {0, 0, 1000000},
                         .rules = R,
                         .game = g};
    char err[256] = "";
    void *p = bot->create(&s, err, sizeof err);
    ck_assert_msg(p != NULL, "%s create: %s", bot->name, err);
    return p;
}

/* One act() call on state s, with the turn a worker would build. */
static int32_t ask(const arena_bot *bot, void *player, const arena_state *s)
{
    static uint8_t obs[1 << 16];
    int32_t legal[1024];
    int n = R->legal_actions(s, legal, 1024);
    size_t len = R->observation(s, R->current_player(s), obs, sizeof obs);
    REQUIRE(len <= sizeof obs, "observation of %zu bytes", len); /* per ply: no Check message */
    arena_turn t = {sizeof t, 0, obs, len, legal, n, 1000000, 1000000, s, ARENA_CLOCK_WALL};
    int32_t a = bot->act(player, &t);
    for (int i = 0; i < n; i++)
        if (legal[i] == a) return a;
    ck_abort_msg("%s answered an illegal action %d", bot->name, a);
    return -1;
}

/* Plays one game; returns White's result (+1, 0, -1) and counts plies. */
static int play(const char *options, const arena_bot *white, const arena_bot *black, uint64_t seed,
                int32_t *moves, int *plies)
{
    arena_game *g = new_game(options);
    void *p[2] = {new_player(white, g, 0, seed), new_player(black, g, 1, seed + 1)};
    const arena_bot *bots[2] = {white, black};
    arena_state *s = R->state_new(g);
    int n = 0, who;
    while ((who = R->current_player(s)) >= 0) {
        int32_t a = ask(bots[who], p[who], s);
        if (moves && n < 4096) moves[n] = a;
        n++;
        REQUIRE(R->apply(s, a) == 0, "%s's action %d refused", bots[who]->name, a);
    }
    double ret[2];
    R->returns(s, ret);
    if (plies) *plies = n;
    white->destroy(p[0]);
    black->destroy(p[1]);
    R->state_free(s);
    R->game_free(g);
    return ret[0] > 0 ? 1 : ret[0] < 0 ? -1 : 0;
}

/* 20 games against greedy in the classic game, 8 in each other variant, seats
 * swapped: a clear win. Under ARENA_TEST_SCALE (sanitizers) the classic game
 * plays no fewer than the variants do. */
static const char *const variants[] = {"variant=classic",
                                       "variant=lasker",
                                       "variant=knight",
                                       "variant=rook",
                                       "variant=cross",
                                       "double_mill=1,repeat_mill=allowed,repetition=0,"
                                       "quiet_plies=0,max_turns=200"};

START_TEST(beats_greedy)
{
    setenv("MORRIS_AB_NODES", "6000", 1);
    int games = _i == 0 ? support_scaled(20, 8) : 8, wins = 0, draws = 0, losses = 0;
    for (int i = 0; i < games; i++) {
        int ab_white = i % 2 == 0;
        int r = play(variants[_i], ab_white ? ab_bot : greedy_bot, ab_white ? greedy_bot : ab_bot,
                     7000 + (uint64_t)i, NULL, NULL);
        if (!ab_white) r = -r;
        wins += r > 0;
        draws += r == 0;
        losses += r < 0;
    }
    printf("morris_ab vs greedy, %-20.20s %d games: %d wins, %d draws, %d losses\n", variants[_i],
           games, wins, draws, losses);
    ck_assert_msg(losses == 0, "%d losses", losses);
    ck_assert_msg(2 * wins + draws >= games * 2 * 85 / 100, "score %d/%d", 2 * wins + draws,
                  2 * games);
    unsetenv("MORRIS_AB_NODES");
}
END_TEST

START_TEST(same_seeds_same_game)
{
    setenv("MORRIS_AB_NODES", "2000", 1);
    static int32_t a[4096], b[4096];
    int na, nb;
    int ra = play("", ab_bot, greedy_bot, 99, a, &na);
    int rb = play("", ab_bot, greedy_bot, 99, b, &nb);
    ck_assert_int_eq(ra, rb);
    ck_assert_int_eq(na, nb);
    ck_assert(memcmp(a, b, sizeof(int32_t) * (size_t)(na < 4096 ? na : 4096)) == 0);
    unsetenv("MORRIS_AB_NODES");
}
END_TEST

/* The bot's choice, by name, after `moves` from the start of `options`, with a
 * fixed search depth. */
static void choice(const char *options, const char *moves, int depth, char *name, size_t cap)
{
    char d[16];
    snprintf(d, sizeof d, "%d", depth);
    setenv("MORRIS_AB_DEPTH", d, 1);
    arena_game *g = new_game(options);
    arena_state *s = R->state_new(g);
    char copy[1024], *save = NULL;
    snprintf(copy, sizeof copy, "%s", moves);
    for (char *t = strtok_r(copy, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
        int32_t a;
        ck_assert_msg(R->parse_action(s, t, &a) == 0 && R->apply(s, a) == 0, "move %s", t);
    }
    void *p = new_player(ab_bot, g, R->current_player(s), 5);
    int32_t a = ask(ab_bot, p, s);
    R->action_name(s, a, name, cap);
    ab_bot->destroy(p);
    R->state_free(s);
    R->game_free(g);
    unsetenv("MORRIS_AB_DEPTH");
}

/* 18 placements, no mill (tests/rules/test_morris.c): White to move closes
 * a7-d7-g7 with g4-g7; then it removes. */
static const char PLACED[] = "a7 d1 d7 a1 g4 d6 g1 f6 b6 f2 f4 d2 c5 e5 d3 e4 b4 c3";

START_TEST(closes_a_mill)
{
    char name[16];
    choice("", PLACED, 3, name, sizeof name);
    ck_assert_str_eq(name, "g4-g7");
}
END_TEST

/* White threatens g1 (a1 d1): Black, with nothing of its own, blocks. */
START_TEST(blocks_a_mill)
{
    char name[16];
    choice("", "a1 b6 d1", 3, name, sizeof name);
    ck_assert_str_eq(name, "g1");
}
END_TEST

/* White a1 d5 g7 against Black a7 d7: a White piece on g1 would make two
 * threats at once (d1 and g4), one of which must succeed. Every line through
 * Black's pieces holds a White one, so Black has no counter-threat: it must
 * spoil the fork on g1, d1 or g4. */
START_TEST(defuses_a_double_threat)
{
    char name[16];
    choice("", "a1 a7 d5 d7 g7", 4, name, sizeof name);
    ck_assert_msg(!strcmp(name, "g1") || !strcmp(name, "d1") || !strcmp(name, "g4"), "played %s",
                  name);
}
END_TEST

/* After White's mill, Black's b6-d6 (f6 empty) is the threat to take away. */
START_TEST(removes_the_threat)
{
    char name[16];
    choice("", "a1 b6 d1 d6 g1", 2, name, sizeof name);
    ck_assert_msg(!strcmp(name, "xb6") || !strcmp(name, "xd6"), "played %s", name);
}
END_TEST

/* cross: the first mill wins. After a1-d1 and c3-d3 White holds d1 and d3;
 * Black lets d2 be, and b2-d2 closes d1-d2-d3 (the only mill-closing move). */
START_TEST(cross_first_mill_wins)
{
    char name[16];
    choice("variant=cross", "a1-d1 g1-g4 c3-d3 a7-d7", 2, name, sizeof name);
    ck_assert_str_eq(name, "b2-d2");
}
END_TEST

/* A tiny budget and no test hook: the bot still answers a legal move (the
 * clock decides how deep; only legality is checked). */
/* Runs one act() with stderr sent to a temporary file; the text written is
 * left in out. */
static int32_t act_capturing(const arena_bot *bot, void *player, const arena_turn *t, char *out,
                             size_t cap)
{
    fflush(stderr);
    FILE *tmp = tmpfile();
    ck_assert_ptr_nonnull(tmp);
    int saved = dup(2);
    dup2(fileno(tmp), 2);
    int32_t a = bot->act(player, t);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    rewind(tmp);
    size_t n = fread(out, 1, cap - 1, tmp);
    out[n] = '\0';
    fclose(tmp);
    return a;
}

static int offered(const arena_turn *t, int32_t a)
{
    for (int i = 0; i < t->num_legal; i++)
        if (t->legal[i] == a) return 1;
    return 0;
}

/* A referee whose legal list differs from the bot's engine (a drifted build):
 * the bot warns once, naming itself, the game, the ply and the first
 * differing action, and still answers only actions of the referee's list. An
 * agreeing referee gets no warning. */
START_TEST(warns_when_its_engine_drifts)
{
    setenv("MORRIS_AB_DEPTH", "1", 1);
    static uint8_t obs[1 << 16];
    char text[2048];
    arena_game *g = new_game("");
    arena_state *s = R->state_new(g);
    size_t len = R->observation(s, 0, obs, sizeof obs);
    int32_t legal[64];
    int n = R->legal_actions(s, legal, 64);
    ck_assert_int_eq(n, 24);

    void *p = new_player(ab_bot, g, 0, 3);
    arena_turn same = {sizeof same, 0, obs, len, legal, n, 1000000, 1000000, s, ARENA_CLOCK_WALL};
    act_capturing(ab_bot, p, &same, text, sizeof text);
    ck_assert_str_eq(text, "");
    ab_bot->destroy(p);

    /* The referee no longer offers a7 (action 0) and offers a removal, 600. */
    int32_t drifted[64];
    memcpy(drifted, legal + 1, sizeof(int32_t) * 23);
    drifted[23] = 600;
    p = new_player(ab_bot, g, 0, 3);
    arena_turn t = {sizeof t, 0, obs, len, drifted, 24, 1000000, 1000000, s, ARENA_CLOCK_WALL};
    int32_t a = act_capturing(ab_bot, p, &t, text, sizeof text);
    ck_assert_msg(offered(&t, a), "answered %d, which the referee does not offer", a);
    ck_assert_ptr_nonnull(strstr(text, "morris_ab: warning: game morris, ply 0: "));
    ck_assert_ptr_nonnull(strstr(text, "at index 0: engine 0 (a7), referee 1 (d7)"));
    ck_assert_ptr_nonnull(strstr(text, "(engine 1.0, rules 1.0)"));
    ck_assert_ptr_eq(strchr(text, '\n'), text + strlen(text) - 1); /* one line */
    /* Once per game: the next turn is not checked again. */
    t.ply = 2;
    a = act_capturing(ab_bot, p, &t, text, sizeof text);
    ck_assert_msg(offered(&t, a), "answered %d, which the referee does not offer", a);
    ck_assert_str_eq(text, "");
    ab_bot->destroy(p);
    R->state_free(s);
    R->game_free(g);
    unsetenv("MORRIS_AB_DEPTH");
}
END_TEST

START_TEST(tiny_budget_answers)
{
    arena_game *g = new_game("");
    arena_state *s = R->state_new(g);
    void *p = new_player(ab_bot, g, 0, 1);
    uint8_t obs[4096];
    int32_t legal[1024];
    int n = R->legal_actions(s, legal, 1024);
    size_t len = R->observation(s, 0, obs, sizeof obs);
    arena_turn t = {sizeof t, 0, obs, len, legal, n, 3000, 3000, s, ARENA_CLOCK_WALL};
    int32_t a = ab_bot->act(p, &t);
    ck_assert(a >= 0 && a < 24);
    ab_bot->destroy(p);
    R->state_free(s);
    R->game_free(g);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("morris_ab");
    TCase *tc = tcase_create("morris_ab");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, closes_a_mill);
    tcase_add_test(tc, blocks_a_mill);
    tcase_add_test(tc, defuses_a_double_threat);
    tcase_add_test(tc, removes_the_threat);
    tcase_add_test(tc, cross_first_mill_wins);
    tcase_add_test(tc, tiny_budget_answers);
    tcase_add_test(tc, warns_when_its_engine_drifts);
    tcase_add_test(tc, same_seeds_same_game);
    tcase_add_loop_test(tc, beats_greedy, 0, (int)(sizeof variants / sizeof variants[0]));
    suite_add_tcase(s, tc);
    return support_main(s);
}
