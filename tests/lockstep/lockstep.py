"""Plays random games on a rule module and on an independent model in lockstep.

    python3 lockstep.py --rules build/bin/rules/libkursk.so --game kursk [--games N] [--seed S]

The model (model_<game>.py) is an independent reading of the game's rules
page. Both sides play the same game: at every node the runner compares the
current player, the set of legal action names (legal_actions + action_name),
at chance nodes the set of (outcome name, probability), and at the end the
returns and, where the model maps the module's phrase, the end reason. Where
the model reads observations (observation_of, decode_observation), it also
compares at every node what each seat and a spectator are shown: the
module's protobuf Observation decoded (rules_abi.decode_wire), against what
the rules page lets that seat see. It
also checks the module against rules.h on the way: no two legal actions share
a name, parse_action(name) gives back the id of each action played, apply
accepts every legal action, chance outcomes are the legal actions and their
probabilities sum to 1.

Game k of a run plays configuration k mod len(CONFIGS) of the model (options
and policy), seeded from --seed and k, so a run of N >= len(CONFIGS) games
covers every configuration and a run is the same for the same --seed.
ARENA_TEST_SCALE (percent, default 100) scales N, never below one full cycle
of configurations. A divergence is printed (seed, options, policy, the action
names so far, both sides' views) and the run goes on with the next game; the
exit status is 1 when any game diverged. --index K replays game K alone.
"""
import argparse
import collections
import importlib
import os
import random
import sys
import time
import traceback

from rules_abi import CHANCE, TERMINAL, Module, RulesError

GAMES = ("kursk", "querni", "rugby")
PROB_TOLERANCE = 1e-9
FULL_REPORTS = 3  # divergences printed in full; then SHORT_REPORTS in one line each
SHORT_REPORTS = 20


class Divergence(Exception):
    """The module and the model disagree, or the module breaks rules.h."""

    def __init__(self, what, c_view=None, model_view=None):
        super().__init__(what)
        self.what = what
        self.c_view = c_view
        self.model_view = model_view


