/* options.c -- the options of a morris game: parsing "key=value,..." strictly,
 * the canonical string, and what follows from them (pieces, history size). */
#include <string.h>

#include "arena/module_kit.h"
#include "morris.h"

/* NULL-terminated: also the word list of the variant option. */
static const char *const variant_names[MO_VARIANTS + 1] = {"classic", "lasker", "knight",
                                                           "rook",    "cross",  NULL};

const char mo_options_help[] =
    "variant=classic  classic | lasker (10 pieces, move or place) | knight | rook | cross\n"
    "double_mill=2  removals earned by closing two mills at once: 1 or 2\n"
    "repeat_mill=no_capture  a mill of the same line and pieces as the player's last one: "
    "no_capture | allowed\n"
    "repetition=3  the Nth occurrence of a position is a draw; 0 = off\n"
    "quiet_plies=100  moves in a row without a removal that draw; 0 = off\n"
    "max_turns=500  turns (a placement or move with its removals) that draw";

const char *mo_variant_name(int variant)
{
    return variant >= 0 && variant < MO_VARIANTS ? variant_names[variant] : "?";
}

int mo_pieces(int variant)
{
    return variant == MO_LASKER ? 10 : variant == MO_CROSS ? 6 : 9;
}

/* Positions repeat only between placements and removals, so the history holds
 * at most the moves of one such stretch plus its first node and a node with a
 * pending removal. Every move of that stretch completes a turn, and outside
 * lasker every one of them also counts as a quiet ply (in lasker, moves made
 * while a hand is not empty do not). No repetition rule: no history at all,
 * which keeps states small in OpenSpiel-compatible mode. */
uint16_t mo_hist_cap(const mo_config *cfg)
{
    if (!cfg->repetition) return 0;
    unsigned window = cfg->max_turns;
    if (cfg->quiet_plies && cfg->variant != MO_LASKER && cfg->quiet_plies < window)
        window = cfg->quiet_plies;
    return (uint16_t)(window + 2);
}

/* The option table, in canonical order; arena_opts_parse writes the messages
 * ("morris: bad value 'x' for repetition (expected 0 (off) or 2..100)"). */
enum { OPT_VARIANT, OPT_DOUBLE_MILL, OPT_REPEAT_MILL, OPT_REPETITION, OPT_QUIET, OPT_TURNS, OPTS };

static const char *const repeat_words[] = {"no_capture", "allowed", NULL};

static const arena_opt opt_table[OPTS] = {
    [OPT_VARIANT] = {.key = "variant",
                     .kind = ARENA_OPT_CHOICE,
                     .def = MO_CLASSIC,
                     .words = variant_names},
    [OPT_DOUBLE_MILL] = {.key = "double_mill", .def = 2, .lo = 1, .hi = 2},
    [OPT_REPEAT_MILL] = {.key = "repeat_mill",
                         .kind = ARENA_OPT_CHOICE,
                         .def = 0,
                         .words = repeat_words},
    [OPT_REPETITION] = {.key = "repetition",
                        .def = 3,
                        .lo = 2,
                        .hi = MO_MAX_REPETITION,
                        .flags = ARENA_OPT_ZERO_OFF},
    [OPT_QUIET] = {.key = "quiet_plies",
                   .def = 100,
                   .lo = 1,
                   .hi = MO_MAX_TURNS,
                   .flags = ARENA_OPT_ZERO_OFF},
    [OPT_TURNS] = {.key = "max_turns", .def = 500, .lo = 1, .hi = MO_MAX_TURNS},
};

static const arena_opts morris_opts = {.game = "morris", .opt = opt_table, .count = OPTS};

/* Parses "key=value,key=value" over the defaults (see arena_opts_parse). On
 * failure cfg holds the defaults and the items before the bad one. */
int mo_options_parse(const char *text, mo_config *cfg, char *err, size_t errlen)
{
    int v[OPTS];
    int rc = arena_opts_parse(&morris_opts, text, v, err, errlen);
    *cfg = (mo_config){.variant = (uint8_t)v[OPT_VARIANT],
                       .double_mill = (uint8_t)v[OPT_DOUBLE_MILL],
                       .repeat_allowed = (uint8_t)v[OPT_REPEAT_MILL],
                       .repetition = (uint8_t)v[OPT_REPETITION],
                       .quiet_plies = (uint16_t)v[OPT_QUIET],
                       .max_turns = (uint16_t)v[OPT_TURNS]};
    return rc;
}

void mo_options_format(const mo_config *c, char *buf, size_t cap)
{
    const int v[OPTS] = {[OPT_VARIANT] = c->variant,
                         [OPT_DOUBLE_MILL] = c->double_mill,
                         [OPT_REPEAT_MILL] = c->repeat_allowed ? 1 : 0,
                         [OPT_REPETITION] = c->repetition,
                         [OPT_QUIET] = c->quiet_plies,
                         [OPT_TURNS] = c->max_turns};
    arena_opts_format(&morris_opts, v, buf, cap);
}

int mo_game_init(arena_game *g, const char *options, char *err, size_t errlen)
{
    memset(g, 0, sizeof *g);
    if (mo_options_parse(options, &g->cfg, err, errlen) < 0) return -1;
    g->hist_cap = mo_hist_cap(&g->cfg);
    mo_options_format(&g->cfg, g->options, sizeof g->options);
    return 0;
}
