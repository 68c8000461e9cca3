/* kursk.h -- internals of the kursk rule module: KURSK, the 2-3 player
 * hidden-information card race of docs/rules/kursk.md. Nothing here is
 * exported but arena_rules_entry (module.c); bots and tests that compile the
 * module's sources in (or poke a flat state) use these names.
 *
 * Cards are tracked by rank only (suits have no effect): every pile and hand
 * is a count per rank, every draw a chance node over the ranks left, weighted
 * by their counts. The state holds the public part of the game (fields,
 * piles, whose node it is, what is pending) and the placement of the hidden
 * cards (hands, deck, a face-down combat card); observation.c writes what one
 * seat may see of it and sample.c deals the rest at random again.
 *
 * The flow of a game is a small machine (play.c): `phase` is the kind of the
 * current node and `stage` says what follows once a chain of draws and random
 * discards (draw_left, the hand limit) has settled:
 *   FIRST -> DRAW*3 per seat (deal) -> MULLIGAN per seat [-> DRAW*3] -> TURN
 *   TURN: play -> [FIGHT] -> combat -> [SPECIAL_DRAW*2 -> USE -> effect]
 *         draw -> DRAW*1|2;  claim -> OVER
 *   combat: DRAW (step 1) -> ATTACK [-> TOP_A] -> DEFEND [-> TOP_D] -> reveal,
 *           a tie back to ATTACK; the Joker theft [-> LOSE]; discard; move back.
 *
 * Actions (num_actions = KS_NUM_ACTIONS), ascending = the order below:
 *   0..9    play:R  (R = A 2 3 4 5 6 7 J Q K)   10..16  play:X=1 .. play:X=7
 *   17 draw  18 claim  19 keep  20 mulligan      21..23  fight:S
 *   24..34  hand:R (R = A .. K, X)               35 deck
 *   36..83  use:C@T, 6 targets per card C: seats 0..2, then the sections
 *           propulsion, living, torpedo
 *   chance: 84..86 first:S  87..97 draw:R  98..108 top:R  109..119 lose:R
 *           120..130 take:R  131..138 special:C */
#ifndef KURSK_H
#define KURSK_H

#include <stddef.h>
#include <stdint.h>

#include "arena/rules.h"

#define KS_MAX_SEATS 3
#define KS_RANKS 11 /* A 2 3 4 5 6 7 J Q K X */
#define KS_JOKER 10
#define KS_NOCARD 11 /* a blind combat card when no card is left at all: worth 0 */
#define KS_KINDS 8   /* special cards */
#define KS_TARGETS 6 /* seats 0..2, sections 0..2 */
#define KS_END_FIELD 24
#define KS_HAND_LIMIT 4
#define KS_MAX_ROUNDS 1000
#define KS_NOBODY 0xFFu

enum {
    KS_ACT_PLAY = 0,
    KS_ACT_PLAY_X = 10,
    KS_ACT_DRAW = 17,
    KS_ACT_CLAIM = 18,
    KS_ACT_KEEP = 19,
    KS_ACT_MULLIGAN = 20,
    KS_ACT_FIGHT = 21,
    KS_ACT_HAND = 24,
    KS_ACT_DECK = 35,
    KS_ACT_USE = 36,
    KS_ACT_FIRST = KS_ACT_USE + KS_KINDS * KS_TARGETS, /* 84 */
    KS_ACT_DRAWN = KS_ACT_FIRST + KS_MAX_SEATS,        /* 87 */
    KS_ACT_TOP = KS_ACT_DRAWN + KS_RANKS,              /* 98 */
    KS_ACT_LOSE = KS_ACT_TOP + KS_RANKS,               /* 109 */
    KS_ACT_TAKE = KS_ACT_LOSE + KS_RANKS,              /* 120 */
    KS_ACT_SPECIAL = KS_ACT_TAKE + KS_RANKS,           /* 131 */
    KS_NUM_ACTIONS = KS_ACT_SPECIAL + KS_KINDS         /* 139 */
};

/* The special cards, in the rules page's table order. */
enum ks_kind {
    KS_SILENT_RUNNING,
    KS_DEPTH_CHARGE,
    KS_FLOODING,
    KS_SEARCH,
    KS_BRIBE,
    KS_SUPPLIES,
    KS_ALARM,
    KS_SWAP
};
enum ks_target_kind { KS_TGT_PLAYER, KS_TGT_OPPONENT, KS_TGT_SECTION };

/* The kind of the current node. */
enum ks_phase {
    KS_PH_FIRST,        /* chance first:S */
    KS_PH_DRAW,         /* chance draw:R into actor's hand */
    KS_PH_MULLIGAN,     /* actor: keep or mulligan */
    KS_PH_TURN,         /* to_move: play, draw or claim */
    KS_PH_FIGHT,        /* to_move: fight:S among two opponents on the field */
    KS_PH_ATTACK,       /* attacker: hand:R or deck */
    KS_PH_TOP_A,        /* chance top:R, the attacker's blind card */
    KS_PH_DEFEND,       /* defender: hand:R or deck */
    KS_PH_TOP_D,        /* chance top:R, the defender's blind card */
    KS_PH_LOSE,         /* chance lose:R, a random discard from actor's hand */
    KS_PH_TAKE,         /* chance take:R, a Bribe from victim to to_move */
    KS_PH_SPECIAL_DRAW, /* chance special:C, shown to all */
    KS_PH_USE,          /* to_move: use:C@T */
    KS_PH_OVER,
    KS_PHASES
};

