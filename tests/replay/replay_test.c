/* replay_test.c -- match-log files (round trip, damaged files) and `arena
 * replay` on logs of random games of the countdown test module: faithful logs
 * reproduce, tampered ones name their first difference. */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arena/sdk.h"
#include "capture.h"
#include "loader.h"
#include "matchlog.h"
#include "outcome.h"
#include "perft.h"
#include "replay.h"
#include "support.h"

#define MAX_ACTS 128

/* A MatchLog whose parts all live in this struct: nothing to free. */
typedef struct test_log {
    Arena__MatchLog log;
    Arena__Identity rules, bot[2], *bots[2];
    Arena__TimeControl tc;
    Arena__LoggedAction act[MAX_ACTS], *acts[MAX_ACTS];
    double ret[2];
    uint64_t seeds[2];
    char options[64], sha[65], detail[64];
} test_log;

static char tmpdir[256];

static void setup_dir(void)
{
    support_tmpdir(tmpdir, sizeof tmpdir);
}

static void teardown_dir(void)
{
    support_rmrf(tmpdir);
}

static void log_init(test_log *t)
{
    memset(t, 0, sizeof *t);
    arena__match_log__init(&t->log);
    arena__identity__init(&t->rules);
    arena__time_control__init(&t->tc);
    t->rules.name = "countdown";
    t->rules.version = "1";
    t->rules.path = COUNTDOWN_SO;
    ck_assert_int_eq(loader_sha256_file(COUNTDOWN_SO, t->sha, NULL, 0), 0);
    t->rules.sha256 = t->sha;
    const char *names[2] = {"random", "greedy"};
    for (int s = 0; s < 2; s++) {
        arena__identity__init(&t->bot[s]);
        t->bot[s].name = (char *)names[s];
        t->bot[s].version = "1.0";
        t->bots[s] = &t->bot[s];
        t->seeds[s] = 100 + (uint64_t)s;
    }
    t->tc.base_us = 5000000;
    t->tc.increment_us = 50000;
    t->log.format = MATCHLOG_FORMAT;
    t->log.game = "countdown";
    t->log.options = t->options;
    t->log.rules = &t->rules;
    t->log.n_bots = 2;
    t->log.bots = t->bots;
    t->log.match_seed = 42;
    t->log.n_bot_seeds = 2;
    t->log.bot_seeds = t->seeds;
    t->log.tc = &t->tc;
    t->log.actions = t->acts;
    t->log.n_returns = 2;
    t->log.returns = t->ret;
    t->log.culprit = -1;
    t->log.end_detail = t->detail;
    t->log.tournament = "test";
    t->log.started_unix_ms = 1700000000000;
}

static void record(test_log *t, int seat, int32_t a, arena_rng *rng)
{
    size_t i = t->log.n_actions++;
    ck_assert_uint_lt(i, MAX_ACTS);
    arena__logged_action__init(&t->act[i]);
    t->act[i].seat = seat;
    t->act[i].action = a;
    t->act[i].think_us = seat < 0 ? 0 : arena_rng_below(rng, 3000);
    t->acts[i] = &t->act[i];
}

/* Plays random legal actions as the arena would log them; a game cut after
 * max_actions ends as a time forfeit of the seat to move. */
static void play_random(test_log *t, const char *options, uint64_t seed, int max_actions)
{
    char err[512];
    arena_rng rng;
    arena_rng_seed(&rng, seed);
    log_init(t);
    loaded_rules *lr = loader_open_rules(COUNTDOWN_SO, err, sizeof err);
    ck_assert_msg(lr, "%s", err);
    const arena_rules *r = lr->rules;
    arena_game *g = r->game_new(options, err, sizeof err);
    ck_assert_msg(g, "%s", err);
    snprintf(t->options, sizeof t->options, "%s", r->game_options(g));
    arena_state *s = r->state_new(g);
    int cp;
    while ((cp = r->current_player(s)) != ARENA_TERMINAL && (int)t->log.n_actions < max_actions) {
        int32_t *acts;
        int n = perft_actions(r, s, &acts);
        int32_t a = acts[arena_rng_below(&rng, (uint32_t)n)];
        free(acts);
        record(t, cp, a, &rng);
        ck_assert_int_eq(r->apply(s, a), 0);
    }
    if (cp == ARENA_TERMINAL) {
        r->returns(s, t->ret);
        snprintf(t->detail, sizeof t->detail, "%s", r->end_reason(s));
    } else {
        t->log.end = ARENA__END_REASON__END_TIME;
        t->log.culprit = cp;
        t->ret[cp] = -1;
        t->ret[1 - cp] = 1;
        snprintf(t->detail, sizeof t->detail, "no answer within 1000 ms");
    }
    r->state_free(s);
    r->game_free(g);
    loader_close_rules(lr);
}

/* replay_log into a string; returns its exit code. */
static int replay_to(const Arena__MatchLog *log, int quiet, char *out, size_t len)
{
    replay_opts o = {.show = 1, .quiet = quiet};
    FILE *f = tmpfile();
    int rc = replay_log(log, "t.pb", &o, f);
    capture_read(f, out, len);
    return rc;
}

