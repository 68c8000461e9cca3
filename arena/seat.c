/* seat.c -- what every seat kind shares: names of the kinds, identities. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jail.h"
#include "seat.h"
#include "text.h"

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

int seat_host_lost(const char *detail)
{
    return strncmp(detail, SEAT_HOST_LOST, strlen(SEAT_HOST_LOST)) == 0 ||
           strncmp(detail, JAIL_BUILD_FAILED, strlen(JAIL_BUILD_FAILED)) == 0;
}

void seat_info_free(seat_info *i)
{
    free(i->name);
    free(i->version);
    free(i->author);
    free(i->games);
    free(i->options_help);
    memset(i, 0, sizeof *i);
}

void seat_info_clean(seat_info *i)
{
    text_clean_name(i->name, TEXT_MAX_NAME); /* they make its label */
    text_clean_name(i->version, TEXT_MAX_NAME);
    text_clean(i->author, TEXT_MAX_NAME);
    text_clean(i->games, TEXT_MAX_GAMES);
    text_clean_lines(i->options_help, TEXT_MAX_HELP);
}

seat *seat_open(const seat_config *cfg, const char *bot_path, char *err, size_t errlen)
{
    seat *s = cfg->kind == SEAT_INLINE ? seat_inline_open(cfg, bot_path, err, errlen)
                                       : seat_process_open(cfg, bot_path, err, errlen);
    if (!s) {
        text_clean(err, errlen - 1); /* it may quote the bot */
        return NULL;
    }
    /* every kind has cleaned what the bot said (seat_info_clean) */
    if (!s->info.name[0]) {
        seat_close(s);
        snprintf(err, errlen, "%s: the bot's name is empty", bot_path);
        return NULL;
    }
    return s;
}
