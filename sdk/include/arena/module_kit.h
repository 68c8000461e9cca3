/* module_kit.h -- the module kit: what every rule module needs besides its own
 * rules, so that a new game is only its rules.
 *
 *  1. Options: a declarative table of a game's options, a strict parser of
 *     "key=value,key=value" with the arena's error wording, and the canonical
 *     option string (rules.h: game_new and game_options).
 *  2. Text out: a bounded text builder with the rules.h convention of render
 *     and action_name (return the length needed, write a NUL-terminated prefix
 *     when cap > 0), and error lines for caller-owned err buffers.
 *  3. Flat states: clone, free, no chance nodes, two-player returns - members
 *     of the arena_rules table that are the same in most games.
 *
 * It is part of libarena-sdk. A module built in the tree links the static copy
 * with -Wl,--exclude-libs,ALL, so none of these names leave the module; one
 * built outside links -larena-sdk (pkg-config arena-sdk). Nothing here keeps
 * state or allocates, except arena_flat_clone.
 *
 * A small example, a game with "size=8,colour=white":
 *
 *     static const char *const colours[] = {"white", "black", NULL};
 *     enum { OPT_SIZE, OPT_COLOUR, OPTS };
 *     static const arena_opt opt_table[OPTS] = {
 *         [OPT_SIZE] = {.key = "size", .def = 8, .lo = 4, .hi = 16, .flags = ARENA_OPT_EVEN},
 *         [OPT_COLOUR] = {.key = "colour", .kind = ARENA_OPT_CHOICE, .words = colours},
 *     };
 *     static const arena_opts opts = {.game = "mygame", .opt = opt_table, .count = OPTS};
 *
 *     int v[OPTS];
 *     if (arena_opts_parse(&opts, text, v, err, errlen) < 0) return NULL;
 *     arena_opts_format(&opts, v, g->options, sizeof g->options);
 *     // "size=8,colour=white"; "size=5" fails with
 *     // "mygame: bad value '5' for size (expected an even number from 4 to 16)"
 *
 * A number with a fractional part is a DECIMAL, held in fixed point:
 *
 *     [OPT_C] = {.key = "c", .kind = ARENA_OPT_DECIMAL, .def = 100, .lo = 0, .hi = 1000,
 *                .flags = ARENA_OPT_PLACES(2)},   // "c=1.4" gives 140; default 1
 */
#ifndef ARENA_MODULE_KIT_H
#define ARENA_MODULE_KIT_H

#include <stdarg.h>
#include <stddef.h>

#include "arena/rules.h"

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define ARENA_PRINTF(fmt, first) __attribute__((format(printf, fmt, first)))
#else
#define ARENA_PRINTF(fmt, first)
#endif

/* ---- 1. Options ------------------------------------------------------- */

/* Kinds of option value. Every value is an int. */
enum arena_opt_kind {
    ARENA_OPT_INT = 0, /* a whole number: digits only, no sign, no spaces */
    ARENA_OPT_CHOICE,  /* one of `words`, spelled exactly; the value is its index */
    /* A number with a fractional part: digits, then optionally '.' and 1 to
     * `places` digits ("1", "1.4", "0.05"; never ".5", "5.", "1e2", "-1"). The
     * value is fixed point, the number times 10^places ("1.4" with 2 places is
     * 140), and so are def, lo and hi. Its places come from the flags
     * (ARENA_OPT_PLACES(n), n = 1..6); 2 when none is given. */
    ARENA_OPT_DECIMAL,
};

/* Flags of an INT or DECIMAL option. */
#define ARENA_OPT_EVEN 0x1u     /* INT: only even numbers in lo..hi */
#define ARENA_OPT_ZERO_OFF 0x2u /* 0 is accepted too (it means "off"), besides lo..hi */
/* DECIMAL: n places after the point (1..6); the value is the number times 10^n. */
#define ARENA_OPT_PLACES(n) ((unsigned)(n) << 4)

/* One option of a game. Zeroed members are the usual choice: kind INT, no
 * flags, the generated `expect`. */
typedef struct arena_opt {
    const char *key;          /* "max_turns": what users type */
    int kind;                 /* enum arena_opt_kind */
    int def;                  /* the default value (a word's index for CHOICE) */
    int lo, hi;               /* INT, DECIMAL: the accepted range, inclusive */
    unsigned flags;           /* INT, DECIMAL: ARENA_OPT_* */
    const char *const *words; /* CHOICE: the words, NULL-terminated */
    /* What a bad value message says is expected, or NULL to have it generated
     * (arena_opt_expect): set it when the rule is more than the table says,
     * such as a bound checked by the module after parsing. */
    const char *expect;
} arena_opt;

/* The options of a game: its table in canonical order. */
typedef struct arena_opts {
    const char *game;     /* "morris": the first word of every message */
    const arena_opt *opt; /* count entries */
    int count;
    /* Longest number accepted, leading zeros included (1..9; 0 means 5); for a
     * DECIMAL, the digits before the point. A longer value is refused whatever
     * its value: this keeps the arithmetic far from overflow and bounds how
     * many leading zeros pass. */
    int max_digits;
} arena_opts;

