/* cli_cmds.h -- the subcommands; each takes argv starting at its own name and
 * returns the exit status (0 ok, 1 failure, 2 bad input). */
#ifndef ARENA_CLI_CMDS_H
#define ARENA_CLI_CMDS_H

#include <stddef.h>
#include <stdint.h>

#include "arena/bot.h"
#include "session.h"

int cmd_games(int argc, char **argv);
int cmd_bots(int argc, char **argv);
int cmd_match(int argc, char **argv);
int cmd_tournament(int argc, char **argv);
int cmd_ratings(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_merge(int argc, char **argv);
int cmd_report(int argc, char **argv); /* cmd_report.c */
int cmd_sprt(int argc, char **argv);
int cmd_rebuild(int argc, char **argv);
int cmd_keygen(int argc, char **argv); /* cmd_host.c */
int cmd_host(int argc, char **argv);

/* The one error helper of the command layer, which alone decides exit
 * statuses: prints "arena CMD: message" as one line on stderr and returns
 * status (1 failure, 2 bad input), so `return cli_error(...)` ends a command.
 * Lower layers never print or exit on error: they fill an err buffer. */
int cli_error(const char *cmd, int status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The store of the results directory dir, which the user named (--out, or
 * the parent of a tournament directory given), opened for reading
 * (cli_operand.c). NULL with the message printed and *status the exit
 * status: 2 when dir is not there or holds no arena.db (a bad operand: "DIR:
 * no such directory", or store_open_read's "no store here" with
 * rebuild_hint's advice), 1 when its store cannot be read (damaged, I/O). */
struct store;
struct store *cli_store_open(const char *cmd, const char *dir, int *status);

/* A command's operands (words[0..n): bots, directories, a log), none of
 * them empty (cli_operand.c): 0, or 2 with "arena CMD: an empty argument
 * where WHAT was expected (an unset shell variable?)" printed, where the empty word would otherwise
 * be looked up and reported as ": no such file". what: "a bot", "a match log (.pb)". */
int cli_nonempty(const char *cmd, const char *const *words, int n, const char *what);
/* The words left after the options of a command that takes no operands:
 * 0 when n is 0, else 2 with "arena CMD: unexpected argument 'X'" printed,
 * and cli_game_hint's hint when the command takes --game. */
int cli_no_operands(const char *cmd, char *const *words, int n, int takes_game);

/* Options shared by the commands that play (cli_opts.c). */
typedef struct play_opts {
    const char *game;
    arena_time_control tc;
    char tc_text[64];
    int64_t margin_us;
    uint64_t seed;
    int seed_given;
    int tc_given; /* --tc or --move-time */
    const char *out_dir;
    session_isolation iso; /* --isolation, --sandbox, --mem */
} play_opts;

void play_opts_init(play_opts *o);
/* Handles one shared option (getopt_long codes below); 1 if it was one, 0 if
 * not, -1 on a bad value (message printed). */
int play_opts_parse(play_opts *o, int code, const char *arg, const char *cmd);
/* Strict numbers, the one parser of every option: the whole argument is a
 * decimal integer (cli_u64 also takes 0x hex; neither takes a sign or spaces)
 * within [min, max]. -1 with "arena CMD: bad value 'ARG' for OPT (expected
 * ...)" printed otherwise. */
int cli_int(const char *cmd, const char *opt, const char *arg, long long min, long long max,
            long long *out);
int cli_u64(const char *cmd, const char *opt, const char *arg, uint64_t *out);
/* Whether s is a decimal number as typed, with an optional '-': the
 * real-valued options' rule (text_is_decimal: --elo0, --alpha, --anchor
 * NAME=ELO). */
int cli_decimal(const char *s);
/* Reading a command's words (cli_parse.c). cli_start begins: getopt_long
 * from the first word, opterr off (shorts starts with ':'), and a long
 * option typed with one dash (-game, -show, -jobs: words getopt would read
 * as short options) refused at once with the fix, "arena CMD: unrecognized
 * option '-game' (long options take two dashes: --game)", unless the word
 * is a group of the command's short options; 0, or 2 with the message
 * printed. cli_next is getopt_long over them; cli_once, called right after
 * it, sees each option once; cli_bad_option, for the '?' or ':' it
 * returns, prints "arena CMD: unrecognized option 'X'" or "arena CMD:
 * option 'X' needs a value" and where to look, and returns 2.
 *
 * Each option once: every option of opts that takes a value is remembered
 * as getopt_long returns it (cli_once), and a second, different value is
 * refused, "arena CMD: --game given twice (morris, then kurnik): give it
 * once", where it would otherwise win silently; the same value again is
 * harmless. An empty value (--out "", --out=, an unset shell variable) is
 * refused as a value left out: "arena CMD: option '--out' needs a value,
 * not an empty one (see arena CMD --help)". The option is named as typed:
 * "-j", "--jobs", or "-j/--jobs" when both were. --tc and --move-time are
 * one setting, refused together, each named with its value. Options without
 * a value, and those a command takes several times (--bots, --field,
 * --allow: the caller does not pass them), are not checked. 0, or 2 (bad
 * input) with the message printed. */
struct option;
typedef struct cli_seen {
    const char *cmd;
    int argc;
    char **argv;
    const char *shorts;
    const struct option *opts;
    int n;
    struct {
        int code;
        int is_short; /* typed -j, not --jobs */
        const char *arg;
    } given[32];
} cli_seen;
int cli_start(cli_seen *s, const char *cmd, int argc, char **argv, const char *shorts,
              const struct option *opts);
int cli_next(cli_seen *s);
int cli_once(cli_seen *s, int code, const char *arg);
int cli_bad_option(const cli_seen *s, int code);

/* Said of a game given as a plain word where the command wants --game GAME
 * (arena bots querni, arena check mybot.so morris): the hint "; the game goes
 * after --game: --game querni" into buf when one of the n words names a game
 * (a rule module on the search path, by name), else "". */
void cli_game_hint(char *const *words, int n, char *buf, size_t len);

/* --anchor NAME=ELO (cli_anchor.c): splits at the last '=' into name (a
 * buffer of namelen) and elo; -1 with the message printed when malformed.
 * cli_anchor_find: the index of name among names, or -1 with err listing
 * them. */
int cli_anchor(const char *cmd, const char *arg, char *name, size_t namelen, double *elo);
int cli_anchor_find(const char *name, const char *const *names, int n, char *err, size_t errlen);

/* Prints, once, what the chosen isolation gives up (sandbox off, inline). */
void play_opts_warn(const play_opts *o);

enum {
    OPT_GAME = 1000,
    OPT_TC,
    OPT_MOVE_TIME,
    OPT_MARGIN,
    OPT_SEED,
    OPT_SANDBOX,
    OPT_MEM,
    OPT_OUT,
    OPT_ISOLATION,
};

#define PLAY_LONG_OPTIONS                                                                          \
    {"game", required_argument, NULL, OPT_GAME}, {"tc", required_argument, NULL, OPT_TC},          \
        {"move-time", required_argument, NULL, OPT_MOVE_TIME},                                     \
        {"margin", required_argument, NULL, OPT_MARGIN},                                           \
        {"seed", required_argument, NULL, OPT_SEED},                                               \
        {"sandbox", required_argument, NULL, OPT_SANDBOX},                                         \
        {"mem", required_argument, NULL, OPT_MEM}, {"out", required_argument, NULL, OPT_OUT},      \
    {                                                                                              \
        "isolation", required_argument, NULL, OPT_ISOLATION                                        \
    }

#define PLAY_OPTIONS_HELP                                                                          \
    "  --game GAME[:k=v,...]  the game and its options (see `arena games`)\n"                      \
    "  --tc BASE+INC          clock per player in seconds, e.g. 5+0.05\n"                          \
    "  --move-time MS         fixed time per move instead of a clock (default 1000)\n"             \
    "  --margin MS            grace on every deadline, paid back from later budgets\n"             \
    "                         (default 50)\n"                                                      \
    "  --seed N               seed of everything random (default: 64 random bits)\n"               \
    "  --isolation KIND       process: each bot in its own sandboxed process (default);\n"         \
    "                         inline: trusted bots called inside the arena (fast, no\n"            \
    "                         protection at all: for your own bots and self-play)\n"               \
    "  --sandbox LEVEL        jail: namespaces, nobody, seccomp, limits (default; on);\n"          \
    "                         seccomp: filter and limits only; off: nothing (debugging)\n"         \
    "  --mem MB               address-space limit of each bot process (default 1024)\n"
/* For the commands that write results (match, tournament; not check). */
#define PLAY_OUT_HELP "  --out DIR              results directory (default results)\n"

#endif
