/* replay_obs.h -- a game's Observation (the bytes a rule module's
 * `observation` returns) as JSON, for `arena replay --format json` and the
 * HTML replay viewer.
 *
 * The message is decoded with the game's protobuf descriptor
 * (proto/games/<game>.proto) and written generically: every field under its
 * proto name, proto3 defaults included; enums as their numbers; bytes as an
 * array of numbers (boards are small); repeated fields as arrays; nested
 * messages as objects. A field added to a game's proto appears without any
 * change here; a new game needs one line in the table of replay_obs.c. */
#ifndef ARENA_REPLAY_OBS_H
#define ARENA_REPLAY_OBS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* 1 when the game's Observation can be decoded (the game is in the table). */
int replay_obs_known(const char *game);
/* Writes the observation as a JSON object; writes null and returns -1 when
 * the game is unknown or the bytes do not decode. */
int replay_obs_json(FILE *out, const char *game, const uint8_t *buf, size_t len);

/* The same object as top-level fields, each as its `"name":value` text, in
 * the message's field order (*n of them; the same game always gives the same
 * names in the same order). lean leaves out the bookkeeping no picture shows
 * (morris's repetition history). -1 as above. Free with
 * replay_obs_fields_free. */
int replay_obs_fields(const char *game, const uint8_t *buf, size_t len, int lean, char ***fields,
                      size_t *n);
void replay_obs_fields_free(char **fields, size_t n);

#endif
