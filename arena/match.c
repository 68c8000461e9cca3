/* match.c -- one match between workers, refereed by the arena (see match.h). */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "arena/sdk.h"
#include "match.h"
#include "outcome.h"

/* Streams derived from the match seed: chance draws and each seat's bot seed. */
#define SEED_STREAM_CHANCE 1u
#define SEED_STREAM_SEAT 100u

typedef struct seat_run {
    worker *w;
    int healthy;      /* answered everything so far */
    int wants_events;
    int64_t clock_us; /* time left (base+increment mode) */
} seat_run;

typedef struct match_run_ctx {
    const match_spec *spec;
    const arena_rules *r;
    worker_pool *pool;
    arena_state *state;
    seat_run seat[ARENA_MAX_PLAYERS];
    Arena__MatchLog *log;
    size_t actions_cap;
    uint8_t *obs;
    size_t obs_cap;
    int32_t *legal;
    arena_rng chance_rng;
    int plies;
    /* the verdict */
    int end;
    int culprit;
    char detail[160];
} match_run_ctx;

static char *dup_or_empty(const char *s)
{
    return strdup(s ? s : "");
}

void match_identity(Arena__Identity *id, const entrant *e)
{
    arena__identity__init(id);
    id->name = dup_or_empty(e->name);
    id->version = dup_or_empty(e->version);
    id->author = dup_or_empty(e->author);
    id->path = dup_or_empty(e->path);
    id->sha256 = dup_or_empty(e->sha256);
}

static Arena__MatchLog *log_new(const match_spec *s)
{
    Arena__MatchLog *log = calloc(1, sizeof *log);
    arena__match_log__init(log);
    log->format = 1;
    log->game = dup_or_empty(s->lr->rules->name);
    log->options = dup_or_empty(s->options);
    log->rules = calloc(1, sizeof *log->rules);
    arena__identity__init(log->rules);
    log->rules->name = dup_or_empty(s->lr->rules->name);
    log->rules->version = dup_or_empty("");
    log->rules->author = dup_or_empty("");
    log->rules->path = dup_or_empty(s->lr->path);
    log->rules->sha256 = dup_or_empty(s->lr->sha256);
    log->n_bots = (size_t)s->num_players;
    log->bots = calloc(log->n_bots, sizeof *log->bots);
    log->n_bot_seeds = log->n_bots;
    log->bot_seeds = calloc(log->n_bots, sizeof *log->bot_seeds);
    for (int i = 0; i < s->num_players; i++) {
        log->bots[i] = calloc(1, sizeof **log->bots);
        match_identity(log->bots[i], s->seat[i]);
        log->bot_seeds[i] = arena_seed_derive(s->seed, SEED_STREAM_SEAT + (uint64_t)i);
    }
    log->match_seed = s->seed;
    log->tc = calloc(1, sizeof *log->tc);
    arena__time_control__init(log->tc);
    log->tc->base_us = s->tc.base_us;
    log->tc->increment_us = s->tc.increment_us;
    log->tc->move_time_us = s->tc.move_time_us;
    log->tournament = dup_or_empty(s->tournament);
    log->match_index = s->index;
    log->culprit = -1;
    log->end_detail = dup_or_empty("");
    return log;
}

static void log_action(match_run_ctx *m, int seat, int32_t action, int64_t think_us)
{
    Arena__MatchLog *log = m->log;
    if (log->n_actions == m->actions_cap) {
        m->actions_cap = m->actions_cap ? m->actions_cap * 2 : 256;
        log->actions = realloc(log->actions, m->actions_cap * sizeof *log->actions);
    }
    Arena__LoggedAction *a = malloc(sizeof *a);
    arena__logged_action__init(a);
    a->seat = seat;
    a->action = action;
    a->think_us = think_us;
    log->actions[log->n_actions++] = a;
}

static void forfeit(match_run_ctx *m, int seat, int end, const char *detail)
{
    m->end = end;
    m->culprit = seat;
    snprintf(m->detail, sizeof m->detail, "%s", detail);
    if (seat >= 0) m->seat[seat].healthy = 0;
}

/* SETUP: a worker and a Setup for every seat. */
static int start_seats(match_run_ctx *m)
{
    const match_spec *s = m->spec;
    char err[256];
    for (int i = 0; i < s->num_players; i++) {
        seat_run *sr = &m->seat[i];
        sr->clock_us = s->tc.base_us;
        sr->w = pool_take(m->pool, s->seat[i], err, sizeof err);
        if (!sr->w) {
            forfeit(m, i, OUTCOME_SETUP, err);
            return -1;
        }
        sr->healthy = 1;
        Arena__Setup setup = ARENA__SETUP__INIT;
        Arena__TimeControl tc = ARENA__TIME_CONTROL__INIT;
        tc.base_us = s->tc.base_us;
        tc.increment_us = s->tc.increment_us;
        tc.move_time_us = s->tc.move_time_us;
        setup.game = (char *)s->lr->rules->name;
        setup.options = (char *)s->options;
        setup.seat = (uint32_t)i;
        setup.num_players = (uint32_t)s->num_players;
        setup.seed = m->log->bot_seeds[i];
        setup.tc = &tc;
        int64_t timeout = 10 * 1000000 + s->margin_us; /* loading may read big tables */
        int rc = worker_setup(sr->w, &setup, timeout, NULL, err, sizeof err);
        if (rc != OUTCOME_NORMAL) {
            forfeit(m, i, rc, err);
            return -1;
        }
        sr->wants_events = worker_wants_events(sr->w);
    }
    return 0;
}

