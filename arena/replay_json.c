/* replay_json.c -- the JSON export of a match log (docs/replay-json.md). The
 * positions come from the rule module itself (render and observation through
 * the rules ABI), so a viewer draws exactly what the rules say, never a
 * re-implementation of them. */
#include "replay_json.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "jsonw.h"
#include "loader.h"
#include "matchlog.h"
#include "outcome.h"
#include "perft.h"
#include "replay_obs.h"

typedef struct json_run {
    FILE *out;
    const Arena__MatchLog *log;
    loaded_rules *lr;
    const arena_rules *r;
    arena_game *game;
    arena_state *state;
    int np, hidden;
    char *buf; /* render and observation bytes, grown as needed */
    size_t cap;
    /* compact: each position written as its changes from the one before */
    int compact;
    const arena_rules *given; /* a module the caller opened, or NULL */
    char *prev_text;
    char **prev_fields[1 + ARENA_MAX_PLAYERS]; /* spectator, then each seat */
    size_t prev_n[1 + ARENA_MAX_PLAYERS];
} json_run;

static int grow(json_run *j, size_t need)
{
    if (need <= j->cap) return 0;
    char *b = realloc(j->buf, need);
    if (!b) return -1;
    j->buf = b;
    j->cap = need;
    return 0;
}

static int open_rules(json_run *j, const char *path, char *err, size_t errlen)
{
    const Arena__MatchLog *log = j->log;
    char e1[512] = "", e2[512] = "";
    if (!log->game || !log->game[0]) {
        snprintf(err, errlen, "%s: the log names no game", path);
        return -1;
    }
    if (j->given) { /* the caller's module: the same game, opened once for many logs */
        j->r = j->given;
        if (strcmp(j->r->name, log->game) != 0) {
            snprintf(err, errlen, "%s: a %s log, not %s", path, log->game, j->r->name);
            return -1;
        }
    }
    if (!j->r) j->lr = loader_open_rules(log->game, e1, sizeof e1);
    if (!j->r && !j->lr && log->rules && log->rules->path && log->rules->path[0])
        j->lr = loader_open_rules(log->rules->path, e2, sizeof e2);
    if (!j->r && !j->lr) {
        snprintf(err, errlen, "%s: %s%s%s", path, e1, e2[0] ? "; " : "", e2);
        return -1;
    }
    if (!j->r) j->r = j->lr->rules;
    const char *opts = log->options ? log->options : "";
    j->game = j->r->game_new(opts, e1, sizeof e1);
    if (!j->game) {
        snprintf(err, errlen, "%s: options '%s' refused: %s", path, opts, e1);
        return -1;
    }
    j->np = j->r->num_players(j->game);
    j->hidden = (j->r->flags & ARENA_GAME_HIDDEN) != 0;
    j->state = j->r->state_new(j->game);
    if (!j->state) snprintf(err, errlen, "%s: the rule module made no start position", path);
    return j->state ? 0 : -1;
}

static void close_run(json_run *j)
{
    free(j->prev_text);
    for (int v = 0; v <= ARENA_MAX_PLAYERS; v++)
        replay_obs_fields_free(j->prev_fields[v], j->prev_n[v]);
    if (j->state) j->r->state_free(j->state);
    if (j->game) j->r->game_free(j->game);
    if (j->lr) loader_close_rules(j->lr);
    free(j->buf);
}

/* The lines of a text (split at '\n'; a final '\n' gives an empty last line). */
static size_t split_lines(const char *t, const char **starts, size_t max)
{
    size_t n = 0;
    for (const char *p = t;; p++) {
        if (n < max) starts[n] = p;
        n++;
        p = strchr(p, '\n');
        if (!p) break;
    }
    return n;
}

static size_t line_len(const char *s)
{
    return strcspn(s, "\n");
}

/* "text_diff":{"lines":N,"set":[[i,"line"],...]}: the lines that differ. */
static void write_text_diff(FILE *out, const char *prev, const char *cur)
{
    enum { MAXL = 512 };
    const char *a[MAXL], *b[MAXL];
    size_t na = split_lines(prev, a, MAXL), nb = split_lines(cur, b, MAXL);
    if (na > MAXL || nb > MAXL) {
        fputs("\"text\":", out);
        jsonw_str(out, cur);
        return;
    }
    fprintf(out, "\"text_diff\":{\"lines\":%zu,\"set\":[", nb);
    int first = 1;
    for (size_t i = 0; i < nb; i++) {
        size_t lb = line_len(b[i]);
        if (i < na && line_len(a[i]) == lb && !memcmp(a[i], b[i], lb)) continue;
        fprintf(out, "%s[%zu,", first ? "" : ",", i);
        jsonw_strn(out, b[i], lb);
        fputc(']', out);
        first = 0;
    }
    fputs("]}", out);
}

