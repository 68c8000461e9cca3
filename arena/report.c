/* report.c -- what every report format shares (rank order, number cells) and
 * report_write_files, which writes all of them into a directory. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "arena/module_kit.h"
#include "report_internal.h"
#include "xalloc.h"

const char *report_name(const report *r, int i)
{
    return r->names && r->names[i] ? r->names[i] : "";
}

static int rank_cmp(const report *r, int a, int b)
{
    const rating_entry *ea = &r->fit->entry[a], *eb = &r->fit->entry[b];
    if ((ea->games > 0) != (eb->games > 0)) return ea->games > 0 ? -1 : 1;
    if (ea->games > 0 && ea->elo != eb->elo) return ea->elo > eb->elo ? -1 : 1;
    if (ea->games > 0 && ea->score != eb->score) return ea->score > eb->score ? -1 : 1;
    return (a > b) - (a < b);
}

/* Insertion sort: stable, no context-less qsort comparator, and O(n^2) is
 * nothing at tournament sizes. */
void report_order(const report *r, int *order)
{
    for (int i = 0; i < r->n; i++)
        order[i] = i;
    if (!r->fit || !r->fit->entry) return;
    for (int i = 1; i < r->n; i++) {
        int v = order[i], j = i;
        while (j > 0 && rank_cmp(r, order[j - 1], v) > 0)
            order[j] = order[j - 1], j--;
        order[j] = v;
    }
}

void report_fmt_elo(char *buf, size_t len, double elo)
{
    long v = lround(elo);
    if (!isfinite(elo))
        snprintf(buf, len, "-");
    else if (v == 0)
        snprintf(buf, len, "0"); /* never "+0" or "-0" */
    else
        snprintf(buf, len, "%+ld", v);
}

void report_fmt_ci(char *buf, size_t len, double ci)
{
    if (isfinite(ci))
        snprintf(buf, len, "%ld", lround(ci));
    else
        snprintf(buf, len, "-");
}

/* Points are multiples of 0.5: "14.5/20", "14/20". */
void report_fmt_points(char *buf, size_t len, double points, int games)
{
    char p[48];
    report_fmt_num(p, sizeof p, points == floor(points) ? 0 : 1, points);
    snprintf(buf, len, "%s/%d", p, games);
}

/* CSV and JSON need a '.' whatever LC_NUMERIC the program chose. */
void report_fmt_num(char *buf, size_t len, int decimals, double v)
{
    snprintf(buf, len, "%.*f", decimals, v);
    for (char *c = buf; *c; c++)
        if (*c == ',') *c = '.';
    if (buf[0] == '-' && strspn(buf, "-0.") == strlen(buf))
        memmove(buf, buf + 1, strlen(buf)); /* "0.0", never "-0.0" */
}

typedef void (*report_printer)(FILE *, const report *);

static void print_all_text(FILE *out, const report *r)
{
    report_print_text(out, r);
    fputc('\n', out);
    report_print_los(out, r);
}

static void print_all_markdown(FILE *out, const report *r)
{
    report_print_markdown(out, r);
    report_print_los_markdown(out, r);
}

static const struct {
    const char *file;
    report_printer print;
} outputs[] = {
    {REPORT_TABLE_FILE, print_all_text},         {"ratings.md", print_all_markdown},
    {"ratings.csv", report_print_csv},           {"ratings.json", report_print_json},
    {"crosstable.txt", report_print_crosstable},
};

/* Written to name.tmp and renamed, so a reader never sees half a table. */
int report_write_atomic(const char *path, void (*write)(FILE *f, void *arg), void *arg, char *err,
                        size_t errlen)
{
    size_t len = strlen(path) + 8;
    char *tmp = xmalloc(len);
    int rc = -1;
    snprintf(tmp, len, "%s.tmp", path);
    FILE *f = fopen(tmp, "w");
    if (!f) {
        arena_errf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        goto done;
    }
    errno = 0;
    write(f, arg);
    /* the cause of a failed write (ENOSPC, EDQUOT) is the errno of the
     * write that failed, or of the flush of what is left: kept, not
     * replaced by a vague EIO */
    int bad = fflush(f) != 0 || ferror(f);
    int why = errno ? errno : EIO;
    if (fclose(f) != 0 && !bad) {
        bad = 1;
        why = errno;
    }
    if (bad || rename(tmp, path) != 0) {
        arena_errf(err, errlen, "cannot write %s: %s", path, strerror(bad ? why : errno));
        remove(tmp);
        goto done;
    }
    rc = 0;
done:
    free(tmp);
    return rc;
}

typedef struct table_file {
    int k;
    const report *r;
} table_file;

static void write_table(FILE *f, void *arg)
{
    const table_file *t = arg;
    outputs[t->k].print(f, t->r);
}

static int write_one(const char *dir, int k, const report *r, char *err, size_t errlen)
{
    size_t len = strlen(dir) + strlen(outputs[k].file) + 8;
    char *path = xmalloc(len);
    snprintf(path, len, "%s/%s", dir, outputs[k].file);
    table_file t = {k, r};
    int rc = report_write_atomic(path, write_table, &t, err, errlen);
    free(path);
    return rc;
}

int report_write_files(const char *dir, const report *r, char *err, size_t errlen)
{
    if (!dir || !r || !r->fit) return arena_errf(err, errlen, "report: no directory or no ratings");
    if (mkdir(dir, 0777) != 0 && errno != EEXIST)
        return arena_errf(err, errlen, "cannot create directory %s: %s", dir, strerror(errno));
    for (size_t k = 0; k < sizeof outputs / sizeof *outputs; k++)
        if (write_one(dir, (int)k, r, err, errlen) != 0) return -1;
    return 0;
}
