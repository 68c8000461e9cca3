/* play.c -- an El Querni game: the chance nodes of the start layout, the
 * two-part turn (move or `-`, then removal or `-`), and the ends: clearing the
 * board, stranding, the quiet-turn draw and the turn cap, checked in the order
 * of the rules page. */
#include <string.h>

#include "querni.h"

void qu_state_start(arena_state *s, const qu_config *cfg)
{
    memset(s, 0, sizeof *s);
    s->cfg = *cfg;
    s->phase = QU_PHASE_PLACE;
    s->winner = QU_NOBODY;
    memset(s->where, QU_OFF, sizeof s->where);
}

int qu_current_player(const arena_state *s)
{
    switch (s->phase) {
    case QU_PHASE_PLACE:
        return ARENA_CHANCE;
    case QU_PHASE_OVER:
        return ARENA_TERMINAL;
    default:
        return s->to_move;
    }
}

static int own_tile(const arena_state *s, int square)
{
    int8_t c = s->board[square];
    return c != 0 && qu_seat_of(c) == s->to_move;
}

int qu_is_legal(const arena_state *s, int32_t a)
{
    switch (s->phase) {
    case QU_PHASE_PLACE: {
        if (a < QU_ACT_PLACE || a >= QU_NUM_ACTIONS) return 0;
        int seat, tile, sq = a - QU_ACT_PLACE;
        qu_next_tile(s, &seat, &tile);
        return qu_is_start(seat, sq) && s->board[sq] == 0;
    }
    case QU_PHASE_MOVE: {
        if (a == QU_ACT_PASS) return 1;
        if (a < QU_ACT_MOVE || a >= QU_ACT_PASS) return 0;
        int from = a / QU_SQUARES, to = a % QU_SQUARES;
        if (!own_tile(s, from)) return 0;
        uint64_t reach[2];
        qu_reach(s, from, reach);
        return qu_bit(reach, to);
    }
    case QU_PHASE_REMOVE: {
        if (a == QU_ACT_PASS) return 1;
        if (a < QU_ACT_REMOVE || a >= QU_ACT_PLACE) return 0;
        int lo = (a - QU_ACT_REMOVE) / QU_TILES + 1, hi = (a - QU_ACT_REMOVE) % QU_TILES + 1;
        return qu_run_ok(s, s->to_move, lo, hi);
    }
    default:
        return 0;
    }
}

static int put(int32_t *out, int cap, int n, int32_t a)
{
    if (n < cap) out[n] = a;
    return n + 1;
}

static int legal_moves(const arena_state *s, int32_t *out, int cap)
{
    int n = 0;
    for (int from = 0; from < QU_SQUARES; from++) {
        if (!own_tile(s, from)) continue;
        uint64_t reach[2];
        qu_reach(s, from, reach);
        for (int to = 0; to < QU_SQUARES; to++)
            if (qu_bit(reach, to)) n = put(out, cap, n, qu_move_action(from, to));
    }
    return put(out, cap, n, QU_ACT_PASS);
}

/* Every run lo..hi of linked tiles, by lo then hi: each lo extends as far as
 * its links go, and every hi at least two past lo is a removal. */
static int legal_removals(const arena_state *s, int32_t *out, int cap)
{
    int n = put(out, cap, 0, QU_ACT_PASS), seat = s->to_move;
    for (int lo = 1; lo + QU_MIN_CHAIN - 1 <= QU_TILES; lo++) {
        if (s->where[seat][lo] == QU_OFF) continue;
        for (int hi = lo; hi < QU_TILES && qu_linked(s, seat, hi); hi++)
            if (hi + 1 - lo >= QU_MIN_CHAIN - 1) n = put(out, cap, n, qu_remove_action(lo, hi + 1));
    }
    return n;
}

int qu_legal_actions(const arena_state *s, int32_t *out, int cap)
{
    switch (s->phase) {
    case QU_PHASE_PLACE: {
        int n = 0;
        for (int32_t a = QU_ACT_PLACE; a < QU_NUM_ACTIONS; a++)
            if (qu_is_legal(s, a)) n = put(out, cap, n, a);
        return n;
    }
    case QU_PHASE_MOVE:
        return legal_moves(s, out, cap);
    case QU_PHASE_REMOVE:
        return legal_removals(s, out, cap);
    default:
        return 0;
    }
}

