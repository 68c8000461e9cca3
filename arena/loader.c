/* loader.c -- search path, dlopen and ABI checks of rule modules; bot paths. */
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sodium.h>

#include "arena/module_kit.h"
#include "botspec.h"
#include "loader.h"
#include "xalloc.h"

#ifndef ARENA_INSTALL_RULES_REL
#define ARENA_INSTALL_RULES_REL "lib/arena/rules"
#endif
#ifndef ARENA_INSTALL_BOTS_REL
#define ARENA_INSTALL_BOTS_REL "lib/arena/bots"
#endif

#define LOADER_MAX_DIRS 32

static int is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static int is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Directory of the running arena binary. */
static int exe_dir(char *out, size_t outlen)
{
    char buf[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
    if (n <= 0) return -1;
    buf[n] = '\0';
    char *slash = strrchr(buf, '/');
    if (!slash) return -1;
    *slash = '\0';
    snprintf(out, outlen, "%s", buf);
    return 0;
}

/* The ordered list of directories searched for a kind. */
static size_t search_dirs(loader_kind kind, char dirs[][PATH_MAX], size_t max)
{
    const char *sub = kind == LOADER_RULES ? "rules" : "bots";
    const char *inst = kind == LOADER_RULES ? ARENA_INSTALL_RULES_REL : ARENA_INSTALL_BOTS_REL;
    size_t n = 0;
    char exe[PATH_MAX];
    if (exe_dir(exe, sizeof exe) == 0) {
        snprintf(dirs[n++], PATH_MAX, "%s/%s", exe, sub);     /* build tree */
        snprintf(dirs[n++], PATH_MAX, "%s/../%s", exe, inst); /* install prefix */
    }
    const char *env = getenv("ARENA_PATH");
    if (env) {
        char *copy = xstrdup(env), *save = NULL;
        for (char *d = strtok_r(copy, ":", &save); d && n + 2 <= max;
             d = strtok_r(NULL, ":", &save)) {
            snprintf(dirs[n++], PATH_MAX, "%s/%s", d, sub);
            snprintf(dirs[n++], PATH_MAX, "%s", d);
        }
        free(copy);
    }
    return n;
}

/* A path, or a file name: .so, or .o (refused with how to link it). */
static int looks_like_path(const char *s)
{
    size_t len = strlen(s);
    return strchr(s, '/') != NULL || (len > 3 && strcmp(s + len - 3, ".so") == 0) ||
           (len > 2 && strcmp(s + len - 2, ".o") == 0);
}

int loader_resolve(loader_kind kind, const char *name, char *out, size_t outlen, char *err,
                   size_t errlen)
{
    const char *what = kind == LOADER_RULES ? "game" : "bot";
    char hint[512], list[520] = ""; /* "a.so,b.so": two bots typed as one word */
    if (kind == LOADER_BOTS && botspec_list_hint(name, hint, sizeof hint))
        snprintf(list, sizeof list, " (%s)", hint);
    if (looks_like_path(name)) {
        struct stat st;
        if (stat(name, &st) != 0) {
            arena_errf(err, errlen, "%s: no such file%s", name, list);
            return -1;
        }
        if (!S_ISREG(st.st_mode)) {
            arena_errf(err, errlen, "%s: not a regular file (a %s is a .so file)", name, what);
            return -1;
        }
        if (!realpath(name, out)) {
            arena_errf(err, errlen, "%s: %s", name, strerror(errno));
            return -1;
        }
        (void)outlen;
        return 0;
    }
    char dirs[LOADER_MAX_DIRS][PATH_MAX];
    size_t nd = search_dirs(kind, dirs, LOADER_MAX_DIRS);
    for (size_t i = 0; i < nd; i++) {
        char cand[PATH_MAX + 300];
        const char *forms[2] = {"%s/lib%s.so", "%s/%s.so"};
        for (int f = kind == LOADER_RULES ? 0 : 1; f < 2; f++) {
            snprintf(cand, sizeof cand, forms[f], dirs[i], name);
            if (is_file(cand) && realpath(cand, out)) return 0;
        }
    }
    /* "morris,variant=x": options typed without their ':' */
    size_t plain = strcspn(name, ",");
    if (name[plain] && plain > 0 && strchr(name, '='))
        return arena_errf(err, errlen, "%s '%s' not found (options go after a ':', as in %.*s:%s)",
                          what, name, (int)plain, name, name + plain + 1),
               -1;
    if (list[0]) return arena_errf(err, errlen, "%s '%s' not found%s", what, name, list), -1;
    arena_errf(err, errlen,
               "%s '%s' not found (looked beside the arena, in the install prefix and in "
               "ARENA_PATH; `arena %s` lists what is there, or give a path to a .so)",
               what, name, kind == LOADER_RULES ? "games" : "bots");
    (void)outlen;
    return -1;
}

/* The members every version-1 rule module must provide. */
static const char *missing_member(const arena_rules *r)
{
#define NEED(m)                                                                                    \
    if (!r->m) return #m;
    NEED(name) NEED(game_new) NEED(game_free) NEED(game_options) NEED(num_players);
    NEED(num_actions) NEED(max_game_length) NEED(state_size) NEED(state_new);
    NEED(state_clone) NEED(state_free) NEED(current_player) NEED(legal_actions);
    NEED(apply) NEED(returns) NEED(end_reason) NEED(observation) NEED(render);
    NEED(action_name) NEED(parse_action);
#undef NEED
    if ((r->flags & ARENA_GAME_CHANCE) && !r->chance_outcomes) return "chance_outcomes";
    return NULL;
}

int loader_check_rules(const arena_rules *r, const char *path, char *err, size_t errlen)
{
    if (r->abi_version > ARENA_RULES_ABI_VERSION) {
        arena_errf(err, errlen,
                   "%s: rule module ABI version %u is newer than this arena's (%u); "
                   "upgrade the arena",
                   path, r->abi_version, ARENA_RULES_ABI_VERSION);
        return -1;
    }
    if (r->abi_version < 1 || r->struct_size < offsetof(arena_rules, sample_state)) {
        arena_errf(err, errlen,
                   "%s: rule module ABI version %u (table of %u bytes) is not supported by "
                   "this arena (ABI %u); rebuild the module against this SDK",
                   path, r->abi_version, r->struct_size, ARENA_RULES_ABI_VERSION);
        return -1;
    }
    const char *miss = missing_member(r);
    if (miss) {
        arena_errf(err, errlen, "%s: rule module does not provide '%s'", path, miss);
        return -1;
    }
    return 0;
}

int loader_not_entry(const char *path, const char *symbol, char *err, size_t errlen)
{
    int rules = strcmp(symbol, ARENA_RULES_ENTRY) == 0;
    return arena_errf(err, errlen, "%s: not a %s (no symbol '%s'; declare it with the SDK's %s)",
                      path, rules ? "rule module" : "bot", symbol,
                      rules ? "module kit" : "ARENA_BOT macro"),
           -1;
}

void *loader_open_table(const char *path, const char *symbol, const void **table, char *err,
                        size_t errlen)
{
    *table = NULL;
    if (loader_elf_check(path, symbol, err, errlen)) return NULL;
    /* a file that declares itself a bot is one, whatever else it exports:
     * a bot's code runs in a jail, never here as a "rule module" (a bot in
     * a directory searched for games could export both) */
    char ignored[64];
    if (strcmp(symbol, ARENA_RULES_ENTRY) == 0 &&
        loader_elf_check(path, ARENA_BOT_ENTRY, ignored, sizeof ignored) == 0) {
        arena_errf(err, errlen,
                   "%s: a bot (it exports '%s'), not a rule module: bots are never loaded into "
                   "the arena",
                   path, ARENA_BOT_ENTRY);
        return NULL;
    }
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        const char *why = dlerror();
        arena_errf(err, errlen, "%s: cannot load: %s", path, why ? why : "unknown error");
        return NULL;
    }
    const void *(*entry)(void);
    *(void **)&entry = dlsym(h, symbol);
    if (!entry) {
        loader_not_entry(path, symbol, err, errlen);
        dlclose(h);
        return NULL;
    }
    *table = entry();
    if (!*table) {
        arena_errf(err, errlen, "%s: %s() returned NULL", path, symbol);
        dlclose(h);
        return NULL;
    }
    return h;
}

