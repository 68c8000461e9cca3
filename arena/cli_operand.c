/* cli_operand.c -- what the commands are given besides options: words they
 * take, refuse, or read a store from, checked alike by every command. */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "cli_cmds.h"
#include "rebuild.h"
#include "rundir.h"
#include "store.h"

store *cli_store_open(const char *cmd, const char *dir, int *status)
{
    char err[2048], db[4200];
    struct stat sb;
    *status = 2;
    if (rundir_exists(dir, err, sizeof err)) return cli_error(cmd, 2, "%s", err), NULL;
    store *s = store_open_read(dir, err, sizeof err);
    if (s) return s;
    /* no arena.db: the directory named is not a store, a bad operand; one
     * that is there but cannot be read (damaged, I/O) is a failure */
    snprintf(db, sizeof db, "%s/arena.db", dir);
    if (stat(db, &sb) == 0) *status = 1;
    rebuild_hint(dir, err, sizeof err);
    cli_error(cmd, *status, "%s", err);
    return NULL;
}

int cli_nonempty(const char *cmd, const char *const *words, int n, const char *what)
{
    for (int i = 0; i < n; i++)
        if (!words[i][0])
            return cli_error(cmd, 2,
                             "an empty argument where %s was expected (an unset shell "
                             "variable?)",
                             what);
    return 0;
}

int cli_no_operands(const char *cmd, char *const *words, int n, int takes_game)
{
    if (n == 0) return 0;
    char hint[512] = "";
    if (takes_game) cli_game_hint(words, n, hint, sizeof hint);
    return cli_error(cmd, 2, "unexpected argument '%s'%s", words[0], hint);
}
