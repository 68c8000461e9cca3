/* shard.h -- a deterministic part of a tournament, for running one tournament
 * on many machines (`arena tournament --shard I/N`, joined by `arena merge`).
 *
 * Shard I of N (1 <= I <= N) holds the matches whose index leaves remainder
 * I-1 when divided by N: match 0 is shard 1's, match 1 shard 2's, and so on
 * round the shards. The schedule, and so every match's seeds and seats, is
 * the whole tournament's: a match plays the same game whichever shard plays
 * it, so merged shards equal the tournament played in one piece. Interleaving
 * (rather than cutting the schedule into N blocks) gives every shard a share
 * of every pairing, so shards of bots of different speeds take about as long.
 *
 * Contract: for any N, every index belongs to exactly one shard; a shard of
 * planned matches holds planned/N of them, rounded up for the first
 * planned % N shards. */
#ifndef ARENA_SHARD_H
#define ARENA_SHARD_H

#include <stddef.h>
#include <stdint.h>

#define SHARD_MAX 100000

/* count 0 means "the whole tournament" (not sharded). */
typedef struct shard_spec {
    int index; /* 1..count */
    int count;
} shard_spec;

/* "I/N" exactly: two decimal integers, 1 <= I <= N <= SHARD_MAX. -1 with a
 * message naming the text otherwise. */
int shard_parse(const char *text, shard_spec *out, char *err, size_t errlen);
/* 1 when match `index` is the shard's (always, for the whole tournament). */
int shard_has(const shard_spec *sh, uint32_t index);
/* The shard a match belongs to, 1..count. */
int shard_of(int count, uint32_t index);
/* How many of `planned` matches are the shard's. */
size_t shard_size(const shard_spec *sh, size_t planned);
/* Marks skip[i] = 1 for every match i < n that is not the shard's (the
 * tournament then plays only the rest). */
void shard_skip_others(const shard_spec *sh, char *skip, size_t n);
/* "2/4" */
void shard_format(const shard_spec *sh, char *buf, size_t len);

#endif
