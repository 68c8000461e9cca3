/* test_rules_generic.c -- the invariants every rule module keeps (rules.h),
 * checked over thousands of seeded random playouts per game and option set:
 * legal actions ascending, in range, non-empty unless terminal; illegal actions
 * refused with the state unchanged; clones equal; observation round trips;
 * notation round trips; bounded game length; zero-sum returns; bounded render;
 * the heuristic values of evaluate, in modules that offer it, in range.
 * Hidden-information games (ARENA_GAME_HIDDEN) have no state_from_observation:
 * for them every seat's view (and the public one, -1) is sampled back with
 * sample_state, which must give the same bytes for that view, the same player
 * to act and, at that seat's own decision, the same legal actions.
 * A new game is one more row in `cases`. ARENA_TEST_SCALE (percent, default
 * 100) shrinks the playout counts, e.g. for valgrind. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena/sdk.h"
#include "rules_test.h"
#include "support.h"

typedef struct generic_case {
    const char *game;
    const char *options;
    int playouts;
} generic_case;

static const generic_case cases[] = {
    {"morris", "", 600},
    {"morris", "variant=lasker", 300},
    {"morris", "variant=knight", 300},
    {"morris", "variant=rook", 300},
    {"morris", "variant=cross", 300},
    {"morris", "double_mill=1,repeat_mill=allowed,repetition=0,quiet_plies=0,max_turns=200", 300},
    {"morris", "repetition=2,quiet_plies=12,max_turns=40", 300},
    {"morris", "variant=lasker,double_mill=1,repeat_mill=allowed,quiet_plies=0,max_turns=120", 300},
    {"morris", "variant=rook,repetition=0,quiet_plies=0,max_turns=300", 200},
    {"morris", "variant=knight,repeat_mill=allowed,repetition=4,quiet_plies=40", 200},
    {"kurnik", "", 300},
    {"kurnik", "players=3", 200},
    {"kurnik", "players=4", 200},
    {"kurnik", "players=4,max_rounds=3", 300},
    {"kurnik", "max_rounds=1", 300},
    {"soccer", "", 400},
    {"soccer", "width=6,height=8,goal=4", 300},
    {"soccer", "width=4,height=4,goal=2", 300},
    {"soccer", "width=10,height=12,goal=4", 200},
    {"querni", "", 300},
    {"querni", "quiet_turns=0,max_turns=60", 200},
    {"querni", "quiet_turns=4,max_turns=20", 300},
    {"kursk", "", 150},
    {"kursk", "players=3", 100},
    {"kursk", "players=3,max_rounds=5", 300},
    {"kursk", "max_rounds=1", 300},
    {"rugby", "", 60},
    {"rugby", "setup=random", 60},
    {"rugby", "tries=10,target=128,setup=random", 20},
    {"rugby", "target=1", 100},
};
#define NUM_CASES ((int)(sizeof cases / sizeof cases[0]))
#define MAX_LEGAL 4096

/* Everything one playout needs. */
typedef struct run {
    const arena_rules *r;
    arena_game *g;
    int32_t num_actions;
    size_t size; /* state_size */
    arena_rng rng;
    int32_t legal[MAX_LEGAL];
    uint8_t *buf[2]; /* two observations to compare */
    size_t buf_cap;
    /* evaluate (where offered): states it valued, the first value of seat 0,
     * and whether another value ever differed from it */
    long evaluated;
    double first_value;
    int values_differ;
} run;

static int scaled(int n)
{
    const char *s = getenv("ARENA_TEST_SCALE");
    int pct = s ? atoi(s) : 100;
    int k = n * (pct > 0 ? pct : 100) / 100;
    return k > 0 ? k : 1;
}

