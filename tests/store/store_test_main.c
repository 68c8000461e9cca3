/* store_test_main.c -- runs the storage suites. */
#include <stdlib.h>

#include "store_test.h"
#include "support.h"

int main(void)
{
    return support_main(store_basic_suite(), store_pool_suite(), store_players_suite(),
                        store_kill_suite(), store_seats_suite());
}
