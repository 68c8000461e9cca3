/* xalloc.h -- the arena's one out-of-memory policy: allocation never fails.
 *
 * Every allocation in the arena program goes through these (as Redis's
 * zmalloc): on failure the process prints "arena: out of memory (N bytes)"
 * and aborts, rather than each caller inventing a partial recovery that is
 * never tested. What is stored stays consistent whatever the moment (finished
 * matches commit atomically, see commit.h), so dying is always safe; a
 * tournament killed so is finished with --resume. Zero-size requests return a
 * valid pointer (never NULL), so callers need no special case for empty lists.
 *
 * Bots and rule modules are not the arena: their allocations are their own
 * (a bot's failure is its forfeit, see match.h).
 */
#ifndef ARENA_XALLOC_H
#define ARENA_XALLOC_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>

void *xmalloc(size_t size);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t size);
/* A copy of s; NULL s gives "". */
char *xstrdup(const char *s);
/* asprintf that cannot fail. */
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* A block of the calling thread's own, zeroed when the thread first asks
 * and given to free_fn when it ends: a buffer kept from match to match
 * without a lock. One xthread_local (static, made with XTHREAD_LOCAL) per
 * kind of block. */
typedef struct xthread_local {
    atomic_int ready; /* the key is made */
    pthread_key_t key;
    size_t size;
    void (*free_fn)(void *);
} xthread_local;
#define XTHREAD_LOCAL(type, free_fn)                                                               \
    {                                                                                              \
        0, 0, sizeof(type), free_fn                                                                \
    }
void *xthread_block(xthread_local *t);

#endif
