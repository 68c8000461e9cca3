/* rebuild_sprt.h -- an SPRT run made again from its plan and match logs
 * (`arena rebuild`, rebuild.h): where each game's bots sat, and the verdict.
 *
 * The logs hold every game the run stored; the verdict is not in them, but
 * it follows from them: the run counts pairs strictly in order (sprt_run.h),
 * so counting the stored pairs in order again, with the plan's hypotheses,
 * stops where the run stopped -- at the pair that crossed a bound, or at
 * --max-games. A run whose stored pairs end before either (Ctrl-C, a kill)
 * comes back 'stopped', as Ctrl-C leaves it: the logs cannot tell the two
 * apart.
 */
#ifndef ARENA_REBUILD_SPRT_H
#define ARENA_REBUILD_SPRT_H

#include <stddef.h>
#include <stdint.h>

#include "manifest.h"
#include "schedule.h"
#include "store_sprt.h"

/* Match `index` of the run: pair index/2 with the pair's seed, NEW (entrant
 * 0) in seat 0 of the first game and seat 1 of the second, OLD (entrant 1)
 * in the other, the field in seats 2.. in its order. -1 when the plan's
 * --max-games does not reach that far. */
int rebuild_sprt_item(const manifest *m, uint32_t index, schedule_item *it);

/* NEW's score in each stored game, by match index. */
typedef struct rebuild_sprt_games {
    double *score;
    char *have;
    size_t cap;
} rebuild_sprt_games;

/* Game `index` as the log says it ended, NEW in seat new_seat. */
void rebuild_sprt_add(rebuild_sprt_games *g, uint32_t index, const double *returns, int new_seat);
/* The verdict and figures the run stored for these games. */
void rebuild_sprt_verdict(const rebuild_sprt_games *g, const manifest *m, store_sprt_result *out);
void rebuild_sprt_free(rebuild_sprt_games *g);

#endif
