/* entrant.c -- bot identity asked through a seat, and unique labels. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "entrant.h"
#include "label.h"
#include "botrun.h"
#include "loader.h"
#include "outcome.h"

static char *take(const char *s)
{
    return strdup(s ? s : "");
}

/* The bot on the search path that declares `name` (arena bots shows declared
 * names, so they must work wherever a bot is named). Asks every bot, each in
 * its seat, so it is only the fallback after file names. 0 and its path when
 * exactly one file declares it; -1 otherwise, err saying why (keeps the
 * not-found message of loader_resolve when none does). */
static int entrant_find_declared(const seat_config *cfg, const char *name, char *path,
                                 size_t pathlen, char *err, size_t errlen)
{
    char **paths, first_sha[65] = "", sha[65], e2[512];
    size_t n;
    int found = 0;
    loader_list(LOADER_BOTS, &paths, &n);
    for (size_t i = 0; i < n && found >= 0; i++) {
        seat *s = seat_open(cfg, paths[i], e2, sizeof e2);
        if (!s) continue; /* a broken bot is nobody */
        int match = s->info.name && strcmp(s->info.name, name) == 0;
        seat_close(s);
        if (!match || loader_sha256_file(paths[i], sha, e2, sizeof e2)) continue;
        if (found && strcmp(sha, first_sha) != 0) {
            snprintf(err, errlen, "bot name '%s' is declared by %s and %s: give the file name",
                     name, path, paths[i]);
            found = -1;
        } else if (!found) {
            snprintf(path, pathlen, "%s", paths[i]);
            memcpy(first_sha, sha, sizeof sha);
            found = 1;
        }
    }
    loader_free_list(paths, n);
    return found == 1 ? 0 : -1;
}

entrant *entrant_probe(const seat_config *cfg, const char *name_or_path, const char *game,
                       char *err, size_t errlen)
{
    char path[4096];
    if (loader_resolve(LOADER_BOTS, name_or_path, path, sizeof path, err, errlen) &&
        (strchr(name_or_path, '/') ||
         entrant_find_declared(cfg, name_or_path, path, sizeof path, err, errlen)))
        return NULL;
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

void entrants_label(entrant **e, int n)
{
    label_id *ids = calloc((size_t)(n ? n : 1), sizeof *ids);
    if (!ids) return; /* the names stay as they are: still a table, less clear */
    for (int i = 0; i < n; i++) {
        ids[i] = (label_id){e[i]->name, e[i]->version, e[i]->sha256, 0};
        for (int j = 0; j < i; j++) /* copies of one bot: in entrant order */
            if (strcmp(e[j]->name, e[i]->name) == 0 && strcmp(e[j]->version, e[i]->version) == 0 &&
                strcmp(e[j]->sha256, e[i]->sha256) == 0)
                ids[i].copy++;
    }
    for (int i = 0; i < n; i++) {
        char *l = label_make(ids, n, i);
        if (!l) continue;
        free(e[i]->display);
        e[i]->display = l;
    }
    free(ids);
}
