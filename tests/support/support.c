/* support.c -- the test-support library (support.h). */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/magic.h>
#include <ftw.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>

#include "support.h"

/* ---- loading ---------------------------------------------------------- */

static void *open_so(const char *kind, const char *name, char *path, size_t len)
{
    if (strchr(name, '/'))
        snprintf(path, len, "%s", name);
    else if (strcmp(kind, "rules") == 0)
        snprintf(path, len, "%s/rules/lib%s.so", ARENA_BIN_DIR, name);
    else
        snprintf(path, len, "%s/bots/%s.so", ARENA_BIN_DIR, name);
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    ck_assert_msg(h != NULL, "%s %s: %s", kind, name, dlerror());
    return h;
}

const arena_rules *support_rules(const char *game, void **handle)
{
    char path[4096];
    *handle = open_so("rules", game, path, sizeof path);
    arena_rules_entry_fn entry = (arena_rules_entry_fn)dlsym(*handle, ARENA_RULES_ENTRY);
    ck_assert_msg(entry != NULL, "%s: no %s", path, ARENA_RULES_ENTRY);
    const arena_rules *r = entry();
    ck_assert_msg(r && r->abi_version == ARENA_RULES_ABI_VERSION, "%s: not rules ABI %d", path,
                  ARENA_RULES_ABI_VERSION);
    return r;
}

const arena_bot *support_bot(const char *name, void **handle)
{
    char path[4096];
    *handle = open_so("bot", name, path, sizeof path);
    arena_bot_entry_fn entry = (arena_bot_entry_fn)dlsym(*handle, ARENA_BOT_ENTRY);
    ck_assert_msg(entry != NULL, "%s: no %s", path, ARENA_BOT_ENTRY);
    const arena_bot *b = entry();
    ck_assert_msg(b && b->abi_version == ARENA_BOT_ABI_VERSION, "%s: not bot ABI %d", path,
                  ARENA_BOT_ABI_VERSION);
    return b;
}

void support_unload(void *handle)
{
    if (handle) dlclose(handle);
}

/* ---- playing ---------------------------------------------------------- */

/* The legal moves of s by name, as much as fits in buf. */
static void legal_names(const arena_rules *r, const arena_state *s, char *buf, size_t cap)
{
    int32_t legal[256];
    int n = r->legal_actions(s, legal, 256);
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && i < 256 && len + 40 < cap; i++) {
        if (len) buf[len++] = ' ';
        r->action_name(s, legal[i], buf + len, cap - len);
        len += strlen(buf + len);
    }
    if (n > 256 && len + 4 < cap) snprintf(buf + len, cap - len, " ...");
}

void support_play(const arena_rules *r, arena_state *s, size_t state_size, const char *moves)
{
    char buf[8192];
    snprintf(buf, sizeof buf, "%s", moves);
    int k = 0;
    for (char *save, *m = strtok_r(buf, " \n", &save); m; m = strtok_r(NULL, " \n", &save), k++) {
        int32_t a;
        int parsed = r->parse_action(s, m, &a) == 0;
        int rc = !parsed ? -1 : state_size ? support_try(r, s, state_size, a) : r->apply(s, a);
        if (rc == 0) continue;
        char legal[2048], board[4096];
        legal_names(r, s, legal, sizeof legal);
        r->render(s, -1, board, sizeof board);
        ck_abort_msg("move %d '%s' %s (legal: %s) in:\n%s", k + 1, m,
                     parsed ? "refused" : "does not parse", legal, board);
    }
}

int support_scaled(int n, int least)
{
    const char *s = getenv("ARENA_TEST_SCALE");
    int pct = s && atoi(s) > 0 ? atoi(s) : 100;
    long k = (long)n * pct / 100;
    return k > least ? (int)k : least;
}

double support_even_odds(int games, int wins)
{
    if (wins <= 0) return 1.0;
    double p = 0;
    for (int k = wins; k <= games; k++) /* C(games, k) / 2^games, in logs */
        p +=
            exp(lgamma(games + 1.0) - lgamma(k + 1.0) - lgamma(games - k + 1.0) - games * log(2.0));
    return p;
}

int support_try_move(const arena_rules *r, arena_state *s, size_t state_size, const char *move)
{
    int32_t a;
    if (r->parse_action(s, move, &a) != 0) return -1;
    return support_try(r, s, state_size, a);
}

int support_try(const arena_rules *r, arena_state *s, size_t state_size, int32_t action)
{
    void *before = malloc(state_size);
    ck_assert_ptr_nonnull(before);
    memcpy(before, s, state_size);
    int rc = r->apply(s, action);
    int same = memcmp(before, s, state_size) == 0;
    free(before);
    if (rc != 0) ck_assert_msg(same, "refused action %d changed the state", action);
    return rc;
}

/* ---- reading -------------------------------------------------------- */

char *support_read_all(int fd)
{
    char *buf = NULL;
    size_t len = 0, cap = 0;
    for (;;) {
        if (len + 4096 > cap) {
            cap = (cap + 4096) * 2;
            buf = realloc(buf, cap);
            ck_assert_ptr_nonnull(buf);
        }
        ssize_t n = read(fd, buf + len, cap - len - 1);
        if (n <= 0) break;
        len += (size_t)n;
    }
    buf[len] = '\0';
    close(fd);
    return buf;
}

/* ---- temporary directories ------------------------------------------- */

