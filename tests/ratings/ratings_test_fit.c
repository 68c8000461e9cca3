/* ratings_test_fit.c -- known answers for ratings_fit: closed forms, a brute
 * force maximisation written independently here, symmetries, limits, LOS. */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ratings.h"
#include "ratings_test_util.h"
#include "tally.h"

/* Two entrants, no draws, colours balanced: the maximum-likelihood difference
 * is the logit of the score, 400 log10(p / (1 - p)); with 100000 games the
 * prior's 4 virtual draws move it by far less than 0.5 Elo.
 * Its standard error has a closed form too: the difference D is the logistic
 * regression's one coefficient on the scale k = 400 / ln 10, whose Fisher
 * information over n games is n p (1 - p) / k^2, so sd(D) = k / sqrt(n p (1 - p)).
 * Centred ratings are +D/2 and -D/2: each one's ±95 is 1.96 sd(D) / 2. The
 * fit's also carries the prior and the free advantage and draw width, which
 * here move it by under 0.2 %. */
static void check_logit(int wins, int losses)
{
    game_list l = {0};
    rating_fit f;
    gl_match(&l, 0, 1, wins, 0, losses);
    fit_ok(2, &l, &f);
    double p = (double)wins / (wins + losses), want = 400 * log10(p / (1 - p));
    double got = f.entry[0].elo - f.entry[1].elo;
    ck_assert_msg(fabs(got - want) < 0.5, "difference %.3f, logit %.3f", got, want);
    int n = wins + losses;
    double sd = 400 / log(10) / sqrt(n * p * (1 - p)), ci = 1.96 * sd / 2;
    for (int i = 0; i < 2; i++)
        ck_assert_msg(fabs(f.entry[i].ci95 / ci - 1) < 0.002,
                      "entrant %d: ±%.4f, closed form ±%.4f", i, f.entry[i].ci95, ci);
    ck_assert_double_eq_tol(f.entry[0].elo + f.entry[1].elo, 0, 1e-9);
    ck_assert_double_eq_tol(f.advantage, 0, 1e-6);
    ck_assert(f.draw_elo >= 0 && f.draw_elo < 1); /* no draws: the band closes */
    ratings_free(&f);
    gl_free(&l);
}

START_TEST(test_logit_60_40)
{
    check_logit(60000, 40000);
}
END_TEST

START_TEST(test_logit_75_25)
{
    check_logit(75000, 25000);
}
END_TEST

/* ---- an independent maximisation of the same posterior (ratings.h) ---- */

static double bf_f(double x)
{
    return 1 / (1 + pow(10, -x / 400));
}

static double bf_logp(double x, double d, double s)
{
    double w = bf_f(x - d), l = bf_f(-x - d);
    return s == 1 ? log(w) : s == 0 ? log(l) : log(1 - w - l);
}

/* Two entrants; p = {difference, sum, adv, drawelo}. */
static double bf_logpost(const game_list *gl, const double *p)
{
    double r[2] = {(p[1] + p[0]) / 2, (p[1] - p[0]) / 2}, adv = p[2], d = p[3], sum = 0;
    if (d <= 0) return -INFINITY;
    for (size_t i = 0; i < gl->n; i++)
        sum += bf_logp(r[gl->g[i].a] - r[gl->g[i].b] + adv, d, gl->g[i].score);
    for (int i = 0; i < 2; i++) /* 2 virtual draws, one per colour */
        sum += bf_logp(r[i] + adv, d, 0.5) + bf_logp(-r[i] + adv, d, 0.5);
    return sum + bf_logp(adv, d, 1) + bf_logp(adv, d, 0);
}

/* Golden-section search on coordinate k within [lo, hi] (the posterior is
 * concave, so unimodal along any line). */
static void golden(const game_list *gl, double *p, int k, double lo, double hi)
{
    const double g = (sqrt(5) - 1) / 2;
    double a = lo, b = hi;
    while (b - a > 1e-6) {
        double c = b - g * (b - a), e = a + g * (b - a), vc, ve;
        p[k] = c, vc = bf_logpost(gl, p);
        p[k] = e, ve = bf_logpost(gl, p);
        if (vc > ve)
            b = e;
        else
            a = c;
    }
    p[k] = (a + b) / 2;
}

