/* keys_test.c -- the files of remote seat hosts: CURVE key pairs and lists
 * (keys.h), and the host's cache of files by SHA-256 (host_cache.h). */
#include <check.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "host_cache.h"
#include "host_zap.h"
#include "keys.h"
#include "support.h"

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
}

START_TEST(keygen_makes_a_pair_that_loads_and_refuses_to_overwrite)
{
    char dir[4096], sub[4200], path[4300], err[600];
    support_tmpdir(dir, sizeof dir);
    snprintf(sub, sizeof sub, "%s/k", dir);
    keys_pair made, loaded;
    ck_assert_int_eq(keys_generate(sub, &made, err, sizeof err), 0);
    ck_assert(keys_valid(made.public_z85) && keys_valid(made.secret_z85));
    snprintf(path, sizeof path, "%s/secret.key", sub);
    struct stat st;
    ck_assert_int_eq(stat(path, &st), 0);
    ck_assert_int_eq(st.st_mode & 0777, 0600);
    ck_assert_int_eq(keys_load_pair(sub, &loaded, err, sizeof err), 0);
    ck_assert_str_eq(loaded.public_z85, made.public_z85);
    ck_assert_str_eq(loaded.secret_z85, made.secret_z85);
    ck_assert_int_eq(keys_generate(sub, &made, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "holds a key pair already"), "%s", err);
    /* a secret others can read is refused, naming the fix */
    chmod(path, 0644);
    ck_assert_int_eq(keys_load_pair(sub, &loaded, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "readable by others") && strstr(err, path), "%s", err);
    chmod(path, 0600);
    /* a public key that is not the secret's */
    keys_pair other;
    snprintf(sub, sizeof sub, "%s/o", dir);
    ck_assert_int_eq(keys_generate(sub, &other, err, sizeof err), 0);
    snprintf(path, sizeof path, "%s/k/public.key", dir);
    unlink(path);
    write_file(path, other.public_z85);
    snprintf(sub, sizeof sub, "%s/k", dir);
    ck_assert_int_eq(keys_load_pair(sub, &loaded, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "is not the secret key's"), "%s", err);
}
END_TEST

START_TEST(key_lists_take_files_and_directories)
{
    char dir[4096], path[4200], err[600];
    support_tmpdir(dir, sizeof dir);
    const char *k1 = "rq:rM>}U?@Lns47E1%kR.o@n%FcmmsL/@{H8]yf7",
               *k2 = "Yne@$w-vo<fVvi]a<NY6T1ed:M$fCG*[IaLV{hID";
    ck_assert(keys_valid(k1) && keys_valid(k2));
    char text[400];
    snprintf(text, sizeof text, "# arenas allowed here\n\n%s\n  %s  laptop\n", k1, k2);
    snprintf(path, sizeof path, "%s/allow.txt", dir);
    write_file(path, text);
    keys_list l = {0};
    ck_assert_int_eq(keys_list_add(&l, path, err, sizeof err), 0);
    ck_assert_uint_eq(l.n, 2);
    ck_assert(keys_list_has(&l, k1) && keys_list_has(&l, k2));
    keys_list_free(&l);
    /* a directory: every file in it; duplicates once */
    char sub[4200], f[4300];
    snprintf(sub, sizeof sub, "%s/d", dir);
    mkdir(sub, 0700);
    snprintf(f, sizeof f, "%s/a.key", sub);
    write_file(f, k1);
    snprintf(f, sizeof f, "%s/b.key", sub);
    snprintf(text, sizeof text, "%s\n%s\n", k1, k2);
    write_file(f, text);
    ck_assert_int_eq(keys_list_add(&l, sub, err, sizeof err), 0);
    ck_assert_uint_eq(l.n, 2);
    keys_list_free(&l);
    /* a malformed line is named with its line number */
    snprintf(text, sizeof text, "%s\nnot-a-key\n", k1);
    write_file(path, text);
    ck_assert_int_eq(keys_list_add(&l, path, err, sizeof err), -1);
    ck_assert_msg(strstr(err, ":2: not a CURVE key"), "%s", err);
    keys_list_free(&l);
    write_file(path, "# nothing\n");
    ck_assert_int_eq(keys_list_add(&l, path, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "no key in the file"), "%s", err);
    keys_list_free(&l);
}
END_TEST

