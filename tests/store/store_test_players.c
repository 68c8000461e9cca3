/* store_test_players.c -- what "the same player" is in a rating pool: a bot
 * entered twice is two players, never one playing itself (issue 10, item 1). */
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ratings.h"
#include "store_internal.h"
#include "tally.h"
#include "store_test.h"

static pool_data load_ok(store *s)
{
    char err[512] = "";
    pool_data p;
    ck_assert_msg(store_pool_load(s, "g", "", &p, err, sizeof err) == 0, "%s", err);
    return p;
}

static void assert_fits(const pool_data *p)
{
    rating_fit fit;
    char err[512] = "";
    ck_assert_msg(ratings_fit(p->n_bots, p->games, p->n_games, &fit, err, sizeof err) == 0, "%s",
                  err);
    ratings_free(&fit);
}

/* R entered twice, then R once with B in another tournament: the first copy
 * is one player across both, the second is its own player. */
START_TEST(bot_entered_twice_is_two_players)
{
    char *tmp = st_tmpdir(), err[512] = "";
    entrant r = st_entrant("R", "1", SHA("a")), b = st_entrant("B", "1", SHA("b"));
    store *s = store_open(tmp, err, sizeof err);
    ck_assert_msg(s != NULL, "%s", err);
    int64_t t1 = st_tournament(s, "g", "", (entrant *[]){&r, &r}, 2);
    st_commit(s, t1, 0, 2, (int[]){0, 1}, (double[]){1, -1}); /* R beats R#2 */
    st_commit(s, t1, 1, 2, (int[]){1, 0}, (double[]){1, -1}); /* R#2 beats R */
    int64_t t2 = st_tournament(s, "g", "", (entrant *[]){&b, &r}, 2);
    st_commit(s, t2, 0, 2, (int[]){1, 0}, (double[]){1, -1}); /* R beats B */
    pool_data p = load_ok(s);
    ck_assert_int_eq(p.n_bots, 3);
    ck_assert_str_eq(p.bots[0].label, "R#1");
    ck_assert_int_eq(p.bots[0].copy, 0);
    ck_assert_str_eq(p.bots[1].label, "R#2");
    ck_assert_int_eq(p.bots[1].copy, 1);
    ck_assert_int_eq(p.bots[1].bot_id, p.bots[0].bot_id);
    ck_assert_str_eq(p.bots[2].label, "B");
    ck_assert_uint_eq(p.n_games, 3);
    ck_assert_int_eq(p.games[0].a, 0);
    ck_assert_int_eq(p.games[0].b, 1);
    ck_assert_int_eq(p.games[1].a, 1);
    ck_assert_int_eq(p.games[1].b, 0);
    ck_assert_int_eq(p.games[2].a, 0); /* R (copy 0) in t2, seat 0 */
    ck_assert_int_eq(p.games[2].b, 2);
    for (size_t i = 0; i < p.n_games; i++)
        ck_assert_int_ne(p.games[i].a, p.games[i].b);
    assert_fits(&p);
    store_pool_free(&p);
    store_close(s);
    st_rmtree(tmp);
}
END_TEST

/* Four seats, three copies of one bot (kurnik:players=4 with one bot entered
 * three times): six pairs, none a player against itself. */
START_TEST(three_copies_at_one_table)
{
    char *tmp = st_tmpdir(), err[512] = "";
    entrant r = st_entrant("R", "1", SHA("a")), b = st_entrant("B", "1", SHA("b"));
    store *s = store_open(tmp, err, sizeof err);
    ck_assert_msg(s != NULL, "%s", err);
    int64_t t = st_tournament(s, "g", "", (entrant *[]){&r, &b, &r, &r}, 4);
    st_commit(s, t, 0, 4, (int[]){3, 2, 1, 0}, (double[]){4, 3, 2, 1});
    pool_data p = load_ok(s);
    ck_assert_int_eq(p.n_bots, 4);
    ck_assert_str_eq(p.bots[0].label, "R#1");
    ck_assert_str_eq(p.bots[1].label, "R#2");
    ck_assert_str_eq(p.bots[2].label, "R#3");
    ck_assert_str_eq(p.bots[3].label, "B");
    ck_assert_uint_eq(p.n_games, 6);
    ck_assert_int_eq(p.games[0].a, 2); /* seat 0 is entrant 3: the third R */
    ck_assert_int_eq(p.games[0].b, 1); /* seat 1 is entrant 2: the second R */
    assert_fits(&p);
    store_pool_free(&p);
    store_close(s);
    st_rmtree(tmp);
}
END_TEST

