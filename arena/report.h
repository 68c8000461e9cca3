/* report.h -- rating tables and crosstables for people: text (Ordo/BayesElo-like
 * columns), Markdown for forums, CSV and JSON for programs. */
#ifndef ARENA_REPORT_H
#define ARENA_REPORT_H

#include <stdio.h>

#include "ratings.h"

typedef struct report {
    const char *title; /* "morris (variant=classic,...) - tournament 3" */
    int n;
    const char *const *names; /* n display names */
    const rating_fit *fit;
    /* Crosstable: score[i*n+j] = points i took from j, games[i*n+j] = games. */
    const double *xt_score;
    const int *xt_games;
    /* Optional: matches (tables) each entrant played. In games of more than two
     * seats one match gives several pairwise results; when any count differs
     * from the pairwise games, tables show both "Games" (matches) and "Pairs"
     * (pairwise results, which W/D/L and the score count). NULL: same. */
    const int *matches;
} report;

/* The rating table sorted by Elo: rank, name, Elo, ±95 %, games, score %,
 * Oppo (opponents' average rating), W/D/L, draws %, then the crosstable. */
void report_print_text(FILE *out, const report *r);
void report_print_markdown(FILE *out, const report *r);
void report_print_csv(FILE *out, const report *r);
void report_print_json(FILE *out, const report *r);
/* Several pools of one game as one document each: CSV with a leading pool
 * column (the header once, then each pool's rows), JSON as
 * {"game": ..., "pools": [report, ...]}. */
void report_print_csv_header(FILE *out, int with_pool);
void report_print_csv_rows(FILE *out, const report *r, const char *pool);
void report_print_json_pools(FILE *out, const char *game, const report *const *r, int n);

/* Added: the crosstable alone (rows and columns in rank order, "14.5/20" =
 * points of the row against the column over games), and the likelihood of
 * superiority matrix in percent (row stronger than column). */
void report_print_crosstable(FILE *out, const report *r);
void report_print_los(FILE *out, const report *r);
/* The LOS matrix as a Markdown table, under its caption (ratings.md). */
void report_print_los_markdown(FILE *out, const report *r);

/* Formats, in detail:
 * - text and Markdown: names may be UTF-8 (columns are padded by display
 *   width); control characters and malformed bytes print as '?'. An infinite
 *   interval (no games) prints as "-". Entrants without games rank last.
 * - CSV: header rank,name,elo,ci95,games,pairs,score,wins,draws,losses,draws_pct,oppo
 *   with the meanings of the text table's columns in every format: games are
 *   matches (tables) played, pairs the pairwise results that W/D/L and the
 *   score count (equal for two players);
 *   score is a fraction (0.725), draws_pct a percentage (the draw share),
 *   oppo the opponents' average rating (Ordo's Oppo; empty without games);
 *   ci95 is empty when infinite (0 for an anchor: ratings_anchor); names
 *   are quoted as RFC 4180 says when needed; '.' decimals.
 * - JSON: {title, advantage, advantage_ci95, draw_elo, draw_elo_ci95,
 *   entrants:[{rank,name,elo,ci95,games,pairs,wins,draws,losses,score,
 *   draws_pct,oppo}],
 *   crosstable:{names, score, games}, los}; every list and matrix is in rank
 *   order; infinite numbers are null; crosstable is null without xt_*.
 * Without xt_score/xt_games the crosstables are left out. */

/* Writes path through path.tmp and a rename, so a reader never sees half a
 * file: write() prints the content. -1 with err naming the file and the real
 * cause (a full disk says so). */
int report_write_atomic(const char *path, void (*write)(FILE *f, void *arg), void *arg, char *err,
                        size_t errlen);

/* The first table a tournament writes, and only once every match of it is
 * stored: `arena rebuild` reads its presence as "this tournament finished". */
#define REPORT_TABLE_FILE "ratings.txt"

/* Writes ratings.txt (table, crosstable and LOS), ratings.md, ratings.csv,
 * ratings.json and crosstable.txt into dir, creating dir (not its parents)
 * when missing; each file is written under a temporary name then renamed.
 * Returns 0, or -1 with err naming the file. */
int report_write_files(const char *dir, const report *r, char *err, size_t errlen);

#endif