static void write_log(const test_log *t, const char *name, char *path, size_t len)
{
    char err[512];
    snprintf(path, len, "%s/%s", tmpdir, name);
    ck_assert_msg(matchlog_write(path, &t->log, err, sizeof err) == 0, "%s", err);
}

/* ------------------------------------------------------------ matchlog --- */

START_TEST(matchlog_round_trip)
{
    test_log t;
    char path[512], err[512];
    play_random(&t, "n=9,die=1", 7, MAX_ACTS);
    write_log(&t, "0007.pb", path, sizeof path);
    strcat(path, ".tmp");
    ck_assert_int_ne(access(path, F_OK), 0); /* renamed away */
    path[strlen(path) - 4] = '\0';
    Arena__MatchLog *back = matchlog_read(path, err, sizeof err);
    ck_assert_msg(back, "%s", err);
    ck_assert_str_eq(back->game, "countdown");
    ck_assert_str_eq(back->options, t.options);
    ck_assert_str_eq(back->rules->sha256, t.sha);
    ck_assert_str_eq(back->bots[1]->name, "greedy");
    ck_assert_uint_eq(back->n_actions, t.log.n_actions);
    for (size_t i = 0; i < back->n_actions; i++) {
        ck_assert_int_eq(back->actions[i]->seat, t.act[i].seat);
        ck_assert_int_eq(back->actions[i]->action, t.act[i].action);
        ck_assert_int_eq(back->actions[i]->think_us, t.act[i].think_us);
    }
    ck_assert_int_eq(back->actions[0]->seat, -1); /* the die roll */
    ck_assert(back->returns[0] == t.ret[0] && back->returns[1] == t.ret[1]);
    ck_assert_int_eq(back->tc->increment_us, 50000);
    ck_assert_int_eq(back->culprit, -1);
    ck_assert_str_eq(back->end_detail, "last stone");
    arena__match_log__free_unpacked(back, NULL);
}
END_TEST

static void write_bytes(const char *path, const void *buf, size_t len)
{
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(buf, 1, len, f), len);
    fclose(f);
}

static void expect_read_error(const char *path, const char *suffix)
{
    char err[512], want[600];
    Arena__MatchLog *log = matchlog_read(path, err, sizeof err);
    if (log) arena__match_log__free_unpacked(log, NULL);
    ck_assert_ptr_null(log);
    snprintf(want, sizeof want, "%s: %s", path, suffix);
    ck_assert_str_eq(err, want);
}

START_TEST(matchlog_missing_and_junk)
{
    char path[512];
    snprintf(path, sizeof path, "%s/0099.pb", tmpdir);
    expect_read_error(path, "no such file");
    write_bytes(path, "", 0);
    expect_read_error(path, "not a match log (truncated or corrupt)");
    write_bytes(path, "this is not a match log\n", 24);
    expect_read_error(path, "not a match log (truncated or corrupt)");
    const uint8_t ff[16] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff};
    write_bytes(path, ff, sizeof ff);
    expect_read_error(path, "not a match log (truncated or corrupt)");
}
END_TEST

START_TEST(matchlog_newer_format)
{
    test_log t;
    char path[512];
    play_random(&t, "", 1, MAX_ACTS);
    t.log.format = 9;
    write_log(&t, "0001.pb", path, sizeof path);
    char want[64];
    snprintf(want, sizeof want, "log format 9 is newer than this arena (%d)", MATCHLOG_FORMAT);
    expect_read_error(path, want);
}
END_TEST

/* The head of a two-seat countdown log, for the column tests. */
static matchlog_head countdown_head(const entrant *const *seat, const uint64_t *seeds,
                                    uint64_t match_seed, const char *tournament, uint32_t index)
{
    return (matchlog_head){.game = "countdown",
                           .options = "",
                           .rules_path = COUNTDOWN_SO,
                           .rules_sha256 = "",
                           .rules_version = "1",
                           .num_players = 2,
                           .seat = seat,
                           .bot_seeds = seeds,
                           .match_seed = match_seed,
                           .tournament = tournament,
                           .index = index};
}

/* Format 2: the actions as four packed columns. The builder writes only
 * the columns (no LoggedAction message reaches the file), and every reader
 * gets them back as actions; columns of different lengths are refused. */
