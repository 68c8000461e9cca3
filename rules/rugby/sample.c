/* sample.c -- sample_state: a full position consistent with one seat's
 * observation (determinisation), the hidden marks drawn with the given seed.
 *
 * The public part of the position is read from the observation and checked
 * (the bytes may come from anywhere: a malformed or impossible observation
 * gives NULL). Each board the viewer cannot see whole is then completed:
 *  - during the setup nothing of it is revealed yet, so its first `placed`
 *    marks are laid out as setup=random would lay them out, mark by mark;
 *  - in play, the marks not yet found are drawn from the posterior of a
 *    layout made as setup=random makes it (mark by mark, each on a uniformly
 *    drawn field it may take), given the revealed fields. That is not uniform
 *    over valid layouts: the O are a uniform subset of the in-goal, but the P
 *    of a column holding k of them are then one of C(3,k) equally likely
 *    choices, so a layout's chance is proportional to the product over
 *    columns of 1 / C(3,k) (a column of 3 O takes its 3 P for sure; its
 *    layouts are 3 times as likely as those of a column of 1 O, each of whose
 *    P is one of 3). Everything else (black fields, midfield marks) is a
 *    uniform subset of what is left. So the number of new O per column is
 *    drawn by weighing completions column by column (a small dynamic
 *    programme over 7 columns), then the fields inside each column, the black
 *    fields and the midfield marks are uniform subsets of what is left.
 *    Against setup=random, or a player who lays out like it (rugby_basic),
 *    this is the exact posterior; against any other player it is a prior.
 * Last, the observation of the sampled position must give back the very bytes
 * it was drawn from; anything the checks above missed fails there. */
#include <stdlib.h>
#include <string.h>

#include "arena/sdk.h"
#include "games/rugby.pb-c.h"
#include "rugby.h"

#define ZONE_ROWS 3 /* of the in-goal and of the 10-metre zone: a column's fields there */

/* The fields of one column or zone that are still unknown. */
typedef struct field_set {
    int n;
    uint8_t f[RG_FIELDS];
} field_set;

static double binom(int n, int k)
{
    if (k < 0 || k > n) return 0;
    double c = 1;
    for (int i = 1; i <= k; i++)
        c = c * (n - k + i) / i;
    return c;
}

/* Moves a uniform random k-subset of set to its front. */
static void pick_front(field_set *set, int k, arena_rng *rng)
{
    for (int i = 0; i < k; i++) {
        int j = i + (int)arena_rng_below(rng, (uint32_t)(set->n - i));
        uint8_t t = set->f[i];
        set->f[i] = set->f[j];
        set->f[j] = t;
    }
}

/* Puts `count` of mark on a random subset of set and removes them from it. */
static void put_random(uint8_t *board, field_set *set, int mark, int count, arena_rng *rng)
{
    pick_front(set, count, rng);
    for (int i = 0; i < count; i++)
        board[set->f[i]] = (uint8_t)mark;
    set->n -= count;
    memmove(set->f, set->f + count, (size_t)set->n);
}

/* The marks still to place on a board and where they may go. */
typedef struct hidden {
    int need[RG_MARKS]; /* X: both zones together */
    int need_x[2];      /* X of the in-goal [0] and of the 10-metre zone [1] */
    int known_o[RG_COLS], known_p[RG_COLS];
    field_set top[RG_COLS], bottom[RG_COLS]; /* unknown in-goal / 10-metre fields */
    field_set touch, inner;                  /* unknown midfield fields */
} hidden;

/* Counts the known marks of a board (checking each stands where it may) and
 * collects its unknown fields; -1 when a known mark is misplaced or too many. */
