/* module_kit_test.c -- the module kit's guarantees (arena/module_kit.h): option
 * parsing and its exact error lines, the canonical string, the text-out
 * convention with its truncation, and the flat-state table members. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena/module_kit.h"
#include "support.h"

static const char *const colours[] = {"white", "black", "red", NULL};

enum { O_SIZE, O_COLOUR, O_SEATS, O_CAP, O_LAPS, O_LONG, O_FIXED, OPTS };

static const arena_opt table[OPTS] = {
    [O_SIZE] = {.key = "size", .def = 8, .lo = 4, .hi = 32, .flags = ARENA_OPT_EVEN},
    [O_COLOUR] = {.key = "colour", .kind = ARENA_OPT_CHOICE, .def = 1, .words = colours},
    [O_SEATS] = {.key = "seats", .def = 2, .lo = 2, .hi = 4},
    [O_CAP] = {.key = "cap", .def = 3, .lo = 2, .hi = 100, .flags = ARENA_OPT_ZERO_OFF},
    [O_LAPS] = {.key = "laps", .def = 500, .lo = 1, .hi = 10000},
    [O_LONG] = {.key = "long", .def = 0, .lo = 0, .hi = 99999},
    [O_FIXED] = {.key = "fixed",
                 .def = 2,
                 .lo = 2,
                 .hi = 998,
                 .flags = ARENA_OPT_EVEN,
                 .expect = "an even number >= 2, narrower than the size"},
};

static const arena_opts spec = {.game = "toy", .opt = table, .count = OPTS};

static const int defaults[OPTS] = {8, 1, 2, 3, 500, 0, 2};

/* Parses text, expecting failure with exactly the line `want`. */
static void fails_with(const char *text, const char *want)
{
    int v[OPTS];
    char err[256] = "unchanged";
    ck_assert_int_eq(arena_opts_parse(&spec, text, v, err, sizeof err), -1);
    ck_assert_str_eq(err, want);
}

/* Parses text, expecting success; the values are left in v. */
static void parses(const char *text, int *v)
{
    char err[256] = "";
    ck_assert_msg(arena_opts_parse(&spec, text, v, err, sizeof err) == 0, "%s: %s",
                  text ? text : "(null)", err);
}

/* The value of option `index` after parsing text, which must succeed. */
static int parsed(const char *text, int index)
{
    int v[OPTS];
    parses(text, v);
    return v[index];
}

/* arena_opt_expect gives want, and its length. */
static void expect_is(const arena_opt *o, const char *want)
{
    char buf[64];
    ck_assert_uint_eq(arena_opt_expect(o, buf, sizeof buf), strlen(want));
    ck_assert_str_eq(buf, want);
}

START_TEST(defaults_for_null_and_empty)
{
    int v[OPTS];
    parses(NULL, v);
    ck_assert_mem_eq(v, defaults, sizeof v);
    parses("", v);
    ck_assert_mem_eq(v, defaults, sizeof v);
}
END_TEST

START_TEST(int_range)
{
    ck_assert_int_eq(parsed("laps=1", O_LAPS), 1);
    ck_assert_int_eq(parsed("laps=10000", O_LAPS), 10000);
    ck_assert_int_eq(parsed("laps=00007", O_LAPS), 7); /* leading zeros within the 5 digits */
    fails_with("laps=0", "toy: bad value '0' for laps (expected 1..10000)");
    fails_with("laps=10001", "toy: bad value '10001' for laps (expected 1..10000)");
    fails_with("laps=000007", "toy: bad value '000007' for laps (expected 1..10000)");
    fails_with("laps=", "toy: bad value '' for laps (expected 1..10000)");
    fails_with("laps=-1", "toy: bad value '-1' for laps (expected 1..10000)");
    fails_with("laps=+1", "toy: bad value '+1' for laps (expected 1..10000)");
    fails_with("laps= 1", "toy: bad value ' 1' for laps (expected 1..10000)");
    fails_with("laps=1x", "toy: bad value '1x' for laps (expected 1..10000)");
    ck_assert_int_eq(parsed("long=99999", O_LONG), 99999);
    fails_with("long=100000", "toy: bad value '100000' for long (expected 0..99999)");
}
END_TEST

