/* cli.c -- the `arena` command line: dispatch to subcommands and the help. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <signal.h>
#include <string.h>

#include "cli.h"
#include "cli_cmds.h"
#include "perft.h"
#include "replay.h"

#ifndef ARENA_VERSION
#define ARENA_VERSION "dev"
#endif

typedef struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} command;

static const command commands[] = {
    {"games", cmd_games, "list the games (rule modules) and their options"},
    {"bots", cmd_bots, "list the bots on the search path"},
    {"check", cmd_check, "play a bot against random in the sandbox and say if it is sound"},
    {"match", cmd_match, "play one match, optionally drawing the board after every move"},
    {"tournament", cmd_tournament, "play a round robin or a gauntlet and write rating tables"},
    {"sprt", cmd_sprt, "play game pairs until a sequential test says whether NEW beats OLD"},
    {"merge", cmd_merge, "join the shards of a tournament (--shard I/N) into one"},
    {"ratings", cmd_ratings, "show the persistent ratings of a game across tournaments"},
    {"report", cmd_report, "write a tournament's HTML report (index.html) and replay viewer"},
    {"rebuild", cmd_rebuild, "make results/arena.db again from the match logs"},
    {"replay", replay_main, "re-play a match log with the rules, checking every move"},
    {"keygen", cmd_keygen, "make a CURVE key pair for arena host and tournament --hosts"},
    {"host", cmd_host, "serve jailed seats to arenas on other machines (ZeroMQ tcp, CURVE)"},
    {"perft", perft_main, "count the game tree to a depth (for testing rule modules)"},
};
#define N_COMMANDS (sizeof commands / sizeof commands[0])

static void usage(FILE *out)
{
    fprintf(out,
            "arena %s -- bot tournaments with sandboxed plugin bots\n\n"
            "Usage: arena COMMAND [options]   (arena COMMAND --help for its options)\n"
            "       arena --version\n\n"
            "Commands:\n",
            ARENA_VERSION);
    for (size_t i = 0; i < N_COMMANDS; i++)
        fprintf(out, "  %-11s %s\n", commands[i].name, commands[i].summary);
    fprintf(out, "\nStart here:\n"
                 "  arena games                                  what can be played\n"
                 "  arena bots                                   who can play\n"
                 "  arena match --game morris morris_greedy random --show\n"
                 "  arena tournament --game morris --bots random morris_greedy --rounds 10 -j 2\n"
                 "  arena check ./mybot.so --game morris         validate your own bot\n"
                 "\nGames and bots are names (found beside the arena, in the install prefix,\n"
                 "then in ARENA_PATH) or paths to .so files. Results go to ./results.\n");
}

static int unknown_command(const char *name)
{
    fprintf(stderr, "arena: unknown command '%s' (try: arena --help)\n", name);
    return 2;
}

/* arena help [COMMAND], arena --help [COMMAND]: the command's own help. */
static int help(int argc, char **argv)
{
    if (argc < 3) {
        usage(stdout);
        return 0;
    }
    if (cli_no_operands(argv[1], argv + 3, argc - 3, 0)) return 2;
    char *sub[] = {argv[2], "--help", NULL};
    for (size_t i = 0; i < N_COMMANDS; i++)
        if (strcmp(argv[2], commands[i].name) == 0) return commands[i].run(2, sub);
    return unknown_command(argv[2]);
}

/* Descriptors 0, 1 and 2 open, on /dev/null where the arena was started
 * without them (`arena ... 2>&-`, a careless service manager). Otherwise the
 * next file it opens -- a match log, a segment, a table -- would take the
 * number, and every line written to stderr would land in it; and the seat
 * hosts, given the arena's stderr as theirs, could not start. */
static void cli_standard_fds(void)
{
    for (int fd = 0; fd <= 2; fd++)
        if (fcntl(fd, F_GETFD) < 0 && errno == EBADF) {
            /* the lowest free number, fd itself: the lower ones are open by now */
            int got = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY);
            (void)got;
        }
}

int cli_main(int argc, char **argv)
{
    cli_standard_fds();
    /* A file over the size limit (ulimit -f) is then a write error that names
     * the file, with what is stored kept and the resume command printed,
     * not a kill without a word. Seat hosts get the default back (worker.c). */
    signal(SIGXFSZ, SIG_IGN);
    if (argc < 2) {
        usage(stdout);
        return 2;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
        strcmp(argv[1], "help") == 0)
        return help(argc, argv);
    if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "version") == 0) {
        if (cli_no_operands(argv[1], argv + 2, argc - 2, 0)) return 2;
        printf("arena %s\n", ARENA_VERSION);
        return 0;
    }
    for (size_t i = 0; i < N_COMMANDS; i++)
        if (strcmp(argv[1], commands[i].name) == 0) return commands[i].run(argc - 1, argv + 1);
    return unknown_command(argv[1]);
}
