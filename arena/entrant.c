/* entrant.c -- bot identity asked through a seat, and unique labels. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "entrant.h"
#include "label.h"
#include "botrun.h"
#include "botspec.h"
#include "datadir.h"
#include "loader.h"
#include "outcome.h"
#include "text.h"
#include "xalloc.h"

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

/* The SHA-256 of an entrant's file: an entrant probed before it for the same
 * file lends its digest, so that the copies of a bot in a tournament read and
 * hash it once (0.9 M instructions a copy of the random bot, serial, before
 * any match). The copies then stay one bot even were the file replaced
 * between their probes; nothing compares the digest with the code loaded
 * later either way (--resume hashes the files again to compare them with the
 * store, tournament.c). */
static int entrant_hash(const char *path, entrant *const *probed, int n_probed, char out[65],
                        char *err, size_t errlen)
{
    for (int i = 0; i < n_probed; i++)
        if (strcmp(probed[i]->path, path) == 0) {
            memcpy(out, probed[i]->sha256, sizeof probed[i]->sha256);
            return 0;
        }
    return loader_sha256_file(path, out, err, errlen);
}

entrant *entrant_probe(const seat_config *cfg, const char *spec, const char *game,
                       entrant *const *probed, int n_probed, char *err, size_t errlen)
{
    char path[4096], name_or_path[4096], options[2048];
    if (botspec_split(spec, name_or_path, sizeof name_or_path, options, sizeof options, err,
                      errlen))
        return NULL;
    if (loader_resolve(LOADER_BOTS, name_or_path, path, sizeof path, err, errlen) &&
        (strchr(name_or_path, '/') ||
         entrant_find_declared(cfg, name_or_path, path, sizeof path, err, errlen)))
        return NULL;
    entrant *e = xcalloc(1, sizeof *e);
    if (!e) return NULL;
    e->path = xstrdup(path);
    e->bot_options = xstrdup(options);
    if (datadir_bot_file_ok(path, err, errlen) ||
        entrant_hash(path, probed, n_probed, e->sha256, err, errlen))
        goto fail;
    seat *s = seat_open(cfg, path, err, errlen);
    if (!s) goto fail;
    e->name = text_dup(s->info.name);
    e->version = text_dup(s->info.version);
    e->author = text_dup(s->info.author);
    e->games = text_dup(s->info.games);
    e->options_help = text_dup(s->info.options_help);
    seat_close(s);
    e->display = xstrdup(e->name); /* entrants_label sets the real one */
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
    int64_t think, cpu;
    int rc = seat_start(s, &g, &think, &cpu, err, errlen);
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

void entrant_identity(const entrant *e, char *buf, size_t cap)
{
    if (e->bot_options && e->bot_options[0])
        snprintf(buf, cap, "%s[%s]", e->name, e->bot_options);
    else
        snprintf(buf, cap, "%s", e->name);
}

void entrant_spec(const entrant *e, char *buf, size_t cap)
{
    if (e->bot_options && e->bot_options[0])
        snprintf(buf, cap, "%s:%s", e->path, e->bot_options);
    else
        snprintf(buf, cap, "%s", e->path);
}

void entrants_label(entrant **e, int n)
{
    label_id *ids = xcalloc((size_t)n, sizeof *ids);
    char **names = xcalloc((size_t)n, sizeof *names);
    for (int i = 0; i < n; i++) {
        /* the name with its options: two entrants that differ only in
         * options are two players (entrant_identity) */
        char base[2600];
        entrant_identity(e[i], base, sizeof base);
        names[i] = xstrdup(base);
        ids[i] = (label_id){names[i], e[i]->version, e[i]->sha256, 0};
        for (int j = 0; j < i; j++) /* copies of one bot: in entrant order */
            if (strcmp(ids[j].name, ids[i].name) == 0 &&
                strcmp(e[j]->version, e[i]->version) == 0 &&
                strcmp(e[j]->sha256, e[i]->sha256) == 0)
                ids[i].copy++;
    }
    for (int i = 0; i < n; i++) {
        char *l = label_make(ids, n, i);
        if (!l) continue;
        free(e[i]->display);
        e[i]->display = l;
    }
    for (int i = 0; i < n; i++)
        free(names[i]);
    free(names);
    free(ids);
}