static void write_text(json_run *j)
{
    /* into the buffer as it is, again only when it was too small */
    size_t need = j->r->render(j->state, -1, j->buf, j->cap);
    if (need + 1 > j->cap) {
        if (grow(j, need + 1)) {
            fputs("\"text\":\"\"", j->out);
            return;
        }
        j->r->render(j->state, -1, j->buf, need + 1);
    }
    if (j->compact && j->prev_text) {
        write_text_diff(j->out, j->prev_text, j->buf);
    } else {
        fputs("\"text\":", j->out);
        jsonw_str(j->out, j->buf);
    }
    if (j->compact) {
        free(j->prev_text);
        j->prev_text = strdup(j->buf);
    }
}

/* View v (0 the spectator, 1 + s seat s) of the position as its fields:
 * all of them, or in compact mode those that changed since the last
 * position. Writes null when the observation does not decode. */
static void write_observation(json_run *j, int v)
{
    int seat = v - 1;
    size_t need = j->r->observation(j->state, seat, (uint8_t *)j->buf, j->cap);
    char **f = NULL;
    size_t n = 0;
    if (need > j->cap &&
        (grow(j, need) || j->r->observation(j->state, seat, (uint8_t *)j->buf, need) != need))
        need = 0, f = NULL; /* out of memory: written as null below */
    if (!need || replay_obs_fields(j->r->name, (const uint8_t *)j->buf, need, j->compact, &f, &n)) {
        fputs("null", j->out);
        return;
    }
    int diff = j->compact && j->prev_fields[v] && j->prev_n[v] == n;
    fputc('{', j->out);
    int first = 1;
    for (size_t i = 0; i < n; i++) {
        if (diff && !strcmp(f[i], j->prev_fields[v][i])) continue;
        fprintf(j->out, "%s%s", first ? "" : ",", f[i]);
        first = 0;
    }
    fputc('}', j->out);
    replay_obs_fields_free(j->prev_fields[v], j->prev_n[v]);
    j->prev_fields[v] = NULL;
    j->prev_n[v] = 0;
    if (j->compact) {
        j->prev_fields[v] = f;
        j->prev_n[v] = n;
    } else {
        replay_obs_fields_free(f, n);
    }
}

/* One position: who is to move, the text board, the spectator's observation
 * and, in hidden-information games, each seat's own. In compact mode every
 * position after the first names only what changed (docs/replay-json.md). */
static void write_position(json_run *j)
{
    FILE *out = j->out;
    int diff = j->compact && j->prev_text;
    fprintf(out, "{\"to_move\":%d,", j->r->current_player(j->state));
    write_text(j);
    if (replay_obs_known(j->r->name)) {
        fputs(diff ? ",\"observation_diff\":" : ",\"observation\":", out);
        write_observation(j, 0);
        if (j->hidden) {
            fputs(diff ? ",\"views_diff\":[" : ",\"views\":[", out);
            for (int s = 0; s < j->np; s++) {
                if (s) fputc(',', out);
                write_observation(j, s + 1);
            }
            fputc(']', out);
        }
    }
    fputc('}', out);
}

static int is_listed(json_run *j, int32_t a)
{
    int32_t *acts;
    int n = perft_actions(j->r, j->state, &acts), found = 0;
    for (int i = 0; i < n && !found; i++)
        found = acts[i] == a;
    free(acts);
    return found;
}

static void write_action(json_run *j, const Arena__LoggedAction *la, int applied)
{
    char name[128] = "";
    if (la->action >= 0 && la->action < j->r->num_actions(j->game))
        j->r->action_name(j->state, la->action, name, sizeof name);
    else
        snprintf(name, sizeof name, "#%d", (int)la->action);
    fprintf(j->out, "{\"seat\":%d,\"action\":%d,\"name\":", (int)la->seat, (int)la->action);
    jsonw_str(j->out, name);
    fprintf(j->out, ",\"think_us\":%" PRId64 ",\"cpu_us\":%" PRId64 ",\"applied\":%s}",
            la->think_us, la->cpu_us, applied ? "true" : "false");
}

