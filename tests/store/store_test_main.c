/* store_test_main.c -- runs the storage suites. */
#include <stdlib.h>

#include "store_test.h"

int main(void)
{
    SRunner *sr = srunner_create(store_basic_suite());
    srunner_add_suite(sr, store_pool_suite());
    srunner_add_suite(sr, store_players_suite());
    srunner_add_suite(sr, store_kill_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
