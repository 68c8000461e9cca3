/* rng_test.c -- known answers for the SDK generator: the exact sequence for a
 * seed (the same on every machine, or replays and seeded bots would drift),
 * uniformity of arena_rng_below, and distinct streams from arena_seed_derive.
 * Inside the loops REQUIRE, not ck_assert: Check records every passing
 * ck_assert in its message file, and a million of them made this suite take
 * minutes under ASan. */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>

#include "arena/sdk.h"
#include "support.h"

/* Computed by an independent implementation of splitmix64 + xoshiro256**; the
 * seeded state for seed 0 is splitmix64's published reference output. */
START_TEST(known_sequence)
{
    static const uint64_t seed0[4] = {0x99ec5f36cb75f2b4ull, 0xbf6e1f784956452aull,
                                      0x1a5f849d4933e6e0ull, 0x6aa594f1262d2d2cull};
    static const uint64_t seed42[4] = {0x15780b2e0c2ec716ull, 0x6104d9866d113a7eull,
                                       0xae17533239e499a1ull, 0xecb8ad4703b360a1ull};
    arena_rng a, b;
    arena_rng_seed(&a, 0);
    ck_assert_uint_eq(a.s[0], 0xe220a8397b1dcdafull);
    ck_assert_uint_eq(a.s[3], 0xf88bb8a8724c81ecull);
    arena_rng_seed(&b, 42);
    for (int i = 0; i < 4; i++) {
        ck_assert_uint_eq(arena_rng_next(&a), seed0[i]);
        ck_assert_uint_eq(arena_rng_next(&b), seed42[i]);
    }
}
END_TEST

START_TEST(same_seed_same_sequence)
{
    arena_rng a, b, c;
    arena_rng_seed(&a, 123456789);
    arena_rng_seed(&b, 123456789);
    arena_rng_seed(&c, 123456790);
    int differ = 0;
    for (int i = 0; i < 10000; i++) {
        uint64_t x = arena_rng_next(&a);
        REQUIRE(x == arena_rng_next(&b), "draw %d differs for the same seed", i);
        differ += x != arena_rng_next(&c);
    }
    ck_assert_int_ge(differ, 9990);
}
END_TEST

/* Pearson's chi-square of `draws` values of arena_rng_below(n) in n buckets. */
static double chi_square(uint64_t seed, uint32_t n, int draws)
{
    long *count = calloc(n, sizeof *count);
    ck_assert_ptr_nonnull(count);
    arena_rng rng;
    arena_rng_seed(&rng, seed);
    for (int i = 0; i < draws; i++) {
        uint32_t v = arena_rng_below(&rng, n);
        REQUIRE(v < n, "below(%u) gave %u", n, v);
        count[v]++;
    }
    double expect = (double)draws / n, chi = 0;
    for (uint32_t k = 0; k < n; k++)
        chi += (count[k] - expect) * (count[k] - expect) / expect;
    free(count);
    return chi;
}

/* Critical values at p = 0.001 (the seeds are fixed, so this never flickers;
 * the bound catches a biased or broken reduction). */
START_TEST(below_is_uniform)
{
    ck_assert_double_lt(chi_square(1, 2, 100000), 10.83);    /* 1 d.o.f. */
    ck_assert_double_lt(chi_square(2, 6, 120000), 20.52);    /* 5 */
    ck_assert_double_lt(chi_square(3, 10, 100000), 27.88);   /* 9 */
    ck_assert_double_lt(chi_square(4, 24, 240000), 49.73);   /* 23 */
    ck_assert_double_lt(chi_square(5, 100, 200000), 148.23); /* 99 */
}
END_TEST

/* A range just above 2^31 rejects almost half the raw draws: the slow path.
 * Split it in three equal thirds and count. */
START_TEST(below_large_range)
{
    const uint32_t n = 3u * 0x2aaaaaabu; /* 0x80000001 */
    arena_rng rng;
    arena_rng_seed(&rng, 77);
    long third[3] = {0, 0, 0};
    for (int i = 0; i < 90000; i++) {
        uint32_t v = arena_rng_below(&rng, n);
        REQUIRE(v < n, "below(%u) gave %u", n, v);
        third[v / 0x2aaaaaabu]++;
    }
    double chi = 0;
    for (int k = 0; k < 3; k++)
        chi += (third[k] - 30000.0) * (third[k] - 30000.0) / 30000.0;
    ck_assert_double_lt(chi, 13.82); /* 2 d.o.f. */
    ck_assert_uint_eq(arena_rng_below(&rng, 1), 0);
}
END_TEST

START_TEST(double_in_unit_interval)
{
    arena_rng rng;
    arena_rng_seed(&rng, 9);
    double sum = 0;
    for (int i = 0; i < 100000; i++) {
        double d = arena_rng_double(&rng);
        REQUIRE(d >= 0.0 && d < 1.0, "double gave %.17g", d);
        sum += d;
    }
    ck_assert_double_lt(sum / 100000 - 0.5, 0.005); /* sd of the mean ~0.0009 */
    ck_assert_double_gt(sum / 100000 - 0.5, -0.005);
}
END_TEST

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Streams of one seed, and one stream of neighbouring seeds, never collide. */
START_TEST(derive_distinct_streams)
{
    enum { N = 2000 };
    uint64_t *v = malloc(sizeof *v * 2 * N);
    ck_assert_ptr_nonnull(v);
    for (int i = 0; i < N; i++) {
        v[i] = arena_seed_derive(12345, (uint64_t)i);
        v[N + i] = arena_seed_derive((uint64_t)i, 7);
    }
    qsort(v, 2 * N, sizeof *v, cmp_u64);
    for (int i = 1; i < 2 * N; i++)
        REQUIRE(v[i - 1] != v[i], "a derived seed repeats");
    free(v);
    ck_assert_uint_eq(arena_seed_derive(1, 0), 0xbeeb8da1658eec67ull);
    ck_assert_uint_eq(arena_seed_derive(1, 1), 0x8596845e7ea88ca1ull);
    ck_assert_uint_eq(arena_seed_derive(12345, 3), arena_seed_derive(12345, 3));

    /* Generators seeded from two streams share no early outputs. */
    arena_rng a, b;
    arena_rng_seed(&a, arena_seed_derive(99, 0));
    arena_rng_seed(&b, arena_seed_derive(99, 1));
    for (int i = 0; i < 1000; i++)
        REQUIRE(arena_rng_next(&a) != arena_rng_next(&b), "streams share draw %d", i);
}
END_TEST

START_TEST(pick_covers_all)
{
    const int32_t actions[5] = {3, 8, 9, 40, 41};
    int seen[5] = {0};
    arena_rng rng;
    arena_rng_seed(&rng, 5);
    for (int i = 0; i < 1000; i++) {
        int32_t a = arena_rng_pick(&rng, actions, 5);
        int k = 0;
        while (k < 5 && actions[k] != a)
            k++;
        ck_assert_int_lt(k, 5);
        seen[k]++;
    }
    for (int k = 0; k < 5; k++)
        ck_assert_int_gt(seen[k], 150);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("sdk_rng");
    TCase *tc = tcase_create("rng");
    tcase_add_test(tc, known_sequence);
    tcase_add_test(tc, same_seed_same_sequence);
    tcase_add_test(tc, below_is_uniform);
    tcase_add_test(tc, below_large_range);
    tcase_add_test(tc, double_in_unit_interval);
    tcase_add_test(tc, derive_distinct_streams);
    tcase_add_test(tc, pick_covers_all);
    suite_add_tcase(s, tc);
    return support_main(s);
}
