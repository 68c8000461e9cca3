/* test_soccer.c -- the soccer rule module's suite: rules on hand-drawn
 * positions, the module contract, and the whole-turn generator. */
#include <stdlib.h>

#include "soccer_test.h"
#include "support.h"

int main(void)
{
    Suite *s = suite_create("soccer");
    soccer_add_rules(s);
    soccer_add_module(s);
    soccer_add_turns(s);
    return support_main(s);
}