/* Observation bytes of s for seat into ru->buf[which]; returns the size. */
static size_t observe(run *ru, const arena_state *s, int seat, int which)
{
    size_t n = ru->r->observation(s, seat, NULL, 0);
    if (n + 1 > ru->buf_cap) {
        ru->buf_cap = 2 * (n + 1);
        for (int i = 0; i < 2; i++)
            ru->buf[i] = realloc(ru->buf[i], ru->buf_cap);
    }
    uint8_t *buf = ru->buf[which];
    memset(buf, 0xA5, n + 1);
    if (n > 0) { /* a buffer one byte short stays untouched */
        REQUIRE(ru->r->observation(s, seat, buf, n - 1) == n, "observation size changed");
        for (size_t i = 0; i < n + 1; i++)
            REQUIRE(buf[i] == 0xA5, "observation wrote past cap");
    }
    REQUIRE(ru->r->observation(s, seat, buf, n) == n, "observation size changed");
    REQUIRE(buf[n] == 0xA5, "observation wrote past its size");
    return n;
}

static int legal_list(run *ru, const arena_state *s, int32_t *out)
{
    int n = ru->r->legal_actions(s, out, MAX_LEGAL);
    REQUIRE(n >= 0 && n <= MAX_LEGAL, "legal_actions count %d", n);
    REQUIRE(ru->r->legal_actions(s, NULL, 0) == n, "legal_actions count depends on cap");
    return n;
}

/* At a chance node the legal actions are exactly the outcomes, with positive
 * probabilities summing to 1, and there are at least two (rules.h: a single
 * outcome is applied directly and is no node). */
static void check_chance(run *ru, const arena_state *s, int n)
{
    REQUIRE(ru->r->chance_outcomes != NULL, "chance node without chance_outcomes");
    arena_chance_outcome out[MAX_LEGAL];
    int k = ru->r->chance_outcomes(s, out, MAX_LEGAL);
    REQUIRE(k == n, "%d chance outcomes but %d legal actions", k, n);
    REQUIRE(k >= 2, "a chance node with a single outcome");
    double sum = 0;
    for (int i = 0; i < k; i++) {
        REQUIRE(out[i].action == ru->legal[i], "chance outcome %d is not legal action %d",
                out[i].action, ru->legal[i]);
        REQUIRE(out[i].prob > 0, "outcome %d has probability %g", out[i].action, out[i].prob);
        sum += out[i].prob;
    }
    REQUIRE(sum > 1 - 1e-9 && sum < 1 + 1e-9, "chance probabilities sum to %g", sum);
}

/* A uniformly random legal action for a seat; a chance outcome drawn with its
 * probability, as the arena draws it. */
static int32_t pick(const arena_rules *r, const arena_state *s, const int32_t *legal, int n,
                    arena_rng *rng)
{
    if (r->current_player(s) != ARENA_CHANCE) return legal[arena_rng_below(rng, (uint32_t)n)];
    arena_chance_outcome out[MAX_LEGAL];
    int k = r->chance_outcomes(s, out, MAX_LEGAL);
    double u = arena_rng_double(rng), acc = 0;
    for (int i = 0; i < k; i++)
        if (u < (acc += out[i].prob)) return out[i].action;
    return out[k - 1].action;
}

static void check_legal(run *ru, const arena_state *s, int n)
{
    int cp = ru->r->current_player(s);
    if (cp == ARENA_TERMINAL) {
        REQUIRE(n == 0, "terminal state has %d legal actions", n);
        return;
    }
    REQUIRE((cp >= 0 && cp < ru->r->num_players(ru->g)) || cp == ARENA_CHANCE, "current_player %d",
            cp);
    REQUIRE(n > 0, "no legal action in a non-terminal state");
    if (cp == ARENA_CHANCE) check_chance(ru, s, n);
    for (int i = 0; i < n; i++) {
        REQUIRE(ru->legal[i] >= 0 && ru->legal[i] < ru->num_actions, "action %d out of range",
                ru->legal[i]);
        REQUIRE(i == 0 || ru->legal[i - 1] < ru->legal[i], "legal actions not ascending");
    }
}

static void check_clone(run *ru, const arena_state *s)
{
    arena_state *c = ru->r->state_clone(s);
    REQUIRE(c && memcmp(c, s, ru->size) == 0, "clone differs from the original");
    ru->r->state_free(c);
}

