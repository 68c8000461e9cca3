/* morris_engine.h -- the morris engine: the rules of Nine Men's Morris (Młynek)
 * and its variants lasker, knight, rook and cross (docs/rules/morris.md) as
 * a C library for search bots.
 *
 * The library `morris_engine` (rules/morris/CMakeLists.txt) is built once from
 * the rule sources and linked statically both by the rule module
 * (rules/libmorris.so, whose legal_actions and apply are mo_legal_actions and
 * mo_apply below) and by every bundled bot that searches with the rules
 * (plugins/morris_ab). So a bot searches with exactly the referee's rules, on
 * the module's own flat states, without a function-pointer call per node.
 * Inside each .so the engine's names stay hidden (hidden visibility and
 * --exclude-libs): only the ABI entry points are exported.
 *
 * What is stable (changes only together with MORRIS_ENGINE_VERSION, which is
 * also the module's arena_rules.version, so logs show it):
 *  - action numbers and their notation, point numbers, mill-line numbers;
 *  - what mo_legal_actions, mo_apply, mo_from_observation and the options
 *    functions answer: the same as the module, since they are the module's.
 * What is not (any commit may change it; the bundled bots are rebuilt with it,
 * and a bot built outside the tree uses the rules.h ABI instead):
 *  - the layout of arena_state and arena_game, and the geometry tables. Never
 *    store or send a state: the observation is the wire format;
 *  - everything declared in the module-private morris.h.
 * A bot built on this still checks once per game that its legal list is the
 * referee's (arena/legal_check.h): a bot .so and a module from different
 * builds can meet.
 *
 * Points are numbered ring * 8 + pos: ring 0 is the outer square, 2 the inner,
 * pos runs clockwise from the top-left corner (the (ring, pos) grid of the rules
 * page, which the knight variant moves on):
 *   0..7    a7 d7 g7 g4 g1 d1 a1 a4
 *   8..15   b6 d6 f6 f4 f2 d2 b2 b4
 *   16..23  c5 d5 e5 e4 e3 d3 c3 c4
 * A board of one colour is a bit mask of these points (bit i = point i).
 *
 * Actions (num_actions = 624), ascending order = placements, moves, removals:
 *   0..23     place a piece from hand on point p           "d2"
 *   24..599   24 + from * 24 + to: move, fly, jump, slide  "a1-d1"
 *   600..623  600 + p: remove the opponent piece on p      "xg7"
 *
 * Mill lines 0..15: the four sides of each ring (ring 0: 0 top, 1 right,
 * 2 bottom, 3 left; ring 1: 4..7; ring 2: 8..11), then the cross lines
 * 12 d7-d6-d5, 13 g4-f4-e4, 14 d1-d2-d3, 15 a4-b4-c4.
 */
#ifndef MORRIS_ENGINE_H
#define MORRIS_ENGINE_H

#include <stddef.h>
#include <stdint.h>

#include "arena/rules.h"

/* The version of these rules (the module's arena_rules.version): a change to
 * the rules that changes any game must change it. */
#define MORRIS_ENGINE_VERSION "1.0"

#define MO_POINTS 24
#define MO_ALL 0xFFFFFFu
#define MO_LINES 16
#define MO_ACT_MOVE 24
#define MO_ACT_REMOVE 600
#define MO_NUM_ACTIONS 624
/* More than any position has: placements (< 24) plus moves of 10 pieces (at
 * most 6 rook targets each), or 3 flying pieces with 21 empty points each. */
#define MO_MAX_LEGAL 128
#define MO_NO_LINE 0xFFFFu /* an empty last-mill slot */
#define MO_DRAW 2          /* arena_state.winner of a drawn game */
#define MO_MAX_TURNS 10000 /* keeps max_game_length and the state size bounded */
#define MO_MAX_REPETITION 100

enum mo_variant { MO_CLASSIC, MO_LASKER, MO_KNIGHT, MO_ROOK, MO_CROSS, MO_VARIANTS };

/* How a game ended; the order is also the order of the end checks. */
enum mo_end {
    MO_END_NONE,
    MO_END_PIECES,     /* a player dropped below 3 pieces (board plus hand) */
    MO_END_BLOCKED,    /* the player to move had no legal move */
    MO_END_REPETITION, /* third (repetition=N: Nth) occurrence of a position */
    MO_END_QUIET,      /* quiet_plies moves in a row without a removal */
    MO_END_TURNS,      /* max_turns turns completed */
    MO_END_MILL,       /* cross: the first mill wins */
    MO_END_COUNT
};

/* The options of one game; copied into every state so that a state stands
 * alone (the ABI passes no game to current_player, apply...). */
typedef struct mo_config {
    uint8_t variant;        /* enum mo_variant */
    uint8_t double_mill;    /* removals earned by closing two mills at once: 1 or 2 */
    uint8_t repeat_allowed; /* 1: repeat_mill=allowed, 0: no_capture */
    uint8_t repetition;     /* the Nth occurrence draws; 0 = off */
    uint16_t quiet_plies;   /* 0 = off */
    uint16_t max_turns;
} mo_config;

/* A closed mill: its line and the set of its three pieces, as a mask of their
 * identities (1 << id; identities are 1..pieces per player). */
typedef struct mo_mill {
    uint16_t line; /* 0..15, or MO_NO_LINE */
    uint16_t ids;
} mo_mill;

