/* mcts.c -- the mcts bot: Monte Carlo tree search for any game, through the
 * rule module the arena hands it (setup->rules, setup->game). This file is
 * the bot ABI, its options and the time management; the search is tree.c.
 *
 * Perfect-information games are searched from turn->state (UCT); hidden
 * information games from a determinisation drawn from the observation with
 * the module's sample_state for every iteration (information-set MCTS, one
 * tree for the seat to move).
 *
 * With a module that offers evaluate (rules.h) playouts stop after cutoff
 * plies and its heuristic values score them (eval=on, the default), and
 * children that lose at once are pruned (prune=auto: where evaluate is used);
 * in games with chance or hidden information each iteration then scores
 * every move of the root on its determinisation, flat (wide=auto).
 *
 * Perfect information: the tree of the last decision is kept when the
 * actions since (the bot's answer, then what observe told) lead from the
 * state it searched to the new one, byte for byte (tree.h, mcts_advance).
 *
 * Time: with a clock the bot keeps a reserve (400 ms, at most 2/5 of the
 * base, plus three times the worst stall seen in the game, at most 800 ms
 * or 4/5 of the base: a loaded 2-core machine was seen to stop a worker for
 * 100 to 180 ms in the middle of a move under a load of 12, and for 500 to
 * 850 ms under 17 to 20) and aims at 1/20 of the rest (1/N when the
 * playouts say N of its moves are left, N up to 60) plus the net increment;
 * below the reserve half the net increment, a quarter below half the
 * reserve; scaled by share=; never past 60 % of the move's budget less
 * 5 ms. A stall is what a move cost the clock beyond the thinking it planned
 * (transport, waiting for a core before or during the search), measured
 * from the clock move by move; the net increment is the increment less
 * their running mean. With a fixed move time it stops at half the budget.
 * It reads the clock after every iteration, and every 32 plies of a
 * playout: a playout still running at that 60 % limit is dropped (querni's
 * random playouts run to a thousand turns and once took 450 ms); and it
 * stops when the move is settled (settled()). With iterations=N it runs
 * exactly N iterations unless that 60 % limit comes first, so with a
 * generous clock its moves depend only on the seed. Every time is read on
 * the clock the seat is charged on (arena_turn_clock_us): the process's CPU
 * time in a sandboxed seat, which is charged the time it had (wall time
 * less its waits for a processor), so that a loaded machine does not cut
 * its search short; the wall clock inline.
 *
 * Test hook (read at create): MCTS_VERBOSE=1 prints a line per move with the
 * iterations, the visits kept from the last tree, the time they took, the
 * clock, and the mean and worst stall. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena/bot.h"
#include "arena/module_kit.h"
#include "arena/sdk.h"
#include "tree.h"

/* The reserve: RESERVE_FLOOR_US (at most 2/5 of the base) plus three times the
 * worst stall seen this game, at most MAX_RESERVE_US (at most 4/5 of the
 * base). */
#define RESERVE_FLOOR_US 400000
#define MAX_RESERVE_US 800000
/* Actions between two searches that tree reuse follows (a kurnik round at
 * 4 players with its rolls and gifts is far fewer). */
#define MAX_SINCE 256
/* RAVE by default in hidden-information games only: measured at --tc
 * 1+0.01, it took kursk from 76 % to 83 % against random (100 paired games)
 * and left rugby as it was, but cost morris 13 points and soccer 6 against
 * their greedy bots (50 games each). */
#define RAVE_HIDDEN 300
#define RAVE_AUTO (-1) /* the table's default: not a value a user can give */
/* The exploration constant: 1 by default, but C_HIDDEN (hundredths) in a
 * hidden-information game searched with RAVE, where the AMAF means over the
 * determinisations do the exploring (a child without visits or AMAF samples
 * still comes first): measured at --tc 1+0.01 against random, 100 paired
 * games of rugby, c = 1 81 %, 0.3 79 %, 0.05 86 %, 0 91 %; kursk 95 %, 93 %,
 * 93 % (0: below). Not with perfect information: there RAVE (rave=300)
 * with c = 0 missed a goal in one in soccer (test_mcts): without an
 * exploration term a child whose AMAF mean starts low may never be tried. */
