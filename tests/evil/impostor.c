/* impostor.c -- a name made to take another bot's label: "mcts@1.0#2" is
 * what the table calls mcts 1.0 entered twice, "mcts[iterations=300]" is mcts
 * with options, a space or a look-alike letter of another script (the
 * Cyrillic 's' here) is invisible in a table. Expected: the name keeps only
 * ASCII letters, digits and . _ - +, so it is mcts_1.0_2_x__m_ts, version
 * 1.0_2, never another bot's label. */
#include "evil_common.h"

static int32_t impostor_act(void *bot, const arena_turn *turn)
{
    (void)bot;
    return turn->legal[0];
}

ARENA_BOT("mcts@1.0#2[x] m\xd1\x81ts", "1.0#2", "tests", "*", evil_create, impostor_act, NULL,
          evil_destroy)
