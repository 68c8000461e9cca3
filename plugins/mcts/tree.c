/* tree.c -- the node pool, selection, expansion, playout and backup of the
 * mcts bot (see tree.h for the contract). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tree.h"

/* One node: the position after `action` from its parent. Children form a
 * singly linked list through next_sibling, newest first. */
typedef struct mcts_node {
    int32_t action;
    int32_t first_child;  /* -1: none */
    int32_t next_sibling; /* -1: last */
    int16_t mover;        /* seat that chose action; -1 for chance and the root */
    uint16_t lost;        /* 1: the game ends here at once with the mover last (pruned) */
    int32_t visits;
    int32_t avail;  /* visits of the parent while this action was legal */
    int32_t amaf_n; /* RAVE: iterations through the parent in which the mover played action later */
    float amaf_value; /* RAVE: sum of the mover's rewards in those */
    double value;     /* sum of the mover's scaled rewards */
} mcts_node;

struct mcts {
    const arena_rules *R;
    const arena_game *G;
    size_t state_size;
    int num_players;
    int32_t num_actions;
    int max_plies; /* playout cap: past it a playout scores 0.5 for all */
    double c;
    double rave; /* RAVE equivalence constant, 0: off */
    int rollout;
    int playout_cap; /* plies of a playout, 0: to the end */
    /* The module's evaluate when playouts are scored by it, else NULL; after
     * how many plies; and the finished iterations, which time the probes. */
    void (*evaluate)(const arena_state *state, double *out);
    int eval_plies;
    long iterations;
    int prune; /* perfect information: children that lose at once are pruned (lost_at_once) */
    int wide;  /* every iteration scores every root action, flat (iterate_wide) */
    int64_t deadline; /* arena_turn_clock_us(clock) past which a playout is dropped, 0: none */
    const arena_turn *clock;
    int root_seat;  /* the seat to move at the root of this iteration */
    int own_plies;  /* its decisions in this iteration, tree and playout */
    double own_sum; /* of own_plies over the finished iterations since mcts_reset */
    long own_count;
    arena_rng rng;

    mcts_node *node;
    int cap, used;
    /* mcts_advance: the pool the kept subtree is copied into (then the two
     * swap), and for each copied node its index in the old pool. */
    mcts_node *spare;
    int *origin;
    int *path; /* node indices from the root during an iteration */
    int path_cap;
    arena_state *work, *probe; /* flat state buffers */
    int32_t *legal, *untried;
    arena_chance_outcome *chance;
    uint8_t *mark; /* per action: has a child (cleared after use) */
    /* RAVE: every decision of the iteration in order (seat * num_actions +
     * action), where each path node's action lies in it (seq_at), and which
     * (seat, action) pairs were played from a given depth on (played). */
    int32_t *seq;
    int seq_len, seq_cap;
    int *seq_at;
    uint8_t *played;
    /* MAST (rollout=mast): per seat and action, the reward sum and count of
     * every iteration in which the seat played the action, kept across the
     * moves of a game (halved at each mcts_reset); NULL when off. */
    float *mast_sum, *mast_n;
};

int mcts_rules_check(const arena_rules *R, char *err, size_t errlen)
{
    const char *missing = NULL;
    if (!R->state_size || !R->num_players || !R->num_actions || !R->max_game_length)
        missing = "state_size, num_players, num_actions or max_game_length";
    else if (!R->current_player || !R->legal_actions || !R->apply || !R->returns)
        missing = "current_player, legal_actions, apply or returns";
    else if ((R->flags & ARENA_GAME_CHANCE) && !R->chance_outcomes)
        missing = "chance_outcomes (the game has chance)";
    else if ((R->flags & ARENA_GAME_HIDDEN) && !R->sample_state)
        missing = "sample_state (the game has hidden information)";
    else if (!(R->flags & ARENA_GAME_HIDDEN) && !R->state_from_observation)
        missing = "state_from_observation (the game has perfect information)";
    if (!missing) return 0;
    snprintf(err, errlen, "mcts: rule module '%s' lacks %s", R->name ? R->name : "?", missing);
    return -1;
}