START_TEST(matchlog_columns)
{
    entrant e[2];
    memset(e, 0, sizeof e);
    e[0].name = "random";
    e[1].name = "greedy";
    const entrant *seat[2] = {&e[0], &e[1]};
    uint64_t seeds[2] = {5, 6};
    matchlog_head h = countdown_head(seat, seeds, 9, "test", 3);
    matchlog_builder b;
    ck_assert_int_eq(matchlog_begin(&b, &h), 0);
    const int32_t acts[5][3] = {{-1, 4, 0}, {0, 2, 1500}, {1, 7, 20}, {0, 1, 300000}, {1, 3, 0}};
    for (int i = 0; i < 5; i++)
        matchlog_action(&b, acts[i][0], acts[i][1], acts[i][2], 0);
    double ret[2] = {1, -1};
    Arena__MatchLog *built = matchlog_finish(&b, ret, 0, "", -1, 1234);
    ck_assert_uint_eq(built->n_actions, 0); /* built: the columns only */
    ck_assert_uint_eq(built->n_action_id, 5);
    ck_assert_uint_eq(built->n_action_cpu_us, 0);
    char path[4096], err[512];
    snprintf(path, sizeof path, "%s/0003.pb", tmpdir);
    ck_assert_int_eq(matchlog_write(path, built, err, sizeof err), 0);
    matchlog_free_built(built);

    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    uint8_t buf[4096];
    size_t len = fread(buf, 1, sizeof buf, f);
    fclose(f);
    Arena__MatchLog *raw = arena__match_log__unpack(NULL, len, buf);
    ck_assert_ptr_nonnull(raw);
    ck_assert_uint_eq(raw->format, 2);
    ck_assert_uint_eq(raw->n_actions, 0); /* no message per action on disk */
    ck_assert_uint_eq(raw->n_action_id, 5);
    ck_assert_uint_eq(raw->n_action_cpu_us, 0); /* no CPU time measured: no column */
    arena__match_log__free_unpacked(raw, NULL);

    Arena__MatchLog *back = matchlog_read(path, err, sizeof err);
    ck_assert_msg(back != NULL, "%s", err);
    ck_assert_uint_eq(back->n_actions, 5);
    for (int i = 0; i < 5; i++) {
        ck_assert_int_eq(back->actions[i]->seat, acts[i][0]);
        ck_assert_int_eq(back->actions[i]->action, acts[i][1]);
        ck_assert_int_eq(back->actions[i]->think_us, acts[i][2]);
        ck_assert_int_eq(back->actions[i]->cpu_us, 0);
    }
    /* a column one short: a damaged log, not a shorter game */
    back->n_actions = 0;
    back->n_action_seat = 4;
    len = arena__match_log__get_packed_size(back);
    ck_assert_uint_le(len, sizeof buf);
    arena__match_log__pack(back, buf);
    back->n_actions = 5;
    back->n_action_seat = 5;
    arena__match_log__free_unpacked(back, NULL);
    snprintf(path, sizeof path, "%s/0004.pb", tmpdir);
    f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(buf, 1, len, f), len);
    fclose(f);
    expect_read_error(path, "not a match log (truncated or corrupt)");
}
END_TEST

/* matchlog_pack writes the columns itself (in one pass, within its room): byte for byte what
 * protobuf-c writes for the same message, with every kind of number in every column (a chance seat
 * -1, negative and multi-byte values, a CPU column, the stand-ins'), in blocks of one-byte values
 * and not. */
START_TEST(matchlog_columns_packed_as_protobuf_c)
{
    entrant e = {0};
    e.name = "random";
    const entrant *seat[2] = {&e, &e};
    uint64_t seeds[2] = {1, 2};
    matchlog_head h = countdown_head(seat, seeds, 3, "t", 4);
    for (int with_cpu = 0; with_cpu < 2; with_cpu++) {
        matchlog_builder b;
        ck_assert_int_eq(matchlog_begin(&b, &h), 0);
        const int64_t v[][4] = {{-1, 4, 0, 0},
                                {0, 2, 1500, 77},
                                {1, -7, 300000, 1},
                                {0, 1 << 20, -3, 1LL << 40},
                                {1, INT32_MAX, INT64_MAX, INT64_MIN + 1},
                                {0, INT32_MIN, 127, 128}};
        for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
            matchlog_action(&b, (int)v[i][0], (int32_t)v[i][1], v[i][2], with_cpu ? v[i][3] : 0);
        /* rows 16-31 of one byte each, 32-47 with one of two bytes, 48-63 with one of three */
        for (int i = 10; i < 80; i++)
            matchlog_action(&b, i % 3 - 1,
                            i == 30   ? 100
                            : i == 50 ? -9000
                                      : i % 128 - 64,
                            i == 33   ? 200
                            : i == 45 ? 20000
                                      : i % 128,
                            with_cpu ? i % 50 : 0);
        if (with_cpu) matchlog_stand_in(&b, 1, 300); /* and the stand-ins' column: -1, 300 */
        double ret[2] = {0.5, -0.5};
        Arena__MatchLog *log = matchlog_finish(&b, ret, 0, "done", -1, 99);
        ck_assert_uint_eq(log->n_action_cpu_us, with_cpu ? 76 : 0);
        ck_assert_uint_eq(log->n_stand_in_ply, with_cpu ? 2 : 0);
        size_t n = arena__match_log__get_packed_size(log);
        size_t room = matchlog_pack_room(log);
        ck_assert_uint_ge(room, n);
        uint8_t *want = malloc(n), *got = malloc(room);
        arena__match_log__pack(log, want);
        ck_assert_uint_eq(matchlog_pack(log, got), n);
        ck_assert_mem_eq(got, want, n);
        /* a segment's entry (written in one pass) holds the same bytes */
        uint8_t *seg = NULL;
        size_t len = 0, cap = 0;
        matchlog_segment_append(&seg, &len, &cap, log);
        ck_assert_uint_eq(seg[0], 0x0a);
        size_t at = 1, entry = 0;
        for (int shift = 0;; shift += 7) {
            entry |= (size_t)(seg[at] & 0x7f) << shift;
            if (!(seg[at++] & 0x80)) break;
        }
        ck_assert_uint_eq(entry, n);
        ck_assert_uint_eq(len, at + n);
        ck_assert_mem_eq(seg + at, want, n);
        free(seg);
        /* and a log a reader expanded packs the same: its messages are left out */
        ck_assert_int_eq(matchlog_expand(log), 0);
        ck_assert_uint_le(matchlog_pack_room(log), room);
        ck_assert_uint_eq(matchlog_pack(log, got), n);
        ck_assert_mem_eq(got, want, n);
        free(want);
        free(got);
        matchlog_free_built(log);
    }
}
END_TEST

