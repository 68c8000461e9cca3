/* e2e_util.h -- running the real arena binary from tests and reading what it wrote. */
#ifndef E2E_UTIL_H
#define E2E_UTIL_H

#include <stddef.h>

/* Runs a shell command (stderr merged into stdout); returns the exit status,
 * and the output (malloc'd, NUL-terminated) in *out when out is not NULL. */
int e2e_run(char **out, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Starts a command (through sh, exec'd so the pid is the command's), reads
 * its merged output line by line, and SIGKILLs it after `lines` lines that
 * start with `prefix`. Returns how many such lines were seen. */
int e2e_kill_after(int lines, const char *prefix, const char *cmd);

/* A fresh empty directory under /tmp; the caller removes it with e2e_rmrf. */
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

#endif
