/* report_internal.h -- helpers shared by the report writers: rank order,
 * number cells, UTF-8 width and escaping, and a small column-aligned table.
 * Not part of the public contract. */
#ifndef ARENA_REPORT_INTERNAL_H
#define ARENA_REPORT_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "report.h"

/* How a string is made safe for its destination. */
enum {
    REPORT_ESC_TEXT, /* control characters and bad UTF-8 become '?' */
    REPORT_ESC_MD    /* as TEXT, plus a backslash before Markdown punctuation */
};

/* Decodes one UTF-8 code point at s (NUL-terminated); returns the bytes used
 * (>= 1), *cp = 0xFFFD and 1 byte for malformed input. */
int report_utf8_next(const char *s, uint32_t *cp, int *valid);
/* Terminal columns of a code point: 0 (combining), 1 or 2 (East Asian wide). */
int report_cp_width(uint32_t cp);
/* Columns of a string as printed after REPORT_ESC_TEXT. */
int report_display_width(const char *s);
/* A malloc'd escaped copy (NULL without memory); NULL s counts as "". */
char *report_escape(const char *s, int how);

/* Entrant indices by rank: those with games by Elo descending (ties: score,
 * then input order), then those without games in input order. */
void report_order(const report *r, int *order);
const char *report_name(const report *r, int i);

/* Number cells: "+172", "-5", "0"; an interval or "-" when infinite; a
 * crosstable cell "14.5/20"; a locale-proof "%.*f" for CSV and JSON. */
void report_fmt_elo(char *buf, size_t len, double elo);
void report_fmt_ci(char *buf, size_t len, double ci);
void report_fmt_points(char *buf, size_t len, double points, int games);
void report_fmt_num(char *buf, size_t len, int decimals, double v);

/* A table of strings, row 0 being the header, printed with columns padded to
 * their widest cell (display width), as text or as a GitHub Markdown table. */
typedef struct report_table {
    int rows, cols;
    char **cell;
    const char *align; /* one 'l' or 'r' per column */
} report_table;

int report_table_init(report_table *t, int rows, int cols, const char *align);
void report_table_put(report_table *t, int row, int col, const char *s);
void report_table_printf(report_table *t, int row, int col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void report_table_print(FILE *out, const report_table *t);
void report_table_print_md(FILE *out, const report_table *t);
void report_table_free(report_table *t);

/* The grids of the tables, shared by text and Markdown (`how` escapes the
 * names). The rank table's row k is rank k. A matrix ('x' crosstable,
 * 'l' LOS in percent) has "#", "Name", then one column per entrant; free it
 * with report_matrix_free. The model line: advantage and draw Elo. */
int report_rank_table(report_table *t, const report *r, const int *order, int how);
int report_has_pairs(const report *r);
int report_matrix_table(report_table *t, const report *r, const int *order, int how, int kind);
void report_matrix_free(report_table *t);
/* A matrix's caption, the same in every format. */
const char *report_matrix_caption(int kind);
void report_model_line(char *buf, size_t len, const rating_fit *fit);
/* Whether any game of the fit was drawn: without one the draw band is the
 * prior's alone, and every output says "no draws" (null in JSON) instead. */
int report_fit_has_draws(const rating_fit *fit);

#endif
