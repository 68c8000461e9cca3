/* arena_units_test.c -- schedule, pairwise tally, entrant labels, loader errors,
 * outcome phrases, the seat host's channel reads. */
#include <check.h>
#include <sys/stat.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "botrun.h"
#include "botspec.h"
#include "entrant.h"
#include "jail_queue.h"
#include "loader.h"
#include "matchlog.h"
#include "memguard.h"
#include "meminfo.h"
#include "outcome.h"
#include "owntime.h"
#include "report.h"
#include "report_build.h"
#include "rundir.h"
#include "arena/sdk.h"
#include "schedule.h"
#include "tally.h"
#include "text.h"
#include "timectl.h"
#include "xalloc.h"
#include "support.h"

/* The whole schedule as an array, as the tests below read it. */
static int expand(int (*make)(schedule *, int, int, int, int, uint64_t, char *, size_t), int n,
                  int k, int rounds, int all_orders, uint64_t seed, schedule_item **out,
                  size_t *count, char *err, size_t errlen)
{
    schedule s;
    if (make(&s, n, k, rounds, all_orders, seed, err, errlen)) return -1;
    *out = xcalloc(s.count ? s.count : 1, sizeof **out);
    for (size_t i = 0; i < s.count; i++)
        schedule_at(&s, i, &(*out)[i]);
    *count = s.count;
    schedule_free(&s);
    return 0;
}
#define rr(...) expand(schedule_round_robin, __VA_ARGS__)
#define gauntlet(...) expand(schedule_gauntlet, __VA_ARGS__)

/* The reference the computed schedule must equal match for match (logs,
 * stores and --resume refer to matches by index): rounds, then every
 * k-subset in lexicographic order (a gauntlet's: only those seating 0), then
 * the table's seat orders in the order seat_orders makes them, the table's
 * seed derived from its number. */
static size_t reference(int n, int k, int rounds, const int orders[][ARENA_MAX_PLAYERS],
                        int n_orders, int gauntlet_only, uint64_t seed, schedule_item *out)
{
    size_t m = 0, table = 0;
    for (int r = 0; r < rounds; r++) {
        int c[ARENA_MAX_PLAYERS];
        for (int i = 0; i < k; i++)
            c[i] = i;
        for (;;) {
            if (!gauntlet_only || c[0] == 0) {
                uint64_t ts = arena_seed_derive(seed, table++);
                for (int o = 0; o < n_orders; o++, m++) {
                    out[m] = (schedule_item){.index = (uint32_t)m, .seed = ts, .num_players = k};
                    for (int s = 0; s < k; s++)
                        out[m].seat[s] = c[orders[o][s]];
                }
            }
            int i = k - 1; /* the next subset */
            while (i >= 0 && c[i] == n - k + i)
                i--;
            if (i < 0) break;
            c[i]++;
            for (int j = i + 1; j < k; j++)
                c[j] = c[j - 1] + 1;
        }
    }
    return m;
}

START_TEST(computed_schedule_is_the_enumerated_one)
{
    char err[256];
    static schedule_item want[20000];
    for (int n = 2; n <= 9; n++)
        for (int k = 2; k <= 5 && k <= n; k++)
            for (int g = 0; g < 2; g++) {
                schedule s;
                int (*make)(schedule *, int, int, int, int, uint64_t, char *, size_t) =
                    g ? schedule_gauntlet : schedule_round_robin;
                ck_assert_int_eq(make(&s, n, k, 2, k <= 4, 77, err, sizeof err), 0);
                size_t m = reference(n, k, 2, (const int(*)[ARENA_MAX_PLAYERS])s.orders, s.n_orders,
                                     g, 77, want);
                ck_assert_uint_eq(s.count, m);
                for (size_t i = 0; i < m; i++) {
                    schedule_item it;
                    schedule_at(&s, i, &it);
                    ck_assert_msg(it.index == want[i].index && it.seed == want[i].seed &&
                                      it.num_players == k &&
                                      memcmp(it.seat, want[i].seat, sizeof it.seat) == 0,
                                  "n %d k %d gauntlet %d: match %zu differs", n, k, g, i);
                }
                schedule_free(&s);
            }
    /* more matches than an index holds: refused, not allocated */
    schedule s;
    ck_assert_int_eq(schedule_round_robin(&s, 2, 2, 2000000000, 0, 1, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "more than 2147483647 matches"));
    ck_assert_int_eq(schedule_round_robin(&s, 1000, 8, 1, 0, 1, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "more than"));
    /* ten thousand entrants: any match of 49,995,000 pairs, at once */
    ck_assert_int_eq(schedule_round_robin(&s, 10000, 2, 1, 0, 1, err, sizeof err), 0);
    ck_assert_uint_eq(s.count, 99990000);
    schedule_item last;
    schedule_at(&s, s.count - 1, &last);
    ck_assert(last.seat[0] == 9999 && last.seat[1] == 9998);
    schedule_free(&s);
}
END_TEST

START_TEST(round_robin_pairs_play_both_colours_with_one_seed)
{
    schedule_item *it;
    size_t n;
    char err[256];
    ck_assert_int_eq(rr(4, 2, 3, 0, 7, &it, &n, err, sizeof err), 0);
    ck_assert_uint_eq(n, 6 * 2 * 3);
    int as_white[4][4] = {{0}};
    for (size_t i = 0; i < n; i += 2) {
        ck_assert_uint_eq(it[i].index, i);
        ck_assert_int_eq(it[i].seat[0], it[i + 1].seat[1]); /* colours swapped */
        ck_assert_int_eq(it[i].seat[1], it[i + 1].seat[0]);
        ck_assert(it[i].seed == it[i + 1].seed); /* paired games */
        if (i >= 2) ck_assert(it[i].seed != it[i - 2].seed);
        as_white[it[i].seat[0]][it[i].seat[1]]++;
        as_white[it[i + 1].seat[0]][it[i + 1].seat[1]]++;
    }
    for (int a = 0; a < 4; a++)
        for (int b = 0; b < 4; b++)
            ck_assert_int_eq(as_white[a][b], a == b ? 0 : 3);
    free(it);
}
END_TEST

