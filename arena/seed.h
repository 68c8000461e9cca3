/* seed.h -- one-way seed derivation. Every seed a bot or the chance stream
 * gets is a keyed cryptographic hash (BLAKE2b, libsodium's generichash) of a
 * parent seed and a role label, so no seed a bot sees reveals its parent, the
 * chance stream or another seat's seed. (arena_seed_derive in the SDK is a
 * fast invertible mix for bots' own use; the arena never hands its output to
 * a bot.) */
#ifndef ARENA_SEED_H
#define ARENA_SEED_H

#include <stdint.h>

/* The child seed of `parent` for a role: "chance", "seat", "match"... and an
 * index within that role (the seat number, the match index). */
uint64_t seed_derive(uint64_t parent, const char *role, uint64_t index);

/* Lets libsodium choose its fastest BLAKE2b for this CPU (sodium_init):
 * without it every hash runs the portable code, twice the instructions of
 * the AVX2 code (two seat seeds a match, and the chance stream's key). The
 * hashes are the same either way; call it once, before any thread. */
void seed_init(void);

#endif
