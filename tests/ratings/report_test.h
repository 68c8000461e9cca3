/* report_test.h -- a fitted four-entrant report shared by the report tests. */
#ifndef REPORT_TEST_H
#define REPORT_TEST_H

#include <stddef.h>

#include "report.h"

#define FX_N 4

typedef struct fixture {
    rating_fit fit;
    double score[FX_N * FX_N];
    int games[FX_N * FX_N];
    report r;
} fixture;

/* Entrants 0..2 play a round robin of unequal strength; entrant 3 never
 * plays. names must outlive the fixture. */
void fixture_make(fixture *fx, const char *const *names);
void fixture_free(fixture *fx);

/* Runs a report printer into a malloc'd NUL-terminated string. */
char *capture(void (*print)(FILE *, const report *), const report *r);

/* Terminal columns of a UTF-8 string: code points, plus one for the CJK
 * ideographs (U+4E00..U+9FFF, lead bytes E4..E9) the tests use. */
int test_width(const char *s, size_t len);

#endif