/* The packing of a head (fields 1-17) against protobuf-c's: the same size,
 * within matchlog_pack's room, the same bytes. */
static void expect_packed_as_protobuf_c(const Arena__MatchLog *log, int k)
{
    size_t n = arena__match_log__get_packed_size(log), room = matchlog_pack_room(log);
    ck_assert_msg(room >= n, "head %d: room %zu for %zu bytes", k, room, n);
    uint8_t *want = malloc(n), *got = malloc(room);
    arena__match_log__pack(log, want);
    ck_assert_msg(matchlog_pack(log, got) == n, "head %d: size", k);
    ck_assert_msg(memcmp(got, want, n) == 0, "head %d: bytes", k);
    free(want);
    free(got);
}

/* One of a list, chosen by a step of a fixed generator: every head differs,
 * and every run tests the same heads. */
static uint64_t pick_step(uint64_t *r, size_t n)
{
    *r = *r * 6364136223846793005ull + 1442695040888963407ull;
    return (*r >> 33) % n;
}
#define PICK(r, list) ((list)[pick_step(r, sizeof(list) / sizeof *(list))])

/* matchlog_pack writes the head itself too (matchlog_pack.c): byte for byte
 * what protobuf-c writes, for heads with every field set, with messages
 * absent and strings empty or NULL (left out, proto3), at tables of no seat
 * to ARENA_MAX_PLAYERS, with numbers of one byte, of many and (negative
 * int64 and enum) of ten, names in other scripts and longer than a one-byte
 * length; and a format-1 log (LoggedAction messages), which protobuf-c packs. */
/* The messages matchlog_pack.c writes by hand have exactly the fields it
 * knows: one added to the .proto fails here until the packer writes it, so
 * a new field is never silently left out of every log. */
static void fields_are(const ProtobufCMessageDescriptor *d, unsigned n, const char *what)
{
    ck_assert_msg(d->n_fields == n && d->fields[n - 1].id == n,
                  "%s has %u fields (the last numbered %u): teach arena/matchlog_pack.c the new "
                  "ones, then this test",
                  what, d->n_fields, d->fields[d->n_fields - 1].id);
}

START_TEST(matchlog_fields_known)
{
    fields_are(&arena__match_log__descriptor, 24, "MatchLog");
    fields_are(&arena__identity__descriptor, 6, "Identity");
    fields_are(&arena__time_control__descriptor, 3, "TimeControl");
}
END_TEST

START_TEST(matchlog_head_packed_as_protobuf_c)
{
    static char long_name[300];
    memset(long_name, 'x', sizeof long_name - 1);
    char *strs[] = {NULL,      "",
                    "random",  "Ωμέγα 象棋 🤖",
                    long_name, "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"};
    const uint64_t u64s[] = {0, 1, 127, 128, 16383, 16384, 1ull << 35, UINT64_MAX};
    const int64_t i64s[] = {0, 1, -1, 127, 128, 1000000, INT64_MAX, INT64_MIN};
    const int32_t i32s[] = {0, 1, -1, 3, 63, 64, -65, INT32_MAX, INT32_MIN};
    const uint32_t u32s[] = {0, 1, 2, 127, 128, UINT32_MAX};
    const double rets[] = {0, -0.0, 1, -1, 0.5, 1e300, -3.25};
    uint64_t r = 1;
    for (int k = 0; k < 400; k++) {
        Arena__MatchLog log;
        Arena__Identity rules, bot[ARENA_MAX_PLAYERS], *bots[ARENA_MAX_PLAYERS];
        Arena__TimeControl tc;
        uint64_t seeds[ARENA_MAX_PLAYERS];
        double ret[ARENA_MAX_PLAYERS];
        arena__match_log__init(&log);
        arena__time_control__init(&tc);
        Arena__Identity *ids[ARENA_MAX_PLAYERS + 1] = {&rules};
        int seats = (int)pick_step(&r, ARENA_MAX_PLAYERS + 1);
        for (int i = 0; i < seats; i++)
            ids[i + 1] = bots[i] = &bot[i];
        for (int i = 0; i <= seats; i++) {
            arena__identity__init(ids[i]);
            ids[i]->name = PICK(&r, strs), ids[i]->version = PICK(&r, strs);
            ids[i]->author = PICK(&r, strs), ids[i]->path = PICK(&r, strs);
            ids[i]->sha256 = PICK(&r, strs), ids[i]->bot_options = PICK(&r, strs);
        }
        for (int i = 0; i < seats; i++)
            seeds[i] = PICK(&r, u64s), ret[i] = PICK(&r, rets);
        log.format = PICK(&r, u32s);
        log.game = PICK(&r, strs), log.options = PICK(&r, strs);
        log.rules = k % 3 ? &rules : NULL; /* every third without */
        log.n_bots = (size_t)seats, log.bots = bots;
        log.match_seed = PICK(&r, u64s);
        log.n_bot_seeds = (size_t)(k % 5 ? seats : 0), log.bot_seeds = seeds;
        tc.base_us = PICK(&r, i64s), tc.increment_us = PICK(&r, i64s);
        tc.move_time_us = PICK(&r, i64s);
        log.tc = k % 4 ? &tc : NULL;
        log.n_returns = (size_t)(k % 7 ? seats : 0), log.returns = ret;
        log.end = (Arena__EndReason)PICK(&r, i32s);
        log.end_detail = PICK(&r, strs);
        log.culprit = PICK(&r, i32s);
        log.tournament = PICK(&r, strs);
        log.match_index = PICK(&r, u32s);
        log.started_unix_ms = PICK(&r, i64s), log.duration_us = PICK(&r, i64s);
        expect_packed_as_protobuf_c(&log, k);
    }
    test_log t; /* format 1: LoggedAction messages, no columns */
    play_random(&t, "n=12", 7, MAX_ACTS);
    ck_assert_uint_gt(t.log.n_actions, 0);
    expect_packed_as_protobuf_c(&t.log, -1);
}
END_TEST

