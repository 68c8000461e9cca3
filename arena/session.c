/* session.c -- loading a game and its entrants for a command. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "entrant.h"
#include "session.h"

static int open_game(session *s, const char *game_spec, char *err, size_t errlen)
{
    char game[256], options[2048];
    loader_split_game_spec(game_spec, game, sizeof game, options, sizeof options);
    s->lr = loader_open_rules(game, err, errlen);
    if (!s->lr) return -1;
    char gerr[512] = "";
    s->game = s->lr->rules->game_new(options, gerr, sizeof gerr);
    if (!s->game) {
        snprintf(err, errlen, "--game %s: %s", game_spec, gerr[0] ? gerr : "bad options");
        return -1;
    }
    s->options = s->lr->rules->game_options(s->game);
    s->name = s->lr->rules->name;
    return 0;
}

int session_open(session *s, const char *game_spec, const char *const *bots, int n_bots,
                 int sandbox, int64_t mem_limit_mb, char *err, size_t errlen)
{
    memset(s, 0, sizeof *s);
    s->sandbox = sandbox;
    s->mem_limit_mb = mem_limit_mb;
    if (open_game(s, game_spec, err, errlen)) goto fail;
    s->env = worker_env_new(err, errlen);
    if (!s->env) goto fail;
    s->entrants = calloc((size_t)(n_bots > 0 ? n_bots : 1), sizeof *s->entrants);
    for (int i = 0; i < n_bots; i++) {
        s->entrants[i] = entrant_probe(s->env, bots[i], sandbox, s->name, err, errlen);
        if (!s->entrants[i]) goto fail;
        s->n++;
    }
    entrants_label(s->entrants, s->n);
    return 0;
fail:
    session_close(s);
    return -1;
}

void session_close(session *s)
{
    for (int i = 0; i < s->n; i++) entrant_free(s->entrants[i]);
    free(s->entrants);
    if (s->env) worker_env_free(s->env);
    if (s->game) s->lr->rules->game_free(s->game);
    loader_close_rules(s->lr);
    memset(s, 0, sizeof *s);
}

worker_pool *session_pool(const session *s)
{
    pool_config pc = {.env = s->env,
                      .rules_path = s->lr->path,
                      .sandbox = s->sandbox,
                      .mem_limit_mb = s->mem_limit_mb,
                      .spawn_timeout_us = 10 * 1000000};
    return pool_new(&pc);
}