static void brute_force(const game_list *gl, double *p)
{
    const double lo[4] = {-1500, -1500, -800, 1e-3}, hi[4] = {1500, 1500, 800, 1500};
    p[0] = p[1] = p[2] = 0, p[3] = 100;
    /* golden section resolves ~1e-4 Elo on this flat top; stop at 1e-4 per sweep */
    for (int sweep = 0; sweep < 20000; sweep++) {
        double moved = 0;
        for (int k = 0; k < 4; k++) {
            double before = p[k];
            golden(gl, p, k, lo[k], hi[k]);
            moved = fmax(moved, fabs(p[k] - before));
        }
        if (moved < 1e-4) break;
    }
}

START_TEST(test_brute_force)
{
    game_list l = {0};
    rating_fit f;
    double p[4];
    /* 0 moving first: 9 wins 4 draws 3 losses; 0 second: 5 wins 4 draws 6 losses */
    for (int i = 0; i < 16; i++)
        gl_add(&l, 0, 1, i < 9 ? 1 : i < 13 ? 0.5 : 0);
    for (int i = 0; i < 15; i++)
        gl_add(&l, 1, 0, i < 5 ? 0 : i < 9 ? 0.5 : 1);
    fit_ok(2, &l, &f);
    brute_force(&l, p);
    double diff = f.entry[0].elo - f.entry[1].elo;
    ck_assert_msg(fabs(diff - p[0]) < 0.01, "fit %.3f brute force %.3f", diff, p[0]);
    ck_assert_msg(fabs(f.advantage - p[2]) < 0.01, "adv %.3f vs %.3f", f.advantage, p[2]);
    ck_assert_msg(fabs(f.draw_elo - p[3]) < 0.01, "drawelo %.3f vs %.3f", f.draw_elo, p[3]);
    ck_assert(f.advantage > 10); /* the data favour the first mover */
    ratings_free(&f);
    gl_free(&l);
}
END_TEST

/* A small deterministic generator for unbalanced data. */
static unsigned lcg(unsigned *s)
{
    *s = *s * 1103515245u + 12345u;
    return (*s >> 16) & 0x7fff;
}

static void random_games(game_list *l, int n, int count, unsigned seed)
{
    for (int i = 0; i < count; i++) {
        int a = (int)(lcg(&seed) % (unsigned)n), b = (int)(lcg(&seed) % (unsigned)(n - 1));
        b += b >= a;
        unsigned r = lcg(&seed) % 100;
        /* lower indices stronger, and moving first helps */
        int edge = (b - a) * 8 + 10;
        gl_add(l, a, b, r < 35u + (unsigned)edge ? 1 : r < 60u + (unsigned)edge ? 0.5 : 0);
    }
}

START_TEST(test_colour_swap)
{
    game_list l = {0}, s = {0};
    rating_fit f, g;
    random_games(&l, 4, 300, 7);
    for (size_t i = 0; i < l.n; i++)
        gl_add(&s, l.g[i].b, l.g[i].a, 1 - l.g[i].score);
    fit_ok(4, &l, &f);
    fit_ok(4, &s, &g);
    ck_assert(fabs(f.advantage) > 5);
    ck_assert_double_eq_tol(g.advantage, -f.advantage, 1e-6);
    ck_assert_double_eq_tol(g.draw_elo, f.draw_elo, 1e-6);
    for (int i = 0; i < 4; i++) {
        ck_assert_double_eq_tol(g.entry[i].elo, f.entry[i].elo, 1e-6);
        ck_assert_double_eq_tol(g.entry[i].ci95, f.entry[i].ci95, 1e-6);
    }
    ratings_free(&f), ratings_free(&g);
    gl_free(&l), gl_free(&s);
}
END_TEST