/* What follows when the draws and discards of the current chain have settled. */
enum ks_stage {
    KS_ST_NONE,     /* nothing pending */
    KS_ST_DEAL,     /* dealing: the next seat's three cards, then the mulligans */
    KS_ST_MULLIGAN, /* after a mulligan's new cards: the next seat decides */
    KS_ST_END_TURN, /* the turn is over */
    KS_ST_COMBAT,   /* after the attacker's step-1 draw: the attacker chooses */
    KS_ST_THEFT,    /* after the Joker theft (and its discard): finish the combat */
    KS_ST_ALARM,    /* after one Alarm discard: the next player in the section */
    KS_STAGES
};

enum ks_source { KS_SRC_NONE, KS_SRC_HAND, KS_SRC_DECK };
enum ks_end { KS_END_NONE, KS_END_CLAIM, KS_END_ROUNDS, KS_ENDS };

typedef struct ks_config {
    uint16_t players;
    uint16_t max_rounds;
} ks_config;

/* One position: flat, copied with memcpy(sizeof). */
struct arena_state {
    ks_config cfg;
    uint8_t phase, stage;
    uint8_t to_move;   /* whose turn (or KS_NOBODY before the first is drawn) */
    uint8_t first;     /* the first player, KS_NOBODY before the draw */
    uint8_t actor;     /* DRAW/LOSE/MULLIGAN: whose hand; TAKE: the victim */
    uint8_t draw_left; /* cards still to draw into actor's hand */
    uint8_t end, winner;
    uint16_t turns; /* turns completed */
    uint8_t field[KS_MAX_SEATS];
    uint8_t hand[KS_MAX_SEATS][KS_RANKS];
    uint8_t deck[KS_RANKS], discard[KS_RANKS];
    uint8_t sdeck[KS_KINDS], sdiscard[KS_KINDS];
    uint8_t shown[2], nshown;  /* special cards shown (kinds) */
    uint8_t used, used_target; /* the special card played this turn, or KS_NOBODY */
    uint8_t landed;            /* field the mover's card move landed on */
    uint8_t alarm_left;        /* bit per seat: Alarm discards still to make */
    /* combat */
    uint8_t attacker, defender; /* KS_NOBODY outside a combat */
    uint8_t a_src, d_src;       /* enum ks_source of the current face-down cards */
    uint8_t a_card;             /* the attacker's face-down card (rank) */
    uint8_t table[KS_RANKS];    /* revealed tied cards lying on the table */
    uint8_t last_a, last_d;     /* the last combat's final cards, KS_NOBODY before */
    uint8_t last_winner, last_loser;
};

struct arena_game {
    ks_config cfg;
    char options[64];
};

/* options.c */
int ks_options_parse(const char *text, ks_config *cfg, char *err, size_t errlen);
void ks_options_format(const ks_config *cfg, char *buf, size_t cap);
extern const char ks_options_help[];

/* cards.c: values, piles, special-card targets, fields */
int ks_move_value(int rank);   /* A=1 .. K=4; a Joker 0 (it is named) */
int ks_combat_value(int rank); /* a Joker 7, no card 0 */
int ks_count(const uint8_t *pile, int n);
int ks_hand_size(const arena_state *s, int seat);
int ks_section(int field); /* 0 propulsion, 1 living, 2 torpedo */
int ks_is_special_field(int field);
int ks_bounce(int from, int delta);  /* a move with bounces at 0 and 24 */
int ks_target_kind(int kind);        /* enum ks_target_kind */
int ks_total(int rank, int players); /* copies of a rank in the main deck */
extern const char ks_rank_chars[KS_RANKS + 1];
extern const char *const ks_kind_names[KS_KINDS];
extern const char *const ks_section_names[3];

/* play.c: the machine */
void ks_state_start(arena_state *s, const ks_config *cfg);
int ks_current_player(const arena_state *s);
int ks_legal_actions(const arena_state *s, int32_t *out, int cap);
int ks_chance_outcomes(const arena_state *s, arena_chance_outcome *out, int cap);
int ks_apply(arena_state *s, int32_t action);
void ks_step(arena_state *s, int32_t action); /* a legal action, without settling */
int ks_use_legal(const arena_state *s, int kind, int target);

/* effects.c: what happens between nodes */
void ks_to_discard(arena_state *s, int rank, int n);
void ks_settle(arena_state *s); /* runs the flow on to the next real node */
void ks_resume(arena_state *s); /* the stage after a settled chain */
void ks_end_turn(arena_state *s);
void ks_after_move(arena_state *s);
void ks_start_combat(arena_state *s, int defender);
void ks_combat_reveal(arena_state *s, int d_card);
void ks_special_effect(arena_state *s, int kind, int target);
void ks_enter_hand(arena_state *s, int seat, int rank);
void ks_start_draws(arena_state *s, int seat, int n, int stage);

/* rank.c */
void ks_ranks(const arena_state *s, int *rank);
void ks_returns(const arena_state *s, double *out);

/* notation.c */
size_t ks_action_name(const arena_state *s, int32_t action, char *buf, size_t cap);
int ks_parse_action(const arena_state *s, const char *text, int32_t *action);

/* observation.c and sample.c */
size_t ks_observation(const arena_state *s, int seat, uint8_t *buf, size_t cap);
arena_state *ks_sample_state(const arena_game *g, const uint8_t *obs, size_t len, uint64_t seed);

/* evaluate.c: the heuristic value of a full state for each seat (rules.h:
 * evaluate), from each seat's field, cards and Jokers and what is pending */
void ks_evaluate(const arena_state *s, double *out);

/* render.c */
size_t ks_render(const arena_state *s, int seat, char *buf, size_t cap);
const char *ks_end_phrase(int end);

/* The round (1-based) of the turn in play, or of the last turn once over. */
static inline unsigned ks_round(const arena_state *s)
{
    unsigned t = s->phase == KS_PH_OVER && s->turns ? s->turns - 1u : s->turns;
    return t / s->cfg.players + 1u;
}

#endif
