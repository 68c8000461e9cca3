/* main.c -- the arena binary: the command line, or when re-executed a seat host
 * (__worker) or the jail a bot runs in (__jail). */
#include <string.h>

#include "cli.h"
#include "jail.h"
#include "seed.h"
#include "worker.h"

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "__worker") == 0) return worker_main(argc - 1, argv + 1);
    if (argc > 1 && strcmp(argv[1], "__jail") == 0) return jail_main(argc - 1, argv + 1);
    seed_init(); /* the seeds' hashes at the CPU's speed: same results */
    return cli_main(argc, argv);
}