int qu_chance_outcomes(const arena_state *s, arena_chance_outcome *out, int cap)
{
    if (s->phase != QU_PHASE_PLACE) return 0;
    int32_t squares[QU_SQUARES];
    int n = qu_legal_actions(s, squares, QU_SQUARES);
    for (int i = 0; i < n && i < cap; i++)
        out[i] = (arena_chance_outcome){squares[i], 1.0 / n};
    return n;
}

static void place(arena_state *s, int sq)
{
    int seat, tile;
    qu_next_tile(s, &seat, &tile);
    s->board[sq] = (int8_t)(seat == 0 ? tile : -tile);
    s->where[seat][tile] = (int8_t)sq;
    s->left[seat]++;
    s->placed++;
}

/* Lays out one tile; a side's last tile has one free start square left, so it
 * follows at once (a single-outcome chance event is no node). */
static void lay_out(arena_state *s, int sq)
{
    place(s, sq);
    if (s->placed % QU_TILES == QU_TILES - 1) {
        int seat, tile;
        qu_next_tile(s, &seat, &tile);
        for (int free = 0; free < QU_SQUARES; free++)
            if (qu_is_start(seat, free) && s->board[free] == 0) {
                place(s, free);
                break;
            }
    }
    if (s->placed == 2 * QU_TILES) {
        s->phase = QU_PHASE_MOVE;
        s->to_move = 0;
    }
}

static void move(arena_state *s, int from, int to)
{
    int8_t c = s->board[from];
    s->board[from] = 0;
    s->board[to] = c;
    s->where[qu_seat_of(c)][c > 0 ? c : -c] = (int8_t)to;
}

static void finish(arena_state *s, int end, int winner)
{
    s->phase = QU_PHASE_OVER;
    s->end = (uint8_t)end;
    s->winner = (uint8_t)winner;
}

/* The end of a turn: the quiet count (a removal reset it to 0 already), the
 * quiet draw, the turn cap, then the other seat's MOVE. */
static void end_turn(arena_state *s, int removed)
{
    s->turns++;
    s->quiet = removed ? 0 : (uint16_t)(s->quiet + 1);
    if (s->cfg.quiet_turns && s->quiet >= s->cfg.quiet_turns)
        finish(s, QU_END_QUIET, QU_NOBODY);
    else if (s->turns >= s->cfg.max_turns)
        finish(s, QU_END_CAP, QU_NOBODY);
    else {
        s->to_move ^= 1;
        s->phase = QU_PHASE_MOVE;
    }
}

/* Removes tiles lo..hi of the mover. The last tile wins; any other removal
 * that leaves a run shorter than three loses; the game goes on otherwise.
 * Whichever it is, the turn ended with a removal: the quiet count is 0 (the
 * last observation of a game shows it so, as the rules page says). */
static void remove_run(arena_state *s, int lo, int hi)
{
    int seat = s->to_move;
    for (int n = lo; n <= hi; n++) {
        s->board[s->where[seat][n]] = 0;
        s->where[seat][n] = QU_OFF;
    }
    s->left[seat] = (uint8_t)(s->left[seat] - (hi - lo + 1));
    if (s->left[seat] == 0) {
        s->turns++;
        s->quiet = 0;
        finish(s, QU_END_CLEARED, seat);
    } else if (qu_stranded(s, seat)) {
        s->turns++;
        s->quiet = 0;
        finish(s, QU_END_STRANDED, seat ^ 1);
    } else {
        end_turn(s, 1);
    }
}

int qu_apply(arena_state *s, int32_t a)
{
    if (!qu_is_legal(s, a)) return -1;
    if (s->phase == QU_PHASE_PLACE) {
        lay_out(s, a - QU_ACT_PLACE);
    } else if (s->phase == QU_PHASE_MOVE) {
        if (a != QU_ACT_PASS) move(s, a / QU_SQUARES, a % QU_SQUARES);
        s->phase = QU_PHASE_REMOVE;
    } else if (a == QU_ACT_PASS) {
        end_turn(s, 0);
    } else {
        int k = a - QU_ACT_REMOVE;
        remove_run(s, k / QU_TILES + 1, k % QU_TILES + 1);
    }
    return 0;
}

void qu_returns(const arena_state *s, double *out)
{
    out[0] = out[1] = 0;
    if (s->phase != QU_PHASE_OVER || s->winner > 1) return;
    out[s->winner] = 1;
    out[s->winner ^ 1] = -1;
}