#define C_HIDDEN 0
#define C_AUTO (-1)

static const char *const rollout_words[] = {"random", "win", "mast", NULL};
/* eval=on: score playouts with the module's evaluate (rules.h) when it has
 * one, after cutoff plies; a module without it plays them to the end. */
static const char *const eval_words[] = {"on", "off", NULL};
enum { EVAL_ON, EVAL_OFF };
/* prune=auto: on where playouts are scored by the module's evaluate (the
 * games measured with it), off elsewhere (the figures measured without). */
static const char *const prune_words[] = {"auto", "on", "off", NULL};
enum { PRUNE_AUTO, PRUNE_ON, PRUNE_OFF };
/* Iterations searched on one determinisation (hidden information): by
 * default REUSE_EVAL where evaluate scores the playouts, else 1 (the games
 * measured without). With rugby's heuristic at the leaf a sample_state cost
 * more than the rest of an iteration: four iterations a sample gave 55 %
 * more of them, and 90.25 % against random over 400 games where one gave
 * 89.0 % (Measured, docs/mcts.md). */
#define REUSE_EVAL 4
#define REUSE_AUTO (-1)
/* wide=auto: where evaluate scores the leaf itself (cutoff=0), on in
 * hidden-information games, and in perfect-information ones at every
 * decision with chance still ahead (a random playout from it meets a
 * chance node within 64 plies): every iteration then scores every move of the root (tree.h,
 * Wide) on a determinisation, one determinisation an iteration; with
 * perfect information one iteration says it all (the root is the same state
 * every time). The tree's means below a move are averages over sampled
 * determinisations or dice, noisy next to a heuristic that weighs them
 * itself: in rugby the tree went a few plies deep into the opponent's
 * replies and compared the hundred guesses on a handful of determinisations
 * each (87.8 % against random over 600 games); kurnik's heuristic already
 * integrates every roll to come, and the tree over it scored 65 % against
 * random (1,000 games, 300 iterations a move) where wide scores 78 %
 * (docs/mcts.md, Measured). Off where no chance is left (querni after its
 * layout: its figures rest on the tree and pruning; wide there scored
 * 94.8 % where the tree has 99.5 %). */
static const char *const wide_words[] = {"auto", "on", "off", NULL};
enum { WIDE_AUTO, WIDE_ON, WIDE_OFF };
enum {
    OPT_ITERATIONS,
    OPT_SHARE,
    OPT_C,
    OPT_RAVE,
    OPT_ROLLOUT,
    OPT_PLAYOUT,
    OPT_NODES,
    OPT_SEED,
    OPT_EVAL,
    OPT_CUTOFF,
    OPT_PRUNE,
    OPT_REUSE,
    OPT_WIDE,
    OPTS
};
static const arena_opt opt_table[OPTS] = {
    [OPT_ITERATIONS] =
        {.key = "iterations", .def = 0, .lo = 1, .hi = 99999999, .flags = ARENA_OPT_ZERO_OFF},
    [OPT_SHARE] = {.key = "share", .def = 100, .lo = 10, .hi = 400},
    [OPT_C] = {.key = "c",
               .kind = ARENA_OPT_DECIMAL,
               .def = C_AUTO,
               .lo = 0,
               .hi = 1000,
               .flags = ARENA_OPT_PLACES(2)},
    [OPT_RAVE] =
        {.key = "rave", .def = RAVE_AUTO, .lo = 1, .hi = 100000, .flags = ARENA_OPT_ZERO_OFF},
    [OPT_ROLLOUT] = {.key = "rollout", .kind = ARENA_OPT_CHOICE, .words = rollout_words},
    [OPT_PLAYOUT] =
        {.key = "playout", .def = 0, .lo = 1, .hi = 100000, .flags = ARENA_OPT_ZERO_OFF},
    [OPT_NODES] = {.key = "nodes", .def = 200000, .lo = 1000, .hi = 4000000},
    [OPT_SEED] = {.key = "seed", .def = 0, .lo = 1, .hi = 999999999, .flags = ARENA_OPT_ZERO_OFF},
    [OPT_EVAL] = {.key = "eval", .kind = ARENA_OPT_CHOICE, .words = eval_words},
    [OPT_CUTOFF] = {.key = "cutoff", .def = 0, .lo = 0, .hi = 100000},
    [OPT_PRUNE] = {.key = "prune", .kind = ARENA_OPT_CHOICE, .words = prune_words},
    [OPT_REUSE] = {.key = "reuse", .def = REUSE_AUTO, .lo = 1, .hi = 1000},
    [OPT_WIDE] = {.key = "wide", .kind = ARENA_OPT_CHOICE, .words = wide_words},
};
static const arena_opts mcts_opts = {
    .game = "mcts", .opt = opt_table, .count = OPTS, .max_digits = 9};

