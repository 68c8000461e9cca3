/* options.c -- the options of a kursk game: parsing "key=value,..." strictly
 * and the canonical string. */
#include "arena/module_kit.h"
#include "kursk.h"

const char ks_options_help[] =
    "players=2  seats at the table: 2 or 3\n"
    "max_rounds=100  full rounds after which the players are ranked by field: 1..1000";

enum { OPT_PLAYERS, OPT_ROUNDS, OPTS };

static const arena_opt opt_table[OPTS] = {
    [OPT_PLAYERS] = {.key = "players", .def = 2, .lo = 2, .hi = KS_MAX_SEATS},
    [OPT_ROUNDS] = {.key = "max_rounds", .def = 100, .lo = 1, .hi = KS_MAX_ROUNDS},
};

static const arena_opts kursk_opts = {.game = "kursk", .opt = opt_table, .count = OPTS};

int ks_options_parse(const char *text, ks_config *cfg, char *err, size_t errlen)
{
    int v[OPTS];
    int rc = arena_opts_parse(&kursk_opts, text, v, err, errlen);
    *cfg = (ks_config){.players = (uint16_t)v[OPT_PLAYERS], .max_rounds = (uint16_t)v[OPT_ROUNDS]};
    return rc;
}

void ks_options_format(const ks_config *c, char *buf, size_t cap)
{
    const int v[OPTS] = {[OPT_PLAYERS] = c->players, [OPT_ROUNDS] = c->max_rounds};
    arena_opts_format(&kursk_opts, v, buf, cap);
}
