/* botout.h -- what a sandboxed bot prints, passed on safely.
 *
 * A jailed bot's stdout and stderr are the write end of a pipe, never the
 * arena's own descriptors (a bot could otherwise lseek them, make them
 * non-blocking for the arena, or fill a disk); its seat host holds that end
 * as WORKER_BOT_OUT_FD and opens it again for the jail, a description of the
 * bot's own, and writes its own lines to the arena's stderr, so that only
 * the bot's output comes through this pipe (worker.h). The arena drains the
 * pipe whenever it waits for that worker and forwards each line to its own
 * stderr as "[label] line", cleaned (text_clean) and capped per game: past
 * BOTOUT_MAX_PER_GAME bytes it says so once and stops reading until the next
 * game, since reading on would cost the arena as much as the bot spends
 * writing. A bot that prints faster than the arena drains, or past the cap,
 * blocks on the full pipe, which costs only its own time; a loss on time says
 * that it was blocked printing (BOTOUT_BLOCKED), or it would look like a hang.
 */
#ifndef ARENA_BOTOUT_H
#define ARENA_BOTOUT_H

#include <stddef.h>
#include <stdio.h>

#define BOTOUT_MAX_KB 16
#define BOTOUT_MAX_PER_GAME (BOTOUT_MAX_KB * 1024)
#define BOTOUT_LINE 256

typedef struct botout {
    int fd;         /* read end, non-blocking; -1 when closed */
    char label[64]; /* the bot's file name */
    size_t used;    /* bytes passed on this game, "[label] " prefixes included */
    int dropped;    /* the note was printed */
    char line[BOTOUT_LINE + 1];
    size_t len; /* of the pending partial line */
    FILE *to;   /* stderr */
} botout;

/* Takes the read end of the pipe (made non-blocking here). */
void botout_init(botout *o, int fd, const char *bot_path);
/* Reads what is there (never blocks) and passes it on. */
void botout_drain(botout *o);
/* A new game: the cap starts again. */
void botout_new_game(botout *o);
/* Drains what is left and closes the pipe. */
void botout_close(botout *o);

/* 1 when the pipe behind fd (either end) is full, so that a bot printing to
 * it blocks. */
int botout_pipe_full(int fd);
/* What a loss on time adds when the pipe was full. */
#define BOTOUT_BLOCKED_(kb)                                                                        \
    ": it was blocked printing (past " #kb " KB a game the arena stops reading its output)"
#define BOTOUT_BLOCKED_KB(kb) BOTOUT_BLOCKED_(kb)
#define BOTOUT_BLOCKED BOTOUT_BLOCKED_KB(BOTOUT_MAX_KB)

#endif
