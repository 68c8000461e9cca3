/* test_match.c -- every transition of the match runner (arena/match.h) with
 * scripted in-process seats: setup failures, each forfeit, 3- and 4-seat
 * forfeits, chance nodes and their stream, events, the ply-limit adjudication and the pool's
 * reuse of healthy seats. Games: countdown (tests/bots/countdown.c: n stones,
 * take 1 or 2, the last stone wins; die=1 adds a roll) and kurnik. */
#include <check.h>
#include <sodium.h>
#include <stdlib.h>
#include <string.h>

#include "arena/sdk.h"
#include "chance.h"
#include "fake_seat.h"
#include "match.h"
#include "matchlog.h"
#include "outcome.h"
#include "remote_hosts.h"
#include "replay.h"
#include "support.h"

#define COUNTDOWN ARENA_TEST_BOTS_DIR "/countdown.so"
#define KURNIK ARENA_BIN_DIR "/rules/libkurnik.so"
#define KURSK ARENA_BIN_DIR "/rules/libkursk.so"

typedef struct harness {
    loaded_rules *lr;
    arena_game *game;
    entrant ent[8];
    char names[8][16];
    fake_table table;
    seat_pool *pool;
    int np;
    arena_time_control tc; /* a second a move unless a test says otherwise */
} harness;

static harness H;

static void h_open(const char *rules, const char *options)
{
    memset(&H, 0, sizeof H);
    char err[512];
    H.lr = loader_open_rules(rules, err, sizeof err);
    ck_assert_msg(H.lr != NULL, "%s", err);
    H.game = H.lr->rules->game_new(options, err, sizeof err);
    ck_assert_msg(H.game != NULL, "%s", err);
    H.np = H.lr->rules->num_players(H.game);
    H.tc = (arena_time_control){0, 0, 1000000};
    for (int i = 0; i < 8; i++) {
        snprintf(H.names[i], sizeof H.names[i], "bot%d", i);
        entrant *e = &H.ent[i];
        e->name = e->display = H.names[i];
        e->version = e->author = e->games = "";
        e->path = "/fake";
        H.table.who[i] = e;
    }
    H.pool = pool_new(fake_seat_open, &H.table);
}

static void h_close(void)
{
    pool_free(H.pool);
    H.lr->rules->game_free(H.game);
    loader_close_rules(H.lr);
}

/* Entrant order[i] sits in seat i. */
static Arena__MatchLog *h_run_order(uint64_t seed, int max_plies, match_record *rec,
                                    const int *order)
{
    match_spec ms = {.lr = H.lr,
                     .game = H.game,
                     .options = H.lr->rules->game_options(H.game),
                     .num_players = H.np,
                     .seed = seed,
                     .tournament = "t",
                     .tc = H.tc,
                     .margin_us = 1000,
                     .max_plies = max_plies};
    for (int i = 0; i < H.np; i++) {
        ms.seat[i] = &H.ent[order[i]];
        ms.seat_entrant[i] = order[i];
    }
    Arena__MatchLog *log = match_run(&ms, H.pool, rec);
    ck_assert_ptr_nonnull(log);
    ck_assert_uint_eq(log->n_actions, 0); /* a built log: columns only (matchlog.h) */
    ck_assert_int_eq(matchlog_expand(log), 0);
    ck_assert_int_eq(log->end, rec->end);
    ck_assert_int_eq(log->culprit, rec->culprit);
    ck_assert_str_eq(log->end_detail, rec->end_detail);
    ck_assert_int_eq((int)log->n_returns, H.np);
    for (int i = 0; i < H.np; i++)
        ck_assert_double_eq(log->returns[i], rec->returns[i]);
    return log;
}

static const int identity[8] = {0, 1, 2, 3, 4, 5, 6, 7};

/* Entrant i sits in seat i. */
static Arena__MatchLog *h_run(uint64_t seed, int max_plies, match_record *rec)
{
    return h_run_order(seed, max_plies, rec, identity);
}

static int player_plies(const Arena__MatchLog *log)
{
    int n = 0;
    for (size_t i = 0; i < log->n_actions; i++)
        n += log->actions[i]->seat >= 0;
    return n;
}

/* A seat that failed is closed, never kept; a healthy one got game_over and
 * is kept (not closed) for the entrant's next match. */
static void assert_kept(int i, int kept)
{
    fake_log *l = &H.table.log[i];
    if (kept) {
        ck_assert_int_eq(l->game_overs, l->started);
        ck_assert_int_eq(l->closed, 0);
    } else {
        ck_assert_int_eq(l->closed, l->opened);
    }
}

