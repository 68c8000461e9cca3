/* rugby.h -- internals of the Graj w RUGBY rule module (docs/rules/rugby.md):
 * a battleship-like guessing game on two hidden 15 x 7 boards. Nothing here is
 * exported but arena_rules_entry (module.c).
 *
 * A game has two phases:
 *   SETUP: seat 0, then seat 1, places its marks one per action in the fixed
 *          order of rg_seq_mark (all O, all P, 2 black fields in rows 1-3, 3 in
 *          rows 13-15, then A, K, D, M, G). With setup=random every placement is
 *          a chance node uniform over the cells legal for it (a mark with one
 *          legal cell is placed at once, without a node).
 *   PLAY:  the seats guess fields of each other's board, seat 0 first; a black
 *          field hands the opponent three bonus guesses (play.c).
 *
 * Fields are numbered row-major from A1: field = (row - 1) * 7 + column, rows
 * 1..15, columns A..G = 0..6. Actions (num_actions = 946), ascending:
 *     0..104    guess field f                      "C7"
 *     105       pass (everything already guessed)   "pass"
 *     106..945  place mark m on field f: 106 + (m - RG_O) * 105 + f   "O@C2"
 *
 * Hidden information: a seat sees its own board, and of the opponent's only the
 * fields it has guessed (observation.c); sample.c draws the rest. */
#ifndef RUGBY_H
#define RUGBY_H

#include <stddef.h>
#include <stdint.h>

#include "arena/rules.h"

#define RG_ROWS 15
#define RG_COLS 7
#define RG_FIELDS (RG_ROWS * RG_COLS)
#define RG_ACT_GUESS 0
#define RG_ACT_PASS RG_FIELDS
#define RG_ACT_PLACE (RG_FIELDS + 1)
#define RG_NUM_ACTIONS (RG_ACT_PLACE + 8 * RG_FIELDS)
#define RG_MIN_TRIES 5
#define RG_MAX_TRIES 10
#define RG_BONUS 3 /* guesses handed to the opponent of a player who hits a black field */
/* Marks a board holds besides its tries and conversions: 2 + 3 black fields,
 * 6 A, 6 K, 6 D, 6 M and the gold ball. */
#define RG_FIXED_MARKS 30
#define RG_MAX_MARKS (2 * RG_MAX_TRIES + RG_FIXED_MARKS)

/* What a field holds; the values are the proto's Mark enum. */
enum rg_mark { RG_EMPTY, RG_O, RG_P, RG_X, RG_A, RG_K, RG_D, RG_M, RG_G, RG_MARKS };
#define RG_UNKNOWN RG_MARKS /* in an observation: a field the viewer cannot see */

enum rg_phase { RG_PHASE_SETUP, RG_PHASE_PLAY, RG_PHASE_OVER, RG_PHASES };
enum rg_end { RG_END_NONE, RG_END_TARGET, RG_END_ALL_GUESSED, RG_ENDS };
enum rg_setup { RG_SETUP_PLAYERS, RG_SETUP_RANDOM };

/* Zones of the board by row: in-goal 1-3, midfield 4-12, 10-metre zone 13-15. */
enum rg_zone { RG_ZONE_INGOAL, RG_ZONE_MID, RG_ZONE_TEN };

/* The options of one game, copied into every state (the ABI passes no game to
 * apply, current_player...). */
typedef struct rg_config {
    uint8_t tries;   /* 5..10 */
    uint8_t setup;   /* enum rg_setup */
    uint16_t target; /* points that win at once: 1..rg_total_points(tries) */
} rg_config;

/* One position: flat, no pointers, copied with memcpy(sizeof). board[b] is the
 * layout of seat b; guessed[b][f] is 1 once b's opponent has guessed field f. */
