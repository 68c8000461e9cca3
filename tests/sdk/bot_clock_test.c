/* bot_clock_test.c -- every bundled bot that budgets its thinking does so on
 * the clock its seat is charged on (arena_turn_clock_us), so a loaded machine
 * slows a game but does not make a bot think less: README, "Time".
 *
 * A jailed seat is charged the time its bot had (not the time it waited for
 * a processor) and says so with turn->clock = ARENA_CLOCK_OWN. Each case asks
 * a bot for one move in a child process twice: once left alone, once stopped
 * (SIGSTOP) for 400 ms soon after the move began -- a processor taken away,
 * as on a loaded machine. On the charged clock the stopped move computes as
 * long as the free one; a bot on the wall clock finds its deadline past when
 * it runs again and stops at once. What is compared is CPU time, so the
 * machine's own load does not enter: no timing threshold. */
#include <check.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "arena/bot.h"
#include "arena/sdk.h"
#include "support.h"

#define MOVE_US 240000 /* fixed move time: every bot aims at a share of it */
#define STOP_MS 400    /* more than any bot's aim: a wall-clock deadline passes */

typedef struct clock_case {
    const char *bot, *game;
    int plies; /* random decisions played first, past a set-up phase */
    /* Stopped inside the rule module instead: the bot's first sample_state
     * sleeps (a move of a few milliseconds leaves no room for a signal to
     * land inside it); a sleep is time without CPU, as a stop is. */
    int sleepy;
} clock_case;

/* soccer_greedy is not here: its look ends by node counts long before its
 * clock (0.1 ms of its 30) in every position a game reaches; its clock is a
 * backstop, switched all the same. */
static const clock_case cases[] = {
    {"morris_ab", "morris", 0, 0},   {"mcts", "morris", 0, 0},
    {"soccer_ab", "soccer", 0, 0},   {"querni_search", "querni", 4, 0},
    {"kursk_search", "kursk", 0, 0}, {"rugby_hunter", "rugby", 100, 1},
};
#define N_CASES ((int)(sizeof cases / sizeof cases[0]))

static int64_t cpu_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/* A decision of the case's game after its random plies (chance drawn from
 * the same generator): the state, or NULL when the game ended first. */
static arena_state *position(const arena_rules *r, const arena_game *g, int plies)
{
    arena_rng rng;
    arena_rng_seed(&rng, 7);
    arena_state *s = r->state_new(g);
    int32_t *legal = malloc(sizeof *legal * (size_t)r->num_actions(g));
    arena_chance_outcome out[256];
    for (int played = 0;;) {
        int cp = r->current_player(s);
        if (cp == ARENA_TERMINAL) break;
        if (cp == ARENA_CHANCE) {
            int n = r->chance_outcomes(s, out, 256);
            r->apply(s, out[arena_rng_below(&rng, (uint32_t)n)].action);
            continue;
        }
        int n = r->legal_actions(s, legal, r->num_actions(g));
        if (played >= plies && n > 1) {
            free(legal);
            return s;
        }
        r->apply(s, legal[arena_rng_below(&rng, (uint32_t)n)]);
        played++;
    }
    free(legal);
    r->state_free(s);
    return NULL;
}

static const arena_rules *real_rules;
static int slept;

static arena_state *sleepy_sample(const arena_game *g, const uint8_t *obs, size_t len,
                                  uint64_t seed)
{
    if (!slept++) {
        struct timespec wait = {STOP_MS / 1000, (STOP_MS % 1000) * 1000000L};
        nanosleep(&wait, NULL);
    }
    return real_rules->sample_state(g, obs, len, seed);
}

/* The child: one move of the case's bot on the charged clock; reports
 * "ready" before act() and its CPU time for the move after. */
