/* sprt_run.h -- `arena sprt`: NEW against OLD in game pairs (one seed, seats
 * swapped) until the pentanomial SPRT (sprt.h) accepts a hypothesis.
 *
 * Pair p is matches 2p (NEW moves first) and 2p+1 (OLD first), both with the
 * seed arena_seed_derive(seed, p): exactly the schedule of a two-bot round
 * robin, so the games are stored, logged and rated like a tournament's (a
 * tournament row of format 'sprt' with an sprt_runs row for the verdict).
 * With -j N, N pairs are played at once, but pairs are counted strictly in
 * order: the test is the same sequential test whatever N, and pairs finished
 * after the one that crossed a bound are stored and logged but not counted.
 * The test stops at a bound (H1 or H0 accepted), at --max-games, at Ctrl-C
 * (the pairs being played finish first; a second Ctrl-C quits at once) or when
 * storing fails (verdict 'stopped'). A game of more than two seats is
 * refused unless the pairwise model is chosen (sprt_opts.field). */
#ifndef ARENA_SPRT_RUN_H
#define ARENA_SPRT_RUN_H

#include <stdint.h>

#include "arena/bot.h"
#include "session.h"
#include "sprt.h"

typedef struct sprt_opts {
    const char *game_spec;
    const char *bots[2]; /* NEW, OLD: names or paths, with options */
    /* The pairwise model of a game of k > 2 seats: these k - 2 bots take the
     * other seats (NEW in seat 0 and OLD in seat 1, then swapped; the field
     * keeps seats 2..k-1), and NEW's score in a game is its result against
     * OLD alone (tally_score of their returns). */
    const char *const *field;
    int n_field;
    sprt_params params;
    int64_t max_games; /* 0: no limit */
    int jobs;
    arena_time_control tc;
    const char *tc_text;
    int64_t margin_us;
    uint64_t seed;
    const char *out_dir;
    session_isolation iso;
    int progress; /* 2 live line on a terminal else plain lines, 0 plain, -1 silent */
} sprt_opts;

/* Runs it; the exit status: 0 when the test ran (whatever its verdict), 1 on
 * a failure, 2 on bad input (a game of more seats without as many field bots
 * among them), 130 when interrupted (Ctrl-C), 143 when terminated (SIGTERM). */
int sprt_run(const sprt_opts *o);

/* The status line: LLR with its bounds, games with W/D/L, the pentanomial
 * counts, Elo ± 95 % and LOS (nElo too with the normalised model). */
void sprt_status_line(const sprt_params *p, const sprt_counts *c, double llr, char *buf,
                      size_t len);

#endif
