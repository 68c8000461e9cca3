/* match.c -- one match between seats, refereed by the arena (see match.h). */
#include <stdlib.h>
#include <string.h>

#include "arena/sdk.h"
#include "chance.h"
#include "match.h"
#include "matchlog.h"
#include "outcome.h"
#include "seed.h"
#include "text.h"
#include "xalloc.h"

typedef struct seat_run {
    seat *s;
    int healthy; /* answered everything so far */
    int wants_events;
    int reused;       /* its process had played other games (match_record.reused) */
    int64_t clock_us; /* time left (base+increment mode); below 0 by at most the margin */
    int64_t debt_us;  /* fixed-time mode: time over its budgets not yet paid back */
} seat_run;

typedef struct match_run_ctx {
    const match_spec *spec;
    const arena_rules *r;
    seat_pool *pool;
    arena_state *state;
    seat_run seat[ARENA_MAX_PLAYERS];
    uint64_t bot_seed[ARENA_MAX_PLAYERS];
    uint64_t order; /* the seat order (match_seat_order): this game of its deal */
    matchlog_builder log;
    int no_state; /* the rule module made no state: no game, no log */
    uint8_t *obs;
    size_t obs_cap;
    int32_t *legal;
    int num_actions; /* the size of legal: the game's, asked once */
    chance_stream chance;
    int chance_seeded; /* the chance seed is derived at the first chance node: a
                        * derivation costs ~1 us, and most games have none */
    int tell_events;   /* a seat wants events and the game shows its actions:
                        * broadcast has work (asked once, not at every ply) */
    int plies;
    /* Seats out of the game (a forfeit at a table of three or more): 0 in,
     * k the k-th to go; a stand-in plays them on (play_stand_in). */
    int out[ARENA_MAX_PLAYERS];
    int n_out;
    chance_stream stand_in;
    int stand_in_seeded;
    /* the verdict: the first forfeit's (a lost host's first: forfeit), or
     * how the game ended */
    int end;
    int host_lost; /* the verdict is a lost host's */
    int culprit;
    char detail[160];
    int starting;    /* the seats are being started: a forfeit now is no move's */
    int at_start;    /* the verdict came while starting (match_record.at_start) */
    int64_t mark_us; /* the last clock reading: when the next turn begins */
} match_run_ctx;

void match_log_free(Arena__MatchLog *log)
{
    matchlog_free_built(log);
}

/* One step of FNV-1a: labels, not secrets (the seeds made from them are
 * keyed hashes of the match seed). */
static uint64_t order_step(uint64_t h, uint32_t v)
{
    return (h ^ v) * 0x100000001b3ull;
}

uint64_t match_seat_order(const int *seat_entrant, int num_players)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (int i = 0; i < num_players; i++)
        h = order_step(h, (uint32_t)seat_entrant[i]);
    return h;
}

uint64_t match_chance_seed(uint64_t match_seed, uint64_t seat_order)
{
    return seed_derive(match_seed, "chance", seat_order);
}

uint64_t match_bot_seed(uint64_t match_seed, uint64_t seat_order, int seat)
{
    return seed_derive(match_seed, "seat", order_step(seat_order, 0x100u + (uint32_t)seat));
}

/* A seat at fault (or, seat -1, an adjudication) ends the match, but at a
 * table of three or more while two seats are still in: there the culprit is
 * out, last whatever happens (set_returns), and a stand-in plays its seat on
 * so that the others finish their game. Ending it there would leave their
 * result to the culprit, who chooses the moment: a bot about to finish last
 * could stop the game whenever a friend was behind (red team: its ally went
 * from +173 to +637 Elo). The match's verdict is its first forfeit, or the
 * first failure of a seat whose host was lost (seat.h), whenever it came:
 * such a match is void and played again (remote_match_run). Kept as a later
 * forfeit, the seats of the lost host would rank last for no fault of their
 * bots', and a bot that forfeits first would decide who. */
static void forfeit(match_run_ctx *m, int seat, int end, const char *detail)
{
    if (seat >= 0) {
        m->seat[seat].healthy = 0;
        if (!m->out[seat]) {
            m->out[seat] = ++m->n_out;
            if (m->spec->num_players > 2) matchlog_stand_in(&m->log, seat, m->plies);
        }
    }
    /* an open seat says so itself (seat.h: never the bot's words); where
     * none opened, the opener's words do */
    const struct seat *st = seat >= 0 ? m->seat[seat].s : NULL;
    int lost = seat >= 0 && (st ? st->host_lost : seat_host_lost(detail));
    int void_now = lost && !m->host_lost;
    m->host_lost |= void_now;
    if (!void_now && (m->n_out > 1 || (seat < 0 && m->n_out > 0))) return;
    m->end = end;
    m->culprit = seat;
    m->at_start = m->starting;
    text_copy(m->detail, sizeof m->detail, detail);
}

