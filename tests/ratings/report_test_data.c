/* report_test_data.c -- CSV parsed back field by field (RFC 4180 quoting),
 * JSON checked by a small validating parser that also decodes the strings. */
#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "report_test.h"

static const char *const names[FX_N] = {"greedy \"the\" \\best\\, v2", "tab\there\x01", "名前 bot",
                                        "idle"};

/* ---- CSV ---- */

/* Splits one CSV record at *p into fields (quoted ones unquoted); returns
 * the number of fields and moves *p past the line. */
static int csv_record(const char **p, char field[][128], int max)
{
    int n = 0;
    const char *s = *p;
    for (;;) {
        size_t k = 0;
        ck_assert_int_lt(n, max);
        if (*s == '"') {
            for (s++; !(*s == '"' && s[1] != '"'); s++) {
                ck_assert_msg(*s, "unterminated quoted field");
                if (*s == '"') s++; /* a doubled quote */
                field[n][k++] = *s;
            }
            s++;
        } else {
            while (*s && *s != ',' && *s != '\n')
                field[n][k++] = *s++;
        }
        field[n++][k] = 0;
        if (*s != ',') break;
        s++;
    }
    ck_assert_int_eq(*s, '\n');
    *p = s + 1;
    return n;
}

static int find_name(const char *name)
{
    for (int i = 0; i < FX_N; i++)
        if (strcmp(names[i], name) == 0) return i;
    return -1;
}

START_TEST(test_csv)
{
    fixture fx;
    char field[13][128];
    fixture_make(&fx, names);
    char *csv = capture(report_print_csv, &fx.r);
    const char *p = csv;
    ck_assert_int_eq(csv_record(&p, field, 13), 12);
    const char *head[] = {"rank",  "name", "elo",   "ci95",   "games",     "pairs",
                          "score", "wins", "draws", "losses", "draws_pct", "oppo"};
    for (int c = 0; c < 12; c++)
        ck_assert_str_eq(field[c], head[c]);
    double last = INFINITY;
    for (int k = 1; k <= FX_N; k++) {
        ck_assert_int_eq(csv_record(&p, field, 13), 12);
        int i = find_name(field[1]);
        ck_assert_msg(i >= 0, "unknown name '%s'", field[1]);
        const rating_entry *e = &fx.fit.entry[i];
        ck_assert_int_eq(atoi(field[0]), k);
        ck_assert_double_eq_tol(strtod(field[2], NULL), e->elo, 0.051);
        if (e->games) {
            ck_assert_double_eq_tol(strtod(field[3], NULL), e->ci95, 0.051);
            ck_assert(e->elo <= last);
            last = e->elo;
        } else {
            ck_assert_str_eq(field[3], "");
            ck_assert_int_eq(k, FX_N);
        }
        ck_assert_int_eq(atoi(field[4]), fx.r.matches ? fx.r.matches[i] : e->games);
        ck_assert_int_eq(atoi(field[5]), e->games);
        ck_assert_double_eq_tol(strtod(field[6], NULL), e->score, 5e-5);
        ck_assert_int_eq(atoi(field[7]), e->wins);
        ck_assert_int_eq(atoi(field[8]), e->draws);
        ck_assert_int_eq(atoi(field[9]), e->losses);
        ck_assert_double_eq_tol(strtod(field[10], NULL), e->games ? 100.0 * e->draws / e->games : 0,
                                0.051);
        if (e->games)
            ck_assert_double_eq_tol(strtod(field[11], NULL), e->oppo, 0.051);
        else
            ck_assert_str_eq(field[11], "");
    }
    ck_assert_int_eq(*p, 0);
    free(csv);
    fixture_free(&fx);
}
END_TEST

/* ---- a validating JSON parser (RFC 8259), strings decoded ---- */

typedef struct jp {
    const char *s;
    int depth, strings_found, nulls;
    const char *want; /* a string whose decoded form we look for */
} jp;

static int j_value(jp *p);

