/* e2e_util.c -- helpers of the end-to-end tests. */
#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <check.h>

#include "e2e_util.h"
#include "support.h"

int e2e_run(char **out, const char *fmt, ...)
{
    char cmd[8192];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cmd, sizeof cmd - 8, fmt, ap);
    va_end(ap);
    strcat(cmd, " 2>&1");
    FILE *p = popen(cmd, "r");
    if (!p) return -1;
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap);
    size_t got;
    while ((got = fread(buf + len, 1, cap - len - 1, p)) > 0) {
        len += got;
        if (cap - len < 1024) buf = realloc(buf, cap *= 2);
    }
    buf[len] = '\0';
    int st = pclose(p);
    if (out)
        *out = buf;
    else
        free(buf);
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

int e2e_signal(char **out, const char *dir, const char *ready, const char *cmd, const char *sig)
{
    return e2e_run(out,
                   "%s > %s/log 2>&1 & p=$!; i=0; while ! { %s; } && [ $i -lt 3000 ]; do "
                   "sleep 0.1; i=$((i+1)); done; kill -%s $p; wait $p; r=$?; cat %s/log; exit $r",
                   cmd, dir, ready, sig, dir);
}

int e2e_interrupt(char **out, const char *dir, const char *ready, const char *cmd)
{
    return e2e_signal(out, dir, ready, cmd, "INT");
}

void e2e_tmpdir(char *out, size_t len)
{
    support_tmpdir(out, len);
}

void e2e_rmrf(const char *dir)
{
    support_rmrf(dir);
}

int e2e_tournament_dir(const char *results_dir, char *out, size_t len)
{
    DIR *d = opendir(results_dir);
    if (!d) return -1;
    struct dirent *e;
    int found = -1;
    while ((e = readdir(d))) {
        char p[2048];
        struct stat st;
        snprintf(p, sizeof p, "%s/%s", results_dir, e->d_name);
        if (e->d_name[0] != '.' && stat(p, &st) == 0 && S_ISDIR(st.st_mode) &&
            strcmp(e->d_name, "matches") != 0) {
            snprintf(out, len, "%s", p);
            found = 0;
        }
    }
    closedir(d);
    return found;
}

/* Index of a column in the CSV header line, or -1. */
static int column(const char *header, const char *name)
{
    char h[1024];
    snprintf(h, sizeof h, "%s", header);
    h[strcspn(h, "\r\n")] = '\0';
    int i = 0;
    for (char *save, *t = strtok_r(h, ",", &save); t; t = strtok_r(NULL, ",", &save), i++)
        if (strcmp(t, name) == 0) return i;
    return -1;
}

/* Field idx of a CSV line, unquoted ("a,b" is one field, "" a quote). */
static const char *field(const char *line, int idx, char *buf, size_t len)
{
    const char *p = line;
    for (int i = 0;; i++) {
        size_t n = 0;
        int quoted = *p == '"';
        if (quoted) p++;
        while (*p && (quoted || (*p != ',' && *p != '\r' && *p != '\n'))) {
            if (quoted && *p == '"') {
                if (p[1] != '"') {
                    quoted = 0;
                    p++;
                    continue;
                }
                p++;
            }
            if (i == idx && n + 1 < len) buf[n++] = *p;
            p++;
        }
        if (i == idx) {
            buf[n] = '\0';
            return buf;
        }
        if (*p != ',') return "";
        p++;
    }
}

