/* options.c -- the options of a kurnik game: parsing "key=value,..." strictly
 * and the canonical string. */
#include "arena/module_kit.h"
#include "kurnik.h"

const char ku_options_help[] =
    "players=2  seats at the table: 2, 3 or 4\n"
    "max_rounds=300  full rounds after which the players are ranked by goods: 1..10000";

/* The option table, in canonical order; arena_opts_parse writes the messages
 * ("kurnik: bad value '5' for players (expected 2, 3 or 4)"). */
enum { OPT_PLAYERS, OPT_ROUNDS, OPTS };

static const arena_opt opt_table[OPTS] = {
    [OPT_PLAYERS] = {.key = "players", .def = 2, .lo = 2, .hi = KU_MAX_SEATS},
    [OPT_ROUNDS] = {.key = "max_rounds", .def = 300, .lo = 1, .hi = KU_MAX_ROUNDS},
};

static const arena_opts kurnik_opts = {.game = "kurnik", .opt = opt_table, .count = OPTS};

/* Parses "key=value,key=value" over the defaults (see arena_opts_parse). On
 * failure cfg holds the defaults and the items before the bad one. */
int ku_options_parse(const char *text, ku_config *cfg, char *err, size_t errlen)
{
    int v[OPTS];
    int rc = arena_opts_parse(&kurnik_opts, text, v, err, errlen);
    *cfg = (ku_config){.players = (uint16_t)v[OPT_PLAYERS], .max_rounds = (uint16_t)v[OPT_ROUNDS]};
    return rc;
}

void ku_options_format(const ku_config *c, char *buf, size_t cap)
{
    const int v[OPTS] = {[OPT_PLAYERS] = c->players, [OPT_ROUNDS] = c->max_rounds};
    arena_opts_format(&kurnik_opts, v, buf, cap);
}