START_TEST(normal_end)
{
    h_open(COUNTDOWN, "n=5");
    H.table.script[1].wants_events = 1;
    match_record rec;
    Arena__MatchLog *log = h_run(7, 0, &rec);
    /* both take one stone each time: seat 0 takes the 5th and last */
    ck_assert_int_eq(rec.end, OUTCOME_NORMAL);
    ck_assert_int_eq(rec.culprit, -1);
    ck_assert_int_eq(rec.plies, 5);
    ck_assert_double_eq(rec.returns[0], 1);
    ck_assert_double_eq(rec.returns[1], -1);
    ck_assert_int_eq((int)log->n_actions, 5);
    ck_assert_str_eq(log->rules->version, H.lr->rules->version); /* the log records it */
    ck_assert_str_ne(log->rules->version, "");
    for (int i = 0; i < 5; i++)
        ck_assert_int_eq(log->actions[i]->seat, i % 2);
    /* seat 1 hears seat 0's three moves, never its own */
    ck_assert_int_eq(H.table.log[1].n_events, 3);
    for (int i = 0; i < 3; i++) {
        ck_assert_int_eq(H.table.log[1].events[i].who, 0);
        ck_assert_int_eq(H.table.log[1].events[i].kind, ARENA_EVENT_ACTION);
    }
    ck_assert_int_eq(H.table.log[0].n_events, 0); /* seat 0 does not want events */
    ck_assert_double_eq(H.table.log[1].returns[0], 1);
    assert_kept(0, 1);
    assert_kept(1, 1);
    /* the next match reuses both seats: nothing new is opened */
    match_log_free(log);
    log = h_run(8, 0, &rec);
    ck_assert_int_eq(H.table.log[0].opened, 1);
    ck_assert_int_eq(H.table.log[1].opened, 1);
    ck_assert_int_eq(H.table.log[0].started, 2);
    match_log_free(log);
    h_close();
}
END_TEST

/* A seat that finished its game well but is worn out (game_over says so, as
 * a process seat does past half its CPU limit) is retired: closed, not kept,
 * and the entrant's next match opens a fresh one; the game it just played
 * keeps its result. The healthy seat beside it is kept. */
START_TEST(worn_out_seat_is_retired)
{
    h_open(COUNTDOWN, "n=5");
    H.table.script[0].fault = FAKE_WORN;
    match_record rec;
    Arena__MatchLog *log = h_run(7, 0, &rec);
    ck_assert_int_eq(rec.end, OUTCOME_NORMAL);
    ck_assert_double_eq(rec.returns[0], 1);
    ck_assert_int_eq(H.table.log[0].game_overs, 1);
    ck_assert_int_eq(H.table.log[0].closed, 1);
    assert_kept(1, 1);
    match_log_free(log);
    log = h_run(8, 0, &rec);
    ck_assert_int_eq(rec.end, OUTCOME_NORMAL);
    ck_assert_int_eq(H.table.log[0].opened, 2); /* a fresh seat */
    ck_assert_int_eq(H.table.log[0].closed, 2);
    ck_assert_int_eq(H.table.log[1].opened, 1); /* the same one */
    ck_assert_int_eq(H.table.log[1].started, 2);
    match_log_free(log);
    h_close();
}
END_TEST

/* A deal (a match seed) is the same dice, cards and seeds with the seats
 * moved: a seat whose bot keeps its memory (a process) never plays two games
 * of one deal -- the next game of the deal opens fresh seats, another deal
 * reuses them. Past SEAT_MAX_DEALS a seat is closed for a fresh one, and at
 * most POOL_MAX_IDLE idle seats of an entrant are kept. An inline bot's
 * memory is the arena's (no seat can wipe it): its seat is simply reused. */
START_TEST(no_seat_plays_a_deal_twice)
{
    h_open(COUNTDOWN, "n=5");
    H.table.script[0].own_memory = H.table.script[1].own_memory = 1;
    match_record rec;
    const uint64_t deals[] = {7, 7, 9, 7};
    const int opened[] = {1, 2, 2, 3};
    for (int k = 0; k < 4; k++) {
        match_log_free(h_run(deals[k], 0, &rec));
        ck_assert_int_eq(rec.end, OUTCOME_NORMAL);
        for (int i = 0; i < 2; i++)
            ck_assert_msg(H.table.log[i].opened == opened[k], "game %d: seat %d opened %d, not %d",
                          k, i, H.table.log[i].opened, opened[k]);
    }
    /* POOL_MAX_IDLE + 2 games of one deal: the three seats open take the
     * first three, fresh ones the rest, and only POOL_MAX_IDLE of them stay */
    for (int k = 0; k < POOL_MAX_IDLE + 2; k++)
        match_log_free(h_run(11, 0, &rec));
    ck_assert_int_eq(H.table.log[0].opened, POOL_MAX_IDLE + 2);
    ck_assert_int_eq(H.table.log[0].closed, 2);
    h_close();

    h_open(COUNTDOWN, "n=5");
    H.table.script[0].own_memory = 1;
    for (uint64_t d = 1; d <= SEAT_MAX_DEALS; d++)
        match_log_free(h_run(1000 + d, 0, &rec));
    ck_assert_int_eq(H.table.log[0].opened, 1);
    match_log_free(h_run(5, 0, &rec)); /* the 1025th deal: a fresh seat */
    ck_assert_int_eq(H.table.log[0].opened, 2);
    ck_assert_int_eq(H.table.log[0].closed, 1);
    ck_assert_int_eq(H.table.log[1].opened, 1); /* no memory of its own: reused */
    match_log_free(h_run(5, 0, &rec));
    ck_assert_int_eq(H.table.log[1].opened, 1);
    h_close();
}
END_TEST