/* Hidden information: each view sampled back gives the same bytes for that
 * view, the same player, and at the view's own decision the same actions. */
static void check_samples(run *ru, const arena_state *s)
{
    REQUIRE(ru->r->state_from_observation == NULL && ru->r->sample_state != NULL,
            "a hidden-information game has sample_state and no state_from_observation");
    int cp = ru->r->current_player(s), np = ru->r->num_players(ru->g);
    for (int seat = -1; seat < np; seat++) {
        size_t n = observe(ru, s, seat, 0);
        arena_state *t = ru->r->sample_state(ru->g, ru->buf[0], n, arena_rng_next(&ru->rng));
        REQUIRE(t != NULL, "sample_state refused the observation of seat %d", seat);
        size_t m = observe(ru, t, seat, 1);
        REQUIRE(m == n && memcmp(ru->buf[0], ru->buf[1], n) == 0,
                "sampled state gives seat %d another observation", seat);
        REQUIRE(ru->r->current_player(t) == cp, "current player differs in a sampled state");
        if (seat >= 0 && cp == seat) {
            int32_t other[MAX_LEGAL];
            int k = legal_list(ru, t, other), l = legal_list(ru, s, ru->legal);
            REQUIRE(k == l && memcmp(other, ru->legal, sizeof(int32_t) * (size_t)k) == 0,
                    "legal actions differ in a sampled state");
        }
        ru->r->state_free(t);
    }
}

/* observation -> state_from_observation -> the same bytes, the same player and
 * the same legal actions; returns the rebuilt state (caller frees), or NULL
 * for hidden-information games (checked with check_samples instead). */
static arena_state *check_observation(run *ru, const arena_state *s)
{
    if (ru->r->flags & ARENA_GAME_HIDDEN) {
        check_samples(ru, s);
        return NULL;
    }
    int cp = ru->r->current_player(s), seat = cp >= 0 ? cp : -1;
    size_t n = observe(ru, s, seat, 0);
    arena_state *t = ru->r->state_from_observation(ru->g, ru->buf[0], n);
    REQUIRE(t != NULL, "state_from_observation refused an observation");
    size_t m = observe(ru, t, seat, 1);
    REQUIRE(m == n && memcmp(ru->buf[0], ru->buf[1], n) == 0, "observation round trip differs");
    REQUIRE(ru->r->current_player(t) == cp, "current player differs after round trip");
    int32_t other[MAX_LEGAL];
    int k = legal_list(ru, t, other), l = legal_list(ru, s, ru->legal);
    REQUIRE(k == l && memcmp(other, ru->legal, sizeof(int32_t) * (size_t)k) == 0,
            "legal actions differ after round trip");
    return t;
}

static void check_names(run *ru, const arena_state *s, int n)
{
    for (int i = 0; i < n; i++) {
        char name[64];
        int32_t back = -1;
        size_t len = ru->r->action_name(s, ru->legal[i], name, sizeof name);
        REQUIRE(len > 0 && len < sizeof name && strlen(name) == len, "action name length");
        REQUIRE(ru->r->parse_action(s, name, &back) == 0 && back == ru->legal[i],
                "'%s' does not parse back to %d", name, ru->legal[i]);
    }
}

/* A few actions that are not legal, and out-of-range ones: refused, state kept. */
static void check_illegal(run *ru, arena_state *s, int n)
{
    static const int32_t odd[] = {-1, INT32_MIN, INT32_MAX};
    void *before = malloc(ru->size);
    memcpy(before, s, ru->size);
    for (int k = 0; k < 8; k++) {
        int32_t a = k < 3    ? odd[k]
                    : k == 3 ? ru->num_actions
                             : (int32_t)arena_rng_below(&ru->rng, (uint32_t)ru->num_actions);
        int legal = 0;
        for (int i = 0; i < n && !legal; i++)
            legal = ru->legal[i] == a;
        if (legal) continue;
        REQUIRE(ru->r->apply(s, a) == -1, "illegal action %d accepted", a);
        REQUIRE(memcmp(before, s, ru->size) == 0, "refused action %d changed the state", a);
    }
    free(before);
}

