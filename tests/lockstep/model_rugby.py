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

The observation (decode_observation, observation_of) is read from the page's
"Observation of seat i", the field comments of proto/games/rugby.proto and
docs/rugby.md, again without the module's source: seat i sees its own board
whole, of the opponent's board only the fields it has guessed (the mark, or
empty for a miss; MARK_UNKNOWN elsewhere), which fields of each board have
been guessed, how many marks each board holds, both scores, the bonus
guesses left, whose turn it is, in the setup the mark placed next and whether
chance places it, and once over the winner, the returns and the end reason. A
spectator (seat -1) sees the guessed fields of both boards and nothing else
of them. to_move and bonus once the game is over are defined by none of the
three documents, so neither side reports them there (see decode_observation).
"""
import collections
import functools

from rules_abi import CHANCE, TERMINAL, decode_packed, decode_wire, sint_of
from rules_abi import parse_options as parse_option_string

GAME = "rugby"

COLS = "ABCDEFG"
ROWS = 15
FIELDS = ["%s%d" % (c, r) for r in range(1, ROWS + 1) for c in COLS]
FIELD_INDEX = {f: i for i, f in enumerate(FIELDS)}  # the proto's field number
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
        self.tries, self.target, self.setup = tries, target, setup
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
        self.views = {}  # observation_of's boards, kept while they do not change
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


# ---------------------------------------------------------------- observation
# proto/games/rugby.proto. A board's marks are shown as a string of the page's
# letters ("." MARK_EMPTY, "?" MARK_UNKNOWN), its guessed flags as "0"/"1",
# both cut into the 15 rows ("/" between rows, row 1 first) so that a
# divergence can be read field by field; a byte the proto does not define
# shows as "!", which the model never produces.
MARK_CHARS = ".OPXAKDMG?"  # Mark values 0..9
PHASE_SETUP, PHASE_PLAY, PHASE_OVER = 0, 1, 2
END_REASONS = {None: 0, "target": 1, "all guessed": 2}  # EndReason
_MARK_TABLE = bytes(ord(MARK_CHARS[b]) if b < len(MARK_CHARS) else ord("!") for b in range(256))
_FLAG_TABLE = bytes(ord("01"[b]) if b < 2 else ord("!") for b in range(256))
OBSERVATION_FIELDS = {  # field number: (name, wire: "varint", "bytes" or "repeated" varints)
    1: ("options", "bytes"), 2: ("seat", "varint"), 3: ("phase", "varint"),
    4: ("chance", "varint"), 5: ("to_move", "varint"), 6: ("bonus", "varint"),
    7: ("scores", "repeated"), 8: ("boards", "bytes"), 9: ("end_reason", "varint"),
    10: ("winner", "varint"), 11: ("returns", "repeated"), 12: ("next_mark", "varint"),
}
BOARD_FIELDS = {1: ("placed", "varint"), 2: ("marks", "bytes"), 3: ("guessed", "bytes")}


@functools.lru_cache(maxsize=1024)
def _rows(text):
    """text cut into rows of 7. Cached: at a node the seats and the spectator
    are shown the same strings for most boards, and a move changes one board."""
    return "/".join([text[i:i + len(COLS)] for i in range(0, len(text), len(COLS))])


def _message(data, schema, what):
    """{name: [values]} of one message, every field checked against the
    schema's wire type. A field number the schema does not know is kept as
    "unknown field N": the model never has one, so a module that sent
    anything more (a hidden mark, say) diverges rather than being ignored."""
    out = {}
    for number, values in decode_wire(data).items():
        if number not in schema:
            out["unknown field %d" % number] = [v if isinstance(v, int) else v.hex()
                                                for v in values]
            continue
        name, wire = schema[number]
        for v in values:
            if wire == "varint" and not isinstance(v, int):
                raise ValueError("%s field %d (%s) is not a varint" % (what, number, name))
            if wire == "bytes" and isinstance(v, int):
                raise ValueError("%s field %d (%s) is not length-delimited" % (what, number, name))
        out[name] = values
    return out


def _repeated(values):
    """A repeated varint field, packed (bytes) or not (ints): parsers take both."""
    out = []
    for v in values:
        out += decode_packed(v) if isinstance(v, bytes) else [v]
    return out


def _decode_board(data):
    """A Board as a dict of its own (the cached items are shared)."""
    return dict(_decode_board_items(data))


@functools.lru_cache(maxsize=1024)
def _decode_board_items(data):
    """Cached by the bytes: a move changes one board, and the views of a node
    share most boards' bytes."""
    f = _message(data, BOARD_FIELDS, "Board")
    board = {k: v for k, v in f.items() if k.startswith("unknown")}
    board["placed"] = f.get("placed", [0])[-1]  # a singular field: the last one counts
    board["marks"] = _rows(f.get("marks", [b""])[-1].translate(_MARK_TABLE).decode())
    board["guessed"] = _rows(f.get("guessed", [b""])[-1].translate(_FLAG_TABLE).decode())
    return tuple(board.items())


