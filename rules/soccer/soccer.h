/* soccer.h -- internals of the paper-soccer rule module (docs/rules/soccer.md)
 * beyond the engine API (include/soccer_engine.h): the module state and the
 * functions behind the ABI table. Only the engine's sources, module.c and the
 * soccer tests include it; nothing is exported but arena_rules_entry
 * (module.c).
 *
 * Actions are the 8 step directions (soccer_pitch.h): 0 N, 1 NE, 2 E, 3 SE, 4 S,
 * 5 SW, 6 W, 7 NW; their names are the digits "0".."7". A turn is one or more
 * steps of the same seat (bounces), written as the digits in a row ("1207").
 *
 * The position is the ball and one byte per field point of blocked steps
 * (soccer_pitch.h): a drawn segment is two bits, one at each end, so legality is one
 * bit test and the bounce test is "the target's byte was not zero". */
#ifndef SOCCER_H
#define SOCCER_H

#include <stddef.h>
#include <stdint.h>

#include "arena/rules.h"
#include "soccer_engine.h"

#define SO_NUM_ACTIONS SO_DIRS
/* Digits of a turn kept for display (render, observation); a longer turn keeps
 * its first SO_TURN_KEEP steps and its full length. */
#define SO_TURN_KEEP 24

enum so_end { SO_END_NONE, SO_END_GOAL, SO_END_OWN_GOAL, SO_END_BLOCKED, SO_END_COUNT };

/* One position: flat, no pointers, copied with memcpy(state_size); the pitch
 * size is in it because the ABI passes no game to apply, render... Laid out
 * without padding so that equal positions are equal bytes. */
struct arena_state {
    so_dims dims;
    uint8_t to_move; /* the seat whose step it is; once over, the seat that made the last step */
    uint8_t over;    /* 1 once terminal */
    uint8_t winner;  /* once over */
    uint8_t end;     /* enum so_end */
    int8_t ball_x;   /* ball; in a goal at the end: ball_y = -1 or height + 1 */
    int8_t ball_y;
    uint8_t reserved;           /* zero */
    uint16_t steps;             /* plies: steps played */
    uint16_t turn_len;          /* steps of the turn in progress (once over: of the last turn) */
    uint16_t last_len;          /* steps of the turn before it, by the other seat */
    uint8_t turn[SO_TURN_KEEP]; /* their first digits; the unused rest is zero */
    uint8_t last[SO_TURN_KEEP];
    uint8_t mask[]; /* so_num_points bytes: blocked steps per field point */
};

struct arena_game {
    so_dims dims;
    char options[64]; /* canonical option string */
};

/* options.c (so_options_parse and so_options_format: soccer_engine.h) */
extern const char so_options_help[];

/* state.c */
size_t so_state_size(const so_dims *dims);
void so_state_start(arena_state *s, const so_dims *dims);
int so_legal_actions(const arena_state *s, int32_t *out, int cap);
int so_apply(arena_state *s, int32_t action);
int so_ball_point(const arena_state *s); /* field index of the ball; -1 in a goal */

/* notation.c */
size_t so_action_name(const arena_state *s, int32_t action, char *buf, size_t cap);
int so_parse_action(const arena_state *s, const char *text, int32_t *action);
/* The digits of a recorded turn ("1207", "0120...(31)" when truncated). */
void so_turn_text(const uint8_t *digits, int len, char *buf, size_t cap);

/* observation.c */
size_t so_observation(const arena_state *s, int seat, uint8_t *buf, size_t cap);
arena_state *so_from_observation(const arena_game *g, const uint8_t *obs, size_t len);

/* render.c */
size_t so_render(const arena_state *s, int seat, char *buf, size_t cap);
const char *so_end_phrase(int end);

#endif
