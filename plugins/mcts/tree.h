/* tree.h -- the search engine of the mcts bot: UCT / single-observer
 * information-set MCTS through the rule-module ABI, knowing no game.
 *
 * Contract:
 *  - mcts_new checks that the module offers what the search needs
 *    (mcts_rules_check) and allocates everything once: two node pools
 *    (node_cap nodes each; the second for mcts_advance), two flat state buffers of state_size
 * bytes, the legal and chance lists. Nothing on the search path calls malloc except the module's
 * own sample_state / state_from_observation.
 *  - One tree per decision: mcts_reset empties it, mcts_advance keeps the
 *    subtree of the position reached (perfect information). An iteration starts from a full
 *    state: the real one in perfect-information games, a determinisation
 *    drawn from the observation in hidden-information games. A node's children
 *    are keyed by action; selection looks only at the children legal in the
 *    iteration's state, and ranks them by UCB1 over their availability count
 *    (how often they were legal when their parent was visited), which is UCT
 *    when the state is always the same.
 *  - Chance nodes are sampled by their probabilities. Any number of seats:
 *    every node keeps the reward of the seat that chose its action, and a
 *    game's returns are scaled per playout to [0,1] (lowest seat 0, highest
 *    1, all 0.5 when equal), so each seat maximises its own return.
 *  - Multi-step turns need nothing special: each decision is a ply, owned by
 *    whichever seat current_player names.
 *  - RAVE (rave > 0): every action a seat played anywhere later in an
 *    iteration, tree or playout, counts as an all-moves-as-first sample for
 *    that seat's child with the same action at each node of the path; the
 *    selection blends a child's mean with its AMAF mean while it has few
 *    visits. A node then gets all its legal children at its first visit.
 *  - An iteration whose playout is dropped (deadline) leaves a child
 *    without visits; selection tries such a child first.
 *  - When the pool is full the tree stops growing and iterations go on as
 *    playouts from its leaves: memory stays bounded.
 *  - MAST (rollout=mast): playouts mostly take the action of the best mean
 *    reward its seat has had with it so far (per seat and action, over the
 *    game, halved at each new decision).
 *  - Evaluation (eval_plies >= 0 and the module offers evaluate): a playout
 *    stops after eval_plies plies and the module's heuristic values score it
 *    (0: the leaf itself is scored). Such playouts no longer tell how long
 *    the game runs, so every EVAL_PROBE-th iteration also plays one random
 *    playout from the root to its end, only to count the root seat's
 *    decisions (mcts_own_plies).
 *  - Pruning (prune, perfect information only, where a node is one state):
 *    a child reached for the first time whose action ends the game at once
 *    with its mover last is marked lost and its iteration is not backed up;
 *    selection passes it by while another child is left. A decision among
 *    many such actions is then not averaged with them.
 *  - Wide (wide, with evaluation at the leaf itself): an iteration scores
 *    every legal action of the root on its state (a determinisation) with
 *    evaluate, or the returns where the action ends the game, and grows
 *    nothing below: flat Monte Carlo over the determinisations, every action
 *    judged on the same ones. mcts_best then takes the best mean.
 *  - Deterministic: the same seed, states and iteration counts give the
 *    same trees.
 */
#ifndef MCTS_TREE_H
#define MCTS_TREE_H

#include <stddef.h>
#include <stdint.h>

#include "arena/bot.h"
#include "arena/rules.h"
#include "arena/sdk.h"

enum mcts_rollout {
    MCTS_ROLLOUT_RANDOM = 0, /* uniform over the legal actions */
    MCTS_ROLLOUT_WIN = 1,    /* an action that ends the game best for its seat, else uniform */
    MCTS_ROLLOUT_MAST = 2,   /* mostly the action of the best mean reward so far (MAST) */
};

