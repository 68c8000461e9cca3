/* test_kursk_hidden.c -- hidden information: observations leak nothing and
 * sample_state deals consistently.
 *
 *  - Pairs of states that differ only in cards a seat cannot see (an
 *    opponent's non-Joker card swapped with the deck's, cards swapped between
 *    two other hands, a face-down combat card swapped with the deck's) give
 *    that seat byte-identical observations; pairs that differ in something it
 *    sees (its own hand, a field, an opponent's Jokers, a pile) do not.
 *  - Every sampled state gives exactly the observation it was sampled from,
 *    and over many samples every consistent placement of the unseen cards
 *    appears (and no inconsistent one). */
#include <stdlib.h>
#include <string.h>

#include "arena/sdk.h"
#include "kursk_test.h"

#define OBS_CAP 2048

typedef struct views {
    uint8_t a[OBS_CAP], b[OBS_CAP];
} views;

static int same_view(const kst *k, views *v, const arena_state *x, const arena_state *y, int seat)
{
    size_t n = kst_observe(k, x, seat, v->a, OBS_CAP), m = kst_observe(k, y, seat, v->b, OBS_CAP);
    return n == m && memcmp(v->a, v->b, n) == 0;
}

/* A non-Joker rank that pile holds, other than `not`, picked with rng; -1 if none. */
static int some_rank(const uint8_t *pile, int not, arena_rng *rng)
{
    int ranks[KS_RANKS], n = 0;
    for (int r = 0; r < KS_JOKER; r++)
        if (pile[r] && r != not ) ranks[n++] = r;
    return n ? ranks[arena_rng_below(rng, (uint32_t)n)] : -1;
}

/* Random play to a random depth; the state is left in k->s. */
static void random_position(kst *k, arena_rng *rng, int plies)
{
    int32_t legal[256];
    for (int i = 0; i < plies && k->r->current_player(k->s) != ARENA_TERMINAL; i++) {
        int n = k->r->legal_actions(k->s, legal, 256);
        if (k->r->current_player(k->s) == ARENA_CHANCE) {
            arena_chance_outcome out[64];
            int c = k->r->chance_outcomes(k->s, out, 64);
            double u = arena_rng_double(rng), acc = 0;
            int32_t a = out[c - 1].action;
            for (int j = 0; j < c; j++)
                if (u < (acc += out[j].prob)) {
                    a = out[j].action;
                    break;
                }
            k->r->apply(k->s, a);
        } else {
            k->r->apply(k->s, legal[arena_rng_below(rng, (uint32_t)n)]);
        }
    }
}

/* Whether seat sees the attacker's face-down card. */
static int sees_face_down(const arena_state *s, int seat)
{
    return seat >= 0 && seat == s->attacker && s->a_src == KS_SRC_HAND;
}