mcts *mcts_new(const arena_rules *R, const arena_game *G, const mcts_params *p, char *err,
               size_t errlen)
{
    if (mcts_rules_check(R, err, errlen) < 0) return NULL;
    mcts *m = calloc(1, sizeof *m);
    if (!m) goto oom;
    m->R = R;
    m->G = G;
    m->state_size = R->state_size(G);
    m->num_players = R->num_players(G);
    m->num_actions = R->num_actions(G);
    m->max_plies = R->max_game_length(G);
    if (m->num_players < 1 || m->num_players > ARENA_MAX_PLAYERS || m->num_actions < 1 ||
        m->state_size == 0) {
        snprintf(err, errlen, "mcts: rule module '%s' reports an impossible game", R->name);
        free(m);
        return NULL;
    }
    m->c = p->c;
    m->rave = p->rave > 0 ? p->rave : 0;
    m->rollout = p->rollout;
    m->playout_cap = p->playout_cap;
    m->prune = p->prune && !(R->flags & ARENA_GAME_HIDDEN);
    if (p->eval_plies >= 0 && ARENA_RULES_HAS(R, evaluate) && R->evaluate) {
        m->evaluate = R->evaluate;
        m->eval_plies = p->eval_plies;
        m->wide = p->wide && p->eval_plies == 0;
    }
    arena_rng_seed(&m->rng, p->seed);
    m->cap = p->node_cap > 0 ? p->node_cap : 1;
    /* The tree is at most as deep as a game: decisions plus chance events. */
    m->path_cap = 2 * (m->max_plies > 0 ? m->max_plies : 1) + 16;
    m->node = malloc((size_t)m->cap * sizeof *m->node);
    m->spare = malloc((size_t)m->cap * sizeof *m->spare);
    m->origin = malloc((size_t)m->cap * sizeof *m->origin);
    m->path = malloc((size_t)m->path_cap * sizeof *m->path);
    m->work = malloc(m->state_size);
    m->probe = malloc(m->state_size);
    m->legal = malloc((size_t)m->num_actions * sizeof *m->legal);
    m->untried = malloc((size_t)m->num_actions * sizeof *m->untried);
    m->chance = malloc((size_t)m->num_actions * sizeof *m->chance);
    m->mark = calloc((size_t)m->num_actions, 1);
    /* A playout is at most path_cap + max_plies plies (playout()). */
    m->seq_cap =
        m->rave > 0 || m->rollout == MCTS_ROLLOUT_MAST ? 2 * m->path_cap + m->max_plies : 0;
    m->seq = malloc((size_t)m->seq_cap * sizeof *m->seq + 1);
    m->seq_at = malloc((size_t)m->path_cap * sizeof *m->seq_at);
    m->played = calloc((size_t)m->num_players * (size_t)m->num_actions, 1);
    if (!m->node || !m->spare || !m->origin || !m->path || !m->work || !m->probe || !m->legal ||
        !m->untried || !m->chance || !m->mark || !m->seq || !m->seq_at || !m->played)
        goto oom;
    if (m->rollout == MCTS_ROLLOUT_MAST) {
        size_t pairs = (size_t)m->num_players * (size_t)m->num_actions;
        m->mast_sum = calloc(pairs, sizeof *m->mast_sum);
        m->mast_n = calloc(pairs, sizeof *m->mast_n);
        if (!m->mast_sum || !m->mast_n) goto oom;
    }
    mcts_reset(m);
    return m;
oom:
    mcts_free(m);
    snprintf(err, errlen, "mcts: out of memory");
    return NULL;
}

void mcts_free(mcts *m)
{
    if (!m) return;
    free(m->node);
    free(m->spare);
    free(m->origin);
    free(m->path);
    free(m->work);
    free(m->probe);
    free(m->legal);
    free(m->untried);
    free(m->chance);
    free(m->mark);
    free(m->seq);
    free(m->seq_at);
    free(m->played);
    free(m->mast_sum);
    free(m->mast_n);
    free(m);
}

