/* report_html_test.c -- jsonw, the JSON replay (replay_json.h) of every golden
 * log, replay_colour, and `arena report` end to end. */
#include <check.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "csvw.h"
#include "jsonw.h"
#include "matchlog.h"
#include "replay_colour.h"
#include "replay_json.h"
#include "support.h"

#define ARENA ARENA_BIN_DIR "/arena"
#define GOLDEN ARENA_SOURCE_DIR "/tests/golden/"

/* What f wrote into a memory stream, malloc'd. */
typedef void (*writer)(FILE *f, const void *arg);
__attribute__((noinline)) static char *capture(writer w, const void *arg)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    ck_assert_ptr_nonnull(f);
    w(f, arg);
    fclose(f);
    return buf;
}

static void write_str(FILE *f, const void *arg)
{
    jsonw_str(f, arg);
}

START_TEST(json_strings)
{
    char *s = capture(write_str, "a\"b\\c\nd</script>&\x01");
    ck_assert_str_eq(s, "\"a\\\"b\\\\c\\nd\\u003c/script\\u003e\\u0026\\u0001\"");
    free(s);
    s = capture(write_str, "bad \xff utf-8, good \xc5\x82");
    ck_assert_str_eq(s, "\"bad \\ufffd utf-8, good \xc5\x82\"");
    free(s);
    s = capture(write_str, NULL);
    ck_assert_str_eq(s, "\"\"");
    free(s);
}
END_TEST

static void write_csv(FILE *f, const void *arg)
{
    csvw_field(f, arg);
}

/* The one CSV quoting of every table: only where a field needs it. */
START_TEST(csv_fields)
{
    static const char *const cases[][2] = {
        {"random", "random"},
        {"a,b", "\"a,b\""},
        {"say \"hi\"", "\"say \"\"hi\"\"\""},
        {"two\nlines", "\"two\nlines\""},
        {"cr\r", "\"cr\r\""},
        {" lead", "\" lead\""},
        {"trail ", "\"trail \""},
        {"in side", "in side"},
        {"", ""},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char *s = capture(write_csv, cases[i][0]);
        ck_assert_str_eq(s, cases[i][1]);
        free(s);
    }
    char *s = capture(write_csv, NULL);
    ck_assert_str_eq(s, "");
    free(s);
}
END_TEST

static size_t count(const char *hay, const char *needle)
{
    size_t n = 0, off = 0;
    const char *p;
    while ((p = strstr(hay + off, needle)) != NULL) {
        n++;
        off = (size_t)(p - hay) + 1;
    }
    return n;
}

typedef struct json_arg {
    const Arena__MatchLog *log;
    int rc;
} json_arg;

static void write_json(FILE *f, const void *arg)
{
    json_arg *a = (json_arg *)arg;
    char err[512] = "";
    a->rc = replay_json_write(f, a->log, "golden", err, sizeof err);
    if (a->rc) fprintf(stderr, "replay_json_write: %s\n", err);
}

/* Every golden log exports whole: one position more than actions, the
 * observation of each, each seat's own in hidden games, and nothing that
 * could close a <script>. */
static const struct {
    const char *file;
    int hidden;
} golden[] = {
    {"morris-classic.pb", 0}, {"morris-lasker.pb", 0}, {"soccer.pb", 0}, {"kurnik-3p.pb", 0},
    {"querni.pb", 0},         {"kursk-3p.pb", 1},      {"rugby.pb", 1},
};

START_TEST(json_golden)
{
    char err[512], path[600];
    Arena__MatchLog *log;
    snprintf(path, sizeof path, GOLDEN "%s", golden[_i].file);
    log = matchlog_read(path, err, sizeof err);
    ck_assert_msg(log != NULL, "%s", err);
    json_arg a = {log, -1};
    char *s = capture(write_json, &a);
    ck_assert_int_eq(a.rc, 0);
    const char *head = "{\"format\":\"arena-replay\",\"version\":1,\"compact\":false,";
    ck_assert_msg(!strncmp(s, head, strlen(head)), "%.60s", s);
    ck_assert_ptr_nonnull(strstr(s, "\"reproduced\":true"));
    ck_assert_uint_eq(count(s, "{\"to_move\":"), log->n_actions + 1);
    ck_assert_uint_eq(count(s, "\"observation\":{"), log->n_actions + 1);
    ck_assert_uint_eq(count(s, "\"views\":["), golden[_i].hidden ? log->n_actions + 1 : 0);
    ck_assert_uint_eq(count(s, "\"applied\":true"), log->n_actions);
    ck_assert_ptr_null(strchr(s, '<'));
    ck_assert_str_eq(s + strlen(s) - 3, "}}\n");
    free(s);
    arena__match_log__free_unpacked(log, NULL);
}
END_TEST

/* The board of a JSON replay whose actions were tampered with stops at the
 * refused one and says so. */
