/* e2e_util.h -- running the real arena binary from tests and reading what it wrote. */
#ifndef E2E_UTIL_H
#define E2E_UTIL_H

#include <stddef.h>

#include "matchlog.h"

/* Runs a shell command (stderr merged into stdout); returns the exit status,
 * and the output (malloc'd, NUL-terminated) in *out when out is not NULL. */
int e2e_run(char **out, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Starts a command (through sh, exec'd so the pid is the command's), reads
 * its merged output line by line, and SIGKILLs it after `lines` lines that
 * start with `prefix`. Returns how many such lines were seen. */
int e2e_kill_after(int lines, const char *prefix, const char *cmd);

/* Ctrl-C at a chosen moment: runs cmd (through sh, its output to DIR/log)
 * in the background, waits until the shell condition `ready` holds (an event
 * such as a line in DIR/log or a file written, checked every 0.1 s, for 300 s
 * at most), sends it SIGINT and waits for it. Returns its exit status, and
 * DIR/log in *out. */
int e2e_interrupt(char **out, const char *dir, const char *ready, const char *cmd);
/* The same with another signal ("TERM"). */
int e2e_signal(char **out, const char *dir, const char *ready, const char *cmd, const char *sig);

/* The first line of text that starts with prefix, copied into out without
 * its newline: 0, or -1 when no line does. */
int e2e_line_starting(const char *text, const char *prefix, char *out, size_t len);

/* A fresh empty directory (support_tmpdir: under $TMPDIR, removed at exit
 * even when the test fails); e2e_rmrf removes it earlier. */
void e2e_tmpdir(char *out, size_t len);
void e2e_rmrf(const char *dir);

/* The single tournament directory under results_dir (tests run one per dir). */
int e2e_tournament_dir(const char *results_dir, char *out, size_t len);

/* From a tournament's ratings.csv: the row of `name`. */
typedef struct e2e_rating {
    double elo, ci95;
    int games, wins, draws, losses;
} e2e_rating;
int e2e_rating_of(const char *tournament_dir, const char *name, e2e_rating *out);
/* The same from CSV text (the header is the first line with the columns name
 * and games); -1 unless exactly one row names `name`. */
int e2e_rating_in_csv(const char *csv, const char *name, e2e_rating *out);

/* Every match log of a tournament directory (segments or single logs). */
typedef struct e2e_logs {
    Arena__MatchLog *log[512];
    int n;
} e2e_logs;
void e2e_read_logs(const char *tournament_dir, e2e_logs *out);
void e2e_free_logs(e2e_logs *l);
/* The seat of the bot named `bot` in a log, or -1. */
int e2e_seat_of(const Arena__MatchLog *log, const char *bot);

#endif
