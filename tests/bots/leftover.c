/* leftover.c -- a bot whose bug needs an earlier game in its process: a
 * global that counts its games and that create() never resets, and a crash
 * (SIGSEGV through a wild pointer, as crash.c) on the first move of its
 * second game. A fresh process, as `arena match` starts, never crashes;
 * `arena check` reuses processes as tournaments do (tests/e2e/cli_check_test.c). */
#include <stdint.h>

#include "evil.h"

static int games; /* the bug: state kept from one game to the next */

static void *leftover_create(const arena_bot_setup *setup, char *err, size_t errlen)
{
    games++;
    return evil_create(setup, err, errlen);
}

static int32_t leftover_act(void *bot, const arena_turn *turn)
{
    (void)bot;
    if (games == 2) {
        volatile uintptr_t wild = 16;
        *(volatile int *)wild = turn->legal[0];
    }
    return turn->legal[0];
}

ARENA_BOT("leftover", "1.0", "tests", "*", leftover_create, leftover_act, NULL, evil_destroy)
