/* e2e_db.h -- reading what the real arena binary stored in a results
 * directory's arena.db (read-only), for the suites that link SQLite. */
#ifndef E2E_DB_H
#define E2E_DB_H

/* First column of the first row of sql on dir/arena.db; a missing store, a
 * bad query or no row fails the test. */
long long e2e_query_int(const char *dir, const char *sql);

#endif