static void check_pairs(kst *k, views *v, arena_rng *rng, int *hidden_pairs, int *visible_pairs)
{
    const arena_state *s = k->s;
    int np = s->cfg.players;
    for (int seat = -1; seat < np; seat++) {
        /* an unseen hand's card swapped with the deck's */
        for (int j = 0; j < np; j++) {
            int r = some_rank(s->hand[j], -1, rng), r2 = r >= 0 ? some_rank(s->deck, r, rng) : -1;
            if (r2 < 0) continue;
            arena_state t = *s;
            t.hand[j][r]--, t.hand[j][r2]++, t.deck[r2]--, t.deck[r]++;
            if (j != seat) {
                REQUIRE(same_view(k, v, s, &t, seat), "seat %d sees seat %d's hidden card", seat,
                        j);
                ++*hidden_pairs;
            } else {
                REQUIRE(!same_view(k, v, s, &t, seat), "seat %d does not see its own hand", seat);
                ++*visible_pairs;
            }
        }
        /* cards swapped between two hands the seat does not see */
        for (int i = 0; i < np; i++)
            for (int j = i + 1; j < np; j++) {
                if (i == seat || j == seat) continue;
                int r = some_rank(s->hand[i], -1, rng),
                    r2 = r >= 0 ? some_rank(s->hand[j], r, rng) : -1;
                if (r2 < 0) continue;
                arena_state t = *s;
                t.hand[i][r]--, t.hand[i][r2]++, t.hand[j][r2]--, t.hand[j][r]++;
                REQUIRE(same_view(k, v, s, &t, seat), "seat %d sees other hands", seat);
                ++*hidden_pairs;
            }
        /* the face-down combat card swapped with the deck's */
        if (s->a_card < KS_RANKS) {
            int r2 = some_rank(s->deck, s->a_card, rng);
            if (r2 >= 0) {
                arena_state t = *s;
                t.deck[r2]--, t.deck[s->a_card]++, t.a_card = (uint8_t)r2;
                int same = same_view(k, v, s, &t, seat);
                REQUIRE(same == !sees_face_down(s, seat), "face-down card: seat %d, same %d", seat,
                        same);
                ++*hidden_pairs;
            }
        }
        /* visible: a field, an opponent's Joker, a card from deck to discard */
        arena_state t = *s;
        t.field[np - 1] = (uint8_t)((t.field[np - 1] + 1) % (KS_END_FIELD + 1));
        REQUIRE(!same_view(k, v, s, &t, seat), "seat %d misses a field", seat);
        for (int j = 0; j < np; j++) {
            int r = some_rank(s->hand[j], -1, rng);
            if (r < 0 || !s->deck[KS_JOKER]) continue;
            t = *s;
            t.hand[j][r]--, t.hand[j][KS_JOKER]++, t.deck[KS_JOKER]--, t.deck[r]++;
            REQUIRE(!same_view(k, v, s, &t, seat), "seat %d misses seat %d's Joker", seat, j);
        }
        int r = some_rank(s->deck, -1, rng);
        if (r >= 0) {
            t = *s;
            t.deck[r]--, t.discard[r]++;
            REQUIRE(!same_view(k, v, s, &t, seat), "seat %d misses the discard pile", seat);
        }
        ++*visible_pairs;
    }
}

START_TEST(observations_leak_nothing)
{
    static const char *const options[2] = {"", "players=3"};
    views *v = malloc(sizeof *v);
    int hidden = 0, visible = 0;
    for (int o = 0; o < 2; o++) {
        arena_rng rng;
        arena_rng_seed(&rng, 1234 + (uint64_t)o);
        for (int game = 0; game < 150; game++) {
            kst k;
            kst_open(&k, options[o]);
            random_position(&k, &rng, (int)arena_rng_below(&rng, 600));
            check_pairs(&k, v, &rng, &hidden, &visible);
            kst_close(&k);
        }
    }
    ck_assert_int_gt(hidden, 500);
    ck_assert_int_gt(visible, 500);
    free(v);
}
END_TEST

/* Every sample gives back the very observation, for every seat and the public
 * view, in random positions of both table sizes. */
START_TEST(samples_reproduce_observation)
{
    static const char *const options[2] = {"", "players=3"};
    views *v = malloc(sizeof *v);
    for (int o = 0; o < 2; o++) {
        arena_rng rng;
        arena_rng_seed(&rng, 99 + (uint64_t)o);
        for (int game = 0; game < 100; game++) {
            kst k;
            kst_open(&k, options[o]);
            random_position(&k, &rng, (int)arena_rng_below(&rng, 600));
            for (int seat = -1; seat < k.s->cfg.players; seat++) {
                size_t n = kst_observe(&k, k.s, seat, v->a, OBS_CAP);
                for (int i = 0; i < 10; i++) {
                    arena_state *t = k.r->sample_state(k.g, v->a, n, arena_rng_next(&rng));
                    REQUIRE(t != NULL, "sample_state refused seat %d's observation", seat);
                    size_t m = kst_observe(&k, t, seat, v->b, OBS_CAP);
                    REQUIRE(m == n && memcmp(v->a, v->b, n) == 0, "sample differs for seat %d",
                            seat);
                    k.r->state_free(t);
                }
            }
            kst_close(&k);
        }
    }
    free(v);
}
END_TEST

/* Seat 0 holds three Jokers and sees every other card on the discard pile
 * but 7, K and Q: seat 1's two cards and the deck's one are those three.
 * All three placements appear; with a Joker in the pool it never lands in
 * seat 1's hand (a Joker in hand would show). */
