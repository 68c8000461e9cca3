/* fake_seat.h -- scripted seats for the match runner's tests: each does what
 * its script says at a given ply (fail with an outcome, answer an illegal
 * action, answer late) and records every call it got. */
#ifndef ARENA_TEST_FAKE_SEAT_H
#define ARENA_TEST_FAKE_SEAT_H

#include "pool.h"
#include "seat.h"

typedef enum fake_fault {
    FAKE_NONE = 0,
    FAKE_OPEN,    /* the pool cannot open the seat */
    FAKE_START,   /* start() refuses the game */
    FAKE_FAIL,    /* act() fails with `code` at ply `at` */
    FAKE_ILLEGAL, /* act() answers an action that is not legal at ply `at` */
    FAKE_LATE,    /* act() answers legally but after the deadline at ply `at` */
    FAKE_WORN,    /* plays well, but game_over() says it is worn out (as a
                   * process seat past half its CPU limit does) */
} fake_fault;

typedef struct fake_script {
    fake_fault fault;
    int at;   /* the seat's own turn number (0 = its first act) */
    int code; /* OUTCOME_* for FAKE_FAIL */
    int wants_events;
    int own_memory; /* as a process seat: the pool keeps its deals apart (seat.h) */
    int64_t start_us; /* the time start() says the bot took */
    int64_t think_us; /* the time each act() says it took (0: 1 us) */
    int64_t over_us;  /* when set: each act() takes the budget it is told and this */
    const char *detail; /* FAKE_FAIL's words, when set (what a bot could write) */
    int host_lost;      /* FAKE_FAIL: as a remote seat whose host is lost (seat.h) */
} fake_script;

#define FAKE_MAX_EVENTS 512

/* What one seat saw; kept by the test after the seat is closed. */
typedef struct fake_log {
    int opened, started, acts, game_overs, closed;
    int seat, num_players;
    uint64_t seed;
    int64_t start_timeout_us;   /* the last start's limit */
    int64_t first_time_left_us; /* time_left_us at the last game's first act */
    double returns[8];
    int n_events;
    struct {
        arena_event_kind kind;
        int who;
        int32_t action;
    } events[FAKE_MAX_EVENTS];
    seat *last; /* the seat object last opened */
} fake_log;

/* The pool's opener: ctx is a fake_table; entrant i opens with script[i]
 * (entrants are told apart by their position in `who`). */
typedef struct fake_table {
    const entrant *who[8];
    fake_script script[8];
    fake_log log[8];
} fake_table;

seat *fake_seat_open(void *ctx, const entrant *e, char *err, size_t errlen);

#endif