/* Every cut before the returns (fields are packed in number order, so the
 * returns and what follows them are the last tail bytes) must be refused. */
START_TEST(matchlog_truncated)
{
    test_log t;
    char path[512];
    play_random(&t, "n=30", 3, MAX_ACTS);
    size_t len = arena__match_log__get_packed_size(&t.log);
    uint8_t *buf = malloc(len);
    arena__match_log__pack(&t.log, buf);
    Arena__MatchLog tail = t.log;
    tail.format = 0, tail.game = (char *)"", tail.options = (char *)"", tail.rules = NULL;
    tail.n_bots = 0, tail.match_seed = 0, tail.n_bot_seeds = 0, tail.tc = NULL;
    tail.n_actions = 0;
    size_t keep = len - arena__match_log__get_packed_size(&tail);
    snprintf(path, sizeof path, "%s/cut.pb", tmpdir);
    for (size_t cut = 0; cut <= keep; cut++) {
        write_bytes(path, buf, cut);
        expect_read_error(path, "not a match log (truncated or corrupt)");
    }
    free(buf);
}
END_TEST

/* -------------------------------------------------------------- replay --- */

START_TEST(replay_random_games)
{
    static const char *opts[] = {"", "n=12", "n=17,die=1", "die=1"};
    char out[65536];
    for (uint64_t seed = 1; seed <= 40; seed++) {
        test_log t;
        play_random(&t, opts[seed % 4], seed, MAX_ACTS);
        int rc = replay_to(&t.log, 0, out, sizeof out);
        ck_assert_msg(rc == 0, "seed %llu: %s", (unsigned long long)seed, out);
        ck_assert_msg(strstr(out, "reproduced ("), "%s", out);
    }
}
END_TEST

START_TEST(replay_output)
{
    test_log t;
    char out[65536];
    play_random(&t, "n=4,die=1", 5, MAX_ACTS);
    ck_assert_int_eq(replay_to(&t.log, 0, out, sizeof out), 0);
    ck_assert_msg(strstr(out, "game        countdown  n=4,die=1\n"), "%s", out);
    ck_assert_msg(strstr(out, "White       random 1.0  (seed 100)\n"), "%s", out);
    ck_assert_msg(strstr(out, "time        5+0.05 s"), "%s", out);
    ck_assert_msg(strstr(out, "date        2023-11-14 22:13:20 UTC"), "%s", out);
    ck_assert_msg(strstr(out, "   1. chance r"), "%s", out);
    ck_assert_msg(strstr(out, "   2. White  "), "%s", out);
    ck_assert_msg(strstr(out, " ms)\n"), "%s", out);
    ck_assert_msg(strstr(out, "stones, Black to move\n"), "%s", out);
    ck_assert_msg(strstr(out, "ended       last stone\n"), "%s", out);
    ck_assert_msg(strstr(out, "winner "), "%s", out);
    ck_assert_int_eq(replay_to(&t.log, 1, out, sizeof out), 0);
    ck_assert_msg(!strncmp(out, "replay: t.pb: reproduced (", 26) && !strchr(out, '\n')[1], "%s",
                  out);
}
END_TEST

static void expect_difference(const Arena__MatchLog *log, const char *want)
{
    char out[65536];
    ck_assert_int_eq(replay_to(log, 1, out, sizeof out), 1);
    ck_assert_msg(strstr(out, want), "wanted '%s' in:\n%s", want, out);
}

