/* merge.h -- `arena merge`: the shards of a tournament (shard.h) joined into
 * one tournament, as if it had been played in one piece.
 *
 * Each shard is a tournament directory made by `arena tournament --shard I/N`
 * (or the results directory holding exactly one such shard). The merge:
 *   1. reads every shard's store (read-only) and checks that they are shards
 *      of one tournament (game, options, seed, rounds, seat orders, time
 *      control, the same bots by SHA-256, the rules version of every log,
 *      split into the same N) that do not overlap (no shard given twice) and
 *      together hold every match; a stored match without its log is an
 *      error too. Any refusal comes before anything is written, and names
 *      the missing matches and what plays them;
 *   2. writes one tournament into the results directory --out: the bots, the
 *      tournament and every match row in its store, and every shard's
 *      committed log segments as the merged tournament's segments
 *      (matches/gNNNNNN.pb, one per shard segment, the logs naming the merged
 *      tournament); uncommitted segments of a killed shard are left out;
 *   3. rates it as a tournament does: rating table, crosstable and report
 *      files, the persistent pool's snapshot, the tournament marked finished.
 * Merging needs no bot and no rule module: everything comes from the shards'
 * stores and logs. The shards are not changed.
 *
 * Exit status: 0 merged; 2 refused (not shards of one tournament, overlapping,
 * missing matches, --out being a shard's own results directory or holding
 * this tournament already: its matches would count twice in the persistent
 * ratings); 1 on a failure to read or write. A merge killed half way leaves
 * an unfinished tournament in --out, which `arena tournament --resume`
 * completes with the same results. */
#ifndef ARENA_MERGE_H
#define ARENA_MERGE_H

typedef struct merge_opts {
    const char *const *dirs; /* shard directories, as given */
    int n_dirs;
    const char *out_dir; /* results directory of the merged tournament */
    int no_report;       /* no index.html (as arena tournament --no-report) */
    long replays;        /* the report's replays, as arena tournament --replays */
} merge_opts;

int merge_run(const merge_opts *o);

#endif