/* What every new decision starts with, whether the tree is new or kept. */
static void new_decision(mcts *m);

void mcts_reset(mcts *m)
{
    m->node[0] = (mcts_node){.action = -1, .first_child = -1, .next_sibling = -1, .mover = -1};
    m->used = 1;
    new_decision(m);
}

static int find_child(const mcts *m, int parent, int32_t action);

int mcts_advance(mcts *m, const int32_t *actions, int n)
{
    int r = 0;
    for (int i = 0; i < n && r >= 0; i++)
        r = find_child(m, r, actions[i]);
    if (r < 0) return -1;
    /* Breadth first from r into the spare pool: a node's children are
     * copied in their order, so the new tree is the old subtree exactly. */
    mcts_node *to = m->spare;
    to[0] = m->node[r];
    to[0].next_sibling = -1;
    to[0].mover = -1;
    to[0].action = -1;
    m->origin[0] = r;
    int used = 1;
    for (int i = 0; i < used; i++) {
        int prev = -1;
        to[i].first_child = -1;
        for (int c = m->node[m->origin[i]].first_child; c >= 0; c = m->node[c].next_sibling) {
            int j = used++;
            to[j] = m->node[c];
            to[j].next_sibling = -1;
            m->origin[j] = c;
            if (prev < 0)
                to[i].first_child = j;
            else
                to[prev].next_sibling = j;
            prev = j;
        }
    }
    m->spare = m->node;
    m->node = to;
    m->used = used;
    new_decision(m);
    return 0;
}

static void new_decision(mcts *m)
{
    m->own_sum = 0;
    m->own_count = 0;
    /* MAST: what earlier moves learnt still counts, half as much, so the
     * statistics follow the game as it changes. */
    if (m->mast_n) {
        size_t pairs = (size_t)m->num_players * (size_t)m->num_actions;
        for (size_t i = 0; i < pairs; i++) {
            m->mast_sum[i] *= 0.5f;
            m->mast_n[i] *= 0.5f;
        }
    }
}

double mcts_own_plies(const mcts *m)
{
    return m->own_count ? m->own_sum / (double)m->own_count : -1;
}

/* Whether the deadline has passed on the clock the seat is charged on. */
static int past_deadline(const mcts *m)
{
    return m->deadline && arena_turn_clock_us(m->clock) >= m->deadline;
}

void mcts_set_deadline(mcts *m, int64_t deadline_us, const arena_turn *turn)
{
    m->deadline = deadline_us;
    m->clock = turn;
}

arena_rng *mcts_rng(mcts *m)
{
    return &m->rng;
}

int mcts_nodes(const mcts *m)
{
    return m->used;
}

long mcts_root_visits(const mcts *m)
{
    return m->node[0].visits;
}

/* RAVE and MAST: notes that seat played action in this iteration. */
static void record(mcts *m, int seat, int32_t action)
{
    if (m->seq_len < m->seq_cap) m->seq[m->seq_len++] = seat * m->num_actions + action;
}

/* A new child of parent, or -1 when the pool is full. */
static int add_child(mcts *m, int parent, int32_t action, int mover)
{
    if (m->used >= m->cap) return -1;
    int i = m->used++;
    m->node[i] = (mcts_node){.action = action,
                             .first_child = -1,
                             .next_sibling = m->node[parent].first_child,
                             .mover = (int16_t)mover};
    m->node[parent].first_child = i;
    return i;
}

static int find_child(const mcts *m, int parent, int32_t action)
{
    for (int c = m->node[parent].first_child; c >= 0; c = m->node[c].next_sibling)
        if (m->node[c].action == action) return c;
    return -1;
}

/* A chance outcome drawn by its probability. */
static int32_t draw_chance(mcts *m, const arena_state *s)
{
    int n = m->R->chance_outcomes(s, m->chance, m->num_actions);
    if (n > m->num_actions) n = m->num_actions;
    if (n <= 0) return -1;
    double total = 0;
    for (int i = 0; i < n; i++)
        total += m->chance[i].prob;
    double x = arena_rng_double(&m->rng) * total;
    for (int i = 0; i < n - 1; i++) {
        x -= m->chance[i].prob;
        if (x < 0) return m->chance[i].action;
    }
    return m->chance[n - 1].action;
}

