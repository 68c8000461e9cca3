/* ratings_test_main.c -- the ratings suite: model internals and the fit. */
#include <check.h>
#include <stdlib.h>

TCase *ratings_model_tcase(void);
TCase *ratings_fit_tcase(void);
TCase *ratings_anchor_tcase(void);

int main(void)
{
    Suite *s = suite_create("ratings");
    suite_add_tcase(s, ratings_model_tcase());
    suite_add_tcase(s, ratings_fit_tcase());
    suite_add_tcase(s, ratings_anchor_tcase());
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
