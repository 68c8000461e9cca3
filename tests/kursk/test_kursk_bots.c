/* test_kursk_bots.c -- the kursk bots (filled in with the bots). */
#include "kursk_test.h"

Suite *kursk_bots_suite(void)
{
    Suite *s = suite_create("kursk_bots");
    return s;
}