START_TEST(cache_stores_only_bytes_that_match_their_hash)
{
    char dir[4096], err[600], path[4300];
    support_tmpdir(dir, sizeof dir);
    host_cache c;
    ck_assert_int_eq(host_cache_open(&c, dir, err, sizeof err), 0);
    /* SHA-256("abc"), FIPS 180-2's first example */
    const char *abc = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
    ck_assert(host_cache_valid_sha(abc));
    ck_assert(
        !host_cache_valid_sha("BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD"));
    ck_assert(!host_cache_valid_sha("../../etc/passwd"));
    ck_assert(!host_cache_path(&c, abc, path, sizeof path));
    /* refused bytes are the sender's failure, told apart from the host's */
    ck_assert_int_eq(host_cache_put(&c, abc, "abd", 3, err, sizeof err), HOST_CACHE_REFUSED);
    ck_assert_msg(strstr(err, "file refused") && strstr(err, "not ba7816bf8f01"), "%s", err);
    ck_assert(!host_cache_path(&c, abc, path, sizeof path));
    ck_assert_int_eq(host_cache_put(&c, abc, "abc", 3, err, sizeof err), 0);
    ck_assert(host_cache_path(&c, abc, path, sizeof path));
    FILE *f = fopen(path, "r");
    char back[8] = "";
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fread(back, 1, sizeof back, f), 3);
    fclose(f);
    ck_assert_str_eq(back, "abc");
    /* a cache that cannot be written is the host's failure (-1): its seat
     * answers FAULT, not the bot's ERROR (remote_wire.h) */
    host_cache gone = c;
    snprintf(gone.dir, sizeof gone.dir, "%s/no-such-dir", dir);
    ck_assert_int_eq(host_cache_put(&gone, abc, "abc", 3, err, sizeof err), -1);
    ck_assert_int_eq(host_cache_put_datadir(&gone, abc, "abc", 3, err, sizeof err), -1);
}
END_TEST

/* A refused key is logged once while remembered; the keys remembered are
 * the last HOST_ZAP_REMEMBER; at most HOST_ZAP_LOGS_PER_MIN lines a minute,
 * then one that says so. Anyone can offer a new key on each connection:
 * neither memory nor the log may grow with them. */
START_TEST(zap_refusals_are_bounded)
{
    static host_zap_refusals r; /* zeroed: empty */
    char key[KEYS_Z85_LEN + 1];
    const int64_t min = 60 * 1000000LL;
    int logged = 0, cap = 0;
    for (int i = 0; i < 1000; i++) {
        snprintf(key, sizeof key, "%040d", i);
        int say = host_zap_refusal(&r, key, 5 * min); /* all in one minute */
        logged += say == HOST_ZAP_LOG_KEY;
        cap += say == HOST_ZAP_LOG_CAP;
    }
    ck_assert_int_eq(logged, HOST_ZAP_LOGS_PER_MIN);
    ck_assert_int_eq(cap, 1);
    ck_assert_uint_eq(r.n, HOST_ZAP_REMEMBER);
    /* the next minute logs again; a key still remembered is not logged twice */
    snprintf(key, sizeof key, "%040d", 999);
    ck_assert_int_eq(host_zap_refusal(&r, key, 6 * min), HOST_ZAP_QUIET);
    snprintf(key, sizeof key, "%040d", 1000);
    ck_assert_int_eq(host_zap_refusal(&r, key, 6 * min), HOST_ZAP_LOG_KEY);
    ck_assert_int_eq(host_zap_refusal(&r, key, 6 * min), HOST_ZAP_QUIET);
    /* forgotten after HOST_ZAP_REMEMBER newer ones: logged again */
    snprintf(key, sizeof key, "%040d", 0);
    ck_assert_int_eq(host_zap_refusal(&r, key, 7 * min), HOST_ZAP_LOG_KEY);
}
END_TEST

static Suite *keys_suite(void)
{
    Suite *s = suite_create("remote_keys");
    TCase *t = tcase_create("files");
    tcase_add_test(t, keygen_makes_a_pair_that_loads_and_refuses_to_overwrite);
    tcase_add_test(t, key_lists_take_files_and_directories);
    tcase_add_test(t, cache_stores_only_bytes_that_match_their_hash);
    tcase_add_test(t, zap_refusals_are_bounded);
    suite_add_tcase(s, t);
    return s;
}

SUPPORT_MAIN(keys_suite)
