/* querni_test.c -- helpers of the querni suites, and their main. */
#include "querni_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "support.h"

#define MAX_LEGAL 8192

const arena_rules *qt_rules(void **handle)
{
    const arena_rules *r = support_rules("querni", handle);
    ck_assert_uint_eq(r->abi_version, ARENA_RULES_ABI_VERSION);
    return r;
}

void qt_open(qt *k, const char *options)
{
    char err[256] = "";
    k->r = qt_rules(&k->handle);
    k->g = k->r->game_new(options, err, sizeof err);
    ck_assert_msg(k->g != NULL, "game_new(\"%s\"): %s", options, err);
    k->s = k->r->state_new(k->g);
    ck_assert_ptr_nonnull(k->s);
}

void qt_close(qt *k)
{
    k->r->state_free(k->s);
    k->r->game_free(k->g);
    support_unload(k->handle);
}

const char *qt_board(qt *k, char *buf, size_t cap)
{
    k->r->render(k->s, -1, buf, cap);
    return buf;
}

Arena__Querni__Observation *qt_view(qt *k)
{
    uint8_t buf[1024];
    size_t n = k->r->observation(k->s, -1, buf, sizeof buf);
    ck_assert_uint_le(n, sizeof buf);
    Arena__Querni__Observation *m = arena__querni__observation__unpack(NULL, n, buf);
    ck_assert_ptr_nonnull(m);
    return m;
}

void qt_view_free(Arena__Querni__Observation *m)
{
    arena__querni__observation__free_unpacked(m, NULL);
}

/* "c2" -> 0..69 */
static int square_of(const char *t)
{
    ck_assert_msg(t[0] >= 'a' && t[0] <= 'j' && t[1] >= '1' && t[1] <= '7', "bad square %s", t);
    return (t[1] - '1') * 10 + (t[0] - 'a');
}

void qt_setup(qt *k, const char *tiles, int to_move, int quiet, int turns)
{
    Arena__Querni__Observation *m = qt_view(k);
    int32_t board[70] = {0};
    uint32_t left[2] = {0, 0};
    char copy[1024], *save = NULL;
    snprintf(copy, sizeof copy, "%s", tiles);
    for (char *tok = strtok_r(copy, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        char *at = strchr(tok, '@');
        ck_assert_msg(at && (tok[0] == 'w' || tok[0] == 'b'), "bad tile item %s", tok);
        int n = atoi(tok + 1), seat = tok[0] == 'b', sq = square_of(at + 1);
        ck_assert_msg(board[sq] == 0, "two tiles on %s", at + 1);
        board[sq] = seat ? -n : n;
        left[seat]++;
    }
    int32_t *old_board = m->board;
    uint32_t *old_left = m->tiles_left;
    m->board = board;
    m->tiles_left = left;
    m->phase = ARENA__QUERNI__PHASE__PHASE_MOVE;
    m->placed = 32;
    m->to_move = (uint32_t)to_move;
    m->quiet = (uint32_t)quiet;
    m->turns = (uint32_t)turns;
    m->terminal = 0;
    m->end_reason = ARENA__QUERNI__END_REASON__END_NONE;
    m->winner = 0;
    size_t old_returns = m->n_returns;
    m->n_returns = 0;
    uint8_t buf[1024];
    size_t n = arena__querni__observation__pack(m, buf);
    m->board = old_board;
    m->tiles_left = old_left;
    m->n_returns = old_returns;
    qt_view_free(m);
    arena_state *s = k->r->state_from_observation(k->g, buf, n);
    ck_assert_msg(s != NULL, "the module refused the position %s", tiles);
    k->r->state_free(k->s);
    k->s = s;
}

void qt_play(qt *k, const char *moves)
{
    support_play(k->r, k->s, k->r->state_size(k->g), moves);
}

int qt_try(qt *k, const char *name)
{
    return support_try_move(k->r, k->s, k->r->state_size(k->g), name);
}

int qt_legal(qt *k, const char *name)
{
    int32_t a, legal[MAX_LEGAL];
    if (k->r->parse_action(k->s, name, &a) < 0) return 0;
    int n = k->r->legal_actions(k->s, legal, MAX_LEGAL);
    for (int i = 0; i < n; i++)
        if (legal[i] == a) return 1;
    return 0;
}

const char *qt_legal_names(qt *k, char *buf, size_t cap)
{
    int32_t legal[MAX_LEGAL];
    int n = k->r->legal_actions(k->s, legal, MAX_LEGAL);
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && len < cap; i++) {
        char name[32];
        k->r->action_name(k->s, legal[i], name, sizeof name);
        len += (size_t)snprintf(buf + len, cap - len, "%s%s", i ? " " : "", name);
    }
    return buf;
}

const char *qt_targets(qt *k, const char *from, char *buf, size_t cap)
{
    int32_t legal[MAX_LEGAL];
    int n = k->r->legal_actions(k->s, legal, MAX_LEGAL);
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && len < cap; i++) {
        char name[32];
        k->r->action_name(k->s, legal[i], name, sizeof name);
        if (strlen(name) == 5 && name[2] == '-' && strncmp(name, from, 2) == 0)
            len += (size_t)snprintf(buf + len, cap - len, "%s%s", len ? " " : "", name + 3);
    }
    return buf;
}

int main(void)
{
    return support_main(querni_rules_suite(), querni_module_suite(), querni_bots_suite());
}
