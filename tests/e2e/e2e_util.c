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

#include "e2e_util.h"

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
    if (out) *out = buf;
    else free(buf);
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

void e2e_tmpdir(char *out, size_t len)
{
    snprintf(out, len, "/tmp/arena-e2e-XXXXXX");
    if (!mkdtemp(out)) abort();
}

void e2e_rmrf(const char *dir)
{
    if (strncmp(dir, "/tmp/arena-e2e-", 15) != 0) return; /* never anything else */
    e2e_run(NULL, "rm -rf '%s'", dir);
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

static const char *field(const char *line, int idx, char *buf, size_t len)
{
    const char *p = line;
    for (int i = 0; i < idx && p; i++) {
        p = strchr(p, ',');
        if (p) p++;
    }
    if (!p) return "";
    size_t n = strcspn(p, ",\r\n");
    snprintf(buf, len, "%.*s", (int)n, p);
    if (buf[0] == '"') { /* quoted name */
        memmove(buf, buf + 1, strlen(buf));
        buf[strcspn(buf, "\"")] = '\0';
    }
    return buf;
}

int e2e_rating_of(const char *tdir, const char *name, e2e_rating *out)
{
    char path[2100], header[1024], line[2048], b[256];
    snprintf(path, sizeof path, "%s/ratings.csv", tdir);
    FILE *f = fopen(path, "r");
    if (!f || !fgets(header, sizeof header, f)) {
        if (f) fclose(f);
        return -1;
    }
    int cn = column(header, "name"), ce = column(header, "elo"), cc = column(header, "ci95"),
        cg = column(header, "games"), cw = column(header, "wins"), cd = column(header, "draws"),
        cl = column(header, "losses");
    int rc = -1;
    while (fgets(line, sizeof line, f)) {
        if (strcmp(field(line, cn, b, sizeof b), name) != 0) continue;
        out->elo = atof(field(line, ce, b, sizeof b));
        out->ci95 = atof(field(line, cc, b, sizeof b));
        out->games = atoi(field(line, cg, b, sizeof b));
        out->wins = atoi(field(line, cw, b, sizeof b));
        out->draws = atoi(field(line, cd, b, sizeof b));
        out->losses = atoi(field(line, cl, b, sizeof b));
        rc = 0;
    }
    fclose(f);
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
