/* replay_internal.h -- what the replay files share: one replay in progress. */
#ifndef ARENA_REPLAY_INTERNAL_H
#define ARENA_REPLAY_INTERNAL_H

#include <stdio.h>

#include "loader.h"
#include "replay.h"

typedef struct replay_run {
    const Arena__MatchLog *log;
    const char *path; /* of the log, for messages */
    const replay_opts *o;
    FILE *out;
    loaded_rules *lr;
    const arena_rules *r;
    arena_game *game;
    arena_state *state;
    int np;
    int plies;   /* the players' actions applied so far */
    char *board; /* render buffer, grown as needed */
    size_t board_cap;
    /* --turns: the turn being gathered (consecutive actions of one seat) */
    char turn[1024];
    int turn_seat, turn_index, turn_len, turn_multi;
    int64_t turn_think;
} replay_run;

/* "White"/"Black" in two-player games, "[2 random]" otherwise, "chance" for -1. */
void replay_seat_label(const replay_run *run, int seat, char *buf, size_t len);
/* "Black", or "seat 2 (random)" for prose. */
void replay_seat_who(const replay_run *run, int seat, char *buf, size_t len);
/* Whether a stand-in plays `seat` at this point (MatchLog.stand_in_ply). */
int replay_stand_in(const replay_run *run, int seat);
/* The action's name at the current state, or "#17" when out of range. */
void replay_action_name(const replay_run *run, int32_t a, char *buf, size_t len);

/* Prints "replay: LOG: differs at action N (Black a1-d4): why"; la NULL: after N. */
void replay_differs(replay_run *run, int index, const Arena__LoggedAction *la, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Output, each silent under --quiet (the board also under --no-board). */
void replay_print_header(const replay_run *run);
void replay_print_action(const replay_run *run, int index, const Arena__LoggedAction *la,
                         const char *note);
void replay_print_board(replay_run *run);
/* --turns: gathers an action (named before it is applied) into the current turn,
 * printing the previous turn when the seat changes; flush prints the last. */
void replay_turn_add(replay_run *run, int index, const Arena__LoggedAction *la);
void replay_turn_flush(replay_run *run);
/* --step: waits for Enter (on a terminal). */
void replay_step_pause(const replay_run *run);

/* After the last action: prints the result and how it ended, compares both
 * with the log; 0 reproduced, 1 not (the difference printed). */
int replay_verify_end(replay_run *run);

#endif
