/* botrun.h -- a bot loaded in this process and played through its ABI.
 *
 * The one place that checks a bot table, decides whether a bot plays a game,
 * builds the arena_bot_setup and arena_turn a bot sees, and calls create, act,
 * observe and destroy. Two users: the worker process (worker_main.c), which
 * receives the requests over the wire, and the inline seat (seat_inline.c),
 * which calls it from the referee's thread.
 *
 * States:  unloaded --botrun_load--> LOADED --botrun_start--> PLAYING
 *          PLAYING --botrun_end (or the next botrun_start)--> LOADED
 *          any --botrun_unload--> unloaded
 * Invariants: (1) a player (the bot's create() result) exists only while
 * PLAYING; (2) the game handed to the bot matches the last Setup's name and
 * options; (3) no call here allocates on the act path beyond what the rules
 * and the bot do.
 */
#ifndef ARENA_BOTRUN_H
#define ARENA_BOTRUN_H

#include <stddef.h>

#include "arena/bot.h"
#include "seat.h"

typedef struct botrun {
    char *path; /* the bot's file, for messages */
    void *dl;   /* dlopen handle of the bot */
    const arena_bot *bot;
    const arena_rules *rules; /* the game's module, or NULL (identity only) */
    arena_game *game;         /* configured from game_name/options */
    char *game_name, *options;
    char *bot_options;     /* the bot's own options of the current game */
    arena_bot_setup setup; /* lives as long as player */
    void *player;          /* the bot's instance for the current game */
    int hidden;            /* game is set and of hidden information (botrun_configure) */
} botrun;

/* dlopens the bot with RTLD_NOW and checks its table (loader_check_bot). The
 * bot's constructors run here. rules may be NULL. */
int botrun_load(botrun *b, const char *path, const arena_rules *rules, char *err, size_t errlen);
/* The bot's identity (strings copied). */
void botrun_info(const botrun *b, seat_info *out);
/* Creates the bot's player for a game; OUTCOME_SETUP with a message when the
 * bot does not play the game, the options are bad, or the bot refuses. */
int botrun_start(botrun *b, const seat_game *g, char *err, size_t errlen);
/* The bot's answer to a turn. When turn->state is NULL and the game has
 * perfect information, the state is rebuilt from the observation first.
 * Inline, the common case (an inline seat's turn, its state as it is) is one
 * indirect call from the seat: the referee asks once a ply. */
int32_t botrun_act_slow(botrun *b, const arena_turn *turn);
static inline int32_t botrun_act(botrun *b, const arena_turn *turn)
{
    if (b->player && turn->num_legal >= 1 && turn->state && !b->hidden)
        return b->bot->act(b->player, turn); /* inline: as it is */
    return botrun_act_slow(b, turn);
}
void botrun_event(botrun *b, arena_event_kind kind, int who, int32_t action);
void botrun_game_over(botrun *b, const double *returns, int num_players);
/* Destroys the current player, if any. */
void botrun_end(botrun *b);
void botrun_unload(botrun *b);

/* Whether a bot's games list ("*", or names and "*" separated by commas)
 * includes game: the one rule, used wherever the question is asked. */
int bot_plays(const char *games, const char *game);

#endif
