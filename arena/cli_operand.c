/* cli_operand.c -- what the commands are given besides options: the results
 * directory whose store they read, checked alike by every command. */
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
