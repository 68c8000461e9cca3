/* seat_wire.h -- the seat interface's requests in wire terms, for the seat
 * kinds that speak protobuf (seat_process.c locally, seat_remote.c through a
 * remote host): one place that maps a seat_game, a seat_turn and an event onto
 * the messages of proto/arena.proto.
 *
 * Every pointer in the results borrows from the arguments (strings, the
 * observation, the legal list): use the message before they change. */
#ifndef ARENA_SEAT_WIRE_H
#define ARENA_SEAT_WIRE_H

#include "arena.pb-c.h"
#include "seat.h"

/* The Setup of game g; `tc` is its time control, which setup points at. */
void seat_wire_setup(const seat_game *g, Arena__Setup *setup, Arena__TimeControl *tc);
/* The TurnRequest of turn t. */
void seat_wire_turn(const seat_turn *t, Arena__TurnRequest *turn);
/* The Event telling a seat that `who` played `action` (or chance drew it). */
void seat_wire_event(arena_event_kind kind, int who, int32_t action, Arena__Event *ev);
/* The GameOver carrying the game's returns, one a seat. */
void seat_wire_game_over(const double *returns, int num_players, Arena__GameOver *over);

/* Who the bot said it is (its BotInfo), copied into i and cleaned
 * (seat_info_clean): the bot's side of the wire is not trusted. */
void seat_wire_info(const Arena__BotInfo *bi, seat_info *i);

#endif