#define MCTS_HELP                                                                                  \
    "iterations=0  iterations per move (0: as many as the clock allows)\n"                         \
    "share=100  percent of the usual time per move to spend\n"                                     \
    "c=1 (0 with hidden information and RAVE)  exploration constant of UCB1 (0..10)\n"             \
    "rave=300 (0 with perfect information)  RAVE equivalence constant (0: off)\n"                  \
    "rollout=random  playouts: random, win (take a move that wins at once), mast (learnt)\n"       \
    "playout=0  plies of a playout before it counts as a tie (0: to the end)\n"                    \
    "nodes=200000  node cap of the tree (40 bytes a node)\n"                                       \
    "seed=0  seed of the search (0: the arena's seed for the bot)\n"                               \
    "eval=on  score playouts with the game's heuristic when its module has one (on, off)\n"        \
    "cutoff=0  plies of a playout before the heuristic scores it (0: at the leaf)\n"               \
    "prune=auto  skip moves that lose at once (auto: where the heuristic is used; on, off)\n"      \
    "reuse=4 with the heuristic, else 1  hidden information: iterations on each determinisation\n" \
    "wide=auto  score every root move on each state with the heuristic at the leaf, flat "         \
    "(auto: with hidden information or chance; on, off)"

typedef struct mcts_bot {
    const arena_rules *R;
    const arena_game *G;
    arena_time_control tc;
    int opt[OPTS];
    int verbose;
    /* The bot's own moves left in the game as the last search's playouts saw
     * them (mcts_own_plies), 0 before any: spreads the clock over long games. */
    double moves_left;
    /* What a move costs the clock beyond the thinking it planned (the
     * transport, a machine too loaded to run the worker at once, before the
     * call or in the middle of the search), from the clock: the clock at the
     * last move and the time that move planned to think (its aim, or less
     * when it stopped early), then the running mean and the worst seen, in
     * microseconds; last_left < 0 before the first. */
    int64_t last_left, last_plan, overhead, worst;
    mcts *tree;
    /* Tree reuse (perfect information): the state of the last search and
     * the actions since, the bot's own answer first, then those the arena
     * told (observe); the tree is kept when they lead from that state to the
     * new one. have_last: last holds a searched state; played < 0: the
     * actions overflowed (no reuse). */
    arena_state *last;
    int have_last, played;
    int32_t since[MAX_SINCE];
    long reused; /* root visits kept at this move (verbose) */
    /* wide=auto in a perfect-information game with chance: wide at the
     * decisions with chance still ahead (mcts_chance_ahead) */
    int wide_by_chance;
} mcts_bot;