struct arena_state {
    rg_config cfg;
    uint8_t phase;     /* enum rg_phase */
    uint8_t to_move;   /* the seat to guess; in SETUP the seat whose board is laid out */
    uint8_t bonus;     /* bonus guesses left to to_move (0 in ordinary play) */
    uint8_t end;       /* enum rg_end */
    int8_t winner;     /* 0 or 1 once over; -1 for a draw or while playing */
    uint8_t placed[2]; /* marks placed on each board */
    uint8_t reserved;  /* zero */
    uint16_t score[2];
    uint16_t guesses[2]; /* fields of the opponent's board each seat has guessed */
    uint8_t board[2][RG_FIELDS];
    uint8_t guessed[2][RG_FIELDS];
};

struct arena_game {
    rg_config cfg;
    char options[64]; /* canonical option string */
};

/* Row 1..15 and column 0..6 (A..G) of field f, and back. */
static inline int rg_row(int f)
{
    return f / RG_COLS + 1;
}
static inline int rg_col(int f)
{
    return f % RG_COLS;
}
static inline int rg_field(int row, int col)
{
    return (row - 1) * RG_COLS + col;
}
static inline int rg_zone(int f)
{
    int r = rg_row(f);
    return r <= 3 ? RG_ZONE_INGOAL : r <= 12 ? RG_ZONE_MID : RG_ZONE_TEN;
}
static inline int rg_touchline(int f)
{
    int c = rg_col(f);
    return c <= 1 || c >= 5;
}

/* layout.c: the marks, their order and where each may go */
int rg_marks_per_board(int tries);      /* 2 * tries + 30 */
int rg_total_points(int tries);         /* 93 with 5 tries, 7 more per try */
int rg_mark_points(int mark);           /* points of a hit; 0 for empty and black */
int rg_mark_count(int tries, int mark); /* how many of the mark a board holds */
int rg_seq_mark(int tries, int k);      /* the k-th mark placed (0-based) */
/* Whether the k-th mark of the order may go on field f of `board` (the marks
 * placed before it): empty, in its zone, a P only in a column with fewer P than
 * O. The same test decides a player's placement and a chance outcome. */
int rg_can_place(const uint8_t *board, int tries, int k, int f);
/* The fields where the k-th mark may go, ascending, into out (RG_FIELDS); how many. */
int rg_place_fields(const uint8_t *board, int tries, int k, uint8_t *out);
/* Whether `board` holds exactly the first `placed` marks of the order, each
 * where it may go (a complete board: placed = rg_marks_per_board). */
int rg_board_valid(const uint8_t *board, int tries, int placed);

/* options.c */
int rg_options_parse(const char *text, rg_config *cfg, char *err, size_t errlen);
void rg_options_format(const rg_config *cfg, char *buf, size_t cap);
extern const char rg_options_help[];

/* play.c: placement, guesses, bonus guesses and the end */
void rg_state_start(arena_state *s, const rg_config *cfg);
int rg_current_player(const arena_state *s);
int rg_legal_actions(const arena_state *s, int32_t *out, int cap);
int rg_chance_outcomes(const arena_state *s, arena_chance_outcome *out, int cap);
int rg_apply(arena_state *s, int32_t action);
void rg_returns(const arena_state *s, double *out);
/* Once both seats have guessed everything: the higher score wins, equal draw. */
int rg_winner_by_score(const arena_state *s);

/* notation.c */
size_t rg_action_name(const arena_state *s, int32_t action, char *buf, size_t cap);
int rg_parse_action(const arena_state *s, const char *text, int32_t *action);
char rg_mark_letter(int mark); /* 'O', 'P', 'X', ... ; '.' for empty */

/* observation.c */
size_t rg_observation(const arena_state *s, int seat, uint8_t *buf, size_t cap);
/* What `seat` (-1: a spectator) knows of field f of board b: its mark, or
 * RG_UNKNOWN. */
int rg_seen(const arena_state *s, int seat, int b, int f);

/* sample.c */
arena_state *rg_sample_state(const arena_game *g, const uint8_t *obs, size_t len, uint64_t seed);

/* evaluate.c: the heuristic value of a full state for each seat (rules.h:
 * evaluate), from the guesses each seat needs, about, to reach the target */
void rg_evaluate(const arena_state *s, double *out);

/* render.c */
size_t rg_render(const arena_state *s, int seat, char *buf, size_t cap);
const char *rg_end_phrase(int end);

#endif
