/* ratings_test_main.c -- the ratings suite: model internals and the fit. */
#include <check.h>
#include <stdlib.h>
#include "support.h"

TCase *ratings_model_tcase(void);
TCase *ratings_fit_tcase(void);
TCase *ratings_anchor_tcase(void);
TCase *ratings_tables_tcase(void);

int main(void)
{
    Suite *s = suite_create("ratings");
    suite_add_tcase(s, ratings_model_tcase());
    suite_add_tcase(s, ratings_fit_tcase());
    suite_add_tcase(s, ratings_anchor_tcase());
    suite_add_tcase(s, ratings_tables_tcase());
    return support_main(s);
}