/* The text board of every view (-1, 0 and 1): bounded, the return convention
 * kept. Perfect-information boards are the same for every view; a hidden-
 * information board may show a seat its own cards. */
static void check_render(run *ru, const arena_state *s)
{
    int hidden = (ru->r->flags & ARENA_GAME_HIDDEN) != 0;
    size_t all = ru->r->render(s, -1, NULL, 0);
    for (int view = -1; view <= 1; view++) {
        size_t len = hidden ? ru->r->render(s, view, NULL, 0) : all;
        REQUIRE(len > 0 && len < 4096, "render length %zu", len);
        char buf[4096 + 16];
        memset(buf, 'Z', sizeof buf);
        REQUIRE(ru->r->render(s, view, buf, len + 1) == len && strlen(buf) == len, "render text");
        REQUIRE(buf[len + 1] == 'Z', "render wrote past cap");
        int lines = 0, col = 0;
        for (size_t i = 0; i < len; i++, col++) {
            if (buf[i] == '\n') lines++, col = -1;
            REQUIRE(col < 80, "render line wider than 80 columns");
        }
        REQUIRE(lines <= 40, "render taller than 40 lines");
        memset(buf, 'Z', sizeof buf);
        REQUIRE(ru->r->render(s, view, buf, 8) == len && strlen(buf) == 7 && buf[8] == 'Z',
                "render prefix");
    }
}

/* evaluate (rules.h), where the module offers it: at a non-terminal state a
 * value in [0, 1] for every seat (in a two-player game summing to 1), the
 * same when asked again, the state untouched; over the playouts the values
 * must not all be equal (a stub that says 0.5 everywhere is no heuristic). */
static void check_evaluate(run *ru, const arena_state *s)
{
    if (!ARENA_RULES_HAS(ru->r, evaluate) || !ru->r->evaluate) return;
    int np = ru->r->num_players(ru->g);
    double a[ARENA_MAX_PLAYERS], b[ARENA_MAX_PLAYERS];
    for (int i = 0; i < ARENA_MAX_PLAYERS; i++)
        a[i] = b[i] = -7;
    void *before = malloc(ru->size);
    memcpy(before, s, ru->size);
    ru->r->evaluate(s, a);
    ru->r->evaluate(s, b);
    REQUIRE(memcmp(before, s, ru->size) == 0, "evaluate changed the state");
    free(before);
    for (int i = 0; i < np; i++) {
        REQUIRE(a[i] >= 0 && a[i] <= 1, "evaluate: seat %d valued %g, not in [0, 1]", i, a[i]);
        REQUIRE(a[i] == b[i], "evaluate: seat %d valued %g, then %g", i, a[i], b[i]);
    }
    if (np == 2)
        REQUIRE(a[0] + a[1] > 1 - 1e-9 && a[0] + a[1] < 1 + 1e-9, "evaluate: values sum to %g",
                a[0] + a[1]);
    if (ru->evaluated++ == 0)
        ru->first_value = a[0];
    else if (a[0] != ru->first_value)
        ru->values_differ = 1;
}

static void check_terminal(run *ru, arena_state *s)
{
    double ret[ARENA_MAX_PLAYERS], sum = 0;
    int np = ru->r->num_players(ru->g);
    ru->r->returns(s, ret);
    for (int i = 0; i < np; i++)
        sum += ret[i];
    if (ru->r->flags & ARENA_GAME_ZERO_SUM)
        REQUIRE(sum > -1e-9 && sum < 1e-9, "returns sum %g", sum);
    const char *why = ru->r->end_reason(s);
    REQUIRE(why && *why, "terminal state without an end reason");
}

