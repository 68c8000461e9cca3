/* querni.h -- internals of the querni rule module: El Querni, numbered-tile
 * chains on a 7x10 board (docs/rules/querni.md). Nothing here is exported
 * but arena_rules_entry (module.c); board.c and play.c are also compiled into
 * the querni bots, which search on these states directly.
 *
 * Squares are numbered row by row from a1: square = 10 * row + column, row 0
 * being row 1 (seat 0's side), column 0 being column a.
 *
 * A game is: 30 CHANCE nodes laying out the tiles (seat 0's 1..16, then seat
 * 1's 1..16, each on a uniformly drawn free start square of its side; the last
 * tile of a side has one square left and is placed directly, as rules.h wants
 * of single-outcome chance events), then turns of two decisions of the same
 * seat: MOVE (a move or `-`) and REMOVE (a removal or `-`, ending the turn).
 *
 * Actions (num_actions = 5227), ascending = the order below:
 *   0..4899     a move from-to: 70 * from + to ("c2-d3")
 *   4900        `-`: no move (MOVE), or end the turn without removal (REMOVE)
 *   4901..5156  a removal of tiles lo..hi: 4901 + 16 * (lo - 1) + (hi - 1) ("x5-7")
 *   5157..5226  a placement of the tile being laid out on a square ("7@c2")
 */
#ifndef QUERNI_H
#define QUERNI_H

#include <stddef.h>
#include <stdint.h>

#include "arena/rules.h"

#define QU_COLS 10
#define QU_ROWS 7
#define QU_SQUARES (QU_COLS * QU_ROWS)
#define QU_TILES 16 /* per seat, numbered 1..16 */
#define QU_MIN_CHAIN 3

#define QU_ACT_MOVE 0
#define QU_ACT_PASS (QU_SQUARES * QU_SQUARES)
#define QU_ACT_REMOVE (QU_ACT_PASS + 1)
#define QU_ACT_PLACE (QU_ACT_REMOVE + QU_TILES * QU_TILES)
#define QU_NUM_ACTIONS (QU_ACT_PLACE + QU_SQUARES)

#define QU_MAX_TURNS 10000 /* the largest max_turns accepted */
#define QU_NOBODY 0xFFu
#define QU_OFF (-1) /* where[] of a tile not on the board */

enum qu_phase { QU_PHASE_PLACE, QU_PHASE_MOVE, QU_PHASE_REMOVE, QU_PHASE_OVER, QU_PHASES };
enum qu_end { QU_END_NONE, QU_END_CLEARED, QU_END_STRANDED, QU_END_QUIET, QU_END_CAP, QU_ENDS };

/* The options of one game, copied into every state (the ABI passes no game to
 * apply). quiet_turns 0 means off. */
typedef struct qu_config {
    uint16_t quiet_turns;
    uint16_t max_turns;
} qu_config;

/* One position: flat, no pointers, copied with memcpy(sizeof). board[] is the
 * truth; where[] is its index (tile -> square) kept for speed. */
struct arena_state {
    qu_config cfg;
    uint8_t phase;    /* enum qu_phase */
    uint8_t to_move;  /* the seat whose turn it is; once over, the last mover */
    uint8_t placed;   /* tiles laid out so far, 0..32 */
    uint8_t end;      /* enum qu_end */
    uint8_t winner;   /* seat, or QU_NOBODY */
    uint8_t left[2];  /* tiles on the board per seat */
    uint8_t reserved; /* zero: no padding, so equal positions are equal bytes */
    uint16_t quiet;   /* turns in a row ended without a removal */
    uint16_t turns;   /* turns completed */
    /* 0 empty, +n tile n of seat 0 (white), -n tile n of seat 1 (black) */
    int8_t board[QU_SQUARES];
    int8_t where[2][QU_TILES + 1]; /* square of tile n of a seat, or QU_OFF; [0] unused */
};

struct arena_game {
    qu_config cfg;
    char options[64]; /* canonical option string */
};

/* board.c: geometry, moves, chains (pure functions of a position) */
int qu_square(int col, int row); /* -1 off the board */
int qu_is_start(int seat, int square);
/* End squares of the tile on `from` as a 70-bit set (bit i of word i / 64):
 * steps and jump chains, the start square counted empty and never an end. */
void qu_reach(const arena_state *s, int from, uint64_t out[2]);
/* Whether tile n of seat touches tile n + 1 (both on the board). */
int qu_linked(const arena_state *s, int seat, int n);
/* Whether seat may remove tiles lo..hi now: all on the board, each touching
 * the one before, hi - lo >= 2. */
int qu_run_ok(const arena_state *s, int seat, int lo, int hi);
/* Whether seat's remaining numbers have a maximal run shorter than 3. */
int qu_stranded(const arena_state *s, int seat);
/* Linked pairs of seat's tiles: n and n + 1 both on the board and touching. */
int qu_links(const arena_state *s, int seat);
/* Whether removing lo..hi leaves seat a run of one or two numbers beside it
 * (in a position where seat has no short run yet): the removal would lose. */
int qu_removal_strands(const arena_state *s, int seat, int lo, int hi);
/* The tile the next placement lays out: *seat and *tile from s->placed. */
void qu_next_tile(const arena_state *s, int *seat, int *tile);
/* Rebuilds where[] and left[] from board[]; -1 when a tile is on two squares. */
int qu_index(arena_state *s);

/* play.c: the turn */
void qu_state_start(arena_state *s, const qu_config *cfg);
int qu_current_player(const arena_state *s);
int qu_legal_actions(const arena_state *s, int32_t *out, int cap);
int qu_chance_outcomes(const arena_state *s, arena_chance_outcome *out, int cap);
int qu_is_legal(const arena_state *s, int32_t a);
int qu_apply(arena_state *s, int32_t a);
void qu_returns(const arena_state *s, double *out);

/* evaluate.c: the heuristic value of a position for each seat (rules.h:
 * evaluate), from tiles removed and consecutive numbers linked or close */
void qu_evaluate(const arena_state *s, double *out);

/* options.c */
int qu_options_parse(const char *text, qu_config *cfg, char *err, size_t errlen);
void qu_options_format(const qu_config *cfg, char *buf, size_t cap);
extern const char qu_options_help[];

/* notation.c */
size_t qu_action_name(const arena_state *s, int32_t action, char *buf, size_t cap);
int qu_parse_action(const arena_state *s, const char *text, int32_t *action);
void qu_square_name(int square, char name[3]);

/* observation.c */
size_t qu_observation(const arena_state *s, int seat, uint8_t *buf, size_t cap);
arena_state *qu_from_observation(const arena_game *g, const uint8_t *obs, size_t len);

/* render.c */
size_t qu_render(const arena_state *s, int seat, char *buf, size_t cap);
const char *qu_end_phrase(int end);

/* Action encoding helpers. */
static inline int32_t qu_move_action(int from, int to)
{
    return QU_ACT_MOVE + QU_SQUARES * from + to;
}
static inline int32_t qu_remove_action(int lo, int hi)
{
    return QU_ACT_REMOVE + QU_TILES * (lo - 1) + (hi - 1);
}
static inline int qu_seat_of(int8_t cell)
{
    return cell > 0 ? 0 : 1;
}
static inline int qu_bit(const uint64_t set[2], int i)
{
    return (int)((set[i >> 6] >> (i & 63)) & 1u);
}

#endif
