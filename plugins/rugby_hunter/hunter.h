/* hunter.h -- internals of rugby_hunter, the probability-map Graj w RUGBY bot.
 *
 * It works from what the arena gives a bot of a hidden-information game: the
 * observation bytes (proto/games/rugby.proto, decoded with the generated
 * protobuf-c code) and the rule module's sample_state, which draws full
 * positions consistent with them.
 *  - view.c   the observation as plain arrays (hv_view)
 *  - map.c    the probability map: over many sampled layouts of the
 *             opponent's board, how often each unknown field holds each mark
 *  - place.c  its own layout, laid out to be hard to find
 *  - hunter.c the bot: the clock, and the guess of most value on the map */
#ifndef HUNTER_H
#define HUNTER_H

#include <stddef.h>
#include <stdint.h>

#include "arena/bot.h"
#include "arena/sdk.h"
#include "games/rugby.pb-c.h"

#define HV_ROWS 15
#define HV_COLS 7
#define HV_FIELDS (HV_ROWS * HV_COLS)
#define HV_MARKS 10 /* the proto's Mark values, MARK_UNKNOWN last */
#define HV_ACT_PASS ARENA__RUGBY__ACTION__ACTION_PASS
#define HV_ACT_PLACE ARENA__RUGBY__ACTION__ACTION_PLACE_FIRST

/* One observation, decoded. */
typedef struct hv_view {
    int seat, phase, to_move, bonus, next_mark;
    int score[2];
    uint8_t marks[2][HV_FIELDS];   /* Mark values as the viewer sees them */
    uint8_t guessed[2][HV_FIELDS]; /* [b][f]: b's opponent has guessed f */
} hv_view;

static inline int hv_row(int f)
{
    return f / HV_COLS + 1;
}
static inline int hv_col(int f)
{
    return f % HV_COLS;
}

/* view.c */
int hv_decode(const uint8_t *obs, size_t len, hv_view *v); /* 0, or -1 if malformed */
int hv_points(int mark);                                   /* points of a hit */
/* Points on board b not yet found by its opponent, as far as the viewer can
 * count them, and how many fields of b are still unguessed. */
int hv_points_left(const hv_view *v, int b, int tries);
int hv_unguessed(const hv_view *v, int b);

/* map.c: the probability map of the opponent's board */
typedef struct hm_map {
    int samples;                         /* layouts drawn */
    uint16_t count[HV_FIELDS][HV_MARKS]; /* how often each field held each mark */
} hm_map;

/* Draws layouts with sample_state until `deadline` or `max` samples, at
 * least `min`; -1 when sample_state refuses the observation. The deadline is
 * on arena_turn_clock_us(clock), the clock the seat is charged on (CPU time
 * in a jail: a loaded machine does not cut the sampling short). */
int hm_build(hm_map *m, const arena_bot_setup *setup, const uint8_t *obs, size_t len,
             arena_rng *rng, const arena_turn *clock, int64_t deadline, int min, int max);
/* P(field f holds mark) on the map. */
static inline double hm_prob(const hm_map *m, int f, int mark)
{
    return m->samples ? (double)m->count[f][mark] / m->samples : 0;
}

/* place.c: the field for the next mark of its own layout (one of `legal`). */
int32_t hp_place(const hv_view *v, const int32_t *legal, int n, arena_rng *rng);

#endif