static void playout(run *ru)
{
    arena_state *s = ru->r->state_new(ru->g), *twin = NULL;
    int max_len = ru->r->max_game_length(ru->g);
    int twin_at = (int)arena_rng_below(&ru->rng, 200), ply = 0;
    for (;; ply++) {
        int n = legal_list(ru, s, ru->legal);
        check_legal(ru, s, n);
        check_clone(ru, s);
        arena_state *t = check_observation(ru, s);
        /* Once per game, play the rest from a rebuilt state beside the original:
         * whatever the observation left out would show up as a difference. */
        if (ply == twin_at) {
            twin = t;
            t = NULL;
        }
        if (t) ru->r->state_free(t);
        if (twin) {
            size_t x = observe(ru, s, -1, 0), y = observe(ru, twin, -1, 1);
            REQUIRE(x == y && memcmp(ru->buf[0], ru->buf[1], x) == 0,
                    "rebuilt state diverged after ply %d", twin_at);
        }
        check_render(ru, s);
        if (ru->r->current_player(s) == ARENA_TERMINAL) break;
        check_evaluate(ru, s);
        check_names(ru, s, n);
        check_illegal(ru, s, n);
        int32_t a = pick(ru->r, s, ru->legal, n, &ru->rng);
        REQUIRE(ru->r->apply(s, a) == 0, "legal action %d refused", a);
        if (twin) REQUIRE(ru->r->apply(twin, a) == 0, "rebuilt state refused %d", a);
        REQUIRE(ply + 1 <= max_len, "game longer than max_game_length %d", max_len);
    }
    check_terminal(ru, s);
    check_illegal(ru, s, 0);
    ru->r->state_free(s);
    if (twin) ru->r->state_free(twin);
}

START_TEST(random_playouts)
{
    const generic_case *c = &cases[_i];
    void *handle;
    run ru = {.r = rules_load(c->game, &handle)};
    ru.g = rules_game(ru.r, c->options);
    ru.num_actions = ru.r->num_actions(ru.g);
    ru.size = ru.r->state_size(ru.g);
    ck_assert_int_gt(ru.r->num_players(ru.g), 0);
    ck_assert_int_le(ru.r->num_players(ru.g), ARENA_MAX_PLAYERS);
    arena_rng_seed(&ru.rng, 0x5eed0000u + (uint64_t)_i);
    int games = scaled(c->playouts);
    for (int i = 0; i < games; i++)
        playout(&ru);
    ck_assert_msg(ru.evaluated == 0 || ru.values_differ,
                  "%s: evaluate gave seat 0 the same value in all %ld states", c->game,
                  ru.evaluated);
    free(ru.buf[0]);
    free(ru.buf[1]);
    ru.r->game_free(ru.g);
    rules_unload(handle);
}
END_TEST

/* A state rebuilt from damaged bytes must still keep rules.h's contract:
 * legal actions ascending, in range, non-empty unless terminal, the first one
 * applied without refusal; a perfect-information state must also round-trip
 * through its own observation (what was accepted is a state the module can
 * describe again). */
static void check_rebuilt(const arena_rules *r, const arena_game *g, arena_state *t, int hidden,
                          int k)
{
    int32_t legal[MAX_LEGAL];
    int32_t num_actions = r->num_actions(g);
    int n = r->legal_actions(t, legal, MAX_LEGAL);
    int over = r->current_player(t) == ARENA_TERMINAL;
    REQUIRE(n >= 0 && n <= MAX_LEGAL, "damage %d: legal_actions count %d", k, n);
    REQUIRE(over ? n == 0 : n > 0, "damage %d: %d legal actions, terminal %d", k, n, over);
    for (int i = 0; i < n; i++) {
        REQUIRE(legal[i] >= 0 && legal[i] < num_actions, "damage %d: action %d out of range", k,
                legal[i]);
        REQUIRE(i == 0 || legal[i] > legal[i - 1], "damage %d: legal actions not ascending", k);
    }
    char text[4096];
    r->render(t, -1, text, sizeof text);
    size_t len = r->observation(t, -1, NULL, 0);
    uint8_t *again = malloc(len + 1);
    r->observation(t, -1, again, len);
    if (!hidden) {
        arena_state *back = r->state_from_observation(g, again, len);
        REQUIRE(back, "damage %d: the rebuilt state's own observation is refused", k);
        REQUIRE(memcmp(back, t, r->state_size(g)) == 0,
                "damage %d: the rebuilt state's observation rebuilds another state", k);
        r->state_free(back);
    }
    free(again);
    if (n > 0) REQUIRE(r->apply(t, legal[0]) == 0, "damage %d: its first legal action refused", k);
}

