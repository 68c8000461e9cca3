/* report.h -- rating tables and crosstables for people: text (Ordo/BayesElo-like
 * columns), Markdown for forums, CSV and JSON for programs. */
#ifndef ARENA_REPORT_H
#define ARENA_REPORT_H

#include <stdio.h>

#include "ratings.h"

typedef struct report {
    const char *title;         /* "morris (variant=classic,...) - tournament 3" */
    int n;
    const char *const *names;  /* n display names */
    const rating_fit *fit;
    /* Crosstable: score[i*n+j] = points i took from j, games[i*n+j] = games. */
    const double *xt_score;
    const int *xt_games;
} report;

/* The rating table sorted by Elo: rank, name, Elo, ±95 %, games, score %, W/D/L,
 * draws %, then the crosstable. */
void report_print_text(FILE *out, const report *r);
void report_print_markdown(FILE *out, const report *r);
void report_print_csv(FILE *out, const report *r);
void report_print_json(FILE *out, const report *r);

/* Writes ratings.txt, ratings.md, ratings.csv, ratings.json and crosstable.txt
 * into dir. Returns 0, or -1 with err naming the file. */
int report_write_files(const char *dir, const report *r, char *err, size_t errlen);

#endif
