/* test_rugby.c -- the rugby suites: rules, hidden information, module, bots. */
#include <stdlib.h>

#include "rugby_test.h"
#include "support.h"

int main(void)
{
    Suite *suite = suite_create("rugby");
    rugby_add_rules(suite);
    rugby_add_hidden(suite);
    rugby_add_module(suite);
    rugby_add_bots(suite);
    return support_main(suite);
}
