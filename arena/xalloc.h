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

#include <stddef.h>

void *xmalloc(size_t size);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t size);
/* A copy of s; NULL s gives "". */
char *xstrdup(const char *s);
/* asprintf that cannot fail. */
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
