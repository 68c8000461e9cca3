/* seedcrash.c -- plays legal actions drawn from its seed and crashes
 * (SIGSEGV through a wild pointer, as crash.c) on its own move number
 * 3 + seed % 20, so where it crashes depends on its seed, on the opponent's
 * moves and on the dice: the game a replay command must play again exactly
 * (check's "replay it", tests/e2e/cli_check_test.c). */
#include <stdint.h>

#include "evil.h"

typedef struct seedcrash_bot {
    uint64_t rng;
    int moves, crash_at;
} seedcrash_bot;

static void *seedcrash_create(const arena_bot_setup *setup, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    seedcrash_bot *b = calloc(1, sizeof *b);
    if (!b) return NULL;
    b->rng = setup->seed | 1; /* xorshift must not start at 0 */
    b->crash_at = 3 + (int)(setup->seed % 20);
    return b;
}

static int32_t seedcrash_act(void *bot, const arena_turn *turn)
{
    seedcrash_bot *b = bot;
    b->rng ^= b->rng << 13;
    b->rng ^= b->rng >> 7;
    b->rng ^= b->rng << 17;
    if (++b->moves == b->crash_at) {
        /* through a volatile: the compiler can neither see nor warn about
         * the constant, and UBSan's null check does not turn it into an exit */
        volatile uintptr_t wild = 16;
        *(volatile int *)wild = turn->legal[0];
    }
    return turn->legal[b->rng % (uint64_t)turn->num_legal];
}

ARENA_BOT("seedcrash", "1.0", "tests", "*", seedcrash_create, seedcrash_act, NULL, evil_destroy)
