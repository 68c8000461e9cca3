/* botout.h -- what a sandboxed bot prints, passed on safely.
 *
 * A worker's stdout and stderr are the write end of a pipe, never the arena's
 * own descriptors (a bot could otherwise lseek them, make them non-blocking
 * for the arena, or fill a disk). The arena drains the pipe whenever it waits
 * for that worker and forwards each line to its own stderr as
 * "[label] line", cleaned (text_clean) and capped per game: past
 * BOTOUT_MAX_PER_GAME bytes the rest of the game's output is dropped with one
 * note. A bot that prints faster than the arena drains blocks on the full
 * pipe, which costs only its own time.
 */
#ifndef ARENA_BOTOUT_H
#define ARENA_BOTOUT_H

#include <stddef.h>
#include <stdio.h>

#define BOTOUT_MAX_PER_GAME (16 * 1024)
#define BOTOUT_LINE 256

typedef struct botout {
    int fd;         /* read end, non-blocking; -1 when closed */
    char label[64]; /* the bot's file name */
    size_t used;    /* bytes passed on this game */
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

#endif
