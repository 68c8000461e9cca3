/* report_test_text.c -- the text and Markdown tables: alignment with UTF-8
 * names, rank order, crosstable cells, the Markdown separator and escaping,
 * and report_write_files. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "report_internal.h"
#include "report_test.h"
#include "support.h"

static const char *const names[FX_N] = {"morris_greedy", "Ünïcödé_très_long_名前_bot_ñ", "random",
                                        "idle|bot"};

/* The lines of the rating table: from the header to the first blank line. */
static int table_lines(char *text, char **line, int max)
{
    char *p = strstr(text, "Rank  Name");
    int n = 0;
    ck_assert_ptr_nonnull(p);
    while (p && *p && *p != '\n' && n < max) {
        line[n++] = p;
        p = strchr(p, '\n');
        if (p) *p++ = 0;
    }
    return n;
}

START_TEST(test_text_alignment)
{
    fixture fx;
    fixture_make(&fx, names);
    char *text = capture(report_print_text, &fx.r), *line[16];
    ck_assert_ptr_nonnull(strstr(text, "morris (variant=lasker) - tournament 3\n"));
    int n = table_lines(text, line, 16);
    ck_assert_int_eq(n, FX_N + 1);
    /* the last column is right-aligned, so aligned rows have equal widths */
    int width = test_width(line[0], strlen(line[0])), utf8_row = -1;
    for (int i = 1; i < n; i++) {
        ck_assert_msg(test_width(line[i], strlen(line[i])) == width, "row %d: '%s'", i, line[i]);
        ck_assert_int_eq(line[i][4], ' '); /* "   1  name": rank right-aligned in 4 */
        if (strstr(line[i], "Ünïcödé")) utf8_row = i;
    }
    ck_assert_int_ge(utf8_row, 1);
    ck_assert_int_ne(strlen(line[utf8_row]), strlen(line[0])); /* bytes differ, columns do not */
    /* the Elo cell ends under the end of the "Elo" header */
    char elo[16];
    snprintf(elo, sizeof elo, "%+ld", lround(fx.fit.entry[1].elo));
    const char *h = strstr(line[0], "Elo"), *c = strstr(line[utf8_row], elo);
    ck_assert_ptr_nonnull(c);
    ck_assert_int_eq(test_width(line[0], (size_t)(h + 3 - line[0])),
                     test_width(line[utf8_row], (size_t)(c + strlen(elo) - line[utf8_row])));
    free(text);
    fixture_free(&fx);
}
END_TEST

START_TEST(test_text_content)
{
    fixture fx;
    fixture_make(&fx, names);
    char *text = capture(report_print_text, &fx.r), *line[16];
    ck_assert_ptr_nonnull(strstr(text, "First-move advantage: "));
    ck_assert_ptr_nonnull(strstr(text, "Draw Elo: "));
    ck_assert_ptr_nonnull(strstr(text, "Crosstable"));
    ck_assert_ptr_nonnull(strstr(text, " 14/20")); /* 12 wins 4 draws */
    ck_assert_ptr_nonnull(strstr(text, " 6/20"));
    ck_assert_ptr_nonnull(strstr(text, " 165/200"));
    ck_assert_ptr_nonnull(strstr(text, " 35/200"));
    ck_assert_ptr_null(strstr(text, " -0 "));
    for (char *p = text; (p = strchr(p, '\n')); p++)
        ck_assert(p == text || p[-1] != ' ');
    table_lines(text, line, 16);
    /* entrant 0 is strongest; the entrant without games comes last, "-" */
    ck_assert_ptr_nonnull(strstr(line[1], "   1  morris_greedy"));
    ck_assert_ptr_nonnull(strstr(line[4], "   4  idle|bot"));
    ck_assert_ptr_nonnull(strstr(line[4], "  -  "));
    ck_assert_ptr_nonnull(strstr(line[1], "/"));
    free(text);
    fixture_free(&fx);
}
END_TEST