/* Whether the game goes on after a forfeit (forfeit). */
static int plays_on(const match_run_ctx *m)
{
    return m->spec->num_players > 2 && m->spec->num_players - m->n_out >= 2;
}

static void log_action(match_run_ctx *m, int seat, int32_t action, int64_t think_us, int64_t cpu_us)
{
    matchlog_action(&m->log, seat, action, think_us, cpu_us); /* cannot fail: xalloc.h */
}

/* The margin is a grace for scheduling noise, not time to think with: what
 * a bot takes over its budget it pays back from its next budgets. With a
 * clock the clock goes below zero (by at most the margin: past that the bot
 * has lost on time) and the increments refill it; with a fixed time per move
 * the overrun is a debt that shortens the next budgets. A bot that used its
 * budget plus the margin on every move (a red team's did, 42 % over
 * --move-time 100) gets the margin once a game. */
static int64_t budget_of(const match_spec *s, const seat_run *sr)
{
    return s->tc.move_time_us > 0 ? s->tc.move_time_us - sr->debt_us : sr->clock_us;
}

/* Charges think_us against a budget given by budget_of. */
static void charge(const match_spec *s, seat_run *sr, int64_t budget_us, int64_t think_us)
{
    if (s->tc.move_time_us > 0)
        sr->debt_us = think_us > budget_us ? think_us - budget_us : 0;
    else
        sr->clock_us -= think_us;
}

/* What a bot may spend starting a game. A start is on the bot's time, as a
 * move is: with a clock it comes off the clock, with a fixed time per move
 * it has one move's time. Never more than SEAT_START_TIMEOUT_US: a long
 * clock is no reason to wait minutes on a create() that hangs. */
static int64_t start_budget(const match_spec *s)
{
    int64_t b = s->tc.move_time_us > 0 ? s->tc.move_time_us : s->tc.base_us;
    return b < SEAT_START_TIMEOUT_US ? b : SEAT_START_TIMEOUT_US;
}

/* SETUP: a seat from the pool and a started game for every seat. */
static int start_seats(match_run_ctx *m)
{
    const match_spec *s = m->spec;
    char err[256];
    int64_t budget = start_budget(s);
    for (int i = 0; i < s->num_players; i++) {
        seat_run *sr = &m->seat[i];
        sr->clock_us = s->tc.base_us;
        sr->s = pool_take(m->pool, s->seat[i], s->seed, err, sizeof err);
        if (!sr->s) {
            forfeit(m, i, OUTCOME_SETUP, err);
            if (plays_on(m)) continue;
            return -1;
        }
        sr->healthy = 1;
        sr->reused = sr->s->own_memory && sr->s->n_deals > 1; /* this deal is recorded */
        seat_game g = {.game = s->lr->rules->name,
                       .options = s->options,
                       .seat = i,
                       .num_players = s->num_players,
                       .seed = m->bot_seed[i],
                       .tc = s->tc,
                       .bot_options = s->seat[i]->bot_options,
                       .timeout_us = budget + s->margin_us};
        int64_t think = 0, cpu = 0;
        int rc = seat_start(sr->s, &g, &think, &cpu, err, sizeof err);
        matchlog_start(&m->log, i, think, cpu);
        if (rc == OUTCOME_NORMAL && think > g.timeout_us) { /* an inline bot, late */
            snprintf(err, sizeof err, "started the game after %.1f ms of %.1f ms", think / 1000.0,
                     budget / 1000.0);
            rc = OUTCOME_TIME;
        } else if (rc == OUTCOME_TIME) {
            char why[sizeof err];
            snprintf(why, sizeof why, "starting the game: %s", err);
            text_copy(err, sizeof err, why);
        }
        if (rc != OUTCOME_NORMAL) {
            forfeit(m, i, rc, text_clean(err, TEXT_MAX_MESSAGE)); /* may quote the bot */
            if (plays_on(m)) continue;
            return -1;
        }
        charge(s, sr, budget, think);
        sr->wants_events = sr->s->info.wants_events;
        m->tell_events |= sr->wants_events && !(m->r->flags & ARENA_GAME_HIDDEN);
    }
    return 0;
}