/* Parses "key=value,key=value" into values[spec->count], in table order.
 * Guarantees:
 *  - values[] starts as the defaults; NULL or "" gives all defaults.
 *  - Items are separated by ','; an empty item (a leading, trailing or
 *    doubled ',') or an empty key ("=3") fails, as arena_opts_check says.
 *  - A key may be given twice only with the same value ("cap=0,cap=00"); a
 *    second, different value fails.
 *  - The first bad item fails the whole string: -1 is returned, values[] holds
 *    the defaults and the items before it, and err (if not NULL and errlen > 0)
 *    holds one of these lines, truncated to errlen - 1 bytes:
 *      "<game>: empty option in '<text>' (a trailing ',')"
 *      "<game>: option '<item>' has no key in '<text>' (expected key=value)"
 *      "<game>: option '<item>' has no value (expected key=value)"
 *      "<game>: unknown option '<key>' (known: <key1>, <key2>, ...)"
 *      "<game>: bad value '<value>' for <key> (expected <expect>)"
 *      "<game>: option '<key>' given twice (<value>, then <value>): give it once"
 *    An item's key is what precedes its first '='; the value is the rest.
 *  - 0 on success. */
int arena_opts_parse(const arena_opts *spec, const char *text, int *values, char *err,
                     size_t errlen);

/* The shape of an option string, which arena_opts_parse checks first and the
 * arena checks of a bot's options before the bot sees them: every item
 * between commas is non-empty and has a key before its '='. NULL and "" pass.
 * Returns 0, or -1 with err filled (as arena_opts_parse fills it) with
 *   "<who>: empty option in '<text>' (a leading ',')" (or trailing, doubled)
 *   "<who>: option '<item>' has no key in '<text>' (expected key=value)" */
int arena_opts_check(const char *who, const char *text, char *err, size_t errlen);

/* The canonical string "key1=v1,key2=v2,..." of values[spec->count]: every key,
 * in table order; a CHOICE as its word ("?" for an index out of range); a
 * DECIMAL as its number without trailing zeros (140 with 2 places is "1.4",
 * 100 is "1", 5 is "0.05"), which parses back to the same value. Same
 * return convention as rules.h's render: the length needed, and a
 * NUL-terminated prefix written when cap > 0. */
size_t arena_opts_format(const arena_opts *spec, const int *values, char *buf, size_t cap);

/* The "expected ..." phrase of an option: its `expect` when set, otherwise
 *   CHOICE                  "a, b or c"
 *   INT, lo..hi             "lo..hi", or the values listed ("1 or 2",
 *                           "2, 3 or 4") when there are at most three
 *   INT with ARENA_OPT_EVEN "an even number from lo to hi"
 *   DECIMAL                 "lo..hi with at most P decimals" ("0..10 with at
 *                           most 2 decimals", "0.5..2.25 with at most 2 decimals")
 *   with ARENA_OPT_ZERO_OFF "0 (off) or " before any of the three above.
 * Same return convention as arena_opts_format. */
size_t arena_opt_expect(const arena_opt *opt, char *buf, size_t cap);

/* Fills err (when not NULL and errlen > 0) like snprintf and returns -1: the
 * one-line error of a check the table cannot express, e.g.
 *   return arena_errf(err, errlen, "%s: bad value '%d' for goal (...)", ...); */
int arena_errf(char *err, size_t errlen, const char *fmt, ...) ARENA_PRINTF(3, 4);

/* ---- 2. Text out ------------------------------------------------------ */

/* A text written into a caller's buffer of cap bytes. `len` counts the whole
 * text added so far, written or not, so that a render can be written straight
 * into the caller's buffer and return arena_text_len:
 *
 *     arena_text t;
 *     arena_text_init(&t, buf, cap);
 *     arena_text_add(&t, "%s to move\n", name);
 *     return arena_text_len(&t);
 *
 * Guarantee: buf holds the first min(len, cap - 1) bytes of the text followed
 * by a NUL whenever cap > 0; nothing is written when cap is 0 (buf may then be
 * NULL), so a first call with cap 0 tells the size to allocate. */
typedef struct arena_text {
    char *buf;
    size_t cap;
    size_t len;
} arena_text;

void arena_text_init(arena_text *t, char *buf, size_t cap);
/* Appends like printf. */
void arena_text_add(arena_text *t, const char *fmt, ...) ARENA_PRINTF(2, 3);
void arena_text_vadd(arena_text *t, const char *fmt, va_list ap) ARENA_PRINTF(2, 0);
/* Appends n bytes of s (which need not be NUL-terminated). */
void arena_text_put(arena_text *t, const char *s, size_t n);
/* The length of the whole text (without the NUL), whatever cap was. */
size_t arena_text_len(const arena_text *t);

/* The text-out convention in one call, for a text already built: returns n,
 * and writes the first min(n, cap - 1) bytes of text and a NUL when cap > 0. */
size_t arena_text_out(const char *text, size_t n, char *buf, size_t cap);

/* ---- 3. Flat states --------------------------------------------------- */

/* rules.h requires a state to be one block without pointers into the heap; a
 * module that allocates it with malloc can use these as its table members. */

/* A malloc'd copy of the size bytes of state (the state's own state_size), or
 * NULL when out of memory. state_clone is usually
 *   return arena_flat_clone(s, my_state_size(s)); */
arena_state *arena_flat_clone(const arena_state *state, size_t size);
/* free(state): a state_free member for states from malloc/calloc. */
void arena_flat_free(arena_state *state);
/* A game_free member for games from malloc/calloc that own no other memory. */
void arena_flat_game_free(arena_game *game);

/* A chance_outcomes member for games without chance: returns 0. */
int arena_no_chance(const arena_state *state, arena_chance_outcome *out, int cap);

/* Returns of a two-player win/loss/draw game: out[winner] = +1 and the other
 * seat -1 when winner is 0 or 1; any other winner (a draw, no result yet) gives
 * 0 to both. */
void arena_returns_two(double *out, int winner);

#ifdef __cplusplus
}
#endif
#endif
