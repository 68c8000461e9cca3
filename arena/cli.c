/* cli.c -- placeholder until the command line lands. */
#include "cli.h"
int cli_main(int argc, char **argv) { (void)argc; (void)argv; return 0; }
