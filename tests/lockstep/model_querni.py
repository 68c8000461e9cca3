"""El Querni, modelled independently from its rules page.

An independent reading of the game's rules page (the team's original, of which
docs/rules/querni.md is this repository's edition), written from that page without
reading the rule module's source, docs or tests: the
random start layout (one chance node per tile, the last tile of each side
placed without a node, as rules.h has it for single-outcome chance events),
turns of two decisions (a step or a jump chain, or `-`; then a removal of a
chain or part of one, or `-`), the ends (clearing the board wins, a removal
that strands numbers loses, draws by quiet_turns and by max_turns), in the
page's notation, so that lockstep.py can compare it with the module name by
name, and what every seat and a spectator are shown at each node
(observation_of, against the module's arena.querni.Observation decoded by
decode_observation; written from docs/rules/querni.md "Observation", the field
comments of proto/games/querni.proto and docs/querni.md "Observation").
Perfect information: every seat and the spectator see the same, every field
of the message. Where the documents leave a value open, the model's reading:
to_move is seat 0 during the layout (it "moves first"), tiles_left counts the
tiles of each colour on the board (the .proto: "derived from board"), returns
is empty before the end.

Where the page gives only a default: quiet_turns=0 means "off", as the
module's options_help says. When the quiet rule and max_turns end the same
turn the page does not say which reason is given; the model reports the quiet
rule, and so does the module. The module's end_reason phrases are mapped to
the model's own in C_END_REASONS.
"""
import collections

from rules_abi import CHANCE, TERMINAL, decode_packed, decode_wire, sint_of
from rules_abi import parse_options as parse_option_string

GAME = "querni"

COLS, ROWS = 10, 7
COLNAMES = "abcdefghij"
TILES = 16  # per side, numbered 1..16

C_END_REASONS = {"cleared the board": "clear", "stranded tiles": "strand",
                 "quiet turns": "quiet", "turn cap": "max_turns"}


def square_name(sq):
    return COLNAMES[sq % COLS] + str(sq // COLS + 1)


def parse_square(text):
    if len(text) < 2 or text[0] not in COLNAMES or not text[1:].isdigit():
        raise ValueError(text)
    row = int(text[1:])
    if not 1 <= row <= ROWS:
        raise ValueError(text)
    return (row - 1) * COLS + COLNAMES.index(text[0])


DIRECTIONS = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]
# start squares: rows 2,3 (seat 0) and 5,6 (seat 1), columns a-d and g-j
START = {0: [], 1: []}
for _row in (2, 3, 5, 6):
    for _col in range(COLS):
        if _col not in (4, 5):
            START[0 if _row <= 3 else 1].append((_row - 1) * COLS + _col)


def _on_board(r, c):
    return 0 <= r < ROWS and 0 <= c < COLS


# NEIGHBOURS[sq]: the 8 (or fewer) squares around sq
NEIGHBOURS = [[(r + dr) * COLS + c + dc for dr, dc in DIRECTIONS if _on_board(r + dr, c + dc)]
              for r in range(ROWS) for c in range(COLS)]
NEIGHBOUR_SET = [set(n) for n in NEIGHBOURS]
# JUMPS[sq]: (square jumped over, landing square) for each direction that stays on board
JUMPS = [[((r + dr) * COLS + c + dc, (r + 2 * dr) * COLS + c + 2 * dc)
          for dr, dc in DIRECTIONS if _on_board(r + 2 * dr, c + 2 * dc)]
         for r in range(ROWS) for c in range(COLS)]


def parse_options(options):
    return parse_option_string(options, {"quiet_turns": 30, "max_turns": 1000})


def new_state(options):
    o = parse_options(options)
    return State(o["quiet_turns"], o["max_turns"])