typedef struct mcts_params {
    double c;        /* exploration constant of UCB1 */
    double rave;     /* RAVE equivalence constant k (beta = sqrt(k / (3n + k))); 0: off */
    int rollout;     /* enum mcts_rollout */
    int node_cap;    /* nodes in the pool, >= 1 */
    int playout_cap; /* plies of a playout before it counts as a tie (0.5 each); 0: none */
    /* Plies of a playout before the module's evaluate (rules.h) scores it;
     * -1, or a module without evaluate: playouts run to the end. */
    int eval_plies;
    int prune; /* perfect information: prune children that lose at once */
    /* Wide (with evaluation at the leaf, eval_plies 0): every iteration
     * scores every legal root action on its state, flat (mcts_wide). */
    int wide;
    uint64_t seed; /* all randomness of the search */
} mcts_params;

typedef struct mcts mcts;

/* 0 when rules offer what the search needs (state_size, current_player,
 * legal_actions, apply, returns; chance_outcomes in games with chance;
 * sample_state in hidden-information games, state_from_observation
 * otherwise), else -1 with a one-line message naming what is missing. */
int mcts_rules_check(const arena_rules *rules, char *err, size_t errlen);

/* NULL with a message when the rules fall short or memory runs out. */
mcts *mcts_new(const arena_rules *rules, const arena_game *game, const mcts_params *p, char *err,
               size_t errlen);
void mcts_free(mcts *m);

/* Empties the tree for a new decision. */
void mcts_reset(mcts *m);
/* Keeps the subtree reached from the root by actions[n] (the actions played
 * since the last search: the bot's own, then the others' and chance's) as
 * the tree of the new decision, its statistics included; 0, or -1 with the
 * tree unchanged when the path leaves the tree (then mcts_reset). Only for
 * perfect information, where a node stands for one state. */
int mcts_advance(mcts *m, const int32_t *actions, int n);
/* One iteration from root (a full state, not modified). 0, or -1 when the
 * module refused an action it listed (the iteration is dropped). */
int mcts_iterate(mcts *m, const arena_state *root);
/* A playout still running at deadline_us, read on arena_turn_clock_us(turn)
 * (the clock the seat is charged on; turn lives during the search), is
 * dropped with its iteration, so that one long playout cannot overrun a
 * move; 0: none. */
void mcts_set_deadline(mcts *m, int64_t deadline_us, const arena_turn *turn);
/* The most visited root child among legal[n] (ties: the higher mean reward,
 * then the lower action; wide: the best mean among those most often legal);
 * a uniform pick when none was visited. */
int32_t mcts_best(mcts *m, const int32_t *legal, int n);

/* Whether iterations are wide (the root's actions all scored, flat). */
int mcts_wide(const mcts *m);
/* Turns wide iterations on or off for the next decisions (on only with
 * evaluation at the leaf; call before the decision's first iteration). */
void mcts_set_wide(mcts *m, int wide);
/* Whether one random playout from root (a full state, not modified) meets
 * a chance node within MCTS_CHANCE_HORIZON plies: chance still ahead in the
 * game (kurnik's every roll) or all behind it (querni's layout). */
#define MCTS_CHANCE_HORIZON 64
int mcts_chance_ahead(mcts *m, const arena_state *root);
/* The visits of the two most visited root children (0 when absent). */
void mcts_top_visits(const mcts *m, long *first, long *second);
/* Whether every mean the root's children have (their own and, with RAVE,
 * their AMAF means) is the same: the search has found nothing to tell the
 * moves apart by (a heuristic that values every placement of rugby's setup
 * alike, or a game whose end is certain whatever is played). */
int mcts_root_flat(const mcts *m);
/* The search's random generator (determinisation seeds come from it). */
arena_rng *mcts_rng(mcts *m);
/* The mean number of decisions of the root's seat, the root's included, in
 * the finished iterations since mcts_reset (tree and playout: how many moves
 * that seat has left in play like the playouts'), or -1 before any. */
double mcts_own_plies(const mcts *m);
/* Nodes in use, and visits of the root. */
int mcts_nodes(const mcts *m);
long mcts_root_visits(const mcts *m);

#endif