static void scaled_returns(const mcts *m, const arena_state *s, double *reward)
{
    double r[ARENA_MAX_PLAYERS];
    m->R->returns(s, r);
    double lo = r[0], hi = r[0];
    for (int i = 1; i < m->num_players; i++) {
        if (r[i] < lo) lo = r[i];
        if (r[i] > hi) hi = r[i];
    }
    for (int i = 0; i < m->num_players; i++)
        reward[i] = hi > lo ? (r[i] - lo) / (hi - lo) : 0.5;
}

/* MCTS_ROLLOUT_WIN: a legal action after which the game is over with the
 * mover on top, or -1. */
static int32_t winning_action(mcts *m, const arena_state *s, int seat, int n)
{
    double reward[ARENA_MAX_PLAYERS];
    for (int i = 0; i < n; i++) {
        memcpy(m->probe, s, m->state_size);
        if (m->R->apply(m->probe, m->legal[i]) < 0) continue;
        if (m->R->current_player(m->probe) != ARENA_TERMINAL) continue;
        scaled_returns(m, m->probe, reward);
        if (reward[seat] >= 1.0) return m->legal[i];
    }
    return -1;
}

/* MAST: with probability MAST_EPSILON a uniform pick, else the action of
 * the best mean reward for seat so far (never-seen actions count as 1, so
 * that each gets tried; ties go to the first). */
#define MAST_EPSILON 0.25
static int32_t mast_action(mcts *m, int seat, int n)
{
    if (arena_rng_double(&m->rng) < MAST_EPSILON)
        return m->legal[arena_rng_below(&m->rng, (uint32_t)n)];
    const float *sum = m->mast_sum + (size_t)seat * (size_t)m->num_actions;
    const float *cnt = m->mast_n + (size_t)seat * (size_t)m->num_actions;
    int32_t best = m->legal[0];
    double best_v = -1;
    for (int i = 0; i < n; i++) {
        int32_t a = m->legal[i];
        double v = cnt[a] > 0.5f ? sum[a] / cnt[a] : 1.0;
        if (v > best_v) best_v = v, best = a;
    }
    return best;
}

/* MAST backup: every decision of the iteration, tree and playout, adds the
 * reward of the seat that made it. */
static void backup_mast(mcts *m, const double *reward)
{
    for (int j = 0; j < m->seq_len; j++) {
        int32_t k = m->seq[j];
        m->mast_sum[k] += (float)reward[k / m->num_actions];
        m->mast_n[k] += 1.0f;
    }
}

/* The module's values of m->work (non-terminal), held to [0, 1] (a value
 * out of range or not a number would otherwise upset every mean above it). */
static void evaluated(mcts *m, double *reward)
{
    m->evaluate(m->work, reward);
    for (int i = 0; i < m->num_players; i++)
        reward[i] = reward[i] >= 0 ? reward[i] <= 1 ? reward[i] : 1 : 0; /* NaN: 0 */
}

/* Plays m->work to the end, or with evaluation for eval_plies plies; the
 * scaled returns or the module's values in reward. -1 when the deadline
 * passed or the module refused an action. */
