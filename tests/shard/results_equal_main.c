/* results_equal_main.c -- `results_equal A B`: exit 0 when the results
 * directories A and B hold the same tournament (results_equal.h), else the
 * first difference and exit 1. Used by the Slurm test script. */
#include <stdio.h>

#include "results_equal.h"

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: results_equal RESULTS_DIR RESULTS_DIR\n");
        return 2;
    }
    char why[8192];
    size_t n = 0;
    if (results_equal(argv[1], argv[2], &n, why, sizeof why)) {
        fprintf(stderr, "results_equal: %s\n", why);
        return 1;
    }
    printf("results_equal: %zu matches: every result, log, table and rating equal\n", n);
    return 0;
}