START_TEST(tables_of_three_rotate_or_permute_seats)
{
    schedule_item *it;
    size_t n;
    char err[256];
    ck_assert_int_eq(rr(4, 3, 1, 0, 1, &it, &n, err, sizeof err), 0);
    ck_assert_uint_eq(n, 4 * 3); /* C(4,3) tables, 3 rotations each */
    int seat_count[4][3] = {{0}};
    for (size_t i = 0; i < n; i++)
        for (int s = 0; s < 3; s++)
            seat_count[it[i].seat[s]][s]++;
    for (int e = 0; e < 4; e++)
        for (int s = 0; s < 3; s++)
            ck_assert_int_eq(seat_count[e][s], 3);
    free(it);
    ck_assert_int_eq(rr(4, 3, 1, 1, 1, &it, &n, err, sizeof err), 0);
    ck_assert_uint_eq(n, 4 * 6); /* every permutation */
    for (size_t t = 0; t < n; t += 6)
        for (size_t i = t; i < t + 6; i++) {
            ck_assert(it[i].seed == it[t].seed);
            for (size_t j = t; j < i; j++)
                ck_assert(memcmp(it[i].seat, it[j].seat, 3 * sizeof(int)) != 0);
        }
    free(it);
    ck_assert_int_eq(rr(2, 3, 1, 0, 1, &it, &n, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "2 entrants"));
}
END_TEST

/* Gauntlet: only the tables seating entrant 0; two seats: 0 against each
 * other entrant in both colours per round, paired seeds; three seats: the
 * C(3,2) tables of 0 with two of the other three, every rotation. */
START_TEST(gauntlet_seats_the_first_at_every_table)
{
    schedule_item *it;
    size_t n;
    char err[256];
    ck_assert_int_eq(gauntlet(4, 2, 2, 0, 7, &it, &n, err, sizeof err), 0);
    ck_assert_uint_eq(n, 3 * 2 * 2);
    int met[4] = {0};
    for (size_t i = 0; i < n; i += 2) {
        ck_assert_uint_eq(it[i].index, i);
        ck_assert(it[i].seat[0] == 0 || it[i].seat[1] == 0);
        ck_assert_int_eq(it[i].seat[0], it[i + 1].seat[1]);
        ck_assert(it[i].seed == it[i + 1].seed);
        met[it[i].seat[0] + it[i].seat[1]]++;
    }
    ck_assert(met[1] == 2 && met[2] == 2 && met[3] == 2);
    free(it);
    ck_assert_int_eq(gauntlet(4, 3, 1, 0, 1, &it, &n, err, sizeof err), 0);
    ck_assert_uint_eq(n, 3 * 3);
    int first_seat[3] = {0};
    for (size_t i = 0; i < n; i++) {
        int s0 = -1;
        for (int s = 0; s < 3; s++)
            if (it[i].seat[s] == 0) s0 = s;
        ck_assert_int_ge(s0, 0);
        first_seat[s0]++;
    }
    ck_assert(first_seat[0] == 3 && first_seat[1] == 3 && first_seat[2] == 3);
    free(it);
    /* two entrants: the gauntlet is the round robin, match for match */
    schedule_item *rr;
    size_t m;
    ck_assert_int_eq(gauntlet(2, 2, 3, 0, 5, &it, &n, err, sizeof err), 0);
    ck_assert_int_eq(rr(2, 2, 3, 0, 5, &rr, &m, err, sizeof err), 0);
    ck_assert_uint_eq(n, m);
    ck_assert(memcmp(it, rr, n * sizeof *it) == 0);
    free(it), free(rr);
}
END_TEST

START_TEST(tally_splits_a_table_into_pairs)
{
    tally t;
    tally_init(&t, 3);
    match_record m = {.num_players = 3, .seat_entrant = {2, 0, 1}, .returns = {1, 0, 1}};
    tally_add(&t, &m);
    ck_assert_uint_eq(t.n_games, 3);
    /* seat 0 (entrant 2) and seat 2 (entrant 1) tie; both beat entrant 0 */
    ck_assert(t.games[0].a == 2 && t.games[0].b == 0 && t.games[0].score == 1.0);
    ck_assert(t.games[1].a == 2 && t.games[1].b == 1 && t.games[1].score == 0.5);
    ck_assert(t.games[2].a == 0 && t.games[2].b == 1 && t.games[2].score == 0.0);
    report_built b;
    char err[256];
    const char *names[3] = {"a", "b", "c"};
    ck_assert_int_eq(
        report_build(&b, "t", 3, names, t.games, t.n_games, t.matches, err, sizeof err), 0);
    ck_assert(b.xt_score[1 * 3 + 0] == 1.0 && b.xt_games[1 * 3 + 0] == 1);
    report_built_free(&b);
    ck_assert_int_eq(t.matches[0] + t.matches[1] + t.matches[2], 3);
    tally_free(&t);
}
END_TEST

static entrant *mk(const char *name, const char *version)
{
    entrant *e = calloc(1, sizeof *e);
    e->name = strdup(name);
    e->version = strdup(version);
    e->display = strdup(name);
    return e;
}

START_TEST(same_names_get_unique_labels)
{
    entrant *e[4] = {mk("a", "1"), mk("a", "2"), mk("b", "1"), mk("a", "2")};
    entrants_label(e, 4);
    ck_assert_str_eq(e[0]->display, "a@1");
    ck_assert_str_eq(e[1]->display, "a@2#1"); /* one bot entered twice */
    ck_assert_str_eq(e[2]->display, "b");
    ck_assert_str_eq(e[3]->display, "a@2#2");
    for (int i = 0; i < 4; i++)
        entrant_free(e[i]);
    /* Two builds of one name and version are two bots: told apart by hash. */
    entrant *f[2] = {mk("a", "1"), mk("a", "1")};
    snprintf(f[0]->sha256, sizeof f[0]->sha256, "%s", "0123456789abcdef");
    snprintf(f[1]->sha256, sizeof f[1]->sha256, "%s", "fedcba9876543210");
    entrants_label(f, 2);
    ck_assert_str_eq(f[0]->display, "a@01234567");
    ck_assert_str_eq(f[1]->display, "a@fedcba98");
    entrant_free(f[0]);
    entrant_free(f[1]);
    /* A build made to share another's first 8 digits (red team 8) still gets
     * a label of its own: one digit past what they share, the third bot,
     * sharing less, keeps 8. */
    entrant *g[3] = {mk("a", "1"), mk("a", "1"), mk("a", "1")};
    snprintf(g[0]->sha256, sizeof g[0]->sha256, "%s", "0123456789abcdef");
    snprintf(g[1]->sha256, sizeof g[1]->sha256, "%s", "01234567890bcdef");
    snprintf(g[2]->sha256, sizeof g[2]->sha256, "%s", "0123ffff89abcdef");
    entrants_label(g, 3);
    ck_assert_str_eq(g[0]->display, "a@0123456789a");
    ck_assert_str_eq(g[1]->display, "a@01234567890");
    ck_assert_str_eq(g[2]->display, "a@0123ffff");
    for (int i = 0; i < 3; i++)
        entrant_free(g[i]);
    ck_assert(bot_plays("*", "morris"));
    ck_assert(bot_plays("soccer, morris", "morris"));
    ck_assert(!bot_plays("morris_x,soccer", "morris"));
    /* one rule for a list that also says "*" (the worker and the probe used to disagree) */
    ck_assert(bot_plays("morris,*", "kurnik"));
    ck_assert(bot_plays(" soccer , * ", "kurnik"));
    ck_assert(!bot_plays("", "kurnik"));
    ck_assert(!bot_plays("**", "kurnik"));
}
END_TEST

