/* test_rugby.c -- the rugby suites: rules, hidden information, module, bots. */
#include <stdlib.h>

#include "rugby_test.h"

int main(void)
{
    Suite *suite = suite_create("rugby");
    rugby_add_rules(suite);
    rugby_add_hidden(suite);
    rugby_add_module(suite);
    rugby_add_bots(suite);
    SRunner *sr = srunner_create(suite);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
