/* report_table.c -- a grid of string cells printed with columns padded to the
 * widest cell, measured in terminal columns so UTF-8 names line up; the same
 * grid prints as a GitHub Markdown table. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "report_internal.h"
#include "xalloc.h"

int report_table_init(report_table *t, int rows, int cols, const char *align)
{
    *t = (report_table){rows, cols, xcalloc((size_t)rows * cols, sizeof(char *)), align};
    return t->cell ? 0 : -1;
}

void report_table_put(report_table *t, int row, int col, const char *s)
{
    char **c = &t->cell[row * t->cols + col];
    free(*c);
    *c = xstrdup(s ? s : ""); /* NULL without memory prints as empty */
}

void report_table_printf(report_table *t, int row, int col, const char *fmt, ...)
{
    char buf[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    report_table_put(t, row, col, buf);
}

static const char *cell(const report_table *t, int row, int col)
{
    const char *c = t->cell[row * t->cols + col];
    return c ? c : "";
}

static int column_width(const report_table *t, int col)
{
    int w = 0;
    for (int r = 0; r < t->rows; r++) {
        int cw = report_display_width(cell(t, r, col));
        if (cw > w) w = cw;
    }
    return w;
}

static void pad(FILE *out, int n)
{
    for (int i = 0; i < n; i++)
        fputc(' ', out);
}

static void print_cell(FILE *out, const report_table *t, int row, int col, int width)
{
    const char *s = cell(t, row, col);
    int fill = width - report_display_width(s);
    if (t->align[col] == 'r') pad(out, fill);
    fputs(s, out);
    if (t->align[col] != 'r') pad(out, fill);
}

/* Two spaces between columns; no trailing blanks, so the row stops at its
 * last non-empty cell and a left-aligned last cell is not padded. */
void report_table_print(FILE *out, const report_table *t)
{
    for (int r = 0; r < t->rows; r++) {
        int end = t->cols;
        while (end > 0 && !*cell(t, r, end - 1))
            end--;
        for (int c = 0; c < end; c++) {
            if (c) fputs("  ", out);
            if (c == end - 1 && t->align[c] != 'r')
                fputs(cell(t, r, c), out);
            else
                print_cell(out, t, r, c, column_width(t, c));
        }
        fputc('\n', out);
    }
}

static void md_separator(FILE *out, const report_table *t)
{
    for (int c = 0; c < t->cols; c++) {
        int w = column_width(t, c);
        fputs(t->align[c] == 'r' ? "| " : "| :", out);
        for (int i = 1; i < (w < 3 ? 3 : w); i++)
            fputc('-', out);
        fputs(t->align[c] == 'r' ? ": " : " ", out);
    }
    fputs("|\n", out);
}

/* Cells must already be Markdown-escaped. Padded too, so that the source
 * reads as well as the rendering; GitHub needs 3 dashes per column. */
void report_table_print_md(FILE *out, const report_table *t)
{
    for (int r = 0; r < t->rows; r++) {
        for (int c = 0; c < t->cols; c++) {
            int w = column_width(t, c);
            fputs("| ", out);
            print_cell(out, t, r, c, w < 3 ? 3 : w);
            fputc(' ', out);
        }
        fputs("|\n", out);
        if (r == 0) md_separator(out, t);
    }
}

void report_table_free(report_table *t)
{
    if (!t->cell) return;
    for (int i = 0; i < t->rows * t->cols; i++)
        free(t->cell[i]);
    free(t->cell);
    t->cell = NULL;
}
