/* rules.h -- the rule-module ABI: a pure, deterministic game engine behind a
 * versioned table of function pointers.
 *
 * A rule module is a shared library that exports one symbol,
 *
 *     const arena_rules *arena_rules_entry(void);
 *
 * returning a table that begins with its ABI version and its own size. The table
 * only ever grows by appending members (as SQLite's versioned VFS structs do):
 * a module built against an older SDK keeps loading, and a caller reads a member
 * only when `struct_size` covers it (see ARENA_RULES_HAS).
 *
 * Guarantees every module gives (tests/rules/generic checks them for each game):
 *  - No I/O, no global mutable state, no randomness of its own. Chance enters only
 *    through CHANCE nodes whose outcomes the caller draws.
 *  - A state is one contiguous block with no pointers into the heap: it may be
 *    copied with memcpy(dst, src, state_size). state_clone is such a copy.
 *  - legal_actions lists actions in ascending order, each in [0, num_actions),
 *    non-empty unless the state is terminal (CHANCE nodes list their outcomes).
 *  - apply refuses an illegal action with -1 and leaves the state unchanged.
 *  - A chance event with a single possible outcome is applied directly and is not
 *    a node; a player decision with a single legal action is still a node (a ply).
 *  - Multi-step turns (a removal after a mill, a bounce in paper soccer) are
 *    consecutive decisions of the same seat.
 */
#ifndef ARENA_RULES_H
#define ARENA_RULES_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ARENA_RULES_ABI_VERSION 1
#define ARENA_RULES_ENTRY "arena_rules_entry"

/* current_player() values besides a seat 0..num_players-1. */
#define ARENA_CHANCE (-1)
#define ARENA_TERMINAL (-2)

#define ARENA_MAX_PLAYERS 8

/* Static traits of a game (flags). */
#define ARENA_GAME_CHANCE 0x1u   /* has chance nodes */
#define ARENA_GAME_HIDDEN 0x2u   /* imperfect information */
#define ARENA_GAME_ZERO_SUM 0x4u /* returns sum to zero */

typedef struct arena_game arena_game;   /* one configured instance; module-defined */
typedef struct arena_state arena_state; /* one position; module-defined, flat */

typedef struct arena_chance_outcome {
    int32_t action;
    double prob;
} arena_chance_outcome;

typedef struct arena_rules {
    uint32_t abi_version; /* ARENA_RULES_ABI_VERSION the module was built with */
    uint32_t struct_size; /* sizeof(arena_rules) the module was built with */

    /* --- version 1 ----------------------------------------------------- */
    const char *name;         /* "morris": the name users type */
    const char *description;  /* one line */
    const char *options_help; /* lines of "key=default  meaning", '\n' separated */
    uint32_t flags;           /* ARENA_GAME_* */
    int32_t min_players, max_players;

    /* Parses "key=value,key=value" (NULL or "" for defaults). Unknown keys and
     * bad values fail: NULL is returned and err (if not NULL) holds one line
     * naming the key and the value. */
    arena_game *(*game_new)(const char *options, char *err, size_t errlen);
    void (*game_free)(arena_game *game);
    /* Canonical option string of this instance, every key spelled out: equal
     * strings mean equal games. Owned by the game. */
    const char *(*game_options)(const arena_game *game);
    int (*num_players)(const arena_game *game);
    int32_t (*num_actions)(const arena_game *game); /* actions are < this */
    int (*max_game_length)(const arena_game *game); /* upper bound on plies */
    size_t (*state_size)(const arena_game *game);   /* bytes of one state */

    arena_state *(*state_new)(const arena_game *game); /* the start position */
    arena_state *(*state_clone)(const arena_state *state);
    void (*state_free)(arena_state *state);

    /* A seat, ARENA_CHANCE or ARENA_TERMINAL. */
    int (*current_player)(const arena_state *state);
    /* Writes up to cap actions, returns how many there are in all. */
    int (*legal_actions)(const arena_state *state, int32_t *out, int cap);
    /* 0 on success; -1 (state unchanged) when the action is not legal. */
    int (*apply)(arena_state *state, int32_t action);
    /* At a CHANCE node: writes up to cap outcomes, returns how many in all. */
    int (*chance_outcomes)(const arena_state *state, arena_chance_outcome *out, int cap);
    /* At a terminal state: one value per seat, higher is better (+1/-1/0 for
     * win/loss/draw in two-player games; ranks become pairwise results). */
    void (*returns)(const arena_state *state, double *out);
    /* At a terminal state: how the game ended, a short static phrase
     * ("three pieces", "blocked", "repetition", "turn cap"...). */
    const char *(*end_reason)(const arena_state *state);

    /* Observation of `seat` (or -1 for a spectator) as the bytes of the game's
     * protobuf Observation message (proto/games/<game>.proto). Returns the size
     * needed; writes only when it fits in cap. */
    size_t (*observation)(const arena_state *state, int seat, uint8_t *buf, size_t cap);
    /* A text board from seat's view (-1: everything). Returns the length needed
     * (without the NUL); writes a NUL-terminated prefix when cap > 0. */
    size_t (*render)(const arena_state *state, int seat, char *buf, size_t cap);
    /* Action in the notation of docs/rules/<game>.md, for the state it is
     * played in. Same return convention as render. */
    size_t (*action_name)(const arena_state *state, int32_t action, char *buf, size_t cap);
    /* Parses a name in that notation: 0 and *action set, or -1. The action is
     * not checked for legality here. */
    int (*parse_action)(const arena_state *state, const char *text, int32_t *action);

    /* Perfect-information games: the exact state an observation describes, or
     * NULL when the bytes are not a valid observation. NULL member for hidden
     * information games. */
    arena_state *(*state_from_observation)(const arena_game *game, const uint8_t *obs, size_t len);
    /* Hidden-information games: a full state consistent with the observation,
     * drawn with seed (determinisation). NULL member for perfect information. */
    arena_state *(*sample_state)(const arena_game *game, const uint8_t *obs, size_t len,
                                 uint64_t seed);

    /* --- appended later (read each with ARENA_RULES_HAS) ----------------- */
    /* The module's version, e.g. "1.0": which rules it plays. A rule change
     * that changes any game (a legal list, an outcome, a draw rule) must change
     * it; match logs record it beside the game's options. Read it only when
     * ARENA_RULES_HAS(r, version): older modules do not have it. */
    const char *version;
    /* Optional (NULL, or a table too short for it: none): a heuristic value of
     * a non-terminal state for each seat, out[seat] in [0, 1] for every seat
     * of the game: about the share of the outcome the seat can expect from
     * here (1: it surely finishes on top, 0: surely last, 0.5: even; in a
     * two-player game out[0] + out[1] = 1). For search bots that stop a
     * playout early and score it so (bots/mcts). Pure and deterministic like
     * the rest: the state is not modified, equal states give equal values.
     * In hidden-information games it is handed a full state (a sample_state
     * determinisation) and may read all of it. Read it only when
     * ARENA_RULES_HAS(r, evaluate) and it is not NULL. */
    void (*evaluate)(const arena_state *state, double *out);
    /* --- append members of later versions below this line --------------- */
} arena_rules;

/* True when the table `r` is large enough to hold `member`. */
#define ARENA_RULES_HAS(r, member)                                                                 \
    ((r)->struct_size >= offsetof(arena_rules, member) + sizeof((r)->member))

typedef const arena_rules *(*arena_rules_entry_fn)(void);

#if defined(__GNUC__)
#define ARENA_EXPORT __attribute__((visibility("default")))
#else
#define ARENA_EXPORT
#endif

#ifdef __cplusplus
}
#endif
#endif
