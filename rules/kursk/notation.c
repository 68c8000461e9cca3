/* notation.c -- actions in the notation of docs/rules/kursk.md: ranks
 * A 2 3 4 5 6 7 J Q K and X (a Joker); decisions keep, mulligan, play:7,
 * play:X=5, draw, claim, fight:2, hand:7, deck, use:Bribe@1,
 * use:Alarm@torpedo; chance first:1, draw:K, top:7, lose:Q, take:Q,
 * special:Bribe. One spelling per action, no spaces. */
#include <stdio.h>
#include <string.h>

#include "arena/module_kit.h"
#include "kursk.h"

static void target_name(int t, char *buf, size_t cap)
{
    if (t < KS_MAX_SEATS)
        snprintf(buf, cap, "%d", t);
    else
        snprintf(buf, cap, "%s", ks_section_names[t - KS_MAX_SEATS]);
}

size_t ks_action_name(const arena_state *s, int32_t a, char *buf, size_t cap)
{
    (void)s; /* a name does not depend on the state */
    char text[48], tgt[16];
    if (a >= KS_ACT_PLAY && a < KS_ACT_PLAY_X) {
        snprintf(text, sizeof text, "play:%c", ks_rank_chars[a]);
    } else if (a >= KS_ACT_PLAY_X && a < KS_ACT_DRAW) {
        snprintf(text, sizeof text, "play:X=%d", a - KS_ACT_PLAY_X + 1);
    } else if (a == KS_ACT_DRAW) {
        snprintf(text, sizeof text, "draw");
    } else if (a == KS_ACT_CLAIM) {
        snprintf(text, sizeof text, "claim");
    } else if (a == KS_ACT_KEEP) {
        snprintf(text, sizeof text, "keep");
    } else if (a == KS_ACT_MULLIGAN) {
        snprintf(text, sizeof text, "mulligan");
    } else if (a >= KS_ACT_FIGHT && a < KS_ACT_HAND) {
        snprintf(text, sizeof text, "fight:%d", a - KS_ACT_FIGHT);
    } else if (a >= KS_ACT_HAND && a < KS_ACT_DECK) {
        snprintf(text, sizeof text, "hand:%c", ks_rank_chars[a - KS_ACT_HAND]);
    } else if (a == KS_ACT_DECK) {
        snprintf(text, sizeof text, "deck");
    } else if (a >= KS_ACT_USE && a < KS_ACT_FIRST) {
        int u = a - KS_ACT_USE;
        target_name(u % KS_TARGETS, tgt, sizeof tgt);
        snprintf(text, sizeof text, "use:%s@%s", ks_kind_names[u / KS_TARGETS], tgt);
    } else if (a >= KS_ACT_FIRST && a < KS_ACT_DRAWN) {
        snprintf(text, sizeof text, "first:%d", a - KS_ACT_FIRST);
    } else if (a >= KS_ACT_DRAWN && a < KS_ACT_SPECIAL) {
        static const char *const kinds[4] = {"draw", "top", "lose", "take"};
        int k = (a - KS_ACT_DRAWN) / KS_RANKS, r = (a - KS_ACT_DRAWN) % KS_RANKS;
        snprintf(text, sizeof text, "%s:%c", kinds[k], ks_rank_chars[r]);
    } else if (a >= KS_ACT_SPECIAL && a < KS_NUM_ACTIONS) {
        snprintf(text, sizeof text, "special:%s", ks_kind_names[a - KS_ACT_SPECIAL]);
    } else {
        snprintf(text, sizeof text, "?");
    }
    return arena_text_out(text, strlen(text), buf, cap);
}

/* The rank of a one-character name, or -1. */
static int rank_of(const char *t)
{
    const char *p = t[0] ? strchr(ks_rank_chars, t[0]) : NULL;
    return p && t[1] == '\0' ? (int)(p - ks_rank_chars) : -1;
}

static int kind_of(const char *t, size_t n)
{
    for (int k = 0; k < KS_KINDS; k++)
        if (strlen(ks_kind_names[k]) == n && memcmp(t, ks_kind_names[k], n) == 0) return k;
    return -1;
}

static int target_of(const char *t)
{
    if (t[0] >= '0' && t[0] < '0' + KS_MAX_SEATS && t[1] == '\0') return t[0] - '0';
    for (int i = 0; i < 3; i++)
        if (strcmp(t, ks_section_names[i]) == 0) return KS_MAX_SEATS + i;
    return -1;
}

/* "prefix:rest" -> rest, or NULL. */
static const char *after(const char *text, const char *prefix)
{
    size_t n = strlen(prefix);
    return strncmp(text, prefix, n) == 0 && text[n] == ':' ? text + n + 1 : NULL;
}

static int parse(const char *t)
{
    static const char *const words[] = {"draw", "claim", "keep", "mulligan", "deck"};
    static const int word_actions[] = {KS_ACT_DRAW, KS_ACT_CLAIM, KS_ACT_KEEP, KS_ACT_MULLIGAN,
                                       KS_ACT_DECK};
    for (int i = 0; i < 5; i++)
        if (strcmp(t, words[i]) == 0) return word_actions[i];
    const char *rest;
    int r;
    if ((rest = after(t, "play"))) {
        if (rest[0] == 'X' && rest[1] == '=' && rest[2] >= '1' && rest[2] <= '7' && !rest[3])
            return KS_ACT_PLAY_X + rest[2] - '1';
        r = rank_of(rest);
        return r >= 0 && r != KS_JOKER ? KS_ACT_PLAY + r : -1;
    }
    if ((rest = after(t, "fight")) || (rest = after(t, "first"))) {
        int seat = rest[0] >= '0' && rest[0] < '0' + KS_MAX_SEATS && !rest[1] ? rest[0] - '0' : -1;
        if (seat < 0) return -1;
        return (t[1] == 'i' && t[2] == 'g' ? KS_ACT_FIGHT : KS_ACT_FIRST) + seat;
    }
    static const char *const ranked[5] = {"hand", "draw", "top", "lose", "take"};
    static const int bases[5] = {KS_ACT_HAND, KS_ACT_DRAWN, KS_ACT_TOP, KS_ACT_LOSE, KS_ACT_TAKE};
    for (int i = 0; i < 5; i++)
        if ((rest = after(t, ranked[i]))) return (r = rank_of(rest)) >= 0 ? bases[i] + r : -1;
    if ((rest = after(t, "special"))) {
        int k = kind_of(rest, strlen(rest));
        return k >= 0 ? KS_ACT_SPECIAL + k : -1;
    }
    if ((rest = after(t, "use"))) {
        const char *at = strchr(rest, '@');
        int k = at ? kind_of(rest, (size_t)(at - rest)) : -1;
        int tg = at ? target_of(at + 1) : -1;
        return k >= 0 && tg >= 0 ? KS_ACT_USE + k * KS_TARGETS + tg : -1;
    }
    return -1;
}

int ks_parse_action(const arena_state *s, const char *text, int32_t *action)
{
    (void)s;
    if (!text) return -1;
    int a = parse(text);
    if (a < 0) return -1;
    *action = a;
    return 0;
}
