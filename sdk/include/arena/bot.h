/* bot.h -- the bot ABI: everything a bot author compiles against.
 *
 * A bot is a shared library that exports one symbol,
 *
 *     const arena_bot *arena_bot_entry(void);
 *
 * returning a versioned, append-only table (see rules.h for the convention).
 * The arena runs every bot in its own sandboxed worker process: a bot may use
 * memory (up to the arena's --mem limit of address space) and CPU, read files
 * (the jail shows /usr and the bot's data directory: BOT.d/ beside BOT.so,
 * mounted at /bot.d, its working directory, so open "book.txt" relative), and
 * print lines to stdout or stderr, but it may not open files for writing, create sockets,
 * start threads or processes, or exec: the worker is single-threaded for the
 * bot, and a forbidden system call loses the game as a "sandbox violation:
 * <call>". A bot that crashes, hangs past its time,
 * answers an illegal action or breaks the sandbox loses that game; the arena
 * carries on and serves the bot's next game from a fresh process.
 *
 * The smallest bot (see sdk/examples/bot-template/):
 *
 *     static void *create(const arena_bot_setup *s, char *err, size_t n) { ... }
 *     static int32_t act(void *b, const arena_turn *t) { return t->legal[0]; }
 *     static void destroy(void *b) { ... }
 *     ARENA_BOT("first", "1.0", "me", "*", create, act, NULL, destroy)
 */
#ifndef ARENA_BOT_H
#define ARENA_BOT_H

#include <stddef.h>
#include <stdint.h>

#include "arena/rules.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ARENA_BOT_ABI_VERSION 1
#define ARENA_BOT_ENTRY "arena_bot_entry"

/* Time control of a game, in microseconds. With move_time_us > 0 every move
 * has that budget; otherwise each seat has a clock of base_us that grows by
 * increment_us after each of its moves. A sandboxed bot is charged the time
 * it had: wall-clock time from the request to its answer less the time it
 * waited for a processor (computing, sleeping and blocking all count; a
 * loaded machine does not). Budgeting by arena_now_us (wall clock) is
 * therefore always safe; arena_turn.clock says which clock a seat is
 * charged on, to use all of it. Every seat can measure how long the others
 * thought (the wall clock runs while a bot is stopped): a search whose time
 * depends on what it hides (its cards, a forced win found early) tells the
 * table about it. */
typedef struct arena_time_control {
    int64_t base_us;
    int64_t increment_us;
    int64_t move_time_us;
} arena_time_control;

/* Given to create() at the start of every game. Pointers live until destroy(). */
typedef struct arena_bot_setup {
    uint32_t struct_size;
    const char *game_name; /* "morris" */
    const char *options;   /* canonical option string of the game */
    int seat;              /* 0-based; seat 0 moves first */
    int num_players;
    uint64_t seed; /* the bot's own seed: use it for all randomness */
    arena_time_control tc;
    const arena_rules *rules; /* the game's rule module, for searching */
    const arena_game *game;   /* the configured game for those rules */
    /* --- appended in 1.2 (read only when struct_size covers it) --------- */
    /* The bot's own options as the user gave them after "NAME:" in --bots
     * ("iterations=2000,c=120"), "" when none; never NULL when present. A bot
     * that takes options parses them with arena_opts_parse (module_kit.h) and
     * refuses bad ones from create() with that one-line error. */
    const char *bot_options;
    /* --- append members of later versions below this line --------------- */
} arena_bot_setup;

/* True when the setup `s` is large enough to hold `member`. */
#define ARENA_BOT_SETUP_HAS(s, member)                                                             \
    ((s)->struct_size >= offsetof(arena_bot_setup, member) + sizeof((s)->member))

/* Given to act() whenever the bot is to move. Pointers live during the call. */
typedef struct arena_turn {
    uint32_t struct_size;
    int ply;                    /* decisions played so far (chance excluded) */
    const uint8_t *observation; /* the game's protobuf Observation, packed */
    size_t observation_len;
    const int32_t *legal; /* legal actions, ascending, num_legal >= 1 */
    int num_legal;
    int64_t time_left_us; /* this seat's clock before the move (with a fixed time
                           * per move no clock runs: tc.base_us, normally 0) */
    /* Answer within this, or lose on time. With a fixed time per move
     * (tc.move_time_us, --move-time) it is that time less what the bot
     * overran before. With a clock (--tc BASE+INC) it is the WHOLE clock
     * left, equal to time_left_us: tc.increment_us is added only after the
     * move, and every later move is paid from what this one leaves: a bot
     * that spends it all has only the increment for each move after (and
     * without one, loses on time at the next). Spend a share, such as
     * time_left_us / 30 + increment_us / 2 (the bot template shows how).
     * The arena allows a small margin past the budget, a grace for
     * scheduling noise that is paid back from later budgets. */
    int64_t move_budget_us;
    /* Perfect-information games: the current state rebuilt from the
     * observation (clone it to search). NULL for hidden-information games. */
    const arena_state *state;
    /* --- appended in 1.3 (read only when ARENA_TURN_HAS(turn, clock)) ---- */
    /* The clock this seat is charged on (ARENA_CLOCK_*): WALL for an inline
     * seat (wall-clock time from the referee's request to the answer); OWN
     * for a sandboxed (process) seat, charged the time it had: wall time less
     * its waits for a processor. For a bot that only computes that is its CPU
     * time (CLOCK_PROCESS_CPUTIME_ID), so on a loaded machine it may think as
     * long by its CPU clock as the budget allows, where the wall clock would
     * stop it early. arena_turn_clock_us (sdk.h) reads the right one. A bot
     * that sleeps or blocks on OWN is still charged that time, and budgeting
     * by arena_now_us remains safe (only slower to use its time). */
    int clock;
    /* --- append members of later versions below this line --------------- */
} arena_turn;

