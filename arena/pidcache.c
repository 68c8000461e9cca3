/* pidcache.c -- getpid() answered from memory, for the arena executable.
 *
 * libzmq checks that it has not been forked on every signal between its
 * threads (pid != getpid () in its signaler), and glibc no longer caches the
 * pid: a move through a seat host made some twenty getpid system calls
 * between the arena, the host and their I/O threads, a quarter of all the
 * calls of a move, where a system call costs about 1.1 us on the virtual
 * machines this runs on.
 *
 * This file is linked into the arena executable only (not arena_core): an
 * executable's definition of a function comes before the C library's for
 * every shared library of the process, libzmq included. The pid is kept in a
 * page marked MADV_WIPEONFORK, which the kernel hands zeroed to every child
 * that does not share the parent's memory -- fork, and clone without
 * CLONE_VM, as the jail's namespaces and the bot's process are made -- so a
 * child asks the kernel once for its own pid and can never be answered with
 * its parent's. Children that share the memory until they exec
 * (posix_spawn's) ask nothing before it. Where the kernel refuses the advice
 * (before Linux 4.14) there is no cache: every call is the system call. */
#include "pidcache.h"

#include <stdatomic.h>
#include <stddef.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

static _Atomic pid_t *pidcache; /* the wiped-on-fork page; NULL: no cache */
static atomic_int pidcache_off; /* pidcache_use(0) */

/* Before main, so before libzmq starts a thread. */
__attribute__((constructor)) static void pidcache_init(void)
{
    size_t size = (size_t)sysconf(_SC_PAGESIZE);
    void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return;
    if (madvise(p, size, MADV_WIPEONFORK) != 0) {
        munmap(p, size);
        return;
    }
    pidcache = p;
}

void pidcache_use(int on)
{
    atomic_store(&pidcache_off, !on);
}

pid_t getpid(void)
{
    _Atomic pid_t *c = atomic_load_explicit(&pidcache_off, memory_order_relaxed) ? NULL : pidcache;
    pid_t pid = c ? atomic_load_explicit(c, memory_order_relaxed) : 0;
    if (pid) return pid;
    pid = (pid_t)syscall(SYS_getpid);
    if (c) atomic_store_explicit(c, pid, memory_order_relaxed);
    return pid;
}
