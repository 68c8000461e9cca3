"""Graj w RUGBY, modelled independently from its rules page.

An independent reading of the game's rules page (the team's original, of which
docs/rules/rugby.md is this repository's edition), written from that page without
reading the rule module's source, docs or tests: the
hidden layouts (O tries, P conversions in the columns of tries, the black
fields, A lineouts on the touchlines, K, D, M, G), placed in the page's order
by the players (setup=players) or by uniform chance nodes (setup=random, a
mark with a single legal cell placed without a node), then alternate guesses
with the black-field rule read as: after X hits a black field, Y guesses three
times in a row (three in all, replacing Y's ordinary guess), then X again; a
black hit during those three ends them and X guesses next with no bonus of
its own. The game ends when a guesser reaches `target`. All in the page's
notation, so that lockstep.py can compare it with the module name by name.

The page's `pass` and its "both guessed everything" ending are modelled but
cannot happen: target is at most the board's total, so whoever has guessed
all 105 fields has already won. The end_reason phrase "target reached" is the
module's, seen in its games, and mapped to the model's in C_END_REASONS.
"""
import collections

from rules_abi import CHANCE, TERMINAL
from rules_abi import parse_options as parse_option_string

GAME = "rugby"

COLS = "ABCDEFG"
ROWS = 15
FIELDS = ["%s%d" % (c, r) for r in range(1, ROWS + 1) for c in COLS]
POINTS = {"O": 5, "P": 2, "X": 0, "A": 1, "K": 3, "D": 3, "M": 1, "G": 10}
TOUCHLINES = set("ABFG")

C_END_REASONS = {"target reached": "target"}


def total_points(tries):
    return tries * (5 + 2) + 6 * 1 + 6 * 3 + 6 * 3 + 6 * 1 + 10


def placement_order(tries):
    """(mark, zone) in the order the page places them."""
    order = [("O", "in-goal")] * tries + [("P", "ten")] * tries
    order += [("X", "in-goal")] * 2 + [("X", "ten")] * 3
    for mark in "AKDM":
        order += [(mark, "midfield")] * 6
    return order + [("G", "midfield")]


ZONE_ROWS = {"in-goal": range(1, 4), "midfield": range(4, 13), "ten": range(13, 16)}


def parse_options(options):
    opts = parse_option_string(options, {"tries": 5, "target": 60, "setup": "players"})
    if not (5 <= opts["tries"] <= 10 and 1 <= opts["target"] <= total_points(opts["tries"])
            and opts["setup"] in ("players", "random")):
        raise ValueError("bad options %r" % options)
    return opts


def new_state(options):
    o = parse_options(options)
    return State(o["tries"], o["target"], o["setup"])


class State:
    def __init__(self, tries=5, target=60, setup="players"):
        self.target, self.setup = target, setup
        self.order = placement_order(tries)
        self.board = [{}, {}]  # per seat: field -> mark
        self.place_seat, self.place_idx = 0, 0
        self.in_setup = True
        self.guessed = [set(), set()]  # fields seat i has guessed on the other's board
        self.score = [0, 0]
        self.turn = 0
        self.bonus = 0  # bonus guesses left to self.turn (0: an ordinary guess)
        self.winner = None  # seat, or "draw"
        self.end_reason = None
        self.events = collections.Counter()
        self._place_forced()

    # ---------------- setup ----------------
    def _legal_cells(self):
        mark, zone = self.order[self.place_idx]
        board = self.board[self.place_seat]
        cells = []
        for row in ZONE_ROWS[zone]:
            for col in COLS:
                field = "%s%d" % (col, row)
                if field in board:
                    continue
                if mark == "A" and col not in TOUCHLINES:
                    continue
                if mark == "P":  # only in a column with fewer P than O
                    tries = sum(1 for f, m in board.items() if m == "O" and f[0] == col)
                    conversions = sum(1 for f, m in board.items() if m == "P" and f[0] == col)
                    if conversions >= tries:
                        continue
                cells.append(field)
        return cells

    def _place(self, field):
        self.board[self.place_seat][field] = self.order[self.place_idx][0]
        self.place_idx += 1
        if self.place_idx == len(self.order):
            self.place_idx = 0
            self.place_seat += 1
            if self.place_seat == 2:
                self.in_setup = False

    def _place_forced(self):
        # setup=random: a mark with a single legal cell is placed without a node
        while self.in_setup and self.setup == "random":
            cells = self._legal_cells()
            assert cells, "placement stuck"
            if len(cells) > 1:
                return
            self.events["placement without a node"] += 1
            self._place(cells[0])

    # ---------------- interface ----------------
    def current_player(self):
        if self.winner is not None:
            return TERMINAL
        if self.in_setup:
            return CHANCE if self.setup == "random" else self.place_seat
        return self.turn

    def legal_actions(self):
        if self.winner is not None:
            return []
        if self.in_setup:
            mark = self.order[self.place_idx][0]
            return ["%s@%s" % (mark, f) for f in self._legal_cells()]
        rest = [f for f in FIELDS if f not in self.guessed[self.turn]]
        return rest if rest else ["pass"]

    def chance_outcomes(self):
        if self.current_player() != CHANCE:
            return []
        acts = self.legal_actions()
        return [(a, 1.0 / len(acts)) for a in acts]

    def apply(self, name):
        if name not in self.legal_actions():
            raise ValueError("model: illegal action %r" % name)
        if self.in_setup:
            self._place(name.split("@")[1])
            self._place_forced()
        else:
            self._guess(name)

    def _guess(self, name):
        me, opp = self.turn, 1 - self.turn
        # bonus guess number 1, 2 or 3, or "" for an ordinary guess (coverage)
        nth = " on bonus guess %d" % (4 - self.bonus) if self.bonus else ""
        black = False
        if name != "pass":
            if len(self.guessed[me]) == len(FIELDS) - 1:
                self.events["105th field guessed"] += 1
            self.guessed[me].add(name)
            mark = self.board[opp].get(name)
            if mark is not None:
                self.score[me] += POINTS[mark]
                black = mark == "X"
            if self.score[me] >= self.target:
                self.events["win" + nth] += 1
                return self._finish(me, "target")
        else:
            self.events["pass"] += 1
        if black:
            self.events["black hit" + nth] += 1
        if len(self.guessed[0]) == len(FIELDS) and len(self.guessed[1]) == len(FIELDS):
            if self.score[0] == self.score[1]:
                return self._finish("draw", "all guessed")
            return self._finish(0 if self.score[0] > self.score[1] else 1, "all guessed")
        if self.bonus > 0:  # me is guessing its bonus guesses
            if black:  # the rest are lost; opp guesses next, without a bonus
                self.bonus = 0
                self.turn = opp
            else:
                self.bonus -= 1
                if self.bonus == 0:
                    self.turn = opp
        else:
            self.turn = opp
            if black:  # opp guesses three times in a row
                self.bonus = 3

    def _finish(self, winner, reason):
        self.winner = winner
        self.end_reason = reason

    def returns(self):
        if self.winner == "draw":
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]

    def describe(self):
        return ("scores %s turn %d bonus %d guessed %d/%d"
                % (self.score, self.turn, self.bonus, len(self.guessed[0]), len(self.guessed[1])))