/* Damaged observations (truncated, bytes changed): refused, or rebuilt into a
 * state that keeps the contract (check_rebuilt). The undamaged bytes must be
 * accepted and some damage refused, so the test sees both paths. Memory
 * errors on either path are for ASan and valgrind to see. */
START_TEST(damaged_observations)
{
    const generic_case *c = &cases[_i];
    void *handle;
    const arena_rules *r = rules_load(c->game, &handle);
    int hidden = (r->flags & ARENA_GAME_HIDDEN) != 0;
    /* every module of the table has its decoder: bots rebuild states with it */
    ck_assert_msg(hidden ? r->sample_state != NULL : r->state_from_observation != NULL, "%s: no %s",
                  c->game, hidden ? "sample_state" : "state_from_observation");
    arena_game *g = rules_game(r, c->options);
    arena_rng rng;
    arena_rng_seed(&rng, 77 + (uint64_t)_i);
    arena_state *s = r->state_new(g);
    int32_t legal[MAX_LEGAL];
    for (int ply = 0; ply < 60 && r->current_player(s) != ARENA_TERMINAL; ply++) {
        int n = r->legal_actions(s, legal, MAX_LEGAL);
        r->apply(s, pick(r, s, legal, n, &rng));
    }
    size_t len = r->observation(s, -1, NULL, 0);
    uint8_t *good = malloc(len), *bad = malloc(len + 8);
    r->observation(s, -1, good, len);
    arena_state *t =
        hidden ? r->sample_state(g, good, len, 1) : r->state_from_observation(g, good, len);
    REQUIRE(t, "%s: the undamaged observation is refused", c->game);
    check_rebuilt(r, g, t, hidden, -1);
    r->state_free(t);
    int refused = 0, tries = scaled(2000);
    for (int k = 0; k < tries; k++) {
        size_t blen = k % 3 == 0 ? arena_rng_below(&rng, (uint32_t)len + 1) : len;
        memcpy(bad, good, blen);
        for (int f = 0; f < 1 + k % 4; f++)
            if (blen) bad[arena_rng_below(&rng, (uint32_t)blen)] = (uint8_t)arena_rng_next(&rng);
        t = hidden ? r->sample_state(g, bad, blen, (uint64_t)k)
                   : r->state_from_observation(g, bad, blen);
        if (!t) {
            refused++;
            continue;
        }
        check_rebuilt(r, g, t, hidden, k);
        r->state_free(t);
    }
    ck_assert_msg(refused > 0, "%s: none of %d damaged observations refused", c->game, tries);
    free(good);
    free(bad);
    r->state_free(s);
    r->game_free(g);
    rules_unload(handle);
}
END_TEST

/* Every module names the version of its rules (rules.h: version), which match
 * logs record: present in the table, non-empty, one printable word. */
START_TEST(rules_version)
{
    const generic_case *c = &cases[_i];
    void *handle;
    const arena_rules *r = rules_load(c->game, &handle);
    ck_assert_msg(ARENA_RULES_HAS(r, version), "%s: table too short for version", c->game);
    ck_assert_msg(r->version && r->version[0], "%s: no version", c->game);
    for (const char *p = r->version; *p; p++)
        ck_assert_msg(*p > ' ' && *p < 127, "%s: version '%s' is not one word", c->game,
                      r->version);
    rules_unload(handle);
}
END_TEST

int main(void)
{
    Suite *suite = suite_create("rules_generic");
    TCase *tc = tcase_create("playouts");
    tcase_set_timeout(tc, 900);
    tcase_add_loop_test(tc, random_playouts, 0, NUM_CASES);
    tcase_add_loop_test(tc, damaged_observations, 0, NUM_CASES);
    tcase_add_loop_test(tc, rules_version, 0, NUM_CASES);
    suite_add_tcase(suite, tc);
    return support_main(suite);
}