START_TEST(replay_tampered_action)
{
    test_log t;
    play_random(&t, "n=10", 11, MAX_ACTS);
    ck_assert_uint_ge(t.log.n_actions, 5);
    int32_t orig = t.act[3].action;
    t.act[3].action = 3; /* a die roll where White takes stones */
    expect_difference(&t.log, "replay: t.pb: differs at action 4 (Black r2): not legal here");
    t.act[3].action = 0;
    t.act[3].seat = 0;
    expect_difference(&t.log, "differs at action 4 (White 1): seat 1 is to move, not seat 0");
    t.act[3].seat = -1;
    expect_difference(&t.log, "differs at action 4 (chance 1): a chance outcome where seat 1");
    t.act[3].seat = 1;
    t.act[3].action = orig;
    t.log.n_actions--; /* the last stone never taken */
    expect_difference(&t.log, "the game is not over, the log says the rules ended it");
    t.log.n_actions += 2;
    t.act[t.log.n_actions - 1] = t.act[0];
    t.acts[t.log.n_actions - 1] = &t.act[t.log.n_actions - 1];
    expect_difference(&t.log, "the game was already over");
}
END_TEST

START_TEST(replay_tampered_chance)
{
    test_log t;
    play_random(&t, "n=3,die=1", 2, MAX_ACTS);
    t.act[0].action = 1; /* "take two" as a die roll */
    expect_difference(&t.log, "differs at action 1 (chance 2): not a possible chance outcome");
    t.act[0].action = 2;
    t.act[0].seat = 0;
    expect_difference(&t.log, "differs at action 1 (White r1): a chance outcome is due here");
}
END_TEST

START_TEST(replay_tampered_returns)
{
    test_log t;
    play_random(&t, "", 4, MAX_ACTS);
    t.ret[0] = -t.ret[0];
    t.ret[1] = -t.ret[1];
    expect_difference(&t.log, "seat 0's return is");
    t.log.n_returns = 1;
    expect_difference(&t.log, "the log holds 1 returns for 2 seats");
}
END_TEST

START_TEST(replay_forfeits)
{
    test_log t;
    char out[65536];
    play_random(&t, "n=20", 9, 3); /* W, B, W played: Black to move */
    ck_assert_int_eq(replay_to(&t.log, 0, out, sizeof out), 0);
    ck_assert_msg(strstr(out, "ended       Black lost on time: no answer within 1000 ms\n"), "%s",
                  out);
    ck_assert_msg(strstr(out, "winner random (White)"), "%s", out);
    t.ret[0] = -1, t.ret[1] = 1;
    expect_difference(&t.log, "do not give culprit seat 1 the loss");
    t.ret[0] = 1, t.ret[1] = -1;
    t.log.culprit = 5;
    expect_difference(&t.log, "do not give culprit seat 5 the loss");
    /* A forfeit logged on a game the rules had already ended. */
    play_random(&t, "n=3", 9, MAX_ACTS);
    t.log.end = ARENA__END_REASON__END_CRASH;
    t.log.culprit = 0;
    t.ret[0] = -1, t.ret[1] = 1;
    expect_difference(&t.log, "the rules ended the game (last stone), the log says crash");
}
END_TEST

START_TEST(replay_illegal_last_action)
{
    test_log t;
    char out[65536];
    play_random(&t, "n=20", 9, 3);
    t.log.end = ARENA__END_REASON__END_ILLEGAL;
    t.log.n_actions = 4;
    t.act[3] = t.act[2];
    t.act[3].seat = 1;
    t.act[3].action = 4; /* Black answers a die roll */
    t.acts[3] = &t.act[3];
    snprintf(t.detail, sizeof t.detail, "answered r3");
    ck_assert_int_eq(replay_to(&t.log, 0, out, sizeof out), 0);
    ck_assert_msg(strstr(out, "   4. Black  r3       (the illegal action, not applied)"), "%s",
                  out);
    ck_assert_msg(strstr(out, "ended       Black lost by illegal action: answered r3\n"), "%s",
                  out);
}
END_TEST

static int replay_cmd(const char *a1, const char *a2, char *out, char *err)
{
    char *argv[4] = {"replay", (char *)a1, (char *)a2, NULL};
    int argc = a1 ? (a2 ? 3 : 2) : 1;
    return capture_run(replay_main, argc, argv, out, 65536, err, 4096);
}