/* meminfo.h: a field by its whole name, as the kernel's own line gives it
 * (compared with a read of the file here); a prefix of a name or a missing
 * field is 0. */
START_TEST(meminfo_reads_a_field_by_its_whole_name)
{
    FILE *f = fopen("/proc/meminfo", "r");
    ck_assert_ptr_nonnull(f);
    unsigned long long total = 0;
    char line[128];
    while (fgets(line, sizeof line, f) && sscanf(line, "MemTotal: %llu kB", &total) != 1)
        ;
    fclose(f);
    ck_assert_uint_gt(total, 0);
    ck_assert_uint_eq(meminfo_kb("MemTotal"), total);
    ck_assert_uint_le(meminfo_kb("MemAvailable"), total);
    ck_assert_uint_eq(meminfo_kb("Mem"), 0);
    ck_assert_uint_eq(meminfo_kb("NoSuchField"), 0);
}
END_TEST

/* "name:options": the colon after the last '/', options canonical (sorted
 * by key, a key repeated with its value kept once); a key repeated with
 * another value is refused, naming both, and so are an empty item and an
 * empty key. */
START_TEST(bot_specs_split_and_canonicalise)
{
    char bot[256], opts[256], err[256];
    ck_assert_int_eq(botspec_split("mcts:iterations=2000,c=120", bot, sizeof bot, opts, sizeof opts,
                                   err, sizeof err),
                     0);
    ck_assert_str_eq(bot, "mcts");
    ck_assert_str_eq(opts, "c=120,iterations=2000");
    ck_assert_int_eq(botspec_split("./a:b/x.so:k=3,j=2,k=3", bot, sizeof bot, opts, sizeof opts,
                                   err, sizeof err),
                     0);
    ck_assert_str_eq(bot, "./a:b/x.so");
    ck_assert_str_eq(opts, "j=2,k=3");
    ck_assert_int_eq(
        botspec_split("mcts:c=1,,j=2", bot, sizeof bot, opts, sizeof opts, err, sizeof err), -1);
    ck_assert_str_eq(err, "bot 'mcts': empty option in 'c=1,,j=2' (a doubled ',')");
    ck_assert_int_eq(botspec_split("mcts:=3", bot, sizeof bot, opts, sizeof opts, err, sizeof err),
                     -1);
    ck_assert_str_eq(err, "bot 'mcts': option '=3' has no key in '=3' (expected key=value)");
    ck_assert_int_eq(
        botspec_split("mcts:c=1,j=2,c=3,c=1", bot, sizeof bot, opts, sizeof opts, err, sizeof err),
        -1);
    ck_assert_str_eq(err, "bot 'mcts': option 'c' given twice (1, then 3): give it once");
    ck_assert_int_eq(botspec_split("random", bot, sizeof bot, opts, sizeof opts, err, sizeof err),
                     0);
    ck_assert_str_eq(bot, "random");
    ck_assert_str_eq(opts, "");
    ck_assert_int_eq(botspec_canonical("kk=1,k=2,novalue", opts, sizeof opts, err, sizeof err), 0);
    ck_assert_str_eq(opts, "k=2,kk=1,novalue");
    ck_assert_int_eq(botspec_canonical("iterations=2000", opts, 8, err, sizeof err), -1);
    ck_assert_str_eq(err, "options too long");
    /* Options are part of who an entrant is. */
    entrant *e[3] = {mk("m", "1"), mk("m", "1"), mk("m", "1")};
    e[0]->bot_options = strdup("c=1");
    e[1]->bot_options = strdup("");
    e[2]->bot_options = strdup("c=1");
    entrants_label(e, 3);
    ck_assert_str_eq(e[0]->display, "m[c=1]#1");
    ck_assert_str_eq(e[1]->display, "m");
    ck_assert_str_eq(e[2]->display, "m[c=1]#2");
    for (int i = 0; i < 3; i++)
        entrant_free(e[i]);
}
END_TEST