def scaled(games, cycle):
    """games scaled by ARENA_TEST_SCALE, at least one full cycle of configurations
    (or the games asked for, when fewer)."""
    try:
        pct = int(os.environ.get("ARENA_TEST_SCALE", "100"))
    except ValueError:
        pct = 100
    if pct <= 0:
        pct = 100
    return max(games * pct // 100, min(games, cycle))


def game_seed(seed, index):
    return seed * 1000003 + index


def c_legal_names(cs):
    """{name: id} of the module's legal actions, checking the names are distinct."""
    names = {}
    for a in cs.legal_actions():
        name = cs.action_name(a)
        if name in names:
            raise Divergence("module: actions %d and %d are both named %r" % (names[name], a, name))
        names[name] = a
    return names


def compare_node(cs, ms, model):
    """Compares the current node of both sides; returns (player, {name: id})."""
    player = cs.current_player()
    if player != ms.current_player():
        raise Divergence("current player",
                         {"player": player, "legal": sorted(c_legal_names(cs))
                          if player != TERMINAL else []},
                         {"player": ms.current_player(), "legal": sorted(ms.legal_actions())})
    if player == TERMINAL:
        c_returns, m_returns = cs.returns(), ms.returns()
        c_reason = cs.end_reason()
        reason_differs = (ms.end_reason is not None and
                          model.C_END_REASONS.get(c_reason, c_reason) != ms.end_reason)
        if (len(c_returns) != len(m_returns) or reason_differs
                or any(abs(a - b) > PROB_TOLERANCE for a, b in zip(c_returns, m_returns))):
            raise Divergence("returns or end reason",
                             {"returns": c_returns, "end_reason": c_reason},
                             {"returns": m_returns, "end_reason": ms.end_reason})
        return player, {}
    names = c_legal_names(cs)
    if player == CHANCE:
        outcomes = cs.chance_outcomes()
        if sorted(a for a, _ in outcomes) != sorted(names.values()):
            raise Divergence("module: chance outcomes are not the legal actions",
                             {"outcomes": outcomes, "legal": sorted(names.values())})
        total = sum(p for _, p in outcomes)
        if abs(total - 1.0) > PROB_TOLERANCE:
            raise Divergence("module: chance probabilities sum to %r" % total, outcomes)
        c_probs = {cs.action_name(a): p for a, p in outcomes}
        m_probs = dict(ms.chance_outcomes())
        if (set(c_probs) != set(m_probs)
                or any(abs(c_probs[k] - m_probs[k]) > PROB_TOLERANCE for k in c_probs)):
            raise Divergence("chance outcomes",
                             {"only_module": sorted(set(c_probs) - set(m_probs)),
                              "outcomes": sorted((k, round(v, 12)) for k, v in c_probs.items())},
                             {"only_model": sorted(set(m_probs) - set(c_probs)),
                              "outcomes": sorted((k, round(v, 12)) for k, v in m_probs.items())})
    else:
        m_names = set(ms.legal_actions())
        if m_names != set(names):
            raise Divergence("legal actions",
                             {"player": player, "only_module": sorted(set(names) - m_names),
                              "legal": sorted(names)},
                             {"player": player, "only_model": sorted(m_names - set(names)),
                              "legal": sorted(m_names)})
    return player, names


def compare_observations(cs, ms, model, num_players):
    """When the model reads observations (model.observation_of and
    model.decode_observation): every seat's and the spectator's view of the
    current node, as the module encodes it, decoded, against what the model
    says that seat may see. A seat shown something it must not see (another
    seat's hidden card) or not shown what it may see is a divergence."""
    if not hasattr(model, "observation_of"):
        return
    for seat in list(range(num_players)) + [-1]:
        data = cs.observation(seat)
        try:
            c_view = model.decode_observation(data)
        except ValueError as e:
            raise Divergence("module: observation of seat %d does not decode: %s" % (seat, e),
                             data.hex())
        m_view = model.observation_of(ms, seat)
        if c_view != m_view:
            keys = sorted(set(c_view) | set(m_view))
            differ = [k for k in keys if c_view.get(k) != m_view.get(k)]
            raise Divergence("observation of seat %d: %s" % (seat, ", ".join(differ)),
                             {k: c_view.get(k) for k in differ},
                             {k: m_view.get(k) for k in differ})


def draw_chance(outcomes, rng):
    """An outcome name drawn by its probability, in the model's order."""
    x = rng.random()
    acc = 0.0
    for name, p in outcomes:
        acc += p
        if x < acc:
            return name
    return outcomes[-1][0]


def play_game(module, model, options, policy, seed, stats, observe=True):
    """One game in lockstep (observations compared too when observe). Returns
    None, or (Divergence, action names, C text, model text)."""
    rng = random.Random(seed)
    choose = model.POLICIES[policy]
    try:
        game = module.game_new(options)
    except RulesError as e:
        return Divergence("module: %s" % e), [], "", ""
    cs = game.new_state()
    ms = model.new_state(options)
    played = []
    try:
        while True:
            player, names = compare_node(cs, ms, model)
            if observe:
                compare_observations(cs, ms, model, game.num_players)
            stats["nodes"] += 1
            if player == TERMINAL:
                stats["end: " + str(ms.end_reason)] += 1
                stats.update(ms.events)
                return None
            if player == CHANCE:
                name = draw_chance(ms.chance_outcomes(), rng)
            else:
                name = choose(ms, ms.legal_actions(), rng)
            action = names[name]
            parsed = cs.parse_action(name)
            if parsed != action:
                raise Divergence("module: parse_action(%r) = %r, but %r is action %d"
                                 % (name, parsed, name, action))
            if cs.apply(action) != 0:
                raise Divergence("module: apply refused the legal action %r (%d)" % (name, action))
            ms.apply(name)
            played.append(name)
    except Divergence as d:
        return d, played, cs.render(), ms.describe()
    except Exception as e:  # the model (or a policy) failed: a divergence too
        return (Divergence("model error: %s: %s" % (type(e).__name__, e),
                           model_view=traceback.format_exc().rstrip()),
                played, cs.render(), ms.describe())
    finally:
        cs.free()
        game.free()


def report(game_name, run_seed, index, options, policy, result, in_full):
    """Prints a divergence: in full (the actions so far, both sides' views),
    or, past the first few, in one line (a wrong rule makes most games
    diverge, and a few in full say what is wrong; --index replays any)."""
    d, played, c_text, m_text = result
    print("DIVERGENCE in lockstep %s, game %d (seed %d, options %r, policy %s) after %d actions: %s"
          % (game_name, index, game_seed(run_seed, index), options, policy, len(played), d.what))
    if not in_full:
        return
    print("  replay: lockstep.py --game %s --seed %d --index %d (and --rules)"
          % (game_name, run_seed, index))
    print("  actions: " + (" ".join(played) if played else "(none)"))
    if d.c_view is not None:
        print("  module: %s" % (d.c_view,))
    if d.model_view is not None:
        print("  model:  %s" % (d.model_view,))
    print("  module's render:\n    " + c_text.rstrip().replace("\n", "\n    "))
    print("  model's state:\n    " + m_text.rstrip().replace("\n", "\n    "))
    sys.stdout.flush()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rules", required=True, help="path of the rule module lib<game>.so")
    ap.add_argument("--game", required=True, choices=GAMES)
    ap.add_argument("--games", type=int, default=0,
                    help="games to play (default: one cycle of configurations)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--index", type=int, default=None, help="replay only game K of the run")
    ap.add_argument("--observe-every", type=int, default=1, metavar="N",
                    help="compare observations in one cycle of configurations in N (default 1: "
                         "every game); they cost several times the rest of a game, so a run can "
                         "play more games, reaching more rare rules, for the same time")
    args = ap.parse_args()

    model = importlib.import_module("model_" + args.game)
    module = Module(args.rules)
    if module.name != args.game:
        sys.exit("lockstep: %s is the rule module %r, not %r" % (args.rules, module.name, args.game))
    configs = model.CONFIGS
    if args.index is not None:
        indices = [args.index]
    else:
        indices = range(scaled(args.games or len(configs), len(configs)))

    start = time.monotonic()
    stats = collections.Counter()
    kinds = collections.Counter()  # divergences by what diverged
    agreed = diverged = 0
    for k in indices:
        options, policy = configs[k % len(configs)]
        seed = game_seed(args.seed, k)
        # whole cycles of configurations, so every configuration is observed
        observe = args.index is not None or (k // len(configs)) % max(args.observe_every, 1) == 0
        stats["observed games"] += observe
        result = play_game(module, model, options, policy, seed, stats, observe)
        if result is None:
            agreed += 1
        else:
            diverged += 1
            kinds[result[0].what] += 1
            if diverged <= FULL_REPORTS + SHORT_REPORTS:
                report(args.game, args.seed, k, options, policy, result, diverged <= FULL_REPORTS)

    ends = ", ".join("%s %d" % (k[len("end: "):], v) for k, v in sorted(stats.items())
                     if k.startswith("end: "))
    rare = ", ".join("%s %d" % (k, stats[k]) for k in model.RARE_EVENTS)
    print("lockstep %s: %d games, %d agreed, %d nodes compared, observations in %d games "
          "(%d configurations, seed %d, %.0f s)"
          % (args.game, agreed + diverged, agreed, stats["nodes"], stats["observed games"],
             len(configs), args.seed, time.monotonic() - start))
    print("  ends: %s; coverage: %s" % (ends, rare))
    if diverged:
        print("  %d games diverged: %s" % (diverged, "; ".join(
            "%s (%d)" % (what, n) for what, n in kinds.most_common())))
    return 1 if diverged else 0


if __name__ == "__main__":
    sys.exit(main())