START_TEST(short_ranges_are_listed)
{
    fails_with("seats=5", "toy: bad value '5' for seats (expected 2, 3 or 4)");
    fails_with("seats=1", "toy: bad value '1' for seats (expected 2, 3 or 4)");
    arena_opt two = {.key = "k", .lo = 1, .hi = 2}, one = {.key = "k", .lo = 7, .hi = 7};
    expect_is(&two, "1 or 2");
    expect_is(&one, "7");
}
END_TEST

START_TEST(even_only)
{
    ck_assert_int_eq(parsed("size=4", O_SIZE), 4);
    ck_assert_int_eq(parsed("size=32", O_SIZE), 32);
    fails_with("size=7", "toy: bad value '7' for size (expected an even number from 4 to 32)");
    fails_with("size=2", "toy: bad value '2' for size (expected an even number from 4 to 32)");
    fails_with("size=34", "toy: bad value '34' for size (expected an even number from 4 to 32)");
}
END_TEST

START_TEST(zero_means_off)
{
    ck_assert_int_eq(parsed("cap=0", O_CAP), 0);
    ck_assert_int_eq(parsed("cap=2", O_CAP), 2);
    ck_assert_int_eq(parsed("cap=100", O_CAP), 100);
    fails_with("cap=1", "toy: bad value '1' for cap (expected 0 (off) or 2..100)");
    fails_with("cap=101", "toy: bad value '101' for cap (expected 0 (off) or 2..100)");
    arena_opt even = {.key = "k", .lo = 4, .hi = 8, .flags = ARENA_OPT_EVEN | ARENA_OPT_ZERO_OFF};
    expect_is(&even, "0 (off) or an even number from 4 to 8");
}
END_TEST

START_TEST(word_choices)
{
    ck_assert_int_eq(parsed("colour=white", O_COLOUR), 0);
    ck_assert_int_eq(parsed("colour=red", O_COLOUR), 2);
    const char *want = "toy: bad value '%s' for colour (expected white, black or red)";
    const char *bad[] = {"White", "whit", "whitee", "", "white ", "0"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        char text[64], line[128];
        snprintf(text, sizeof text, "colour=%s", bad[i]);
        snprintf(line, sizeof line, want, bad[i]);
        fails_with(text, line);
    }
}
END_TEST

START_TEST(explicit_expect)
{
    fails_with(
        "fixed=3",
        "toy: bad value '3' for fixed (expected an even number >= 2, narrower than the size)");
}
END_TEST

START_TEST(unknown_keys)
{
    const char *known = "(known: size, colour, seats, cap, laps, long, fixed)";
    char want[256];
    snprintf(want, sizeof want, "toy: unknown option 'sizes' %s", known);
    fails_with("sizes=8", want);
    snprintf(want, sizeof want, "toy: unknown option 'Size' %s", known);
    fails_with("Size=8", want);
    snprintf(want, sizeof want, "toy: unknown option 'size ' %s", known);
    fails_with("size =8", want);
}
END_TEST

START_TEST(missing_equals)
{
    fails_with("size", "toy: option 'size' has no value (expected key=value)");
    fails_with("size=8,laps", "toy: option 'laps' has no value (expected key=value)");
    fails_with("size=8,x y", "toy: option 'x y' has no value (expected key=value)");
}
END_TEST

/* An empty item is a slip (an item lost, a stray comma), refused with the
 * whole string and which slip it was; so is an empty key, which is no
 * unknown option ''. */