/* Tells every healthy seat that wants events (except `skip`) about an action.
 * Not in hidden-information games: an action or a chance outcome may be a
 * card drawn or played face down, and the rules ABI does not say which part
 * of it a seat may see -- there a bot learns what it may know from its own
 * observation, and observe() reports only the end of the game. */
static void broadcast(match_run_ctx *m, arena_event_kind kind, int who, int32_t action, int skip)
{
    if (!m->tell_events) return;
    int told = 0;
    for (int i = 0; i < m->spec->num_players; i++) {
        seat_run *sr = &m->seat[i];
        if (i == skip || !sr->healthy || !sr->wants_events) continue;
        seat_event(sr->s, kind, who, action);
        told = 1;
    }
    /* an inline bot's observe() is not the next mover's think time */
    if (told) m->mark_us = arena_now_us();
}

static void print_board(const arena_rules *r, const arena_state *state, FILE *out)
{
    size_t need = r->render(state, -1, NULL, 0);
    char *buf = xmalloc(need + 1);
    if (!buf) return;
    r->render(state, -1, buf, need + 1);
    fprintf(out, "%s\n", buf);
    free(buf);
}

static void show_board(match_run_ctx *m, int seat, int32_t action, const arena_state *before)
{
    FILE *out = m->spec->show;
    char name[64];
    m->r->action_name(before, action, name, sizeof name);
    if (seat < 0)
        fprintf(out, "%4d. chance  %s\n", m->plies, name);
    else
        fprintf(out, "%4d. [%d %s]  %s\n", m->plies, seat, m->spec->seat[seat]->display, name);
    print_board(m->r, m->state, out);
}

/* Applies a checked action; logs it, tells the others, shows the board. */
static int apply_action(match_run_ctx *m, int seat, int32_t action, int64_t think_us,
                        int64_t cpu_us)
{
    arena_state *before = m->spec->show ? m->r->state_clone(m->state) : NULL;
    if (m->r->apply(m->state, action) != 0) {
        m->r->state_free(before);
        return -1;
    }
    if (seat >= 0) m->plies++;
    log_action(m, seat, action, think_us, cpu_us);
    broadcast(m, seat < 0 ? ARENA_EVENT_CHANCE : ARENA_EVENT_ACTION, seat, action, seat);
    if (before) {
        show_board(m, seat, action, before);
        m->r->state_free(before);
    }
    return 0;
}

/* CHANCE: the arena draws the outcome. */
static int play_chance(match_run_ctx *m)
{
    arena_chance_outcome out[256];
    int n = m->r->chance_outcomes(m->state, out, 256);
    if (n <= 0 || n > 256) {
        forfeit(m, -1, OUTCOME_ADJUDICATION, "rule module gave no chance outcomes");
        return -1;
    }
    if (!m->chance_seeded) {
        chance_init(&m->chance, match_chance_seed(m->spec->seed, m->order));
        m->chance_seeded = 1;
    }
    double u = chance_uniform(&m->chance), acc = 0;
    int pick = n - 1;
    for (int i = 0; i < n; i++) {
        acc += out[i].prob;
        if (u < acc) {
            pick = i;
            break;
        }
    }
    if (apply_action(m, -1, out[pick].action, 0, 0)) {
        forfeit(m, -1, OUTCOME_ADJUDICATION, "rule module refused its own chance outcome");
        return -1;
    }
    return 0;
}

/* Whether a is among the n legal actions (ascending, rules.h), searched by
 * halves whose steps are conditional moves: the bot's choice is
 * unpredictable, so a search that branches on it, or an early exit, pays a
 * mispredicted branch; these steps depend on n alone. A few nanoseconds
 * against ~50 for a ply of morris, and half the instructions of the
 * vector compare of the whole list this replaced (callgrind, random morris:
 * about 20 legal actions a ply). */
static inline int is_legal(const int32_t *legal, int n, int32_t a)
{
    if (n <= 0) return 0;
    const int32_t *base = legal;
    for (unsigned len = (unsigned)n; len > 1;) {
        unsigned half = len / 2;
        base = base[half - 1] < a ? base + half : base;
        len -= half;
    }
    return *base == a;
}

int match_is_legal(const int32_t *legal, int n, int32_t a)
{
    return is_legal(legal, n, a);
}

/* Fills the observation buffer for seat; returns its length. */
static size_t observe(match_run_ctx *m, int seat)
{
    size_t need = m->r->observation(m->state, seat, m->obs, m->obs_cap);
    if (need > m->obs_cap) {
        m->obs = xrealloc(m->obs, need * 2);
        m->obs_cap = need * 2;
        need = m->r->observation(m->state, seat, m->obs, m->obs_cap);
    }
    return need;
}

