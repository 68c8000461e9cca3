/* entrant.c -- bot identity through an info-only worker, and unique labels. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "entrant.h"
#include "loader.h"
#include "outcome.h"

#define PROBE_TIMEOUT_US (10 * 1000000)

int entrant_supports(const char *games, const char *game)
{
    if (!games || strcmp(games, "*") == 0) return 1;
    size_t len = strlen(game);
    for (const char *p = games; *p;) {
        while (*p == ' ' || *p == ',') p++;
        const char *end = p;
        while (*end && *end != ',') end++;
        const char *trim = end;
        while (trim > p && trim[-1] == ' ') trim--;
        if ((size_t)(trim - p) == len && strncmp(p, game, len) == 0) return 1;
        p = end;
    }
    return 0;
}

static char *take(const char *s)
{
    return strdup(s ? s : "");
}

entrant *entrant_probe(worker_env *env, const char *name_or_path, int sandbox, const char *game,
                       char *err, size_t errlen)
{
    char path[4096];
    if (loader_resolve(LOADER_BOTS, name_or_path, path, sizeof path, err, errlen)) return NULL;
    entrant *e = calloc(1, sizeof *e);
    e->path = strdup(path);
    if (loader_sha256_file(path, e->sha256, err, errlen)) goto fail;
    worker_config wc = {.bot_path = path, .sandbox = sandbox};
    worker *w = worker_spawn(env, &wc, PROBE_TIMEOUT_US, err, errlen);
    if (!w) goto fail;
    Arena__Setup setup = ARENA__SETUP__INIT;
    setup.info_only = 1;
    Arena__BotInfo *info = NULL;
    int rc = worker_setup(w, &setup, PROBE_TIMEOUT_US, &info, err, errlen);
    worker_close(w);
    if (rc != OUTCOME_NORMAL || !info) {
        if (info) arena__bot_info__free_unpacked(info, NULL);
        goto fail;
    }
    e->name = take(info->name);
    e->version = take(info->version);
    e->author = take(info->author);
    e->games = take(info->games);
    arena__bot_info__free_unpacked(info, NULL);
    e->display = strdup(e->name);
    if (game && !entrant_supports(e->games, game)) {
        snprintf(err, errlen, "%s: bot '%s' does not play %s (it plays: %s)", path, e->name,
                 game, e->games);
        goto fail;
    }
    return e;
fail:
    entrant_free(e);
    return NULL;
}

void entrant_free(entrant *e)
{
    if (!e) return;
    free(e->path);
    free(e->name);
    free(e->version);
    free(e->author);
    free(e->games);
    free(e->display);
    free(e);
}

static int count_equal(entrant **e, int n, int upto, int by_version)
{
    int c = 0;
    for (int j = 0; j < n; j++) {
        if (j == upto) continue;
        if (strcmp(e[j]->name, e[upto]->name) != 0) continue;
        if (by_version && strcmp(e[j]->version, e[upto]->version) != 0) continue;
        c++;
    }
    return c;
}

void entrants_label(entrant **e, int n)
{
    for (int i = 0; i < n; i++) {
        char buf[512];
        if (count_equal(e, n, i, 0) == 0)
            snprintf(buf, sizeof buf, "%s", e[i]->name);
        else if (count_equal(e, n, i, 1) == 0)
            snprintf(buf, sizeof buf, "%s@%s", e[i]->name, e[i]->version);
        else {
            int k = 1; /* position among the entrants with this name and version */
            for (int j = 0; j < i; j++)
                if (strcmp(e[j]->name, e[i]->name) == 0 &&
                    strcmp(e[j]->version, e[i]->version) == 0)
                    k++;
            snprintf(buf, sizeof buf, "%s#%d", e[i]->name, k);
        }
        free(e[i]->display);
        e[i]->display = strdup(buf);
    }
}