static int playout(mcts *m, double *reward)
{
    const arena_rules *R = m->R;
    int steps = m->path_cap + m->max_plies;
    if (m->playout_cap > 0 && m->playout_cap < steps) steps = m->playout_cap;
    for (int step = 0; step < steps; step++) {
        /* A playout of a long game may take a good part of a fast move. */
        if ((step & 31) == 31 && past_deadline(m)) return -1;
        int p = R->current_player(m->work);
        if (p == ARENA_TERMINAL) {
            scaled_returns(m, m->work, reward);
            return 0;
        }
        if (m->evaluate && step >= m->eval_plies) {
            evaluated(m, reward);
            return 0;
        }
        int32_t a;
        if (p == ARENA_CHANCE) {
            a = draw_chance(m, m->work);
        } else {
            m->own_plies += p == m->root_seat;
            int n = R->legal_actions(m->work, m->legal, m->num_actions);
            if (n <= 0) return -1;
            if (n > m->num_actions) n = m->num_actions;
            a = -1;
            if (m->rollout == MCTS_ROLLOUT_WIN) a = winning_action(m, m->work, p, n);
            if (m->rollout == MCTS_ROLLOUT_MAST) a = mast_action(m, p, n);
            if (a < 0) a = m->legal[arena_rng_below(&m->rng, (uint32_t)n)];
            if (m->seq_cap) record(m, p, a);
        }
        if (a < 0 || R->apply(m->work, a) < 0) return -1;
    }
    for (int i = 0; i < m->num_players; i++)
        reward[i] = 0.5; /* no end in sight */
    return 0;
}

static int is_listed(const int32_t *sorted, int n, int32_t a)
{
    int lo = 0, hi = n - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (sorted[mid] == a) return 1;
        if (sorted[mid] < a)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return 0;
}

/* The selection score of child ch: UCB1 over availability, with RAVE its
 * mean blended with the all-moves-as-first mean by beta = sqrt(k / (3n + k))
 * (Gelly and Silver's schedule: AMAF rules while the child has few visits).
 * A child never tried comes first unless RAVE has a mean for it. */
static double score(const mcts *m, const mcts_node *ch)
{
    double explore = m->c * sqrt(log((double)ch->avail) / (ch->visits ? ch->visits : 1));
    if (m->rave > 0 && ch->amaf_n > 0) {
        double amaf = ch->amaf_value / ch->amaf_n;
        if (ch->visits == 0) return amaf + explore;
        double beta = sqrt(m->rave / (3.0 * ch->visits + m->rave));
        return (1 - beta) * ch->value / ch->visits + beta * amaf + explore;
    }
    return ch->visits == 0 ? HUGE_VAL : ch->value / ch->visits + explore;
}

/* At a decision of `seat` in m->work with n legal actions in m->legal: the
 * child to descend to, -1 after expanding (the new child, if any, is pushed
 * and its action applied), or -2 on a module error. With RAVE every legal
 * action gets its child at once, so that AMAF statistics gather for all. */
static int select_child(mcts *m, int node, int seat, int n, int *depth)
{
    int legal_children = 0, best = -1;
    for (int c = m->node[node].first_child; c >= 0; c = m->node[c].next_sibling)
        if (is_listed(m->legal, n, m->node[c].action)) {
            legal_children++;
            m->mark[m->node[c].action] = 1;
        }
    for (int i = 0; m->rave > 0 && i < n && legal_children < n; i++) {
        if (m->mark[m->legal[i]]) continue;
        if (add_child(m, node, m->legal[i], seat) < 0) break; /* the pool is full */
        m->mark[m->legal[i]] = 1;
        legal_children++;
    }
    int k = 0;
    for (int i = 0; legal_children < n && i < n; i++)
        if (!m->mark[m->legal[i]]) m->untried[k++] = m->legal[i];
    double best_score = -1;
    int lost = -1; /* a pruned child, descended to only when no other is left */
    for (int c = m->node[node].first_child; c >= 0; c = m->node[c].next_sibling) {
        mcts_node *ch = &m->node[c];
        if (!m->mark[ch->action]) continue;
        m->mark[ch->action] = 0;
        ch->avail++;
        if (ch->lost) {
            lost = c;
            continue;
        }
        double sc = score(m, ch);
        if (sc > best_score) {
            best_score = sc;
            best = c;
        }
    }
    if (k == 0) return best >= 0 ? best : lost;
    int32_t a = m->untried[arena_rng_below(&m->rng, (uint32_t)k)];
    if (m->R->apply(m->work, a) < 0) return -2;
    if (m->seq_cap) record(m, seat, a);
    int child = add_child(m, node, a, seat);
    if (child >= 0) {
        m->node[child].avail = 1;
        m->path[(*depth)++] = child;
        m->seq_at[*depth - 1] = m->seq_len;
    }
    return -1;
}

