/* ratings_history.c -- `arena ratings --history BOT`: one player's rating in
 * each snapshot of its pool (taken after every tournament and SPRT), as text,
 * Markdown, CSV or JSON. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ratings_history.h"
#include "csvw.h"
#include "jsonw.h"
#include "report_internal.h"
#include "store_sprt.h"

/* The player labelled `bot` in one pool. Labels that only begin with the
 * name (label.h: name@version, name[options], name#2) are added to alts,
 * comma-separated, for the error that names what to give instead. */
static int find_player(store *db, const char *game, const char *options, const char *bot,
                       int64_t *bot_id, int *copy, int *pairs, char *alts, size_t altlen, char *err,
                       size_t errlen)
{
    pool_data pd;
    if (store_pool_load(db, game, options, &pd, err, errlen)) return -1;
    int found = 0;
    size_t n = strlen(bot);
    for (int i = 0; i < pd.n_bots && !found; i++) {
        const char *label = pd.bots[i].label;
        if (strcmp(label, bot) == 0) {
            *bot_id = pd.bots[i].bot_id;
            *copy = pd.bots[i].copy;
            found = 1;
            /* a snapshot counts pairwise results: at tables of more seats
             * than two they are not the games (tables) the rating table shows */
            size_t results = 0;
            for (size_t g = 0; g < pd.n_games; g++)
                results += pd.games[g].a == i || pd.games[g].b == i ? pd.games[g].count : 0;
            *pairs = results != (size_t)pd.matches[i];
        } else if (strncmp(label, bot, n) == 0 && strchr("@[#", label[n]) && !strstr(alts, label)) {
            size_t used = strlen(alts);
            snprintf(alts + used, altlen - used, "%s%s", used ? ", " : "", label);
        }
    }
    store_pool_free(&pd);
    return found;
}

static void print_text(FILE *out, const char *title, const store_history_row *h, size_t n, int md,
                       int pairs)
{
    report_table t = {0};
    if (report_table_init(&t, (int)n + 1, 6, "rllrrr") != 0) return;
    const char *head[] = {"#",   "Tournament", "Recorded (UTC)",
                          "Elo", "±95",        pairs ? "Pairs" : "Games"};
    for (int c = 0; c < 6; c++)
        report_table_put(&t, 0, c, head[c]);
    for (size_t i = 0; i < n; i++) {
        char buf[64];
        int row = (int)i + 1;
        report_table_printf(&t, row, 0, "%d", row);
        char *dir =
            report_escape(h[i].dir[0] ? h[i].dir : "-", md ? REPORT_ESC_MD : REPORT_ESC_TEXT);
        report_table_put(&t, row, 1, dir ? dir : "?");
        free(dir);
        report_table_printf(&t, row, 2, "%.19s", h[i].recorded);
        report_fmt_elo(buf, sizeof buf, h[i].elo);
        report_table_put(&t, row, 3, buf);
        report_fmt_ci(buf, sizeof buf, h[i].ci95);
        report_table_put(&t, row, 4, buf);
        report_table_printf(&t, row, 5, "%d", h[i].games);
    }
    fprintf(out, md ? "### %s\n\n" : "%s\n\n", title);
    if (md)
        report_table_print_md(out, &t);
    else
        report_table_print(out, &t);
    report_table_free(&t);
}

static void print_csv_rows(FILE *out, const char *options, const char *bot,
                           const store_history_row *h, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char elo[48], ci[48] = "";
        report_fmt_num(elo, sizeof elo, 1, h[i].elo);
        if (isfinite(h[i].ci95)) report_fmt_num(ci, sizeof ci, 1, h[i].ci95);
        csvw_field(out, options);
        fputc(',', out);
        csvw_field(out, bot);
        fprintf(out, ",%zu,", i + 1);
        csvw_field(out, h[i].dir);
        fprintf(out, ",%s,%s,%s,%d\n", h[i].recorded, elo, ci, h[i].games);
    }
}