START_TEST(test_relabel)
{
    const int perm[5] = {3, 0, 4, 1, 2};
    game_list l = {0}, p = {0};
    rating_fit f, g;
    random_games(&l, 5, 400, 11);
    for (size_t i = 0; i < l.n; i++)
        gl_add(&p, perm[l.g[i].a], perm[l.g[i].b], l.g[i].score);
    fit_ok(5, &l, &f);
    fit_ok(5, &p, &g);
    ck_assert_double_eq_tol(g.advantage, f.advantage, 1e-6);
    for (int i = 0; i < 5; i++) {
        const rating_entry *a = &f.entry[i], *b = &g.entry[perm[i]];
        ck_assert_double_eq_tol(a->elo, b->elo, 1e-6);
        ck_assert_double_eq_tol(a->ci95, b->ci95, 1e-6);
        ck_assert_int_eq(a->games, b->games);
        ck_assert_int_eq(a->wins, b->wins);
        ck_assert_int_eq(a->draws, b->draws);
        for (int j = 0; j < 5; j++)
            ck_assert_double_eq_tol(f.los[i * 5 + j], g.los[perm[i] * 5 + perm[j]], 1e-9);
    }
    ratings_free(&f), ratings_free(&g);
    gl_free(&l), gl_free(&p);
}
END_TEST

START_TEST(test_draws_only)
{
    game_list l = {0};
    rating_fit f;
    gl_match(&l, 0, 1, 0, 100, 0);
    fit_ok(2, &l, &f);
    ck_assert_double_eq_tol(f.entry[0].elo, 0, 1e-6);
    ck_assert_double_eq_tol(f.entry[1].elo, 0, 1e-6);
    ck_assert_double_eq_tol(f.advantage, 0, 1e-6);
    /* 104 draws and the prior's 2 decisive games: f(-d) ~ 1/106, d ~ 800 */
    ck_assert_msg(isfinite(f.draw_elo) && f.draw_elo > 500, "draw_elo %g", f.draw_elo);
    ck_assert_double_eq_tol(f.los[1], 0.5, 1e-9);
    ck_assert_int_eq(f.entry[0].draws, 100);
    ck_assert_double_eq_tol(f.entry[0].score, 0.5, 1e-12);
    ratings_free(&f);
    gl_free(&l);
}
END_TEST

START_TEST(test_perfect_score)
{
    game_list l = {0}, m = {0};
    rating_fit f, g;
    gl_match(&l, 0, 1, 20, 0, 0);
    gl_match(&m, 0, 1, 15, 0, 5);
    fit_ok(2, &l, &f);
    fit_ok(2, &m, &g);
    double diff = f.entry[0].elo - f.entry[1].elo;
    ck_assert_msg(isfinite(diff) && diff > 300 && diff < 2000, "perfect score: %g", diff);
    ck_assert(isfinite(f.entry[0].ci95));
    /* less information in a whitewash than in a 15-5 at the same size */
    ck_assert_msg(f.entry[0].ci95 > g.entry[0].ci95, "%g vs %g", f.entry[0].ci95, g.entry[0].ci95);
    ck_assert(f.los[0 * 2 + 1] > 0.99);
    ck_assert_double_eq_tol(f.entry[0].score, 1, 1e-12);
    ratings_free(&f), ratings_free(&g);
    gl_free(&l), gl_free(&m);
}
END_TEST

/* A > B > C: A beats B 14-6, B beats C 14-6, A beats C 17-3 (with draws). */
static void transitive(game_list *l, int times)
{
    gl_match(l, 0, 1, 12 * times, 4 * times, 4 * times);
    gl_match(l, 1, 2, 12 * times, 4 * times, 4 * times);
    gl_match(l, 0, 2, 16 * times, 2 * times, 2 * times);
}