/* RAVE backup: walking the path from the leaf up, each node's children whose
 * mover played their action anywhere later in the iteration get the mover's
 * reward as an AMAF sample. */
static void backup_amaf(mcts *m, int depth, const double *reward)
{
    int upto = m->seq_len, marked = m->seq_len;
    for (int i = depth - 1; i >= 0; i--) {
        int from = i == 0 ? 0 : m->seq_at[i];
        for (int j = from; j < upto; j++)
            m->played[m->seq[j]] = 1;
        upto = from;
        for (int c = m->node[m->path[i]].first_child; c >= 0; c = m->node[c].next_sibling) {
            mcts_node *ch = &m->node[c];
            if (ch->mover < 0 || !m->played[ch->mover * m->num_actions + ch->action]) continue;
            ch->amaf_n++;
            ch->amaf_value += (float)reward[ch->mover];
        }
    }
    for (int j = 0; j < marked; j++)
        m->played[m->seq[j]] = 0;
}

/* With evaluation: every EVAL_PROBE-th iteration also plays a random
 * playout from root to its end, only to count the root seat's decisions
 * (mcts_own_plies: how many moves it has left); nothing else is learnt. */
#define EVAL_PROBE 32
static void probe_length(mcts *m, const arena_state *root)
{
    const arena_rules *R = m->R;
    memcpy(m->work, root, m->state_size);
    int own = 0, steps = m->path_cap + m->max_plies;
    for (int step = 0; step < steps; step++) {
        if ((step & 31) == 31 && past_deadline(m)) return;
        int p = R->current_player(m->work);
        if (p == ARENA_TERMINAL) {
            m->own_sum += own;
            m->own_count++;
            return;
        }
        int32_t a;
        if (p == ARENA_CHANCE) {
            a = draw_chance(m, m->work);
        } else {
            own += p == m->root_seat;
            int n = R->legal_actions(m->work, m->legal, m->num_actions);
            if (n <= 0) return;
            if (n > m->num_actions) n = m->num_actions;
            a = m->legal[arena_rng_below(&m->rng, (uint32_t)n)];
        }
        if (a < 0 || R->apply(m->work, a) < 0) return;
    }
}

/* Pruning (perfect information, where a node is one state): when a child
 * reached for the first time (its action applied to m->work) ends the game
 * at once with its mover last of all, it is marked lost and the iteration
 * ends without a backup. Selection passes such a child by while another is
 * left, so a decision among many actions that lose at once (the removals
 * in querni that strand numbers) is no longer averaged with them: the mover
 * would never choose them. Returns 1 when it pruned. */
static int lost_at_once(mcts *m, int seat, int child)
{
    if (m->num_players < 2 || m->node[child].mover != seat) return 0;
    if (m->R->current_player(m->work) != ARENA_TERMINAL) return 0;
    double reward[ARENA_MAX_PLAYERS];
    scaled_returns(m, m->work, reward);
    for (int i = 0; i < m->num_players; i++)
        if (i != seat && reward[i] <= reward[seat]) return 0;
    m->node[child].lost = 1;
    return 1;
}

/* A wide iteration (tree.h): every legal action of the root's seat is
 * applied to root and scored by evaluate (the returns where it ends the
 * game); each root child gains a visit and its seat's value. Nothing grows
 * below the root. Every WIDE_PROBE-th also counts the moves left. */
