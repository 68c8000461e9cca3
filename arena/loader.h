/* loader.h -- finding and loading rule modules, finding bots.
 *
 * Games and bots are given by name or as paths to .so files. A name is looked
 * up, in order: beside the arena binary in the build tree (bin/rules, bin/bots),
 * under the install prefix (lib/arena/rules, lib/arena/bots), then in each
 * directory of ARENA_PATH (colon-separated; each may hold rules/ and bots/ or
 * the .so files directly). Rule module NAME is libNAME.so or NAME.so; bot NAME
 * is NAME.so.
 *
 * Errors are one line naming the file and the problem; the CLI exits with 2.
 */
#ifndef ARENA_LOADER_H
#define ARENA_LOADER_H

#include <stddef.h>

#include "arena/bot.h"
#include "arena/rules.h"

typedef struct loaded_rules {
    void *handle;
    const arena_rules *rules;
    char *path;      /* absolute */
    char sha256[65]; /* of the file */
} loaded_rules;

typedef enum loader_kind { LOADER_RULES, LOADER_BOTS } loader_kind;

/* Resolves a name or path to an absolute path of an existing file. */
int loader_resolve(loader_kind kind, const char *name_or_path, char *out, size_t outlen, char *err,
                   size_t errlen);
/* dlopen(RTLD_NOW) + the entry symbol: the handle, with *table set to what
 * the entry returned; NULL with a one-line error naming the file. The file
 * passes loader_elf_check first: nothing else is loaded into the arena. */
void *loader_open_table(const char *path, const char *symbol, const void **table, char *err,
                        size_t errlen);
/* loader_elf.c: 0 when path is, by its bytes, a shared object that dlopen can
 * map whole (no segment past the end of the file: a truncated copy would
 * kill the arena with SIGBUS) and that exports `symbol` (so a bot in a
 * directory searched for games is never loaded, its constructors never run,
 * in the arena's process); -1 with a one-line error naming the file. */
int loader_elf_check(const char *path, const char *symbol, char *err, size_t errlen);
/* The one wording of a file without the entry symbol; returns -1. */
int loader_not_entry(const char *path, const char *symbol, char *err, size_t errlen);
/* The one check of each plugin table: ABI version, size, mandatory members. */
int loader_check_rules(const arena_rules *r, const char *path, char *err, size_t errlen);
int loader_check_bot(const arena_bot *b, const char *path, char *err, size_t errlen);
/* Resolves, dlopens and checks a rule module (loader_check_rules). */
loaded_rules *loader_open_rules(const char *name_or_path, char *err, size_t errlen);
void loader_close_rules(loaded_rules *lr);
/* Every .so on the search path for a kind, absolute paths, first found wins
 * for equal file names. Free with loader_free_list. */
int loader_list(loader_kind kind, char ***paths, size_t *n);
void loader_free_list(char **paths, size_t n);
/* SHA-256 of a file as 64 hex characters. */
int loader_sha256_file(const char *path, char out[65], char *err, size_t errlen);
/* The same of bytes in memory (a packed data directory, a file a host received). */
void loader_sha256_bytes(const void *data, size_t len, char out[65]);
/* Splits "morris:variant=lasker,x=1" into game "morris" and options. */
void loader_split_game_spec(const char *spec, char *game, size_t gamelen, char *options,
                            size_t optlen);

#endif