START_TEST(test_transitive)
{
    game_list l = {0}, big = {0};
    rating_fit f, g;
    transitive(&l, 1);
    transitive(&big, 4);
    fit_ok(3, &l, &f);
    fit_ok(3, &big, &g);
    ck_assert(f.entry[0].elo > f.entry[1].elo && f.entry[1].elo > f.entry[2].elo);
    ck_assert_double_eq_tol(f.entry[0].elo + f.entry[1].elo + f.entry[2].elo, 0, 1e-9);
    /* B scored 50 % against the field but played the middle: near 0 */
    ck_assert(fabs(f.entry[1].elo) < 30);
    ck_assert_int_eq(f.entry[0].games, 40);
    ck_assert_int_eq(f.entry[0].wins, 28);
    ck_assert_int_eq(f.entry[0].draws, 6);
    ck_assert_int_eq(f.entry[0].losses, 6);
    ck_assert_double_eq_tol(f.entry[0].score, 31.0 / 40, 1e-12);
    for (int i = 0; i < 3; i++) {
        double ratio = g.entry[i].ci95 / f.entry[i].ci95;
        ck_assert_msg(ratio > 0.42 && ratio < 0.58, "entrant %d: ratio %g", i, ratio);
        ck_assert(fabs(g.entry[i].elo - f.entry[i].elo) < 15);
    }
    ck_assert(g.entry[0].elo > g.entry[1].elo && g.entry[1].elo > g.entry[2].elo);
    ratings_free(&f), ratings_free(&g);
    gl_free(&l), gl_free(&big);
}
END_TEST

START_TEST(test_los)
{
    game_list same = {0}, lop = {0};
    rating_fit f, g;
    /* A and B have identical records against C and draw each other */
    gl_match(&same, 0, 2, 12, 4, 4);
    gl_match(&same, 1, 2, 12, 4, 4);
    gl_match(&same, 0, 1, 0, 10, 0);
    fit_ok(3, &same, &f);
    ck_assert_double_eq_tol(f.los[0 * 3 + 1], 0.5, 1e-6);
    ck_assert_double_eq_tol(f.los[1 * 3 + 0], 0.5, 1e-6);
    ck_assert(f.los[0 * 3 + 2] > 0.9);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            if (i != j) ck_assert_double_eq_tol(f.los[i * 3 + j] + f.los[j * 3 + i], 1, 1e-9);
    /* 200 games, 130 to 70 */
    gl_match(&lop, 0, 1, 110, 40, 50);
    fit_ok(2, &lop, &g);
    ck_assert_msg(g.los[0 * 2 + 1] > 0.99, "LOS %g", g.los[1]);
    ck_assert(g.los[1 * 2 + 0] < 0.01);
    ratings_free(&f), ratings_free(&g);
    gl_free(&same), gl_free(&lop);
}
END_TEST

START_TEST(test_no_games)
{
    game_list l = {0};
    rating_fit f;
    gl_match(&l, 0, 2, 6, 2, 2);
    fit_ok(4, &l, &f);
    for (int i = 1; i < 4; i += 2) {
        ck_assert_double_eq(f.entry[i].elo, 0);
        ck_assert(isinf(f.entry[i].ci95));
        ck_assert_int_eq(f.entry[i].games, 0);
        ck_assert_double_eq(f.entry[i].score, 0);
        for (int j = 0; j < 4; j++)
            ck_assert_double_eq(f.los[i * 4 + j], 0.5);
    }
    ck_assert_double_eq_tol(f.entry[0].elo + f.entry[2].elo, 0, 1e-9);
    ck_assert(f.entry[0].elo > 0 && isfinite(f.entry[0].ci95));
    ratings_free(&f);

    ck_assert_int_eq(ratings_fit(3, NULL, 0, &f, NULL, 0), 0);
    ck_assert(isinf(f.entry[2].ci95) && f.entry[2].elo == 0 && f.advantage == 0);
    ratings_free(&f);
    ck_assert_int_eq(ratings_fit(0, NULL, 0, &f, NULL, 0), 0);
    ratings_free(&f);
    gl_free(&l);
}
END_TEST

static void expect_error(int n, rating_game g, const char *needle)
{
    rating_fit f;
    char err[200] = "";
    ck_assert_int_eq(ratings_fit(n, &g, 1, &f, err, sizeof err), -1);
    ck_assert_msg(strstr(err, needle), "error '%s' lacks '%s'", err, needle);
    ck_assert_ptr_null(strchr(err, '\n'));
    ck_assert_ptr_null(f.entry);
    ratings_free(&f); /* harmless on a failed fit */
}

