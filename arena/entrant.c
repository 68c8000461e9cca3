/* entrant.c -- bot identity asked through a seat, and unique labels. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "entrant.h"
#include "botrun.h"
#include "botspec.h"
#include "loader.h"
#include "outcome.h"

static char *take(const char *s)
{
    return strdup(s ? s : "");
}

entrant *entrant_probe(const seat_config *cfg, const char *spec, const char *game, char *err,
                       size_t errlen)
{
    char path[4096], name_or_path[4096], options[2048];
    if (botspec_split(spec, name_or_path, sizeof name_or_path, options, sizeof options, err,
                      errlen))
        return NULL;
    if (loader_resolve(LOADER_BOTS, name_or_path, path, sizeof path, err, errlen)) return NULL;
    entrant *e = calloc(1, sizeof *e);
    if (!e) return NULL;
    e->path = strdup(path);
    e->bot_options = strdup(options);
    if (loader_sha256_file(path, e->sha256, err, errlen)) goto fail;
    seat *s = seat_open(cfg, path, err, errlen);
    if (!s) goto fail;
    e->name = take(s->info.name);
    e->version = take(s->info.version);
    e->author = take(s->info.author);
    e->games = take(s->info.games);
    e->options_help = take(s->info.options_help);
    seat_close(s);
    e->display = strdup(e->name); /* entrants_label sets the real one */
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

int entrant_check_options(const seat_config *cfg, const entrant *e, const seat_game *probe,
                          char *err, size_t errlen)
{
    if (!e->bot_options || !e->bot_options[0]) return 0;
    seat *s = seat_open(cfg, e->path, err, errlen);
    if (!s) return -1;
    seat_game g = *probe;
    g.bot_options = e->bot_options;
    int rc = seat_start(s, &g, err, errlen);
    seat_close(s);
    return rc == OUTCOME_NORMAL ? 0 : -1;
}

void entrant_free(entrant *e)
{
    if (!e) return;
    free(e->bot_options);
    free(e->options_help);
    free(e->path);
    free(e->name);
    free(e->version);
    free(e->author);
    free(e->games);
    free(e->display);
    free(e);
}

/* Same name and same options: the same player but for version or build. */
static int same_player(const entrant *a, const entrant *b)
{
    return strcmp(a->name, b->name) == 0 &&
           strcmp(a->bot_options ? a->bot_options : "", b->bot_options ? b->bot_options : "") == 0;
}

static int count_equal(entrant **e, int n, int upto, int by_version)
{
    int c = 0;
    for (int j = 0; j < n; j++) {
        if (j == upto) continue;
        if (!same_player(e[j], e[upto])) continue;
        if (by_version && strcmp(e[j]->version, e[upto]->version) != 0) continue;
        c++;
    }
    return c;
}

void entrant_identity(const entrant *e, char *buf, size_t cap)
{
    if (e->bot_options && e->bot_options[0])
        snprintf(buf, cap, "%s[%s]", e->name, e->bot_options);
    else
        snprintf(buf, cap, "%s", e->name);
}

void entrants_label(entrant **e, int n)
{
    for (int i = 0; i < n; i++) {
        char buf[2600], base[2600];
        entrant_identity(e[i], base, sizeof base);
        if (count_equal(e, n, i, 0) == 0)
            snprintf(buf, sizeof buf, "%s", base);
        else if (count_equal(e, n, i, 1) == 0)
            snprintf(buf, sizeof buf, "%s@%s", base, e[i]->version);
        else {
            int k = 1; /* position among the entrants with this name, options and version */
            for (int j = 0; j < i; j++)
                if (same_player(e[j], e[i]) && strcmp(e[j]->version, e[i]->version) == 0) k++;
            snprintf(buf, sizeof buf, "%s#%d", base, k);
        }
        free(e[i]->display);
        e[i]->display = strdup(buf);
    }
}
