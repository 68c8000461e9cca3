/* observation.c -- the state as the protobuf Observation of
 * proto/games/querni.proto, and back. El Querni has perfect information: the
 * observation holds everything and state_from_observation rebuilds the exact
 * state, checking every field (the bytes may come from anywhere) so that only
 * positions of the kind the game reaches are accepted. */
#include <stdlib.h>
#include <string.h>

#include "games/querni.pb-c.h"
#include "querni.h"

size_t qu_observation(const arena_state *s, int seat, uint8_t *buf, size_t cap)
{
    (void)seat; /* perfect information */
    Arena__Querni__Observation m = ARENA__QUERNI__OBSERVATION__INIT;
    int32_t board[QU_SQUARES], ret[2];
    uint32_t left[2] = {s->left[0], s->left[1]};
    char options[64];
    for (int i = 0; i < QU_SQUARES; i++)
        board[i] = s->board[i];
    qu_options_format(&s->cfg, options, sizeof options);
    m.options = options;
    m.quiet_limit = s->cfg.quiet_turns;
    m.max_turns = s->cfg.max_turns;
    m.n_board = QU_SQUARES;
    m.board = board;
    m.to_move = s->to_move;
    m.phase = (Arena__Querni__Phase)s->phase;
    m.placed = s->placed;
    m.quiet = s->quiet;
    m.turns = s->turns;
    m.n_tiles_left = 2;
    m.tiles_left = left;
    m.terminal = s->phase == QU_PHASE_OVER;
    m.end_reason = (Arena__Querni__EndReason)s->end;
    m.winner = s->winner == QU_NOBODY ? 0 : s->winner + 1u;
    if (m.terminal) {
        double r[2];
        qu_returns(s, r);
        ret[0] = (int32_t)r[0];
        ret[1] = (int32_t)r[1];
        m.n_returns = 2;
        m.returns = ret;
    }
    size_t size = arena__querni__observation__get_packed_size(&m);
    if (buf && size <= cap) arena__querni__observation__pack(&m, buf);
    return size;
}

/* During the layout: exactly the first `placed` tiles, each on a start square
 * of its side, and never a side one tile short (its last tile follows at once). */
static int layout_ok(const arena_state *s)
{
    if (s->placed >= 2 * QU_TILES || s->placed % QU_TILES == QU_TILES - 1) return 0;
    if (s->to_move != 0 || s->turns || s->quiet) return 0;
    for (int seat = 0; seat < 2; seat++)
        for (int n = 1; n <= QU_TILES; n++) {
            int placed = seat * QU_TILES + n <= s->placed, sq = s->where[seat][n];
            if (placed != (sq != QU_OFF) || (placed && !qu_is_start(seat, sq))) return 0;
        }
    return 1;
}

/* Once over: the end reason fits the position, the winner and the counters. */
static int end_ok(const arena_state *s)
{
    int me = s->to_move;
    switch (s->end) {
    case QU_END_CLEARED:
        return s->winner == me && s->left[me] == 0 && s->left[me ^ 1] > 0;
    case QU_END_STRANDED:
        return s->winner == (me ^ 1) && s->left[me] > 0 && qu_stranded(s, me);
    case QU_END_QUIET:
        return s->winner == QU_NOBODY && s->cfg.quiet_turns && s->quiet == s->cfg.quiet_turns;
    case QU_END_CAP:
        return s->winner == QU_NOBODY && s->turns == s->cfg.max_turns;
    default:
        return 0;
    }
}

/* Fills a zeroed state from m; -1 when m does not describe a position of g. */
static int decode(const arena_game *g, const Arena__Querni__Observation *m, arena_state *s)
{
    if (strcmp(m->options, g->options) != 0 || m->quiet_limit != g->cfg.quiet_turns ||
        m->max_turns != g->cfg.max_turns || m->n_board != QU_SQUARES || m->to_move > 1 ||
        (unsigned)m->phase >= QU_PHASES || (unsigned)m->end_reason >= QU_ENDS ||
        m->placed > 2 * QU_TILES || m->turns > g->cfg.max_turns || m->quiet > m->turns ||
        m->winner > 2 || m->terminal != (m->phase == ARENA__QUERNI__PHASE__PHASE_OVER))
        return -1;
    s->cfg = g->cfg;
    for (int i = 0; i < QU_SQUARES; i++) {
        if (m->board[i] < -QU_TILES || m->board[i] > QU_TILES) return -1;
        s->board[i] = (int8_t)m->board[i];
    }
    s->phase = (uint8_t)m->phase;
    s->to_move = (uint8_t)m->to_move;
    s->placed = (uint8_t)m->placed;
    s->end = (uint8_t)m->end_reason;
    s->winner = m->winner ? (uint8_t)(m->winner - 1) : QU_NOBODY;
    s->quiet = (uint16_t)m->quiet;
    s->turns = (uint16_t)m->turns;
    if (qu_index(s) < 0) return -1;
    if (m->n_tiles_left != 2 || m->tiles_left[0] != s->left[0] || m->tiles_left[1] != s->left[1])
        return -1;
    if (s->phase == QU_PHASE_PLACE) return layout_ok(s) ? 0 : -1;
    if (s->placed != 2 * QU_TILES) return -1;
    if (s->phase == QU_PHASE_OVER) return end_ok(s) ? 0 : -1;
    /* in play: nobody has won, no counter has run out, no seat is stranded */
    if (s->end != QU_END_NONE || s->winner != QU_NOBODY || s->turns >= s->cfg.max_turns ||
        (s->cfg.quiet_turns && s->quiet >= s->cfg.quiet_turns))
        return -1;
    if (!s->left[0] || !s->left[1] || qu_stranded(s, 0) || qu_stranded(s, 1)) return -1;
    return 0;
}

arena_state *qu_from_observation(const arena_game *g, const uint8_t *obs, size_t len)
{
    Arena__Querni__Observation *m = arena__querni__observation__unpack(NULL, len, obs);
    if (!m) return NULL;
    arena_state *s = calloc(1, sizeof *s);
    if (s && decode(g, m, s) < 0) {
        free(s);
        s = NULL;
    }
    arena__querni__observation__free_unpacked(m, NULL);
    return s;
}