/* AWAITING: ask the seat to move, check the answer, apply it. */
static int play_turn(match_run_ctx *m, int seat)
{
    const match_spec *s = m->spec;
    seat_run *sr = &m->seat[seat];
    seat_turn t;
    arena_turn *bt = &t.bot;
    bt->struct_size = sizeof *bt;
    bt->ply = m->plies;
    bt->state = m->state;
    bt->num_legal = m->r->legal_actions(m->state, m->legal, m->num_actions);
    bt->legal = m->legal;
    bt->observation_len = sr->s->needs_observation ? observe(m, seat) : 0;
    bt->observation = bt->observation_len ? m->obs : NULL;
    int64_t budget = budget_of(s, sr); /* may be below 0: within the margin */
    bt->time_left_us = sr->clock_us > 0 ? sr->clock_us : 0;
    bt->move_budget_us = budget > 0 ? budget : 0;
    bt->clock = ARENA_CLOCK_WALL;
    t.timeout_us = budget + s->margin_us;
    t.start_us = m->mark_us;
    int32_t action = 0;
    int64_t think = 0, cpu = 0;
    char err[200];
    int rc = seat_act(sr->s, &t, &action, &think, &cpu, err, sizeof err);
    if (rc != OUTCOME_NORMAL) {
        forfeit(m, seat, rc, err);
        return -1;
    }
    m->mark_us = t.start_us + think;
    if (think > t.timeout_us) {
        int n = snprintf(err, sizeof err, "answered after %.1f ms of %.1f ms", think / 1000.0,
                         bt->move_budget_us / 1000.0);
        int64_t owed = s->tc.move_time_us > 0 ? sr->debt_us : -sr->clock_us;
        if (owed > 0 && n > 0 && (size_t)n < sizeof err)
            snprintf(err + n, sizeof err - (size_t)n, " (%.1f ms over its budgets before)",
                     owed / 1000.0);
        forfeit(m, seat, OUTCOME_TIME, err);
        return -1;
    }
    charge(s, sr, budget, think);
    if (s->tc.move_time_us <= 0) sr->clock_us += s->tc.increment_us;
    if (!is_legal(m->legal, bt->num_legal, action) || apply_action(m, seat, action, think, cpu)) {
        snprintf(err, sizeof err, "illegal action %d", action);
        forfeit(m, seat, OUTCOME_ILLEGAL, err);
        return -1;
    }
    return 0;
}

/* A stand-in's move for a seat that is out: a legal action drawn from the
 * match's stand-in stream (a derivation of the match seed of its own: the
 * dice do not move), so a replay and a resumed tournament play it again. */
static int play_stand_in(match_run_ctx *m, int seat)
{
    int n = m->r->legal_actions(m->state, m->legal, m->num_actions);
    if (n <= 0) {
        forfeit(m, -1, OUTCOME_ADJUDICATION, "rule module gave no legal actions");
        return -1;
    }
    if (!m->stand_in_seeded) {
        chance_init(&m->stand_in, seed_derive(m->spec->seed, "stand-in", m->order));
        m->stand_in_seeded = 1;
    }
    int pick = (int)(chance_uniform(&m->stand_in) * n);
    if (apply_action(m, seat, m->legal[pick < n ? pick : n - 1], 0, 0)) {
        forfeit(m, -1, OUTCOME_ADJUDICATION, "rule module refused a legal action");
        return -1;
    }
    return 0;
}

static void set_returns(match_run_ctx *m, double *ret)
{
    int np = m->spec->num_players;
    if (m->end == OUTCOME_NORMAL) {
        m->r->returns(m->state, ret);
        text_copy(m->detail, sizeof m->detail, m->r->end_reason(m->state));
        return;
    }
    if (np == 2 || m->n_out == 0) { /* the culprit takes the only loss; adjudication is a draw */
        for (int i = 0; i < np; i++)
            ret[i] = m->culprit < 0 ? 0 : i == m->culprit ? -1 : (np == 2 ? 1 : 0);
        return;
    }
    /* Played on: the others' returns are the game's (a draw when it was
     * adjudicated or too few were left to play), and the seats out come
     * below them all, the first out lowest. */
    int over = m->state && m->r->current_player(m->state) == ARENA_TERMINAL;
    if (over) m->r->returns(m->state, ret);
    double low = 0;
    int any = 0;
    for (int i = 0; i < np; i++) {
        if (!over) ret[i] = 0;
        if (!m->out[i] && (!any || ret[i] < low)) low = ret[i], any = 1;
    }
    for (int i = 0; i < np; i++)
        if (m->out[i]) ret[i] = low - (m->n_out - m->out[i] + 1);
}