def decode_observation(data):
    """The module's Observation bytes as a dict of named fields, proto3's
    omitted defaults filled in (0, false, empty). Once the game is over,
    to_move and bonus are left out: the proto defines to_move as "the seat to
    guess" and bonus as the guesses "left to to_move", and no document says
    what either holds when nobody is to guess, so the model has nothing of
    its own to compare them with."""
    f = _message(data, OBSERVATION_FIELDS, "Observation")
    obs = {k: v for k, v in f.items() if k.startswith("unknown")}
    try:
        obs["options"] = f.get("options", [b""])[-1].decode()
    except UnicodeDecodeError as e:
        raise ValueError("options is not UTF-8: %s" % e)
    for name in ("seat", "phase", "chance", "to_move", "bonus", "end_reason", "winner",
                 "next_mark"):
        obs[name] = f.get(name, [0])[-1]
    obs["seat"] = sint_of(obs["seat"])
    obs["chance"] = bool(obs["chance"])
    obs["scores"] = _repeated(f.get("scores", []))
    obs["returns"] = [sint_of(v) for v in _repeated(f.get("returns", []))]
    obs["boards"] = [_decode_board(b) for b in f.get("boards", [])]
    if obs["phase"] == PHASE_OVER:
        del obs["to_move"], obs["bonus"]
    return obs


def _board_view(state, owner, seat):
    """Seat `seat`'s view of the board of `owner`: whole when it is the
    seat's own board; otherwise only the fields the owner's opponent has
    guessed (the guesses are public, and each reveals the mark there to
    both), MARK_UNKNOWN elsewhere. The same for a spectator on both boards.
    Kept in state.views until the board gains a mark or a guess (a mark once
    placed stays, a guess once made stays: the two counts say when it changed),
    since a move changes one board and three viewers see each node."""
    board = state.board[owner]
    guessed = state.guessed[1 - owner]  # the opponent's guesses on this board
    key, counts = (owner, seat == owner), (len(board), len(guessed))
    kept = state.views.get(key)
    if kept is not None and kept[0] == counts:
        return dict(kept[1])
    flags = ["0"] * len(FIELDS)
    for f in guessed:
        flags[FIELD_INDEX[f]] = "1"
    if seat == owner:
        marks = list(map(board.get, FIELDS, "." * len(FIELDS)))
    else:
        marks = ["?"] * len(FIELDS)
        for f in guessed:
            marks[FIELD_INDEX[f]] = board.get(f, ".")
    view = {"placed": len(board), "marks": _rows("".join(marks)), "guessed": _rows("".join(flags))}
    state.views[key] = (counts, view)
    return dict(view)


def observation_of(state, seat):
    """What seat `seat` (-1: a spectator) may see at this node, in
    decode_observation's shape: the page's "Observation of seat i" with the
    proto's field comments. Everything but the boards' marks is public (each
    placement is one action, so even the count of marks is); the boards are
    _board_view's."""
    player = state.current_player()
    over = player == TERMINAL
    phase = PHASE_OVER if over else PHASE_SETUP if state.in_setup else PHASE_PLAY
    obs = {
        "options": "tries=%d,target=%d,setup=%s" % (state.tries, state.target, state.setup),
        "seat": seat,
        "phase": phase,
        "chance": player == CHANCE,
        "to_move": state.place_seat if state.in_setup else state.turn,
        "bonus": state.bonus,
        "scores": list(state.score),
        "boards": [_board_view(state, owner, seat) for owner in (0, 1)],
        "end_reason": END_REASONS[state.end_reason],
        "winner": 0 if state.winner in (None, "draw") else state.winner + 1,
        "returns": [int(r) for r in state.returns()] if over else [],
        "next_mark": MARK_CHARS.index(state.order[state.place_idx][0]) if state.in_setup else 0,
    }
    if over:  # not defined by the documents: see decode_observation
        del obs["to_move"], obs["bonus"]
    return obs


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
