/* kurnik_test.c -- helpers of the kurnik suites, and their main. */
#include "kurnik_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "support.h"

const arena_rules *kt_rules(void **handle)
{
    const arena_rules *r = support_rules("kurnik", handle);
    ck_assert_uint_eq(r->abi_version, ARENA_RULES_ABI_VERSION);
    ck_assert_uint_ge(r->struct_size, sizeof(arena_rules));
    return r;
}

void kt_open(kt *k, const char *options)
{
    char err[256] = "";
    k->r = kt_rules(&k->handle);
    k->g = k->r->game_new(options, err, sizeof err);
    ck_assert_msg(k->g != NULL, "game_new(\"%s\"): %s", options, err);
    k->s = k->r->state_new(k->g);
    ck_assert_ptr_nonnull(k->s);
}

void kt_close(kt *k)
{
    k->r->state_free(k->s);
    k->r->game_free(k->g);
    support_unload(k->handle);
}

const char *kt_board(kt *k, char *buf, size_t cap)
{
    k->r->render(k->s, -1, buf, cap);
    return buf;
}

void kt_play(kt *k, const char *moves)
{
    support_play(k->r, k->s, k->r->state_size(k->g), moves);
}

int kt_try(kt *k, const char *name)
{
    return support_try_move(k->r, k->s, k->r->state_size(k->g), name);
}

int kt_legal(kt *k, const char *name)
{
    int32_t a, legal[64];
    if (k->r->parse_action(k->s, name, &a) < 0) return 0;
    int n = k->r->legal_actions(k->s, legal, 64);
    for (int i = 0; i < n; i++)
        if (legal[i] == a) return 1;
    return 0;
}

int kt_num_legal(kt *k)
{
    return k->r->legal_actions(k->s, NULL, 0);
}

const char *kt_legal_names(kt *k, char *buf, size_t cap)
{
    int32_t legal[64];
    int n = k->r->legal_actions(k->s, legal, 64);
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && len < cap; i++) {
        char name[32];
        k->r->action_name(k->s, legal[i], name, sizeof name);
        len += (size_t)snprintf(buf + len, cap - len, "%s%s", i ? " " : "", name);
    }
    return buf;
}

Arena__Kurnik__Observation *kt_view(kt *k)
{
    uint8_t buf[1024];
    size_t n = k->r->observation(k->s, -1, buf, sizeof buf);
    ck_assert_uint_le(n, sizeof buf);
    Arena__Kurnik__Observation *m = arena__kurnik__observation__unpack(NULL, n, buf);
    ck_assert_ptr_nonnull(m);
    return m;
}

void kt_view_free(Arena__Kurnik__Observation *m)
{
    arena__kurnik__observation__free_unpacked(m, NULL);
}

kt_goods kt_get(kt *k, int seat)
{
    Arena__Kurnik__Observation *m = kt_view(k);
    ck_assert_uint_lt((unsigned)seat, m->n_goods);
    const Arena__Kurnik__Goods *g = m->goods[seat];
    kt_goods out = {g->eggs, g->chicks, g->hens, g->rooster};
    kt_view_free(m);
    return out;
}

void kt_set(kt *k, int seat, kt_goods g)
{
    Arena__Kurnik__Observation *m = kt_view(k);
    Arena__Kurnik__Goods *dst = m->goods[seat];
    dst->eggs = g.eggs;
    dst->chicks = g.chicks;
    dst->hens = g.hens;
    dst->rooster = g.rooster != 0;
    uint8_t buf[1024];
    size_t n = arena__kurnik__observation__pack(m, buf);
    kt_view_free(m);
    arena_state *s = k->r->state_from_observation(k->g, buf, n);
    ck_assert_msg(s != NULL, "the module refused the position with seat %d's goods set", seat);
    k->r->state_free(k->s);
    k->s = s;
}

int main(void)
{
    return support_main(kurnik_rules_suite(), kurnik_module_suite(), kurnik_evaluate_suite(),
                        kurnik_bots_suite());
}