START_TEST(test_bad_input)
{
    expect_error(2, (rating_game){0, 2, 1, 0, 1}, "entrant 2 out of range");
    expect_error(2, (rating_game){-1, 1, 1, 0, 1}, "entrant -1 out of range");
    expect_error(2, (rating_game){1, 1, 1, 0, 1}, "plays itself");
    expect_error(2, (rating_game){0, 1, 0.3, 0, 1}, "score 0.3");
    expect_error(2, (rating_game){0, 1, NAN, 0, 1}, "score");
    expect_error(-1, (rating_game){0, 1, 1, 0, 1}, "negative");
    expect_error(2, (rating_game){0, 1, 1, 0, 0}, "count 0");
    expect_error(2, (rating_game){0, 1, 1, 7, 2}, "count 2"); /* a table's result is one */
    char err[200];
    ck_assert_int_eq(ratings_fit(2, NULL, 3, &(rating_fit){0}, err, sizeof err), -1);
    ck_assert_int_eq(ratings_fit(2, &(rating_game){0, 1, 1, 0, 1}, 1, NULL, NULL, 0), -1);
}
END_TEST

START_TEST(test_probabilities)
{
    double w, d, l;
    ratings_probabilities(0, 0, 0, &w, &d, &l);
    ck_assert_double_eq_tol(w, 0.5, 1e-12);
    ck_assert_double_eq_tol(d, 0, 1e-12);
    ratings_probabilities(100, 30, 120, &w, &d, &l);
    ck_assert_double_eq_tol(w, 1 / (1 + pow(10, -10.0 / 400)), 1e-12);
    ck_assert_double_eq_tol(l, 1 / (1 + pow(10, 250.0 / 400)), 1e-12);
    ck_assert_double_eq_tol(w + d + l, 1, 1e-12);
    ratings_probabilities(0, 0, 200, NULL, &d, NULL);
    ck_assert(d > 0.5);
}
END_TEST

START_TEST(test_crosstable)
{
    game_list l = {0};
    double score[9];
    int count[9];
    gl_match(&l, 0, 1, 3, 2, 1);
    gl_add(&l, 2, 0, 0.5);
    ck_assert_int_eq(ratings_crosstable(3, l.g, l.n, score, count, NULL, 0), 0);
    ck_assert_double_eq(score[0 * 3 + 1], 4);
    ck_assert_double_eq(score[1 * 3 + 0], 2);
    ck_assert_int_eq(count[0 * 3 + 1], 6);
    ck_assert_int_eq(count[1 * 3 + 0], 6);
    ck_assert_double_eq(score[2 * 3 + 0], 0.5);
    ck_assert_int_eq(count[0 * 3 + 2], 1);
    ck_assert_int_eq(count[1 * 3 + 2], 0);
    gl_free(&l);
}
END_TEST

/* Groups: players linked by a chain of games are one group, numbered by
 * first player; a pool of two tournaments with no player in common is two,
 * and one game between them makes it one. A player without games is a group
 * of its own. */
START_TEST(test_groups)
{
    rating_game g[] = {
        {3, 4, 1, 0, 1}, {0, 1, 0.5, 0, 1}, {1, 0, 1, 0, 1}, {4, 3, 0, 0, 1}, {1, 3, 1, 0, 1}};
    int group[6];
    const int want4[6] = {0, 0, 1, 2, 2, 3}; /* {0,1} {2} {3,4} {5} */
    ck_assert_int_eq(ratings_groups(6, g, 4, group), 4);
    for (int i = 0; i < 6; i++)
        ck_assert_int_eq(group[i], want4[i]);
    ck_assert_int_eq(ratings_groups(5, g, 5, group), 2); /* 1-3 joins {0,1} and {3,4} */
    const int want2[5] = {0, 0, 1, 0, 0};
    for (int i = 0; i < 5; i++)
        ck_assert_int_eq(group[i], want2[i]);
    ck_assert_int_eq(ratings_groups(0, g, 0, group), 0);
}
END_TEST

/* The same results one by one, and counted (tally_push) in any order, give
 * the same fit to the last bit: every figure depends on the counts only. */