/* "| ---: | :--- |" with n columns. */
static int is_separator(const char *line, int *cols)
{
    int n = 0;
    if (*line != '|') return 0;
    for (const char *p = line; *p && *p != '\n'; p++) {
        if (!strchr("|:- ", *p)) return 0;
        n += *p == '|';
    }
    *cols = n - 1;
    return strstr(line, "---") != NULL;
}

/* Cells of a Markdown row: unescaped pipes minus one. */
static int md_cells(const char *line)
{
    int n = 0;
    for (const char *p = line; *p && *p != '\n'; p++) {
        if (*p == '\\' && p[1])
            p++;
        else
            n += *p == '|';
    }
    return n - 1;
}

/* Without a draw in the games the draw band is the prior's alone: the model
 * line says so instead of printing it. */
START_TEST(test_model_line_without_draws)
{
    rating_game g[] = {{0, 1, 1, 0, 1}, {1, 0, 1, 0, 1}, {0, 1, 0, 0, 1}, {1, 0, 0, 0, 1}};
    rating_fit fit;
    char err[128], line[200];
    ck_assert(ratings_fit(2, g, 4, &fit, err, sizeof err) == 0);
    report_model_line(line, sizeof line, &fit);
    ck_assert_msg(strstr(line, "Draw Elo: - (no draws)"), "%s", line);
    ratings_free(&fit);
    g[3].score = 0.5;
    ck_assert(ratings_fit(2, g, 4, &fit, err, sizeof err) == 0);
    report_model_line(line, sizeof line, &fit);
    ck_assert_msg(strstr(line, "Draw Elo: ") && !strstr(line, "no draws"), "%s", line);
    ratings_free(&fit);
}
END_TEST

START_TEST(test_markdown)
{
    fixture fx;
    fixture_make(&fx, names);
    char *md = capture(report_print_markdown, &fx.r);
    int tables = 0, cols = 0, want[2] = {9, FX_N + 2};
    ck_assert_ptr_nonnull(strstr(md, "### morris (variant=lasker) - tournament 3\n"));
    for (char *p = md; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : p) {
        int c;
        if (!is_separator(p, &c)) continue;
        ck_assert_int_lt(tables, 2);
        ck_assert_int_eq(c, want[tables]);
        cols = c;
        /* every row of this table has as many cells */
        for (char *q = strchr(p, '\n') + 1; *q == '|'; q = strchr(q, '\n') + 1)
            ck_assert_int_eq(md_cells(q), cols);
        tables++;
    }
    ck_assert_int_eq(tables, 2);
    ck_assert_ptr_nonnull(strstr(md, "| Rank | Name"));
    ck_assert_ptr_nonnull(strstr(md, "idle\\|bot"));
    ck_assert_ptr_nonnull(strstr(md, "morris\\_greedy"));
    free(md);
    fixture_free(&fx);
}
END_TEST

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) return NULL;
    char *buf = calloc(1, 1 << 16);
    size_t n = fread(buf, 1, (1 << 16) - 1, f);
    buf[n] = 0;
    fclose(f);
    return buf;
}