/* Seeds: each seat gets its own, none equals the match seed. In the deal's
 * other seat order (the same match seed, the seats swapped) every seat gets
 * a fresh one, and chance draws from another stream: nothing a bot is
 * given, or could learn of its opponent's randomness, comes back (match.h).
 * With the same entrant in both seats, two seeds. */
START_TEST(bot_seeds_are_derived)
{
    h_open(COUNTDOWN, "n=5");
    match_record rec;
    Arena__MatchLog *log = h_run(1234, 0, &rec);
    uint64_t s0 = H.table.log[0].seed, s1 = H.table.log[1].seed;
    ck_assert(s0 != s1);
    ck_assert(s0 != 1234 && s1 != 1234);
    ck_assert(log->bot_seeds[0] == s0 && log->bot_seeds[1] == s1);
    uint64_t order = match_seat_order(identity, 2);
    ck_assert(match_bot_seed(1234, order, 0) == s0 && match_bot_seed(1234, order, 1) == s1);
    ck_assert(match_bot_seed(1235, order, 0) != s0);
    const int swapped[2] = {1, 0}, twice[2] = {0, 0};
    Arena__MatchLog *other = h_run_order(1234, 0, &rec, swapped);
    uint64_t seen[4] = {s0, s1, other->bot_seeds[0], other->bot_seeds[1]};
    for (int a = 0; a < 4; a++)
        for (int b = a + 1; b < 4; b++)
            ck_assert_msg(seen[a] != seen[b], "seeds %d and %d of the deal agree", a, b);
    uint64_t o_twice = match_seat_order(twice, 2);
    ck_assert(match_bot_seed(1234, o_twice, 0) != match_bot_seed(1234, o_twice, 1));
    uint64_t c = match_chance_seed(1234, order),
             c_other = match_chance_seed(1234, match_seat_order(swapped, 2));
    ck_assert(c != c_other);
    for (int a = 0; a < 4; a++)
        ck_assert(c != seen[a] && c_other != seen[a]);
    match_log_free(other);
    match_log_free(log);
    h_close();
}
END_TEST

START_TEST(open_failure)
{
    h_open(COUNTDOWN, "n=5");
    H.table.script[1].fault = FAKE_OPEN;
    match_record rec;
    Arena__MatchLog *log = h_run(7, 0, &rec);
    ck_assert_int_eq(rec.end, OUTCOME_SETUP);
    ck_assert_int_eq(rec.culprit, 1);
    ck_assert_str_eq(rec.end_detail, "fake: cannot open");
    ck_assert_double_eq(rec.returns[0], 1);
    ck_assert_double_eq(rec.returns[1], -1);
    ck_assert_int_eq((int)log->n_actions, 0);
    assert_kept(0, 1); /* seat 0 had started: it is told the game is over */
    ck_assert_int_eq(H.table.log[0].game_overs, 1);
    match_log_free(log);
    h_close();
}
END_TEST

START_TEST(start_refused)
{
    h_open(COUNTDOWN, "n=5");
    H.table.script[0].fault = FAKE_START;
    match_record rec;
    Arena__MatchLog *log = h_run(7, 0, &rec);
    ck_assert_int_eq(rec.end, OUTCOME_SETUP);
    ck_assert_int_eq(rec.culprit, 0);
    ck_assert_str_eq(rec.end_detail, "fake: refuses countdown");
    ck_assert_double_eq(rec.returns[0], -1);
    ck_assert_double_eq(rec.returns[1], 1);
    assert_kept(0, 0);
    ck_assert_int_eq(H.table.log[1].opened, 0); /* seat 1 was never needed */
    match_log_free(log);
    h_close();
}
END_TEST

/* Each failure an act can report costs the seat the game, at the ply it
 * happened, with the seat's own detail; the other seat wins and is kept. */
static void assert_act_failure(int code, int seat, int at)
{
    h_open(COUNTDOWN, "n=9");
    H.table.script[seat] = (fake_script){.fault = FAKE_FAIL, .at = at, .code = code};
    match_record rec;
    Arena__MatchLog *log = h_run(7, 0, &rec);
    ck_assert_int_eq(rec.end, code);
    ck_assert_int_eq(rec.culprit, seat);
    char want[64];
    snprintf(want, sizeof want, "fake: %s", outcome_name(code));
    ck_assert_str_eq(rec.end_detail, want);
    ck_assert_double_eq(rec.returns[seat], -1);
    ck_assert_double_eq(rec.returns[1 - seat], 1);
    ck_assert_int_eq(player_plies(log), 2 * at + seat); /* the moves before it */
    assert_kept(seat, 0);
    assert_kept(1 - seat, 1);
    match_log_free(log);
    h_close();
}

START_TEST(crash)
{
    assert_act_failure(OUTCOME_CRASH, 1, 2);
}
END_TEST