static void j_ws(jp *p)
{
    while (*p->s == ' ' || *p->s == '\n' || *p->s == '\t' || *p->s == '\r')
        p->s++;
}

static int hex4(const char *s, unsigned *v)
{
    *v = 0;
    for (int i = 0; i < 4; i++) {
        char c = s[i];
        int d = c >= '0' && c <= '9'   ? c - '0'
                : c >= 'a' && c <= 'f' ? c - 'a' + 10
                : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                       : -1;
        if (d < 0) return 0;
        *v = *v * 16 + (unsigned)d;
    }
    return 1;
}

static size_t put_utf8(char *o, unsigned cp)
{
    if (cp < 0x80) return o[0] = (char)cp, 1;
    if (cp < 0x800) return o[0] = (char)(0xC0 | cp >> 6), o[1] = (char)(0x80 | (cp & 63)), 2;
    o[0] = (char)(0xE0 | cp >> 12), o[1] = (char)(0x80 | (cp >> 6 & 63));
    o[2] = (char)(0x80 | (cp & 63));
    return 3;
}

static int j_string(jp *p)
{
    char out[512];
    size_t n = 0;
    if (*p->s++ != '"') return 0;
    while (*p->s != '"') {
        unsigned char c = (unsigned char)*p->s;
        if (c < 0x20 || n > 500) return 0; /* raw control characters are invalid */
        if (c != '\\') {
            out[n++] = *p->s++;
            continue;
        }
        const char *e = strchr("\"\\/bfnrt", p->s[1]);
        if (p->s[1] == 'u') {
            unsigned v;
            if (!hex4(p->s + 2, &v) || (v >= 0xD800 && v < 0xE000)) return 0;
            n += put_utf8(out + n, v);
            p->s += 6;
        } else if (e && p->s[1]) {
            out[n++] = "\"\\/\b\f\n\r\t"[e - "\"\\/bfnrt"];
            p->s += 2;
        } else {
            return 0;
        }
    }
    p->s++;
    out[n] = 0;
    if (p->want && strcmp(out, p->want) == 0) p->strings_found++;
    return 1;
}

static int j_number(jp *p)
{
    const char *s = p->s;
    if (*s == '-') s++;
    if (*s < '0' || *s > '9') return 0;
    while (*s >= '0' && *s <= '9')
        s++;
    if (*s == '.') {
        if (*++s < '0' || *s > '9') return 0;
        while (*s >= '0' && *s <= '9')
            s++;
    }
    p->s = s;
    return 1;
}

static int j_list(jp *p, char close, int object)
{
    p->s++, j_ws(p);
    if (++p->depth > 32) return 0;
    if (*p->s == close) return p->s++, p->depth--, 1;
    for (;;) {
        if (object) {
            if (!j_string(p)) return 0;
            j_ws(p);
            if (*p->s++ != ':') return 0;
        }
        if (!j_value(p)) return 0;
        j_ws(p);
        if (*p->s == close) return p->s++, p->depth--, 1;
        if (*p->s++ != ',') return 0;
        j_ws(p);
    }
}

static int j_value(jp *p)
{
    j_ws(p);
    switch (*p->s) {
    case '{':
        return j_list(p, '}', 1);
    case '[':
        return j_list(p, ']', 0);
    case '"':
        return j_string(p);
    case 'n':
        p->nulls++;
        return strncmp(p->s, "null", 4) == 0 ? (p->s += 4, 1) : 0;
    default:
        return j_number(p);
    }
}

/* Strict UTF-8 over the whole document. */
static int utf8_valid(const unsigned char *s)
{
    while (*s) {
        int len = *s < 0x80             ? 1
                  : (*s & 0xE0) == 0xC0 ? 2
                  : (*s & 0xF0) == 0xE0 ? 3
                  : (*s & 0xF8) == 0xF0 ? 4
                                        : 0;
        if (!len || (len == 2 && *s < 0xC2)) return 0;
        for (int i = 1; i < len; i++)
            if ((s[i] & 0xC0) != 0x80) return 0;
        s += len;
    }
    return 1;
}