/* Seats stored before schema 2 have no entrant: the copies of a bot in one
 * match are told apart by seat order. */
START_TEST(old_seats_without_entrant)
{
    char *tmp = st_tmpdir(), err[512] = "";
    entrant r = st_entrant("R", "1", SHA("a"));
    store *s = store_open(tmp, err, sizeof err);
    ck_assert_msg(s != NULL, "%s", err);
    int64_t t = st_tournament(s, "g", "", (entrant *[]){&r, &r}, 2);
    st_commit(s, t, 0, 2, (int[]){1, 0}, (double[]){0, 1});
    store_close(s);
    st_exec(tmp, "UPDATE match_seats SET entrant=NULL");
    s = store_open(tmp, err, sizeof err);
    ck_assert_msg(s != NULL, "%s", err);
    pool_data p = load_ok(s);
    ck_assert_int_eq(p.n_bots, 2);
    ck_assert_uint_eq(p.n_games, 1);
    ck_assert_int_eq(p.games[0].a, 0);
    ck_assert_int_eq(p.games[0].b, 1);
    ck_assert_double_eq(p.games[0].score, 0);
    store_pool_free(&p);
    store_close(s);
    st_rmtree(tmp);
}
END_TEST

/* A store of schema 1 (no entrant column; made here by dropping what versions
 * 2 and 3 added) is read as it is by a reader, and migrated by a writer. */
START_TEST(schema_1_read_then_migrated)
{
    char *tmp = st_tmpdir(), *db = st_join(tmp, "arena.db"), err[512] = "";
    entrant r = st_entrant("R", "1", SHA("a")), b = st_entrant("B", "1", SHA("b"));
    store *s = store_open(tmp, err, sizeof err);
    ck_assert_msg(s != NULL, "%s", err);
    int64_t t = st_tournament(s, "g", "", (entrant *[]){&b, &r, &r}, 3);
    st_commit(s, t, 0, 2, (int[]){2, 1}, (double[]){1, 0});
    st_commit(s, t, 1, 2, (int[]){0, 2}, (double[]){1, 0});
    store_close(s);
    st_exec(tmp, ST_UNDO_SCHEMA_7
            "ALTER TABLE match_seats DROP COLUMN entrant;"
            "ALTER TABLE rating_history DROP COLUMN copy;"
            "ALTER TABLE tournaments DROP COLUMN seat_orders; DROP TABLE tournament_formats;"
            " DROP TABLE sprt_runs; DROP TABLE tournament_shards; PRAGMA user_version=1;");
    s = store_open_read(tmp, err, sizeof err);
    ck_assert_msg(s != NULL, "%s", err);
    pool_data p = load_ok(s);
    ck_assert_int_eq(p.n_bots, 3); /* R#1 and R#2 told apart by seat order */
    ck_assert_uint_eq(p.n_games, 2);
    store_pool_free(&p);
    store_close(s);
    ck_assert_int_eq(st_query_int(db, "PRAGMA user_version"), 1); /* the reader wrote nothing */
    s = store_open(tmp, err, sizeof err);
    ck_assert_msg(s != NULL, "%s", err);
    store_close(s);
    ck_assert_int_eq(st_query_int(db, "PRAGMA user_version"), STORE_SCHEMA_VERSION);
    ck_assert_int_eq(st_query_int(db, "SELECT count(*) FROM match_seats WHERE entrant IS NULL"), 4);
    free(db);
    st_rmtree(tmp);
}
END_TEST