START_TEST(empty_items_and_keys_are_refused)
{
    fails_with(",", "toy: empty option in ',' (a leading ',')");
    fails_with(",size=6", "toy: empty option in ',size=6' (a leading ',')");
    fails_with("size=6,", "toy: empty option in 'size=6,' (a trailing ',')");
    fails_with("size=6,,laps=9", "toy: empty option in 'size=6,,laps=9' (a doubled ',')");
    fails_with("=8", "toy: option '=8' has no key in '=8' (expected key=value)");
    fails_with("size=6,=", "toy: option '=' has no key in 'size=6,=' (expected key=value)");
    char err[64] = "";
    ck_assert_int_eq(arena_opts_check("bot 'x'", "k=1,,j=2", err, sizeof err), -1);
    ck_assert_str_eq(err, "bot 'x': empty option in 'k=1,,j=2' (a doubled ',')");
    ck_assert_int_eq(arena_opts_check("x", NULL, err, sizeof err), 0);
    ck_assert_int_eq(arena_opts_check("x", "", err, sizeof err), 0);
    ck_assert_int_eq(arena_opts_check("x", "novalue,k=", err, sizeof err), 0);
}
END_TEST

START_TEST(value_is_after_the_first_equals)
{
    fails_with("colour=red=1", "toy: bad value 'red=1' for colour (expected white, black or red)");
}
END_TEST

START_TEST(repeats)
{
    int v[OPTS];
    parses("size=6,laps=9", v);
    int want[OPTS] = {6, 1, 2, 3, 9, 0, 2};
    ck_assert_mem_eq(v, want, sizeof v);
    /* the same value again is no conflict, however it is spelled */
    parses("laps=9,size=6,laps=09,colour=red,colour=red,cap=0,cap=00", v);
    want[O_COLOUR] = 2, want[O_CAP] = 0;
    ck_assert_mem_eq(v, want, sizeof v);
    /* a second, different value is refused, naming both as typed */
    fails_with("laps=9,size=6,laps=12",
               "toy: option 'laps' given twice (9, then 12): give it once");
    fails_with("colour=red,colour=white",
               "toy: option 'colour' given twice (red, then white): give it once");
    fails_with("size=6,laps=9,size=6,size=08",
               "toy: option 'size' given twice (6, then 08): give it once");
}
END_TEST

/* The first bad item decides the message; the values before it are kept. */
START_TEST(first_bad_item_wins)
{
    int v[OPTS];
    char err[256];
    ck_assert_int_eq(arena_opts_parse(&spec, "laps=9,size=5,nope=1", v, err, sizeof err), -1);
    ck_assert_str_eq(err, "toy: bad value '5' for size (expected an even number from 4 to 32)");
    ck_assert_int_eq(v[O_LAPS], 9);
    ck_assert_int_eq(v[O_SIZE], defaults[O_SIZE]);
}
END_TEST

START_TEST(max_digits)
{
    arena_opts three = spec;
    three.max_digits = 3;
    int v[OPTS];
    ck_assert_int_eq(arena_opts_parse(&three, "size=008", v, NULL, 0), 0);
    ck_assert_int_eq(v[O_SIZE], 8);
    char err[128];
    ck_assert_int_eq(arena_opts_parse(&three, "size=0008", v, err, sizeof err), -1);
    ck_assert_str_eq(err, "toy: bad value '0008' for size (expected an even number from 4 to 32)");
    ck_assert_int_eq(arena_opts_parse(&three, "fixed=1000", v, err, sizeof err), -1);
}
END_TEST

/* err may be NULL or short: the line is cut as snprintf would cut it. */
START_TEST(error_buffer_limits)
{
    int v[OPTS];
    ck_assert_int_eq(arena_opts_parse(&spec, "nope=1", v, NULL, 0), -1);
    char err[8];
    memset(err, 'Z', sizeof err);
    ck_assert_int_eq(arena_opts_parse(&spec, "nope=1", v, err, 0), -1);
    ck_assert_int_eq(err[0], 'Z');
    ck_assert_int_eq(arena_opts_parse(&spec, "nope=1", v, err, 1), -1);
    ck_assert_str_eq(err, "");
    ck_assert_int_eq(arena_opts_parse(&spec, "nope=1", v, err, sizeof err), -1);
    ck_assert_str_eq(err, "toy: un");
    ck_assert_int_eq(arena_opts_parse(&spec, "size", v, err, sizeof err), -1);
    ck_assert_str_eq(err, "toy: op");
    ck_assert_int_eq(arena_errf(NULL, 0, "x %d", 1), -1);
    ck_assert_int_eq(arena_errf(err, sizeof err, "abc %d", 123456), -1);
    ck_assert_str_eq(err, "abc 123");
}
END_TEST

