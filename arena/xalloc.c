/* xalloc.c -- allocation that never fails (xalloc.h): out of memory aborts. */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "xalloc.h"

/* async-signal-safe and allocation-free: stdio may itself need memory. */
static void xalloc_die(size_t size)
{
    char msg[96];
    int n = snprintf(msg, sizeof msg, "arena: out of memory (%zu bytes)\n", size);
    if (n > 0) {
        ssize_t w = write(STDERR_FILENO, msg, (size_t)n);
        (void)w;
    }
    abort();
}

void *xmalloc(size_t size)
{
    void *p = malloc(size ? size : 1);
    if (!p) xalloc_die(size);
    return p;
}

void *xcalloc(size_t n, size_t size)
{
    if (n == 0 || size == 0) n = size = 1;
    void *p = calloc(n, size);
    if (!p) xalloc_die(n * size);
    return p;
}

void *xrealloc(void *p, size_t size)
{
    void *q = realloc(p, size ? size : 1);
    if (!q) xalloc_die(size);
    return q;
}

char *xstrdup(const char *s)
{
    if (!s) s = "";
    size_t len = strlen(s) + 1;
    return memcpy(xmalloc(len), s, len);
}

char *xasprintf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0) xalloc_die(0);
    char *s = xmalloc((size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(s, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return s;
}

static pthread_mutex_t xthread_mu = PTHREAD_MUTEX_INITIALIZER;

void *xthread_block(xthread_local *t)
{
    if (!atomic_load_explicit(&t->ready, memory_order_acquire)) {
        pthread_mutex_lock(&xthread_mu);
        if (!atomic_load_explicit(&t->ready, memory_order_relaxed)) {
            if (pthread_key_create(&t->key, t->free_fn) != 0) abort(); /* out of keys */
            atomic_store_explicit(&t->ready, 1, memory_order_release);
        }
        pthread_mutex_unlock(&xthread_mu);
    }
    void *b = pthread_getspecific(t->key);
    if (!b) {
        b = xcalloc(1, t->size);
        if (pthread_setspecific(t->key, b) != 0) xalloc_die(sizeof(void *));
    }
    return b;
}
