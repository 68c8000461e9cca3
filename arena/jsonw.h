/* jsonw.h -- the few JSON pieces the replay export and the HTML report write
 * to a FILE: strings, numbers and nulls.
 *
 * Contract: strings come out as valid JSON whatever the bytes (malformed
 * UTF-8 becomes U+FFFD) and never contain '<', '>' or '&' literally (they are
 * \u003c, \u003e, \u0026), so the same text can sit inside an HTML <script>
 * element without closing it. Numbers that JSON cannot hold (NaN, infinity)
 * are written as null. */
#ifndef ARENA_JSONW_H
#define ARENA_JSONW_H

#include <stdint.h>
#include <stdio.h>

/* A quoted string; NULL writes "". */
void jsonw_str(FILE *out, const char *s);
/* The same from len bytes (which may hold NULs). */
void jsonw_strn(FILE *out, const char *s, size_t len);
/* A number with up to `decimals` digits after the point ('.' whatever the
 * locale), trailing zeros kept as printf gives them; null when not finite. */
void jsonw_num(FILE *out, int decimals, double v);
void jsonw_int(FILE *out, int64_t v);

#endif