int e2e_rating_in_csv(const char *csv, const char *name, e2e_rating *out)
{
    /* the header is the first line naming both columns (stderr may come first) */
    const char *header = csv;
    while (header && *header && (column(header, "name") < 0 || column(header, "games") < 0)) {
        header = strchr(header, '\n');
        if (header) header++;
    }
    if (!header || !*header) return -1;
    int cn = column(header, "name"), ce = column(header, "elo"), cc = column(header, "ci95"),
        cg = column(header, "games"), cw = column(header, "wins"), cd = column(header, "draws"),
        cl = column(header, "losses");
    char b[256];
    int found = 0;
    for (const char *line = strchr(header, '\n'); line && line[1]; line = strchr(line, '\n')) {
        line++;
        if (strcmp(field(line, cn, b, sizeof b), name) != 0) continue;
        out->elo = atof(field(line, ce, b, sizeof b));
        out->ci95 = atof(field(line, cc, b, sizeof b));
        out->games = atoi(field(line, cg, b, sizeof b));
        out->wins = atoi(field(line, cw, b, sizeof b));
        out->draws = atoi(field(line, cd, b, sizeof b));
        out->losses = atoi(field(line, cl, b, sizeof b));
        found++;
    }
    return found == 1 ? 0 : -1;
}

int e2e_rating_of(const char *tdir, const char *name, e2e_rating *out)
{
    char path[2100];
    snprintf(path, sizeof path, "%s/ratings.csv", tdir);
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    char *text = malloc(1 << 20);
    size_t n = text ? fread(text, 1, (1 << 20) - 1, f) : 0;
    fclose(f);
    if (!text) return -1;
    text[n] = '\0';
    int rc = e2e_rating_in_csv(text, name, out);
    free(text);
    return rc;
}

int e2e_kill_after(int lines, const char *prefix, const char *cmd)
{
    int fd[2];
    if (pipe(fd)) return -1;
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fd[1], 1);
        dup2(fd[1], 2);
        close(fd[0]);
        close(fd[1]);
        char full[8192];
        snprintf(full, sizeof full, "exec %s", cmd);
        execl("/bin/sh", "sh", "-c", full, (char *)NULL);
        _exit(127);
    }
    close(fd[1]);
    FILE *in = fdopen(fd[0], "r");
    char line[4096];
    int seen = 0;
    while (seen < lines && fgets(line, sizeof line, in))
        if (strncmp(line, prefix, strlen(prefix)) == 0) seen++;
    kill(pid, SIGKILL);
    waitpid(pid, NULL, 0);
    fclose(in);
    return seen;
}

void e2e_read_logs(const char *tdir, e2e_logs *out)
{
    char mdir[2100];
    snprintf(mdir, sizeof mdir, "%s/matches", tdir);
    DIR *d = opendir(mdir);
    ck_assert_msg(d != NULL, "no matches directory in %s", tdir);
    struct dirent *e;
    out->n = 0;
    while ((e = readdir(d))) {
        size_t len = strlen(e->d_name);
        /* logs only: a killed arena may leave a segment's .pb.tmp behind */
        if (len < 3 || strcmp(e->d_name + len - 3, ".pb") != 0) continue;
        char p[2400], err[512];
        snprintf(p, sizeof p, "%s/%s", mdir, e->d_name);
        Arena__MatchLog **all;
        size_t n;
        ck_assert_msg(matchlog_read_all(p, &all, &n, err, sizeof err) == 0, "%s", err);
        for (size_t i = 0; i < n; i++) {
            ck_assert_int_lt(out->n, 512);
            out->log[out->n++] = all[i];
        }
        free(all);
    }
    closedir(d);
}

void e2e_free_logs(e2e_logs *l)
{
    for (int i = 0; i < l->n; i++)
        arena__match_log__free_unpacked(l->log[i], NULL);
    l->n = 0;
}

int e2e_seat_of(const Arena__MatchLog *log, const char *bot)
{
    for (size_t i = 0; i < log->n_bots; i++)
        if (strcmp(log->bots[i]->name, bot) == 0) return (int)i;
    return -1;
}

int e2e_line_starting(const char *text, const char *prefix, char *out, size_t len)
{
    for (const char *l = text; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
        if (strncmp(l, prefix, strlen(prefix)) == 0) {
            snprintf(out, len, "%.*s", (int)strcspn(l, "\n"), l);
            return 0;
        }
    }
    return -1;
}