static int survey(const uint8_t *board, int tries, hidden *h)
{
    memset(h, 0, sizeof *h);
    for (int m = RG_O; m < RG_MARKS; m++)
        h->need[m] = rg_mark_count(tries, m);
    h->need_x[0] = 2;
    h->need_x[1] = 3;
    for (int f = 0; f < RG_FIELDS; f++) {
        int mark = board[f], zone = rg_zone(f), c = rg_col(f);
        if (mark == RG_UNKNOWN) {
            field_set *set = zone == RG_ZONE_INGOAL ? &h->top[c]
                             : zone == RG_ZONE_TEN  ? &h->bottom[c]
                             : rg_touchline(f)      ? &h->touch
                                                    : &h->inner;
            set->f[set->n++] = (uint8_t)f;
            continue;
        }
        if (mark == RG_EMPTY) continue;
        int ok = mark == RG_O   ? zone == RG_ZONE_INGOAL
                 : mark == RG_P ? zone == RG_ZONE_TEN
                 : mark == RG_X ? zone != RG_ZONE_MID
                 : mark == RG_A ? zone == RG_ZONE_MID && rg_touchline(f)
                                : zone == RG_ZONE_MID;
        if (!ok || --h->need[mark] < 0) return -1;
        if (mark == RG_X && --h->need_x[zone == RG_ZONE_TEN] < 0) return -1;
        if (mark == RG_O) h->known_o[c]++;
        if (mark == RG_P) h->known_p[c]++;
    }
    return 0;
}

/* The weight of column c's completions with a new O in it: how many there
 * are (fields for the new O and for the P that match them) times the chance
 * setup=random gives each, 1 / C(3, the column's O). */
static double column_weight(const hidden *h, int c, int a)
{
    int o = h->known_o[c] + a, b = o - h->known_p[c]; /* new P to match */
    if (o > ZONE_ROWS) return 0;
    return binom(h->top[c].n, a) * binom(h->bottom[c].n, b) / binom(ZONE_ROWS, o);
}

/* Weighed completions of the O and P of columns c.. with k new O among them:
 * w[c][k]. */
static void count_columns(const hidden *h, int tries, double w[RG_COLS + 1][RG_MAX_TRIES + 1])
{
    memset(w, 0, sizeof(double) * (RG_COLS + 1) * (RG_MAX_TRIES + 1));
    w[RG_COLS][0] = 1;
    for (int c = RG_COLS - 1; c >= 0; c--)
        for (int k = 0; k <= tries; k++)
            for (int a = 0; a <= h->top[c].n && a <= k; a++)
                w[c][k] += column_weight(h, c, a) * w[c + 1][k - a];
}

/* Draws the new O and P of every column, and their fields. */
static void place_columns(uint8_t *board, hidden *h, int tries, arena_rng *rng)
{
    double w[RG_COLS + 1][RG_MAX_TRIES + 1];
    count_columns(h, tries, w);
    int k = h->need[RG_O];
    for (int c = 0; c < RG_COLS; c++) {
        double r = arena_rng_double(rng) * w[c][k];
        int a = 0, last = -1;
        for (; a <= h->top[c].n && a <= k; a++) {
            double x = column_weight(h, c, a) * w[c + 1][k - a];
            if (x <= 0) continue;
            last = a;
            if (r < x) break;
            r -= x;
        }
        if (a > h->top[c].n || a > k) a = last; /* rounding at the very end */
        put_random(board, &h->top[c], RG_O, a, rng);
        put_random(board, &h->bottom[c], RG_P, h->known_o[c] + a - h->known_p[c], rng);
        k -= a;
    }
}

/* Moves every field of the sets into one. */
static void gather(field_set *all, field_set *sets, int count)
{
    all->n = 0;
    for (int i = 0; i < count; i++) {
        memcpy(all->f + all->n, sets[i].f, (size_t)sets[i].n);
        all->n += sets[i].n;
    }
}

/* Completes a board of which the known fields are set and the others are
 * RG_UNKNOWN into a whole layout; -1 when no layout agrees with it. */