static int json_valid(const char *text, const char *want, int *found, int *nulls)
{
    jp p = {text, 0, 0, 0, want};
    if (!utf8_valid((const unsigned char *)text) || !j_value(&p)) return 0;
    j_ws(&p);
    *found = p.strings_found;
    *nulls = p.nulls;
    return *p.s == 0 && p.depth == 0;
}

START_TEST(test_json_validator_rejects)
{
    int f, n;
    ck_assert(json_valid("{\"a\": [1, -2.5, null, \"x\\\"y\"]}", "x\"y", &f, &n) && f == 1);
    ck_assert(!json_valid("{\"a\": \"un\"escaped\"}", NULL, &f, &n));
    ck_assert(!json_valid("{\"a\": \"back\\slash\"}", NULL, &f, &n));
    ck_assert(!json_valid("{\"a\": \"raw\ttab\"}", NULL, &f, &n));
    ck_assert(!json_valid("{\"a\": [1, 2}", NULL, &f, &n));
    ck_assert(!json_valid("{\"a\": inf}", NULL, &f, &n));
    ck_assert(!json_valid("{\"a\": \"\xff\"}", NULL, &f, &n));
}
END_TEST

START_TEST(test_json)
{
    fixture fx;
    int found, nulls;
    fixture_make(&fx, names);
    char *json = capture(report_print_json, &fx.r);
    /* the name with quotes and backslashes: valid, and decodes to itself */
    ck_assert_msg(json_valid(json, names[0], &found, &nulls), "invalid JSON:\n%s", json);
    ck_assert_int_eq(found, 2); /* in entrants and in crosstable.names */
    ck_assert_int_eq(nulls, 2); /* the ci95 and oppo of the entrant without games */
    ck_assert_ptr_nonnull(strstr(json, "\"oppo\": null"));
    ck_assert_ptr_nonnull(strstr(json, "\"ci95\": null"));
    ck_assert(json_valid(json, names[1], &found, &nulls) && found == 2);
    ck_assert(json_valid(json, names[2], &found, &nulls) && found == 2);
    ck_assert_ptr_nonnull(strstr(json, "名前 bot")); /* UTF-8 passes through */
    ck_assert_ptr_nonnull(strstr(json, "tab\\there\\u0001"));
    const char *keys[] = {"\"title\"",      "\"advantage\"", "\"draw_elo\"", "\"entrants\"",
                          "\"crosstable\"", "\"names\"",     "\"score\"",    "\"games\"",
                          "\"los\"",        "\"rank\"",      "\"wins\"",     "\"losses\""};
    for (size_t k = 0; k < sizeof keys / sizeof *keys; k++)
        ck_assert_msg(strstr(json, keys[k]), "missing %s", keys[k]);
    free(json);

    /* without a crosstable the key is null, still valid */
    fx.r.xt_score = NULL;
    json = capture(report_print_json, &fx.r);
    ck_assert(json_valid(json, NULL, &found, &nulls));
    ck_assert_ptr_nonnull(strstr(json, "\"crosstable\": null"));
    ck_assert_ptr_null(strstr(json, "\"draw_elo\": null"));
    free(json);
    /* no game drawn: the draw band would be the prior's alone, so null */
    for (int i = 0; i < fx.fit.n; i++)
        fx.fit.entry[i].draws = 0;
    json = capture(report_print_json, &fx.r);
    ck_assert(json_valid(json, NULL, &found, &nulls));
    ck_assert_ptr_nonnull(strstr(json, "\"draw_elo\": null,\n  \"draw_elo_ci95\": null"));
    free(json);
    fixture_free(&fx);
}
END_TEST

TCase *report_data_tcase(void)
{
    TCase *tc = tcase_create("data");
    tcase_add_test(tc, test_csv);
    tcase_add_test(tc, test_json_validator_rejects);
    tcase_add_test(tc, test_json);
    return tc;
}
