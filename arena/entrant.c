/* entrant.c -- bot identity asked through a seat, and unique labels. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "entrant.h"
#include "botrun.h"
#include "loader.h"
#include "outcome.h"

static char *take(const char *s)
{
    return strdup(s ? s : "");
}

entrant *entrant_probe(const seat_config *cfg, const char *name_or_path, const char *game,
                       char *err, size_t errlen)
{
    char path[4096];
    if (loader_resolve(LOADER_BOTS, name_or_path, path, sizeof path, err, errlen)) return NULL;
    entrant *e = calloc(1, sizeof *e);
    if (!e) return NULL;
    e->path = strdup(path);
    if (loader_sha256_file(path, e->sha256, err, errlen)) goto fail;
    seat *s = seat_open(cfg, path, err, errlen);
    if (!s) goto fail;
    e->name = take(s->info.name);
    e->version = take(s->info.version);
    e->author = take(s->info.author);
    e->games = take(s->info.games);
    seat_close(s);
    e->display = strdup(e->name);
    if (game && !bot_plays(e->games, game)) {
        snprintf(err, errlen, "%s: bot '%s' does not play %s (it plays: %s)", path, e->name, game,
                 e->games);
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
