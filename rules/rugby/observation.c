/* observation.c -- the state as the protobuf Observation of
 * proto/games/rugby.proto, as one seat sees it. The marks a seat cannot see are
 * written as MARK_UNKNOWN whatever they are, so two states that differ only in
 * them give the same bytes (the hidden-information contract); everything else
 * in the message is public. */
#include "games/rugby.pb-c.h"
#include "rugby.h"

int rg_seen(const arena_state *s, int seat, int b, int f)
{
    return seat == b || s->guessed[b][f] ? s->board[b][f] : RG_UNKNOWN;
}

size_t rg_observation(const arena_state *s, int seat, uint8_t *buf, size_t cap)
{
    Arena__Rugby__Observation m = ARENA__RUGBY__OBSERVATION__INIT;
    Arena__Rugby__Board boards[2], *board_ptr[2];
    uint8_t marks[2][RG_FIELDS];
    uint32_t scores[2] = {s->score[0], s->score[1]};
    int32_t ret[2];
    char options[64];

    if (seat != 0 && seat != 1) seat = -1;
    for (int b = 0; b < 2; b++) {
        for (int f = 0; f < RG_FIELDS; f++)
            marks[b][f] = (uint8_t)rg_seen(s, seat, b, f);
        boards[b] = (Arena__Rugby__Board)ARENA__RUGBY__BOARD__INIT;
        boards[b].placed = s->placed[b];
        boards[b].marks = (ProtobufCBinaryData){RG_FIELDS, marks[b]};
        boards[b].guessed = (ProtobufCBinaryData){RG_FIELDS, (uint8_t *)s->guessed[b]};
        board_ptr[b] = &boards[b];
    }
    rg_options_format(&s->cfg, options, sizeof options);
    m.options = options;
    m.seat = seat;
    m.phase = (Arena__Rugby__Phase)s->phase;
    m.chance = rg_current_player(s) == ARENA_CHANCE;
    m.to_move = s->to_move;
    m.bonus = s->bonus;
    m.n_scores = 2;
    m.scores = scores;
    m.n_boards = 2;
    m.boards = board_ptr;
    m.end_reason = (Arena__Rugby__EndReason)s->end;
    if (s->phase == RG_PHASE_SETUP)
        m.next_mark = (uint32_t)rg_seq_mark(s->cfg.tries, s->placed[s->to_move]);
    if (s->phase == RG_PHASE_OVER) {
        double r[2];
        rg_returns(s, r);
        m.winner = s->winner >= 0 ? (uint32_t)s->winner + 1 : 0;
        ret[0] = (int32_t)r[0];
        ret[1] = (int32_t)r[1];
        m.n_returns = 2;
        m.returns = ret;
    }

    size_t size = arena__rugby__observation__get_packed_size(&m);
    if (buf && size <= cap) arena__rugby__observation__pack(&m, buf);
    return size;
}
