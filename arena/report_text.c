/* report_text.c -- the plain-text rating table, crosstable and LOS matrix,
 * and the grids they are built from (the Markdown writer reuses them). */
#include <math.h>
#include <stdlib.h>

#include "report_internal.h"
#include "xalloc.h"

static int digits(int v)
{
    int d = 1;
    while (v >= 10)
        v /= 10, d++;
    return d;
}

/* Whether the table needs a "Pairs" column beside "Games" (multiplayer). */
int report_has_pairs(const report *r)
{
    if (!r->matches) return 0;
    for (int i = 0; i < r->n; i++)
        if (r->matches[i] != r->fit->entry[i].games) return 1;
    return 0;
}

static void rank_row(report_table *t, int row, const report *r, int i, int dw, int how)
{
    const rating_entry *e = &r->fit->entry[i];
    int c = 4, pairs = report_has_pairs(r);
    char buf[64];
    char *name = report_escape(report_name(r, i), how);
    report_table_printf(t, row, 0, "%d", row);
    report_table_put(t, row, 1, name ? name : "?");
    free(name);
    report_fmt_elo(buf, sizeof buf, e->elo);
    report_table_put(t, row, 2, buf);
    report_fmt_ci(buf, sizeof buf, e->ci95);
    report_table_put(t, row, 3, buf);
    if (pairs) report_table_printf(t, row, c++, "%d", r->matches[i]);
    report_table_printf(t, row, c++, "%d", e->games);
    if (e->games) {
        report_table_printf(t, row, c, "%.1f%%", 100 * e->score);
        report_fmt_elo(buf, sizeof buf, e->oppo);
        report_table_put(t, row, c + 1, buf);
        report_table_printf(t, row, c + 3, "%.1f%%", 100.0 * e->draws / e->games);
    } else {
        report_table_put(t, row, c, "-");
        report_table_put(t, row, c + 1, "-");
        report_table_put(t, row, c + 3, "-");
    }
    report_table_printf(t, row, c + 2, "%*d/%*d/%*d", dw, e->wins, dw, e->draws, dw, e->losses);
}

/* Rank, Name, Elo, ±95, [Games,] Games|Pairs, Score, Oppo (opponents'
 * average rating), W / D / L, Draws; row k is rank k. */
int report_rank_table(report_table *t, const report *r, const int *order, int how)
{
    static const char *head[] = {"Rank",  "Name", "Elo",       "±95",  "Games",
                                 "Score", "Oppo", "W / D / L", "Draws"};
    static const char *head_pairs[] = {"Rank",  "Name",  "Elo",  "±95",       "Games",
                                       "Pairs", "Score", "Oppo", "W / D / L", "Draws"};
    int pairs = report_has_pairs(r), cols = pairs ? 10 : 9, dw = 1;
    if (report_table_init(t, r->n + 1, cols, pairs ? "rlrrrrrrlr" : "rlrrrrrlr") != 0) return -1;
    for (int c = 0; c < cols; c++)
        report_table_put(t, 0, c, pairs ? head_pairs[c] : head[c]);
    for (int i = 0; i < r->n; i++) {
        const rating_entry *e = &r->fit->entry[i];
        int big = e->wins > e->draws ? e->wins : e->draws;
        big = big > e->losses ? big : e->losses;
        if (digits(big) > dw) dw = digits(big);
    }
    for (int k = 0; k < r->n; k++)
        rank_row(t, k + 1, r, order[k], dw, how);
    return 0;
}

/* Percent, but 100 and 0 only for certainty: 99.7 % is not proof. */
static void los_cell(char *buf, size_t len, double los)
{
    long v = lround(100 * los);
    if (v == 100 && los < 1) v = 99;
    if (v == 0 && los > 0) v = 1;
    snprintf(buf, len, "%ld", v);
}

/* "#", "Name", then one column per entrant in rank order. kind 'x' gives
 * the crosstable (points/games), 'l' the LOS in percent. */