int loader_check_bot(const arena_bot *b, const char *path, char *err, size_t errlen)
{
    size_t v1 = offsetof(arena_bot, destroy) + sizeof b->destroy;
    if (b->abi_version > ARENA_BOT_ABI_VERSION) {
        arena_errf(err, errlen,
                   "%s: bot ABI version %u is newer than this arena's (%u); upgrade the arena",
                   path, (unsigned)b->abi_version, ARENA_BOT_ABI_VERSION);
        return -1;
    }
    if (b->abi_version < 1 || b->struct_size < v1) {
        arena_errf(err, errlen,
                   "%s: bot ABI version %u (table of %u bytes) is not supported by this arena "
                   "(ABI %u, at least %zu bytes); rebuild the bot against this SDK",
                   path, (unsigned)b->abi_version, (unsigned)b->struct_size, ARENA_BOT_ABI_VERSION,
                   v1);
        return -1;
    }
    if (!b->name || !b->create || !b->act || !b->destroy) {
        arena_errf(err, errlen, "%s: bot table lacks %s", path,
                   !b->name     ? "a name"
                   : !b->create ? "create"
                   : !b->act    ? "act"
                                : "destroy");
        return -1;
    }
    return 0;
}

loaded_rules *loader_open_rules(const char *name_or_path, char *err, size_t errlen)
{
    char path[PATH_MAX];
    if (loader_resolve(LOADER_RULES, name_or_path, path, sizeof path, err, errlen)) return NULL;
    const void *table;
    void *h = loader_open_table(path, ARENA_RULES_ENTRY, &table, err, errlen);
    if (!h) return NULL;
    const arena_rules *r = table;
    if (loader_check_rules(r, path, err, errlen)) {
        dlclose(h);
        return NULL;
    }
    loaded_rules *lr = xcalloc(1, sizeof *lr);
    lr->handle = h;
    lr->rules = r;
    lr->path = xstrdup(path);
    if (loader_sha256_file(path, lr->sha256, err, errlen)) {
        loader_close_rules(lr);
        return NULL;
    }
    return lr;
}

