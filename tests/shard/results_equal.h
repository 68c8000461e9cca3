/* results_equal.h -- do two results directories hold the same tournament?
 *
 * Each directory must hold exactly one whole (unsharded) tournament, e.g. one
 * merged from shards and one played in one piece. Equal means: the same
 * settings; for every match index the same seed, end, detail, culprit, plies
 * and, per seat, the same bot (name and SHA-256), entrant and return; the
 * same match logs (seeds, every action with its seat, returns, end; not think
 * times or where the log is); byte-identical ratings.txt, ratings.md,
 * ratings.csv, ratings.json and crosstable.txt; and the same rating-history
 * snapshot (Elo, interval and games of every player, exactly). */
#ifndef RESULTS_EQUAL_H
#define RESULTS_EQUAL_H

#include <stddef.h>

/* 0 when equal; -1 with the first difference (or the failure) in why. The
 * match count goes to *matches when not NULL. */
int results_equal(const char *a, const char *b, size_t *matches, char *why, size_t len);

#endif
