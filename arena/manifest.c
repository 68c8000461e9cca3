/* manifest.c -- tournament.txt, written at the start and read by rebuild. */
#include <errno.h>
#include <math.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena/module_kit.h"
#include "manifest.h"
#include "matchlog.h"
#include "shard.h"
#include "text.h"
#include "xalloc.h"

int format_is(const char *format, const char *name)
{
    return format && strcmp(format, name) == 0;
}

/* Whether a value fits one line (a newline would start a line of its own). */
static int one_line(const char *value)
{
    return !value || (!strchr(value, '\n') && !strchr(value, '\r'));
}

/* One "key value" line. */
static int put(FILE *f, const char *key, const char *value)
{
    if (!one_line(value)) return -1;
    fprintf(f, "%s %s\n", key, value ? value : "");
    return 0;
}

int manifest_entrants_fit(entrant *const *e, int n, char *err, size_t errlen)
{
    for (int i = 0; i < n; i++) { /* name, version and author are cleaned already (text.h) */
        char shown[512];          /* the path on one line: '?' for the break */
        text_clean(text_copy(shown, sizeof shown, e[i]->path), sizeof shown - 1);
        if (!one_line(e[i]->path))
            return arena_errf(err, errlen,
                              "%s: a bot's path with a line break, which the tournament's plan "
                              "(" MANIFEST_FILE ") cannot hold: rename the file",
                              shown),
                   -1;
        if (!one_line(e[i]->bot_options))
            return arena_errf(err, errlen, "%s: its options hold a line break", shown), -1;
    }
    return 0;
}

static int manifest_put(const char *dir, const manifest *m, int sync, char *err, size_t errlen)
{
    char *text = NULL, num[64];
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f) return arena_errf(err, errlen, "%s/" MANIFEST_FILE ": %s", dir, strerror(errno));
    int bad = 0;
    fprintf(f, "# arena tournament: its plan, for `arena rebuild` (the match logs hold the rest)\n"
               "format 1\n");
    bad |= put(f, "game", m->game);
    bad |= put(f, "options", m->options);
    snprintf(num, sizeof num, "%" PRIu64, m->seed);
    bad |= put(f, "seed", num);
    fprintf(f, "rounds %d\nplanned %d\nplayers %d\n", m->rounds, m->planned, m->players);
    bad |= put(f, "tc", m->tc);
    bad |= put(f, "seat_orders", m->all_seat_orders ? "all" : "rotations");
    if (m->format) bad |= put(f, "schedule", m->format);
    if (m->shards) fprintf(f, "shard %d/%d\n", m->shard, m->shards);
    if (format_is(m->format, FORMAT_SPRT))
        fprintf(f,
                "sprt_model %s\nsprt_elo0 %.17g\nsprt_elo1 %.17g\nsprt_alpha %.17g\n"
                "sprt_beta %.17g\nsprt_max_games %" PRId64 "\n",
                m->sprt.model == SPRT_NORMALIZED ? "normalized" : "logistic", m->sprt.elo0,
                m->sprt.elo1, m->sprt.alpha, m->sprt.beta, m->sprt_max_games);
    for (int i = 0; i < m->n; i++) {
        const entrant *e = &m->entrants[i];
        fprintf(f, "entrant %d\n", i);
        bad |= put(f, "path", e->path);
        bad |= put(f, "bot_options", e->bot_options);
        bad |= put(f, "sha256", e->sha256);
        bad |= put(f, "name", e->name);
        bad |= put(f, "version", e->version);
        bad |= put(f, "author", e->author);
    }
    fclose(f);
    int rc;
    char path[4200];
    snprintf(path, sizeof path, "%s/" MANIFEST_FILE, dir);
    if (bad)
        rc = arena_errf(err, errlen, "%s: a name or path holds a newline", path);
    else if (sync)
        rc = matchlog_write_bytes(path, (const uint8_t *)text, len, err, errlen);
    else
        rc = matchlog_write_bytes_unsynced(path, (const uint8_t *)text, len, err, errlen);
    free(text);
    return rc;
}

int manifest_write(const char *dir, const manifest *m, char *err, size_t errlen)
{
    return manifest_put(dir, m, 1, err, errlen);
}

int manifest_write_unsynced(const char *dir, const manifest *m, char *err, size_t errlen)
{
    return manifest_put(dir, m, 0, err, errlen);
}

void manifest_free(manifest *m)
{
    free(m->game);
    free(m->options);
    free(m->tc);
    for (int i = 0; i < m->n; i++) {
        entrant *e = &m->entrants[i];
        free(e->path);
        free(e->bot_options);
        free(e->name);
        free(e->version);
        free(e->author);
        free(e->display);
    }
    free(m->entrants);
    free(m->format);
    memset(m, 0, sizeof *m);
}

static int read_int(const char *v, long long min, long long max, long long *out)
{
    char *end;
    errno = 0;
    long long x = strtoll(v, &end, 10);
    if (!*v || *end || errno || x < min || x > max) return -1;
    *out = x;
    return 0;
}

static int read_double(const char *v, double *out)
{
    char *end;
    errno = 0;
    double x = strtod(v, &end);
    if (!*v || *end || errno || !isfinite(x)) return -1;
    *out = x;
    return 0;
}

/* How the matches were scheduled (manifest.h); -1 when a value is bad, 1
 * when the key is none of these. */