# ---------------------------------------------------------------- policies
# They see the whole model state, both hidden boards included: that is how
# they reach black fields, and bonus guesses, far more often than chance.
def _unguessed_blacks(state):
    opp = 1 - state.turn
    return [f for f, m in state.board[opp].items()
            if m == "X" and f not in state.guessed[state.turn]]


def _black(state, legal, rng):
    """Half the guesses hit an unguessed black field of the opponent."""
    if not state.in_setup and rng.random() < 0.5:
        blacks = _unguessed_blacks(state)
        if blacks:
            return rng.choice(blacks)
    return rng.choice(legal)


def _black_bonus(state, legal, rng):
    """Hits black fields mostly during bonus guesses (60 %), else 25 %."""
    if not state.in_setup:
        blacks = _unguessed_blacks(state)
        if blacks and (state.bonus > 0 and rng.random() < 0.6 or rng.random() < 0.25):
            return rng.choice(blacks)
    return rng.choice(legal)


def _miss(state, legal, rng):
    """Prefers empty fields: long games that guess (nearly) everything."""
    if not state.in_setup and rng.random() < 0.7:
        opp = 1 - state.turn
        empty = [a for a in legal if a != "pass" and a not in state.board[opp]]
        if empty:
            return rng.choice(empty)
    return rng.choice(legal)


POLICIES = {
    "uniform": lambda state, legal, rng: rng.choice(legal),
    "black": _black,
    "blackbonus": _black_bonus,
    "miss": _miss,
}

# (options, policy), cycled by lockstep.py: both setups, every number of
# tries, and targets of 1 (the first score wins), 10, the default 60, the
# board's total - 1 and the total (every scoring field, the 105th guess).
CONFIGS = [
    ("", "uniform"),
    ("tries=5,target=1,setup=players", "uniform"),
    ("tries=5,target=%d,setup=random" % total_points(5), "miss"),
    ("tries=6,target=10,setup=random", "black"),
    ("tries=6,target=60,setup=players", "blackbonus"),
    ("tries=7,target=60,setup=random", "uniform"),
    ("tries=7,target=%d,setup=players" % (total_points(7) - 1), "black"),
    ("tries=8,target=%d,setup=random" % (total_points(8) - 1), "blackbonus"),
    ("tries=8,target=1,setup=random", "black"),
    ("tries=9,target=%d,setup=players" % total_points(9), "miss"),
    ("tries=9,target=10,setup=players", "blackbonus"),
    ("tries=10,target=60,setup=random", "blackbonus"),
    ("tries=10,target=%d,setup=players" % total_points(10), "black"),
]

RARE_EVENTS = ["black hit", "black hit on bonus guess 1", "black hit on bonus guess 2",
               "black hit on bonus guess 3", "win on bonus guess 1", "win on bonus guess 2",
               "win on bonus guess 3", "placement without a node", "105th field guessed"]
