/* seat.c -- what every seat kind shares: names of the kinds, identities. */
#include <stdlib.h>
#include <string.h>

#include "seat.h"

static const char *const seat_kind_names[] = {"process", "inline"};

const char *seat_kind_name(seat_kind k)
{
    return (unsigned)k < 2 ? seat_kind_names[k] : "unknown";
}

int seat_kind_parse(const char *s)
{
    for (int k = 0; k < 2; k++)
        if (strcmp(s, seat_kind_names[k]) == 0) return k;
    return -1;
}

void seat_info_free(seat_info *i)
{
    free(i->name);
    free(i->version);
    free(i->author);
    free(i->games);
    memset(i, 0, sizeof *i);
}

seat *seat_open(const seat_config *cfg, const char *bot_path, char *err, size_t errlen)
{
    if (cfg->kind == SEAT_INLINE) return seat_inline_open(cfg, bot_path, err, errlen);
    return seat_process_open(cfg, bot_path, err, errlen);
}
