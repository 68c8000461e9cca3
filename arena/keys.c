/* keys.c -- CURVE key files (keys.h). */
#include "keys.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zmq.h>

#include "arena/module_kit.h"
#include "rundir.h"

int keys_valid(const char *s)
{
    uint8_t bin[32];
    return s && strlen(s) == KEYS_Z85_LEN && zmq_z85_decode(bin, s) != NULL;
}

static int keys_write(const char *path, const char *text, mode_t mode, char *err, size_t errlen)
{
    /* O_EXCL: never overwrite a key that may already be in use */
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
    if (fd < 0) return arena_errf(err, errlen, "%s: %s", path, strerror(errno)), -1;
    size_t len = strlen(text);
    int bad = write(fd, text, len) != (ssize_t)len || write(fd, "\n", 1) != 1;
    if (close(fd) != 0) bad = 1;
    if (bad) {
        unlink(path);
        return arena_errf(err, errlen, "%s: write failed", path), -1;
    }
    return 0;
}

int keys_generate(const char *dir, keys_pair *out, char *err, size_t errlen)
{
    /* the parents made as a results directory's are (keygen's help says DIR
     * is created: keys/host with no keys/ yet too); DIR itself is private */
    char parent[PATH_MAX];
    snprintf(parent, sizeof parent, "%s", dir);
    size_t n = strlen(parent);
    while (n > 1 && parent[n - 1] == '/')
        parent[--n] = '\0';
    char *slash = strrchr(parent, '/');
    if (slash && slash != parent) {
        *slash = '\0';
        if (rundir_mkdirs(parent, err, errlen)) return -1;
    }
    if (mkdir(dir, 0700) != 0 && errno != EEXIST)
        return arena_errf(err, errlen, "%s: %s", dir, strerror(errno)), -1;
    struct stat st;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
        return arena_errf(err, errlen, "%s: not a directory", dir), -1;
    char pub[PATH_MAX], sec[PATH_MAX];
    snprintf(pub, sizeof pub, "%s/%s", dir, KEYS_PUBLIC_FILE);
    snprintf(sec, sizeof sec, "%s/%s", dir, KEYS_SECRET_FILE);
    if (access(sec, F_OK) == 0 || access(pub, F_OK) == 0)
        return arena_errf(err, errlen, "%s: holds a key pair already (remove it first)", dir), -1;
    if (zmq_curve_keypair(out->public_z85, out->secret_z85) != 0)
        return arena_errf(err, errlen, "zmq_curve_keypair: %s (libzmq built without CURVE?)",
                          zmq_strerror(errno)),
               -1;
    if (keys_write(sec, out->secret_z85, 0600, err, errlen)) return -1;
    if (keys_write(pub, out->public_z85, 0644, err, errlen)) {
        unlink(sec);
        return -1;
    }
    return 0;
}

/* The next key line of f into out: 1, 0 at the end, -1 on a malformed line. */
static int keys_next(FILE *f, char out[KEYS_Z85_LEN + 1], int *lineno)
{
    char line[256];
    while (fgets(line, sizeof line, f)) {
        ++*lineno;
        char *s = line;
        while (*s == ' ' || *s == '\t')
            s++;
        size_t n = strcspn(s, " \t\r\n");
        if (n == 0) continue;
        if (n == KEYS_Z85_LEN) {
            memcpy(out, s, n);
            out[n] = '\0';
            if (keys_valid(out)) return 1;
        }
        /* '#' is a Z85 digit too: a comment is a line that is no key */
        if (*s == '#') continue;
        return -1;
    }
    return 0;
}

int keys_load_public(const char *path, char out[KEYS_Z85_LEN + 1], char *err, size_t errlen)
{
    FILE *f = fopen(path, "r");
    if (!f) return arena_errf(err, errlen, "%s: %s", path, strerror(errno)), -1;
    int line = 0, rc = keys_next(f, out, &line);
    fclose(f);
    if (rc == 1) return 0;
    if (rc == 0) return arena_errf(err, errlen, "%s: no key in the file", path), -1;
    return arena_errf(err, errlen, "%s:%d: not a CURVE key (40 Z85 characters)", path, line), -1;
}

