/* label.c -- labels for players (label.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "label.h"
#include "xalloc.h"

static int label_same_bot(const label_id *a, const label_id *b)
{
    return strcmp(a->name, b->name) == 0 && strcmp(a->version, b->version) == 0 &&
           strcmp(a->sha256, b->sha256) == 0;
}

/* How many leading characters of two digests are the same. */
static int label_common_prefix(const char *a, const char *b)
{
    int k = 0;
    while (a[k] && a[k] == b[k])
        k++;
    return k;
}

char *label_make(const label_id *ids, int n, int i)
{
    const label_id *me = &ids[i];
    int level = 0, copies = 0, digits = LABEL_HASH_DIGITS;
    for (int j = 0; j < n; j++) {
        if (j == i) continue;
        if (label_same_bot(me, &ids[j])) {
            copies = 1;
        } else if (strcmp(me->name, ids[j].name) == 0) {
            if (level < 1) level = 1;
            if (strcmp(me->version, ids[j].version) == 0) {
                level = 2;
                /* a bot built to share another's first digits (32 bits are
                 * within reach of a search) still gets a label of its own:
                 * one digit past the longest prefix they share */
                int common = label_common_prefix(me->sha256, ids[j].sha256);
                if (common + 1 > digits) digits = common + 1;
            }
        }
    }
    char at[80] = "", copy[16] = "";
    if (level == 1) snprintf(at, sizeof at, "@%.64s", me->version);
    if (level == 2) snprintf(at, sizeof at, "@%.*s", digits, me->sha256);
    if (copies) snprintf(copy, sizeof copy, "#%d", me->copy + 1);
    size_t len = strlen(me->name) + strlen(at) + strlen(copy) + 1;
    char *label = xmalloc(len);
    if (label) snprintf(label, len, "%s%s%s", me->name, at, copy);
    return label;
}
