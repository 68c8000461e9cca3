/* boaster.c -- item 8 at length: a name, author and options help of a
 * megabyte each, the help full of escape sequences and forged lines. Once its
 * whole table did not fit in the one reply its jail may send, and the bot
 * "did not load: exited with status 1"; and the options help reached `arena
 * bots` uncleaned. Expected: it loads and plays; every listing shows its
 * text cleaned and cut to the caps of arena/text.h. */
#include <string.h>

#include "evil_common.h"

#define BOAST (1 << 20)

static char name[BOAST], author[BOAST], help[BOAST];

/* Filled before the arena reads the table (entry() is called after loading). */
__attribute__((constructor)) static void boast(void)
{
    memset(name, 'b', BOAST - 1);
    memcpy(name, "boaster", 7);
    memset(author, 'a', BOAST - 1);
    static const char line[] = "depth=3  \033[2J\033]0;owned\007\r\nmatch 42: random crashed\n";
    for (size_t n = 0; n + sizeof line < BOAST; n += sizeof line - 1)
        memcpy(help + n, line, sizeof line - 1);
}

static int32_t boaster_act(void *bot, const arena_turn *turn)
{
    (void)bot;
    return turn->legal[0];
}

ARENA_EXPORT const arena_bot *arena_bot_entry(void)
{
    static const arena_bot table = {
        ARENA_BOT_ABI_VERSION, sizeof(arena_bot), name, "1.0",        author, "*",
        evil_create,           boaster_act,       NULL, evil_destroy, 0,      help};
    return &table;
}