/* Tells every healthy seat that wants events (except `skip`) about an action. */
static void broadcast(match_run_ctx *m, int kind, int seat, int32_t action, int skip)
{
    Arena__Event ev = ARENA__EVENT__INIT;
    ev.kind = kind;
    ev.seat = seat;
    ev.action = action;
    char err[200];
    for (int i = 0; i < m->spec->num_players; i++) {
        seat_run *sr = &m->seat[i];
        if (i == skip || !sr->healthy || !sr->wants_events) continue;
        /* A failed send surfaces as a dead worker at that seat's next turn. */
        (void)worker_event(sr->w, &ev, err, sizeof err);
    }
}

static void print_board(const arena_rules *r, const arena_state *state, FILE *out)
{
    size_t need = r->render(state, -1, NULL, 0);
    char *buf = malloc(need + 1);
    r->render(state, -1, buf, need + 1);
    fprintf(out, "%s\n", buf);
    free(buf);
}

static void show_board(match_run_ctx *m, int seat, int32_t action, const arena_state *before)
{
    FILE *out = m->spec->show;
    if (!out) return;
    char name[64];
    m->r->action_name(before, action, name, sizeof name);
    if (seat < 0)
        fprintf(out, "%4d. chance  %s\n", m->plies, name);
    else
        fprintf(out, "%4d. [%d %s]  %s\n", m->plies, seat, m->spec->seat[seat]->display, name);
    print_board(m->r, m->state, out);
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
    double u = arena_rng_double(&m->chance_rng), acc = 0;
    int pick = n - 1;
    for (int i = 0; i < n; i++) {
        acc += out[i].prob;
        if (u < acc) {
            pick = i;
            break;
        }
    }
    arena_state *before = m->spec->show ? m->r->state_clone(m->state) : NULL;
    if (m->r->apply(m->state, out[pick].action) != 0) {
        m->r->state_free(before);
        forfeit(m, -1, OUTCOME_ADJUDICATION, "rule module refused its own chance outcome");
        return -1;
    }
    log_action(m, -1, out[pick].action, 0);
    broadcast(m, ARENA__EVENT__KIND__CHANCE, -1, out[pick].action, -1);
    if (before) {
        show_board(m, -1, out[pick].action, before);
        m->r->state_free(before);
    }
    return 0;
}

static int is_legal(const int32_t *legal, int n, int32_t a)
{
    int lo = 0, hi = n - 1; /* legal actions are ascending (rules.h) */
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (legal[mid] == a) return 1;
        if (legal[mid] < a) lo = mid + 1; else hi = mid - 1;
    }
    return 0;
}

static int64_t move_budget(const match_spec *s, const seat_run *sr)
{
    return s->tc.move_time_us > 0 ? s->tc.move_time_us : sr->clock_us;
}

/* Fills the observation buffer for seat; returns its length. */
static size_t observe(match_run_ctx *m, int seat)
{
    size_t need = m->r->observation(m->state, seat, m->obs, m->obs_cap);
    if (need > m->obs_cap) {
        m->obs_cap = need * 2;
        m->obs = realloc(m->obs, m->obs_cap);
        need = m->r->observation(m->state, seat, m->obs, m->obs_cap);
    }
    return need;
}