START_TEST(canonical_format)
{
    char buf[256];
    const char *want = "size=8,colour=black,seats=2,cap=3,laps=500,long=0,fixed=2";
    ck_assert_uint_eq(arena_opts_format(&spec, defaults, buf, sizeof buf), strlen(want));
    ck_assert_str_eq(buf, want);
    /* What a format gives parses back to the same values. */
    int v[OPTS], w[OPTS];
    parses("colour=red,laps=00042,cap=0", v);
    arena_opts_format(&spec, v, buf, sizeof buf);
    ck_assert_str_eq(buf, "size=8,colour=red,seats=2,cap=0,laps=42,long=0,fixed=2");
    parses(buf, w);
    ck_assert_mem_eq(v, w, sizeof v);
    /* A word index out of range prints "?"; a short buffer holds a prefix. */
    v[O_COLOUR] = 3;
    size_t n = arena_opts_format(&spec, v, buf, 18);
    ck_assert_str_eq(buf, "size=8,colour=?,s");
    ck_assert_uint_eq(n, strlen("size=8,colour=?,seats=2,cap=0,laps=42,long=0,fixed=2"));
    ck_assert_uint_eq(arena_opts_format(&spec, v, NULL, 0), n);
}
END_TEST

/* DECIMAL options: fixed point, strict spelling, the same error lines. */
enum { D_C, D_F, D_G, DOPTS };
static const arena_opt dtable[DOPTS] = {
    [D_C] = {.key = "c",
             .kind = ARENA_OPT_DECIMAL,
             .def = 100,
             .lo = 0,
             .hi = 1000,
             .flags = ARENA_OPT_PLACES(2)},
    [D_F] = {.key = "f",
             .kind = ARENA_OPT_DECIMAL,
             .def = 10,
             .lo = 5,
             .hi = 25,
             .flags = ARENA_OPT_PLACES(1) | ARENA_OPT_ZERO_OFF},
    [D_G] = {.key = "g", .kind = ARENA_OPT_DECIMAL, .def = 0, .lo = 0, .hi = 99999}, /* 2 places */
};
static const arena_opts dspec = {.game = "toy", .opt = dtable, .count = DOPTS};

static int dparsed(const char *text, int index)
{
    int v[DOPTS];
    char err[256] = "";
    ck_assert_msg(arena_opts_parse(&dspec, text, v, err, sizeof err) == 0, "%s: %s", text, err);
    return v[index];
}

static void dfails(const char *text, const char *want)
{
    int v[DOPTS];
    char err[256] = "unchanged";
    ck_assert_int_eq(arena_opts_parse(&dspec, text, v, err, sizeof err), -1);
    ck_assert_str_eq(err, want);
}

