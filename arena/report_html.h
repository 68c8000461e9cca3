/* report_html.h -- the tournament report for a browser: DIR/index.html (the
 * rating table with 95 % error bars, the crosstable as a heat map, the pool's
 * ratings over time, per bot its score by seat, time per move and forfeits by
 * reason, and every match with a link to its replay), DIR/replay.html (the
 * replay viewer) and DIR/replays/NNNNN.js (each match as `arena replay
 * --format json` gives it, wrapped to load from file://).
 *
 * Self-contained: no network, every script and style inline in the two pages;
 * the pages open from the disk as they are. Everything comes from the store
 * (store.h: entrants, matches, rating history) and the match logs in
 * DIR/matches, so `arena report` rebuilds the same pages at any later time. */
#ifndef ARENA_REPORT_HTML_H
#define ARENA_REPORT_HTML_H

#include <stddef.h>

#include "store.h"

/* The report of tournament dir_rel (its directory name, as stored) written
 * into dir (its directory), read through s. Replays are written for the
 * matches numbered below max_replays (all when it is negative): a replay is
 * tens of kilobytes, and a tournament of ten thousand matches should not
 * leave gigabytes behind unasked. Returns 0, or -1 with err naming the
 * problem. Matches whose log is missing or does not replay are listed
 * without a replay (a warning counts them on stderr). */
int report_html_write(store *s, const char *dir, const char *dir_rel, long max_replays, char *err,
                      size_t errlen);
/* How many matches' replays a tournament writes at its end unless told
 * (--replays): all of a small tournament's, a sample of a large one's. */
#define REPORT_HTML_TOURNAMENT_REPLAYS 100

#endif
