/* soccer_engine.h -- the soccer engine: the rules of paper soccer
 * (docs/rules/soccer.md) as a C library for search bots.
 *
 * The library `soccer_engine` (rules/soccer/CMakeLists.txt) is built once from
 * the rule sources and linked statically both by the rule module
 * (rules/libsoccer.so) and by every bundled bot that searches with the rules
 * (plugins/soccer_ab, plugins/soccer_greedy). There is one step rule
 * (soccer_pitch.h: the free steps, and what a step does: pass, bounce, stuck,
 * goal): the module's legal_actions and apply use it on module states, and the
 * whole-turn generator of the bots (soccer_turns.h) uses it on search
 * positions (soccer_board.h), which are read from an observation by the
 * module's own decoder. Inside each .so the engine's names stay hidden
 * (hidden visibility and --exclude-libs): only the ABI entry points are
 * exported.
 *
 * What is stable (changes only together with SOCCER_ENGINE_VERSION, which is
 * also the module's arena_rules.version, so logs show it):
 *  - directions and their digits, point numbering (soccer_pitch.h), the
 *    options and their canonical string;
 *  - what so_legal_steps, so_draw_step and the turn generator answer: the
 *    module's legal actions and step outcomes.
 * What is not (any commit may change it; the bundled bots are rebuilt with it,
 * and a bot built outside the tree uses the rules.h ABI instead):
 *  - the layouts of sb_geo, sb_pos, sb_turns, the evaluation tables and the
 *    Zobrist keys (never stored or sent: the observation is the wire format);
 *  - the module state (opaque here) and the module-private soccer.h.
 * A bot built on this still checks once per game that its legal list is the
 * referee's (arena/legal_check.h): a bot .so and a module from different
 * builds can meet.
 */
#ifndef SOCCER_ENGINE_H
#define SOCCER_ENGINE_H

#include <stddef.h>

#include "soccer_board.h"
#include "soccer_pitch.h"
#include "soccer_turns.h"

/* The version of these rules (the module's arena_rules.version): a change to
 * the rules that changes any game must change it. */
#define SOCCER_ENGINE_VERSION "1.0"

/* The options of a game: "width=8,height=10,goal=2" ("" for the defaults);
 * -1 with one line in err when one is bad (the module's game_new message). */
int so_options_parse(const char *text, so_dims *dims, char *err, size_t errlen);
/* The canonical option string of dims. */
void so_options_format(const so_dims *dims, char *buf, size_t cap);

#endif
