/* soccer_pitch.h -- the geometry of a paper-soccer pitch (docs/rules/soccer.md),
 * shared by the rule module and the soccer bots: directions, point indices and
 * which steps are blocked before the first move.
 *
 * Field points (x, y), 0 <= x <= width, 0 <= y <= height, are numbered
 * y * (width + 1) + x. The goal points behind the two short sides are not
 * numbered: a step into one ends the game, so nothing is ever kept about them.
 *
 * A point's "blocked" mask has bit d set when the step from it in direction d
 * may not be made: the segment is drawn (border, posts and net at the start,
 * play later) or the step would leave the pitch or cross a post. Every point
 * with a blocked step at the start also has a pre-drawn segment, so "mask != 0"
 * is exactly the bounce test of the rules (see so_pitch_start). */
#ifndef SOCCER_PITCH_H
#define SOCCER_PITCH_H

#include <stdint.h>

#define SO_DIRS 8
#define SO_MIN_SIDE 4
#define SO_MAX_SIDE 32 /* keeps indices in int16 and states under 1.2 kB */
#define SO_MAX_POINTS ((SO_MAX_SIDE + 1) * (SO_MAX_SIDE + 1))
/* so_target() results besides a field point. */
#define SO_OFF (-1)         /* off the pitch or through a post */
#define SO_GOAL_TOP (-2)    /* a goal point above y = height: seat 0 scores */
#define SO_GOAL_BOTTOM (-3) /* a goal point below y = 0: seat 1 scores */

/* Direction d moves by (so_dx[d], so_dy[d]): 0 N, 1 NE, 2 E, 3 SE, 4 S, 5 SW,
 * 6 W, 7 NW; the opposite direction is d ^ 4. */
extern const int8_t so_dx[SO_DIRS];
extern const int8_t so_dy[SO_DIRS];

typedef struct so_dims {
    uint8_t width, height, goal; /* squares; all even, goal < width */
} so_dims;

static inline int so_stride(const so_dims *d)
{
    return d->width + 1;
}
static inline int so_num_points(const so_dims *d)
{
    return (d->width + 1) * (d->height + 1);
}
static inline int so_centre(const so_dims *d)
{
    return (d->height / 2) * so_stride(d) + d->width / 2;
}
/* Goal mouth: x in [so_mouth_lo, so_mouth_hi] on y = 0 and y = height. */
static inline int so_mouth_lo(const so_dims *d)
{
    return (d->width - d->goal) / 2;
}
static inline int so_mouth_hi(const so_dims *d)
{
    return (d->width + d->goal) / 2;
}

/* Where the step from field point p in direction dir lands: a field point,
 * SO_GOAL_TOP / SO_GOAL_BOTTOM, or SO_OFF. Geometry only (drawn segments are
 * the caller's business). */
int so_target(const so_dims *d, int p, int dir);

/* Fills mask[so_num_points(d)] with the blocked steps of the start position. */
void so_pitch_start(const so_dims *d, uint8_t *mask);

/* Steps a whole game can hold: the segments free at the start. */
int so_free_segments(const so_dims *d);

/* The seat that scores when the ball enters goal `target` (SO_GOAL_*). */
static inline int so_scorer(int target)
{
    return target == SO_GOAL_TOP ? 0 : 1;
}

/* ---- The step rule ------------------------------------------------------
 * The one definition of a step that the module (legal_actions, apply) and the
 * whole-turn generator of the bots (soccer_turns.h) share, on a mask of
 * blocked steps per field point: which steps the ball may make, and what a
 * step does. */

/* The free steps of the ball on field point p: bit d set when step d may be
 * made. Legal actions are these directions, ascending. */
static inline unsigned so_free_steps(const uint8_t *mask, int p)
{
    return (uint8_t)~mask[p];
}

/* Whether step d of the ball on p is free (one bit of so_free_steps). */
static inline int so_step_free(const uint8_t *mask, int p, int d)
{
    return !(mask[p] & (1u << d));
}

/* Writes up to cap of the free steps of the ball on p, ascending; returns how
 * many there are (the module's legal_actions while the game is on). */
static inline int so_legal_steps(const uint8_t *mask, int p, int32_t *out, int cap)
{
    unsigned free_steps = so_free_steps(mask, p);
    int n = 0;
    for (int d = 0; d < SO_DIRS; d++)
        if (free_steps & (1u << d)) {
            if (n < cap) out[n] = d;
            n++;
        }
    return n;
}

/* What a step does (docs/rules/soccer.md): */
enum so_step {
    SO_STEP_PASS,   /* the ball stops on a fresh point: the other seat moves */
    SO_STEP_BOUNCE, /* it lands where a segment was drawn: the same seat steps again */
    SO_STEP_STUCK,  /* it bounces to a point with no free step: the mover loses */
    SO_STEP_GOAL    /* it enters goal q: so_scorer(q) wins, own goal or not */
};

/* Draws free step d from field point p to q = so_target(p, d) in mask (a goal
 * point, q < 0, has no byte) and says what it does. */
static inline enum so_step so_draw_step(uint8_t *mask, int p, int d, int q)
{
    mask[p] |= (uint8_t)(1u << d);
    if (q < 0) return SO_STEP_GOAL;
    int fresh = mask[q] == 0; /* the bounce test: nothing drawn at q yet */
    mask[q] |= (uint8_t)(1u << (d ^ 4));
    return fresh ? SO_STEP_PASS : mask[q] == 0xFF ? SO_STEP_STUCK : SO_STEP_BOUNCE;
}

/* Undoes so_draw_step of a field step (q >= 0). */
static inline void so_undraw_step(uint8_t *mask, int p, int d, int q)
{
    mask[p] &= (uint8_t) ~(1u << d);
    mask[q] &= (uint8_t) ~(1u << (d ^ 4));
}

#endif