#define WIDE_PROBE 4
static int iterate_wide(mcts *m, const arena_state *root, int seat)
{
    const arena_rules *R = m->R;
    int n = R->legal_actions(root, m->legal, m->num_actions);
    if (n <= 0) return -1;
    if (n > m->num_actions) n = m->num_actions;
    for (int c = m->node[0].first_child; c >= 0; c = m->node[c].next_sibling)
        m->mark[m->node[c].action] = 1;
    for (int i = 0; i < n; i++)
        if (!m->mark[m->legal[i]] && add_child(m, 0, m->legal[i], seat) >= 0)
            m->mark[m->legal[i]] = 1;
    m->node[0].visits++;
    int done = 0;
    for (int c = m->node[0].first_child; c >= 0; c = m->node[c].next_sibling) {
        mcts_node *ch = &m->node[c];
        if (!m->mark[ch->action]) continue;
        m->mark[ch->action] = 0;
        if (!is_listed(m->legal, n, ch->action)) continue; /* not legal here */
        if ((++done & 31) == 0 && past_deadline(m)) continue;
        memcpy(m->work, root, m->state_size);
        if (R->apply(m->work, ch->action) < 0) continue;
        double reward[ARENA_MAX_PLAYERS];
        if (R->current_player(m->work) == ARENA_TERMINAL)
            scaled_returns(m, m->work, reward);
        else
            evaluated(m, reward);
        ch->avail++;
        ch->visits++;
        ch->value += reward[seat];
    }
    m->root_seat = seat;
    if (m->iterations++ % WIDE_PROBE == 0) probe_length(m, root);
    return 0;
}

int mcts_wide(const mcts *m)
{
    return m->wide;
}

void mcts_set_wide(mcts *m, int wide)
{
    m->wide = wide && m->evaluate && m->eval_plies == 0;
}

int mcts_chance_ahead(mcts *m, const arena_state *root)
{
    const arena_rules *R = m->R;
    memcpy(m->probe, root, m->state_size);
    /* (a few plies only: a random querni playout can run a thousand turns) */
    for (int step = 0; step < MCTS_CHANCE_HORIZON; step++) {
        int p = R->current_player(m->probe);
        if (p == ARENA_CHANCE) return 1;
        if (p == ARENA_TERMINAL) return 0;
        int n = R->legal_actions(m->probe, m->legal, m->num_actions);
        if (n <= 0) return 0;
        if (n > m->num_actions) n = m->num_actions;
        if (R->apply(m->probe, m->legal[arena_rng_below(&m->rng, (uint32_t)n)]) < 0) return 0;
    }
    return 0;
}

int mcts_iterate(mcts *m, const arena_state *root)
{
    const arena_rules *R = m->R;
    if (m->wide) {
        int seat = R->current_player(root);
        if (seat >= 0) return iterate_wide(m, root, seat);
    }
    memcpy(m->work, root, m->state_size);
    int depth = 0, node = 0;
    m->path[depth++] = 0;
    m->root_seat = R->current_player(m->work);
    m->own_plies = 0;
    m->seq_len = 0;
    m->seq_at[0] = 0;
    for (;;) {
        if (depth >= m->path_cap - 1) break;
        int p = R->current_player(m->work);
        if (p == ARENA_TERMINAL) break;
        if (p == ARENA_CHANCE) {
            int32_t a = draw_chance(m, m->work);
            if (a < 0 || R->apply(m->work, a) < 0) return -1;
            int child = find_child(m, node, a);
            if (child < 0) {
                child = add_child(m, node, a, -1);
                if (child >= 0) m->seq_at[depth] = m->seq_len, m->path[depth++] = child;
                break;
            }
            m->seq_at[depth] = m->seq_len;
            m->path[depth++] = node = child;
            continue;
        }
        m->own_plies += p == m->root_seat;
        int n = R->legal_actions(m->work, m->legal, m->num_actions);
        if (n <= 0) return -1;
        if (n > m->num_actions) n = m->num_actions;
        int child = select_child(m, node, p, n, &depth);
        if (child == -2) return -1;
        if (child < 0) { /* expanded: the new child, if the pool had room, ends the path */
            int leaf = m->path[depth - 1];
            if (m->prune && leaf != node && lost_at_once(m, p, leaf)) return 0;
            break;
        }
        if (R->apply(m->work, m->node[child].action) < 0) return -1;
        if (m->seq_cap) record(m, p, m->node[child].action);
        m->seq_at[depth] = m->seq_len;
        m->path[depth++] = node = child;
        /* A child never visited (RAVE made it, or its playout was dropped)
         * is the leaf: its playout starts here. */
        if (m->node[child].visits == 0) {
            /* (a child already marked lost is descended to only when every
             * other is lost too: its loss is then backed up like any result) */
            if (m->prune && !m->node[child].lost && lost_at_once(m, p, child)) return 0;
            break;
        }
    }
    double reward[ARENA_MAX_PLAYERS];
    if (playout(m, reward) < 0) return -1;
    if (!m->evaluate) {
        m->own_sum += m->own_plies;
        m->own_count++;
    }
    if (m->rave > 0) backup_amaf(m, depth, reward);
    if (m->mast_n) backup_mast(m, reward);
    for (int i = 0; i < depth; i++) {
        mcts_node *nd = &m->node[m->path[i]];
        nd->visits++;
        if (nd->mover < 0) continue;
        nd->value += reward[nd->mover];
    }
    if (m->evaluate && m->iterations++ % EVAL_PROBE == 0) probe_length(m, root);
    return 0;
}

