/* keys.h -- CURVE key pairs and lists of trusted public keys on disk.
 *
 * Every tcp socket between an arena and its seat hosts (host.h, remote.h)
 * runs ZeroMQ's CURVE: each side has a key pair, and each side accepts only
 * the public keys it lists. A key is kept as its Z85 text (40 characters), as
 * zmq_curve_keypair gives it:
 *
 *   DIR/public.key   the public key and a newline (give it to the other side)
 *   DIR/secret.key   the secret key and a newline, mode 0600 (never leaves)
 *
 * A list of trusted keys is a file of keys, one per line (blank lines and
 * other lines starting with '#' are skipped), or a directory whose every regular
 * file is such a file. Every function returns 0, or -1 with a one-line error
 * naming the file in err.
 */
#ifndef ARENA_KEYS_H
#define ARENA_KEYS_H

#include <stddef.h>

#define KEYS_Z85_LEN 40
#define KEYS_PUBLIC_FILE "public.key"
#define KEYS_SECRET_FILE "secret.key"

typedef struct keys_pair {
    char public_z85[KEYS_Z85_LEN + 1];
    char secret_z85[KEYS_Z85_LEN + 1];
} keys_pair;

/* A list of trusted public keys. */
typedef struct keys_list {
    char (*key)[KEYS_Z85_LEN + 1];
    size_t n, cap;
} keys_list;

/* Makes a new pair into dir (created if missing, mode 0700); refuses to
 * overwrite an existing secret key. */
int keys_generate(const char *dir, keys_pair *out, char *err, size_t errlen);
/* Reads dir/public.key and dir/secret.key; the secret file must not be
 * readable by others. */
int keys_load_pair(const char *dir, keys_pair *out, char *err, size_t errlen);
/* Reads the first key of a file (a host's public key). */
int keys_load_public(const char *path, char out[KEYS_Z85_LEN + 1], char *err, size_t errlen);
/* Adds every key of a file or directory to the list; a list file with no key
 * at all is an error. */
int keys_list_add(keys_list *l, const char *path, char *err, size_t errlen);
int keys_list_has(const keys_list *l, const char *z85);
void keys_list_free(keys_list *l);
/* Whether s is a well-formed Z85 CURVE key (40 characters that decode). */
int keys_valid(const char *s);

#endif