START_TEST(decimals)
{
    ck_assert_int_eq(dparsed("", D_C), 100);
    ck_assert_int_eq(dparsed("c=1.4", D_C), 140);
    ck_assert_int_eq(dparsed("c=1.40", D_C), 140);
    ck_assert_int_eq(dparsed("c=1", D_C), 100);
    ck_assert_int_eq(dparsed("c=0.05", D_C), 5);
    ck_assert_int_eq(dparsed("c=0", D_C), 0);
    ck_assert_int_eq(dparsed("c=10", D_C), 1000);
    ck_assert_int_eq(dparsed("c=10.00", D_C), 1000);
    ck_assert_int_eq(dparsed("c=00001.5", D_C), 150); /* five digits before the point */
    const char *bad[] = {"",   ".5",     "5.",    "1.234", "1e2",  "-1",    "+1",   " 1",
                         "1 ", "1.2.3",  "10.01", "1x",    "1..2", "0x10",  "1.-2", "1.+2",
                         "１", "000001", "nan",   "inf",   "1.2 ", "10.001"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        char text[64], line[160];
        snprintf(text, sizeof text, "c=%s", bad[i]);
        snprintf(line, sizeof line,
                 "toy: bad value '%s' for c (expected 0..10 with at most 2 decimals)", bad[i]);
        dfails(text, line);
    }
    /* One place; 0 means off. */
    ck_assert_int_eq(dparsed("f=2.5", D_F), 25);
    ck_assert_int_eq(dparsed("f=0.5", D_F), 5);
    ck_assert_int_eq(dparsed("f=0", D_F), 0);
    ck_assert_int_eq(dparsed("f=0.0", D_F), 0);
    dfails("f=0.4",
           "toy: bad value '0.4' for f (expected 0 (off) or 0.5..2.5 with at most 1 decimal)");
    dfails("f=0.55",
           "toy: bad value '0.55' for f (expected 0 (off) or 0.5..2.5 with at most 1 decimal)");
    dfails("f=2.6",
           "toy: bad value '2.6' for f (expected 0 (off) or 0.5..2.5 with at most 1 decimal)");
    /* No places given: two. */
    ck_assert_int_eq(dparsed("g=999.99", D_G), 99999);
    dfails("g=999.991",
           "toy: bad value '999.991' for g (expected 0..999.99 with at most 2 decimals)");
    dfails("g=1000", "toy: bad value '1000' for g (expected 0..999.99 with at most 2 decimals)");
    arena_opt six = {.key = "k",
                     .kind = ARENA_OPT_DECIMAL,
                     .lo = 1,
                     .hi = 2500000,
                     .flags = ARENA_OPT_PLACES(6)};
    expect_is(&six, "0.000001..2.5 with at most 6 decimals");
}
END_TEST

/* The canonical string of a DECIMAL is its shortest spelling, and parses back. */
START_TEST(decimal_format)
{
    char buf[128];
    int v[DOPTS] = {140, 0, 5}, w[DOPTS];
    ck_assert_uint_eq(arena_opts_format(&dspec, v, buf, sizeof buf), strlen("c=1.4,f=0,g=0.05"));
    ck_assert_str_eq(buf, "c=1.4,f=0,g=0.05");
    int cases[][DOPTS] = {{100, 25, 99999}, {1000, 5, 10}, {7, 10, 120}};
    const char *want[] = {"c=1,f=2.5,g=999.99", "c=10,f=0.5,g=0.1", "c=0.07,f=1,g=1.2"};
    for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
        arena_opts_format(&dspec, cases[i], buf, sizeof buf);
        ck_assert_str_eq(buf, want[i]);
        char err[256] = "";
        ck_assert_msg(arena_opts_parse(&dspec, buf, w, err, sizeof err) == 0, "%s", err);
        ck_assert_mem_eq(w, cases[i], sizeof w);
    }
}
END_TEST

START_TEST(text_builder)
{
    char buf[16];
    arena_text t;
    arena_text_init(&t, buf, sizeof buf);
    ck_assert_str_eq(buf, "");
    arena_text_add(&t, "%s-%d", "ab", 12);
    arena_text_put(&t, "xyz!", 3);
    ck_assert_str_eq(buf, "ab-12xyz");
    ck_assert_uint_eq(arena_text_len(&t), 8);
    /* Past the end: the length goes on counting, the buffer keeps a prefix. */
    arena_text_add(&t, "%s", "0123456789");
    arena_text_put(&t, "ABCDEF", 6);
    arena_text_add(&t, "tail");
    ck_assert_uint_eq(arena_text_len(&t), 8 + 10 + 6 + 4);
    ck_assert_str_eq(buf, "ab-12xyz0123456");
}
END_TEST

/* Every cap gives the same length and the first cap - 1 bytes, for both ways
 * of writing: printf pieces and raw bytes. */