static void write_head(json_run *j, const char *path)
{
    const Arena__MatchLog *log = j->log;
    FILE *out = j->out;
    fprintf(out, "{\"format\":\"arena-replay\",\"version\":%d,\"compact\":%s,\"log\":",
            REPLAY_JSON_VERSION, j->compact ? "true" : "false");
    jsonw_str(out, path);
    fputs(",\"game\":", out);
    jsonw_str(out, j->r->name);
    fputs(",\"options\":", out);
    jsonw_str(out, j->r->game_options(j->game));
    fputs(",\"rules_version\":", out);
    jsonw_str(out, log->rules ? log->rules->version : "");
    fprintf(out, ",\"hidden\":%s,\"players\":[", j->hidden ? "true" : "false");
    for (int s = 0; s < j->np; s++) {
        const Arena__Identity *id = (size_t)s < log->n_bots ? log->bots[s] : NULL;
        fprintf(out, "%s{\"seat\":%d,\"name\":", s ? "," : "", s);
        jsonw_str(out, id ? id->name : "");
        fputs(",\"version\":", out);
        jsonw_str(out, id ? id->version : "");
        fputs(",\"bot_options\":", out);
        jsonw_str(out, id ? id->bot_options : "");
        fprintf(out,
                ",\"start_think_us\":%" PRId64 ",\"start_cpu_us\":%" PRId64 ",\"stand_in_ply\":%d}",
                (size_t)s < log->n_start_think_us ? log->start_think_us[s] : 0,
                (size_t)s < log->n_start_cpu_us ? log->start_cpu_us[s] : 0,
                matchlog_stand_in_ply(log, s));
    }
    fprintf(out, "],\"match_seed\":\"%" PRIu64 "\",\"tournament\":", log->match_seed);
    jsonw_str(out, log->tournament);
    fprintf(out, ",\"match_index\":%u,\"started_unix_ms\":%" PRId64 ",\"duration_us\":%" PRId64,
            log->match_index, log->started_unix_ms, log->duration_us);
    const Arena__TimeControl *tc = log->tc;
    fprintf(out,
            ",\"tc\":{\"base_us\":%" PRId64 ",\"increment_us\":%" PRId64
            ",\"move_time_us\":%" PRId64 "}",
            tc ? (int64_t)tc->base_us : 0, tc ? (int64_t)tc->increment_us : 0,
            tc ? (int64_t)tc->move_time_us : 0);
}

static void write_result(json_run *j, int reproduced, const char *why)
{
    const Arena__MatchLog *log = j->log;
    FILE *out = j->out;
    fputs(",\"result\":{\"returns\":[", out);
    for (size_t s = 0; s < log->n_returns; s++) {
        if (s) fputc(',', out);
        jsonw_num(out, 6, log->returns[s]);
    }
    fputs("],\"end\":", out);
    jsonw_str(out, outcome_name((int)log->end));
    fputs(",\"end_detail\":", out);
    jsonw_str(out, log->end_detail);
    fprintf(out, ",\"culprit\":%d,\"rules_end\":", (int)log->culprit);
    if (j->r->current_player(j->state) == ARENA_TERMINAL)
        jsonw_str(out, j->r->end_reason(j->state));
    else
        fputs("null", out);
    fprintf(out, ",\"reproduced\":%s", reproduced ? "true" : "false");
    if (why) {
        fputs(",\"error\":", out);
        jsonw_str(out, why);
    }
    fputs("}}\n", out);
}

int replay_json_write(FILE *out, const Arena__MatchLog *log, const char *log_path, char *err,
                      size_t errlen)
{
    return replay_json_write_as(out, log, log_path, 0, NULL, err, errlen);
}

int replay_json_write_as(FILE *out, const Arena__MatchLog *log, const char *log_path, int compact,
                         const arena_rules *rules, char *err, size_t errlen)
{
    json_run j = {.out = out, .log = log, .compact = compact, .given = rules};
    const char *path = log_path ? log_path : "log";
    if (open_rules(&j, path, err, errlen)) {
        close_run(&j);
        return 2;
    }
    write_head(&j, path);
    /* Positions are gathered after the actions: each action is named in the
     * position it is played in, so both lists are built in one pass into
     * memory streams and written in order. */
    char *acts = NULL, *pos = NULL;
    size_t acts_len = 0, pos_len = 0;
    FILE *fa = open_memstream(&acts, &acts_len), *fp = open_memstream(&pos, &pos_len);
    int rc = 0;
    char why[200] = "";
    if (!fa || !fp) {
        snprintf(err, errlen, "%s: out of memory", path);
        rc = 2;
    }
    if (rc == 0) {
        j.out = fp;
        write_position(&j);
        for (size_t i = 0; i < log->n_actions && rc == 0; i++) {
            const Arena__LoggedAction *la = log->actions[i];
            int cp = j.r->current_player(j.state);
            int ok = cp != ARENA_TERMINAL && la->seat == cp && is_listed(&j, la->action);
            j.out = fa;
            if (i) fputc(',', fa);
            write_action(&j, la, ok);
            if (!ok || j.r->apply(j.state, la->action) != 0) {
                int illegal_end = log->end == ARENA__END_REASON__END_ILLEGAL &&
                                  i + 1 == log->n_actions && la->seat == log->culprit;
                if (!illegal_end) {
                    snprintf(why, sizeof why, "action %zu cannot be played here", i + 1);
                    rc = 1;
                }
                break;
            }
            j.out = fp;
            fputc(',', fp);
            write_position(&j);
        }
    }
    if (fa) fclose(fa);
    if (fp) fclose(fp);
    j.out = out;
    if (rc != 2) {
        fprintf(out, ",\"actions\":[%s],\"positions\":[%s]", acts ? acts : "", pos ? pos : "");
        write_result(&j, rc == 0, rc ? why : NULL);
        if (rc) snprintf(err, errlen, "%s: %s", path, why);
    }
    free(acts);
    free(pos);
    close_run(&j);
    return rc;
}
