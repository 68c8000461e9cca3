/* apply.c -- making a decision: placements, moves, mills and the removals they
 * earn (with the different-mills rule), and the end checks in the order of the
 * rules page: below 3 pieces, blocked, repetition, quiet plies, turn cap. */
#include "morris.h"

static void finish(arena_state *s, int winner, int end)
{
    s->over = 1;
    s->winner = (uint8_t)winner;
    s->end = (uint8_t)end;
}

/* The turn is complete: the other side moves, unless the game ends. Draws are
 * only looked at here, with no removal pending. */
static void end_turn(arena_state *s)
{
    s->pending = 0;
    s->turn++;
    s->to_move ^= 1;
    if (!mo_has_move(s, s->to_move)) {
        finish(s, s->to_move ^ 1, MO_END_BLOCKED);
        return;
    }
    mo_hist_push(s);
    const mo_config *c = &s->cfg;
    if (c->repetition && mo_occurrences(s) >= c->repetition)
        finish(s, MO_DRAW, MO_END_REPETITION);
    else if (c->quiet_plies && s->quiet >= c->quiet_plies)
        finish(s, MO_DRAW, MO_END_QUIET);
    else if (s->turn >= c->max_turns)
        finish(s, MO_DRAW, MO_END_TURNS);
}

static int same_mill(mo_mill a, mo_mill b)
{
    return a.line == b.line && a.ids == b.ids;
}

/* Removals earned by the mills that the piece arriving on `to` closed, and the
 * mover's last mills updated. A mill that repeats one of the mover's last mills
 * (same line, same three pieces) earns nothing unless repeat_mill=allowed;
 * identities are never reused, so a mill that lost a piece cannot repeat. */
static int earned_removals(arena_state *s, int seat, int to)
{
    uint32_t own = s->bb[seat];
    mo_mill closed[2];
    int n = 0, fresh = 0;
    for (int i = 0; i < 2; i++) {
        int line = mo_point_lines[to][i];
        if ((own & mo_line_mask[line]) != mo_line_mask[line]) continue;
        mo_mill m = {.line = (uint16_t)line, .ids = 0};
        for (int k = 0; k < 3; k++)
            m.ids |= (uint16_t)(1u << s->ids[mo_line_points[line][k]]);
        fresh += s->cfg.repeat_allowed ||
                 !(same_mill(m, s->last[seat][0]) || same_mill(m, s->last[seat][1]));
        closed[n++] = m;
    }
    if (n == 0) return 0;
    s->last[seat][0] = closed[0];
    s->last[seat][1] = n == 2 ? closed[1] : (mo_mill){.line = MO_NO_LINE, .ids = 0};
    return fresh < s->cfg.double_mill ? fresh : s->cfg.double_mill;
}

/* After a placement or move onto `to`: a mill wins (cross) or earns removals,
 * which are dropped when the opponent has no piece on the board (lasker). */
static void arrived(arena_state *s, int seat, int to)
{
    if (s->cfg.variant == MO_CROSS) {
        uint32_t own = s->bb[seat];
        for (int i = 0; i < 2; i++) {
            uint32_t line = mo_line_mask[mo_point_lines[to][i]];
            if ((own & line) == line) {
                finish(s, seat, MO_END_MILL);
                return;
            }
        }
        end_turn(s);
        return;
    }
    int removals = earned_removals(s, seat, to);
    if (removals && s->bb[seat ^ 1]) {
        s->pending = (uint8_t)removals;
        mo_hist_push(s);
        return;
    }
    end_turn(s);
}

static void place(arena_state *s, int seat, int p)
{
    /* Identities 1..pieces in the order of placement: never reused. */
    s->ids[p] = (uint8_t)(mo_pieces(s->cfg.variant) - s->hand[seat] + 1);
    s->hand[seat]--;
    s->bb[seat] |= mo_bit(p);
    s->hist_len = 0; /* irreversible: no earlier position can recur */
    arrived(s, seat, p);
}

static void move(arena_state *s, int seat, int from, int to)
{
    s->bb[seat] ^= mo_bit(from) | mo_bit(to);
    s->ids[to] = s->ids[from];
    s->ids[from] = 0;
    if (!s->hand[0] && !s->hand[1]) s->quiet++;
    arrived(s, seat, to);
}

static void take(arena_state *s, int seat, int p)
{
    int opp = seat ^ 1;
    s->bb[opp] &= ~mo_bit(p);
    s->ids[p] = 0;
    s->quiet = 0;
    s->hist_len = 0; /* irreversible */
    s->pending--;
    if (mo_total(s, opp) < 3) {
        finish(s, seat, MO_END_PIECES);
        return;
    }
    /* The second removal of a double mill is its own node, unless there is
     * nothing left on the board to remove. */
    if (s->pending && s->bb[opp]) {
        mo_hist_push(s);
        return;
    }
    end_turn(s);
}

int mo_apply(arena_state *s, int32_t a)
{
    if (s->over || a < 0 || a >= MO_NUM_ACTIONS) return -1;
    int seat = s->to_move;
    if (s->pending) {
        if (a < MO_ACT_REMOVE || !(mo_removable(s) & mo_bit(a - MO_ACT_REMOVE))) return -1;
        take(s, seat, a - MO_ACT_REMOVE);
    } else if (a < MO_ACT_MOVE) {
        if (!s->hand[seat] || ((s->bb[0] | s->bb[1]) & mo_bit(a))) return -1;
        place(s, seat, a);
    } else if (a < MO_ACT_REMOVE) {
        int from = (a - MO_ACT_MOVE) / MO_POINTS, to = (a - MO_ACT_MOVE) % MO_POINTS;
        if (!(mo_targets(s, seat, from) & mo_bit(to))) return -1;
        move(s, seat, from, to);
    } else {
        return -1;
    }
    s->ply++;
    return 0;
}