static void *mcts_create(const arena_bot_setup *setup, char *err, size_t errlen)
{
    const char *text = ARENA_BOT_SETUP_HAS(setup, bot_options) ? setup->bot_options : NULL;
    int opt[OPTS];
    if (arena_opts_parse(&mcts_opts, text, opt, err, errlen) < 0) return NULL;
    if (!setup->rules || !setup->game) {
        snprintf(err, errlen, "mcts: no rule module handed over for %s", setup->game_name);
        return NULL;
    }
    mcts_bot *b = calloc(1, sizeof *b);
    if (!b) {
        snprintf(err, errlen, "mcts: out of memory");
        return NULL;
    }
    memcpy(b->opt, opt, sizeof opt);
    b->R = setup->rules;
    b->G = setup->game;
    b->tc = setup->tc;
    const char *v = getenv("MCTS_VERBOSE");
    b->verbose = v && strcmp(v, "1") == 0;
    b->last_left = -1;
    uint64_t seed = opt[OPT_SEED]
                        ? arena_seed_derive((uint64_t)opt[OPT_SEED], (uint64_t)setup->seat)
                        : setup->seed;
    double rave = opt[OPT_RAVE] != RAVE_AUTO                ? opt[OPT_RAVE]
                  : setup->rules->flags & ARENA_GAME_HIDDEN ? RAVE_HIDDEN
                                                            : 0;
    int c = opt[OPT_C] != C_AUTO                                    ? opt[OPT_C]
            : rave > 0 && (setup->rules->flags & ARENA_GAME_HIDDEN) ? C_HIDDEN
                                                                    : 100;
    int evaluates = opt[OPT_EVAL] == EVAL_ON && ARENA_RULES_HAS(setup->rules, evaluate) &&
                    setup->rules->evaluate;
    int wide = evaluates && opt[OPT_CUTOFF] == 0 &&
               (opt[OPT_WIDE] == WIDE_ON ||
                (opt[OPT_WIDE] == WIDE_AUTO && (setup->rules->flags & ARENA_GAME_HIDDEN)));
    /* perfect information with chance: decided at each decision (choose) */
    b->wide_by_chance = evaluates && opt[OPT_CUTOFF] == 0 && opt[OPT_WIDE] == WIDE_AUTO &&
                        !(setup->rules->flags & ARENA_GAME_HIDDEN) &&
                        (setup->rules->flags & ARENA_GAME_CHANCE);
    if (opt[OPT_REUSE] == REUSE_AUTO) b->opt[OPT_REUSE] = evaluates && !wide ? REUSE_EVAL : 1;
    mcts_params p = {.c = c / 100.0, /* fixed point, 2 places */
                     .rave = rave,
                     .rollout = opt[OPT_ROLLOUT],
                     .node_cap = opt[OPT_NODES],
                     .playout_cap = opt[OPT_PLAYOUT],
                     .eval_plies = opt[OPT_EVAL] == EVAL_ON ? opt[OPT_CUTOFF] : -1,
                     .prune =
                         opt[OPT_PRUNE] == PRUNE_ON || (opt[OPT_PRUNE] == PRUNE_AUTO && evaluates),
                     .wide = wide,
                     .seed = seed};
    b->tree = mcts_new(b->R, b->G, &p, err, errlen);
    b->last = malloc(b->R->state_size(b->G));
    if (!b->tree || !b->last) {
        if (b->tree) snprintf(err, errlen, "mcts: out of memory");
        mcts_free(b->tree);
        free(b->last);
        free(b);
        return NULL;
    }
    return b;
}

static void mcts_destroy(void *bot)
{
    mcts_bot *b = bot;
    mcts_free(b->tree);
    free(b->last);
    free(b);
}

/* Another seat's action or a chance outcome: the path to the next root. */
static void mcts_observe(void *bot, const arena_event *ev)
{
    mcts_bot *b = bot;
    if (ev->kind == ARENA_EVENT_GAME_OVER || b->played < 0) return;
    if (b->played >= MAX_SINCE) {
        b->played = -1;
        return;
    }
    b->since[b->played++] = ev->action;
}

/* Starts the tree of this decision from root: the last one's subtree when
 * the actions since lead from the last searched state to root byte for
 * byte (a missed event or a state rebuilt differently only costs the
 * reuse), else an empty tree. */
static void begin_tree(mcts_bot *b, const arena_state *root)
{
    size_t size = b->R->state_size(b->G);
    b->reused = 0;
    int ok = root && b->have_last && b->played > 0;
    for (int i = 0; ok && i < b->played; i++)
        ok = b->R->apply(b->last, b->since[i]) == 0;
    if (ok && memcmp(b->last, root, size) == 0 && mcts_advance(b->tree, b->since, b->played) == 0)
        b->reused = mcts_root_visits(b->tree);
    else
        mcts_reset(b->tree);
    b->have_last = root != NULL;
    if (root) memcpy(b->last, root, size);
    b->played = 0;
}

/* The longest a move may take, in microseconds: 60 % of the budget less 5 ms. */
static int64_t usable_time(const arena_turn *turn)
{
    int64_t budget = turn->move_budget_us;
    int64_t usable = budget * 6 / 10 - 5000;
    return usable < budget / 4 ? budget / 4 : usable;
}

