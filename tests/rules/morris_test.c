/* morris_test.c -- helpers of the morris suite (see morris_test.h). */
#include "morris_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/morris.pb-c.h"

static const char *const names[24] = {
    "a7", "d7", "g7", "g4", "g1", "d1", "a1", "a4", "b6", "d6", "f6", "f4",
    "f2", "d2", "b2", "b4", "c5", "d5", "e5", "e4", "e3", "d3", "c3", "c4",
};

static int point(const char *name)
{
    for (int p = 0; p < 24; p++)
        if (strncmp(names[p], name, 2) == 0) return p;
    ck_abort_msg("no point '%s'", name);
    return -1;
}

void morris_open(morris *m, const char *options)
{
    m->r = rules_load("morris", &m->handle);
    m->g = rules_game(m->r, options);
    m->s = m->r->state_new(m->g);
}

void morris_close(morris *m)
{
    m->r->state_free(m->s);
    m->r->game_free(m->g);
    rules_unload(m->handle);
}

void morris_reset(morris *m, const char *options)
{
    m->r->state_free(m->s);
    m->r->game_free(m->g);
    m->g = rules_game(m->r, options);
    m->s = m->r->state_new(m->g);
}

static Arena__Morris__Observation *decode(const morris *m)
{
    uint8_t buf[4096];
    size_t n = m->r->observation(m->s, -1, buf, sizeof buf);
    ck_assert_uint_le(n, sizeof buf);
    Arena__Morris__Observation *o = arena__morris__observation__unpack(NULL, n, buf);
    ck_assert_ptr_nonnull(o);
    return o;
}

morris_view morris_look(const morris *m)
{
    Arena__Morris__Observation *o = decode(m);
    morris_view v = {.to_move = (int)o->to_move};
    ck_assert_uint_eq(o->board.len, 24);
    for (int p = 0; p < 24; p++)
        v.board[p] = ".WB"[o->board.data[p] % 3];
    for (int i = 0; i < 2; i++) {
        v.in_hand[i] = (int)o->in_hand[i];
        v.on_board[i] = (int)o->on_board[i];
        v.returns[i] = o->n_returns == 2 ? o->returns[i] : 0;
    }
    v.pending = (int)o->pending_removals;
    v.ply = (int)o->ply;
    v.turn = (int)o->turn;
    v.quiet = (int)o->quiet_plies;
    v.terminal = o->terminal;
    v.end = m->r->end_reason(m->s);
    arena__morris__observation__free_unpacked(o, NULL);
    return v;
}

/* Marks the named points of one colour: board value, identities 1, 2, ... */
static uint32_t mark(const char *list, uint8_t colour, uint8_t *board, uint8_t *ids)
{
    char copy[128], *save = NULL;
    uint32_t bits = 0;
    uint8_t id = 1;
    snprintf(copy, sizeof copy, "%s", list);
    for (char *t = strtok_r(copy, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
        int p = point(t);
        board[p] = colour;
        ids[p] = id++;
        bits |= 1u << p;
    }
    return bits;
}

void morris_setup(morris *m, const char *white, const char *black, int hand_w, int hand_b,
                  int to_move)
{
    Arena__Morris__Observation o = ARENA__MORRIS__OBSERVATION__INIT;
    uint8_t board[24] = {0}, ids[24] = {0}, buf[4096];
    uint32_t hand[2] = {(uint32_t)hand_w, (uint32_t)hand_b};
    uint64_t w = mark(white, 1, board, ids), b = mark(black, 2, board, ids);
    /* The history key, as morris.proto documents it. */
    uint64_t key = w | b << 24 | (uint64_t)to_move << 48;
    o.board = (ProtobufCBinaryData){24, board};
    o.piece_ids = (ProtobufCBinaryData){24, ids};
    o.n_in_hand = 2;
    o.in_hand = hand;
    o.to_move = (uint32_t)to_move;
    o.options = (char *)m->r->game_options(m->g);
    if (!strstr(o.options, "repetition=0")) {
        o.n_history = 1;
        o.history = &key;
    }
    size_t n = arena__morris__observation__pack(&o, buf);
    arena_state *s = m->r->state_from_observation(m->g, buf, n);
    ck_assert_msg(s != NULL, "setup refused: W %s / B %s", white, black);
    m->r->state_free(m->s);
    m->s = s;
}

static int by_name(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

void morris_targets(const morris *m, const char *from, char *out, size_t cap)
{
    int32_t legal[1024];
    char to[64][4];
    int n = m->r->legal_actions(m->s, legal, 1024), k = 0;
    for (int i = 0; i < n && i < 1024; i++) {
        char name[16];
        m->r->action_name(m->s, legal[i], name, sizeof name);
        if (strlen(name) == 5 && strncmp(name, from, 2) == 0 && name[2] == '-' && k < 64)
            snprintf(to[k++], sizeof to[0], "%s", name + 3);
    }
    qsort(to, (size_t)k, sizeof to[0], by_name);
    size_t len = 0;
    out[0] = '\0';
    for (int i = 0; i < k && len < cap; i++)
        len += (size_t)snprintf(out + len, cap - len, "%s%s", i ? " " : "", to[i]);
}