START_TEST(time_reported_by_seat)
{
    assert_act_failure(OUTCOME_TIME, 0, 1);
}
END_TEST

START_TEST(garbage)
{
    assert_act_failure(OUTCOME_GARBAGE, 0, 0);
}
END_TEST

START_TEST(sandbox_violation)
{
    assert_act_failure(OUTCOME_SANDBOX, 1, 3);
}
END_TEST

START_TEST(late_answer_loses_on_time)
{
    h_open(COUNTDOWN, "n=9");
    H.table.script[1] = (fake_script){.fault = FAKE_LATE, .at = 1, .code = 0};
    match_record rec;
    Arena__MatchLog *log = h_run(7, 0, &rec);
    ck_assert_int_eq(rec.end, OUTCOME_TIME);
    ck_assert_int_eq(rec.culprit, 1);
    ck_assert_msg(strncmp(rec.end_detail, "answered after 1001.0 ms of 1000.0 ms", 37) == 0, "%s",
                  rec.end_detail);
    ck_assert_int_eq(player_plies(log), 3); /* the late answer is not applied */
    assert_kept(1, 0);
    match_log_free(log);
    h_close();
}
END_TEST

START_TEST(illegal_action)
{
    h_open(COUNTDOWN, "n=9");
    H.table.script[0] = (fake_script){.fault = FAKE_ILLEGAL, .at = 2, .code = 0};
    match_record rec;
    Arena__MatchLog *log = h_run(7, 0, &rec);
    ck_assert_int_eq(rec.end, OUTCOME_ILLEGAL);
    ck_assert_int_eq(rec.culprit, 0);
    ck_assert_str_eq(rec.end_detail, "illegal action -5");
    ck_assert_int_eq(player_plies(log), 4);
    assert_kept(0, 0);
    assert_kept(1, 1);
    match_log_free(log);
    h_close();
}
END_TEST

/* The legality check against a plain scan: every size of list from empty to
 * 300, with every value in and around the list -- below, between and above
 * its actions. */
START_TEST(legality_check_agrees_with_a_scan)
{
    int32_t legal[300];
    arena_rng rng;
    arena_rng_seed(&rng, 7);
    for (int n = 0; n <= 300; n++) {
        int32_t a = -3;
        for (int i = 0; i < n; i++)
            legal[i] = a += 1 + (int32_t)arena_rng_below(&rng, 3); /* ascending, with gaps */
        for (int32_t x = -6; x <= a + 3; x++) {
            int in = 0;
            for (int i = 0; i < n; i++)
                in |= legal[i] == x;
            ck_assert_msg(match_is_legal(legal, n, x) == in, "n=%d action %d: %d, a scan says %d",
                          n, x, match_is_legal(legal, n, x), in);
        }
    }
}
END_TEST

/* The log replays: the stand-in's moves legal, the others' returns the
 * rules', every seat out below every seat in (replay_end.c). */
static void assert_replays(const Arena__MatchLog *log)
{
    replay_opts o = {.quiet = 1};
    FILE *out = fopen("/dev/null", "w");
    ck_assert_ptr_nonnull(out);
    ck_assert_int_eq(replay_log(log, "mem", &o, out), 0);
    fclose(out);
}

/* The seats out of a played-on match, in the order they went. */
static void assert_out(const Arena__MatchLog *log, const match_record *rec, const int *out, int n)
{
    ck_assert_int_eq((int)log->n_stand_in_ply, H.np);
    for (int i = 0; i < H.np; i++) {
        int k = -1;
        for (int j = 0; j < n; j++)
            if (out[j] == i) k = j;
        ck_assert_int_eq(log->stand_in_ply[i] >= 0, k >= 0);
        assert_kept(i, k < 0);
        for (int j = 0; k >= 0 && j < H.np; j++) /* below every seat in, and every later out */
            if (j != i) {
                int kj = -1;
                for (int m = 0; m < n; m++)
                    if (out[m] == j) kj = m;
                if (kj < 0 || kj > k) ck_assert(rec->returns[i] < rec->returns[j]);
            }
    }
}

/* At a table of 3 or 4 a forfeit takes the culprit out, last, and a stand-in
 * plays its seat on so that the others finish their game: ending it there
 * would leave the others' result to the culprit's choice of moment. */
