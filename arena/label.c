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

char *label_make(const label_id *ids, int n, int i)
{
    const label_id *me = &ids[i];
    int level = 0, copies = 0;
    for (int j = 0; j < n; j++) {
        if (j == i) continue;
        if (label_same_bot(me, &ids[j])) {
            copies = 1;
        } else if (strcmp(me->name, ids[j].name) == 0) {
            if (level < 1) level = 1;
            if (strcmp(me->version, ids[j].version) == 0) level = 2;
        }
    }
    char at[80] = "", copy[16] = "";
    if (level == 1) snprintf(at, sizeof at, "@%.64s", me->version);
    if (level == 2) snprintf(at, sizeof at, "@%.8s", me->sha256);
    if (copies) snprintf(copy, sizeof copy, "#%d", me->copy + 1);
    size_t len = strlen(me->name) + strlen(at) + strlen(copy) + 1;
    char *label = xmalloc(len);
    if (label) snprintf(label, len, "%s%s%s", me->name, at, copy);
    return label;
}