class State:
    def __init__(self, quiet_turns=30, max_turns=1000):
        self.quiet_turns = quiet_turns  # 0 = off
        self.max_turns = max_turns
        self.board = [None] * (ROWS * COLS)  # (seat, tile number) or None
        self.pos = [[None] * (TILES + 1) for _ in range(2)]  # square of each tile, None once removed
        self.laid = 0  # tiles laid out so far (0..32)
        self.phase = "layout"  # layout, move, remove, end
        self.player = 0
        self.quiet = 0  # turns in a row without a removal
        self.turns = 0  # completed turns
        self.end_reason = None
        self.winner = None  # seat, or None for a draw
        self.events = collections.Counter()
        self._place_forced()

    def clone(self):
        s = State.__new__(State)
        s.__dict__.update(self.__dict__)
        s.board = list(self.board)
        s.pos = [list(p) for p in self.pos]
        s.events = collections.Counter()  # a clone's events count nothing
        return s

    # ---------------- the start layout (chance) ----------------
    def _layout_side(self):
        return 0 if self.laid < TILES else 1

    def _layout_tile(self):
        return self.laid % TILES + 1

    def _free_start(self):
        return [q for q in START[self._layout_side()] if self.board[q] is None]

    def _place(self, tile, sq):
        side = self._layout_side()
        self.board[sq] = (side, tile)
        self.pos[side][tile] = sq
        self.laid += 1
        if self.laid == 2 * TILES:
            self.phase = "move"
            self.player = 0

    def _place_forced(self):
        # rules.h: a chance event with a single possible outcome is applied directly
        while self.phase == "layout":
            free = self._free_start()
            if len(free) != 1:
                return
            self._place(self._layout_tile(), free[0])

    def chance_outcomes(self):
        if self.phase != "layout":
            return []
        free = self._free_start()
        tile = self._layout_tile()
        return [("%d@%s" % (tile, square_name(q)), 1.0 / len(free)) for q in free]

    # ---------------- decisions ----------------
    def current_player(self):
        if self.phase == "layout":
            return CHANCE
        if self.phase == "end":
            return TERMINAL
        return self.player

    def move_targets(self, sq):
        """End squares of the tile on sq: steps, and the ends of jump chains
        (the start square counts as empty during a chain and is no end)."""
        board = self.board
        steps = {q for q in NEIGHBOURS[sq] if board[q] is None}
        reached = {sq}
        stack = [sq]
        while stack:
            p = stack.pop()
            for over, land in JUMPS[p]:
                if over == sq or board[over] is None:
                    continue  # nothing to jump over
                if land != sq and board[land] is not None:
                    continue
                if land not in reached:
                    reached.add(land)
                    stack.append(land)
        reached.discard(sq)
        return steps | reached

    def move_names(self):
        names = ["-"]
        for tile in range(1, TILES + 1):
            sq = self.pos[self.player][tile]
            if sq is not None:
                names.extend(square_name(sq) + "-" + square_name(t) for t in self.move_targets(sq))
        return names

    def removal_intervals(self):
        """(a, b): tiles a..b of the mover form a chain (or part of one) of >= 3."""
        pos = self.pos[self.player]
        out = []
        for a in range(1, TILES + 1):
            if pos[a] is None:
                continue
            b = a
            while b + 1 <= TILES and pos[b + 1] is not None and pos[b + 1] in NEIGHBOUR_SET[pos[b]]:
                b += 1
                if b - a >= 2:
                    out.append((a, b))
        return out

    def legal_actions(self):
        if self.phase == "move":
            return sorted(set(self.move_names()))
        if self.phase == "remove":
            return sorted(["-"] + ["x%d-%d" % ab for ab in self.removal_intervals()])
        if self.phase == "layout":
            return [name for name, _ in self.chance_outcomes()]
        return []

    def apply(self, name):
        if self.phase == "layout":
            self._apply_layout(name)
        elif self.phase == "move":
            self._apply_move(name)
        elif self.phase == "remove":
            self._apply_removal(name)
        else:
            raise ValueError("model: the game is over")

    def _apply_layout(self, name):
        try:
            tile, sq = name.split("@")
            tile, sq = int(tile), parse_square(sq)
        except ValueError:
            raise ValueError("model: bad chance name %r" % name)
        if tile != self._layout_tile() or sq not in self._free_start():
            raise ValueError("model: illegal chance outcome %r" % name)
        self._place(tile, sq)
        self._place_forced()

    def _apply_move(self, name):
        if name != "-":
            try:
                a, b = name.split("-")
                fr, to = parse_square(a), parse_square(b)
            except ValueError:
                raise ValueError("model: bad move %r" % name)
            if (self.board[fr] is None or self.board[fr][0] != self.player
                    or to not in self.move_targets(fr)):
                raise ValueError("model: illegal move %r" % name)
            self.board[to], self.board[fr] = self.board[fr], None
            self.pos[self.player][self.board[to][1]] = to
        self.phase = "remove"

    def _apply_removal(self, name):
        removed = name != "-"
        if removed:
            if not name.startswith("x") or name.count("-") != 1:
                raise ValueError("model: bad removal %r" % name)
            a, b = map(int, name[1:].split("-"))
            intervals = self.removal_intervals()
            if (a, b) not in intervals:
                raise ValueError("model: illegal removal %r" % name)
            self.events["removal"] += 1
            if any(lo <= a and b <= hi and (lo, hi) != (a, b) for lo, hi in intervals):
                self.events["part of a longer chain removed"] += 1
            for tile in range(a, b + 1):
                self.board[self.pos[self.player][tile]] = None
                self.pos[self.player][tile] = None
        self.turns += 1
        if removed:
            self.quiet = 0
            left = [t for t in range(1, TILES + 1) if self.pos[self.player][t] is not None]
            if not left:
                return self._finish(self.player, "clear")
            if any(len(run) < 3 for run in _runs(left)):
                return self._finish(1 - self.player, "strand")
        else:
            self.quiet += 1
        if self.quiet_turns and self.quiet >= self.quiet_turns:
            return self._finish(None, "quiet")  # judged before the turn cap
        if self.turns >= self.max_turns:
            return self._finish(None, "max_turns")
        self.player = 1 - self.player
        self.phase = "move"

    def _finish(self, winner, reason):
        self.phase = "end"
        self.winner = winner
        self.end_reason = reason

    def returns(self):
        if self.winner is None:
            return [0.0, 0.0]
        r = [-1.0, -1.0]
        r[self.winner] = 1.0
        return r

    def describe(self):
        lines = []
        for r in range(ROWS - 1, -1, -1):
            row = ["  . " if v is None else "%s%-3d" % ("wb"[v[0]], v[1])
                   for v in self.board[r * COLS:(r + 1) * COLS]]
            lines.append("%d %s" % (r + 1, "".join(row)))
        lines.append("   " + "   ".join(COLNAMES))
        lines.append("phase=%s player=%d quiet=%d turns=%d"
                     % (self.phase, self.player, self.quiet, self.turns))
        return "\n".join(lines)