void loader_close_rules(loaded_rules *lr)
{
    if (!lr) return;
    if (lr->handle) dlclose(lr->handle);
    free(lr->path);
    free(lr);
}

static int has_so_suffix(const char *name)
{
    size_t len = strlen(name);
    return len > 3 && strcmp(name + len - 3, ".so") == 0;
}

static int list_contains_base(char **paths, size_t n, const char *base)
{
    for (size_t i = 0; i < n; i++) {
        const char *b = strrchr(paths[i], '/');
        if (strcmp(b ? b + 1 : paths[i], base) == 0) return 1;
    }
    return 0;
}

int loader_list(loader_kind kind, char ***paths_out, size_t *n_out)
{
    char dirs[LOADER_MAX_DIRS][PATH_MAX];
    size_t nd = search_dirs(kind, dirs, LOADER_MAX_DIRS), n = 0, cap = 16;
    char **paths = xmalloc(cap * sizeof *paths);
    for (size_t i = 0; i < nd; i++) {
        if (!is_dir(dirs[i])) continue;
        struct dirent **ents;
        int ne = scandir(dirs[i], &ents, NULL, alphasort);
        for (int k = 0; k < ne; k++) {
            const char *base = ents[k]->d_name;
            char full[PATH_MAX + 300], real[PATH_MAX];
            snprintf(full, sizeof full, "%s/%s", dirs[i], base);
            if (has_so_suffix(base) && is_file(full) && !list_contains_base(paths, n, base) &&
                realpath(full, real)) {
                if (n == cap) paths = xrealloc(paths, (cap *= 2) * sizeof *paths);
                paths[n++] = xstrdup(real);
            }
            free(ents[k]);
        }
        if (ne >= 0) free(ents);
    }
    *paths_out = paths;
    *n_out = n;
    return 0;
}

void loader_free_list(char **paths, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(paths[i]);
    free(paths);
}

void loader_sha256_bytes(const void *data, size_t len, char out[65])
{
    unsigned char digest[crypto_hash_sha256_BYTES];
    crypto_hash_sha256(digest, data, len);
    sodium_bin2hex(out, 65, digest, sizeof digest);
}

int loader_sha256_file(const char *path, char out[65], char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        arena_errf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    crypto_hash_sha256_state st;
    crypto_hash_sha256_init(&st);
    unsigned char buf[65536];
    size_t got;
    while ((got = fread(buf, 1, sizeof buf, f)) > 0)
        crypto_hash_sha256_update(&st, buf, got);
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        arena_errf(err, errlen, "%s: read error", path);
        return -1;
    }
    unsigned char digest[crypto_hash_sha256_BYTES];
    crypto_hash_sha256_final(&st, digest);
    sodium_bin2hex(out, 65, digest, sizeof digest);
    return 0;
}

void loader_split_game_spec(const char *spec, char *game, size_t gamelen, char *options,
                            size_t optlen)
{
    const char *colon = strchr(spec, ':');
    size_t glen = colon ? (size_t)(colon - spec) : strlen(spec);
    snprintf(game, gamelen, "%.*s", (int)glen, spec);
    snprintf(options, optlen, "%s", colon ? colon + 1 : "");
}