/* AWAITING: ask the seat to move, check the answer, apply it. */
static int play_turn(match_run_ctx *m, int seat)
{
    const match_spec *s = m->spec;
    seat_run *sr = &m->seat[seat];
    int n = m->r->legal_actions(m->state, m->legal, m->r->num_actions(s->game));
    Arena__TurnRequest turn = ARENA__TURN_REQUEST__INIT;
    turn.ply = (uint32_t)m->plies;
    turn.observation.len = observe(m, seat);
    turn.observation.data = m->obs;
    turn.n_legal = (size_t)n;
    turn.legal = m->legal;
    turn.time_left_us = sr->clock_us;
    turn.move_budget_us = move_budget(s, sr);
    int32_t action = 0;
    int64_t elapsed = 0;
    char err[200];
    int rc = worker_act(sr->w, &turn, turn.move_budget_us + s->margin_us, &action, &elapsed,
                        err, sizeof err);
    if (rc != OUTCOME_NORMAL) {
        forfeit(m, seat, rc, err);
        return -1;
    }
    if (elapsed > turn.move_budget_us + s->margin_us) {
        snprintf(err, sizeof err, "answered after %.1f ms of %.1f ms", elapsed / 1000.0,
                 turn.move_budget_us / 1000.0);
        forfeit(m, seat, OUTCOME_TIME, err);
        return -1;
    }
    if (s->tc.move_time_us <= 0) {
        sr->clock_us -= elapsed;
        if (sr->clock_us < 0) sr->clock_us = 0; /* within the margin */
        sr->clock_us += s->tc.increment_us;
    }
    if (!is_legal(m->legal, n, action)) {
        snprintf(err, sizeof err, "illegal action %d", action);
        forfeit(m, seat, OUTCOME_ILLEGAL, err);
        return -1;
    }
    arena_state *before = s->show ? m->r->state_clone(m->state) : NULL;
    m->r->apply(m->state, action);
    m->plies++;
    log_action(m, seat, action, elapsed);
    broadcast(m, ARENA__EVENT__KIND__ACTION, seat, action, seat);
    if (before) {
        show_board(m, seat, action, before);
        m->r->state_free(before);
    }
    return 0;
}

static void set_returns(match_run_ctx *m, double *ret)
{
    int np = m->spec->num_players;
    if (m->end == OUTCOME_NORMAL) {
        m->r->returns(m->state, ret);
        snprintf(m->detail, sizeof m->detail, "%s", m->r->end_reason(m->state));
        return;
    }
    /* A forfeit: the culprit takes the only loss; adjudication is a draw. */
    for (int i = 0; i < np; i++) {
        if (m->culprit < 0) ret[i] = 0;
        else ret[i] = i == m->culprit ? -1 : (np == 2 ? 1 : 0);
    }
}

/* OVER: tell the healthy workers, return them to the pool, close the rest. */
static void finish_seats(match_run_ctx *m, const double *ret)
{
    char err[200];
    for (int i = 0; i < m->spec->num_players; i++) {
        seat_run *sr = &m->seat[i];
        if (!sr->w) continue;
        if (sr->healthy &&
            worker_game_over(sr->w, ret, m->spec->num_players, err, sizeof err) == 0)
            pool_put(m->pool, m->spec->seat[i], sr->w);
        else
            worker_close(sr->w);
        sr->w = NULL;
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
    }
    rec->end = m->end;
    snprintf(rec->end_detail, sizeof rec->end_detail, "%s", m->detail);
    rec->culprit = m->culprit;
    rec->plies = m->plies;
    rec->duration_us = arena_now_us() - t0;

    Arena__MatchLog *log = m->log;
    log->n_returns = (size_t)s->num_players;
    log->returns = malloc(log->n_returns * sizeof *log->returns);
    memcpy(log->returns, ret, log->n_returns * sizeof *ret);
    log->end = (Arena__EndReason)m->end;
    free(log->end_detail);
    log->end_detail = strdup(m->detail);
    log->culprit = m->culprit;
    log->duration_us = rec->duration_us;
}

static void play(match_run_ctx *m)
{
    int max_plies = m->spec->max_plies > 0 ? m->spec->max_plies
                                           : m->r->max_game_length(m->spec->game);
    for (;;) {
        int cp = m->r->current_player(m->state);
        if (cp == ARENA_TERMINAL) return;
        if (m->plies >= max_plies) {
            forfeit(m, -1, OUTCOME_ADJUDICATION, "ply limit reached");
            return;
        }
        if (cp == ARENA_CHANCE) {
            if (play_chance(m)) return;
        } else if (play_turn(m, cp)) {
            return;
        }
    }
}

Arena__MatchLog *match_run(const match_spec *spec, worker_pool *pool, match_record *rec)
{
    int64_t t0 = arena_now_us();
    match_run_ctx m = {.spec = spec, .r = spec->lr->rules, .pool = pool, .culprit = -1};
    m.log = log_new(spec);
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    m.log->started_unix_ms = (int64_t)now.tv_sec * 1000 + now.tv_nsec / 1000000;
    m.state = m.r->state_new(spec->game);
    m.legal = malloc((size_t)m.r->num_actions(spec->game) * sizeof *m.legal);
    arena_rng_seed(&m.chance_rng, arena_seed_derive(spec->seed, SEED_STREAM_CHANCE));
    if (spec->show) print_board(m.r, m.state, spec->show);
    if (start_seats(&m) == 0) play(&m);
    double ret[ARENA_MAX_PLAYERS];
    set_returns(&m, ret);
    finish_seats(&m, ret);
    fill_record(&m, ret, rec, t0);
    m.r->state_free(m.state);
    free(m.legal);
    free(m.obs);
    return m.log;
}