static void expect_same_fit(const rating_fit *x, const rating_fit *y)
{
    ck_assert_int_eq(x->n, y->n);
    for (int i = 0; i < x->n; i++) {
        const rating_entry *a = &x->entry[i], *b = &y->entry[i];
        ck_assert(a->elo == b->elo && a->ci95 == b->ci95 && a->oppo == b->oppo);
        ck_assert(a->games == b->games && a->wins == b->wins && a->draws == b->draws &&
                  a->losses == b->losses && a->score == b->score);
    }
    ck_assert(memcmp(x->los, y->los, (size_t)x->n * x->n * sizeof *x->los) == 0);
    ck_assert(memcmp(x->cov, y->cov, (size_t)x->n * x->n * sizeof *x->cov) == 0);
    ck_assert(x->advantage == y->advantage && x->draw_elo == y->draw_elo);
    ck_assert(x->advantage_ci95 == y->advantage_ci95 && x->draw_elo_ci95 == y->draw_elo_ci95);
}

START_TEST(test_counted_results)
{
    enum { N = 5, GAMES = 3000 };
    const double score[3] = {0, 0.5, 1};
    game_list l = {0};
    srand(11);
    for (int k = 0; k < GAMES; k++) {
        int a = rand() % N, b = (a + 1 + rand() % (N - 1)) % N;
        gl_add(&l, a, b, score[(rand() % 3 + (a < b)) % 3]); /* lower entrants score more */
    }
    rating_game *counted = NULL;
    size_t nc = 0, cap = 0;
    tally_index ix = {0};
    for (size_t k = 0; k < l.n; k++)
        tally_push(&counted, &nc, &cap, &ix, l.g[k].a, l.g[k].b, l.g[k].score, 0, 1);
    ck_assert_uint_le(nc, N * (N - 1) * 3); /* one entry per (a, b, score) */
    uint32_t total = 0;
    for (size_t k = 0; k < nc; k++)
        total += counted[k].count;
    ck_assert_uint_eq(total, GAMES);
    rating_fit one, many, shuffled;
    fit_ok(N, &l, &one);
    game_list cl = {counted, nc, cap};
    fit_ok(N, &cl, &many);
    expect_same_fit(&one, &many);
    for (size_t k = nc - 1; k > 0; k--) { /* another order */
        size_t j = (size_t)rand() % (k + 1);
        rating_game t = counted[k];
        counted[k] = counted[j], counted[j] = t;
    }
    fit_ok(N, &cl, &shuffled);
    expect_same_fit(&one, &shuffled);
    double s1[N * N], s2[N * N];
    int c1[N * N], c2[N * N];
    ck_assert_int_eq(ratings_crosstable(N, l.g, l.n, s1, c1, NULL, 0), 0);
    ck_assert_int_eq(ratings_crosstable(N, counted, nc, s2, c2, NULL, 0), 0);
    ck_assert(memcmp(s1, s2, sizeof s1) == 0 && memcmp(c1, c2, sizeof c1) == 0);
    /* a table's results are kept one by one, in order */
    size_t before = nc;
    tally_push(&counted, &nc, &cap, &ix, 0, 1, 1, 9, 1);
    tally_push(&counted, &nc, &cap, &ix, 0, 1, 1, 9, 1);
    ck_assert_uint_eq(nc, before + 2);
    ck_assert_uint_eq(counted[nc - 1].table, 9);
    ratings_free(&one), ratings_free(&many), ratings_free(&shuffled);
    tally_index_free(&ix);
    free(counted);
    gl_free(&l);
}
END_TEST

TCase *ratings_fit_tcase(void)
{
    TCase *tc = tcase_create("fit");
    tcase_set_timeout(tc, 300); /* ASan on a loaded machine needs it */
    tcase_add_test(tc, test_logit_60_40);
    tcase_add_test(tc, test_logit_75_25);
    tcase_add_test(tc, test_brute_force);
    tcase_add_test(tc, test_colour_swap);
    tcase_add_test(tc, test_relabel);
    tcase_add_test(tc, test_draws_only);
    tcase_add_test(tc, test_perfect_score);
    tcase_add_test(tc, test_transitive);
    tcase_add_test(tc, test_los);
    tcase_add_test(tc, test_groups);
    tcase_add_test(tc, test_no_games);
    tcase_add_test(tc, test_bad_input);
    tcase_add_test(tc, test_probabilities);
    tcase_add_test(tc, test_crosstable);
    tcase_add_test(tc, test_counted_results);
    return tc;
}
