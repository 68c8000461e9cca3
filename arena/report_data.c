/* report_data.c -- the ratings for programs: CSV (RFC 4180) and JSON
 * (RFC 8259), numbers with '.' decimals whatever the locale, lists and
 * matrices in rank order. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "csvw.h"
#include "jsonw.h"
#include "report_internal.h"
#include "xalloc.h"

void report_print_csv_header(FILE *out, int with_pool)
{
    fprintf(out, "%srank,name,elo,ci95,games,pairs,score,wins,draws,losses,draws_pct,oppo\n",
            with_pool ? "pool," : "");
}

void report_print_csv(FILE *out, const report *r)
{
    report_print_csv_header(out, 0);
    report_print_csv_rows(out, r, NULL);
}

void report_print_csv_rows(FILE *out, const report *r, const char *pool)
{
    int *order = xmalloc((r->n ? (size_t)r->n : 1) * sizeof *order);
    if (!order || !r->fit) {
        free(order);
        return;
    }
    report_order(r, order);
    for (int k = 0; k < r->n; k++) {
        const rating_entry *e = &r->fit->entry[order[k]];
        char elo[48], ci[48] = "", score[48], draws[48], oppo[48] = "";
        if (isfinite(e->oppo)) report_fmt_num(oppo, sizeof oppo, 1, e->oppo);
        report_fmt_num(elo, sizeof elo, 1, e->elo);
        if (isfinite(e->ci95)) report_fmt_num(ci, sizeof ci, 1, e->ci95);
        report_fmt_num(score, sizeof score, 4, e->score);
        report_fmt_num(draws, sizeof draws, 1, e->games ? 100.0 * e->draws / e->games : 0);
        if (pool) {
            csvw_field(out, pool);
            fputc(',', out);
        }
        fprintf(out, "%d,", k + 1);
        csvw_field(out, report_name(r, order[k]));
        fprintf(out, ",%s,%s,%d,%d,%s,%d,%d,%d,%s,%s\n", elo, ci,
                r->matches ? r->matches[order[k]] : e->games, e->games, score, e->wins, e->draws,
                e->losses, draws, oppo);
    }
    free(order);
}

static void json_entrant(FILE *out, const report *r, int rank, int i)
{
    const rating_entry *e = &r->fit->entry[i];
    fprintf(out, "    {\"rank\": %d, \"name\": ", rank);
    jsonw_str(out, report_name(r, i));
    fputs(", \"elo\": ", out);
    jsonw_num(out, 2, e->elo);
    fputs(", \"ci95\": ", out);
    jsonw_num(out, 2, e->ci95);
    fprintf(out,
            ", \"games\": %d, \"pairs\": %d, \"wins\": %d, \"draws\": %d, \"losses\": %d, "
            "\"score\": ",
            r->matches ? r->matches[i] : e->games, e->games, e->wins, e->draws, e->losses);
    jsonw_num(out, 6, e->score);
    fputs(", \"draws_pct\": ", out);
    jsonw_num(out, 2, e->games ? 100.0 * e->draws / e->games : 0);
    fputs(", \"oppo\": ", out);
    jsonw_num(out, 2, e->oppo);
    fputc('}', out);
}

/* One matrix row per line, `ind` spaces deep; v(i, j) takes input indices
 * and is printed in rank order. */
static void json_matrix(FILE *out, const report *r, const int *order, int ind, const char *key,
                        double (*v)(const report *, int, int), int decimals)
{
    fprintf(out, "%*s\"%s\": [", ind, "", key);
    for (int k = 0; k < r->n; k++) {
        fprintf(out, "%s\n%*s[", k ? "," : "", ind + 2, "");
        for (int c = 0; c < r->n; c++) {
            if (c) fputs(", ", out);
            jsonw_num(out, decimals, v(r, order[k], order[c]));
        }
        fputc(']', out);
    }
    if (r->n) fprintf(out, "\n%*s", ind, "");
    fputc(']', out);
}

static double xt_score(const report *r, int i, int j)
{
    return r->xt_score[i * r->n + j];
}

static double xt_games(const report *r, int i, int j)
{
    return r->xt_games[i * r->n + j];
}

static double los(const report *r, int i, int j)
{
    return r->fit->los[i * r->n + j];
}

static void json_crosstable(FILE *out, const report *r, const int *order)
{
    if (!r->xt_score || !r->xt_games) {
        fputs("  \"crosstable\": null,\n", out);
        return;
    }
    fputs("  \"crosstable\": {\n    \"names\": [", out);
    for (int k = 0; k < r->n; k++) {
        if (k) fputs(", ", out);
        jsonw_str(out, report_name(r, order[k]));
    }
    fputs("],\n", out);
    json_matrix(out, r, order, 4, "score", xt_score, 1);
    fputs(",\n", out);
    json_matrix(out, r, order, 4, "games", xt_games, 0);
    fputs("\n  },\n", out);
}

void report_print_json_pools(FILE *out, const char *game, const report *const *r, int n)
{
    fputs("{\"game\": ", out);
    jsonw_str(out, game);
    fputs(",\n\"pools\": [", out);
    for (int i = 0; i < n; i++) {
        fputs(i ? ",\n" : "\n", out);
        report_print_json(out, r[i]);
    }
    fputs("]}\n", out);
}

void report_print_json(FILE *out, const report *r)
{
    int *order = xmalloc((r->n ? (size_t)r->n : 1) * sizeof *order);
    if (!order || !r->fit) {
        free(order);
        return;
    }
    report_order(r, order);
    fputs("{\n  \"title\": ", out);
    if (r->title)
        jsonw_str(out, r->title);
    else
        fputs("null", out);
    int draws = report_fit_has_draws(r->fit); /* else null: the prior's band alone */
    const double head[] = {r->fit->advantage, r->fit->advantage_ci95,
                           draws ? r->fit->draw_elo : NAN, draws ? r->fit->draw_elo_ci95 : NAN};
    const char *key[] = {"advantage", "advantage_ci95", "draw_elo", "draw_elo_ci95"};
    for (int k = 0; k < 4; k++) {
        fprintf(out, ",\n  \"%s\": ", key[k]);
        jsonw_num(out, 2, head[k]);
    }
    fputs(",\n  \"entrants\": [", out);
    for (int k = 0; k < r->n; k++) {
        fputs(k ? ",\n" : "\n", out);
        json_entrant(out, r, k + 1, order[k]);
    }
    fputs(r->n ? "\n  ],\n" : "],\n", out);
    json_crosstable(out, r, order);
    json_matrix(out, r, order, 2, "los", los, 6);
    fputs("\n}\n", out);
    free(order);
}