static int take_schedule(manifest *m, const char *key, const char *v)
{
    long long x;
    if (strcmp(key, "schedule") == 0) {
        if (!format_is(v, FORMAT_GAUNTLET) && !format_is(v, FORMAT_SPRT)) return -1;
        free(m->format);
        m->format = xstrdup(v);
        return 0;
    }
    if (strcmp(key, "shard") == 0) {
        shard_spec sh;
        char e[128];
        if (shard_parse(v, &sh, e, sizeof e)) return -1;
        m->shard = sh.index, m->shards = sh.count;
        return 0;
    }
    if (strcmp(key, "sprt_model") == 0) {
        if (strcmp(v, "logistic") && strcmp(v, "normalized")) return -1;
        m->sprt.model = strcmp(v, "normalized") == 0 ? SPRT_NORMALIZED : SPRT_LOGISTIC;
        return 0;
    }
    if (strcmp(key, "sprt_max_games") == 0) {
        if (read_int(v, 0, INT64_MAX, &x)) return -1;
        m->sprt_max_games = x;
        return 0;
    }
    double *d = !strcmp(key, "sprt_elo0")    ? &m->sprt.elo0
                : !strcmp(key, "sprt_elo1")  ? &m->sprt.elo1
                : !strcmp(key, "sprt_alpha") ? &m->sprt.alpha
                : !strcmp(key, "sprt_beta")  ? &m->sprt.beta
                                             : NULL;
    return d ? read_double(v, d) : 1;
}

/* One line into m; -1 when its value is bad. */
static int take(manifest *m, const char *key, const char *v)
{
    long long x;
    entrant *e = m->n ? &m->entrants[m->n - 1] : NULL;
    char **field = NULL;
    if (strcmp(key, "entrant") == 0) {
        if (read_int(v, m->n, m->n, &x)) return -1; /* positions in order */
        m->entrants = xrealloc(m->entrants, (size_t)(m->n + 1) * sizeof *m->entrants);
        memset(&m->entrants[m->n++], 0, sizeof *m->entrants);
        return 0;
    }
    if (strcmp(key, "format") == 0) return read_int(v, 1, 1, &x);
    int rc = take_schedule(m, key, v);
    if (rc <= 0) return rc;
    if (strcmp(key, "seed") == 0) {
        char *end;
        errno = 0;
        m->seed = strtoull(v, &end, 10);
        return !*v || *end || errno || *v == '-' ? -1 : 0;
    }
    if (strcmp(key, "rounds") == 0 || strcmp(key, "planned") == 0 || strcmp(key, "players") == 0) {
        if (read_int(v, 0, 100000000, &x)) return -1;
        int *dst = key[0] == 'r'                 ? &m->rounds
                   : strcmp(key, "planned") == 0 ? &m->planned
                                                 : &m->players;
        *dst = (int)x;
        return 0;
    }
    if (strcmp(key, "seat_orders") == 0) {
        if (strcmp(v, "all") && strcmp(v, "rotations")) return -1;
        m->all_seat_orders = strcmp(v, "all") == 0;
        return 0;
    }
    if (!e) {
        field = !strcmp(key, "game")      ? &m->game
                : !strcmp(key, "options") ? &m->options
                : !strcmp(key, "tc")      ? &m->tc
                                          : NULL;
    } else if (strcmp(key, "sha256") == 0) {
        if (strlen(v) != 64) return -1;
        memcpy(e->sha256, v, 65);
        return 0;
    } else {
        field = !strcmp(key, "path")          ? &e->path
                : !strcmp(key, "bot_options") ? &e->bot_options
                : !strcmp(key, "name")        ? &e->name
                : !strcmp(key, "version")     ? &e->version
                : !strcmp(key, "author")      ? &e->author
                                              : NULL;
    }
    if (field) {
        free(*field);
        *field = xstrdup(v);
    }
    return 0; /* unknown keys: from a later arena */
}

static int complete(const manifest *m)
{
    if (!m->game || !m->options || !m->tc || m->players < 1 || m->n < 2) return 0;
    for (int i = 0; i < m->n; i++)
        if (!m->entrants[i].path || !m->entrants[i].name || !m->entrants[i].sha256[0]) return 0;
    char e[256];
    if (format_is(m->format, FORMAT_SPRT) && sprt_params_check(&m->sprt, e, sizeof e)) return 0;
    return 1;
}

int manifest_read(const char *dir, manifest *m, char *err, size_t errlen)
{
    char path[4200];
    memset(m, 0, sizeof *m);
    snprintf(path, sizeof path, "%s/" MANIFEST_FILE, dir);
    FILE *f = fopen(path, "r");
    if (!f && errno == ENOENT) return 1;
    if (!f) return arena_errf(err, errlen, "%s: %s", path, strerror(errno));
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    int lineno = 0, rc = 0;
    while (rc == 0 && (n = getline(&line, &cap, f)) >= 0) {
        lineno++;
        while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
            line[--n] = '\0';
        if (!line[0] || line[0] == '#') continue;
        char *sp = strchr(line, ' ');
        const char *value = sp ? sp + 1 : "";
        if (sp) *sp = '\0';
        if (take(m, line, value))
            rc = arena_errf(err, errlen, "%s:%d: bad value for %s", path, lineno, line);
    }
    free(line);
    fclose(f);
    if (rc == 0 && !complete(m))
        rc = arena_errf(
            err, errlen,
            "%s: incomplete (no game, options, tc, players, entrants or SPRT hypotheses)", path);
    if (rc) manifest_free(m);
    return rc;
}