def _runs(numbers):
    """Maximal runs of consecutive numbers in an ascending list."""
    runs = [[numbers[0]]]
    for n in numbers[1:]:
        if n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return runs


# ---------------------------------------------------------------- observation
# proto/games/querni.proto, arena.querni.Observation: field number -> (name, kind).
# The decoder reads the wire without the schema's generated code, so the kinds
# are spelled out here from the .proto: a wrong wire type is a bad message.
OBS_FIELDS = {
    1: ("options", "string"),
    2: ("quiet_limit", "uint"),
    3: ("max_turns", "uint"),
    4: ("board", "repeated sint"),
    5: ("to_move", "uint"),
    6: ("phase", "enum Phase"),
    7: ("placed", "uint"),
    8: ("quiet", "uint"),
    9: ("turns", "uint"),
    10: ("tiles_left", "repeated uint"),
    11: ("terminal", "bool"),
    12: ("end_reason", "enum EndReason"),
    13: ("winner", "uint"),
    14: ("returns", "repeated sint"),
}
PHASES = ["PHASE_PLACE", "PHASE_MOVE", "PHASE_REMOVE", "PHASE_OVER"]
END_REASONS = ["END_NONE", "END_CLEARED", "END_STRANDED", "END_QUIET", "END_CAP"]
ENUMS = {"enum Phase": PHASES, "enum EndReason": END_REASONS}
# the model's phase and end_reason -> the .proto's enum names
OBS_PHASE = {"layout": "PHASE_PLACE", "move": "PHASE_MOVE", "remove": "PHASE_REMOVE",
             "end": "PHASE_OVER"}
