/* report_md.c -- the rating table and the crosstable as GitHub-flavoured
 * Markdown tables, ready to paste into a forum post or an issue. */
#include <stdlib.h>

#include "report_internal.h"
#include "xalloc.h"

static void print_title(FILE *out, const report *r)
{
    char *title = r->title ? report_escape(r->title, REPORT_ESC_MD) : NULL;
    if (title) fprintf(out, "### %s\n\n", title);
    free(title);
}

static void print_matrix(FILE *out, const report *r, const int *order, int kind)
{
    report_table t = {0};
    if (report_matrix_table(&t, r, order, REPORT_ESC_MD, kind) == 0) {
        fprintf(out, "\n%s\n\n", report_matrix_caption(kind));
        report_table_print_md(out, &t);
    }
    report_matrix_free(&t);
}

void report_print_markdown(FILE *out, const report *r)
{
    report_table t = {0};
    char line[160];
    int *order = xmalloc((r->n ? (size_t)r->n : 1) * sizeof *order);
    if (!order || !r->fit) goto done;
    report_order(r, order);
    if (report_rank_table(&t, r, order, REPORT_ESC_MD) != 0) goto done;
    print_title(out, r);
    report_table_print_md(out, &t);
    report_model_line(line, sizeof line, r->fit);
    fprintf(out, "\n%s\n", line);
    if (r->xt_score && r->xt_games) print_matrix(out, r, order, 'x');
done:
    report_table_free(&t);
    free(order);
}

void report_print_los_markdown(FILE *out, const report *r)
{
    int *order = xmalloc((r->n ? (size_t)r->n : 1) * sizeof *order);
    if (order && r->fit) {
        report_order(r, order);
        print_matrix(out, r, order, 'l');
    }
    free(order);
}