static int complete_full(uint8_t *board, int tries, arena_rng *rng)
{
    hidden h;
    if (survey(board, tries, &h) < 0) return -1;
    double w[RG_COLS + 1][RG_MAX_TRIES + 1];
    count_columns(&h, tries, w);
    field_set top, bottom;
    gather(&top, h.top, RG_COLS);
    gather(&bottom, h.bottom, RG_COLS);
    int mid = h.need[RG_K] + h.need[RG_D] + h.need[RG_M] + h.need[RG_G];
    if (w[0][h.need[RG_O]] <= 0 || top.n - h.need[RG_O] < h.need_x[0] ||
        bottom.n - h.need[RG_P] < h.need_x[1] || h.touch.n < h.need[RG_A] ||
        h.touch.n + h.inner.n - h.need[RG_A] < mid)
        return -1;
    place_columns(board, &h, tries, rng);
    gather(&top, h.top, RG_COLS); /* what the O and P left */
    gather(&bottom, h.bottom, RG_COLS);
    put_random(board, &top, RG_X, h.need_x[0], rng);
    put_random(board, &bottom, RG_X, h.need_x[1], rng);
    put_random(board, &h.touch, RG_A, h.need[RG_A], rng);
    field_set rest;
    field_set both[2] = {h.touch, h.inner};
    gather(&rest, both, 2);
    for (int m = RG_K; m <= RG_G; m++)
        put_random(board, &rest, m, h.need[m], rng);
    for (int f = 0; f < RG_FIELDS; f++)
        if (board[f] == RG_UNKNOWN) board[f] = RG_EMPTY;
    return 0;
}

/* During the setup: the first `placed` marks laid out mark by mark, each on a
 * random field it may take (nothing of a hidden board is revealed yet). With
 * setup=random the board being laid out cannot stand where its next mark has
 * a single field (that mark would have been placed at once): such a draw is
 * made again; it is rare, as only a P can have a single field. */
static int complete_setup(arena_state *s, int b, arena_rng *rng)
{
    uint8_t fields[RG_FIELDS], *board = s->board[b];
    int tries = s->cfg.tries, placed = s->placed[b];
    int settled = s->cfg.setup == RG_SETUP_RANDOM && b == s->to_move;
    for (int attempt = 0; attempt < 1000; attempt++) {
        memset(board, RG_EMPTY, RG_FIELDS);
        for (int k = 0; k < placed; k++) {
            int n = rg_place_fields(board, tries, k, fields);
            if (n == 0) return -1;
            board[fields[arena_rng_below(rng, (uint32_t)n)]] = (uint8_t)rg_seq_mark(tries, k);
        }
        if (!settled || placed >= rg_marks_per_board(tries) ||
            rg_place_fields(board, tries, placed, fields) >= 2)
            return 0;
    }
    return -1;
}

/* Board b of s from its observed marks: whole if the viewer owns it, else the
 * guessed fields known and the rest drawn. */
static int complete_board(arena_state *s, int b, int viewer, arena_rng *rng)
{
    uint8_t *board = s->board[b];
    int tries = s->cfg.tries, full = rg_marks_per_board(tries);
    if (viewer == b) {
        for (int f = 0; f < RG_FIELDS; f++)
            if (board[f] == RG_UNKNOWN) return -1;
        return rg_board_valid(board, tries, s->placed[b]) ? 0 : -1;
    }
    for (int f = 0; f < RG_FIELDS; f++)
        if ((board[f] == RG_UNKNOWN) != !s->guessed[b][f]) return -1;
    if (s->phase == RG_PHASE_SETUP) return complete_setup(s, b, rng);
    return s->placed[b] == full ? complete_full(board, tries, rng) : -1;
}

/* The public part of the position: options, phase, turn, scores, boards as
 * seen (unknown fields as RG_UNKNOWN), end; -1 when malformed. */