# a square of the model's board -> the .proto's: 0 empty, +n white tile n, -n black tile n
OBS_SQUARE = {None: 0}
OBS_SQUARE.update({(seat, n): n if seat == 0 else -n for seat in (0, 1) for n in range(1, TILES + 1)})
OBS_END = {None: "END_NONE", "clear": "END_CLEARED", "strand": "END_STRANDED",
           "quiet": "END_QUIET", "max_turns": "END_CAP"}


def decode_observation(data):
    """The module's Observation bytes as {field name: value}, every field of
    the .proto present: proto3 leaves out a field at its default (0, false, the
    first enum value, an empty string or list), so a missing field reads as
    that default and the comparison does not depend on what the encoder chose
    to omit. Repeated fields are read packed (proto3's default) or not; enums
    by their .proto names, so a divergence reads as the game's words. A field
    number the .proto does not define is kept as "unknown field N": the module
    showing something the message does not declare is a divergence too."""
    if data == _last_decoded[0]:  # the seats and the spectator see the same bytes
        return {k: list(v) if isinstance(v, list) else v for k, v in _last_decoded[1].items()}
    wire = decode_wire(data)
    view = {}
    for number, values in wire.items():
        if number not in OBS_FIELDS:
            view["unknown field %d" % number] = values
            continue
        name, kind = OBS_FIELDS[number]
        if kind.startswith("repeated"):
            items = []
            for v in values:
                items.extend(_packed(v) if isinstance(v, bytes) else [v])
            view[name] = [sint_of(v) for v in items] if kind == "repeated sint" else items
            continue
        v = values[-1]  # proto3: the last value of a scalar field wins
        if kind == "string":
            if not isinstance(v, bytes):
                raise ValueError("field %d (%s) is not length-delimited" % (number, name))
            view[name] = v.decode("utf-8")
            continue
        if isinstance(v, bytes):
            raise ValueError("field %d (%s) is not a varint" % (number, name))
        if kind == "bool":
            if v > 1:
                raise ValueError("field %d (%s): bool %d" % (number, name, v))
            view[name] = bool(v)
        elif kind in ENUMS:
            names = ENUMS[kind]
            view[name] = names[v] if v < len(names) else "unknown %s value %d" % (kind[5:], v)
        else:
            view[name] = v
    defaults = {"string": "", "uint": 0, "bool": False}
    for name, kind in OBS_FIELDS.values():
        if name not in view:
            view[name] = ([] if kind.startswith("repeated") else
                          ENUMS[kind][0] if kind in ENUMS else defaults[kind])
    _last_decoded[:] = [data, view]
    return {k: list(v) if isinstance(v, list) else v for k, v in view.items()}


_last_decoded = [None, None]  # (bytes, view) of the last decode_observation


def _packed(data):
    """decode_packed, with a shortcut for the common case here: the board's
    zigzagged tile numbers (at most 32) are all one-byte varints."""
    if max(data, default=0) < 0x80:
        return list(data)
    return decode_packed(data)


def observation_of(state, seat):
    """What seat (or the spectator, -1) is shown, from the rules page
    ("Perfect information: the whole board with the colour and number of
    every tile, the side to move, which part of the turn is pending, and the
    quiet-turn counter") and the .proto's field comments: perfect information,
    so every seat and the spectator are shown the same, the whole state."""
    if seat not in (-1, 0, 1):
        raise ValueError("model: no seat %d" % seat)
    board = [OBS_SQUARE[v] for v in state.board]
    over = state.phase == "end"
    return {
        # docs/querni.md: "The canonical string spells out both:
        # quiet_turns=30,max_turns=1000", in that order
        "options": "quiet_turns=%d,max_turns=%d" % (state.quiet_turns, state.max_turns),
        "quiet_limit": state.quiet_turns,
        "max_turns": state.max_turns,
        "board": board,  # 70 squares, a1 = 0: +n white tile n, -n black tile n
        # "whose turn it is (once over: who played last)": the model keeps the
        # player who ended the game as state.player; during the layout it is
        # seat 0, who "moves first" (the .proto does not name a seat for chance)
        "to_move": state.player,
        "phase": OBS_PHASE[state.phase],
        "placed": state.laid,  # the 16th tile of a side, placed without a node, counts
        # "turns in a row ended without a removal"; the page: "any removal by
        # either player sets the count back to 0", the removal that ends the
        # game included (its turn ended with a removal)
        "quiet": state.quiet,
        "turns": state.turns,
        # "per seat (derived from board)": tiles of each colour on the board,
        # so during the layout the tiles placed so far
        "tiles_left": [sum(1 for v in board if v > 0), sum(1 for v in board if v < 0)],
        "terminal": over,
        "end_reason": OBS_END[state.end_reason],
        "winner": 0 if state.winner is None else state.winner + 1,
        # "once terminal: +1 / -1 / 0 per seat"; before that, none
        "returns": [int(r) for r in state.returns()] if over else [],
    }