/* Schema 3: a tournament's seat orders and each stored seat's entrant
 * position come back as stored, for --resume (no guessing from counts); a
 * tournament stored before (seat_orders NULL) says so. */
START_TEST(seat_orders_and_entrants_read_back)
{
    char *tmp = st_tmpdir(), err[512] = "";
    entrant r = st_entrant("R", "1", SHA("a")), b = st_entrant("B", "1", SHA("b"));
    store *s = store_open(tmp, err, sizeof err);
    ck_assert_msg(s != NULL, "%s", err);
    entrant *e[] = {&b, &r, &r};
    tournament_info ti = {"g", "", 7, 1, "move 1ms", "t-all", 6, 1, 0, 0};
    int64_t t = store_tournament_new(s, &ti, e, 3, err, sizeof err);
    ck_assert_msg(t > 0, "%s", err);
    st_commit(s, t, 4, 3, (int[]){2, 0, 1}, (double[]){1, 0, -1});
    tournament_row row;
    ck_assert_msg(store_tournament_get(s, t, &row, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(row.seat_orders, 1);
    ck_assert_int_eq(row.planned, 6);
    store_tournament_row_free(&row);
    match_record *m;
    size_t n;
    ck_assert_msg(store_tournament_results(s, t, &m, &n, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(n, 1);
    ck_assert_int_eq(m[0].index, 4);
    ck_assert_int_eq(m[0].num_players, 3);
    ck_assert(m[0].seat_entrant[0] == 2 && m[0].seat_entrant[1] == 0 && m[0].seat_entrant[2] == 1);
    free(m);
    ti = (tournament_info){"g", "", 7, 1, "move 1ms", "t-rot", 3, 0, 0, 0};
    t = store_tournament_new(s, &ti, e, 3, err, sizeof err);
    ck_assert_msg(store_tournament_get(s, t, &row, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(row.seat_orders, 0);
    store_tournament_row_free(&row);
    store_close(s);
    st_exec(tmp, "UPDATE tournaments SET seat_orders=NULL");
    s = store_open(tmp, err, sizeof err);
    ck_assert_msg(store_tournament_get(s, t, &row, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(row.seat_orders, -1);
    store_tournament_row_free(&row);
    store_close(s);
    st_rmtree(tmp);
}
END_TEST

/* Schema 8: each tournament keeps the path its entrants were given. One bot
 * (one SHA-256) entered from two files in two tournaments is one bot row,
 * which keeps the first path; the second tournament reads back its own file
 * (--resume starts that one), with its options. A tournament stored before
 * schema 8 falls back to the bot's path, read as it is or migrated. */
START_TEST(entrant_paths_are_per_tournament)
{
    char *tmp = st_tmpdir(), err[512] = "";
    entrant a = st_entrant("R", "1", SHA("a")), b = st_entrant("B", "1", SHA("b"));
    entrant a2 = a, a3 = a;
    a.path = (char *)"/x/h21.so";
    a2.path = a3.path = (char *)"/x/h21h.so";
    a3.bot_options = (char *)"depth=2";
    store *s = store_open(tmp, err, sizeof err);
    ck_assert_msg(s != NULL, "%s", err);
    int64_t t1 = st_tournament(s, "g", "", (entrant *[]){&a, &b}, 2);
    int64_t t2 = st_tournament(s, "g", "", (entrant *[]){&b, &a2, &a3}, 3);
    tournament_row row;
    ck_assert_msg(store_tournament_get(s, t2, &row, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(row.n_entrants, 3);
    ck_assert_str_eq(row.paths[0], "/nowhere/bot.so");
    ck_assert_str_eq(row.paths[1], "/x/h21h.so");
    ck_assert_str_eq(row.paths[2], "/x/h21h.so:depth=2");
    ck_assert_str_eq(row.sha256[1], SHA("a"));
    store_tournament_row_free(&row);
    entrant **e;
    int n;
    ck_assert_msg(store_entrants_read(s, t1, &e, &n, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(n, 2);
    ck_assert_str_eq(e[0]->path, "/x/h21.so");
    store_entrants_free(e, n);
    store_close(s);
    char *db = st_join(tmp, "arena.db");
    ck_assert_int_eq(st_query_int(db, "SELECT count(*) FROM bots"), 3); /* R, R[depth=2], B */
    char *first = st_query_text(db, "SELECT path FROM bots WHERE name='R'");
    ck_assert_str_eq(first, "/x/h21.so"); /* the bot row: the first path seen */
    free(first);
    st_exec(tmp, "UPDATE bots SET path='/first/seen.so' WHERE name='R';" ST_UNDO_SCHEMA_8);
    s = store_open_read(tmp, err, sizeof err); /* a reader of schema 7, not migrating */
    ck_assert_msg(s != NULL, "%s", err);
    ck_assert_msg(store_tournament_get(s, t1, &row, err, sizeof err) == 0, "%s", err);
    ck_assert_str_eq(row.paths[0], "/first/seen.so");
    store_tournament_row_free(&row);
    store_close(s);
    s = store_open(tmp, err, sizeof err);
    ck_assert_msg(s != NULL, "%s", err);
    ck_assert_int_eq(st_query_int(db, "PRAGMA user_version"), STORE_SCHEMA_VERSION);
    ck_assert_msg(store_tournament_get(s, t1, &row, err, sizeof err) == 0, "%s", err);
    ck_assert_str_eq(row.paths[0], "/first/seen.so");
    store_tournament_row_free(&row);
    int64_t t3 = st_tournament(s, "g", "", (entrant *[]){&b, &a}, 2); /* after migrating */
    ck_assert_msg(store_tournament_get(s, t3, &row, err, sizeof err) == 0, "%s", err);
    ck_assert_str_eq(row.paths[1], "/x/h21.so");
    store_tournament_row_free(&row);
    store_close(s);
    free(db);
    st_rmtree(tmp);
}
END_TEST

/* A reader never creates a store, nor its directory. */
START_TEST(reader_creates_nothing)
{
    char *tmp = st_tmpdir(), *dir = st_join(tmp, "none"), err[512] = "";
    ck_assert_ptr_null(store_open_read(dir, err, sizeof err));
    ck_assert_msg(strstr(err, "no store here"), "%s", err);
    ck_assert_int_ne(access(dir, F_OK), 0);
    free(dir);
    st_rmtree(tmp);
}
END_TEST

/* A reader writes nothing and leaves nothing: an attempt to write through it
 * is refused, and when it closes no arena.db-wal or arena.db-shm is left
 * beside the store (a read-only connection used to leave both after every
 * `arena ratings`). */
START_TEST(reader_writes_and_leaves_nothing)
{
    char *tmp = st_tmpdir(), *db = st_join(tmp, "arena.db"), *wal = st_join(tmp, "arena.db-wal"),
         *shm = st_join(tmp, "arena.db-shm"), err[512] = "";
    entrant r = st_entrant("R", "1", SHA("a")), b = st_entrant("B", "1", SHA("b"));
    store *s = store_open(tmp, err, sizeof err);
    ck_assert_msg(s != NULL, "%s", err);
    int64_t t = st_tournament(s, "g", "", (entrant *[]){&b, &r}, 2);
    st_commit(s, t, 0, 2, (int[]){0, 1}, (double[]){1, 0});
    store_close(s);
    ck_assert_int_ne(access(wal, F_OK), 0);
    s = store_open_read(tmp, err, sizeof err);
    ck_assert_msg(s != NULL, "%s", err);
    pool_data p = load_ok(s);
    ck_assert_uint_eq(p.n_games, 1);
    store_pool_free(&p);
    ck_assert_int_ne(store__exec(s, "DELETE FROM matches", "delete", err, sizeof err), 0);
    store_close(s);
    ck_assert_int_ne(access(wal, F_OK), 0);
    ck_assert_int_ne(access(shm, F_OK), 0);
    ck_assert_int_eq(st_query_int(db, "SELECT count(*) FROM matches"), 1);
    free(db);
    free(wal);
    free(shm);
    st_rmtree(tmp);
}
END_TEST

/* The pool with a tournament's results taken from memory (its tally) is the
 * pool read back from the store: the same players, labels and tables, the
 * same results, and the same fit to the last bit. Two tournaments: a bot
 * entered twice, a 3-player table, a bot new in the second, and an entrant
 * that never sits (no player of it). */
START_TEST(own_results_give_the_stored_pool)
{
    char *tmp = st_tmpdir(), err[512] = "";
    entrant r = st_entrant("R", "1", SHA("a")), b = st_entrant("B", "1", SHA("b")),
            x = st_entrant("X", "2", SHA("c")), idle = st_entrant("I", "1", SHA("d"));
    store *s = store_open(tmp, err, sizeof err);
    ck_assert_msg(s != NULL, "%s", err);
    int64_t t1 = st_tournament(s, "g", "", (entrant *[]){&b, &r, &r}, 3);
    st_commit(s, t1, 0, 2, (int[]){0, 1}, (double[]){1, -1});
    st_commit(s, t1, 1, 2, (int[]){2, 0}, (double[]){0, 0});
    st_commit(s, t1, 2, 3, (int[]){1, 2, 0}, (double[]){2, 0, -2});
    int64_t t2 = st_tournament(s, "g", "", (entrant *[]){&x, &r, &idle, &r, &b}, 5);
    const int seats[][3] = {{0, 1, -1}, {3, 0, -1}, {4, 3, 1}, {1, 4, -1}, {0, 3, 4}};
    const double rets[][3] = {{-1, 1, 0}, {1, -1, 0}, {1, 1, -2}, {0, 0, 0}, {-2, 0, 2}};
    tally ty;
    tally_init(&ty, 5);
    for (int i = 0; i < 5; i++) {
        int n = seats[i][2] < 0 ? 2 : 3;
        match_record m = st_match((uint32_t)i, n, seats[i], rets[i]);
        ck_assert_msg(store_matches(s, t2, &m, 1, err, sizeof err) == 0, "%s", err);
        tally_add(&ty, &m);
    }
    pool_data full = load_ok(s), mem;
    pool_own own = {t2, 5, ty.matches, ty.games, ty.n_games};
    ck_assert_msg(store_pool_load_own(s, "g", "", &own, &mem, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(mem.n_bots, full.n_bots);
    ck_assert_int_eq(full.n_bots, 4); /* B, R#1, R#2, X: I never sat */
    for (int i = 0; i < full.n_bots; i++) {
        ck_assert(mem.bots[i].bot_id == full.bots[i].bot_id);
        ck_assert_int_eq(mem.bots[i].copy, full.bots[i].copy);
        ck_assert_str_eq(mem.bots[i].label, full.bots[i].label);
        ck_assert_int_eq(mem.matches[i], full.matches[i]);
    }
    ck_assert_uint_eq(mem.n_games, full.n_games);
    rating_fit fa, fb;
    ck_assert_msg(ratings_fit(full.n_bots, full.games, full.n_games, &fa, err, sizeof err) == 0,
                  "%s", err);
    ck_assert_msg(ratings_fit(mem.n_bots, mem.games, mem.n_games, &fb, err, sizeof err) == 0, "%s",
                  err);
    for (int i = 0; i < full.n_bots; i++) {
        ck_assert(memcmp(&fa.entry[i].elo, &fb.entry[i].elo, sizeof(double)) == 0);
        ck_assert(memcmp(&fa.entry[i].ci95, &fb.entry[i].ci95, sizeof(double)) == 0);
        ck_assert_int_eq(fa.entry[i].games, fb.entry[i].games);
        ck_assert_int_eq(fa.entry[i].wins, fb.entry[i].wins);
        ck_assert_int_eq(fa.entry[i].draws, fb.entry[i].draws);
    }
    ratings_free(&fa);
    ratings_free(&fb);
    store_pool_free(&mem);
    /* results in memory that name an entrant the store does not list: refused */
    own.n_entrants = 6;
    int tables6[6] = {1, 1, 1, 1, 1, 1};
    own.tables = tables6;
    ck_assert_int_ne(store_pool_load_own(s, "g", "", &own, &mem, err, sizeof err), 0);
    ck_assert_msg(strstr(err, "no stored entrant 5"), "%s", err);
    tally_free(&ty);
    store_pool_free(&full);
    store_close(s);
    st_rmtree(tmp);
}
END_TEST

/* A damaged store seating one entrant twice is an error, not a self-game. */
START_TEST(one_player_seated_twice_is_an_error)
{
    char *tmp = st_tmpdir(), err[512] = "";
    entrant r = st_entrant("R", "1", SHA("a"));
    store *s = store_open(tmp, err, sizeof err);
    ck_assert_msg(s != NULL, "%s", err);
    int64_t t = st_tournament(s, "g", "", (entrant *[]){&r, &r}, 2);
    st_commit(s, t, 0, 2, (int[]){0, 1}, (double[]){1, 0});
    store_close(s);
    st_exec(tmp, "UPDATE match_seats SET entrant=0");
    s = store_open(tmp, err, sizeof err);
    ck_assert_msg(s != NULL, "%s", err);
    pool_data p;
    ck_assert_int_eq(store_pool_load(s, "g", "", &p, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "seats one player twice"), "%s", err);
    store_close(s);
    st_rmtree(tmp);
}
END_TEST

/* A seat naming an entrant its tournament does not list is damage too. */
START_TEST(unlisted_entrant_is_an_error)
{
    char *tmp = st_tmpdir(), err[512] = "";
    entrant a = st_entrant("A", "1", SHA("a")), b = st_entrant("B", "1", SHA("b"));
    store *s = store_open(tmp, err, sizeof err);
    ck_assert_msg(s != NULL, "%s", err);
    int64_t t = st_tournament(s, "g", "", (entrant *[]){&a, &b}, 2);
    st_commit(s, t, 0, 2, (int[]){0, 1}, (double[]){1, 0});
    st_commit(s, t, 1, 2, (int[]){1, 0}, (double[]){1, 0});
    store_close(s);
    st_exec(tmp, "UPDATE match_seats SET entrant=7 WHERE seat=1 AND match_id=(SELECT max(id)"
                 " FROM matches)");
    s = store_open(tmp, err, sizeof err);
    ck_assert_msg(s != NULL, "%s", err);
    pool_data p;
    ck_assert_int_eq(store_pool_load(s, "g", "", &p, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "an unknown one"), "%s", err);
    store_close(s);
    st_rmtree(tmp);
}
END_TEST

Suite *store_players_suite(void)
{
    Suite *s = suite_create("store_players");
    TCase *tc = tcase_create("players");
    tcase_add_test(tc, bot_entered_twice_is_two_players);
    tcase_add_test(tc, three_copies_at_one_table);
    tcase_add_test(tc, old_seats_without_entrant);
    tcase_add_test(tc, one_player_seated_twice_is_an_error);
    tcase_add_test(tc, unlisted_entrant_is_an_error);
    tcase_add_test(tc, schema_1_read_then_migrated);
    tcase_add_test(tc, entrant_paths_are_per_tournament);
    tcase_add_test(tc, reader_creates_nothing);
    tcase_add_test(tc, reader_writes_and_leaves_nothing);
    tcase_add_test(tc, own_results_give_the_stored_pool);
    tcase_add_test(tc, seat_orders_and_entrants_read_back);
    suite_add_tcase(s, tc);
    return s;
}