START_TEST(replay_command)
{
    static char out[65536], err[4096];
    test_log t;
    char path[512];
    play_random(&t, "die=1", 21, MAX_ACTS);
    write_log(&t, "0021.pb", path, sizeof path);
    ck_assert_int_eq(replay_cmd(path, "--no-board", out, err), 0);
    ck_assert_msg(!strstr(out, "stones,"), "%s", out);
    ck_assert_str_eq(err, "");
    ck_assert_int_eq(replay_cmd(path, "--quiet", out, err), 0);
    ck_assert_int_eq(replay_cmd(path, "--frobnicate", out, err), 2);
    ck_assert_msg(
        strstr(err, "arena replay: unrecognized option '--frobnicate' (see arena replay --help)\n"),
        "%s", err);
    ck_assert_int_eq(replay_cmd(NULL, NULL, out, err), 2);
    ck_assert_int_eq(replay_cmd("--help", NULL, out, err), 0);
    ck_assert_msg(strstr(out, "Usage: arena replay LOG"), "%s", out);
    ck_assert_int_eq(replay_cmd("/nonexistent/0007.pb", NULL, out, err), 2);
    ck_assert_str_eq(err, "arena replay: /nonexistent/0007.pb: no such file\n");
    /* Another module, of another rules version ("1", the module says
     * "1.0"): a warning, and the replay still runs. */
    t.rules.sha256 = "00000000000000000000000000000000";
    write_log(&t, "0022.pb", path, sizeof path);
    ck_assert_int_eq(replay_cmd(path, "-q", out, err), 0);
    ck_assert_msg(strstr(err, "arena replay: warning: ") && strstr(err, "logged 000000000000...") &&
                      strstr(err, "rules version '1.0', logged '1'"),
                  "%s", err);
    /* Another build of the same rules version: the same games, no warning. */
    t.rules.version = "1.0";
    write_log(&t, "0025.pb", path, sizeof path);
    ck_assert_int_eq(replay_cmd(path, "-q", out, err), 0);
    ck_assert_str_eq(err, "");
    t.rules.version = "1";
    /* No module under that name or at that path. */
    t.log.game = "nosuchgame";
    t.rules.path = "/nonexistent/libnosuchgame.so";
    write_log(&t, "0023.pb", path, sizeof path);
    ck_assert_int_eq(replay_cmd(path, "-q", out, err), 2);
    ck_assert_msg(strstr(err, "game 'nosuchgame' not found") &&
                      strstr(err, "/nonexistent/libnosuchgame.so: no such file"),
                  "%s", err);
    /* Options the module refuses. */
    t.log.game = "countdown";
    t.rules.path = COUNTDOWN_SO;
    t.log.options = "n=0";
    write_log(&t, "0024.pb", path, sizeof path);
    ck_assert_int_eq(replay_cmd(path, "-q", out, err), 2);
    ck_assert_msg(strstr(err, "options 'n=0' refused: countdown: bad option 'n=0'"), "%s", err);
}
END_TEST

/* Segments: logs appended to one buffer read back one by one, in order; a
 * match is found by number; the command replays every match of a segment and
 * DIR/NNNNN.pb names one of them; a damaged byte is an error naming the log. */
START_TEST(segments)
{
    static char out[65536], err[4096];
    test_log t[3];
    uint8_t *buf = NULL;
    size_t len = 0, cap = 0;
    for (int i = 0; i < 3; i++) {
        play_random(&t[i], "n=7", 30 + (uint64_t)i, MAX_ACTS);
        t[i].log.match_index = 10 + (uint32_t)i;
        ck_assert_int_eq(matchlog_segment_append(&buf, &len, &cap, &t[i].log), 0);
    }
    char path[512], err1[512];
    snprintf(path, sizeof path, "%s/g000000.pb", tmpdir);
    ck_assert_int_eq(matchlog_write_bytes(path, buf, len, err1, sizeof err1), 0);
    Arena__MatchLog **logs;
    size_t n;
    ck_assert_int_eq(matchlog_read_all(path, &logs, &n, err1, sizeof err1), 0);
    ck_assert_int_eq((int)n, 3);
    for (int i = 0; i < 3; i++) {
        ck_assert_uint_eq(logs[i]->match_index, 10 + (unsigned)i);
        ck_assert_int_eq((int)logs[i]->n_actions, (int)t[i].log.n_actions);
        for (size_t k = 0; k < logs[i]->n_actions; k++)
            ck_assert_int_eq(logs[i]->actions[k]->action, t[i].log.actions[k]->action);
    }
    matchlog_free_all(logs, n);
    Arena__MatchLog *one = matchlog_find(tmpdir, 11, err1, sizeof err1);
    ck_assert_msg(one && one->match_index == 11, "%s", err1);
    arena__match_log__free_unpacked(one, NULL);
    ck_assert_ptr_null(matchlog_find(tmpdir, 99, err1, sizeof err1));
    ck_assert_msg(strstr(err1, "no log of match 99"), "%s", err1);
    /* a single-log reader refuses a segment with a word on what it is */
    ck_assert_ptr_null(matchlog_read(path, err1, sizeof err1));
    ck_assert_msg(strstr(err1, "a segment of many match logs"), "%s", err1);
    /* the command: every match of the segment, or one by number */
    ck_assert_int_eq(replay_cmd(path, "-q", out, err), 0);
    ck_assert_msg(strstr(out, "(match 10): reproduced") && strstr(out, "(match 12): reproduced"),
                  "%s", out);
    char byname[600];
    snprintf(byname, sizeof byname, "%s/00012.pb", tmpdir);
    ck_assert_int_eq(replay_cmd(byname, "-q", out, err), 0);
    ck_assert_msg(strstr(out, "00012.pb (match 12): reproduced") && !strstr(out, "match 10"), "%s",
                  out);
    snprintf(byname, sizeof byname, "%s/00013.pb", tmpdir);
    ck_assert_int_eq(replay_cmd(byname, "-q", out, err), 2);
    ck_assert_msg(strstr(err, "no log of match 13"), "%s", err);
    /* a length that runs past the end of the file */
    buf[1] ^= 0x40;
    ck_assert_int_eq(matchlog_write_bytes(path, buf, len, err1, sizeof err1), 0);
    ck_assert_int_eq(matchlog_read_all(path, &logs, &n, err1, sizeof err1), -1);
    ck_assert_msg(strstr(err1, "g000000.pb (log 1 of the segment)"), "%s", err1);
    free(buf);
}
END_TEST