int report_matrix_table(report_table *t, const report *r, const int *order, int how, int kind)
{
    int n = r->n;
    char *align = xmalloc((size_t)n + 3);
    if (!align) return -1;
    align[0] = 'r', align[1] = 'l';
    for (int c = 0; c < n; c++)
        align[c + 2] = 'r';
    align[n + 2] = 0;
    if (report_table_init(t, n + 1, n + 2, align) != 0) {
        free(align);
        t->align = NULL;
        return -1;
    }
    report_table_put(t, 0, 0, "#");
    report_table_put(t, 0, 1, "Name");
    for (int k = 0; k < n; k++) {
        int i = order[k];
        char *name = report_escape(report_name(r, i), how), buf[64];
        report_table_printf(t, 0, k + 2, "%d", k + 1);
        report_table_printf(t, k + 1, 0, "%d", k + 1);
        report_table_put(t, k + 1, 1, name ? name : "?");
        free(name);
        for (int c = 0; c < n; c++) {
            int j = order[c];
            if (i == j)
                snprintf(buf, sizeof buf, "-");
            else if (kind == 'l')
                los_cell(buf, sizeof buf, r->fit->los[i * n + j]);
            else if (r->xt_games[i * n + j])
                report_fmt_points(buf, sizeof buf, r->xt_score[i * n + j], r->xt_games[i * n + j]);
            else
                buf[0] = 0;
            report_table_put(t, k + 1, c + 2, buf);
        }
    }
    return 0;
}

const char *report_matrix_caption(int kind)
{
    return kind == 'l' ? "Likelihood of superiority, %: row stronger than column"
                       : "Crosstable: points of the row against the column / games";
}

void report_matrix_free(report_table *t)
{
    free((char *)t->align);
    report_table_free(t);
}

int report_fit_has_draws(const rating_fit *fit)
{
    for (int i = 0; i < fit->n; i++)
        if (fit->entry[i].draws) return 1;
    return 0;
}

void report_model_line(char *buf, size_t len, const rating_fit *fit)
{
    char adv[32], adv_ci[32], draw_ci[32];
    report_fmt_elo(adv, sizeof adv, fit->advantage);
    report_fmt_ci(adv_ci, sizeof adv_ci, fit->advantage_ci95);
    report_fmt_ci(draw_ci, sizeof draw_ci, fit->draw_elo_ci95);
    if (!report_fit_has_draws(fit)) {
        snprintf(buf, len, "First-move advantage: %s ± %s Elo    Draw Elo: - (no draws)", adv,
                 adv_ci);
        return;
    }
    snprintf(buf, len, "First-move advantage: %s ± %s Elo    Draw Elo: %ld ± %s", adv, adv_ci,
             lround(fit->draw_elo), draw_ci);
}

static int *rank_order(const report *r)
{
    int *order = xmalloc((r->n ? (size_t)r->n : 1) * sizeof *order);
    if (order) report_order(r, order);
    return order;
}

void report_print_text(FILE *out, const report *r)
{
    report_table t = {0};
    char line[160];
    int *order = rank_order(r);
    if (!order || !r->fit || report_rank_table(&t, r, order, REPORT_ESC_TEXT) != 0) {
        fputs("(no memory for the rating table)\n", out);
        goto done;
    }
    if (r->title) fprintf(out, "%s\n\n", r->title);
    report_table_print(out, &t);
    report_model_line(line, sizeof line, r->fit);
    fprintf(out, "\n%s\n", line);
    if (r->xt_score && r->xt_games) {
        fputc('\n', out);
        report_print_crosstable(out, r);
    }
done:
    report_table_free(&t);
    free(order);
}

static void print_matrix(FILE *out, const report *r, int kind)
{
    report_table t = {0};
    int *order = rank_order(r);
    if (!order || !r->fit || report_matrix_table(&t, r, order, REPORT_ESC_TEXT, kind) != 0) {
        fputs("(no memory for the table)\n", out);
    } else {
        fprintf(out, "%s\n", report_matrix_caption(kind));
        report_table_print(out, &t);
    }
    report_matrix_free(&t);
    free(order);
}

void report_print_crosstable(FILE *out, const report *r)
{
    if (!r->xt_score || !r->xt_games) return;
    print_matrix(out, r, 'x');
}

void report_print_los(FILE *out, const report *r)
{
    print_matrix(out, r, 'l');
}
