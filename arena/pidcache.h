/* pidcache.h -- getpid() answered from memory (pidcache.c), in the arena
 * executable and in programs that link pidcache.c as it does.
 *
 *   (start)  the cache is on where the kernel supports it
 *   pidcache_use(0) -> every getpid() is the system call again, in this
 *                      process and the children it makes from then on
 *   pidcache_use(1) -> answered from memory again
 *
 * Invariants: (1) getpid() always equals the kernel's getpid system call in
 * the calling process, whatever made the process (fork, clone, threads);
 * (2) once a process has asked, it asks the kernel no more (cache on).
 * pidcache_use exists for the benchmark that compares ZeroMQ as shipped with
 * ZeroMQ under the cache (bench/move_cost.c). */
#ifndef ARENA_PIDCACHE_H
#define ARENA_PIDCACHE_H

void pidcache_use(int on);

#endif
