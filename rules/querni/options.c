/* options.c -- the options of a querni game: parsing "key=value,..." strictly
 * and the canonical string. */
#include "arena/module_kit.h"
#include "querni.h"

const char qu_options_help[] =
    "quiet_turns=30  turns in a row without a removal that draw; 0 = off\n"
    "max_turns=1000  turns (a move and a removal, passes included) that draw";

enum { OPT_QUIET, OPT_MAX_TURNS, OPTS };

static const arena_opt opt_table[OPTS] = {
    [OPT_QUIET] =
        {.key = "quiet_turns", .def = 30, .lo = 1, .hi = QU_MAX_TURNS, .flags = ARENA_OPT_ZERO_OFF},
    [OPT_MAX_TURNS] = {.key = "max_turns", .def = 1000, .lo = 1, .hi = QU_MAX_TURNS},
};

static const arena_opts querni_opts = {.game = "querni", .opt = opt_table, .count = OPTS};

int qu_options_parse(const char *text, qu_config *cfg, char *err, size_t errlen)
{
    int v[OPTS];
    int rc = arena_opts_parse(&querni_opts, text, v, err, errlen);
    *cfg =
        (qu_config){.quiet_turns = (uint16_t)v[OPT_QUIET], .max_turns = (uint16_t)v[OPT_MAX_TURNS]};
    return rc;
}

void qu_options_format(const qu_config *c, char *buf, size_t cap)
{
    const int v[OPTS] = {[OPT_QUIET] = c->quiet_turns, [OPT_MAX_TURNS] = c->max_turns};
    arena_opts_format(&querni_opts, v, buf, cap);
}