static void assert_table_forfeit(int players, int culprit)
{
    char opts[32];
    snprintf(opts, sizeof opts, "players=%d", players);
    h_open(KURNIK, opts);
    ck_assert_int_eq(H.np, players);
    H.table.script[culprit] = (fake_script){.fault = FAKE_FAIL, .at = 1, .code = OUTCOME_CRASH};
    match_record rec;
    Arena__MatchLog *log = h_run(99, 0, &rec);
    ck_assert_int_eq(rec.end, OUTCOME_CRASH);
    ck_assert_int_eq(rec.culprit, culprit);
    ck_assert_str_eq(rec.end_detail, "fake: crash");
    assert_out(log, &rec, &culprit, 1);
    /* its first turn played, then the stand-in's from its second on */
    int own = 0, stood = 0;
    for (size_t i = 0; i < log->n_actions; i++) {
        if (log->actions[i]->seat != culprit) continue;
        if (own < 1) {
            ck_assert_int_gt(log->actions[i]->think_us, 0);
            own++;
        } else {
            ck_assert_int_eq(log->actions[i]->think_us, 0);
            stood++;
        }
    }
    ck_assert_int_gt(stood, 0);
    assert_replays(log);
    /* the stand-in's moves come from the match seed: the same match again */
    match_record again;
    Arena__MatchLog *log2 = h_run(99, 0, &again);
    ck_assert_uint_eq(log2->n_actions, log->n_actions);
    for (size_t i = 0; i < log->n_actions; i++)
        ck_assert_int_eq(log2->actions[i]->action, log->actions[i]->action);
    match_log_free(log2);
    match_log_free(log);
    h_close();
}

START_TEST(forfeit_at_three_seats)
{
    assert_table_forfeit(3, 1);
}
END_TEST

START_TEST(forfeit_at_four_seats)
{
    assert_table_forfeit(4, 3);
}
END_TEST

/* A match in which a seat's remote host was lost is void (played again),
 * whatever forfeited before: at three seats, seat 2's crash comes first and
 * seat 0's lost host after it, and the verdict is the host's. What decides is
 * the seat's flag, which only arena code sets: a bot that answers with the
 * same words (its own refusal or error text) has only forfeited, at three
 * seats and at two. */
START_TEST(only_the_arena_says_a_host_was_lost)
{
    static const char *words = SEAT_HOST_LOST ": tcp://10.0.0.9:5555: disconnected";
    for (int flag = 1; flag >= 0; flag--) {
        h_open(KURNIK, "players=3");
        H.table.script[2] = (fake_script){.fault = FAKE_FAIL, .at = 1, .code = OUTCOME_CRASH};
        H.table.script[0] = (fake_script){
            .fault = FAKE_FAIL, .at = 2, .code = OUTCOME_CRASH, .detail = words, .host_lost = flag};
        match_record rec;
        Arena__MatchLog *log = h_run(5, 0, &rec);
        ck_assert_int_eq(rec.host_lost, flag);
        ck_assert_int_eq(remote_lost_match(&rec), flag);
        ck_assert_int_eq(rec.culprit, flag ? 0 : 2);
        ck_assert_str_eq(rec.end_detail, flag ? words : "fake: crash");
        match_log_free(log);
        h_close();
    }
    h_open(COUNTDOWN, "n=5");
    H.table.script[1] = (fake_script){
        .fault = FAKE_FAIL, .at = 0, .code = OUTCOME_CRASH, .detail = words, .host_lost = 0};
    match_record rec;
    Arena__MatchLog *log = h_run(5, 0, &rec);
    ck_assert_int_eq(rec.culprit, 1);
    ck_assert(!rec.host_lost && !remote_lost_match(&rec));
    match_log_free(log);
    h_close();
}
END_TEST

/* Two forfeits at four seats: both out, the first lowest, the two others
 * finish; at three seats the second forfeit leaves one seat, and the game
 * stops there with it first. A seat that refuses to start is out from the
 * first ply, and the others play the whole game. */
START_TEST(forfeits_in_turn)
{
    h_open(KURNIK, "players=4");
    H.table.script[1] = (fake_script){.fault = FAKE_FAIL, .at = 1, .code = OUTCOME_TIME};
    H.table.script[3] = (fake_script){.fault = FAKE_ILLEGAL, .at = 2};
    match_record rec;
    Arena__MatchLog *log = h_run(5, 0, &rec);
    ck_assert_int_eq(rec.end, OUTCOME_TIME);
    ck_assert_int_eq(rec.culprit, 1);
    assert_out(log, &rec, (int[]){1, 3}, 2);
    assert_replays(log);
    match_log_free(log);
    h_close();

    h_open(KURNIK, "players=3");
    H.table.script[0] = (fake_script){.fault = FAKE_FAIL, .at = 2, .code = OUTCOME_CRASH};
    H.table.script[2] = (fake_script){.fault = FAKE_FAIL, .at = 1, .code = OUTCOME_GARBAGE};
    log = h_run(5, 0, &rec);
    ck_assert_int_eq(rec.end, OUTCOME_GARBAGE); /* seat 2's turn 1 comes before seat 0's 2 */
    ck_assert_int_eq(rec.culprit, 2);
    assert_out(log, &rec, (int[]){2, 0}, 2);
    ck_assert_double_eq(rec.returns[1], 0);
    assert_replays(log);
    match_log_free(log);
    h_close();

    h_open(KURNIK, "players=3");
    H.table.script[1].fault = FAKE_START;
    log = h_run(5, 0, &rec);
    ck_assert_int_eq(rec.end, OUTCOME_SETUP);
    ck_assert_int_eq(rec.culprit, 1);
    ck_assert_int_eq(log->stand_in_ply[1], 0);
    assert_out(log, &rec, (int[]){1}, 1);
    for (size_t i = 0; i < log->n_actions; i++)
        if (log->actions[i]->seat == 1) ck_assert_int_eq(log->actions[i]->think_us, 0);
    assert_replays(log);
    match_log_free(log);
    h_close();
}
END_TEST