static void print_json_pool(FILE *out, const char *options, const store_history_row *h, size_t n)
{
    fputs("  {\"pool\": ", out);
    jsonw_str(out, options);
    fputs(", \"history\": [", out);
    for (size_t i = 0; i < n; i++) {
        char elo[48], ci[48] = "null";
        report_fmt_num(elo, sizeof elo, 2, h[i].elo);
        if (isfinite(h[i].ci95)) report_fmt_num(ci, sizeof ci, 2, h[i].ci95);
        fprintf(out, "%s\n    {\"tournament\": ", i ? "," : "");
        jsonw_str(out, h[i].dir);
        fputs(", \"recorded\": ", out);
        jsonw_str(out, h[i].recorded);
        fprintf(out, ", \"elo\": %s, \"ci95\": %s, \"games\": %d}", elo, ci, h[i].games);
    }
    fputs(n ? "\n  ]}" : "]}", out);
}

/* One pool's rows, loaded before anything is printed. */
typedef struct pool_history {
    const char *options;
    store_history_row *rows;
    size_t n;
    int pairs; /* the counts are pairwise results, not games (tables of 3+ seats) */
} pool_history;

static void print_all(const char *game, const char *bot, const pool_history *ph, size_t n,
                      const char *format)
{
    int csv = strcmp(format, "csv") == 0, json = strcmp(format, "json") == 0;
    if (csv) fputs("pool,name,snapshot,tournament,recorded,elo,ci95,games\n", stdout);
    if (json) {
        fputs("{\"game\": ", stdout);
        jsonw_str(stdout, game);
        fputs(", \"name\": ", stdout);
        jsonw_str(stdout, bot);
        fputs(",\n\"pools\": [\n", stdout);
    }
    for (size_t p = 0; p < n; p++) {
        if (csv)
            print_csv_rows(stdout, ph[p].options, bot, ph[p].rows, ph[p].n);
        else if (json) {
            if (p) fputs(",\n", stdout);
            print_json_pool(stdout, ph[p].options, ph[p].rows, ph[p].n);
        } else {
            char title[2600];
            snprintf(title, sizeof title, "%s in %s (%s): rating after each tournament", bot, game,
                     ph[p].options);
            if (p) fputc('\n', stdout);
            print_text(stdout, title, ph[p].rows, ph[p].n, strcmp(format, "md") == 0, ph[p].pairs);
        }
    }
    if (json) fputs("\n]}\n", stdout);
}

int ratings_history_show(store *db, const char *game, char *const *pools, size_t n_pools,
                         const char *bot, const char *format, char *err, size_t errlen)
{
    pool_history *ph = calloc(n_pools + 1, sizeof *ph);
    char alts[512] = "";
    size_t shown = 0;
    int rc = ph ? 0 : -1;
    if (!ph) snprintf(err, errlen, "out of memory");
    for (size_t p = 0; p < n_pools && rc == 0; p++) {
        int64_t bot_id = 0;
        int copy = 0;
        int found = find_player(db, game, pools[p], bot, &bot_id, &copy, &ph[shown].pairs, alts,
                                sizeof alts, err, errlen);
        if (found < 0) rc = -1;
        if (found <= 0) continue;
        ph[shown].options = pools[p];
        if (store_history(db, game, pools[p], bot_id, copy, &ph[shown].rows, &ph[shown].n, err,
                          errlen))
            rc = -1;
        else
            shown++;
    }
    if (rc == 0 && shown == 0 && alts[0]) {
        snprintf(err, errlen, "--history %s: the stored %s pools name it %s (give one of those)",
                 bot, game, alts);
        rc = 1;
    } else if (rc == 0 && shown == 0) {
        snprintf(err, errlen,
                 "--history %s: no such player in the stored %s pools (arena ratings --game %s "
                 "shows their names)",
                 bot, game, game);
        rc = 1;
    }
    if (rc == 0) print_all(game, bot, ph, shown, format);
    for (size_t p = 0; ph && p < shown; p++)
        free(ph[p].rows);
    free(ph);
    return rc;
}
