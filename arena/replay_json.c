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
    j->lr = loader_open_rules(log->game, e1, sizeof e1);
    if (!j->lr && log->rules && log->rules->path && log->rules->path[0])
        j->lr = loader_open_rules(log->rules->path, e2, sizeof e2);
    if (!j->lr) {
        snprintf(err, errlen, "%s: %s%s%s", path, e1, e2[0] ? "; " : "", e2);
        return -1;
    }
    j->r = j->lr->rules;
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
    if (j->state) j->r->state_free(j->state);
    if (j->game) j->r->game_free(j->game);
    loader_close_rules(j->lr);
    free(j->buf);
}

static void write_text(json_run *j)
{
    size_t need = j->r->render(j->state, -1, NULL, 0);
    if (grow(j, need + 1)) {
        fputs("\"\"", j->out);
        return;
    }
    j->r->render(j->state, -1, j->buf, need + 1);
    jsonw_str(j->out, j->buf);
}

static void write_observation(json_run *j, int seat)
{
    size_t need = j->r->observation(j->state, seat, NULL, 0);
    if (grow(j, need + 1) || j->r->observation(j->state, seat, (uint8_t *)j->buf, need) != need) {
        fputs("null", j->out);
        return;
    }
    replay_obs_json(j->out, j->r->name, (const uint8_t *)j->buf, need);
}

/* One position: who is to move, the text board, the spectator's observation
 * and, in hidden-information games, each seat's own. */
static void write_position(json_run *j)
{
    FILE *out = j->out;
    fprintf(out, "{\"to_move\":%d,\"text\":", j->r->current_player(j->state));
    write_text(j);
    if (replay_obs_known(j->r->name)) {
        fputs(",\"observation\":", out);
        write_observation(j, -1);
        if (j->hidden) {
            fputs(",\"views\":[", out);
            for (int s = 0; s < j->np; s++) {
                if (s) fputc(',', out);
                write_observation(j, s);
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
    fprintf(out, "{\"format\":\"arena-replay\",\"version\":%d,\"log\":", REPLAY_JSON_VERSION);
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
        fputc('}', out);
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
    json_run j = {.out = out, .log = log};
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