/* One position: flat, no pointers, copied with memcpy(state_size). The fields
 * that are not the position itself (ply, turn, quiet, ids, last, hist) are what
 * the rules need beyond it: counters for the draws, piece identities for the
 * different-mills rule, and the positions since the last irreversible event. */
struct arena_state {
    mo_config cfg;
    uint16_t hist_cap; /* entries in hist[] (from the options, see mo_hist_cap) */
    uint16_t hist_len;
    uint32_t bb[2];         /* the pieces of White (seat 0) and Black (seat 1) */
    uint8_t hand[2];        /* pieces still to place */
    uint8_t to_move;        /* the seat whose decision it is (also once over) */
    uint8_t pending;        /* removals to_move still has to make */
    uint8_t over;           /* 1 once terminal */
    uint8_t winner;         /* 0, 1 or MO_DRAW once over */
    uint8_t end;            /* enum mo_end */
    uint8_t reserved;       /* zero */
    uint16_t ply;           /* decisions made */
    uint16_t turn;          /* completed turns: a placement or move with its removals */
    uint16_t quiet;         /* moves since the last removal, once both hands are empty */
    uint8_t ids[MO_POINTS]; /* identity of the piece on each point, 0 = empty */
    mo_mill last[2][2];     /* per seat: the mills of its last mill-closing move */
    /* Repetition keys (mo_key) of the nodes since the last placement or removal,
     * oldest first, the current node last. Only there can a position recur:
     * placements and removals change the pieces in hand or on the board for good. */
    uint64_t hist[];
};

struct arena_game {
    mo_config cfg;
    uint16_t hist_cap;
    char options[160]; /* canonical option string */
};

/* --- the game: options ------------------------------------------------- */
/* Fills g from an option string ("" for the defaults); -1 with one line in err
 * when an option is bad (the module's game_new message). */
int mo_game_init(arena_game *g, const char *options, char *err, size_t errlen);
int mo_options_parse(const char *text, mo_config *cfg, char *err, size_t errlen);
void mo_options_format(const mo_config *cfg, char *buf, size_t cap);
const char *mo_variant_name(int variant);
int mo_pieces(int variant); /* pieces per player */
uint16_t mo_hist_cap(const mo_config *cfg);

/* --- geometry (board.c) ------------------------------------------------ */
extern const char mo_point_name[MO_POINTS][3];
extern const uint32_t mo_adj[MO_POINTS];
extern const uint32_t mo_knight[MO_POINTS];
extern const uint8_t mo_line_points[MO_LINES][3];
extern const uint32_t mo_line_mask[MO_LINES];
extern const uint8_t mo_point_lines[MO_POINTS][2];
typedef struct mo_ray {
    uint32_t near, far; /* the next point along a line, and the one after (or 0) */
} mo_ray;
extern const mo_ray mo_rays[MO_POINTS][4];
int mo_point_at(char file, char rank); /* point index of "d2", or -1 */
uint32_t mo_mill_points(uint32_t bb);  /* points of bb that stand in a mill */

/* --- positions ---------------------------------------------------------- */
size_t mo_state_size(uint16_t hist_cap);
/* The start position into s (mo_state_size(hist_cap) bytes). */
void mo_state_start(arena_state *s, const mo_config *cfg, uint16_t hist_cap);
/* The repetition key of the position (board, hands, side to move, removals due). */
uint64_t mo_key(const arena_state *s);
int mo_total(const arena_state *s, int seat); /* pieces on board plus in hand */
/* The position an observation describes (malloc'd), or NULL when the bytes
 * are not a valid observation of game g: the module's state_from_observation. */
arena_state *mo_from_observation(const arena_game *g, const uint8_t *obs, size_t len);
size_t mo_observation(const arena_state *s, int seat, uint8_t *buf, size_t cap);

/* --- the rules: the module's legal_actions and apply -------------------- */
/* Points `from`'s piece of `seat` may go to (move, fly, jump or slide). */
uint32_t mo_targets(const arena_state *s, int seat, int from);
int mo_has_move(const arena_state *s, int seat);
uint32_t mo_removable(const arena_state *s); /* opponent points to_move may take */
/* Writes up to cap legal actions, ascending; returns how many there are. */
int mo_legal_actions(const arena_state *s, int32_t *out, int cap);
/* 0, or -1 with s unchanged when the action is not legal. */
int mo_apply(arena_state *s, int32_t action);

/* --- text ---------------------------------------------------------------- */
size_t mo_action_name(const arena_state *s, int32_t action, char *buf, size_t cap);
int mo_parse_action(const arena_state *s, const char *text, int32_t *action);
size_t mo_render(const arena_state *s, int seat, char *buf, size_t cap);
const char *mo_end_phrase(int end);

static inline int mo_popcount(uint32_t x)
{
    return __builtin_popcount(x);
}
static inline uint32_t mo_bit(int p)
{
    return 1u << p;
}

/* Exactly three bits: clear the lowest two, one must remain. Cheaper than a
 * popcount where the CPU has none (the default x86-64 target). */
static inline int mo_three(uint32_t x)
{
    x &= x - 1;
    x &= x - 1;
    return x && !(x & (x - 1));
}

/* Whether `seat` flies: exactly three pieces, none in hand (never in cross).
 * Inline: move generation, validation and the blocked check all ask. */
static inline int mo_flying(const arena_state *s, int seat)
{
    return s->hand[seat] == 0 && s->cfg.variant != MO_CROSS && mo_three(s->bb[seat]);
}

#endif