static int decode(const arena_game *g, const Arena__Rugby__Observation *m, arena_state *s)
{
    if (strcmp(m->options, g->options) != 0 || m->seat < -1 || m->seat > 1 ||
        (unsigned)m->phase >= RG_PHASES || (unsigned)m->end_reason >= RG_ENDS || m->to_move > 1 ||
        m->bonus > RG_BONUS || m->n_scores != 2 || m->n_boards != 2 || m->winner > 2)
        return -1;
    s->cfg = g->cfg;
    s->phase = (uint8_t)m->phase;
    s->to_move = (uint8_t)m->to_move;
    s->bonus = (uint8_t)m->bonus;
    s->end = (uint8_t)m->end_reason;
    s->winner = (int8_t)((int)m->winner - 1);
    for (int b = 0; b < 2; b++) {
        const Arena__Rugby__Board *bd = m->boards[b];
        if (m->scores[b] > (uint32_t)rg_total_points(g->cfg.tries) || bd->marks.len != RG_FIELDS ||
            bd->guessed.len != RG_FIELDS || bd->placed > (uint32_t)rg_marks_per_board(g->cfg.tries))
            return -1;
        s->score[b] = (uint16_t)m->scores[b];
        s->placed[b] = (uint8_t)bd->placed;
        for (int f = 0; f < RG_FIELDS; f++) {
            if (bd->marks.data[f] > RG_UNKNOWN || bd->guessed.data[f] > 1) return -1;
            s->board[b][f] = bd->marks.data[f];
            s->guessed[b][f] = bd->guessed.data[f];
            s->guesses[b ^ 1] = (uint16_t)(s->guesses[b ^ 1] + bd->guessed.data[f]);
        }
    }
    return 0;
}

/* Points of the guessed fields of board b: what b's opponent has scored. */
static int points_found(const arena_state *s, int b)
{
    int sum = 0;
    for (int f = 0; f < RG_FIELDS; f++)
        if (s->guessed[b][f]) sum += rg_mark_points(s->board[b][f]);
    return sum;
}

/* The rules that tie the public parts together (the turn order of a whole
 * game is not replayed: any turn and bonus count is accepted in play). */
static int consistent(const arena_state *s)
{
    int full = rg_marks_per_board(s->cfg.tries), target = s->cfg.target;
    if (s->phase == RG_PHASE_SETUP) {
        uint8_t fields[RG_FIELDS];
        int placer = s->placed[0] < full ? 0 : 1;
        if (s->to_move != placer || (placer == 0 && s->placed[1] != 0) || s->placed[1] >= full)
            return 0;
        /* setup=random places a mark with one possible field at once */
        int choices = rg_place_fields(s->board[placer], s->cfg.tries, s->placed[placer], fields);
        return choices >= (s->cfg.setup == RG_SETUP_RANDOM ? 2 : 1) && s->guesses[0] == 0 &&
               s->guesses[1] == 0 && s->score[0] == 0 && s->score[1] == 0 && s->bonus == 0 &&
               s->end == RG_END_NONE && s->winner == -1;
    }
    if (s->placed[0] != full || s->placed[1] != full) return 0;
    for (int p = 0; p < 2; p++)
        if (s->score[p] != points_found(s, p ^ 1)) return 0;
    if (s->phase == RG_PHASE_PLAY)
        return s->end == RG_END_NONE && s->winner == -1 && s->score[0] < target &&
               s->score[1] < target;
    if (s->bonus != 0) return 0;
    if (s->end == RG_END_TARGET)
        return s->winner >= 0 && s->score[s->winner] >= target && s->score[s->winner ^ 1] < target;
    return s->end == RG_END_ALL_GUESSED && s->guesses[0] == RG_FIELDS &&
           s->guesses[1] == RG_FIELDS && s->winner == rg_winner_by_score(s);
}

/* Whether s, seen by seat, gives exactly the bytes obs. */
static int reproduces(const arena_state *s, int seat, const uint8_t *obs, size_t len)
{
    uint8_t again[2048];
    size_t n = rg_observation(s, seat, again, sizeof again);
    return n == len && n <= sizeof again && memcmp(again, obs, len) == 0;
}

arena_state *rg_sample_state(const arena_game *g, const uint8_t *obs, size_t len, uint64_t seed)
{
    Arena__Rugby__Observation *m = arena__rugby__observation__unpack(NULL, len, obs);
    if (!m) return NULL;
    arena_state *s = calloc(1, sizeof *s);
    arena_rng rng;
    arena_rng_seed(&rng, seed);
    int seat = m->seat, ok = s && decode(g, m, s) == 0;
    for (int b = 0; b < 2 && ok; b++)
        ok = complete_board(s, b, seat, &rng) == 0;
    ok = ok && consistent(s) && reproduces(s, seat, obs, len);
    arena__rugby__observation__free_unpacked(m, NULL);
    if (!ok) {
        free(s);
        return NULL;
    }
    return s;
}