START_TEST(text_truncation_at_every_cap)
{
    const char *full = "White to move\nply 3, turn 2\n";
    size_t n = strlen(full);
    for (size_t cap = 0; cap <= n + 2; cap++) {
        char a[64], b[64], c[64];
        memset(a, 'Z', sizeof a), memset(b, 'Z', sizeof b), memset(c, 'Z', sizeof c);
        arena_text t, u;
        arena_text_init(&t, a, cap);
        arena_text_add(&t, "%s to move\n", "White");
        arena_text_add(&t, "ply %d, turn %d\n", 3, 2);
        arena_text_init(&u, b, cap);
        for (size_t i = 0; i < n; i++)
            arena_text_put(&u, full + i, 1);
        ck_assert_uint_eq(arena_text_len(&t), n);
        ck_assert_uint_eq(arena_text_len(&u), n);
        ck_assert_uint_eq(arena_text_out(full, n, c, cap), n);
        if (cap == 0) {
            ck_assert_int_eq(a[0], 'Z');
            ck_assert_int_eq(b[0], 'Z');
            ck_assert_int_eq(c[0], 'Z');
            continue;
        }
        size_t k = n < cap - 1 ? n : cap - 1;
        ck_assert_mem_eq(a, full, k);
        ck_assert_int_eq(a[k], '\0');
        ck_assert_mem_eq(b, a, k + 1);
        ck_assert_mem_eq(c, a, k + 1);
        ck_assert_int_eq(a[k + 1], 'Z'); /* nothing written past the NUL */
    }
    arena_text t;
    arena_text_init(&t, NULL, 99); /* no buffer: only counts */
    arena_text_add(&t, "%d", 12345);
    ck_assert_uint_eq(arena_text_len(&t), 5);
}
END_TEST

START_TEST(flat_state_members)
{
    /* A "state" of a few bytes: the kit only copies and frees blocks. */
    unsigned char bytes[40];
    for (size_t i = 0; i < sizeof bytes; i++)
        bytes[i] = (unsigned char)(i * 7);
    arena_state *copy = arena_flat_clone((const arena_state *)bytes, sizeof bytes);
    ck_assert_ptr_nonnull(copy);
    ck_assert_mem_eq(copy, bytes, sizeof bytes);
    arena_flat_free(copy);
    arena_flat_free(NULL);
    arena_flat_game_free(malloc(8));

    arena_chance_outcome out[2];
    ck_assert_int_eq(arena_no_chance(NULL, out, 2), 0);

    double r[2] = {5, 5};
    arena_returns_two(r, 1);
    ck_assert(r[0] == -1.0 && r[1] == 1.0);
    arena_returns_two(r, 0);
    ck_assert(r[0] == 1.0 && r[1] == -1.0);
    arena_returns_two(r, 2); /* a draw */
    ck_assert(r[0] == 0.0 && r[1] == 0.0);
    arena_returns_two(r, -1);
    ck_assert(r[0] == 0.0 && r[1] == 0.0);
}
END_TEST

static Suite *kit_suite(void)
{
    Suite *s = suite_create("module_kit");
    TCase *opts = tcase_create("options");
    tcase_add_test(opts, defaults_for_null_and_empty);
    tcase_add_test(opts, int_range);
    tcase_add_test(opts, short_ranges_are_listed);
    tcase_add_test(opts, even_only);
    tcase_add_test(opts, zero_means_off);
    tcase_add_test(opts, word_choices);
    tcase_add_test(opts, explicit_expect);
    tcase_add_test(opts, unknown_keys);
    tcase_add_test(opts, missing_equals);
    tcase_add_test(opts, empty_items_and_keys_are_refused);
    tcase_add_test(opts, value_is_after_the_first_equals);
    tcase_add_test(opts, repeats);
    tcase_add_test(opts, first_bad_item_wins);
    tcase_add_test(opts, max_digits);
    tcase_add_test(opts, error_buffer_limits);
    tcase_add_test(opts, canonical_format);
    tcase_add_test(opts, decimals);
    tcase_add_test(opts, decimal_format);
    suite_add_tcase(s, opts);
    TCase *text = tcase_create("text");
    tcase_add_test(text, text_builder);
    tcase_add_test(text, text_truncation_at_every_cap);
    tcase_add_test(text, flat_state_members);
    suite_add_tcase(s, text);
    return s;
}

int main(void)
{
    return support_main(kit_suite());
}
