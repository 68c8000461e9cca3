/* csvw.c -- CSV fields quoted where they must be (see csvw.h). */
#include "csvw.h"

#include <string.h>

void csvw_field(FILE *out, const char *s)
{
    if (!s) s = "";
    size_t n = strlen(s);
    if (!s[strcspn(s, ",\"\r\n")] && (n == 0 || (s[0] != ' ' && s[n - 1] != ' '))) {
        fputs(s, out);
        return;
    }
    fputc('"', out);
    for (; *s; s++) {
        if (*s == '"') fputc('"', out);
        fputc(*s, out);
    }
    fputc('"', out);
}