/* Chance: the arena draws from the match seed (the same seed draws the same
 * roll), logs the outcome as seat -1 and tells every seat that wants events. */
START_TEST(chance_nodes)
{
    h_open(COUNTDOWN, "n=5,die=1");
    H.table.script[0].wants_events = 1;
    H.table.script[1].wants_events = 1;
    int rolls[3] = {0, 0, 0};
    for (uint64_t seed = 1; seed <= 60; seed++) {
        for (int i = 0; i < 2; i++)
            H.table.log[i].n_events = 0;
        match_record rec, again;
        Arena__MatchLog *log = h_run(seed, 0, &rec);
        ck_assert_int_eq(rec.end, OUTCOME_NORMAL);
        ck_assert_int_eq(log->actions[0]->seat, -1);
        int32_t roll = log->actions[0]->action;
        ck_assert(roll >= 2 && roll <= 4); /* "r1".."r3" */
        rolls[roll - 2]++;
        /* 5 + roll stones, one per ply */
        ck_assert_int_eq(rec.plies, 5 + roll - 1);
        ck_assert_int_eq(player_plies(log), rec.plies);
        for (int i = 0; i < 2; i++) {
            ck_assert_int_eq(H.table.log[i].events[0].kind, ARENA_EVENT_CHANCE);
            ck_assert_int_eq(H.table.log[i].events[0].who, -1);
            ck_assert_int_eq(H.table.log[i].events[0].action, roll);
        }
        Arena__MatchLog *log2 = h_run(seed, 0, &again);
        ck_assert_int_eq(log2->actions[0]->action, roll);
        match_log_free(log);
        match_log_free(log2);
    }
    for (int i = 0; i < 3; i++)
        ck_assert_msg(rolls[i] > 5, "roll %d drawn %d times of 60", i + 1, rolls[i]);
    h_close();
}
END_TEST

/* The first k uniforms of a chance seed's stream as chance.h defines them,
 * computed here from libsodium directly: the key is BLAKE2b-256 of the seed
 * (8 bytes, little-endian), the stream ChaCha20's keystream from block 0 in
 * one call (chance.c asks for it four blocks at a time, by block counter). */
static void keystream_uniforms(uint64_t chance_seed, double *u, int k)
{
    unsigned char seed[8], key[32], nonce[crypto_stream_chacha20_NONCEBYTES] = {0};
    for (int i = 0; i < 8; i++)
        seed[i] = (unsigned char)(chance_seed >> (8 * i));
    crypto_generichash(key, sizeof key, seed, sizeof seed, NULL, 0);
    unsigned char *bytes = malloc((size_t)k * 8);
    ck_assert_ptr_nonnull(bytes);
    crypto_stream_chacha20(bytes, (unsigned long long)k * 8, nonce, key);
    for (int i = 0; i < k; i++) {
        uint64_t v = 0;
        for (int b = 0; b < 8; b++)
            v |= (uint64_t)bytes[8 * i + b] << (8 * b);
        u[i] = (double)(v >> 11) / 9007199254740992.0;
    }
    free(bytes);
}

/* The chance stream is the cipher's keystream, draw after draw across its
 * buffer refills, and the same seed gives the same draws (chance.h). */
START_TEST(chance_stream_is_the_keystream)
{
    enum { K = 5 * CHANCE_BUFFERED + 3 };
    double want[K];
    for (uint64_t seed = 0; seed < 4; seed++) {
        uint64_t cseed = match_chance_seed(seed * 0x9e3779b97f4a7c15ull, seed);
        keystream_uniforms(cseed, want, K);
        chance_stream cs, again;
        chance_init(&cs, cseed);
        chance_init(&again, cseed);
        for (int i = 0; i < K; i++) {
            double u = chance_uniform(&cs);
            ck_assert_msg(u == want[i], "seed %llu draw %d: %.17g, keystream %.17g",
                          (unsigned long long)seed, i, u, want[i]);
            ck_assert(u >= 0 && u < 1);
            ck_assert(chance_uniform(&again) == u);
        }
    }
    /* a different seed, a different stream */
    chance_stream a, b;
    chance_init(&a, 1);
    chance_init(&b, 2);
    int same = 0;
    for (int i = 0; i < 64; i++)
        same += chance_uniform(&a) == chance_uniform(&b);
    ck_assert_int_eq(same, 0);
}
END_TEST

/* The match runner draws its chance outcomes from that stream: the roll of
 * each match is the one the keystream's first uniform picks from the three
 * outcomes of 1/3 (walking the cumulative probabilities, as match.c does).
 * The deal's other seat order draws from its own stream (match.h), so its
 * rolls differ from the first order's in some of the 40 deals. */