/* How long this move aims to search, in microseconds. */
static int64_t think_time(const mcts_bot *b, const arena_turn *turn)
{
    int64_t usable = usable_time(turn), aim;
    if (b->tc.move_time_us > 0) {
        aim = usable * 5 / 6;
    } else {
        int64_t floor = b->tc.base_us * 2 / 5, cap = b->tc.base_us * 4 / 5;
        if (floor > RESERVE_FLOOR_US) floor = RESERVE_FLOOR_US;
        if (cap > MAX_RESERVE_US) cap = MAX_RESERVE_US;
        int64_t reserve = floor + 3 * b->worst;
        if (reserve > cap) reserve = cap;
        int64_t spare = turn->time_left_us - reserve;
        /* The increment net of what each move costs besides thinking: on a
         * loaded machine that can be all of it, and spending 3/4 of the
         * gross increment then drained the clock over a long game. */
        int64_t inc = b->tc.increment_us - b->overhead;
        if (inc < 0) inc = 0;
        /* A twentieth of what is left, or less in a long game: a random
         * querni, kursk or rugby game gives each seat about a hundred moves,
         * and the twentieth left the guessing half of rugby only its
         * increment. Random playouts run longer than real games, so the
         * estimate is capped. */
        double moves = b->moves_left < 20 ? 20 : b->moves_left > 60 ? 60 : b->moves_left;
        if (spare > 0)
            aim = (int64_t)((double)spare / moves) + inc;
        else if (turn->time_left_us > reserve / 2)
            aim = inc ? inc / 2 : turn->time_left_us / 40;
        else /* a stalled machine ate the reserve: win it back faster */
            aim = inc ? inc / 4 : turn->time_left_us / 80;
        aim = aim * b->opt[OPT_SHARE] / 100;
    }
    if (b->opt[OPT_ITERATIONS]) aim = usable; /* the count decides, the budget guards */
    return aim < usable ? aim : usable;
}

/* Updates the mean and the worst cost of a move beyond its planned
 * thinking from the clock: it fell from last_left to time_left_us with the
 * increment added back. */
static void measure_overhead(mcts_bot *b, const arena_turn *turn)
{
    if (b->tc.move_time_us > 0 || b->last_left < 0) return;
    int64_t spent = b->last_left + b->tc.increment_us - turn->time_left_us;
    int64_t over = spent - b->last_plan;
    if (over < 0) over = 0;
    b->overhead = (3 * b->overhead + over) / 4;
    if (over > b->worst) b->worst = over;
}

static int32_t choose(mcts_bot *b, const arena_turn *turn, int64_t start);

static int32_t mcts_act(void *bot, const arena_turn *turn)
{
    mcts_bot *b = bot;
    int64_t start = arena_turn_clock_us(turn);
    measure_overhead(b, turn);
    int32_t a;
    b->last_plan = 0;
    if (turn->num_legal == 1) {
        a = turn->legal[0];
        /* Not searched: the kept tree follows through the forced move. */
        if (b->have_last && b->played >= 0 && b->played < MAX_SINCE)
            b->since[b->played++] = a;
        else
            b->played = -1;
    } else {
        a = choose(b, turn, start);
    }
    b->last_left = turn->time_left_us;
    int64_t think = arena_turn_clock_us(turn) - start;
    if (think < b->last_plan) b->last_plan = think;
    return a;
}

/* True when the most visited root child (the move mcts_best plays) leads
 * the next by more visits than the iterations left before the deadline can
 * give, at the rate so far: searching on cannot change the move, and the
 * time saved goes to later moves. Also when, after FLAT_AFTER iterations,
 * every root child has the same mean (mcts_root_flat): rugby's heuristic
 * values all placements of a seat's setup alike, and searching them cost
 * about 90 ms of the base. Checked every 64 iterations. */
#define FLAT_AFTER 256
/* A wide iteration scores every root move: checked every 4, flat after 16,
 * and settled after WIDE_ENOUGH determinisations: a chance of 1/4 is then
 * known to about 0.03, and every millisecond a move thinks on a loaded
 * machine is one it may be stopped in (rugby lost 6 games of 200 on time at
 * a load of 13 with 300-600 determinisations a move). */
