/* observation.c -- the state as the protobuf Observation of
 * proto/games/morris.proto, and back: morris has perfect information, so the
 * observation holds everything, down to piece identities, last mills and the
 * repetition history, and state_from_observation rebuilds the exact state. */
#include <stdlib.h>
#include <string.h>

#include "games/morris.pb-c.h"
#include "morris.h"

static Arena__Morris__Phase phase_of(const arena_state *s, int seat)
{
    if (s->hand[seat]) return ARENA__MORRIS__PHASE__PHASE_PLACING;
    return mo_flying(s, seat) ? ARENA__MORRIS__PHASE__PHASE_FLYING
                              : ARENA__MORRIS__PHASE__PHASE_MOVING;
}

size_t mo_observation(const arena_state *s, int seat, uint8_t *buf, size_t cap)
{
    (void)seat; /* perfect information: every seat sees everything */
    Arena__Morris__Observation m = ARENA__MORRIS__OBSERVATION__INIT;
    uint8_t board[MO_POINTS], ids[MO_POINTS], mill_ids[4][3];
    uint32_t hand[2], count[2];
    int32_t ret[2];
    Arena__Morris__Phase phase[2];
    Arena__Morris__LastMill mills[4], *mill_ptr[4];
    char options[160];

    for (int p = 0; p < MO_POINTS; p++) {
        board[p] = s->bb[0] & mo_bit(p) ? 1 : s->bb[1] & mo_bit(p) ? 2 : 0;
        ids[p] = s->ids[p];
    }
    for (int i = 0; i < 2; i++) {
        hand[i] = s->hand[i];
        count[i] = (uint32_t)mo_popcount(s->bb[i]);
        phase[i] = phase_of(s, i);
        ret[i] = !s->over || s->winner == MO_DRAW ? 0 : s->winner == i ? 1 : -1;
    }
    size_t n_mills = 0;
    for (int i = 0; i < 2; i++)
        for (int k = 0; k < 2 && s->last[i][k].line != MO_NO_LINE; k++) {
            Arena__Morris__LastMill *lm = &mills[n_mills];
            *lm = (Arena__Morris__LastMill)ARENA__MORRIS__LAST_MILL__INIT;
            lm->seat = (uint32_t)i;
            lm->line = s->last[i][k].line;
            size_t n = 0;
            for (int id = 0; id < 16 && n < 3; id++)
                if (s->last[i][k].ids & (1u << id)) mill_ids[n_mills][n++] = (uint8_t)id;
            lm->pieces = (ProtobufCBinaryData){n, mill_ids[n_mills]};
            mill_ptr[n_mills++] = lm;
        }
    mo_options_format(&s->cfg, options, sizeof options);

    m.variant = (char *)mo_variant_name(s->cfg.variant);
    m.board = (ProtobufCBinaryData){MO_POINTS, board};
    m.n_in_hand = m.n_on_board = m.n_phase = 2;
    m.in_hand = hand;
    m.on_board = count;
    m.phase = phase;
    m.to_move = s->to_move;
    m.pending_removals = s->pending;
    m.ply = s->ply;
    m.turn = s->turn;
    m.quiet_plies = s->quiet;
    m.piece_ids = (ProtobufCBinaryData){MO_POINTS, ids};
    m.n_last_mills = n_mills;
    m.last_mills = mill_ptr;
    m.terminal = s->over;
    if (s->over) {
        m.n_returns = 2;
        m.returns = ret;
    }
    m.n_history = s->hist_len;
    m.history = (uint64_t *)s->hist;
    m.options = options;
    m.end_reason = (Arena__Morris__EndReason)s->end;

    size_t size = arena__morris__observation__get_packed_size(&m);
    if (buf && size <= cap) arena__morris__observation__pack(&m, buf);
    return size;
}

/* The last mills of the observation, in order, into s; -1 when malformed. */
static int decode_mills(const Arena__Morris__Observation *m, int pieces, arena_state *s)
{
    int used[2] = {0, 0};
    for (size_t i = 0; i < m->n_last_mills; i++) {
        const Arena__Morris__LastMill *lm = m->last_mills[i];
        if (lm->seat > 1 || lm->line >= MO_LINES || lm->pieces.len != 3 || used[lm->seat] == 2)
            return -1;
        mo_mill mill = {.line = (uint16_t)lm->line, .ids = 0};
        for (int k = 0; k < 3; k++) {
            if (lm->pieces.data[k] < 1 || lm->pieces.data[k] > pieces) return -1;
            mill.ids |= (uint16_t)(1u << lm->pieces.data[k]);
        }
        s->last[lm->seat][used[lm->seat]++] = mill;
    }
    return 0;
}

/* Fills a zeroed state from m, checking everything the module relies on (the
 * bytes may come from anywhere). */
static int decode(const arena_game *g, const Arena__Morris__Observation *m, arena_state *s)
{
    int pieces = mo_pieces(g->cfg.variant);
    if (strcmp(m->options, g->options) != 0 || m->board.len != MO_POINTS ||
        m->piece_ids.len != MO_POINTS || m->n_in_hand != 2 || m->to_move > 1 ||
        m->pending_removals > 2 || m->ply > UINT16_MAX || m->turn > UINT16_MAX ||
        m->quiet_plies > UINT16_MAX || m->n_history > g->hist_cap ||
        (unsigned)m->end_reason >= MO_END_COUNT ||
        m->terminal != (m->end_reason != ARENA__MORRIS__END_REASON__END_NONE) ||
        (m->terminal && m->n_returns != 2))
        return -1;
    s->cfg = g->cfg;
    s->hist_cap = g->hist_cap;
    for (int p = 0; p < MO_POINTS; p++) {
        uint8_t colour = m->board.data[p], id = m->piece_ids.data[p];
        if (colour > 2 || (colour == 0) != (id == 0) || id > pieces) return -1;
        if (colour) s->bb[colour - 1] |= mo_bit(p);
        s->ids[p] = id;
    }
    for (int i = 0; i < 2; i++) {
        if (m->in_hand[i] > (uint32_t)pieces) return -1;
        s->hand[i] = (uint8_t)m->in_hand[i];
        if (mo_total(s, i) > pieces) return -1;
        s->last[i][0].line = s->last[i][1].line = MO_NO_LINE;
    }
    if (decode_mills(m, pieces, s) < 0) return -1;
    s->to_move = (uint8_t)m->to_move;
    s->pending = (uint8_t)m->pending_removals;
    s->ply = (uint16_t)m->ply;
    s->turn = (uint16_t)m->turn;
    s->quiet = (uint16_t)m->quiet_plies;
    s->over = m->terminal;
    s->end = (uint8_t)m->end_reason;
    if (s->over) s->winner = m->returns[0] > 0 ? 0 : m->returns[0] < 0 ? 1 : MO_DRAW;
    s->hist_len = (uint16_t)m->n_history;
    if (m->n_history) memcpy(s->hist, m->history, m->n_history * sizeof(uint64_t));
    return 0;
}

arena_state *mo_from_observation(const arena_game *g, const uint8_t *obs, size_t len)
{
    Arena__Morris__Observation *m = arena__morris__observation__unpack(NULL, len, obs);
    if (!m) return NULL;
    arena_state *s = calloc(1, mo_state_size(g->hist_cap));
    if (s && decode(g, m, s) < 0) {
        free(s);
        s = NULL;
    }
    arena__morris__observation__free_unpacked(m, NULL);
    return s;
}
