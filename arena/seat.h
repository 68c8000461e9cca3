/* seat.h -- one bot at the table, as the referee sees it: in game terms only.
 *
 * The match runner, `arena check` and the tournament talk to seats, never to a
 * transport. A seat kind is a table of operations (seat_ops) behind a small
 * header struct, as libuv's handles are:
 *
 *   process  seat_process.c: the bot in its own sandboxed worker process,
 *            spoken to over ZeroMQ (worker.h); the default.
 *   inline   seat_inline.c: a trusted bot loaded into the arena and called
 *            directly through the bot ABI (botrun.h); no process, no
 *            serialisation. The bot can do anything the arena can.
 *   fakes    tests/arena: scripted seats that test every match transition
 *            without processes.
 *
 * Life of a seat (every call returns OUTCOME_NORMAL, or the outcome code the
 * failure costs the bot with a one-line detail in err):
 *
 *      open --start(game)--> PLAYING --act/event*--> --game_over--> IDLE
 *        ^                      |  any failure                        |
 *        |                      v                                     |
 *        |                   BROKEN --close                           |
 *        +-------------- start(next game) <---------------------------+
 *
 * Invariants: (1) after any failure the seat is broken: every later call
 * fails at once, and the owner closes it; (2) act never blocks past
 * turn->deadline_us by more than the kind's scheduling noise (an inline bot
 * cannot be interrupted: it loses on time when it returns late); (3) the
 * seat does not judge legality or clocks: the match runner does (match.c).
 */
#ifndef ARENA_SEAT_H
#define ARENA_SEAT_H

#include <stddef.h>
#include <stdint.h>

#include "arena/bot.h"
#include "record.h"

/* How long a bot may take to load and say who it is (its constructors run
 * then: tables shared by all its games belong there), and the most a start
 * of a game may take whatever the clock (a start is charged as a move is:
 * match.c). The one place these limits are written. They count time the bot had -- wall-clock time
 * less the time it waited for a processor, as its seat host measures it (worker.h) -- so a loaded
 * machine does not turn a slow start into a forfeit, while a bot that sleeps or blocks in its
 * constructor is still stopped at the limit. */
#if defined(__SANITIZE_ADDRESS__)
#define SEAT_LOAD_TIMEOUT_US (20 * 1000000LL) /* ASan: every bot runs ~10-20x slower */
#define SEAT_START_TIMEOUT_US (40 * 1000000LL)
#else
#define SEAT_LOAD_TIMEOUT_US (5 * 1000000LL)
#define SEAT_START_TIMEOUT_US (10 * 1000000LL)
#endif
/* How long the arena waits for a seat host to start (trusted code, before
 * any of the bot's runs): generous, since only a stuck machine reaches it and
 * a loaded one must not. */
#define SEAT_SPAWN_TIMEOUT_US (60 * 1000000LL)

/* How the detail of a seat's failure begins when the failure is not its
 * bot's but its machine's: a remote seat host was lost (remote_hosts.h),
 * or this machine could not build a jail (jail.h: JAIL_BUILD_FAILED, said
 * by the seat host before any of the bot's code ran). A match with such a
 * failure in it is void whatever else happened in it (match.c makes it the
 * verdict): a tournament plays it again on the hosts still alive
 * (remote_match_run), or, where this machine failed, stops with what it
 * stored and the --resume command (tournament.c), never charging a bot. The words are for people:
 * what decides is the seat's host_lost flag, which only arena code sets -- a bot writes its own
 * answers (a refusal, an error) and could begin them with these words. Only
 * where no seat opened (match.c: pool_take) is the detail read, and every
 * opener begins its errors with the bot's path or with these words from
 * its own knowledge (seat_remote_open, seat_process_open). */
#define SEAT_HOST_LOST "seat host lost"
/* Whether a failure's detail says so (either of the two beginnings). */
int seat_host_lost(const char *detail);

typedef enum seat_kind {
    SEAT_PROCESS = 0, /* sandboxed worker process (default) */
    SEAT_INLINE = 1,  /* trusted bot in the arena's process */
} seat_kind;

/* "process" / "inline"; seat_kind_parse returns -1 for anything else. */
const char *seat_kind_name(seat_kind k);
int seat_kind_parse(const char *s);

/* Who a bot says it is. Strings are owned by the seat_info (seat_info_free). */
typedef struct seat_info {
    char *name, *version, *author, *games;
    int wants_events;   /* the bot has observe() */
    char *options_help; /* the bot table's options_help, "" when it takes none */
} seat_info;

void seat_info_free(seat_info *i);
/* Cleans and caps every string of i in place (text.h): the one list of what a
 * bot says about itself, which reaches tables, terminals and the store. Every
 * seat kind's info is cleaned where it is made: from the bot's table
 * (botrun_info: inline seats, and a jail before it replies, so that a bot with
 * a megabyte of name still fits in one reply) and from the wire
 * (seat_wire_info: the jail's side is not trusted). */
void seat_info_clean(seat_info *i);

/* The game a seat is asked to play. */
typedef struct seat_game {
    const char *game;    /* the rule module's name */
    const char *options; /* canonical */
    int seat;
    int num_players;
    uint64_t seed; /* the bot's own seed */
    arena_time_control tc;
    const char *bot_options; /* the bot's own options, canonical; NULL or "" for none */
    /* The start's limit in time the bot had (its budget plus the margin,
     * match.c): the seat gives up after it, as a turn's timeout_us. */
    int64_t timeout_us;
} seat_game;

