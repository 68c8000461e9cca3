/* session.c -- loading a game and its entrants for a command. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "entrant.h"
#include "meminfo.h"
#include "sandbox.h"
#include "session.h"
#include "xalloc.h"

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
                 const session_isolation *iso, char *err, size_t errlen)
{
    memset(s, 0, sizeof *s);
    if (open_game(s, game_spec, err, errlen)) {
        session_close(s);
        return SESSION_NO_GAME;
    }
    s->seats.kind = iso->kind;
    s->seats.rules_path = s->lr->path;
    s->seats.rules = s->lr->rules;
    s->seats.sandbox = iso->sandbox;
    s->seats.mem_limit_mb = iso->mem_limit_mb;
    if (iso->kind == SEAT_PROCESS) {
        s->env = worker_env_new(err, errlen);
        if (!s->env) goto fail;
        s->seats.env = s->env;
    }
    s->entrants = xcalloc((size_t)(n_bots > 0 ? n_bots : 1), sizeof *s->entrants);
    if (!s->entrants) goto fail;
    for (int i = 0; i < n_bots; i++) {
        s->entrants[i] = entrant_probe(&s->seats, bots[i], s->name, s->entrants, s->n, err, errlen);
        if (!s->entrants[i]) goto fail;
        s->n++;
        /* Bad bot options stop the command before any match. */
        seat_game probe = {.game = s->name,
                           .options = s->options,
                           .num_players = s->lr->rules->num_players(s->game),
                           .tc = {.move_time_us = 1000000},
                           .timeout_us = SEAT_START_TIMEOUT_US}; /* a check, not a game */
        if (entrant_check_options(&s->seats, s->entrants[i], &probe, err, errlen)) goto fail;
    }
    entrants_label(s->entrants, s->n);
    return 0;
fail:
    session_close(s);
    return -1;
}

void session_close(session *s)
{
    for (int i = 0; i < s->n; i++)
        entrant_free(s->entrants[i]);
    free(s->entrants);
    if (s->env) worker_env_free(s->env);
    if (s->game) s->lr->rules->game_free(s->game);
    loader_close_rules(s->lr);
    memset(s, 0, sizeof *s);
}

seat_pool *session_pool(session *s)
{
    return pool_new(pool_open_configured, &s->seats);
}

void session_memory_note(const session *s, int tables, int seats, const char *cmd)
{
    if (s->seats.kind != SEAT_PROCESS || s->seats.sandbox == SANDBOX_OFF) return;
    long long mem = s->seats.mem_limit_mb > 0 ? s->seats.mem_limit_mb : WORKER_DEFAULT_MEM_MB;
    uint64_t total, avail;
    meminfo_usable(&total, &avail); /* the machine's, or its container's */
    long long have = (long long)(total / 1024), want = (long long)tables * seats * mem;
    if (have <= 0 || want <= have) return;
    fprintf(stderr,
            "arena %s: note: %d game%s at once of %d bot processes, each allowed --mem %lld MB, "
            "may use %lld GB, more than this machine's %lld GB (and pooled seats keep theirs): "
            "if the machine runs short, the arena ends a process of the bot that holds the "
            "most (a lost game); lower --mem or -j\n",
            cmd, tables, tables == 1 ? "" : "s", seats, mem, (want + 1023) / 1024,
            (have + 1023) / 1024);
}
