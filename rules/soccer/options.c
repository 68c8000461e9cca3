/* options.c -- the options of a soccer game (width, height, goal): strict
 * parsing of "key=value,..." and the canonical string. */
#include "arena/module_kit.h"
#include "soccer.h"

const char so_options_help[] = "width=8  squares across: even, 4..32\n"
                               "height=10  squares from goal line to goal line: even, 4..32\n"
                               "goal=2  squares of goal mouth: even, 2..width-2";

/* The option table, in canonical order. The goal's bound by the width is
 * checked once all items are read (a later width may change it), so the
 * table's own bound for it is only what three digits allow. */
enum { OPT_WIDTH, OPT_HEIGHT, OPT_GOAL, OPTS };

static const arena_opt opt_table[OPTS] = {
    [OPT_WIDTH] =
        {.key = "width", .def = 8, .lo = SO_MIN_SIDE, .hi = SO_MAX_SIDE, .flags = ARENA_OPT_EVEN},
    [OPT_HEIGHT] =
        {.key = "height", .def = 10, .lo = SO_MIN_SIDE, .hi = SO_MAX_SIDE, .flags = ARENA_OPT_EVEN},
    [OPT_GOAL] = {.key = "goal",
                  .def = 2,
                  .lo = 2,
                  .hi = 998,
                  .flags = ARENA_OPT_EVEN,
                  .expect = "an even number >= 2, narrower than the width"},
};

/* At most 3 digits: "width=0008" has always been refused. */
static const arena_opts soccer_opts = {
    .game = "soccer", .opt = opt_table, .count = OPTS, .max_digits = 3};

/* Parses "key=value,key=value" over the defaults (8 x 10, goal 2); see
 * arena_opts_parse. The goal is set only once it is known to fit the width. */
int so_options_parse(const char *text, so_dims *d, char *err, size_t errlen)
{
    int v[OPTS];
    int rc = arena_opts_parse(&soccer_opts, text, v, err, errlen);
    *d = (so_dims){.width = (uint8_t)v[OPT_WIDTH], .height = (uint8_t)v[OPT_HEIGHT], .goal = 2};
    if (rc < 0) return -1;
    if (v[OPT_GOAL] >= d->width)
        return arena_errf(err, errlen,
                          "soccer: bad value '%d' for goal (expected an even number "
                          "narrower than width=%d)",
                          v[OPT_GOAL], d->width);
    d->goal = (uint8_t)v[OPT_GOAL];
    return 0;
}

void so_options_format(const so_dims *d, char *buf, size_t cap)
{
    const int v[OPTS] = {[OPT_WIDTH] = d->width, [OPT_HEIGHT] = d->height, [OPT_GOAL] = d->goal};
    arena_opts_format(&soccer_opts, v, buf, cap);
}
