/* legal_check_test.c -- arena/legal_check.h: a bot's own legal list against
 * the referee's, checked once per game, one warning line on a difference, and
 * answers that never leave turn->legal. The warning goes to a temporary file
 * (c.out) so that its text can be read back. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena/legal_check.h"
#include "support.h"

/* A referee that names action a "a<a>" (only action_name and version are read). */
static size_t fake_name(const arena_state *s, int32_t a, char *buf, size_t cap)
{
    (void)s;
    return (size_t)snprintf(buf, cap, "a%d", (int)a);
}

static const arena_rules fake_rules = {.abi_version = ARENA_RULES_ABI_VERSION,
                                       .struct_size = sizeof(arena_rules),
                                       .name = "fake",
                                       .action_name = fake_name,
                                       .version = "2.1"};

static const arena_bot_setup fake_setup = {
    .struct_size = sizeof(arena_bot_setup), .game_name = "fake", .rules = &fake_rules};

static const int32_t referee[] = {3, 5, 9, 12};

static arena_turn turn_at(int ply)
{
    static const char state_bytes[1] = {0}; /* never read: fake_name ignores it */
    return (arena_turn){.struct_size = sizeof(arena_turn),
                        .ply = ply,
                        .legal = referee,
                        .num_legal = 4,
                        .state = (const arena_state *)state_bytes};
}

/* Everything written to f so far (static buffer). */
static const char *written(FILE *f)
{
    static char text[1024];
    fflush(f);
    long n = ftell(f);
    rewind(f);
    size_t got = fread(text, 1, n > 0 && n < (long)sizeof text ? (size_t)n : sizeof text - 1, f);
    text[got] = '\0';
    fseek(f, 0, SEEK_END);
    return text;
}

static int lines(const char *text)
{
    int n = 0;
    for (; *text; text++)
        n += *text == '\n';
    return n;
}

START_TEST(equal_lists_pass_silently)
{
    arena_legal_check c;
    arena_legal_check_init(&c, "mybot", "2.1", &fake_setup);
    c.out = tmpfile();
    ck_assert_ptr_nonnull(c.out);
    arena_turn t = turn_at(0);
    const int32_t mine[] = {3, 5, 9, 12};
    ck_assert_int_eq(arena_legal_check_turn(&c, &t, mine, 4), 0);
    ck_assert_int_eq(c.checked, 1);
    ck_assert_int_eq(c.mismatch, 0);
    /* Once per game: a later turn is not compared, even if it differs. */
    const int32_t other[] = {1};
    ck_assert_int_eq(arena_legal_check_turn(&c, &t, other, 1), 0);
    ck_assert_str_eq(written(c.out), "");
    fclose(c.out);
}
END_TEST

START_TEST(difference_is_warned_once)
{
    arena_legal_check c;
    arena_legal_check_init(&c, "mybot", "2.0", &fake_setup);
    c.out = tmpfile();
    arena_turn t = turn_at(7);
    const int32_t mine[] = {3, 5, 10, 12}; /* drifted: 10 where the referee has 9 */
    ck_assert_int_eq(arena_legal_check_turn(&c, &t, mine, 4), -1);
    ck_assert_int_eq(c.mismatch, 1);
    const char *text = written(c.out);
    ck_assert_int_eq(lines(text), 1);
    ck_assert_str_eq(text, "mybot: warning: game fake, ply 7: its engine's legal actions differ "
                           "from the referee's at index 2: engine 10 (a10), referee 9 (a9) "
                           "(engine 2.0, rules 2.1); playing only the referee's actions\n");
    /* Later calls report the mismatch again but write nothing more. */
    ck_assert_int_eq(arena_legal_check_turn(&c, &t, referee, 4), -1);
    ck_assert_int_eq(lines(written(c.out)), 1);
    fclose(c.out);
}
END_TEST

START_TEST(shorter_or_longer_list_is_a_difference)
{
    arena_legal_check c;
    arena_legal_check_init(&c, "b", NULL, &fake_setup);
    c.out = tmpfile();
    arena_turn t = turn_at(0);
    const int32_t shorter[] = {3, 5, 9};
    ck_assert_int_eq(arena_legal_check_turn(&c, &t, shorter, 3), -1);
    ck_assert_ptr_nonnull(strstr(written(c.out), "at index 3: engine none, referee 12 (a12);"));
    fclose(c.out);

    arena_legal_check_init(&c, "b", NULL, &fake_setup);
    c.out = tmpfile();
    const int32_t longer[] = {3, 5, 9, 12, 13};
    ck_assert_int_eq(arena_legal_check_turn(&c, &t, longer, 5), -1);
    ck_assert_ptr_nonnull(strstr(written(c.out), "at index 4: engine 13 (a13), referee none;"));
    fclose(c.out);
}
END_TEST

START_TEST(without_rules_actions_are_numbers)
{
    arena_bot_setup setup = {.struct_size = sizeof setup, .game_name = "g"};
    arena_legal_check c;
    arena_legal_check_init(&c, "b", "1.0", &setup);
    c.out = tmpfile();
    arena_turn t = turn_at(2);
    t.state = NULL;
    const int32_t mine[] = {4};
    ck_assert_int_eq(arena_legal_check_turn(&c, &t, mine, 1), -1);
    ck_assert_str_eq(written(c.out), "b: warning: game g, ply 2: its engine's legal actions "
                                     "differ from the referee's at index 0: engine 4, referee 3 "
                                     "(engine 1.0, rules ?); playing only the referee's actions\n");
    fclose(c.out);
}
END_TEST

START_TEST(answers_stay_within_the_referee_list)
{
    arena_turn t = turn_at(0);
    arena_rng rng;
    arena_rng_seed(&rng, 42);
    ck_assert_int_eq(arena_legal_answer(&t, 9, &rng), 9); /* the engine's choice, when allowed */
    ck_assert(arena_turn_allows(&t, 12));
    ck_assert(!arena_turn_allows(&t, 10));
    int seen[13] = {0};
    for (int i = 0; i < 400; i++) {
        int32_t a = arena_legal_answer(&t, 10, &rng); /* refused: a drawn legal action */
        ck_assert(arena_turn_allows(&t, a));
        seen[a]++;
    }
    for (int i = 0; i < 4; i++) /* not always legal[0]: every action is drawn */
        ck_assert_int_gt(seen[referee[i]], 0);
    /* Seeded: the same draws again. */
    arena_rng a, b;
    arena_rng_seed(&a, 7);
    arena_rng_seed(&b, 7);
    for (int i = 0; i < 20; i++)
        ck_assert_int_eq(arena_legal_answer(&t, -1, &a), arena_legal_answer(&t, -1, &b));
}
END_TEST

int main(void)
{
    Suite *s = suite_create("sdk_legal_check");
    TCase *tc = tcase_create("legal_check");
    tcase_add_test(tc, equal_lists_pass_silently);
    tcase_add_test(tc, difference_is_warned_once);
    tcase_add_test(tc, shorter_or_longer_list_is_a_difference);
    tcase_add_test(tc, without_rules_actions_are_numbers);
    tcase_add_test(tc, answers_stay_within_the_referee_list);
    suite_add_tcase(s, tc);
    return support_main(s);
}
