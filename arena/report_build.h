/* report_build.h -- the one way a rating table is made from results, used by a
 * tournament's own tables (tournament.c) and by `arena ratings` for the
 * stored pools (cmd_ratings.c): pairwise results in, fit and crosstable out,
 * ready for every report format (report.h).
 *
 * Nothing is printed here: a table that cannot be computed is an error for
 * the caller to report, and nothing half-made reaches the output.
 */
#ifndef ARENA_REPORT_BUILD_H
#define ARENA_REPORT_BUILD_H

#include <stddef.h>

#include "ratings.h"
#include "report.h"

typedef struct report_built {
    report rep; /* points into the fields below and the caller's names */
    rating_fit fit;
    double *xt_score;
    int *xt_games;
    char *title;
    int fitted;
} report_built;

/* Fits n players over their pairwise results and fills their crosstable.
 * names (n labels) and matches (n tables each sat at; NULL: as many as pairs)
 * must outlive the result. 0, or -1 with err (a fit that fails is an error,
 * never a table). */
int report_build(report_built *out, const char *title, int n, const char *const *names,
                 const rating_game *games, size_t n_games, const int *matches, char *err,
                 size_t errlen);
void report_built_free(report_built *b);

#endif