/* What a bot says about itself is cleaned before it is shown anywhere. */
START_TEST(bot_text_is_cleaned)
{
    char s[128];
    snprintf(s, sizeof s, "evil\033[2J\033]0;owned\007");
    ck_assert_str_eq(text_clean(s, 64), "evil?[2J?]0;owned?");
    snprintf(s, sizeof s, "bot\nmatch 42: X crashed");
    ck_assert_str_eq(text_clean(s, 64), "bot?match 42: X crashed");
    snprintf(s, sizeof s, "M\xc5\x82ynek \xe2\x99\x9e"); /* Młynek ♞ stay */
    ck_assert_str_eq(text_clean(s, 64), "M\xc5\x82ynek \xe2\x99\x9e");
    snprintf(s, sizeof s,
             "a\xc2\x9b"
             "b\xff"
             "c\xe2\x80\xa8"
             "d\xc0\xaf");
    ck_assert_str_eq(text_clean(s, 64), "a??b?c???d??"); /* C1, junk, U+2028, overlong */
    /* bidirectional controls (U+202E, U+2066, U+200F, U+061C): a name or a
     * printed line that would read backwards in a table; U+00E9 stays */
    snprintf(s, sizeof s,
             "a\xe2\x80\xae"
             "b\xe2\x81\xa6"
             "c\xe2\x80\x8f"
             "d\xd8\x9c"
             "\xc3\xa9");
    ck_assert_str_eq(text_clean(s, 64), "a???b???c???d??\xc3\xa9");
    static const char *const bidi[] = {"\xd8\x9c",     "\xe2\x80\x8e", "\xe2\x80\x8f",
                                       "\xe2\x80\xaa", "\xe2\x80\xab", "\xe2\x80\xac",
                                       "\xe2\x80\xad", "\xe2\x80\xae", "\xe2\x81\xa6",
                                       "\xe2\x81\xa7", "\xe2\x81\xa8", "\xe2\x81\xa9"};
    for (size_t i = 0; i < sizeof bidi / sizeof *bidi; i++) {
        snprintf(s, sizeof s, "%s", bidi[i]);
        text_clean_lines(s, 64);
        ck_assert_msg(strspn(s, "?") == strlen(bidi[i]) && s[strlen(bidi[i])] == '\0',
                      "bidi control %zu kept: %s", i, s);
    }
    /* invisible characters that hide or disguise text: the soft hyphen
     * U+00AD, U+200B, U+2060, U+206A, U+FEFF, a tag character U+E0041 */
    static const char *const hidden[] = {"\xc2\xad",     "\xe2\x80\x8b", "\xe2\x81\xa0",
                                         "\xe2\x81\xaa", "\xef\xbb\xbf", "\xf3\xa0\x81\x81"};
    for (size_t i = 0; i < sizeof hidden / sizeof *hidden; i++) {
        snprintf(s, sizeof s, "a%sb", hidden[i]);
        text_clean_lines(s, 64);
        ck_assert_msg(s[0] == 'a' && strspn(s + 1, "?") == strlen(hidden[i]) &&
                          strcmp(s + 1 + strlen(hidden[i]), "b") == 0,
                      "invisible character %zu kept: %s", i, s);
    }
    /* their neighbours stay (U+200D, the joiner emoji need; U+202F, a
     * narrow space; U+061B; U+00AE; U+E1000 past the tags) */
    snprintf(s, sizeof s, "\xe2\x80\x8d\xe2\x80\xaf\xd8\x9b\xc2\xae\xf3\xa1\x80\x80");
    ck_assert_str_eq(text_clean(s, 64), "\xe2\x80\x8d\xe2\x80\xaf\xd8\x9b\xc2\xae\xf3\xa1\x80\x80");
    snprintf(s, sizeof s, "abc\xc5\x82");
    ck_assert_str_eq(text_clean(s, 4), "abc"); /* never half a character */
    snprintf(s, sizeof s, "%s", "");
    ck_assert_str_eq(text_clean(s, 4), "");
}
END_TEST

/* A name keeps letters, digits and . _ - + only, never leading with - or +
 * (ratings.csv's "+SUM+1" was a spreadsheet formula; "-j" an option). */
START_TEST(bot_names_are_plain)
{
    char s[64];
    snprintf(s, sizeof s, "+SUM+1");
    ck_assert_str_eq(text_clean_name(s, 64), "_SUM+1");
    snprintf(s, sizeof s, "-j");
    ck_assert_str_eq(text_clean_name(s, 64), "_j");
    snprintf(s, sizeof s, "mcts@1.0 x-2+");
    ck_assert_str_eq(text_clean_name(s, 64), "mcts_1.0_x-2+");
    snprintf(s, sizeof s, "=cmd");
    ck_assert_str_eq(text_clean_name(s, 64), "_cmd");
}
END_TEST

/* Text of several lines (a bot's options help) keeps its line breaks only. */
START_TEST(bot_help_lines_are_cleaned)
{
    char s[128];
    snprintf(s, sizeof s, "depth=3  search\033[2J\r\nmatch 42: X\x9b crashed\n");
    ck_assert_str_eq(text_clean_lines(s, 64), "depth=3  search?[2J?\nmatch 42: X? crashed\n");
    snprintf(s, sizeof s, "a\nb\nc");
    ck_assert_str_eq(text_clean_lines(s, 3), "a\nb"); /* cut at the cap */
}
END_TEST

/* text_copy cuts to fit and always terminates, as snprintf "%s" would. */
START_TEST(text_copy_cuts_and_terminates)
{
    char d[5];
    memset(d, 'x', sizeof d);
    ck_assert_str_eq(text_copy(d, sizeof d, "abc"), "abc");
    ck_assert_str_eq(text_copy(d, sizeof d, "abcd"), "abcd");
    memset(d, 'x', sizeof d);
    ck_assert_str_eq(text_copy(d, sizeof d, "abcdefgh"), "abcd");
    ck_assert_int_eq(d[4], '\0');
    ck_assert_str_eq(text_copy(d, sizeof d, NULL), "");
    ck_assert_str_eq(text_copy(d, 1, "abc"), "");
}
END_TEST

START_TEST(loader_errors_name_the_file)
{
    char err[512], path[4096];
    ck_assert_ptr_null(loader_open_rules("nosuchgame", err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "game 'nosuchgame' not found"));
    ck_assert_ptr_null(loader_open_rules("/nonexistent/x.so", err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "/nonexistent/x.so: no such file"));
    /* A bot is not a rule module. */
    ck_assert_int_eq(loader_resolve(LOADER_BOTS, ARENA_BIN_DIR "/bots/random.so", path, sizeof path,
                                    err, sizeof err),
                     0);
    ck_assert_ptr_null(loader_open_rules(path, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "not a rule module"));
    ck_assert_ptr_nonnull(strstr(err, "random.so"));
    /* A file that is not a shared library at all. */
    char dir[256], junk[512], want[600];
    support_tmpdir(dir, sizeof dir);
    snprintf(junk, sizeof junk, "%s/junk.so", dir);
    FILE *f = fopen(junk, "w");
    ck_assert_ptr_nonnull(f);
    fputs("junk", f);
    ck_assert_int_eq(fclose(f), 0);
    ck_assert_ptr_null(loader_open_rules(junk, err, sizeof err));
    snprintf(want, sizeof want, "%s: cannot load", junk);
    ck_assert_msg(strstr(err, want), "%s", err);
    loaded_rules *lr = loader_open_rules("morris", err, sizeof err);
    ck_assert_msg(lr != NULL, "%s", err);
    ck_assert_str_eq(lr->rules->name, "morris");
    ck_assert_int_eq((int)strlen(lr->sha256), 64);
    loader_close_rules(lr);
    char game[64], opts[64];
    loader_split_game_spec("morris:variant=rook,x=1", game, sizeof game, opts, sizeof opts);
    ck_assert_str_eq(game, "morris");
    ck_assert_str_eq(opts, "variant=rook,x=1");
}
END_TEST