START_TEST(json_refused)
{
    char err[512];
    Arena__MatchLog *log = matchlog_read(GOLDEN "morris-classic.pb", err, sizeof err);
    ck_assert_msg(log != NULL, "%s", err);
    ck_assert_uint_gt(log->n_actions, 4);
    log->actions[3]->action = log->actions[2]->action; /* that point is taken */
    json_arg a = {log, -1};
    char *s = capture(write_json, &a);
    ck_assert_int_eq(a.rc, 1);
    ck_assert_ptr_nonnull(
        strstr(s, "\"reproduced\":false,\"error\":\"action 4 cannot be played here\""));
    ck_assert_uint_eq(count(s, "{\"to_move\":"), 4);
    free(s);
    arena__match_log__free_unpacked(log, NULL);
}
END_TEST

typedef struct colour_arg {
    const char *game, *text;
} colour_arg;

static void write_colour(FILE *f, const void *arg)
{
    const colour_arg *c = arg;
    replay_colour_board(f, c->game, c->text);
}

/* Removes the escape sequences: what is left must be the text as given. */
static void strip(char *s)
{
    char *w = s;
    for (const char *r = s; *r;) {
        if (*r == '\033') {
            const char *m = strchr(r, 'm');
            r = m ? m + 1 : r + strlen(r);
            continue;
        }
        *w++ = *r++;
    }
    *w = '\0';
}

START_TEST(colour_boards)
{
    const char *board = "7 W-----.-----B\n  |     |     |\nWhite (W): 0 in hand\n";
    colour_arg c = {"morris", board};
    char *s = capture(write_colour, &c);
    ck_assert_ptr_nonnull(strstr(s, "\033[1;33mW\033[0m"));
    ck_assert_ptr_nonnull(strstr(s, "\033[1;36mB\033[0m"));
    ck_assert_ptr_nonnull(strstr(s, "White (W)")); /* words and the legend stay plain */
    strip(s);
    ck_assert_str_eq(s, board);
    free(s);
    colour_arg q = {"querni", " 7     . b16  w3   .\n"};
    s = capture(write_colour, &q);
    ck_assert_ptr_nonnull(strstr(s, "\033[1;36mb16\033[0m"));
    ck_assert_ptr_nonnull(strstr(s, "\033[1;33mw3\033[0m"));
    strip(s);
    ck_assert_str_eq(s, q.text);
    free(s);
    /* a memory stream is no terminal */
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    ck_assert_int_eq(replay_colour_wanted(f), 0);
    fclose(f);
    free(buf);
}
END_TEST

/* Runs the arena with stdout on a pseudo-terminal (tty = 1) or a pipe, and
 * returns what it printed (malloc'd). */
static char *run_arena(int tty, const char *const *argv)
{
    int master = -1, out_r = -1, out_w = -1;
    if (tty) {
        master = posix_openpt(O_RDWR | O_NOCTTY);
        ck_assert_int_ge(master, 0);
        ck_assert_int_eq(grantpt(master), 0);
        ck_assert_int_eq(unlockpt(master), 0);
        out_w = open(ptsname(master), O_RDWR | O_NOCTTY);
        out_r = master;
    } else {
        int p[2];
        ck_assert_int_eq(pipe(p), 0);
        out_r = p[0], out_w = p[1];
    }
    ck_assert_int_ge(out_w, 0);
    pid_t pid = fork();
    if (pid == 0) {
        int null = open("/dev/null", O_RDONLY);
        dup2(null, 0);
        dup2(out_w, 1);
        unsetenv("NO_COLOR");
        execv(ARENA, (char *const *)argv);
        _exit(127);
    }
    close(out_w);
    char *buf = support_read_all(out_r);
    int st;
    waitpid(pid, &st, 0);
    ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 0, "arena failed: %s", buf);
    return buf;
}

START_TEST(colour_on_tty_only)
{
    const char *argv[] = {ARENA, "replay", "--step", GOLDEN "morris-classic.pb", NULL};
    char *tty = run_arena(1, argv), *pipe_out = run_arena(0, argv);
    ck_assert_ptr_nonnull(strstr(tty, "\033[1;33mW\033[0m"));
    ck_assert_ptr_null(strchr(pipe_out, '\033'));
    ck_assert_ptr_nonnull(strstr(pipe_out, "reproduced"));
    free(tty);
    free(pipe_out);
}
END_TEST

static int sh(const char *cmd)
{
    int st = system(cmd);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) return NULL;
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    int c;
    while ((c = fgetc(f)) != EOF)
        fputc(c, m);
    fclose(f);
    fclose(m);
    return buf;
}

/* A tournament writes index.html, replay.html and one replay per match;
 * `arena report` writes them again (its options in either form, before or
 * after DIR); bad directories are one-line errors. */
