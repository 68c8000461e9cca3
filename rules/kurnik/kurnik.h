/* kurnik.h -- internals of the kurnik rule module: Pełny kurnik, the 2-4
 * player henhouse dice game of docs/rules/kurnik.md. Nothing here is
 * exported but arena_rules_entry (module.c).
 *
 * A turn is a short sequence of nodes:
 *   ROLL (chance, 21 outcomes) -> [GIFT (chance, one per opponent)] -> EXCHANGE
 *   (the player: exchanges, then `end`) -> the next seat's ROLL, or the end.
 * The dice's goods, the foxes and the doubles are all settled when the roll is
 * applied; a GIFT node exists only for a doubles with something to give and at
 * least two opponents (with one, the gift goes to it directly: a chance event
 * with a single outcome is not a node).
 *
 * Actions (num_actions = 29), ascending = the order below:
 *   0 egg>chick  1 chick>hen  2 hen>rooster  3 end
 *   4..24   roll:a-b (a <= b), 1-1 1-2 .. 1-6 2-2 .. 6-6
 *   25..28  gift:s, the seat s that receives the gift
 */
#ifndef KURNIK_H
#define KURNIK_H

#include <stddef.h>
#include <stdint.h>

#include "arena/rules.h"

/* The rules version the module reports (arena_rules.version): a change to the
 * rules that changes any game must change it. */
#define KU_VERSION "1.0"

#define KU_ACT_EGG_CHICK 0
#define KU_ACT_CHICK_HEN 1
#define KU_ACT_HEN_ROOSTER 2
#define KU_ACT_END 3
#define KU_ACT_ROLL 4
#define KU_ROLLS 21
#define KU_ACT_GIFT (KU_ACT_ROLL + KU_ROLLS)
#define KU_MAX_SEATS 4
#define KU_NUM_ACTIONS (KU_ACT_GIFT + KU_MAX_SEATS)
#define KU_GOAL 9           /* hens that win at the end of one's turn */
#define KU_MAX_ROUNDS 10000 /* keeps max_game_length far from INT_MAX */
#define KU_NOBODY 0xFFu

enum ku_phase { KU_PHASE_ROLL, KU_PHASE_GIFT, KU_PHASE_EXCHANGE, KU_PHASE_OVER, KU_PHASES };
enum ku_gift { KU_GIFT_NONE, KU_GIFT_CHICK, KU_GIFT_EGG, KU_GIFTS };
enum ku_end { KU_END_NONE, KU_END_HENS, KU_END_ROUNDS, KU_ENDS };

/* The options of one game; copied into every state so that a state stands
 * alone (the ABI passes no game to apply, current_player...). */
typedef struct ku_config {
    uint16_t players;
    uint16_t max_rounds;
} ku_config;

/* One player's goods. 32-bit counts: eggs can pile up for hundreds of turns in
 * play that never exchanges, and an observation may carry any value. */
typedef struct ku_goods {
    uint32_t eggs, chicks, hens, rooster; /* rooster: 0 or 1 */
} ku_goods;

/* One position: flat, no pointers, copied with memcpy(sizeof). Besides the
 * goods and whose turn it is, it keeps what the current turn brought (the roll,
 * the foxes, the gift) so that the board and replays can tell the story. */
struct arena_state {
    ku_config cfg;
    uint8_t to_move;     /* the seat whose turn it is (once over: the last mover) */
    uint8_t phase;       /* enum ku_phase */
    uint8_t end;         /* enum ku_end */
    uint8_t winner;      /* seat with 9 hens, or KU_NOBODY */
    uint8_t die[2];      /* the last roll, die[0] <= die[1]; 0 0 before any */
    uint8_t gift;        /* enum ku_gift: this turn's doubles gift */
    uint8_t gift_to;     /* its recipient, KU_NOBODY while pending or none */
    uint32_t turns;      /* turns completed */
    uint32_t chased;     /* this turn: foxes the rooster chased away */
    uint32_t ate_chicks; /* this turn: chicks the foxes ate */
    uint32_t ate_hens;   /* this turn: hens the foxes ate */
    ku_goods goods[KU_MAX_SEATS];
};

struct arena_game {
    ku_config cfg;
    char options[64]; /* canonical option string */
};

/* options.c */
int ku_options_parse(const char *text, ku_config *cfg, char *err, size_t errlen);
void ku_options_format(const ku_config *cfg, char *buf, size_t cap);
extern const char ku_options_help[];

/* play.c: the turn */
void ku_state_start(arena_state *s, const ku_config *cfg);
int ku_current_player(const arena_state *s);
int ku_legal_actions(const arena_state *s, int32_t *out, int cap);
int ku_chance_outcomes(const arena_state *s, arena_chance_outcome *out, int cap);
int ku_apply(arena_state *s, int32_t action);
void ku_roll_dice(int index, int *low, int *high); /* roll index 0..20 -> dice */
int ku_roll_index(int low, int high);              /* dice -> 0..20, or -1 */

/* rank.c: the finishing order */
void ku_ranks(const arena_state *s, int *rank);
void ku_returns(const arena_state *s, double *out);

/* evaluate.c: the heuristic value of a state for each seat (rules.h:
 * evaluate), from the solved one-player race of each seat (kurnik_engine.h) */
void ku_evaluate(const arena_state *s, double *out);

/* notation.c */
size_t ku_action_name(const arena_state *s, int32_t action, char *buf, size_t cap);
int ku_parse_action(const arena_state *s, const char *text, int32_t *action);

/* observation.c */
size_t ku_observation(const arena_state *s, int seat, uint8_t *buf, size_t cap);
arena_state *ku_from_observation(const arena_game *g, const uint8_t *obs, size_t len);

/* render.c */
size_t ku_render(const arena_state *s, int seat, char *buf, size_t cap);
const char *ku_end_phrase(int end);

/* The round (1-based) of the turn in play, or of the last turn once over. */
static inline uint32_t ku_round(const arena_state *s)
{
    uint32_t t = s->phase == KU_PHASE_OVER && s->turns ? s->turns - 1 : s->turns;
    return t / s->cfg.players + 1;
}

#endif
