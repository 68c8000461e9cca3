/* datadir_test.c -- a bot's data directory packed for seat hosts
 * (arena/datadir.h): a tree packs to the same bytes every time and comes
 * back whole; links and other non-files refuse the pack; and a pack from a
 * hostile arena (a path out of the directory, a repeated one, one below a
 * file) is refused with nothing written. And its files held in memory while
 * the bot plays: read in (a page a cold file had not is in afterwards) and
 * locked, or read in when the lock is refused. */
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "arena/proto/arena.pb-c.h"
#include "datadir.h"
#include "support.h"

static void sub(const char *dir, const char *rel)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", dir, rel);
    ck_assert_msg(mkdir(path, 0755) == 0, "%s: %s", path, strerror(errno));
}

/* The contents of dir/rel, "" for an empty file, NULL when missing. */
static char *slurp(const char *dir, const char *rel)
{
    static char buf[256];
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", dir, rel);
    FILE *f = fopen(path, "r");
    if (!f) return NULL;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    return buf;
}

/* How many entries dir holds. */
static int entries(const char *dir)
{
    char cmd[4300];
    snprintf(cmd, sizeof cmd, "ls -A '%s' | wc -l", dir);
    FILE *p = popen(cmd, "r");
    ck_assert_ptr_nonnull(p);
    int n = -1;
    ck_assert_int_eq(fscanf(p, "%d", &n), 1);
    pclose(p);
    return n;
}