START_TEST(report_end_to_end)
{
    char tmp[512], cmd[2048], path[1024];
    support_tmpdir(tmp, sizeof tmp);
    snprintf(cmd, sizeof cmd,
             "cd %s && " ARENA " tournament --game morris --bots random random --rounds 2 "
             "--isolation inline --seed 5 --out res > out.txt 2>&1 && "
             "sed -n 's/^Results: \\(.*\\)\\/ (.*/\\1/p' out.txt > dir.txt",
             tmp);
    ck_assert_int_eq(sh(cmd), 0);
    snprintf(path, sizeof path, "%s/dir.txt", tmp);
    char *dir = slurp(path);
    ck_assert_ptr_nonnull(dir);
    dir[strcspn(dir, "\n")] = '\0';
    ck_assert_uint_gt(strlen(dir), 4);
    snprintf(path, sizeof path, "%s/%s/index.html", tmp, dir);
    char *index = slurp(path);
    ck_assert_ptr_nonnull(index);
    ck_assert_ptr_nonnull(strstr(index, "window.ARENA_REPORT = {"));
    ck_assert_uint_eq(count(index, "\"replay\":\"replay.html#"), 4);
    ck_assert_uint_eq(count(index, "</script>"), 2); /* nothing in the data closes it */
    /* nothing from the network (the SVG namespace URI is a name, not a fetch) */
    const char *fetches[] = {"src=\"http", "href=\"http", "url(http", "@import", "fetch("};
    for (size_t k = 0; k < sizeof fetches / sizeof *fetches; k++)
        ck_assert_msg(strstr(index, fetches[k]) == NULL, "index.html has %s", fetches[k]);
    free(index);
    for (int m = 0; m < 4; m++) {
        snprintf(path, sizeof path, "%s/%s/replays/%05d.js", tmp, dir, m);
        char *js = slurp(path);
        ck_assert_msg(js != NULL, "no %s", path);
        const char *head =
            "arenaReplay({\"format\":\"arena-replay\",\"version\":1,\"compact\":true";
        ck_assert_msg(!strncmp(js, head, strlen(head)), "%.60s", js);
        ck_assert_ptr_nonnull(strstr(js, "\"reproduced\":true"));
        free(js);
    }
    snprintf(path, sizeof path, "%s/%s/index.html", tmp, dir);
    ck_assert_int_eq(unlink(path), 0);
    snprintf(cmd, sizeof cmd, "cd %s && " ARENA " report %s/ > again.txt 2>&1", tmp, "res/");
    ck_assert_int_ne(sh(cmd), 0); /* res/ is the results directory, no tournament */
    snprintf(cmd, sizeof cmd, "cd %s && " ARENA " report %s/ > again.txt 2>&1", tmp, dir);
    ck_assert_int_eq(sh(cmd), 0);
    ck_assert_int_eq(access(path, R_OK), 0);
    /* a tournament's name with the results directory it is in */
    ck_assert_int_eq(unlink(path), 0);
    snprintf(cmd, sizeof cmd, "cd %s && " ARENA " report %s --out res > again.txt 2>&1", tmp,
             strrchr(dir, '/') + 1);
    ck_assert_int_eq(sh(cmd), 0);
    ck_assert_int_eq(access(path, R_OK), 0);
    /* parsed as the other commands: --out=RESULTS, the options before DIR */
    ck_assert_int_eq(unlink(path), 0);
    snprintf(cmd, sizeof cmd, "cd %s && " ARENA " report --out=res --replays=1 %s > again.txt 2>&1",
             tmp, strrchr(dir, '/') + 1);
    ck_assert_int_eq(sh(cmd), 0);
    ck_assert_int_eq(access(path, R_OK), 0);
    snprintf(cmd, sizeof cmd,
             "cd %s && " ARENA " report nothing --out res 2>&1 | grep -q 'nothing: no such "
             "tournament directory (nor under res)'",
             tmp);
    ck_assert_int_eq(sh(cmd), 0);
    snprintf(cmd, sizeof cmd,
             ARENA " report %s/nothing-here 2>&1 | grep -q 'nothing-here: no such directory'", tmp);
    ck_assert_int_eq(sh(cmd), 0);
    ck_assert_int_eq(sh(ARENA " report > /dev/null 2>&1"), 2);
    ck_assert_int_eq(sh(ARENA " report a b > /dev/null 2>&1"), 2);
    ck_assert_int_eq(sh(ARENA " replay --format xml x.pb > /dev/null 2>&1"), 2);
    support_rmrf(tmp);
    free(dir);
}
END_TEST

int main(void)
{
    setenv("ARENA_PATH", ARENA_BIN_DIR, 1);
    Suite *s = suite_create("report_html");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, json_strings);
    tcase_add_test(tc, csv_fields);
    tcase_add_loop_test(tc, json_golden, 0, (int)(sizeof golden / sizeof *golden));
    tcase_add_test(tc, json_refused);
    tcase_add_test(tc, colour_boards);
    tcase_add_test(tc, colour_on_tty_only);
    tcase_add_test(tc, report_end_to_end);
    suite_add_tcase(s, tc);
    return support_main(s);
}
