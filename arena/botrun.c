/* botrun.c -- calling a loaded bot through the bot ABI (see botrun.h). */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena/module_kit.h"
#include "botrun.h"
#include "loader.h"
#include "outcome.h"
#include "text.h"
#include "xalloc.h"

int bot_plays(const char *games, const char *game)
{
    if (!games) return 1;
    size_t n = strlen(game);
    for (const char *p = games; *p;) {
        while (*p == ' ' || *p == ',')
            p++;
        size_t len = strcspn(p, ",");
        size_t trim = len;
        while (trim && p[trim - 1] == ' ')
            trim--;
        if ((trim == 1 && *p == '*') || (trim == n && n && strncmp(p, game, n) == 0)) return 1;
        p += len;
    }
    return 0;
}

int botrun_load(botrun *b, const char *path, const arena_rules *rules, char *err, size_t errlen)
{
    memset(b, 0, sizeof *b);
    b->path = xstrdup(path);
    b->rules = rules;
    const void *table;
    b->dl = loader_open_table(path, ARENA_BOT_ENTRY, &table, err, errlen);
    if (!b->dl) {
        botrun_unload(b);
        return -1;
    }
    if (loader_check_bot(table, path, err, errlen)) {
        botrun_unload(b);
        return -1;
    }
    b->bot = table;
    return 0;
}

void botrun_info(const botrun *b, seat_info *out)
{
    out->name = text_dup(b->bot->name);
    out->version = text_dup(b->bot->version);
    out->author = text_dup(b->bot->author);
    out->games = text_dup(b->bot->games ? b->bot->games : "*");
    out->wants_events = b->bot->observe != NULL;
    const char *help = ARENA_BOT_HAS(b->bot, options_help) ? b->bot->options_help : NULL;
    out->options_help = text_dup(help);
    seat_info_clean(out);
}

static int botrun_same(const char *a, const char *b)
{
    return a && b && strcmp(a, b) == 0;
}

/* Configures the game (a new arena_game only when name or options changed). */
static int botrun_configure(botrun *b, const seat_game *g, char *err, size_t errlen)
{
    if (!botrun_same(b->game_name, g->game) || !botrun_same(b->options, g->options)) {
        if (b->game) b->rules->game_free(b->game);
        b->game = NULL;
        free(b->game_name);
        free(b->options);
        b->game_name = text_dup(g->game);
        b->options = text_dup(g->options);
    }
    if (b->rules && !b->game) {
        char gerr[256] = "";
        b->game = b->rules->game_new(b->options, gerr, sizeof gerr);
        if (!b->game)
            return arena_errf(err, errlen, "game %s: options '%s': %s", b->game_name, b->options,
                              gerr[0] ? gerr : "refused");
    }
    b->hidden = b->game && (b->rules->flags & ARENA_GAME_HIDDEN);
    return 0;
}

int botrun_start(botrun *b, const seat_game *g, char *err, size_t errlen)
{
    botrun_end(b);
    const arena_bot *bot = b->bot;
    if (!bot_plays(bot->games, g->game)) {
        arena_errf(err, errlen, "%s: bot %s plays %s, not %s", b->path, bot->name, bot->games,
                   g->game);
        return OUTCOME_SETUP;
    }
    const char *bot_options = g->bot_options ? g->bot_options : "";
    if (bot_options[0] && !(ARENA_BOT_HAS(bot, options_help) && bot->options_help)) {
        arena_errf(err, errlen, "%s: bot %s takes no options (given '%s')", b->path, bot->name,
                   bot_options);
        return OUTCOME_SETUP;
    }
    if (botrun_configure(b, g, err, errlen) < 0) return OUTCOME_SETUP;
    arena_bot_setup *s = &b->setup;
    memset(s, 0, sizeof *s);
    s->struct_size = sizeof *s;
    s->game_name = b->game_name;
    s->options = b->options;
    s->seat = g->seat;
    s->num_players = g->num_players;
    s->seed = g->seed;
    s->tc = g->tc;
    s->rules = b->rules;
    s->game = b->game;
    free(b->bot_options);
    b->bot_options = text_dup(bot_options);
    s->bot_options = b->bot_options;
    char berr[256] = "";
    b->player = bot->create(s, berr, sizeof berr);
    if (!b->player) {
        berr[sizeof berr - 1] = '\0';
        arena_errf(err, errlen, "%s: bot %s refused the game: %s", b->path, bot->name,
                   berr[0] ? berr : "(no message)");
        return OUTCOME_SETUP;
    }
    return OUTCOME_NORMAL;
}

int32_t botrun_act_slow(botrun *b, const arena_turn *turn)
{
    if (!b->player || turn->num_legal < 1) return -1;
    /* botrun_act took an inline seat's turn with its state: here the state
     * is hidden or missing. bot.h: no state in a hidden-information game,
     * whoever holds one (an inline seat is handed the referee's, opponents'
     * cards and all). */
    arena_turn t = *turn;
    if (b->hidden) t.state = NULL;
    if (b->hidden || !b->game || !b->rules->state_from_observation)
        return b->bot->act(b->player, &t);
    arena_state *st = b->rules->state_from_observation(b->game, t.observation, t.observation_len);
    t.state = st;
    int32_t a = b->bot->act(b->player, &t);
    if (st) b->rules->state_free(st);
    return a;
}

void botrun_event(botrun *b, arena_event_kind kind, int who, int32_t action)
{
    if (!b->player || !b->bot->observe) return;
    arena_event ev = {sizeof ev, kind, who, action, NULL, b->setup.num_players};
    b->bot->observe(b->player, &ev);
}

void botrun_game_over(botrun *b, const double *returns, int num_players)
{
    if (b->player && b->bot->observe) {
        arena_event ev = {sizeof ev, ARENA_EVENT_GAME_OVER, -1, 0, returns, num_players};
        b->bot->observe(b->player, &ev);
    }
    botrun_end(b);
}

void botrun_end(botrun *b)
{
    if (b->player) b->bot->destroy(b->player);
    b->player = NULL;
}

void botrun_unload(botrun *b)
{
    if (b->bot) botrun_end(b);
    if (b->game) b->rules->game_free(b->game);
    free(b->game_name);
    free(b->options);
    free(b->bot_options);
    if (b->dl) dlclose(b->dl);
    free(b->path);
    memset(b, 0, sizeof *b);
}
