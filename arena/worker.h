/* worker.h -- a bot running in its own jail behind a seat host, seen from the arena.
 *
 * The arena re-executes its own binary as a seat host (`arena __worker ...`,
 * see worker_main.c), which starts the bot in a jail (jail.h). The host
 * connects a ZeroMQ DEALER to a ROUTER that the arena bound for it on an
 * ipc:// endpoint in a private temporary directory, sends Ready, and from then
 * on every message is a protobuf-c ArenaMsg or WorkerMsg (proto/arena.proto).
 * The host reports a bot's forfeit as a Fault message (outcome and detail).
 *
 * Every call that waits takes a timeout and never blocks past it. Calls return
 * OUTCOME_NORMAL (0) on success, or the outcome code that the failure costs the
 * bot (OUTCOME_TIME, OUTCOME_CRASH, OUTCOME_SANDBOX, OUTCOME_GARBAGE,
 * OUTCOME_SETUP) with a one-line detail in err ("sandbox violation: openat",
 * "crashed: signal 11 (Segmentation fault)", "no answer within 1000 ms").
 * After any failure the worker is dead or killed: worker_close() it and spawn
 * a fresh one for the next game.
 *
 * A worker serves any number of consecutive games of one bot: Setup, turns and
 * events, GameOver, then the next Setup.
 *
 * Thread safety: a worker_env may be shared by threads; each worker must be used
 * by one thread at a time.
 */
#ifndef ARENA_WORKER_H
#define ARENA_WORKER_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "arena.pb-c.h"

/* Process-wide: the ZeroMQ context and the private ipc directory. */
typedef struct worker_env worker_env;

worker_env *worker_env_new(char *err, size_t errlen);
/* Removes the ipc directory. Close every worker first: zmq_ctx_term waits
 * for all sockets. */
void worker_env_free(worker_env *env);
void *worker_env_zmq(worker_env *env);
/* The program re-executed as a worker; /proc/self/exe by default. A test
 * program that is not the arena either dispatches `__worker` to worker_main
 * itself or points this at the arena binary. 0, or -1 if the path is too long. */
int worker_env_set_exe(worker_env *env, const char *path);
/* The bytes of bots' files that the seat hosts of env may lock in memory,
 * all together (datadir.h, contract 5). Set by worker_env_new to a quarter
 * of the memory available then (meminfo_usable); this sets another figure (tests),
 * before any worker is spawned. Each worker_spawn grants its host what it
 * could lock (2 x DATADIR_MAX_BYTES) or what is left, and takes back at
 * its Ready what the host did not lock; worker_close, once the host is
 * reaped, takes back the rest. A host granted nothing (the budget used up
 * by hosts alive) reads its bot's files in unlocked. */
void worker_env_set_lock_budget(worker_env *env, uint64_t bytes);
/* The part of the budget no live worker holds now. */
uint64_t worker_env_lock_free(worker_env *env);

/* The watch on the machine's memory over env's seat hosts (memguard.h);
 * worker_spawn registers each host with its bot's path, and a bot
 * the guard killed forfeits with the guard's words. */
typedef struct memguard memguard;
memguard *worker_env_guard(worker_env *env);

/* A seat host's descriptor for the write end of the pipe its bot prints to
 * (botout.h), which it passes to the jail as the bot's stdout and stderr.
 * The host's own stdout and stderr are the arena's stderr: its few lines
 * of diagnostics are never taken for the bot's (labelled with the bot's
 * name), and no description the host writes through is the bot's, whose
 * status flags (O_NONBLOCK: its filter allows it) are then its own. */
#define WORKER_BOT_OUT_FD 3

/* A bot process's address-space limit when none is given (--mem). */
#define WORKER_DEFAULT_MEM_MB 1024