#define WIDE_FLAT_AFTER 16
#define WIDE_ENOUGH 256
static int settled(const mcts_bot *b, long done, int64_t start, int64_t now, int64_t deadline)
{
    int wide = mcts_wide(b->tree);
    if (done % (wide ? 4 : 64) != 0 || now <= start) return 0;
    if (done >= (wide ? WIDE_FLAT_AFTER : FLAT_AFTER) && mcts_root_flat(b->tree)) return 1;
    if (wide && done >= WIDE_ENOUGH) return 1;
    long first, second;
    mcts_top_visits(b->tree, &first, &second);
    double left = (double)done * (double)(deadline - now) / (double)(now - start);
    return (double)(first - second) > left;
}

/* The search of one move. */
static int32_t choose(mcts_bot *b, const arena_turn *turn, int64_t start)
{
    int64_t aim = think_time(b, turn), deadline = start + aim;
    b->last_plan = aim;
    /* In a hidden-information game the search starts from determinisations
     * of the observation only, even when a seat hands it the referee's
     * state (an inline seat does): it must not see the others' cards. */
    int hidden = (b->R->flags & ARENA_GAME_HIDDEN) != 0;
    arena_state *own = NULL; /* a state this call made and frees */
    const arena_state *root = hidden ? NULL : turn->state;
    if (!root && !hidden && turn->observation) {
        own = b->R->state_from_observation(b->G, turn->observation, turn->observation_len);
        root = own;
    }
    if (b->wide_by_chance && root) {
        int wide = mcts_chance_ahead(b->tree, root);
        if (wide != mcts_wide(b->tree)) b->have_last = 0; /* no tree kept across modes */
        mcts_set_wide(b->tree, wide);
    }
    begin_tree(b, root);
    /* The hard stop: the first iteration may finish past the aim, never
     * past 60 % of the budget. */
    mcts_set_deadline(b->tree, start + usable_time(turn), turn);
    long limit = b->opt[OPT_ITERATIONS], done = 0;
    /* Wide from one and the same state: every iteration would score the
     * same moves alike. */
    if (limit == 0 && mcts_wide(b->tree) && !hidden) limit = 1;
    arena_state *det = NULL; /* the determinisation, for `reuse` iterations */
    int det_uses = 0;
    if (root || hidden) {
        while (limit == 0 || done < limit) {
            if (done > 0) {
                int64_t now = arena_turn_clock_us(turn);
                if (now >= deadline) break;
                if (limit == 0 && settled(b, done, start, now, deadline)) break;
            }
            done++;
            if (!hidden) {
                mcts_iterate(b->tree, root);
                continue;
            }
            if (det && det_uses >= b->opt[OPT_REUSE]) {
                b->R->state_free(det);
                det = NULL;
            }
            if (!det) {
                uint64_t seed = arena_rng_next(mcts_rng(b->tree));
                det = b->R->sample_state(b->G, turn->observation, turn->observation_len, seed);
                det_uses = 0;
                if (!det) continue;
            }
            det_uses++;
            mcts_iterate(b->tree, det);
        }
    }
    if (det) b->R->state_free(det);
    if (own) b->R->state_free(own);
    double left = mcts_own_plies(b->tree);
    if (left > 0) b->moves_left = left - 1;
    int32_t a = mcts_best(b->tree, turn->legal, turn->num_legal);
    if (b->have_last) b->since[b->played++] = a;
    if (b->verbose)
        fprintf(stderr,
                "mcts: ply %d: %ld iterations (%ld kept), %d nodes in %lld us (clock %lld us, "
                "overhead %lld us a move, worst %lld us)\n",
                turn->ply, done, b->reused, mcts_nodes(b->tree),
                (long long)(arena_turn_clock_us(turn) - start), (long long)turn->time_left_us,
                (long long)b->overhead, (long long)b->worst);
    return a;
}

ARENA_BOT_OPTIONS("mcts", "1.0", "arena", "*", mcts_create, mcts_act, mcts_observe, mcts_destroy,
                  0u, MCTS_HELP)