#define ARENA_CLOCK_WALL 0
#define ARENA_CLOCK_OWN 1

/* True when the turn `t` is large enough to hold `member`. */
#define ARENA_TURN_HAS(t, member)                                                                  \
    ((t)->struct_size >= offsetof(arena_turn, member) + sizeof((t)->member))

typedef enum arena_event_kind {
    ARENA_EVENT_ACTION = 0,   /* a seat played `action` (visible to this bot) */
    ARENA_EVENT_CHANCE = 1,   /* a chance outcome `action` was drawn */
    ARENA_EVENT_GAME_OVER = 2 /* returns[] is set */
} arena_event_kind;

typedef struct arena_event {
    uint32_t struct_size;
    arena_event_kind kind;
    int seat;
    int32_t action;
    const double *returns; /* GAME_OVER only: one value per seat */
    int num_players;
} arena_event;

typedef struct arena_bot {
    uint32_t abi_version; /* ARENA_BOT_ABI_VERSION the bot was built with */
    uint32_t struct_size; /* sizeof(arena_bot) the bot was built with */

    /* --- version 1 ----------------------------------------------------- */
    const char *name;
    const char *version;
    const char *author;
    const char *games; /* comma-separated game names, or "*" for any game */
    /* A new player for one game; NULL with a message in err to refuse. It
     * runs on the bot's time, as a move does: with a clock (base_us) what it
     * takes comes off the clock, with move_time_us it has one move's time,
     * and never more than 10 s; a sandboxed bot's end of its previous game
     * (observe, destroy) counts here too. Work shared by every game (tables,
     * books) belongs in a constructor: loading has its own limit, once per
     * process. */
    void *(*create)(const arena_bot_setup *setup, char *err, size_t errlen);
    /* Must return one of turn->legal, within turn->move_budget_us. */
    int32_t (*act)(void *bot, const arena_turn *turn);
    /* Optional (may be NULL): moves of others, chance outcomes, game end. In
     * hidden-information games only the game end: an action may carry what
     * a seat must not see (a card drawn or played face down); the bot learns
     * what it may know from its observation. */
    void (*observe)(void *bot, const arena_event *event);
    void (*destroy)(void *bot);
    /* --- appended in 1.1 (read only when struct_size covers it) --------- */
    uint32_t flags; /* ARENA_BOT_* below; 0 by default */
    /* --- appended in 1.2 ----------------------------------------------- */
    /* Lines of "key=default  meaning", '\n' separated (as a rule module's
     * options_help), or NULL for a bot without options: shown by `arena bots`. */
    const char *options_help;
    /* --- append members of later versions below this line --------------- */
} arena_bot;

/* flags: the bot reads turn->state and turn->legal and never
 * turn->observation. In perfect-information games an inline seat (a trusted
 * bot called inside the arena) may then skip encoding observations: the bot
 * gets observation == NULL, observation_len == 0. Sandboxed bots always get
 * the observation (the worker rebuilds turn->state from it). */
#define ARENA_BOT_STATE_ONLY 0x1u

/* True when the table `b` is large enough to hold `member`. */
#define ARENA_BOT_HAS(b, member)                                                                   \
    ((b)->struct_size >= offsetof(arena_bot, member) + sizeof((b)->member))

typedef const arena_bot *(*arena_bot_entry_fn)(void);

/* Declares the exported entry point of a bot in one line. */
#define ARENA_BOT(NAME, VERSION, AUTHOR, GAMES, CREATE, ACT, OBSERVE, DESTROY)                     \
    ARENA_BOT_FLAGS(NAME, VERSION, AUTHOR, GAMES, CREATE, ACT, OBSERVE, DESTROY, 0u)

/* The same with flags (ARENA_BOT_STATE_ONLY). */
#define ARENA_BOT_FLAGS(NAME, VERSION, AUTHOR, GAMES, CREATE, ACT, OBSERVE, DESTROY, FLAGS)        \
    ARENA_BOT_OPTIONS(NAME, VERSION, AUTHOR, GAMES, CREATE, ACT, OBSERVE, DESTROY, FLAGS, NULL)

/* The same with flags and an options help text (a bot that takes options). */
#define ARENA_BOT_OPTIONS(NAME, VERSION, AUTHOR, GAMES, CREATE, ACT, OBSERVE, DESTROY, FLAGS,      \
                          HELP)                                                                    \
    ARENA_EXPORT const arena_bot *arena_bot_entry(void)                                            \
    {                                                                                              \
        static const arena_bot table = {ARENA_BOT_ABI_VERSION,                                     \
                                        sizeof(arena_bot),                                         \
                                        NAME,                                                      \
                                        VERSION,                                                   \
                                        AUTHOR,                                                    \
                                        GAMES,                                                     \
                                        CREATE,                                                    \
                                        ACT,                                                       \
                                        OBSERVE,                                                   \
                                        DESTROY,                                                   \
                                        FLAGS,                                                     \
                                        HELP};                                                     \
        return &table;                                                                             \
    }

#ifdef __cplusplus
}
#endif
#endif
