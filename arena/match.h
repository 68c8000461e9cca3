/* match.h -- playing one match: the arena is the only authority on the game.
 *
 * The runner talks to seats (seat.h) in game terms and never to a transport;
 * the same code referees sandboxed processes, inline bots and test fakes.
 *
 * States of a match and the function that leaves each (match.c):
 *
 *   SETUP      every seat is taken from the pool and started      -> start_seats
 *              a seat that fails to open or start forfeits          -> OVER (setup)
 *              (at a table of three or more: OUT, and on to the next seat)
 *   CHANCE     the arena draws the outcome (chance.h)               -> play_chance
 *              every started seat that wants events is told
 *   AWAITING   the seat to move gets the turn; the answer must come
 *              within its budget plus the margin and be legal       -> play_turn
 *              crash / sandbox / garbage / time / illegal           -> OVER (forfeit)
 *              (at a table of three or more, while two seats stay in: OUT)
 *              the other seats that want events are told the action
 *   OUT        a seat that forfeited at a larger table: a stand-in plays it
 *              (a legal action from the match seed's stand-in stream) so
 *              that the others finish their game                    -> play_stand_in
 *   ADJUDGED   the ply limit is reached (a draw)                    -> OVER (adjudication)
 *   OVER       returns fixed; every seat that answered everything
 *              gets game_over and, if it can play on, goes back to
 *              the pool; failed seats are closed                    -> finish_seats
 *
 * Invariants: (1) only the arena applies actions to the state; (2) every action
 * applied is logged with its seat, chance included, in the order applied (a
 * stand-in's too, with no think time; the log says from which ply it played a
 * seat: MatchLog.stand_in_ply); (3) a forfeit names the seat at fault
 * (culprit), the match's verdict, and ranks it last: in a two-player game the
 * other seat wins; at a larger table the game goes on with a stand-in for the
 * culprit, the others' returns are the game's (a draw if adjudicated, or
 * if only one seat is left in), and every seat out ranks below them all, the
 * first out lowest -- ending the game at the forfeit would hand the others'
 * result to the culprit, who chooses the moment; the verdict is the first
 * forfeit, but a seat that failed because its host was lost (seat.h) takes
 * it from any other: the match is void and played again; (4) a seat is returned
 * to the pool only if it answered every request of the match and its
 * game_over succeeded; (5) a bot's seed and the chance stream are one-way
 * derivations of the match seed (seed.h), and the stream is a cipher's
 * keystream (chance.h), so no bot can learn another's seed or the dice to
 * come, even from the dice it saw; (6) in a hidden-information game no seat
 * is told another's action or a chance outcome (events), only what its own
 * observation shows.
 */
#ifndef ARENA_MATCH_H
#define ARENA_MATCH_H

#include <stdio.h>

#include "arena.pb-c.h"
#include "arena/bot.h"
#include "loader.h"
#include "pool.h"
#include "record.h"

typedef struct match_spec {
    const loaded_rules *lr;
    const arena_game *game;
    const char *options; /* canonical */
    int num_players;
    const entrant *seat[ARENA_MAX_PLAYERS];
    int seat_entrant[ARENA_MAX_PLAYERS]; /* indices into the tournament's entrants */
    uint64_t seed;
    uint32_t index;
    const char *tournament; /* label for the log, may be "" */
    arena_time_control tc;
    int64_t margin_us; /* grace on top of every budget (transport, scheduling) */
    int max_plies;     /* adjudicated as a draw beyond this; 0 = rules' maximum */
    FILE *show;        /* when set: the board after every action */
} match_spec;

/* Plays the match. Always fills rec and returns the log (free with
 * match_log_free); a misbehaving bot only ends the match. NULL only when the
 * arena itself failed (out of memory). */
Arena__MatchLog *match_run(const match_spec *spec, seat_pool *pool, match_record *rec);
void match_log_free(Arena__MatchLog *log);

/* Whether action is among the n legal actions (ascending, rules.h): the
 * referee's legality check, the only one. */
int match_is_legal(const int32_t *legal, int n, int32_t action);

/* The seeds of a match. The games of one deal (the seat orders of a table,
 * the two games of an SPRT pair) share a match seed, but no seed, no dice
 * and no cards come back in another game of the deal: a bot's processes can
 * pass what one game showed to the next (a red-team bot did, through the
 * page cache's timing, which no jail closes), and would then know the dice
 * and cards before they came, and -- from the choices an opponent's seeded
 * randomness made in the first game -- that opponent's next moves (another
 * red-team bot predicted 42 of 45 while bot seeds were the entrant's).
 *   match_seat_order   which entrant sits where, as one number: what tells
 *                      the games of a deal apart
 *   match_chance_seed  the chance stream's: the match seed's and the seat
 *                      order's, so each game of a deal draws its own
 *   match_bot_seed     a seat's bot seed: the match seed's, the seat
 *                      order's and the seat's, so each bot gets a fresh one
 *                      in each game of a deal */
uint64_t match_seat_order(const int *seat_entrant, int num_players);
uint64_t match_chance_seed(uint64_t match_seed, uint64_t seat_order);
uint64_t match_bot_seed(uint64_t match_seed, uint64_t seat_order, int seat);

#endif