/* Every directory of a test program lives under one root made before the
 * tests are forked: Check ends a failed test's process with _exit (no atexit
 * handlers), and a timed-out one with SIGKILL, so the runner's process
 * removes the root -- and whatever the tests left in it -- when they are
 * done. */
static char root[512];
static pid_t root_owner;

static int rm_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st;
    (void)flag;
    (void)ftw;
    return remove(path);
}

static void rm_tree(const char *dir)
{
    nftw(dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

static void remove_root(void)
{
    if (root[0] && root_owner == getpid()) rm_tree(root);
    root[0] = '\0';
}

static void make_root(void)
{
    if (root[0]) return;
    const char *tmp = getenv("TMPDIR");
    if (!tmp || !tmp[0]) tmp = "/tmp";
    int n = snprintf(root, sizeof root, "%s/arena-test-XXXXXX", tmp);
    if (n <= 0 || (size_t)n >= sizeof root - 64 || !mkdtemp(root)) {
        fprintf(stderr, "support: cannot make a temporary directory under %s\n", tmp);
        exit(EXIT_FAILURE);
    }
    root_owner = getpid();
}

int support_main_list(Suite *const *suites)
{
    /* A failure message holding a command's whole output (a tournament's)
     * can pass Check's default 4 KiB: the test then dies with "Message
     * string too long" instead of saying what failed. But every passing
     * assertion is a message too, and Check's reader moves a buffer of twice
     * this size for each one: at 256 KiB test_sdk_rng (a million passing
     * assertions) took 15 s plain and timed out at 900 s under ASan on a
     * loaded machine. 64 KiB holds a tournament's output at a quarter of
     * that cost. */
    check_set_max_msg_size(64 * 1024);
    make_root();
    SRunner *sr = srunner_create(suites[0]);
    for (int i = 1; suites[i]; i++)
        srunner_add_suite(sr, suites[i]);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    remove_root();
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

void support_tmpdir(char *out, size_t len)
{
    if (!root[0]) { /* a program without support_main: removed at its exit */
        make_root();
        ck_assert_int_eq(atexit(remove_root), 0);
    }
    int n = snprintf(out, len, "%s/XXXXXX", root);
    ck_assert_msg(n > 0 && (size_t)n < len, "%s: path too long", root);
    ck_assert_msg(mkdtemp(out) != NULL, "mkdtemp under %s failed", root);
}

void support_tmpdir_shared(char *out, size_t len)
{
    support_tmpdir(out, len);
    ck_assert_msg(chmod(root, 0711) == 0 && chmod(out, 0777) == 0, "chmod %s failed", out);
}

void support_rmrf(const char *dir)
{
    size_t k = strlen(root);
    ck_assert_msg(root[0] && strncmp(dir, root, k) == 0 && dir[k] == '/' && !strstr(dir, ".."),
                  "support_rmrf: %s is not a directory support_tmpdir made", dir);
    rm_tree(dir);
}

/* ------------------------------------------------------ page cache -- */

void support_put_text(const char *dir, const char *rel, const char *text)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", dir, rel);
    FILE *f = fopen(path, "w");
    ck_assert_msg(f != NULL, "%s: %s", path, strerror(errno));
    fputs(text, f);
    ck_assert_int_eq(fclose(f), 0);
}

/* n bytes of a pattern at dir/rel, on the disk (synced). */
void support_put_bytes(const char *dir, const char *rel, size_t n)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", dir, rel);
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ck_assert_msg(fd >= 0, "%s: %s", path, strerror(errno));
    char block[4096];
    for (size_t done = 0; done < n;) {
        size_t k = n - done < sizeof block ? n - done : sizeof block;
        memset(block, (int)(done / sizeof block), k);
        ck_assert_int_eq(write(fd, block, k), (ssize_t)k);
        done += k;
    }
    ck_assert_int_eq(fsync(fd), 0);
    close(fd);
}

/* Drops path's pages from the page cache (they are clean: synced). */
void support_evict(const char *path)
{
    int fd = open(path, O_RDONLY);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED), 0);
    close(fd);
}

/* How many of path's pages are in memory now, and of how many. */
size_t support_resident(const char *path, size_t *all)
{
    int fd = open(path, O_RDONLY);
    ck_assert_int_ge(fd, 0);
    struct stat st;
    ck_assert_int_eq(fstat(fd, &st), 0);
    size_t page = (size_t)sysconf(_SC_PAGESIZE), n = ((size_t)st.st_size + page - 1) / page;
    void *a = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_SHARED, fd, 0);
    ck_assert_ptr_ne(a, MAP_FAILED);
    unsigned char *v = malloc(n);
    ck_assert_int_eq(mincore(a, (size_t)st.st_size, v), 0);
    size_t in = 0;
    for (size_t i = 0; i < n; i++)
        in += v[i] & 1;
    free(v);
    munmap(a, (size_t)st.st_size);
    close(fd);
    *all = n;
    return in;
}

/* Whether path's pages can leave memory at all (not on tmpfs). */
int support_evictable(const char *path)
{
    struct statfs fs;
    ck_assert_int_eq(statfs(path, &fs), 0);
    return fs.f_type != TMPFS_MAGIC && fs.f_type != RAMFS_MAGIC;
}

void support_make_cold(const char *path)
{
    if (!support_evictable(path)) return;
    support_evict(path);
    size_t all, in = support_resident(path, &all);
    ck_assert_msg(in < all, "could not make %s cold (%zu of %zu pages in memory)", path, in, all);
}