START_TEST(a_tree_packs_the_same_and_comes_back_whole)
{
    char root[4096], src[4200], dst[4200], again[4200], err[600];
    support_tmpdir(root, sizeof root);
    snprintf(src, sizeof src, "%s/bot.d", root);
    sub(root, "bot.d");
    support_put_text(src, "book.txt", "3\n");
    support_put_text(src, "empty", "");
    sub(src, "chapter");
    sub(src, "chapter/deeper");
    sub(src, "nothing"); /* an empty directory travels too */
    support_put_text(src, "chapter/page.txt", "4\n");
    support_put_text(src, "chapter/deeper/a b", "spaced\n");
    support_put_text(src, "chapter.txt", "sorts between 'chapter' and 'chapter/'\n");

    uint8_t *p1, *p2, *p3;
    size_t n1, n2, n3;
    ck_assert_msg(datadir_pack(src, &p1, &n1, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(datadir_pack(src, &p2, &n2, err, sizeof err) == 0, "%s", err);
    ck_assert(n1 == n2 && memcmp(p1, p2, n1) == 0);

    snprintf(dst, sizeof dst, "%s/built.d", root);
    ck_assert_msg(datadir_unpack(p1, n1, dst, err, sizeof err) == 0, "%s", err);
    ck_assert_str_eq(slurp(dst, "book.txt"), "3\n");
    ck_assert_str_eq(slurp(dst, "empty"), "");
    ck_assert_str_eq(slurp(dst, "chapter/page.txt"), "4\n");
    ck_assert_str_eq(slurp(dst, "chapter/deeper/a b"), "spaced\n");
    ck_assert_ptr_nonnull(slurp(dst, "chapter.txt"));
    char nothing[4300];
    snprintf(nothing, sizeof nothing, "%s/nothing", dst);
    ck_assert_int_eq(entries(nothing), 0);
    ck_assert_int_eq(entries(dst), 5);
    ck_assert_int_eq(entries(root), 2); /* no temporary left beside it */
    struct stat st;
    ck_assert_int_eq(stat(dst, &st), 0);
    ck_assert_int_eq(st.st_mode & 0777, 0755); /* readable by the jail's user */

    /* the tree built from the pack packs to the same bytes */
    ck_assert_msg(datadir_pack(dst, &p3, &n3, err, sizeof err) == 0, "%s", err);
    ck_assert(n1 == n3 && memcmp(p1, p3, n1) == 0);
    /* a changed byte is another pack */
    support_put_text(src, "book.txt", "4\n");
    free(p2);
    ck_assert_msg(datadir_pack(src, &p2, &n2, err, sizeof err) == 0, "%s", err);
    ck_assert(n1 != n2 || memcmp(p1, p2, n1) != 0);

    /* built already (another seat was first): the same tree stands */
    snprintf(again, sizeof again, "%s/built.d", root);
    ck_assert_msg(datadir_unpack(p1, n1, again, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(entries(root), 2);
    free(p1);
    free(p2);
    free(p3);
}
END_TEST

START_TEST(only_files_and_directories_travel)
{
    char root[4096], src[4200], link[4300], err[600];
    support_tmpdir(root, sizeof root);
    snprintf(src, sizeof src, "%s/bot.d", root);
    sub(root, "bot.d");
    support_put_text(src, "book.txt", "3\n");
    snprintf(link, sizeof link, "%s/passwd", src);
    ck_assert_int_eq(symlink("/etc/passwd", link), 0);
    uint8_t *p = NULL;
    size_t n;
    ck_assert_int_eq(datadir_pack(src, &p, &n, err, sizeof err), -1);
    ck_assert_ptr_null(p);
    char want[4400];
    snprintf(want, sizeof want, "%s: not a regular file or a directory", link);
    ck_assert_msg(strstr(err, want) != NULL, "%s", err);
    unlink(link);
    snprintf(link, sizeof link, "%s/nowhere", root);
    ck_assert_int_eq(datadir_pack(link, &p, &n, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "nowhere: No such file or directory") != NULL, "%s", err);
}
END_TEST

START_TEST(paths_out_of_the_directory_are_refused)
{
    static const char *const ok[] = {"a", "a/b", "a.b/c", "...", "a/.b", "..a"};
    static const char *const bad[] = {"",      "/etc/passwd", "..", "../x", "a/../../x", "a//b",
                                      "a/./b", "./a",         "a/", "a/.",  "a/.."};
    for (size_t i = 0; i < sizeof ok / sizeof *ok; i++)
        ck_assert_msg(datadir_path_ok(ok[i]), "'%s' refused", ok[i]);
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        ck_assert_msg(!datadir_path_ok(bad[i]), "'%s' accepted", bad[i]);
    ck_assert(!datadir_path_ok(NULL));
}
END_TEST

/* A pack of the given entries ("name" a file, "name/" a directory). */
static uint8_t *pack_of(const char *const *names, size_t n, size_t *len)
{
    Arena__DataEntry e[8], *ep[8];
    ck_assert_uint_le(n, 8);
    for (size_t i = 0; i < n; i++) {
        arena__data_entry__init(&e[i]);
        size_t l = strlen(names[i]);
        e[i].directory = l > 0 && names[i][l - 1] == '/';
        e[i].path = strndup(names[i], e[i].directory ? l - 1 : l);
        e[i].data.data = (uint8_t *)"x";
        e[i].data.len = e[i].directory ? 0 : 1;
        ep[i] = &e[i];
    }
    Arena__DataDir d = ARENA__DATA_DIR__INIT;
    d.entries = ep;
    d.n_entries = n;
    *len = arena__data_dir__get_packed_size(&d);
    uint8_t *out = malloc(*len + 1);
    arena__data_dir__pack(&d, out);
    for (size_t i = 0; i < n; i++)
        free(e[i].path);
    return out;
}

START_TEST(hostile_packs_write_nothing)
{
    static const struct {
        const char *names[4];
        size_t n;
        const char *why;
    } cases[] = {
        {{"../escape"}, 1, "with the path '../escape'"},
        {{"/tmp/abs"}, 1, "with the path '/tmp/abs'"},
        {{"a/", "a/../../x"}, 2, "with the path 'a/../../x'"},
        {{"f", "f"}, 2, "'f': File exists"},
        {{"d/", "d/"}, 2, "'d': File exists"},
        {{"f", "f/g"}, 2, "'f/g': Not a directory"},
        {{"x/y"}, 1, "'x/y': No such file or directory"},
    };
    char root[4096], dst[4200], err[600];
    support_tmpdir(root, sizeof root);
    snprintf(dst, sizeof dst, "%s/built.d", root);
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        size_t len;
        uint8_t *p = pack_of(cases[i].names, cases[i].n, &len);
        err[0] = '\0';
        ck_assert_msg(datadir_unpack(p, len, dst, err, sizeof err) == -1, "case %zu built", i);
        ck_assert_msg(strstr(err, cases[i].why) != NULL, "case %zu: %s", i, err);
        ck_assert_msg(entries(root) == 0, "case %zu left something in %s", i, root);
        free(p);
    }
    const uint8_t junk[] = {0xff, 0xff, 0xff};
    ck_assert_int_eq(datadir_unpack(junk, sizeof junk, dst, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "does not unpack") != NULL, "%s", err);
    ck_assert_int_eq(entries(root), 0);
}
END_TEST

/* The tree is the bot author's: one deeper than DATADIR_MAX_DEPTH (it once
 * ran the packer's recursion off the arena's stack) or with more than
 * DATADIR_MAX_ENTRIES entries is refused, naming the limit; at the limits it
 * packs. */
START_TEST(deep_and_wide_trees_are_bounded)
{
    char root[4096], src[4200], path[8400], err[600];
    support_tmpdir(root, sizeof root);
    snprintf(src, sizeof src, "%s/bot.d", root);
    sub(root, "bot.d");
    snprintf(path, sizeof path, "%s", src);
    for (int d = 0; d < DATADIR_MAX_DEPTH; d++) {
        strcat(path, "/a");
        ck_assert_int_eq(mkdir(path, 0755), 0);
    }
    uint8_t *p = NULL;
    size_t n;
    ck_assert_msg(datadir_pack(src, &p, &n, err, sizeof err) == 0, "%s", err);
    free(p);
    p = NULL;
    strcat(path, "/a");
    ck_assert_int_eq(mkdir(path, 0755), 0);
    ck_assert_int_eq(datadir_pack(src, &p, &n, err, sizeof err), -1);
    ck_assert_ptr_null(p);
    ck_assert_msg(strstr(err, "more than 32 directories deep"), "%s", err);
    rmdir(path);
    /* with the directories above: DATADIR_MAX_ENTRIES in all, then one more */
    for (int i = DATADIR_MAX_DEPTH; i < DATADIR_MAX_ENTRIES; i++) {
        char name[32];
        snprintf(name, sizeof name, "f%d", i);
        support_put_text(src, name, "");
    }
    ck_assert_msg(datadir_pack(src, &p, &n, err, sizeof err) == 0, "%s", err);
    free(p);
    p = NULL;
    support_put_text(src, "one-more", "");
    ck_assert_int_eq(datadir_pack(src, &p, &n, err, sizeof err), -1);
    ck_assert_ptr_null(p);
    char want[4400];
    snprintf(want, sizeof want, "%s: the data directory holds more than %d entries", src,
             DATADIR_MAX_ENTRIES);
    ck_assert_msg(strstr(err, want), "%s", err);
    support_rmrf(root);
}
END_TEST

/* ------------------------------------------------------------- hold -- */

/* This process's locked memory, kB (/proc/self/status VmLck). */
static long locked_kb(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    ck_assert_ptr_nonnull(f);
    char line[256];
    long kb = -1;
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "VmLck: %ld kB", &kb) == 1) break;
    fclose(f);
    return kb;
}

static int hold_files(void *ctx, int fd, const char *full, const char *rel, const struct stat *st,
                      char *err, size_t errlen)
{
    (void)rel;
    return S_ISREG(st->st_mode) ? datadir_hold_fd(ctx, fd, full, err, errlen) : 0;
}

/* A cold tree (2 MB and 64 KB, below a subdirectory) is all in memory once
 * held and locked there (this process may lock: root, or a big enough
 * RLIMIT_MEMLOCK); released, the lock is gone. */
START_TEST(held_files_are_read_in_and_locked)
{
    char root[4096], src[4200], big[4300], small[4300], err[600];
    support_tmpdir(root, sizeof root);
    snprintf(src, sizeof src, "%s/bot.d", root);
    sub(root, "bot.d");
    sub(src, "weights");
    support_put_bytes(src, "book.bin", 2 << 20);
    support_put_bytes(src, "weights/w.bin", 64 << 10);
    snprintf(big, sizeof big, "%s/book.bin", src);
    snprintf(small, sizeof small, "%s/weights/w.bin", src);
    support_make_cold(big);
    support_make_cold(small);
    size_t all, in;
    long before = locked_kb();
    datadir_hold h = {.lock_budget = 8 << 20};
    ck_assert_msg(datadir_walk(src, hold_files, &h, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(h.n, 2);
    ck_assert_uint_eq(h.bytes, (2 << 20) + (64 << 10));
    in = support_resident(big, &all);
    ck_assert_uint_eq(in, all);
    in = support_resident(small, &all);
    ck_assert_uint_eq(in, all);
    struct rlimit rl;
    ck_assert_int_eq(getrlimit(RLIMIT_MEMLOCK, &rl), 0);
    if (geteuid() == 0 || rl.rlim_cur == RLIM_INFINITY || rl.rlim_cur >= (4u << 20)) {
        ck_assert_uint_eq(h.unlocked, 0);
        ck_assert_uint_eq(h.locked, (2 << 20) + (64 << 10));
        ck_assert_int_ge(locked_kb() - before, 2048 + 64);
    }
    datadir_release(&h);
    ck_assert_uint_eq(h.n, 0);
    ck_assert_int_eq(locked_kb(), before);
    datadir_release(&h); /* twice is harmless (contract 7) */
    support_rmrf(root);
}
END_TEST

/* A hold locks no more than its budget (its seat host's grant: contract
 * 5): past it, a file is read in, not locked. Budget 1 MB: the 2 MB file is
 * read in, the 64 KB one locked. */
START_TEST(a_hold_locks_within_its_budget)
{
    char root[4096], big[4300], small[4300], err[600];
    support_tmpdir(root, sizeof root);
    support_put_bytes(root, "big.bin", 2 << 20);
    support_put_bytes(root, "small.bin", 64 << 10);
    snprintf(big, sizeof big, "%s/big.bin", root);
    snprintf(small, sizeof small, "%s/small.bin", root);
    support_make_cold(big);
    long before = locked_kb();
    datadir_hold h = {.lock_budget = 1 << 20};
    ck_assert_msg(datadir_hold_file(&h, big, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(h.unlocked, 1);
    size_t all, in = support_resident(big, &all);
    ck_assert_uint_eq(in, all);
    ck_assert_int_eq(locked_kb(), before);
    ck_assert_msg(datadir_hold_file(&h, small, err, sizeof err) == 0, "%s", err);
    if (geteuid() == 0) {
        ck_assert_uint_eq(h.unlocked, 1);
        ck_assert_int_eq(locked_kb() - before, 64);
        ck_assert_uint_eq(h.locked, 64 << 10);
    }
    datadir_release(&h);
    support_rmrf(root);
}
END_TEST

/* Where the lock is refused (no CAP_IPC_LOCK, RLIMIT_MEMLOCK 0: an
 * unprivileged arena), a held file is still read in, and counted unlocked.
 * In a child, which gives the capability up for good. */
START_TEST(a_refused_lock_still_reads_the_file_in)
{
    char root[4096], path[4300], err[600];
    support_tmpdir(root, sizeof root);
    support_put_bytes(root, "book.bin", 1 << 20);
    snprintf(path, sizeof path, "%s/book.bin", root);
    support_make_cold(path);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        struct __user_cap_header_struct hd = {_LINUX_CAPABILITY_VERSION_3, 0};
        struct __user_cap_data_struct d[2];
        if (syscall(SYS_capget, &hd, d) != 0) _exit(10);
        d[CAP_IPC_LOCK / 32].effective &= ~(1u << (CAP_IPC_LOCK % 32));
        if (syscall(SYS_capset, &hd, d) != 0) _exit(11);
        struct rlimit none = {0, 0};
        if (setrlimit(RLIMIT_MEMLOCK, &none) != 0) _exit(12);
        datadir_hold h = {.lock_budget = 8 << 20}; /* the budget allows it, the kernel not */
        if (datadir_hold_file(&h, path, err, sizeof err) != 0) _exit(13);
        if (h.unlocked != 1 || locked_kb() != 0) _exit(14);
        size_t all, in = support_resident(path, &all);
        _exit(in == all ? 0 : 15);
    }
    int status = 0;
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0,
                  "the child failed at step %d (see the _exit codes)", WEXITSTATUS(status));
    support_rmrf(root);
}
END_TEST

static int count_entry(void *ctx, int fd, const char *full, const char *rel, const struct stat *st,
                       char *err, size_t errlen)
{
    (void)fd, (void)full, (void)rel, (void)st, (void)err, (void)errlen;
    ++*(int *)ctx;
    return 0;
}

/* Files of DATADIR_MAX_BYTES in all are walked; one byte more is refused
 * before it is visited, naming the file (sparse files: nothing is read). */
START_TEST(the_walk_bounds_the_bytes)
{
    char root[4096], src[4200], path[4300], err[600];
    support_tmpdir(root, sizeof root);
    snprintf(src, sizeof src, "%s/bot.d", root);
    sub(root, "bot.d");
    snprintf(path, sizeof path, "%s/a.bin", src);
    int fd = open(path, O_WRONLY | O_CREAT, 0644);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(ftruncate(fd, DATADIR_MAX_BYTES - 1), 0);
    close(fd);
    support_put_text(src, "b.txt", "x");
    int seen = 0;
    ck_assert_msg(datadir_walk(src, count_entry, &seen, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(seen, 2);
    support_put_text(src, "b.txt", "xy");
    seen = 0;
    ck_assert_int_ne(datadir_walk(src, count_entry, &seen, err, sizeof err), 0);
    ck_assert_msg(strstr(err, "the data directory holds more than 256 MB") != NULL, "%s", err);
    ck_assert_int_le(seen, 1);
    support_rmrf(root);
}
END_TEST

/* The walk judges what it opened, not what it listed (contract 2): an entry
 * put in a file's place between the listing and the open -- a FIFO (not
 * waited on), a link (not followed) -- is refused naming it, as a walk
 * meeting it would be; a file and a directory open as themselves. The swap
 * itself cannot be timed from here, so the open is given the swapped entry
 * directly. */
START_TEST(an_entry_swapped_after_listing_is_refused)
{
    char root[4096], path[4300], full[4300], err[600];
    support_tmpdir(root, sizeof root);
    support_put_text(root, "book.txt", "3\n");
    sub(root, "chapter");
    snprintf(path, sizeof path, "%s/fifo", root);
    ck_assert_int_eq(mkfifo(path, 0644), 0);
    snprintf(path, sizeof path, "%s/link", root);
    ck_assert_int_eq(symlink("book.txt", path), 0);
    int dfd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    ck_assert_int_ge(dfd, 0);
    const char *refused[] = {"fifo", "link"};
    for (int i = 0; i < 2; i++) {
        struct stat st;
        snprintf(full, sizeof full, "%s/%s", root, refused[i]);
        err[0] = '\0';
        ck_assert_int_eq(datadir_open_entry(dfd, refused[i], full, &st, err, sizeof err), -1);
        char want[4400];
        snprintf(want, sizeof want, "%s: not a regular file or a directory", full);
        ck_assert_msg(strstr(err, want) == err, "%s", err);
    }
    struct stat st;
    snprintf(full, sizeof full, "%s/book.txt", root);
    int fd = datadir_open_entry(dfd, "book.txt", full, &st, err, sizeof err);
    ck_assert_msg(fd >= 0, "%s", err);
    ck_assert(S_ISREG(st.st_mode));
    ck_assert_int_eq(st.st_size, 2);
    close(fd);
    snprintf(full, sizeof full, "%s/chapter", root);
    fd = datadir_open_entry(dfd, "chapter", full, &st, err, sizeof err);
    ck_assert_msg(fd >= 0, "%s", err);
    ck_assert(S_ISDIR(st.st_mode));
    close(fd);
    close(dfd);
    support_rmrf(root);
}
END_TEST

/* What a visitor reads is the entry the walk judged: its descriptor's
 * file, the same inode as the stat it was given. And a top that is a link
 * is not followed (jail_data_dir names BOT.d as one before a walk). */
static int same_file(void *ctx, int fd, const char *full, const char *rel, const struct stat *st,
                     char *err, size_t errlen)
{
    (void)full, (void)rel, (void)err, (void)errlen;
    struct stat now;
    if (fstat(fd, &now) != 0 || now.st_ino != st->st_ino || now.st_dev != st->st_dev) return 1;
    ++*(int *)ctx;
    return 0;
}

START_TEST(the_walk_visits_what_it_opened)
{
    char root[4096], src[4200], link[4200], err[600];
    support_tmpdir(root, sizeof root);
    snprintf(src, sizeof src, "%s/bot.d", root);
    sub(root, "bot.d");
    sub(src, "chapter");
    support_put_text(src, "book.txt", "3\n");
    support_put_text(src, "chapter/page.txt", "4\n");
    int seen = 0;
    ck_assert_msg(datadir_walk(src, same_file, &seen, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(seen, 3);
    snprintf(link, sizeof link, "%s/link.d", root);
    ck_assert_int_eq(symlink(src, link), 0);
    ck_assert_int_ne(datadir_walk(link, same_file, &seen, err, sizeof err), 0);
    ck_assert_msg(strstr(err, link) == err, "%s", err);
    support_rmrf(root);
}
END_TEST

/* A hold without a budget (a seat host the arena granted nothing: its
 * budget is taken by the hosts alive) locks nothing and still reads every
 * page in. */
START_TEST(a_hold_without_a_budget_reads_in_unlocked)
{
    char root[4096], path[4300], err[600];
    support_tmpdir(root, sizeof root);
    support_put_bytes(root, "book.bin", 1 << 20);
    snprintf(path, sizeof path, "%s/book.bin", root);
    support_make_cold(path);
    long before = locked_kb();
    datadir_hold h = {0};
    ck_assert_msg(datadir_hold_file(&h, path, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(h.unlocked, 1);
    ck_assert_uint_eq(h.locked, 0);
    ck_assert_int_eq(locked_kb(), before);
    size_t all, in = support_resident(path, &all);
    ck_assert_uint_eq(in, all);
    datadir_release(&h);
    support_rmrf(root);
}
END_TEST

static Suite *datadir_suite(void)
{
    Suite *s = suite_create("datadir");
    TCase *tc = tcase_create("datadir");
    tcase_add_test(tc, a_tree_packs_the_same_and_comes_back_whole);
    tcase_add_test(tc, only_files_and_directories_travel);
    tcase_add_test(tc, paths_out_of_the_directory_are_refused);
    tcase_add_test(tc, hostile_packs_write_nothing);
    tcase_add_test(tc, deep_and_wide_trees_are_bounded);
    tcase_add_test(tc, an_entry_swapped_after_listing_is_refused);
    tcase_add_test(tc, the_walk_visits_what_it_opened);
    suite_add_tcase(s, tc);
    tc = tcase_create("hold");
    tcase_add_test(tc, held_files_are_read_in_and_locked);
    tcase_add_test(tc, a_refused_lock_still_reads_the_file_in);
    tcase_add_test(tc, a_hold_locks_within_its_budget);
    tcase_add_test(tc, a_hold_without_a_budget_reads_in_unlocked);
    tcase_add_test(tc, the_walk_bounds_the_bytes);
    suite_add_tcase(s, tc);
    return s;
}

SUPPORT_MAIN(datadir_suite)
