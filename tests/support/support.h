/* support.h -- the one test-support library of the Check suites: the suite
 * runner every test program's main() is, REQUIRE, loading rule modules and
 * bots as the arena does, playing moves in a game's notation, and temporary
 * directories.
 *
 * Contract:
 *  - support_main runs a suite (fork mode unless CK_FORK=no) and returns the
 *    process's exit status: 0 when every test passed.
 *  - The loaders fail the running test (with dlerror's words) when the file
 *    is missing or not a module/bot of this ABI: a build dependency that is
 *    not there is a failure, never a skip.
 *  - support_tmpdir makes a fresh private directory (mkdtemp, checked) under
 *    one root made in $TMPDIR (or /tmp) by support_main before any test
 *    runs; support_main removes the root with everything in it when the
 *    tests are done -- also those of tests that failed or timed out.
 *    support_rmrf removes one early; it refuses any other directory. */
#ifndef ARENA_TEST_SUPPORT_H
#define ARENA_TEST_SUPPORT_H

#include <check.h>
#include <stddef.h>
#include <stdint.h>

#include "arena/bot.h"
#include "arena/rules.h"

/* Fails the test with a message, without Check's per-assertion bookkeeping
 * (for checks inside long loops). */
#define REQUIRE(cond, ...)                                                                         \
    do {                                                                                           \
        if (!(cond)) ck_abort_msg(__VA_ARGS__);                                                    \
    } while (0)

/* Runs the suites (taking them), all in one runner, and returns 0 when
 * every test passed, 1 otherwise: support_main(a) or support_main(a, b, c). */
int support_main_list(Suite *const *suites);
#define support_main(...) support_main_list((Suite *const[]){__VA_ARGS__, NULL})
/* A whole test program: main() that runs make_suite(). */
#define SUPPORT_MAIN(make_suite)                                                                   \
    int main(void)                                                                                 \
    {                                                                                              \
        return support_main(make_suite());                                                         \
    }

/* The rule module of `game` built beside the arena (ARENA_BIN_DIR/rules/
 * lib<game>.so), or a path; *handle for support_unload. */
const arena_rules *support_rules(const char *game, void **handle);
/* The bot `name` built beside the arena (ARENA_BIN_DIR/bots/<name>.so), or a
 * path. */
const arena_bot *support_bot(const char *name, void **handle);
void support_unload(void *handle);

/* Plays the moves (in the game's notation, separated by spaces or newlines)
 * on s; fails the test naming the first one that does not parse or is
 * refused, with the legal moves and the board. state_size 0: a refusal is
 * not checked to leave the state unchanged (support_try is not used). */
void support_play(const arena_rules *r, arena_state *s, size_t state_size, const char *moves);
/* apply's answer for one action; when it refuses, the state must be
 * unchanged (rules.h), else the test fails. */
int support_try(const arena_rules *r, arena_state *s, size_t state_size, int32_t action);
/* The same for a move in notation: -1 too when it does not parse. */
int support_try_move(const arena_rules *r, arena_state *s, size_t state_size, const char *move);

/* n scaled by ARENA_TEST_SCALE (a percentage, default 100; `make sanitize`
 * sets 30, as ASan makes every ply ~10x dearer), and at least `least`: the
 * number of games or playouts a suite plays. */
int support_scaled(int n, int least);
/* The chance that `wins` or more of `games` fall to a player no stronger than
 * its opponent (each game a fair coin; a draw is no win). A strength test
 * asserts it small, which holds its meaning at any scaled number of games. */
double support_even_odds(int games, int wins);

/* Everything fd gives until its end (a pseudo-terminal's master ends with
 * EIO once the child is gone), NUL-terminated and malloc'd; closes fd. */
char *support_read_all(int fd);

/* A fresh empty directory (path into out), removed at exit. */
void support_tmpdir(char *out, size_t len);
/* The same, but reachable and writable by every user: for a program the test
 * runs as another user (the root above it becomes searchable, not readable,
 * by others). */
void support_tmpdir_shared(char *out, size_t len);
/* Removes a directory support_tmpdir made, now. */
void support_rmrf(const char *dir);

/* text as the file dir/rel. */
void support_put_text(const char *dir, const char *rel, const char *text);

/* The page cache, for what must be in memory (a bot's held files):
 * n bytes of a pattern at dir/rel, synced to the disk; */
void support_put_bytes(const char *dir, const char *rel, size_t n);
/* path's pages dropped from memory (they are clean once synced); */
void support_evict(const char *path);
/* how many of path's pages are in memory now, of *all; */
size_t support_resident(const char *path, size_t *all);
/* whether its pages can leave memory at all (not on tmpfs or ramfs); */
int support_evictable(const char *path);
/* path's pages out of memory, asserted, where they can leave it. */
void support_make_cold(const char *path);

#endif
