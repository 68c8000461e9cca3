/* report_build.c -- rating tables from pairwise results (report_build.h). */
#include <stdlib.h>
#include <string.h>

#include "report_build.h"
#include "xalloc.h"

int report_build(report_built *out, const char *title, int n, const char *const *names,
                 const rating_game *games, size_t n_games, const int *matches, char *err,
                 size_t errlen)
{
    memset(out, 0, sizeof *out);
    if (ratings_fit(n, games, n_games, &out->fit, err, errlen)) return -1;
    out->fitted = 1;
    size_t cells = (size_t)n * (size_t)n;
    out->xt_score = xcalloc(cells, sizeof *out->xt_score);
    out->xt_games = xcalloc(cells, sizeof *out->xt_games);
    if (ratings_crosstable(n, games, n_games, out->xt_score, out->xt_games, err, errlen)) {
        report_built_free(out);
        return -1;
    }
    out->title = xstrdup(title);
    out->rep = (report){out->title, n, names, &out->fit, out->xt_score, out->xt_games, matches};
    return 0;
}

void report_built_free(report_built *b)
{
    if (b->fitted) ratings_free(&b->fit);
    free(b->xt_score);
    free(b->xt_games);
    free(b->title);
    memset(b, 0, sizeof *b);
}
