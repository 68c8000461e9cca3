/* legal_check.c -- the once-per-game check of a bot's own legal list against
 * the referee's, and answers within turn->legal (arena/legal_check.h). */
#include "arena/legal_check.h"

#include <stdio.h>

void arena_legal_check_init(arena_legal_check *c, const char *bot, const char *engine_version,
                            const arena_bot_setup *setup)
{
    *c = (arena_legal_check){.bot = bot ? bot : "bot",
                             .game = setup && setup->game_name ? setup->game_name : "?",
                             .engine_version = engine_version,
                             .rules = setup ? setup->rules : NULL,
                             .out = stderr};
}

/* " (a7-a4)" when the referee's module can name the action here, else "". */
static void name_of(const arena_legal_check *c, const arena_turn *turn, int32_t a, char *buf,
                    size_t cap)
{
    buf[0] = '\0';
    if (!c->rules || !c->rules->action_name || !turn->state) return;
    char name[64];
    c->rules->action_name(turn->state, a, name, sizeof name);
    if (name[0]) snprintf(buf, cap, " (%s)", name);
}

/* "27 (a7-a4)", or "none" past the end of a list. */
static void describe(const arena_legal_check *c, const arena_turn *turn, const int32_t *list, int n,
                     int i, char *buf, size_t cap)
{
    if (i >= n) {
        snprintf(buf, cap, "none");
        return;
    }
    char name[80];
    name_of(c, turn, list[i], name, sizeof name);
    snprintf(buf, cap, "%ld%s", (long)list[i], name);
}

static void warn(const arena_legal_check *c, const arena_turn *turn, const int32_t *mine, int n,
                 int i)
{
    char engine[96], referee[96], versions[96] = "";
    describe(c, turn, mine, n, i, engine, sizeof engine);
    describe(c, turn, turn->legal, turn->num_legal, i, referee, sizeof referee);
    const char *rules_version = c->rules && ARENA_RULES_HAS(c->rules, version) && c->rules->version
                                    ? c->rules->version
                                    : "?";
    if (c->engine_version)
        snprintf(versions, sizeof versions, " (engine %s, rules %s)", c->engine_version,
                 rules_version);
    fprintf(c->out ? c->out : stderr,
            "%s: warning: game %s, ply %d: its engine's legal actions differ from the referee's "
            "at index %d: engine %s, referee %s%s; playing only the referee's actions\n",
            c->bot, c->game, turn->ply, i, engine, referee, versions);
    fflush(c->out ? c->out : stderr);
}

int arena_legal_check_turn(arena_legal_check *c, const arena_turn *turn, const int32_t *mine, int n)
{
    if (c->checked) return c->mismatch ? -1 : 0;
    c->checked = 1;
    if (n < 0) n = 0;
    int i = 0;
    while (i < n && i < turn->num_legal && mine[i] == turn->legal[i])
        i++;
    if (i == n && i == turn->num_legal) return 0;
    c->mismatch = 1;
    warn(c, turn, mine, n, i);
    return -1;
}

int arena_turn_allows(const arena_turn *turn, int32_t action)
{
    for (int i = 0; i < turn->num_legal; i++)
        if (turn->legal[i] == action) return 1;
    return 0;
}

int32_t arena_legal_answer(const arena_turn *turn, int32_t choice, arena_rng *rng)
{
    if (arena_turn_allows(turn, choice)) return choice;
    return arena_rng_pick(rng, turn->legal, turn->num_legal);
}