START_TEST(chance_outcomes_come_from_the_keystream)
{
    h_open(COUNTDOWN, "n=5,die=1");
    const int swapped[2] = {1, 0};
    int differ = 0;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        int32_t first = -1;
        for (int o = 0; o < 2; o++) {
            const int *order = o ? swapped : identity;
            double u;
            keystream_uniforms(match_chance_seed(seed, match_seat_order(order, 2)), &u, 1);
            int32_t want = u < 1.0 / 3 ? 2 : u < 2.0 / 3 ? 3 : 4; /* "r1".."r3" */
            match_record rec;
            Arena__MatchLog *log = h_run_order(seed, 0, &rec, order);
            ck_assert_int_eq(log->actions[0]->seat, -1);
            ck_assert_msg(log->actions[0]->action == want,
                          "seed %llu, order %d: rolled %d, keystream %d", (unsigned long long)seed,
                          o, log->actions[0]->action, want);
            if (o == 0) first = want;
            differ += o == 1 && want != first;
            match_log_free(log);
        }
    }
    ck_assert_int_gt(differ, 0);
    h_close();
}
END_TEST

/* Hidden information (KURSK: cards drawn by chance, played face down): no
 * seat is told another's action or a chance outcome, only the game's end. */
START_TEST(hidden_games_send_no_events)
{
    h_open(KURSK, "players=3,max_rounds=3");
    for (int i = 0; i < 3; i++)
        H.table.script[i].wants_events = 1;
    match_record rec;
    Arena__MatchLog *log = h_run(5, 0, &rec);
    int chance = 0;
    for (size_t i = 0; i < log->n_actions; i++)
        chance += log->actions[i]->seat < 0;
    ck_assert_int_gt(chance, 0);            /* cards were drawn */
    ck_assert_int_gt(player_plies(log), 3); /* and played */
    for (int i = 0; i < 3; i++) {
        ck_assert_int_eq(H.table.log[i].n_events, 0);
        ck_assert_int_eq(H.table.log[i].game_overs, 1);
    }
    match_log_free(log);
    h_close();
}
END_TEST

START_TEST(ply_limit_adjudicates_a_draw)
{
    h_open(COUNTDOWN, "n=20");
    match_record rec;
    Arena__MatchLog *log = h_run(7, 6, &rec);
    ck_assert_int_eq(rec.end, OUTCOME_ADJUDICATION);
    ck_assert_int_eq(rec.culprit, -1);
    ck_assert_str_eq(rec.end_detail, "ply limit reached");
    ck_assert_int_eq(rec.plies, 6);
    ck_assert_int_eq(player_plies(log), 6);
    ck_assert_double_eq(rec.returns[0], 0);
    ck_assert_double_eq(rec.returns[1], 0);
    assert_kept(0, 1);
    assert_kept(1, 1);
    match_log_free(log);
    h_close();
}
END_TEST

/* A start is on the bot's time (match.c start_budget): with a clock it comes
 * off the clock before the first move, and the log keeps it. */
START_TEST(a_start_comes_off_the_clock)
{
    h_open(COUNTDOWN, "n=9");
    H.tc = (arena_time_control){2000000, 100000, 0}; /* 2+0.1 */
    H.table.script[0] = (fake_script){.start_us = 300000};
    H.table.script[1] = (fake_script){.start_us = 5};
    match_record rec;
    Arena__MatchLog *log = h_run(7, 0, &rec);
    ck_assert_int_eq(rec.end, OUTCOME_NORMAL);
    ck_assert_int_eq(H.table.log[0].start_timeout_us, 2000000 + 1000); /* the clock + margin */
    ck_assert_int_eq(H.table.log[0].first_time_left_us, 1700000);
    ck_assert_int_eq(H.table.log[1].first_time_left_us, 2000000 - 5);
    ck_assert_uint_eq(log->n_start_think_us, 2);
    ck_assert_int_eq(log->start_think_us[0], 300000);
    ck_assert_int_eq(log->start_think_us[1], 5);
    match_log_free(log);
    h_close();
}
END_TEST

/* With a fixed time per move a start has one move's time; past it and the
 * margin, the bot loses on time before any move. */
START_TEST(a_late_start_loses_on_time)
{
    h_open(COUNTDOWN, "n=9");
    H.tc = (arena_time_control){0, 0, 100000};
    H.table.script[1] = (fake_script){.start_us = 101001};
    match_record rec;
    Arena__MatchLog *log = h_run(7, 0, &rec);
    ck_assert_int_eq(H.table.log[0].start_timeout_us, 100000 + 1000);
    ck_assert_int_eq(rec.end, OUTCOME_TIME);
    ck_assert_int_eq(rec.culprit, 1);
    ck_assert_str_eq(rec.end_detail, "started the game after 101.0 ms of 100.0 ms");
    ck_assert_int_eq(player_plies(log), 0);
    ck_assert_int_eq(log->start_think_us[1], 101001);
    assert_kept(0, 1);
    assert_kept(1, 0);
    match_log_free(log);
    h_close();
}
END_TEST

/* Within the margin a start is not late; a long clock does not make the
 * arena wait longer than SEAT_START_TIMEOUT_US on a start. */