# ---------------------------------------------------------------- policies
def _removal_seeking(careful):
    """smart: at a removal node, clears the board when it can, else mostly
    takes a removal that does not strand; at a move node, mostly picks the
    move that leaves the most non-stranding removals. clear (careful): the
    same, stranding only 2 % of the time and greedier. Both reach removals of
    parts of chains and wins by clearing, which uniform play never does."""
    def choose(state, legal, rng):
        removals = [n for n in legal if n.startswith("x")]
        if state.phase == "remove":
            if removals:
                ends = {}
                for n in removals:
                    t = state.clone()
                    t.apply(n)
                    ends[n] = t.end_reason
                wins = [n for n in removals if ends[n] == "clear"]
                if wins and rng.random() < 0.95:
                    return rng.choice(wins)
                safe = [n for n in removals if ends[n] is None]
                if safe and rng.random() < (0.97 if careful else 0.85):
                    return rng.choice(safe)
                if rng.random() < (0.02 if careful else 0.3):
                    return rng.choice(removals)
            return "-" if rng.random() < 0.8 else rng.choice(legal)
        if rng.random() < (0.85 if careful else 0.7):
            best, best_value = [], -1
            for n in legal:
                t = state.clone()
                t.apply(n)
                value = 0
                for r in t.legal_actions():
                    if r.startswith("x"):
                        u = t.clone()
                        u.apply(r)
                        if u.end_reason != "strand":
                            value += 1 + (2 if u.phase == "end" else 0)
                if value > best_value:
                    best, best_value = [n], value
                elif value == best_value:
                    best.append(n)
            return rng.choice(best)
        return rng.choice(legal)
    return choose


def _remove(state, legal, rng):
    """Takes a removal 90 % of the time when there is one (stranding losses)."""
    removals = [n for n in legal if n.startswith("x")]
    if removals and rng.random() < 0.9:
        return rng.choice(removals)
    return rng.choice(legal)


POLICIES = {
    "uniform": lambda state, legal, rng: rng.choice(legal),
    "remove": _remove,
    "smart": _removal_seeking(careful=False),
    "clear": _removal_seeking(careful=True),
}

# (options, policy), cycled by lockstep.py: the defaults, small quiet_turns and
# max_turns (each draw, and both in the same turn), the quiet rule off, and
# the removal-seeking policies.
CONFIGS = [
    ("", "uniform"),
    ("", "remove"),
    ("", "smart"),
    ("", "clear"),
    ("quiet_turns=1", "uniform"),
    ("quiet_turns=2", "remove"),
    ("quiet_turns=5", "smart"),
    ("max_turns=1", "uniform"),
    ("max_turns=2", "uniform"),
    ("max_turns=7", "remove"),
    ("quiet_turns=3,max_turns=3", "uniform"),
    ("quiet_turns=10,max_turns=10", "remove"),
    ("quiet_turns=0,max_turns=40", "smart"),
    ("quiet_turns=0,max_turns=200", "uniform"),
    ("quiet_turns=0,max_turns=300", "clear"),
    ("quiet_turns=30,max_turns=31", "smart"),
]

RARE_EVENTS = ["part of a longer chain removed"]
