/* main.c -- the arena binary: the command line, or a bot worker when re-executed. */
#include <string.h>

#include "cli.h"
#include "worker.h"

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "__worker") == 0) return worker_main(argc - 1, argv + 1);
    return cli_main(argc, argv);
}
