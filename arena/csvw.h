/* csvw.h -- CSV fields as the tables write them (ratings.csv, `arena ratings
 * --format csv`, `--history`): the one place that decides how a field is
 * quoted.
 *
 * A field goes out as it is unless it holds a comma, a quote, CR or LF, or
 * starts or ends with a space (which spreadsheets trim); then it is quoted,
 * with each quote doubled (RFC 4180). */
#ifndef ARENA_CSVW_H
#define ARENA_CSVW_H

#include <stdio.h>

/* One field; NULL writes an empty one. */
void csvw_field(FILE *out, const char *s);

#endif