START_TEST(sha256_matches_a_known_digest)
{
    char dir[256], path[512];
    support_tmpdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/abc.txt", dir);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs("abc", f);
    ck_assert_int_eq(fclose(f), 0);
    char hex[65], err[256];
    ck_assert_int_eq(loader_sha256_file(path, hex, err, sizeof err), 0);
    /* FIPS 180-2 test vector for "abc" */
    ck_assert_str_eq(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}
END_TEST

/* The one out-of-memory policy: allocation never returns NULL; a request
 * that cannot be met aborts with one line naming the size. */
START_TEST(allocation_never_fails_quietly)
{
    char *p = xmalloc(0);
    ck_assert_ptr_nonnull(p);
    free(p);
    p = xstrdup(NULL);
    ck_assert_str_eq(p, "");
    free(p);
    p = xasprintf("%s-%d", "a", 7);
    ck_assert_str_eq(p, "a-7");
    free(p);
#if !defined(__SANITIZE_ADDRESS__) && !defined(__has_feature)
    int fd[2];
    ck_assert_int_eq(pipe(fd), 0);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fd[1], 2);
        volatile size_t huge = SIZE_MAX / 2;
        free(xmalloc(huge));
        _exit(0);
    }
    close(fd[1]);
    char msg[128] = "";
    ssize_t n = read(fd[0], msg, sizeof msg - 1);
    close(fd[0]);
    int status;
    waitpid(pid, &status, 0);
    ck_assert_msg(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT, "status %d", status);
    ck_assert_msg(n > 0 && strncmp(msg, "arena: out of memory (", 22) == 0, "%s", msg);
#endif
}
END_TEST

START_TEST(outcomes_read_as_sentences)
{
    char buf[128];
    outcome_describe(OUTCOME_TIME, "no answer within 350 ms", buf, sizeof buf);
    ck_assert_str_eq(buf, "lost on time: no answer within 350 ms");
    outcome_describe(OUTCOME_CRASH, "crashed: signal 11 (Segmentation fault)", buf, sizeof buf);
    ck_assert_str_eq(buf, "crashed: signal 11 (Segmentation fault)");
    outcome_describe(OUTCOME_SANDBOX, "sandbox violation: openat", buf, sizeof buf);
    ck_assert_str_eq(buf, "sandbox violation: openat");
    ck_assert_str_eq(outcome_name(OUTCOME_ILLEGAL), "illegal");
    ck_assert_str_eq(outcome_name(99), "unknown");
    /* The one forfeit wording (replay, tournament, match, check, progress). */
    outcome_blame(OUTCOME_TIME, "random", "no answer within 350 ms", buf, sizeof buf);
    ck_assert_str_eq(buf, "random lost on time: no answer within 350 ms");
    outcome_blame(OUTCOME_CRASH, "x", "crashed: signal 11 (Segmentation fault)", buf, sizeof buf);
    ck_assert_str_eq(buf, "x crashed: signal 11 (Segmentation fault)");
    outcome_blame(OUTCOME_SANDBOX, "x", "sandbox violation: openat", buf, sizeof buf);
    ck_assert_str_eq(buf, "x lost by sandbox violation: openat");
    outcome_blame(OUTCOME_ILLEGAL, "Black", "answered r3", buf, sizeof buf);
    ck_assert_str_eq(buf, "Black lost by illegal action: answered r3");
    outcome_blame(OUTCOME_SETUP, "y", "", buf, sizeof buf);
    ck_assert_str_eq(buf, "y failed to start");
    for (int c = 0; c <= OUTCOME_ADJUDICATION; c++)
        ck_assert_int_eq(outcome_is_forfeit(c), c != OUTCOME_NORMAL && c != OUTCOME_ADJUDICATION);
    outcome_blame(OUTCOME_ADJUDICATION, "z", "ply limit reached", buf, sizeof buf);
    ck_assert_str_eq(buf, "adjudicated: ply limit reached");
}
END_TEST

/* A 3-seat table gives each entrant 2 pairwise results per match: the table
 * shows matches ("Games") and pairwise results ("Pairs") side by side. */
START_TEST(multiplayer_tables_show_games_and_pairs)
{
    tally t;
    tally_init(&t, 3);
    for (int i = 0; i < 4; i++) {
        match_record m = {.num_players = 3,
                          .seat_entrant = {i % 3, (i + 1) % 3, (i + 2) % 3},
                          .returns = {2, 0, -2}};
        tally_add(&t, &m);
    }
    char err[256], *buf = NULL;
    size_t len = 0;
    const char *names[3] = {"a", "b", "c"};
    report_built b; /* the one builder of tournament and pool tables */
    ck_assert_int_eq(
        report_build(&b, "t", 3, names, t.games, t.n_games, t.matches, err, sizeof err), 0);
    report r = b.rep;
    const rating_fit fit = b.fit;
    FILE *f = open_memstream(&buf, &len);
    report_print_text(f, &r);
    report_print_csv(f, &r);
    report_print_json(f, &r);
    fclose(f);
    /* Games are tables, Pairs pairwise results: the same in every format. */
    ck_assert_ptr_nonnull(strstr(buf, "Games  Pairs"));
    ck_assert_ptr_nonnull(strstr(buf, "games,pairs,score"));
    ck_assert_ptr_nonnull(strstr(buf, ",4,8,"));
    ck_assert_ptr_nonnull(strstr(buf, "\"games\": 4, \"pairs\": 8"));
    ck_assert_int_eq(t.matches[0], 4);
    ck_assert_int_eq(fit.entry[0].games, 8);
    free(buf);
    r.matches = NULL; /* two-player style: no Pairs column */
    buf = NULL;
    f = open_memstream(&buf, &len);
    report_print_text(f, &r);
    fclose(f);
    ck_assert_ptr_null(strstr(buf, "Pairs"));
    free(buf);
    report_built_free(&b);
    tally_free(&t);
}
END_TEST