/* A segment damaged part way keeps every log before the damage: cut short
 * inside its third log, the first two are read (and the message says where
 * it was cut and what is lost); the strict reader refuses it; the command
 * replays the two and exits 2; a match of the lost log is said to have been
 * in a damaged file, not simply missing. Bytes overwritten in the middle:
 * the logs before them are kept too. */
START_TEST(damaged_segments_keep_what_is_whole)
{
    static char out[65536], err[4096];
    test_log t[3];
    uint8_t *buf = NULL;
    size_t len = 0, cap = 0, ends[3];
    for (int i = 0; i < 3; i++) {
        play_random(&t[i], "n=7", 40 + (uint64_t)i, MAX_ACTS);
        t[i].log.match_index = 20 + (uint32_t)i;
        ck_assert_int_eq(matchlog_segment_append(&buf, &len, &cap, &t[i].log), 0);
        ends[i] = len;
    }
    char path[512], err1[1024];
    snprintf(path, sizeof path, "%s/g000001.pb", tmpdir);
    size_t cut = ends[1] + (ends[2] - ends[1]) / 2;
    ck_assert_int_eq(matchlog_write_bytes(path, buf, cut, err1, sizeof err1), 0);
    Arena__MatchLog **logs;
    size_t n;
    ck_assert_int_eq(matchlog_read_salvage(path, &logs, &n, err1, sizeof err1), 1);
    ck_assert_int_eq((int)n, 2);
    ck_assert_uint_eq(logs[0]->match_index, 20);
    ck_assert_uint_eq(logs[1]->match_index, 21);
    matchlog_free_all(logs, n);
    char want[256];
    snprintf(want, sizeof want,
             "cut short inside log 3 (from byte %zu of %zu): the 2 complete logs before it are "
             "kept, log 3 is lost",
             ends[1], cut);
    ck_assert_msg(strstr(err1, "g000001.pb (log 3 of the segment)") && strstr(err1, want), "%s",
                  err1);
    ck_assert_int_eq(matchlog_read_all(path, &logs, &n, err1, sizeof err1), -1);
    ck_assert_int_eq(replay_cmd(path, "-q", out, err), 2);
    ck_assert_msg(strstr(out, "(match 20): reproduced") && strstr(out, "(match 21): reproduced"),
                  "%s", out);
    ck_assert_msg(strstr(err, "cut short inside log 3"), "%s", err);
    Arena__MatchLog *one = matchlog_find(tmpdir, 21, err1, sizeof err1);
    ck_assert_msg(one && one->match_index == 21, "%s", err1);
    arena__match_log__free_unpacked(one, NULL);
    char byname[600];
    snprintf(byname, sizeof byname, "%s/00022.pb", tmpdir);
    ck_assert_int_eq(replay_cmd(byname, "-q", out, err), 2);
    ck_assert_msg(strstr(err, "no log of match 22 in its readable logs, and a log file there is "
                              "damaged: ") &&
                      strstr(err, "g000001.pb"),
                  "%s", err);
    /* overwritten where the second log starts: the first is kept */
    buf[ends[0]] = 0x55;
    ck_assert_int_eq(matchlog_write_bytes(path, buf, len, err1, sizeof err1), 0);
    ck_assert_int_eq(matchlog_read_salvage(path, &logs, &n, err1, sizeof err1), 1);
    ck_assert_int_eq((int)n, 1);
    matchlog_free_all(logs, n);
    snprintf(want, sizeof want,
             "damaged from byte %zu of %zu: the 1 complete logs before it are kept, log 2 and "
             "whatever followed it (%zu bytes) are lost",
             ends[0], len, len - ends[0]);
    ck_assert_msg(strstr(err1, want), "%s", err1);
    free(buf);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("replay");
    TCase *m = tcase_create("matchlog");
    tcase_add_checked_fixture(m, setup_dir, teardown_dir);
    tcase_add_test(m, matchlog_round_trip);
    tcase_add_test(m, matchlog_missing_and_junk);
    tcase_add_test(m, matchlog_newer_format);
    tcase_add_test(m, matchlog_columns);
    tcase_add_test(m, matchlog_columns_packed_as_protobuf_c);
    tcase_add_test(m, matchlog_head_packed_as_protobuf_c);
    tcase_add_test(m, matchlog_fields_known);
    tcase_add_test(m, matchlog_truncated);
    suite_add_tcase(s, m);
    TCase *r = tcase_create("replay");
    tcase_add_checked_fixture(r, setup_dir, teardown_dir);
    tcase_add_test(r, replay_random_games);
    tcase_add_test(r, replay_output);
    tcase_add_test(r, replay_tampered_action);
    tcase_add_test(r, replay_tampered_chance);
    tcase_add_test(r, replay_tampered_returns);
    tcase_add_test(r, replay_forfeits);
    tcase_add_test(r, replay_illegal_last_action);
    tcase_add_test(r, replay_command);
    tcase_add_test(r, segments);
    tcase_add_test(r, damaged_segments_keep_what_is_whole);
    suite_add_tcase(s, r);
    return support_main(s);
}