int mcts_root_flat(const mcts *m)
{
    double lo = HUGE_VAL, hi = -HUGE_VAL;
    for (int c = m->node[0].first_child; c >= 0; c = m->node[c].next_sibling) {
        const mcts_node *ch = &m->node[c];
        double q[2];
        int k = 0;
        if (ch->visits > 0) q[k++] = ch->value / ch->visits;
        if (ch->amaf_n > 0) q[k++] = (double)ch->amaf_value / ch->amaf_n;
        for (int i = 0; i < k; i++) {
            if (q[i] < lo) lo = q[i];
            if (q[i] > hi) hi = q[i];
        }
    }
    return hi >= lo && hi - lo < 1e-9;
}

void mcts_top_visits(const mcts *m, long *first, long *second)
{
    long a = 0, b = 0;
    for (int c = m->node[0].first_child; c >= 0; c = m->node[c].next_sibling) {
        long v = m->node[c].visits;
        if (v > a)
            b = a, a = v;
        else if (v > b)
            b = v;
    }
    *first = a;
    *second = b;
}

/* Wide: the best mean among the root children legal in at least half as
 * many determinisations as the most often legal (a move legal in few has a
 * mean of few samples). */
static int best_wide(const mcts *m, const int32_t *legal, int n)
{
    long most = 0;
    for (int c = m->node[0].first_child; c >= 0; c = m->node[c].next_sibling)
        if (is_listed(legal, n, m->node[c].action) && m->node[c].visits > most)
            most = m->node[c].visits;
    int best = -1;
    double best_mean = 0;
    for (int c = m->node[0].first_child; c >= 0; c = m->node[c].next_sibling) {
        const mcts_node *ch = &m->node[c];
        if (!is_listed(legal, n, ch->action) || ch->visits == 0 || 2 * ch->visits < most) continue;
        double mean = ch->value / ch->visits;
        if (best < 0 || mean > best_mean ||
            (mean == best_mean && ch->action < m->node[best].action))
            best = c, best_mean = mean;
    }
    return best;
}

int32_t mcts_best(mcts *m, const int32_t *legal, int n)
{
    if (m->wide) {
        int best = best_wide(m, legal, n);
        return best >= 0 ? m->node[best].action : arena_rng_pick(&m->rng, legal, n);
    }
    int best = -1;
    for (int c = m->node[0].first_child; c >= 0; c = m->node[c].next_sibling) {
        const mcts_node *ch = &m->node[c];
        if (!is_listed(legal, n, ch->action) || ch->visits == 0) continue;
        if (best >= 0) {
            const mcts_node *b = &m->node[best];
            double mc = ch->value / ch->visits, mb = b->value / b->visits;
            if (ch->visits < b->visits) continue;
            if (ch->visits == b->visits && (mc < mb || (mc == mb && ch->action > b->action)))
                continue;
        }
        best = c;
    }
    if (best >= 0) return m->node[best].action;
    return arena_rng_pick(&m->rng, legal, n);
}