START_TEST(start_limits)
{
    h_open(COUNTDOWN, "n=9");
    H.tc = (arena_time_control){0, 0, 100000};
    H.table.script[0] = (fake_script){.start_us = 101000};
    match_record rec;
    Arena__MatchLog *log = h_run(7, 0, &rec);
    ck_assert_int_eq(rec.end, OUTCOME_NORMAL);
    match_log_free(log);
    h_close();

    h_open(COUNTDOWN, "n=9");
    H.tc = (arena_time_control){3600 * 1000000LL, 0, 0};
    log = h_run(7, 0, &rec);
    ck_assert_int_eq(H.table.log[1].start_timeout_us, SEAT_START_TIMEOUT_US + 1000);
    ck_assert_int_eq(H.table.log[1].first_time_left_us, 3600 * 1000000LL);
    match_log_free(log);
    h_close();
}
END_TEST

/* The margin is paid back (match.c budget_of): a bot that takes the budget
 * it is told plus most of the margin on every move is never late, and its
 * moves take the time per move, with the margin once. */
START_TEST(the_margin_is_paid_back)
{
    h_open(COUNTDOWN, "n=30");
    H.tc = (arena_time_control){0, 0, 100000};
    H.table.script[0] = (fake_script){.over_us = 900};
    match_record rec;
    Arena__MatchLog *log = h_run(7, 0, &rec);
    ck_assert_int_eq(rec.end, OUTCOME_NORMAL);
    int64_t sum = 0;
    int moves = 0;
    for (size_t i = 0; i < log->n_actions; i++)
        if (log->actions[i]->seat == 0) sum += log->actions[i]->think_us, moves++;
    ck_assert_int_ge(moves, 5);
    ck_assert_int_eq(sum, moves * 100000LL + 900);
    match_log_free(log);
    h_close();
}
END_TEST

/* Overrunning the fixed time per move on every move adds up: past the
 * margin in all the bot loses on time, the verdict saying what it owed. */
START_TEST(overruns_add_up)
{
    h_open(COUNTDOWN, "n=30");
    H.tc = (arena_time_control){0, 0, 100000};
    H.table.script[1] = (fake_script){.think_us = 100600};
    match_record rec;
    Arena__MatchLog *log = h_run(7, 0, &rec);
    ck_assert_int_eq(rec.end, OUTCOME_TIME);
    ck_assert_int_eq(rec.culprit, 1);
    ck_assert_str_eq(rec.end_detail,
                     "answered after 100.6 ms of 99.4 ms (0.6 ms over its budgets before)");
    ck_assert_int_eq(player_plies(log), 3); /* its first move, then late on its second */
    match_log_free(log);

    /* with a clock: the clock goes below zero and only increments refill it */
    H.tc = (arena_time_control){10000, 10000, 0};
    H.table.script[1] = (fake_script){.think_us = 10900};
    log = h_run(7, 0, &rec);
    ck_assert_int_eq(rec.end, OUTCOME_TIME);
    ck_assert_int_eq(rec.culprit, 1);
    ck_assert_str_eq(rec.end_detail,
                     "answered after 10.9 ms of 9.1 ms"); /* 10 - 10.9 + 10 ms left */
    match_log_free(log);
    h_close();
}
END_TEST

static Suite *match_suite(void)
{
    Suite *s = suite_create("match");
    TCase *tc = tcase_create("transitions");
    tcase_add_test(tc, normal_end);
    tcase_add_test(tc, worn_out_seat_is_retired);
    tcase_add_test(tc, no_seat_plays_a_deal_twice);
    tcase_add_test(tc, bot_seeds_are_derived);
    tcase_add_test(tc, open_failure);
    tcase_add_test(tc, start_refused);
    tcase_add_test(tc, crash);
    tcase_add_test(tc, time_reported_by_seat);
    tcase_add_test(tc, garbage);
    tcase_add_test(tc, sandbox_violation);
    tcase_add_test(tc, late_answer_loses_on_time);
    tcase_add_test(tc, a_start_comes_off_the_clock);
    tcase_add_test(tc, a_late_start_loses_on_time);
    tcase_add_test(tc, start_limits);
    tcase_add_test(tc, the_margin_is_paid_back);
    tcase_add_test(tc, overruns_add_up);
    tcase_add_test(tc, illegal_action);
    tcase_add_test(tc, legality_check_agrees_with_a_scan);
    tcase_add_test(tc, forfeit_at_three_seats);
    tcase_add_test(tc, forfeit_at_four_seats);
    tcase_add_test(tc, forfeits_in_turn);
    tcase_add_test(tc, only_the_arena_says_a_host_was_lost);
    tcase_add_test(tc, chance_nodes);
    tcase_add_test(tc, chance_stream_is_the_keystream);
    tcase_add_test(tc, chance_outcomes_come_from_the_keystream);
    tcase_add_test(tc, ply_limit_adjudicates_a_draw);
    tcase_add_test(tc, hidden_games_send_no_events);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return support_main(match_suite());
}