START_TEST(time_controls_parse_and_print_back)
{
    arena_time_control tc;
    char buf[64];
    ck_assert_int_eq(timectl_parse("5+0.05", &tc), 0);
    ck_assert(tc.base_us == 5000000 && tc.increment_us == 50000 && tc.move_time_us == 0);
    timectl_format(&tc, buf, sizeof buf);
    ck_assert_str_eq(buf, "5+0.05");
    ck_assert_int_eq(timectl_parse("40", &tc), 0);
    ck_assert(tc.base_us == 40000000 && tc.increment_us == 0);
    ck_assert_int_eq(timectl_parse("move 250ms", &tc), 0);
    ck_assert(tc.move_time_us == 250000 && tc.base_us == 0);
    timectl_format(&tc, buf, sizeof buf);
    ck_assert_str_eq(buf, "move 250ms");
    ck_assert_int_eq(timectl_parse("86400+3600", &tc), 0); /* the bounds themselves */
    ck_assert(tc.base_us == 86400000000LL && tc.increment_us == 3600000000LL);
    ck_assert_int_eq(timectl_parse("0.001", &tc), 0);
    ck_assert(tc.base_us == 1000);
    /* printed back exactly, to the microsecond (a store keeps the text) */
    ck_assert_int_eq(timectl_parse("123.456789+0.000001", &tc), 0);
    timectl_format(&tc, buf, sizeof buf);
    ck_assert_str_eq(buf, "123.456789+0.000001");
    timectl_describe(&tc, buf, sizeof buf);
    ck_assert_str_eq(buf, "123.456789+0.000001 s");
    ck_assert_int_eq(timectl_parse("60.5", &tc), 0);
    timectl_format(&tc, buf, sizeof buf);
    ck_assert_str_eq(buf, "60.5");
    /* out of bounds (timectl.h): once 1e13 overflowed into a negative
     * budget and every game of the tournament was lost on time */
    const char *bad[] = {"fast",
                         "5+",
                         "+1",
                         "0",
                         "-3+1",
                         "5+x",
                         "move 0ms",
                         "move 10s",
                         "",
                         "1e13",
                         "inf",
                         "inf+1",
                         "nan",
                         "5+nan",
                         "5+inf",
                         "0.0000001",
                         "86401",
                         "5+3601",
                         "99999999999999999999+0",
                         "move 3600001ms",
                         "move 99999999999999999999ms"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        ck_assert_msg(timectl_parse(bad[i], &tc) == -1, "'%s' accepted", bad[i]);
    /* what strtod reads but is no clock as typed (5++1 played 5+1, 0x10 16 s) */
    const char *junk[] = {"5++1", "5+-0", " 5+0", "5+ 1", "0x10+0", "1e1+0", "5.+.", "."};
    for (size_t i = 0; i < sizeof junk / sizeof *junk; i++)
        ck_assert_msg(timectl_parse(junk[i], &tc) == -1, "'%s' accepted", junk[i]);
}
END_TEST

/* The seat host reads a bot's packet with its send stamp (owntime.h), and
 * never keeps a descriptor passed along with it: an unsandboxed bot can
 * sendmsg one. Here a pipe's write end rides with the packet; once the test
 * closes its own copy the read end sees the end of the pipe only if the
 * receiving side closed the one it was given. */
START_TEST(channel_reads_stamp_and_drop_descriptors)
{
    int sv[2], pipefd[2];
    ck_assert_int_eq(socketpair(AF_UNIX, SOCK_SEQPACKET, 0, sv), 0);
    ck_assert_int_eq(pipe(pipefd), 0);
    ck_assert_int_eq(owntime_stamp_channel(sv[0]), 0);
    struct timespec before;
    clock_gettime(CLOCK_REALTIME, &before);
    union {
        char buf[CMSG_SPACE(sizeof(int))];
        struct cmsghdr align;
    } ctl;
    char byte = 'a';
    struct iovec iov = {&byte, 1};
    struct msghdr m;
    memset(&m, 0, sizeof m);
    m.msg_iov = &iov;
    m.msg_iovlen = 1;
    m.msg_control = ctl.buf;
    m.msg_controllen = sizeof ctl.buf;
    struct cmsghdr *cm = CMSG_FIRSTHDR(&m);
    cm->cmsg_level = SOL_SOCKET;
    cm->cmsg_type = SCM_RIGHTS;
    cm->cmsg_len = CMSG_LEN(sizeof(int));
    memcpy(CMSG_DATA(cm), &pipefd[1], sizeof(int));
    ck_assert_int_eq(sendmsg(sv[1], &m, 0), 1);
    struct timespec after;
    clock_gettime(CLOCK_REALTIME, &after);
    close(pipefd[1]);
    usleep(50000); /* read well after the send */
    char got[8];
    int64_t stamp, t0 = (int64_t)before.tv_sec * 1000000000 + before.tv_nsec,
                   t1 = (int64_t)after.tv_sec * 1000000000 + after.tv_nsec;
    ck_assert_int_eq(owntime_recv(sv[0], got, sizeof got, &stamp), 1);
    ck_assert_int_eq(got[0], 'a');
    ck_assert_msg(stamp >= t0 && stamp <= t1,
                  "stamped %lld ns after the send began, which took %lld", (long long)(stamp - t0),
                  (long long)(t1 - t0));
    char c;
    ck_assert_int_eq(fcntl(pipefd[0], F_SETFL, O_NONBLOCK), 0);
    ck_assert_msg(read(pipefd[0], &c, 1) == 0, "the passed descriptor was kept");
    close(pipefd[0]);
    close(sv[0]);
    close(sv[1]);
}
END_TEST

/* The host's queue for a stopped jail (jail_queue.h): packets of many
 * sizes, far more than the channel holds, come out whole, in order and each
 * once while the reader takes them a few at a time; the queue is used
 * again after it emptied; past its cap a send fails with ENOBUFS and
 * nothing is lost. */
START_TEST(jail_queue_keeps_order_past_a_full_channel)
{
    int sv[2];
    ck_assert_int_eq(socketpair(AF_UNIX, SOCK_SEQPACKET, 0, sv), 0);
    jail_queue q = {0};
    uint8_t pkt[300], got[400];
    enum { N = 5000 };
    for (int i = 0; i < N; i++) {
        size_t len = 1 + (size_t)(i * 7 % 300);
        memset(pkt, i & 0xff, len);
        memcpy(pkt, &i, len < sizeof i ? len : sizeof i);
        ck_assert_int_eq(jail_queue_send(&q, sv[0], pkt, len), 0);
    }
    ck_assert(!jail_queue_empty(&q)); /* the channel could not take them all */
    ck_assert_int_eq(jail_queue_flush(&q, sv[0]), 1);
    for (int i = 0; i < N; i++) {
        ssize_t n = recv(sv[1], got, sizeof got, MSG_DONTWAIT);
        if (n < 0) { /* the channel is empty: the queue refills it */
            ck_assert_int_ge(jail_queue_flush(&q, sv[0]), 0);
            n = recv(sv[1], got, sizeof got, MSG_DONTWAIT);
        }
        size_t len = 1 + (size_t)(i * 7 % 300);
        ck_assert_msg(n == (ssize_t)len, "packet %d: %zd bytes, not %zu", i, n, len);
        if (len >= sizeof i) {
            int seq;
            memcpy(&seq, got, sizeof seq);
            ck_assert_int_eq(seq, i);
        }
    }
    ck_assert(jail_queue_empty(&q));
    ck_assert_int_eq(jail_queue_flush(&q, sv[0]), 0);
    ck_assert_int_lt(recv(sv[1], got, sizeof got, MSG_DONTWAIT), 0);
    /* past the cap: ENOBUFS, and what was queued still comes out */
    static uint8_t big[1 << 16];
    int sent = 0, rc;
    while ((rc = jail_queue_send(&q, sv[0], big, sizeof big)) == 0)
        sent++;
    ck_assert_int_eq(errno, ENOBUFS);
    ck_assert_int_ge((long)sent * (long)sizeof big, (long)(JAIL_QUEUE_MAX_BYTES / 2));
    ck_assert_int_le((long)sent * (long)sizeof big, (long)JAIL_QUEUE_MAX_BYTES + (1L << 20));
    jail_queue_free(&q);
    close(sv[0]);
    close(sv[1]);
}
END_TEST

/* One arena at a time in a run's directory: a second lock is refused at once,
 * naming the directory and the holder's pid; once the holder lets go (its
 * descriptor closed, as its death closes it) the lock can be taken again,
 * whatever pid the file still holds. */
/* The memory guard's choice (memguard.h, invariants 3 and 5): the bot with
 * the largest total across its processes, then its largest process; never a
 * process under MEMGUARD_MIN_KB, even when its bot holds the most. */
START_TEST(memory_guard_picks_the_bot_that_holds_most)
{
    const uint64_t mb = 1024;
    memguard_proc p[] = {
        {101, 0, 300 * mb},                                         /* one big honest process */
        {201, 1, 100 * mb}, {202, 1, 120 * mb}, {203, 1, 120 * mb}, /* many smaller ones */
        {301, 2, 5 * mb},
    };
    uint64_t kb = 0;
    int procs = 0;
    ck_assert_int_eq(memguard_pick(p, 5, 3, &kb, &procs), 2); /* 202: ties go to the lower pid */
    ck_assert_uint_eq(kb, 340 * mb);
    ck_assert_int_eq(procs, 3);
    p[0].kb = 400 * mb; /* now the big one holds the most */
    ck_assert_int_eq(memguard_pick(p, 5, 3, &kb, NULL), 0);
    ck_assert_uint_eq(kb, 400 * mb);
    /* a bot that holds the most only in small processes: nothing worth a game */
    memguard_proc small[] = {{11, 0, 20 * mb}, {12, 0, 20 * mb}, {21, 1, 30 * mb}};
    ck_assert_int_eq(memguard_pick(small, 3, 2, NULL, NULL), -1);
    /* equal totals: the bot registered first */
    memguard_proc tie[] = {{31, 1, 64 * mb}, {41, 0, 64 * mb}};
    ck_assert_int_eq(memguard_pick(tie, 2, 2, NULL, NULL), 1);
    ck_assert_int_eq(memguard_pick(NULL, 0, 0, NULL, NULL), -1);
}
END_TEST

/* meminfo.h contract 3: the memory cgroup's directory from the kernel's
 * own texts, on a hybrid v1 machine (the controller in its v1 hierarchy), a
 * v2 one, a container with its own cgroup namespace ("/") and one whose
 * cgroup is bind-mounted as the mount's root; none without a controller. */
START_TEST(memory_cgroup_is_found_as_the_kernel_shows_it)
{
    char dir[256];
    size_t top = 0;
    int v2 = -1;
    const char *hybrid_cg = "9:name=systemd:/\n4:cpu,memory:/process_api/abc\n0::/\n";
    const char *hybrid_mi =
        "25 1 8:1 / / rw - ext4 /dev/vda rw\n"
        "30 25 0:26 / /sys/fs/cgroup/unified rw - cgroup2 cgroup2 rw\n"
        "31 25 0:27 / /sys/fs/cgroup/memory rw,nosuid shared:9 - cgroup cgroup rw,memory,cpu\n";
    ck_assert_int_eq(meminfo_cgroup_dir(hybrid_cg, hybrid_mi, dir, sizeof dir, &top, &v2), 0);
    ck_assert_str_eq(dir, "/sys/fs/cgroup/memory/process_api/abc");
    ck_assert_uint_eq(top, strlen("/sys/fs/cgroup/memory"));
    ck_assert_int_eq(v2, 0);
    const char *v2_mi = "35 24 0:30 / /sys/fs/cgroup rw - cgroup2 cgroup2 rw,nsdelegate\n";
    ck_assert_int_eq(
        meminfo_cgroup_dir("0::/user.slice/s-1.scope\n", v2_mi, dir, sizeof dir, &top, &v2), 0);
    ck_assert_str_eq(dir, "/sys/fs/cgroup/user.slice/s-1.scope");
    ck_assert_uint_eq(top, strlen("/sys/fs/cgroup"));
    ck_assert_int_eq(v2, 1);
    ck_assert_int_eq(meminfo_cgroup_dir("0::/\n", v2_mi, dir, sizeof dir, &top, &v2), 0);
    ck_assert_str_eq(dir, "/sys/fs/cgroup");
    const char *bound_mi = "40 39 0:30 /docker/abc /sys/fs/cgroup ro - cgroup2 cgroup2 rw\n";
    ck_assert_int_eq(
        meminfo_cgroup_dir("0::/docker/abc/inner\n", bound_mi, dir, sizeof dir, &top, &v2), 0);
    ck_assert_str_eq(dir, "/sys/fs/cgroup/inner");
    ck_assert_int_eq(meminfo_cgroup_dir("1:cpu:/\n", hybrid_mi, dir, sizeof dir, &top, &v2), -1);
    ck_assert_int_eq(meminfo_cgroup_dir(NULL, v2_mi, dir, sizeof dir, &top, &v2), -1);
}
END_TEST

/* meminfo.h contract 2: the figures lowered to the tightest limit from the
 * arena's cgroup up to the mount point, never above it; the inactive file
 * pages count as available; "max" is no limit. */
START_TEST(memory_cgroup_limits_lower_the_figures)
{
    char tmp[256], top[300], mid[320], leaf[340];
    support_tmpdir(tmp, sizeof tmp);
    snprintf(top, sizeof top, "%s/cg", tmp);
    snprintf(mid, sizeof mid, "%s/a", top);
    snprintf(leaf, sizeof leaf, "%s/b", mid);
    ck_assert(mkdir(top, 0700) == 0 && mkdir(mid, 0700) == 0 && mkdir(leaf, 0700) == 0);
    support_put_text(tmp, "cg/a/b/memory.max", "max\n");
    support_put_text(tmp, "cg/a/memory.max", "1073741824\n");    /* 1 GiB */
    support_put_text(tmp, "cg/a/memory.current", "536870912\n"); /* 512 MiB in use */
    support_put_text(tmp, "cg/a/memory.stat", "anon 1\ninactive_file 268435456\n");
    support_put_text(tmp, "memory.max", "4096\n"); /* above the mount: not the arena's */
    uint64_t total = 24ULL << 20, avail = 20ULL << 20;
    meminfo_cgroup_lower(leaf, strlen(top), 1, &total, &avail);
    ck_assert_uint_eq(total, 1ULL << 20);
    ck_assert_uint_eq(avail, 768ULL << 10);
    /* v1's names; its "no limit" is a huge number */
    support_put_text(tmp, "cg/a/b/memory.limit_in_bytes", "9223372036854771712\n");
    support_put_text(tmp, "cg/a/memory.limit_in_bytes", "2147483648\n");
    support_put_text(tmp, "cg/a/memory.usage_in_bytes", "2147483648\n");
    support_put_text(tmp, "cg/a/memory.stat", "cache 5\ntotal_inactive_file 1073741824\n");
    total = 24ULL << 20, avail = 20ULL << 20;
    meminfo_cgroup_lower(leaf, strlen(top), 0, &total, &avail);
    ck_assert_uint_eq(total, 2ULL << 20);
    ck_assert_uint_eq(avail, 1ULL << 20);
    /* a limit above the machine's figures changes nothing */
    total = 1ULL << 20, avail = 1ULL << 19;
    meminfo_cgroup_lower(leaf, strlen(top), 0, &total, &avail);
    ck_assert_uint_eq(total, 1ULL << 20);
    ck_assert_uint_eq(avail, 1ULL << 19);
    support_rmrf(tmp);
}
END_TEST

START_TEST(a_run_directory_is_locked_by_one_arena)
{
    char dir[256], err[1024], want[64];
    support_tmpdir(dir, sizeof dir);
    int fd = rundir_lock(dir, err, sizeof err);
    ck_assert_msg(fd >= 0, "%s", err);
    ck_assert_int_eq(rundir_lock(dir, err, sizeof err), -1);
    snprintf(want, sizeof want, "(pid %ld)", (long)getpid());
    ck_assert_msg(strstr(err, dir) && strstr(err, "being played by another arena") &&
                      strstr(err, want),
                  "%s", err);
    close(fd);
    fd = rundir_lock(dir, err, sizeof err);
    ck_assert_msg(fd >= 0, "%s", err);
    close(fd);
    ck_assert_int_eq(rundir_lock("/proc/no-such-dir", err, sizeof err), -1);
    ck_assert_msg(strstr(err, "/proc/no-such-dir: cannot lock it"), "%s", err);
}
END_TEST

/* A run's plan is written unsynced and synced later, by its committer
 * (commit.h): the file is whole and in place at once, and a sync of a file
 * that is not there fails naming it. */
START_TEST(a_plan_written_unsynced_is_whole_and_synced_later)
{
    char dir[256], path[300], tmp[310], err[1024], back[16] = "";
    support_tmpdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/plan.txt", dir);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    ck_assert_msg(
        matchlog_write_bytes_unsynced(path, (const uint8_t *)"format 1\n", 9, err, sizeof err) == 0,
        "%s", err);
    FILE *f = fopen(path, "r");
    ck_assert_ptr_nonnull(f);
    ck_assert_ptr_nonnull(fgets(back, sizeof back, f));
    fclose(f);
    ck_assert_str_eq(back, "format 1\n");
    ck_assert_int_eq(access(tmp, F_OK), -1);
    ck_assert_msg(matchlog_sync_file(path, err, sizeof err) == 0, "%s", err);
    snprintf(path, sizeof path, "%s/no-such-plan.txt", dir);
    ck_assert_int_eq(matchlog_sync_file(path, err, sizeof err), -1);
    ck_assert_msg(strstr(err, path) && strstr(err, "cannot sync it"), "%s", err);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("arena_units");
    TCase *tc = tcase_create("units");
    tcase_add_test(tc, round_robin_pairs_play_both_colours_with_one_seed);
    tcase_add_test(tc, computed_schedule_is_the_enumerated_one);
    tcase_add_test(tc, tables_of_three_rotate_or_permute_seats);
    tcase_add_test(tc, gauntlet_seats_the_first_at_every_table);
    tcase_add_test(tc, tally_splits_a_table_into_pairs);
    tcase_add_test(tc, same_names_get_unique_labels);
    tcase_add_test(tc, bot_text_is_cleaned);
    tcase_add_test(tc, bot_names_are_plain);
    tcase_add_test(tc, bot_help_lines_are_cleaned);
    tcase_add_test(tc, text_copy_cuts_and_terminates);
    tcase_add_test(tc, bot_specs_split_and_canonicalise);
    tcase_add_test(tc, meminfo_reads_a_field_by_its_whole_name);
    tcase_add_test(tc, loader_errors_name_the_file);
    tcase_add_test(tc, sha256_matches_a_known_digest);
    tcase_add_test(tc, outcomes_read_as_sentences);
    tcase_add_test(tc, allocation_never_fails_quietly);
    tcase_add_test(tc, multiplayer_tables_show_games_and_pairs);
    tcase_add_test(tc, time_controls_parse_and_print_back);
    tcase_add_test(tc, channel_reads_stamp_and_drop_descriptors);
    tcase_add_test(tc, jail_queue_keeps_order_past_a_full_channel);
    tcase_add_test(tc, a_run_directory_is_locked_by_one_arena);
    tcase_add_test(tc, memory_guard_picks_the_bot_that_holds_most);
    tcase_add_test(tc, memory_cgroup_is_found_as_the_kernel_shows_it);
    tcase_add_test(tc, memory_cgroup_limits_lower_the_figures);
    tcase_add_test(tc, a_plan_written_unsynced_is_whole_and_synced_later);
    suite_add_tcase(s, tc);
    return support_main(s);
}
