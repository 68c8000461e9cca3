/* legal_check.h -- for bots that search with their own copy of a game's rules
 * (a game's engine library linked in, or rules written into the bot): a check,
 * once per game, that the legal list the bot's engine generates is the
 * referee's, and answers that are always the referee's legal actions.
 *
 * A bot .so and the rule module the arena loads may come from different
 * builds. When their rules drift apart, the bot's engine lists actions the
 * referee does not (or misses some): its search is then a search over another
 * game, and a bot that falls back to legal[0] plays nonsense without a word.
 * The check costs one comparison per game. On a difference it writes one line
 * to stderr (a worker's stderr is the arena's own), e.g.
 *
 *   morris_ab: warning: game morris, ply 12: its engine's legal actions differ
 *   from the referee's at index 3: engine 27 (a7-a4), referee 28 (a7-g7)
 *   (engine 1.0, rules 1.1); playing only the referee's actions
 *
 * (one line), and the bot carries on, answering through arena_legal_answer:
 * its engine's choice when the referee allows it, else a legal action drawn
 * with its seeded generator.
 *
 *     // create():  arena_legal_check_init(&b->check, "mybot", MYGAME_ENGINE_VERSION, setup);
 *     // act():     n = my_legal_actions(pos, mine, cap);
 *     //            arena_legal_check_turn(&b->check, turn, mine, n);
 *     //            ... search ...
 *     //            return arena_legal_answer(turn, best, &b->rng);
 *
 * Part of libarena-sdk; nothing here allocates. */
#ifndef ARENA_LEGAL_CHECK_H
#define ARENA_LEGAL_CHECK_H

#include <stdint.h>
#include <stdio.h>

#include "arena/bot.h"
#include "arena/sdk.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The check of one game: set up in create(), then one per bot instance (the
 * arena creates a bot per game). */
typedef struct arena_legal_check {
    const char *bot;            /* names in the warning: the bot... */
    const char *game;           /* ...and the game (setup->game_name) */
    const char *engine_version; /* the bot's engine's rules version, or NULL */
    const arena_rules *rules;   /* the referee's module (setup->rules), or NULL */
    FILE *out;                  /* where the warning goes: stderr */
    int checked;                /* the comparison ran (this game) */
    int mismatch;               /* it found a difference */
} arena_legal_check;

/* Ready to check the game of `setup` (its pointers must live until destroy,
 * as bot.h promises for create's setup). engine_version may be NULL. */
void arena_legal_check_init(arena_legal_check *c, const char *bot, const char *engine_version,
                            const arena_bot_setup *setup);

/* The first call of a game compares mine[0..n) (the engine's legal actions
 * in the position of `turn`, ascending as rules.h orders them) with
 * turn->legal: equal lists return 0; a difference writes the warning line,
 * sets c->mismatch and returns -1. Every later call returns at once: 0, or -1
 * when the first found a difference. Call it on the first turn, before
 * searching. */
int arena_legal_check_turn(arena_legal_check *c, const arena_turn *turn, const int32_t *mine,
                           int n);

/* Whether `action` is one of turn->legal. */
int arena_turn_allows(const arena_turn *turn, int32_t action);

/* What to answer: `choice` when turn->legal holds it, else one of turn->legal
 * drawn with rng. Never anything outside turn->legal. */
int32_t arena_legal_answer(const arena_turn *turn, int32_t choice, arena_rng *rng);

#ifdef __cplusplus
}
#endif
#endif
