/* seat_wire.c -- seat requests as wire messages (see seat_wire.h). */
#include "seat_wire.h"
#include "text.h"

void seat_wire_setup(const seat_game *g, Arena__Setup *setup, Arena__TimeControl *tc)
{
    arena__setup__init(setup);
    arena__time_control__init(tc);
    tc->base_us = g->tc.base_us;
    tc->increment_us = g->tc.increment_us;
    tc->move_time_us = g->tc.move_time_us;
    setup->game = (char *)g->game;
    setup->options = (char *)g->options;
    setup->seat = (uint32_t)g->seat;
    setup->num_players = (uint32_t)g->num_players;
    setup->seed = g->seed;
    setup->tc = tc;
    setup->bot_options = (char *)(g->bot_options ? g->bot_options : "");
}

void seat_wire_turn(const seat_turn *st, Arena__TurnRequest *turn)
{
    const arena_turn *t = &st->bot;
    arena__turn_request__init(turn);
    turn->ply = (uint32_t)t->ply;
    turn->observation.len = t->observation_len;
    turn->observation.data = (uint8_t *)t->observation;
    turn->n_legal = (size_t)t->num_legal;
    turn->legal = (int32_t *)t->legal;
    turn->time_left_us = t->time_left_us;
    turn->move_budget_us = t->move_budget_us;
}

void seat_wire_event(arena_event_kind kind, int who, int32_t action, Arena__Event *ev)
{
    arena__event__init(ev);
    ev->kind = kind == ARENA_EVENT_CHANCE ? ARENA__EVENT__KIND__CHANCE : ARENA__EVENT__KIND__ACTION;
    ev->seat = who;
    ev->action = action;
}

void seat_wire_game_over(const double *returns, int num_players, Arena__GameOver *over)
{
    arena__game_over__init(over);
    over->returns = (double *)returns;
    over->n_returns = num_players > 0 ? (size_t)num_players : 0;
}

void seat_wire_info(const Arena__BotInfo *bi, seat_info *i)
{
    i->name = text_dup(bi->name);
    i->version = text_dup(bi->version);
    i->author = text_dup(bi->author);
    i->games = text_dup(bi->games);
    i->wants_events = bi->wants_events;
    i->options_help = text_dup(bi->options_help);
    seat_info_clean(i);
}