static void child_move(const clock_case *c, int stop, int ready_fd, int out_fd)
{
    void *rh, *bh;
    const arena_rules *r = support_rules(c->game, &rh);
    arena_rules sleepy = *r;
    real_rules = r;
    sleepy.sample_state = sleepy_sample;
    const arena_bot *b = support_bot(c->bot, &bh);
    char err[256] = "";
    arena_game *g = r->game_new("", err, sizeof err);
    if (!g) _exit(3);
    arena_state *s = position(r, g, c->plies);
    if (!s) _exit(4);
    int seat = r->current_player(s);
    arena_bot_setup su = {sizeof su,
                          r->name,
                          r->game_options(g),
                          seat,
                          r->num_players(g),
                          11,
                          {0, 0, MOVE_US},
                          stop && c->sleepy ? &sleepy : r,
                          g,
                          ""};
    void *p = b->create(&su, err, sizeof err);
    if (!p) _exit(5);
    int32_t *legal = malloc(sizeof *legal * (size_t)r->num_actions(g));
    int n = r->legal_actions(s, legal, r->num_actions(g));
    size_t len = r->observation(s, seat, NULL, 0);
    uint8_t *obs = malloc(len ? len : 1);
    r->observation(s, seat, obs, len);
    arena_state *st = (r->flags & ARENA_GAME_HIDDEN) ? NULL : s;
    arena_turn t = {sizeof t, c->plies, obs, len, legal, n, MOVE_US, MOVE_US, st, ARENA_CLOCK_OWN};
    if (write(ready_fd, "r", 1) != 1) _exit(6);
    int64_t t0 = cpu_us();
    b->act(p, &t);
    int64_t used = cpu_us() - t0;
    if (write(out_fd, &used, sizeof used) != (ssize_t)sizeof used) _exit(7);
    _exit(0);
}

/* The CPU time of one move; when `stop`, its process stopped (or its first
 * sample slept) for STOP_MS once it began. */
static int64_t move_cpu(const clock_case *c, int stop)
{
    int ready[2], out[2];
    ck_assert_int_eq(pipe(ready), 0);
    ck_assert_int_eq(pipe(out), 0);
    fflush(NULL);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        close(ready[0]);
        close(out[0]);
        child_move(c, stop, ready[1], out[1]);
    }
    close(ready[1]);
    close(out[1]);
    char r;
    ck_assert_msg(read(ready[0], &r, 1) == 1, "%s: the child did not reach its move", c->bot);
    if (stop && !c->sleepy) {
        struct timespec ms2 = {0, 2000000}, wait = {STOP_MS / 1000, (STOP_MS % 1000) * 1000000L};
        nanosleep(&ms2, NULL);
        ck_assert_int_eq(kill(pid, SIGSTOP), 0);
        nanosleep(&wait, NULL);
        ck_assert_int_eq(kill(pid, SIGCONT), 0);
    }
    int64_t used = -1;
    ck_assert_msg(read(out[0], &used, sizeof used) == (ssize_t)sizeof used,
                  "%s: the child gave no answer", c->bot);
    int st;
    ck_assert_int_eq(waitpid(pid, &st, 0), pid);
    ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 0, "%s: child status %d", c->bot, st);
    close(ready[0]);
    close(out[0]);
    return used;
}

START_TEST(a_stopped_move_thinks_as_long)
{
    const clock_case *c = &cases[_i];
    int64_t free_us = move_cpu(c, 0), stopped_us = move_cpu(c, 1);
    printf("%-14s %-7s free %6.1f ms of CPU, stopped for %d ms: %6.1f ms\n", c->bot, c->game,
           free_us / 1000.0, STOP_MS, stopped_us / 1000.0);
    /* the case searches at all (else it shows nothing) */
    ck_assert_msg(free_us >= 1000, "%s: only %lld us of CPU for a move: not a searching position",
                  c->bot, (long long)free_us);
    /* the same search either way, up to where an iteration ends against a
     * soft limit (at a third of the hard one at least: querni_search); a
     * bot on the wall clock stops at its first look after the stop */
    ck_assert_msg(stopped_us * 4 >= free_us,
                  "%s: %lld us of CPU when stopped for %d ms against %lld us when not: it "
                  "budgets on the wall clock",
                  c->bot, (long long)stopped_us, STOP_MS, (long long)free_us);
}
END_TEST

static Suite *bot_clock_suite(void)
{
    Suite *s = suite_create("bot_clock");
    TCase *tc = tcase_create("charged clock");
    tcase_add_loop_test(tc, a_stopped_move_thinks_as_long, 0, N_CASES);
    suite_add_tcase(s, tc);
    return s;
}

SUPPORT_MAIN(bot_clock_suite)