/* OVER: tell the healthy seats, keep those that can play on, close the rest. */
static void finish_seats(match_run_ctx *m, const double *ret)
{
    for (int i = 0; i < m->spec->num_players; i++) {
        seat_run *sr = &m->seat[i];
        if (!sr->s) continue;
        if (sr->healthy && seat_game_over(sr->s, ret, m->spec->num_players) == OUTCOME_NORMAL)
            pool_put(m->pool, m->spec->seat[i], sr->s);
        else
            seat_close(sr->s);
        sr->s = NULL;
    }
}

static void fill_record(match_run_ctx *m, const double *ret, match_record *rec, int64_t t0)
{
    const match_spec *s = m->spec;
    memset(rec, 0, sizeof *rec);
    rec->index = s->index;
    rec->seed = s->seed;
    rec->num_players = s->num_players;
    for (int i = 0; i < s->num_players; i++) {
        rec->seat_entrant[i] = s->seat_entrant[i];
        rec->returns[i] = ret[i];
        rec->reused[i] = m->seat[i].reused;
    }
    rec->end = m->end;
    text_copy(rec->end_detail, sizeof rec->end_detail, m->detail);
    rec->culprit = m->culprit;
    rec->at_start = m->at_start;
    rec->host_lost = m->host_lost;
    rec->plies = m->plies;
    rec->duration_us = arena_now_us() - t0;
}

static void play(match_run_ctx *m)
{
    int max_plies =
        m->spec->max_plies > 0 ? m->spec->max_plies : m->r->max_game_length(m->spec->game);
    for (;;) {
        int cp = m->r->current_player(m->state);
        if (cp == ARENA_TERMINAL) return;
        if (m->plies >= max_plies) {
            forfeit(m, -1, OUTCOME_ADJUDICATION, "ply limit reached");
            return;
        }
        if (cp == ARENA_CHANCE) {
            if (play_chance(m)) return;
        } else if (m->out[cp]) {
            if (play_stand_in(m, cp)) return;
        } else if (play_turn(m, cp) && !plays_on(m)) {
            return;
        }
    }
}

static int begin_log(match_run_ctx *m)
{
    const match_spec *s = m->spec;
    const arena_rules *r = s->lr->rules;
    matchlog_head h = {.game = r->name,
                       .options = s->options,
                       .rules_path = s->lr->path,
                       .rules_sha256 = s->lr->sha256,
                       .rules_version = ARENA_RULES_HAS(r, version) ? r->version : "",
                       .num_players = s->num_players,
                       .seat = s->seat,
                       .bot_seeds = m->bot_seed,
                       .match_seed = s->seed,
                       .tc = s->tc,
                       .tournament = s->tournament,
                       .index = s->index};
    return matchlog_begin(&m->log, &h);
}

Arena__MatchLog *match_run(const match_spec *spec, seat_pool *pool, match_record *rec)
{
    int64_t t0 = arena_now_us();
    match_run_ctx m = {.spec = spec, .r = spec->lr->rules, .pool = pool, .culprit = -1};
    m.order = match_seat_order(spec->seat_entrant, spec->num_players);
    for (int i = 0; i < spec->num_players; i++)
        m.bot_seed[i] = match_bot_seed(spec->seed, m.order, i);
    m.state = m.r->state_new(spec->game);
    m.num_actions = m.r->num_actions(spec->game);
    m.legal = xmalloc((size_t)m.num_actions * sizeof *m.legal);
    begin_log(&m);
    m.no_state = !m.state;
    if (!m.no_state && spec->show) print_board(m.r, m.state, spec->show);
    m.starting = 1;
    int started = !m.no_state && start_seats(&m) == 0;
    m.starting = 0;
    if (started) {
        m.mark_us = arena_now_us();
        play(&m);
    }
    if (m.no_state) forfeit(&m, -1, OUTCOME_ADJUDICATION, "the rule module made no state");
    double ret[ARENA_MAX_PLAYERS];
    set_returns(&m, ret);
    finish_seats(&m, ret);
    fill_record(&m, ret, rec, t0);
    Arena__MatchLog *log = NULL;
    if (!m.no_state)
        log = matchlog_finish(&m.log, ret, m.end, m.detail, m.culprit, rec->duration_us);
    matchlog_abandon(&m.log);
    if (m.state) m.r->state_free(m.state);
    free(m.legal);
    free(m.obs);
    return log;
}
