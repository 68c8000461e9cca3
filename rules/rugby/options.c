/* options.c -- the options of a rugby game (tries, target, setup): strict
 * parsing of "key=value,..." and the canonical string. */
#include "arena/module_kit.h"
#include "rugby.h"

const char rg_options_help[] =
    "tries=5  tries (O) and conversions (P) on each board: 5..10\n"
    "target=60  points that win at once: 1 to the board's total (93 with 5 tries, 7 more a try)\n"
    "setup=players  who lays out the boards: players (one mark per action) | random (chance)";

static const char *const setup_words[] = {"players", "random", NULL};

/* The option table, in canonical order. The target's bound depends on the
 * tries (a later item may change them), so it is checked once all are read. */
enum { OPT_TRIES, OPT_TARGET, OPT_SETUP, OPTS };

static const arena_opt opt_table[OPTS] = {
    [OPT_TRIES] = {.key = "tries", .def = 5, .lo = RG_MIN_TRIES, .hi = RG_MAX_TRIES},
    [OPT_TARGET] = {.key = "target",
                    .def = 60,
                    .lo = 1,
                    .hi = 999,
                    .expect = "1 to the board's total, 93 with 5 tries"},
    [OPT_SETUP] = {.key = "setup", .kind = ARENA_OPT_CHOICE, .words = setup_words},
};

static const arena_opts rugby_opts = {
    .game = "rugby", .opt = opt_table, .count = OPTS, .max_digits = 3};

/* Parses over the defaults (5 tries, target 60, players lay out); see
 * arena_opts_parse. On failure cfg holds the defaults. */
int rg_options_parse(const char *text, rg_config *cfg, char *err, size_t errlen)
{
    int v[OPTS];
    int rc = arena_opts_parse(&rugby_opts, text, v, err, errlen);
    *cfg = (rg_config){.tries = 5, .setup = RG_SETUP_PLAYERS, .target = 60};
    if (rc < 0) return -1;
    int total = rg_total_points(v[OPT_TRIES]);
    if (v[OPT_TARGET] > total)
        return arena_errf(err, errlen,
                          "rugby: bad value '%d' for target (expected 1 to the board's total, "
                          "%d with tries=%d)",
                          v[OPT_TARGET], total, v[OPT_TRIES]);
    *cfg = (rg_config){.tries = (uint8_t)v[OPT_TRIES],
                       .setup = (uint8_t)v[OPT_SETUP],
                       .target = (uint16_t)v[OPT_TARGET]};
    return 0;
}

void rg_options_format(const rg_config *c, char *buf, size_t cap)
{
    const int v[OPTS] = {[OPT_TRIES] = c->tries, [OPT_TARGET] = c->target, [OPT_SETUP] = c->setup};
    arena_opts_format(&rugby_opts, v, buf, cap);
}