/* One request for an action: what a bot is given, as the bot ABI's own
 * struct (an inline seat hands it to the bot as it is, no copy), and the
 * referee's deadline and clock. `bot.clock` is ARENA_CLOCK_WALL, the
 * referee's clock; a seat that charges another (the worker's OWN) builds its
 * bot's turn itself. */
typedef struct seat_turn {
    arena_turn bot;     /* ply, observation, legal, time_left_us, move_budget_us, state */
    int64_t timeout_us; /* budget plus the margin: the seat gives up after this */
    int64_t start_us;   /* arena_now_us() when the turn began (the referee's last clock
                         * reading): an inline seat measures from here and reads the
                         * clock once per move */
} seat_turn;

typedef struct seat seat;

typedef struct seat_ops {
    /* Starts a game: the bot's create(), and whatever of its last game the
     * kind runs only now. A bot that refuses it or fails to load gives
     * OUTCOME_SETUP with its message; past g->timeout_us, OUTCOME_TIME (an
     * inline bot cannot be stopped: it returns late, and the runner judges
     * think_us). think_us and cpu_us as act's: the runner charges them to the
     * bot's time control. */
    int (*start)(seat *s, const seat_game *g, int64_t *think_us, int64_t *cpu_us, char *err,
                 size_t errlen);
    /* The bot's answer (not yet checked for legality), the wall time it took
     * and the CPU time the bot used meanwhile (0 when the kind cannot tell),
     * both measured by the seat. */
    int (*act)(seat *s, const seat_turn *t, int32_t *action, int64_t *think_us, int64_t *cpu_us,
               char *err, size_t errlen);
    /* Another seat's action (kind ARENA_EVENT_ACTION) or a chance outcome
     * (ARENA_EVENT_CHANCE, who = -1). No answer; a failure shows at the
     * seat's next act. */
    void (*event)(seat *s, arena_event_kind kind, int who, int32_t action);
    /* Ends the game; OUTCOME_NORMAL when the seat can start another. */
    int (*game_over)(seat *s, const double *returns, int num_players);
    void (*close)(seat *s);
} seat_ops;

/* The deals a seat has played. A deal is a match seed: the seat orders of a
 * tournament's table and the two games of an SPRT pair share one. Each game
 * of a deal draws its own dice and cards and gives every bot a fresh seed
 * (match.h), so what a process remembers of one game tells it nothing about
 * another; as a second line, the pool (pool.c) never gives a seat a deal it
 * has played, and closes one that has played SEAT_MAX_DEALS (the list is
 * bounded; a fresh process costs milliseconds). */
#define SEAT_MAX_DEALS 1024

/* The part of every seat the runner reads; kinds embed it first. */
struct seat {
    const seat_ops *ops;
    seat_info info;        /* filled when the seat opens */
    int needs_observation; /* 0: act may be given observation NULL (inline bots
                            * that declare ARENA_BOT_STATE_ONLY, perfect information) */
    /* 1 when the bot's memory lives and dies with this seat (its own
     * process), so the pool keeps its deals apart; 0 for an inline bot,
     * whose memory is the arena's: no seat can wipe it (it is trusted). */
    int own_memory;
    /* 1 once a failure of this seat was its machine's: its remote host is
     * lost (set by seat_remote.c from the host's state, never from what the
     * bot sent) */
    int host_lost;
    int n_deals;
    uint64_t deals[SEAT_MAX_DEALS];
};

/* Everything needed to open a seat of a kind. */
typedef struct seat_config {
    seat_kind kind;
    const char *rules_path;   /* process: the game's module (NULL: identity only) */
    const arena_rules *rules; /* inline: the module the arena loaded (NULL: identity only) */
    int sandbox;              /* process: seccomp + rlimits (1) or not (0) */
    int64_t mem_limit_mb;     /* process: address-space limit, 0 = default */
    struct worker_env *env;   /* process: ZeroMQ context and ipc directory */
} seat_config;

/* Opens a seat for the bot at path and learns who it is (s->info). NULL with a
 * one-line error naming the file when it does not load. */
seat *seat_open(const seat_config *cfg, const char *bot_path, char *err, size_t errlen);
seat *seat_process_open(const seat_config *cfg, const char *bot_path, char *err, size_t errlen);
seat *seat_inline_open(const seat_config *cfg, const char *bot_path, char *err, size_t errlen);

/* Convenience wrappers over s->ops. seat_close accepts NULL. */
static inline int seat_start(seat *s, const seat_game *g, int64_t *think_us, int64_t *cpu_us,
                             char *err, size_t errlen)
{
    return s->ops->start(s, g, think_us, cpu_us, err, errlen);
}
static inline int seat_act(seat *s, const seat_turn *t, int32_t *action, int64_t *think_us,
                           int64_t *cpu_us, char *err, size_t errlen)
{
    return s->ops->act(s, t, action, think_us, cpu_us, err, errlen);
}
static inline void seat_event(seat *s, arena_event_kind kind, int who, int32_t action)
{
    s->ops->event(s, kind, who, action);
}
static inline int seat_game_over(seat *s, const double *returns, int num_players)
{
    return s->ops->game_over(s, returns, num_players);
}
static inline void seat_close(seat *s)
{
    if (s) s->ops->close(s);
}

#endif