START_TEST(samples_cover_placements)
{
    kst k;
    uint8_t obs[OBS_CAP];
    kst_table(&k, "");
    kst_give(&k, 0, "XXX");
    kst_give(&k, 1, "7K");
    for (int r = 0; r < KS_JOKER; r++)
        for (int n = k.s->deck[r] - (r == 8); n > 0; n--) {
            char c[2] = {ks_rank_chars[r], 0};
            kst_give(&k, -1, c);
        }
    size_t n = kst_observe(&k, k.s, 0, obs, sizeof obs);
    int seen[3] = {0}; /* seat 1 holds 7K, 7Q, QK */
    for (uint64_t seed = 0; seed < 300; seed++) {
        arena_state *t = k.r->sample_state(k.g, obs, n, seed);
        ck_assert_ptr_nonnull(t);
        const uint8_t *h = t->hand[1];
        ck_assert_int_eq(ks_count(h, KS_RANKS), 2);
        ck_assert_int_eq(ks_count(t->deck, KS_RANKS), 1);
        if (h[6] && h[9])
            seen[0]++;
        else if (h[6] && h[8])
            seen[1]++;
        else if (h[8] && h[9])
            seen[2]++;
        else
            ck_abort_msg("seat 1 got an impossible hand");
        k.r->state_free(t);
    }
    ck_assert(seen[0] > 50 && seen[1] > 50 && seen[2] > 50);
    kst_close(&k);

    /* a Joker among the unseen cards can only be in the deck */
    kst_table(&k, "");
    kst_give(&k, 0, "XX");
    kst_give(&k, 1, "7K");
    for (int r = 0; r < KS_JOKER; r++)
        for (int c = k.s->deck[r]; c > 0; c--) {
            char ch[2] = {ks_rank_chars[r], 0};
            kst_give(&k, -1, ch);
        }
    n = kst_observe(&k, k.s, 0, obs, sizeof obs);
    for (uint64_t seed = 0; seed < 100; seed++) {
        arena_state *t = k.r->sample_state(k.g, obs, n, seed);
        ck_assert_ptr_nonnull(t);
        ck_assert_int_eq(t->hand[1][6] + t->hand[1][9], 2);
        ck_assert_int_eq(t->deck[KS_JOKER], 1);
        k.r->state_free(t);
    }
    kst_close(&k);
}
END_TEST

/* Observations that no state can give are refused: another game's options,
 * a seat out of range, more cards than the deck has, garbage. */
START_TEST(samples_refuse_bad_observations)
{
    kst k;
    uint8_t obs[OBS_CAP];
    kst_table(&k, "");
    kst_give(&k, 0, "57");
    size_t n = kst_observe(&k, k.s, 0, obs, sizeof obs);
    arena_state *t = k.r->sample_state(k.g, obs, n, 1);
    ck_assert_ptr_nonnull(t);
    k.r->state_free(t);
    Arena__Kursk__Observation *m = arena__kursk__observation__unpack(NULL, n, obs);
    ck_assert_ptr_nonnull(m);
    m->hand[6] = 4; /* five Sevens */
    uint8_t bad[OBS_CAP];
    size_t b = arena__kursk__observation__pack(m, bad);
    ck_assert_ptr_null(k.r->sample_state(k.g, bad, b, 1));
    m->hand[6] = 1;
    m->seat = 2;
    b = arena__kursk__observation__pack(m, bad);
    ck_assert_ptr_null(k.r->sample_state(k.g, bad, b, 1));
    arena__kursk__observation__free_unpacked(m, NULL);
    ck_assert_ptr_null(k.r->sample_state(k.g, (const uint8_t *)"\xff\xff\xff", 3, 1));
    arena_game *g3 = k.r->game_new("players=3", NULL, 0);
    ck_assert_ptr_null(k.r->sample_state(g3, obs, n, 1));
    k.r->game_free(g3);
    kst_close(&k);
}
END_TEST

Suite *kursk_hidden_suite(void)
{
    Suite *s = suite_create("kursk_hidden");
    TCase *tc = tcase_create("hidden");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, observations_leak_nothing);
    tcase_add_test(tc, samples_reproduce_observation);
    tcase_add_test(tc, samples_cover_placements);
    tcase_add_test(tc, samples_refuse_bad_observations);
    suite_add_tcase(s, tc);
    return s;
}