START_TEST(test_write_files)
{
    static const char *files[] = {"ratings.txt", "ratings.md", "ratings.csv", "ratings.json",
                                  "crosstable.txt"};
    fixture fx;
    char dir[256], path[512], err[256] = "";
    fixture_make(&fx, names);
    support_tmpdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/out", dir);
    ck_assert_msg(report_write_files(path, &fx.r, err, sizeof err) == 0, "%s", err);
    for (int i = 0; i < 5; i++) {
        char p[300];
        snprintf(p, sizeof p, "%s/%s", path, files[i]);
        char *text = slurp(p);
        ck_assert_msg(text && strlen(text) > 50, "%s", p);
        if (i == 0) ck_assert_ptr_nonnull(strstr(text, "Likelihood of superiority"));
        if (i == 1) { /* the same tables as Markdown, LOS included */
            const char *los = strstr(text, "\nLikelihood of superiority, %: row stronger "
                                           "than column\n\n|");
            ck_assert_ptr_nonnull(los);
            ck_assert_ptr_nonnull(strstr(los, "| Name "));
            ck_assert_ptr_nonnull(strstr(text, "\nCrosstable: points of the row"));
        }
        if (i == 4) ck_assert_ptr_nonnull(strstr(text, "Crosstable"));
        if (i == 4) ck_assert_ptr_null(strstr(text, "Rank"));
        free(text);
        unlink(p);
        strcat(p, ".tmp");
        ck_assert_int_eq(access(p, F_OK), -1); /* no temporary left behind */
    }
    /* a directory squatting on the temporary name: the error names the file */
    snprintf(path, sizeof path, "%s/out/ratings.csv.tmp", dir);
    ck_assert_int_eq(mkdir(path, 0700), 0);
    snprintf(path, sizeof path, "%s/out", dir);
    ck_assert_int_eq(report_write_files(path, &fx.r, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "/out/ratings.csv") != NULL, "%s", err);
    snprintf(path, sizeof path, "%s/out/ratings.txt/sub", dir);
    ck_assert_int_eq(report_write_files(path, &fx.r, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "ratings.txt/sub") != NULL, "%s", err);
    /* clean up */
    static const char *left[] = {"ratings.txt", "ratings.md"};
    for (int i = 0; i < 2; i++) {
        snprintf(path, sizeof path, "%s/out/%s", dir, left[i]);
        unlink(path);
    }
    snprintf(path, sizeof path, "%s/out/ratings.csv.tmp", dir);
    rmdir(path);
    snprintf(path, sizeof path, "%s/out", dir);
    ck_assert_int_eq(rmdir(path), 0);
    ck_assert_int_eq(rmdir(dir), 0);
    fixture_free(&fx);
}
END_TEST

START_TEST(test_utf8_helpers)
{
    ck_assert_int_eq(report_display_width("abc"), 3);
    ck_assert_int_eq(report_display_width("名前"), 4);               /* wide */
    ck_assert_int_eq(report_display_width("e\xcc\x81t\xc3\xa9"), 3); /* combining acute */
    ck_assert_int_eq(report_display_width("\xff\xc0\xafz"), 4);      /* malformed: 1 each */
    char *e = report_escape("\xff"
                            "a\nb\xe2\x82",
                            REPORT_ESC_TEXT);
    ck_assert_str_eq(e, "?a?b??");
    free(e);
    e = report_escape("a|b_c*[x]`\\", REPORT_ESC_MD);
    ck_assert_str_eq(e, "a\\|b\\_c\\*\\[x\\]\\`\\\\");
    free(e);
}
END_TEST

/* No entrants, and no crosstable: headers only, no crash. */
START_TEST(test_empty_report)
{
    rating_fit f;
    ck_assert_int_eq(ratings_fit(0, NULL, 0, &f, NULL, 0), 0);
    report r = {NULL, 0, NULL, &f, NULL, NULL, NULL};
    char *text = capture(report_print_text, &r), *md = capture(report_print_markdown, &r);
    ck_assert_ptr_nonnull(strstr(text, "Rank  Name"));
    ck_assert_ptr_null(strstr(text, "Crosstable"));
    ck_assert_ptr_nonnull(strstr(md, "| Rank"));
    free(text), free(md);
    ratings_free(&f);
}
END_TEST

TCase *report_text_tcase(void)
{
    TCase *tc = tcase_create("text");
    tcase_add_test(tc, test_text_alignment);
    tcase_add_test(tc, test_text_content);
    tcase_add_test(tc, test_model_line_without_draws);
    tcase_add_test(tc, test_markdown);
    tcase_add_test(tc, test_write_files);
    tcase_add_test(tc, test_utf8_helpers);
    tcase_add_test(tc, test_empty_report);
    return tc;
}