int keys_load_pair(const char *dir, keys_pair *out, char *err, size_t errlen)
{
    char pub[PATH_MAX], sec[PATH_MAX];
    snprintf(pub, sizeof pub, "%s/%s", dir, KEYS_PUBLIC_FILE);
    snprintf(sec, sizeof sec, "%s/%s", dir, KEYS_SECRET_FILE);
    struct stat st;
    if (stat(sec, &st) != 0)
        return arena_errf(err, errlen, "%s: %s (make a pair with: arena keygen %s)", sec,
                          strerror(errno), dir),
               -1;
    if (st.st_mode & 0077)
        return arena_errf(err, errlen, "%s: readable by others (chmod 600 it)", sec), -1;
    if (keys_load_public(pub, out->public_z85, err, errlen)) return -1;
    if (keys_load_public(sec, out->secret_z85, err, errlen)) return -1;
    /* the two must belong together */
    char derived[KEYS_Z85_LEN + 1];
    if (zmq_curve_public(derived, out->secret_z85) != 0 || strcmp(derived, out->public_z85) != 0)
        return arena_errf(err, errlen, "%s: the public key is not the secret key's", pub), -1;
    return 0;
}

static int keys_list_push(keys_list *l, const char *k)
{
    if (keys_list_has(l, k)) return 0;
    if (l->n == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 8;
        void *p = realloc(l->key, cap * sizeof *l->key);
        if (!p) return -1;
        l->key = p;
        l->cap = cap;
    }
    memcpy(l->key[l->n++], k, KEYS_Z85_LEN + 1);
    return 0;
}

static int keys_list_file(keys_list *l, const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "r");
    if (!f) return arena_errf(err, errlen, "%s: %s", path, strerror(errno)), -1;
    char k[KEYS_Z85_LEN + 1];
    int line = 0, rc, found = 0;
    while ((rc = keys_next(f, k, &line)) == 1) {
        if (keys_list_push(l, k)) {
            rc = -2;
            break;
        }
        found++;
    }
    fclose(f);
    if (rc == -2) return arena_errf(err, errlen, "out of memory"), -1;
    if (rc < 0)
        return arena_errf(err, errlen, "%s:%d: not a CURVE key (40 Z85 characters)", path, line),
               -1;
    if (!found) return arena_errf(err, errlen, "%s: no key in the file", path), -1;
    return 0;
}

int keys_list_add(keys_list *l, const char *path, char *err, size_t errlen)
{
    struct stat st;
    if (stat(path, &st) != 0) return arena_errf(err, errlen, "%s: %s", path, strerror(errno)), -1;
    if (!S_ISDIR(st.st_mode)) return keys_list_file(l, path, err, errlen);
    DIR *d = opendir(path);
    if (!d) return arena_errf(err, errlen, "%s: %s", path, strerror(errno)), -1;
    struct dirent *e;
    int rc = 0, found = 0;
    while (rc == 0 && (e = readdir(d))) {
        char file[PATH_MAX];
        if (e->d_name[0] == '.') continue;
        snprintf(file, sizeof file, "%s/%s", path, e->d_name);
        if (stat(file, &st) != 0 || !S_ISREG(st.st_mode)) continue;
        rc = keys_list_file(l, file, err, errlen);
        found++;
    }
    closedir(d);
    if (rc == 0 && !found) return arena_errf(err, errlen, "%s: no key files in it", path), -1;
    return rc;
}

int keys_list_has(const keys_list *l, const char *z85)
{
    for (size_t i = 0; i < l->n; i++)
        if (strcmp(l->key[i], z85) == 0) return 1;
    return 0;
}

void keys_list_free(keys_list *l)
{
    free(l->key);
    memset(l, 0, sizeof *l);
}
