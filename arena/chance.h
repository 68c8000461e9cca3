/* chance.h -- a match's chance stream: the dice, the cards, the layouts.
 *
 * Bots see the outcomes it draws (kurnik's dice are open, a deck's cards show
 * up in hands), so the stream must not be predictable from its own past: a
 * statistical generator such as xoshiro256** (arena_rng, the bots' own) has
 * a small linear state that a patient bot could solve for from the outcomes
 * it has seen, and then know the next rolls. The chance stream is the ChaCha20
 * keystream (libsodium) under a 256-bit key hashed from the match's chance
 * seed, itself a one-way derivation of the match seed (seed.h): seeing any
 * number of outcomes says nothing about the next.
 *
 *   chance_init     -> key from the chance seed, nothing drawn yet
 *   chance_uniform  -> the next 53-bit uniform in [0, 1), in keystream order
 *
 * Invariants: (1) the same chance seed gives the same sequence (matches are
 * reproducible: `--resume`, `arena replay --check`, shards); (2) draw k is
 * the keystream's bytes 8k..8k+7 (little-endian) shifted right by 11, so the
 * sequence does not depend on how the stream is buffered.
 */
#ifndef ARENA_CHANCE_H
#define ARENA_CHANCE_H

#include <stdint.h>

#define CHANCE_BUFFERED 32 /* draws per keystream call: four ChaCha20 blocks */

typedef struct chance_stream {
    unsigned char key[32];
    uint64_t next_block; /* the keystream's block counter */
    uint64_t buf[CHANCE_BUFFERED];
    int pos; /* the next unused draw in buf; CHANCE_BUFFERED: refill */
} chance_stream;

void chance_init(chance_stream *cs, uint64_t chance_seed);
double chance_uniform(chance_stream *cs);

#endif