typedef struct worker_config {
    const char *bot_path;   /* the bot .so */
    const char *rules_path; /* the game's rule module, or NULL (info only) */
    int sandbox;            /* SANDBOX_JAIL (default), SANDBOX_SECCOMP or SANDBOX_OFF */
    int64_t mem_limit_mb;   /* address-space limit of the worker, 0 = default */
    int64_t cpu_limit_s;    /* RLIMIT_CPU backstop, 0 = default */
    const char *data_dir;   /* the bot's data directory: NULL for BOT.d beside the bot,
                               "" for none (jail.h) */
} worker_config;

typedef struct worker worker;

/* Starts the process and waits (up to timeout_us) for its Ready. */
worker *worker_spawn(worker_env *env, const worker_config *cfg, int64_t timeout_us, char *err,
                     size_t errlen);

/* Starts a game (or, with setup->info_only, only asks who the bot is). On
 * success *info_out (if not NULL) receives the bot's identity, to be freed with
 * arena__bot_info__free_unpacked, and *think_us and *cpu_us (each may be NULL)
 * the time the bot had for the start and its CPU time, counted as a turn's
 * (worker_act). A bot that refuses the game or fails to load gives
 * OUTCOME_SETUP with its message.
 * timeout_us is the bot's limit in time it had: the seat host counts
 * wall-clock time less the time the bot waited for a processor (Linux
 * schedstat; plain wall-clock time where that is missing) and answers
 * OUTCOME_TIME past it, so no load on the machine costs a bot its start.
 * How it counts (a wait still going on, an answer the host reads late):
 * owntime.h.
 * The arena itself waits WORKER_WAIT_US(timeout_us) of wall-clock time, a
 * backstop for a host that does not answer: beyond what a bot starved to a
 * few percent of a processor needs. Turns are limited the same way. */
#define WORKER_WAIT_US(limit_us) (10 * (limit_us) + 60 * 1000000LL)
int worker_setup(worker *w, const Arena__Setup *setup, int64_t timeout_us,
                 Arena__BotInfo **info_out, int64_t *think_us, int64_t *cpu_us, char *err,
                 size_t errlen);

/* Asks for an action. On success *action holds the bot's answer (not yet
 * checked for legality), *elapsed_us the time the bot had for it (its host
 * counts it as a Setup's limit: wall-clock time less its waits for a
 * processor, so a loaded machine costs no bot its move; never more than the
 * wall time from send to answer) and *cpu_us (may be NULL) the CPU time the
 * bot's jail used meanwhile. Past timeout_us of that time the host answers
 * OUTCOME_TIME; the arena's own wait is the WORKER_WAIT_US backstop, after
 * which it kills the worker. Between requests the host keeps the jail
 * stopped (SIGSTOP): a bot computes only while it serves one; events and game
 * ends wait in its channel until its next request. */
int worker_act(worker *w, const Arena__TurnRequest *turn, int64_t timeout_us, int32_t *action,
               int64_t *elapsed_us, int64_t *cpu_us, char *err, size_t errlen);

/* Tells the bot about another seat's action or a chance outcome. Does not wait. */
int worker_event(worker *w, const Arena__Event *event, char *err, size_t errlen);

/* Ends the current game; the worker is then ready for another Setup. */
int worker_game_over(worker *w, const Arena__GameOver *over, char *err, size_t errlen);

/* Whether the bot wants events (has observe()), known after worker_setup. */
int worker_wants_events(const worker *w);
pid_t worker_pid(const worker *w);
/* Bytes of the bot's files its seat host locked in memory (its Ready). */
uint64_t worker_locked(const worker *w);
/* True once the bot has used half of its CPU-time limit in turns (RLIMIT_CPU
 * counts every game it served): the pool then retires it before the limit can
 * cost a game. */
int worker_cpu_exhausted(const worker *w);

/* Says Bye, waits briefly for the exit, then SIGKILLs; reaps; frees. NULL ok. */
void worker_close(worker *w);

/* Entry point of `arena __worker ...` (argv[0] is "__worker"). Returns the exit
 * status of the worker process. */
int worker_main(int argc, char **argv);

#endif
