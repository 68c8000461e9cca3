/* cli.h -- the `arena` command line: subcommands, options, help. */
#ifndef ARENA_CLI_H
#define ARENA_CLI_H

int cli_main(int argc, char **argv);

#endif
