/* jsonw.c -- JSON strings and numbers safe inside an HTML <script>. */
#include "jsonw.h"

#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "report_internal.h"

void jsonw_strn(FILE *out, const char *s, size_t len)
{
    fputc('"', out);
    size_t i = 0;
    while (i < len) {
        /* a run of plain ASCII goes out in one write: boards are mostly that */
        size_t run = i;
        while (run < len && (unsigned char)s[run] >= 0x20 && (unsigned char)s[run] < 0x7F &&
               !strchr("\"\\<>&", s[run]))
            run++;
        if (run > i) {
            fwrite(s + i, 1, run - i, out);
            i = run;
            continue;
        }
        uint32_t cp;
        int valid = 1, n;
        if (s[i] == '\0') { /* report_utf8_next stops at NUL: a NUL is a control */
            cp = 0, n = 1;
        } else {
            char tmp[5] = {0};
            size_t k = len - i < 4 ? len - i : 4;
            memcpy(tmp, s + i, k);
            n = report_utf8_next(tmp, &cp, &valid);
        }
        if (!valid)
            fputs("\\ufffd", out);
        else if (cp == '"' || cp == '\\')
            fprintf(out, "\\%c", (char)cp);
        else if (cp == '\n')
            fputs("\\n", out);
        else if (cp == '\t')
            fputs("\\t", out);
        else if (cp < 0x20 || cp == '<' || cp == '>' || cp == '&' || cp == 0x2028 || cp == 0x2029)
            fprintf(out, "\\u%04x", (unsigned)cp);
        else
            fwrite(s + i, 1, (size_t)n, out);
        i += (size_t)n;
    }
    fputc('"', out);
}

void jsonw_str(FILE *out, const char *s)
{
    jsonw_strn(out, s ? s : "", s ? strlen(s) : 0);
}

void jsonw_num(FILE *out, int decimals, double v)
{
    char buf[64];
    if (!isfinite(v)) {
        fputs("null", out);
        return;
    }
    report_fmt_num(buf, sizeof buf, decimals, v);
    fputs(buf, out);
}

void jsonw_int(FILE *out, int64_t v)
{
    fprintf(out, "%" PRId64, v);
}
