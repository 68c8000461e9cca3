/* report_test_main.c -- the report suite: a shared fixture, then text,
 * Markdown, files, CSV and JSON. */
#include <check.h>
#include <stdlib.h>

#include "ratings_test_util.h"
#include "report_test.h"
#include "support.h"

void fixture_make(fixture *fx, const char *const *names)
{
    game_list l = {0};
    gl_match(&l, 0, 1, 12, 4, 4);
    gl_match(&l, 1, 2, 11, 6, 3);
    gl_match(&l, 0, 2, 150, 30, 20);
    fit_ok(FX_N, &l, &fx->fit);
    ck_assert_int_eq(ratings_crosstable(FX_N, l.g, l.n, fx->score, fx->games, NULL, 0), 0);
    fx->r = (report){"morris (variant=lasker) - tournament 3",
                     FX_N,
                     names,
                     &fx->fit,
                     fx->score,
                     fx->games,
                     NULL};
    gl_free(&l);
}

void fixture_free(fixture *fx)
{
    ratings_free(&fx->fit);
}

char *capture(void (*print)(FILE *, const report *), const report *r)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    ck_assert_ptr_nonnull(f);
    print(f, r);
    ck_assert_int_eq(fclose(f), 0);
    return buf;
}

int test_width(const char *s, size_t len)
{
    int w = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        w += (c & 0xC0) != 0x80;
        w += c >= 0xE4 && c <= 0xE9;
    }
    return w;
}

TCase *report_text_tcase(void);
TCase *report_data_tcase(void);

int main(void)
{
    Suite *s = suite_create("report");
    suite_add_tcase(s, report_text_tcase());
    suite_add_tcase(s, report_data_tcase());
    return support_main(s);
}
