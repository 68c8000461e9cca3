"""KURSK, modelled independently from its rules page.

An independent reading of the game's rules page (the team's original, of which
docs/rules/kursk.md is this repository's edition), written from that page without
reading the rule module's source, docs or tests: the
2-3 player hidden-information card game in full (the main deck by rank with
players + 1 Jokers, the special deck, mulligans, moves with bounces at 0 and 24,
combat with blind deck cards and ties, the hand limit, the Joker reshuffle, the
deck rebuilt the moment it empties, special-field visits and all eight special
cards, claims and the max_rounds cap) with the page's action notation, so that
lockstep.py can compare it with the module name by name; and what every seat
and a spectator are shown at each node (observation_of, against the module's
arena.kursk.Observation decoded by decode_observation), written from the
page's "Observation of seat i" and its Decisions (a blind combat card is
hidden from its owner too), the field comments of proto/games/kursk.proto and
docs/kursk.md "Hidden information", still without the module's source: the
own hand and own face-down card from hand, every seat's field, hand size and
Jokers, the piles, the special cards shown and used, the combat's sources,
tied cards and last pair, whose node it is and what is pending, the end.

The values a field keeps outside its moment are the .proto's, checked
exactly: `actor` outside DRAW, LOSE, MULLIGAN and TAKE is the last seat a
draw, discard, Search or Bribe named (255 from the end of the setup);
`used_target` the last target (255 before any); `landed` where the last card
move landed (0 before any); last_winner/last_loser are 255 from the next card
move on; and during a Joker theft's hand-limit discard (after the reveal,
before the cards leave the table) `table` and the sources still count the
untied last pair. (Those comments were loose when this model was written, and
it accepted every public value they allowed; the observation runs showed what
the module keeps, and the .proto now says it.) Readings taken where a comment is loose: setup is
the first player's `to_move` (a mulligan's decider is `actor`); the shown
special cards leave `shown` when one is chosen (both are on the discard pile
then, the page's Decision); `alarm_left` leaves out the seat discarding at
that node; a claim is a completed turn, and once over `round` is that of the
last turn played.

Three things were taken from the module's behaviour, not from the page:
 - Where the page is silent: a blind combat card when the main deck and its
   discard pile are both empty. The module then offers `deck` only to a player
   with an empty hand, and that `deck` plays no card (value 0); nothing against
   nothing ends the combat with no loser. This model copies that
   (_combat_card, _combat).
 - The returns encoding, learned by observation: each seat gets the number of
   seats ranked strictly worse minus the number ranked strictly better
   (+1/-1/0 with 2 players; 2/0/-2, or 1/1/-2 for ranks 1,1,3, with 3). The
   ranks themselves are the page's.
 - The end_reason phrases "victory claimed" and "round cap", as the module
   spells them.

The game is one generator (KurskState._run) that yields the nodes
    ('chance', [(name, probability), ...])   or   ('decide', seat, [name, ...])
and receives the chosen name. A chance event with a single possible outcome is
applied inside the generator and is not a node (rules.h).
"""
import collections

from rules_abi import CHANCE, TERMINAL, decode_packed, decode_wire, sint_of
from rules_abi import parse_options as parse_option_string

GAME = "kursk"

RANKS = ["A", "2", "3", "4", "5", "6", "7", "J", "Q", "K", "X"]
RIDX = {r: i for i, r in enumerate(RANKS)}
VALUE = [1, 2, 3, 4, 5, 6, 7, 2, 3, 4, 7]  # combat value; a Joker (X) counts 7
X = RIDX["X"]
SPECIALS = ["SilentRunning", "DepthCharge", "Flooding", "Search", "Bribe",
            "Supplies", "Alarm", "Swap"]
SPECIAL_FIELDS = frozenset((1, 5, 9, 13, 17, 22))
SECTIONS = ["propulsion", "living", "torpedo"]
END = 24
HAND_LIMIT = 4
# what each special card targets: any seat, an opponent, or a section
TARGET = {"SilentRunning": "player", "DepthCharge": "section", "Flooding": "section",
          "Search": "opponent", "Bribe": "opponent", "Supplies": "player",
          "Alarm": "section", "Swap": "opponent"}

# The module's end_reason phrases are the model's own (see the docstring).
C_END_REASONS = {}


def section(field):
    if field <= 7:
        return "propulsion"
    if field <= 14:
        return "living"
    return "torpedo"


def forward(field, steps):
    """Moves by steps (negative: backwards), bouncing at 24 and at 0."""
    field += steps
    while field > END or field < 0:
        if field > END:
            field = 2 * END - field
        if field < 0:
            field = -field
    return field


def parse_options(options):
    # the module's defaults
    return parse_option_string(options, {"players": 2, "max_rounds": 100})


def new_state(options):
    o = parse_options(options)
    return KurskState(o["players"], o["max_rounds"])


def _remembered(name):
    """An attribute that also keeps its last value other than None: what the
    .proto says `actor`, `used_target` and `landed` show outside their
    moment ("the last such seat", "the last one", "where the last card move
    landed")."""
    def get(self):
        return self.__dict__.get(name)

    def put(self, value):
        self.__dict__[name] = value
        if value is not None:
            self.__dict__["last_" + name] = value
    return property(get, put)


class KurskState:
    actor = _remembered("actor")
    used_target = _remembered("used_target")
    landed = _remembered("landed")

    def __init__(self, players=2, max_rounds=100):
        assert players in (2, 3)
        self.n = players
        self.max_rounds = max_rounds
        self.deck = [4] * 10 + [players + 1]  # cards left per rank
        self.disc = [0] * 11
        self.sdeck = [2] * 8
        self.sdisc = [0] * 8
        self.hands = [[0] * 11 for _ in range(players)]
        self.pos = [0] * players
        self.turns = 0
        self.claimant = None
        self.end_reason = None
        self.events = collections.Counter()  # rare rules reached, for coverage
        self._context = ""  # what a hand-limit discard happens in (coverage)
        self._last_loser = None
        # What the observation shows beyond the cards (observation_of): who
        # plays, what is pending and the combat in progress, kept as the game
        # goes because a node alone does not say it (whose blind card a `top`
        # is, what a draw is for). Only written, never read by the game.
        self.first = None
        self.to_move = None
        self.last_actor = self.last_used_target = NONE  # none yet (the .proto)
        self.last_landed = 0
        self.actor = None          # whose hand the pending draws/discard touch
        self.draw_left = 0         # cards still to draw into actor's hand
        self.stage = "STAGE_NONE"  # what follows the pending draws and discards
        self.shown = []            # special cards shown this turn, drawn order
        self.used = None           # the special card chosen, and its target
        self.used_target = None
        self.landed = None         # where this turn's card move landed
        self.alarm_left = 0        # bit per seat: Alarm discards still to come
        self.fighting = None       # (attacker, defender) of the combat under way
        self.sides = {}            # seat -> its face-down card: ("hand", r) or ("deck", r)
        self.tied = [0] * 11       # revealed tied cards on the table, by rank
        self.last_pair = None      # (attacker's, defender's) revealed rank, 11 = no card
        self.last_result = None    # (winner, loser) of that pair; None on a tie, and
                                   # from the next card move on (the .proto)
        self.theft = None          # during a Joker theft's discard: the last pair's sides
        self._public_view = None   # observation_of's (node, public view)
        self._gen = self._run()
        self._node = next(self._gen)


    # ------------------------------------------------------------ interface
    def current_player(self):
        if self._node is None:
            return TERMINAL
        if self._node[0] == "chance":
            return CHANCE
        return self._node[1]

    def legal_actions(self):
        if self._node is None:
            return []
        if self._node[0] == "chance":
            return [name for name, _ in self._node[1]]
        return list(self._node[2])

    def chance_outcomes(self):
        if self._node is None or self._node[0] != "chance":
            return []
        return list(self._node[1])

    def apply(self, name):
        if name not in self.legal_actions():
            raise ValueError("model: illegal action %r; legal %r" % (name, self.legal_actions()))
        try:
            self._node = self._gen.send(name)
        except StopIteration:
            self._node = None

    def ranks(self):
        """Competition ranks (1 = best): the claimant first, then field, then Jokers."""
        keys = [(1, 0, 0) if s == self.claimant else (0, self.pos[s], self.hands[s][X])
                for s in range(self.n)]
        return [1 + sum(1 for t in range(self.n) if keys[t] > keys[s]) for s in range(self.n)]

    def returns(self):
        """Seats ranked worse minus seats ranked better (the module's encoding)."""
        r = self.ranks()
        return [float(sum(1 for t in r if t > mine) - sum(1 for t in r if t < mine))
                for mine in r]

    def describe(self):
        hands = ["".join(rank * count for rank, count in zip(RANKS, h)) for h in self.hands]
        return ("fields %s hands %s deck %d discard %d turns %d"
                % (self.pos, hands, sum(self.deck), sum(self.disc), self.turns))

    # ------------------------------------------------------------ cards
    def _chance(self, prefix, counts, names):
        """A draw weighted by counts; a single possible outcome is no node."""
        total = sum(counts)
        outs = [(i, c / total) for i, c in enumerate(counts) if c]
        if len(outs) == 1:
            return outs[0][0]
        name = yield ("chance", [(prefix + ":" + names[i], p) for i, p in outs])
        return names.index(name.split(":", 1)[1])

    def _rebuild(self):
        for r in range(11):
            self.deck[r] += self.disc[r]
            self.disc[r] = 0

    def _discard(self, r):
        self.disc[r] += 1
        if r == X:  # a Joker on the discard pile: all of it back into the deck
            self.events["joker reshuffle"] += 1
            self._rebuild()

    def _take_from_deck(self, prefix):
        """One card from the main deck (chance); None when there is none at all."""
        if sum(self.deck) == 0:
            self._rebuild()
            if sum(self.deck) == 0:
                self.events["nothing to draw"] += 1
                return None
        r = yield from self._chance(prefix, self.deck, RANKS)
        self.deck[r] -= 1
        if sum(self.deck) == 0:  # rebuilt the moment it becomes empty
            self.events["deck emptied, rebuilt"] += 1
            self._rebuild()
        return r

    def _gain(self, p, r):
        """A card enters p's hand; the hand limit applies after each card."""
        hand = self.hands[p]
        hand[r] += 1
        while sum(hand) > HAND_LIMIT:
            self.events["hand limit"] += 1
            lost = yield from self._lose(p)
            if lost == X:
                self.events["hand limit discards a Joker" + self._context] += 1

    def _lose(self, p):
        """p discards a random card (chance); None with an empty hand."""
        self.actor = p
        hand = self.hands[p]
        if sum(hand) == 0:
            return None
        r = yield from self._chance("lose", hand, RANKS)
        hand[r] -= 1
        self._discard(r)
        return r

    def _draw_to(self, p):
        self.actor = p
        r = yield from self._take_from_deck("draw")
        self.draw_left -= 1  # drawn (or nothing to draw): the limit's discard follows
        if r is not None:
            yield from self._gain(p, r)

    def _draw_n(self, p, k, stage):
        """k cards into p's hand, one at a time; stage is what follows them."""
        self.stage, self.draw_left = stage, k
        for _ in range(k):
            yield from self._draw_to(p)
        self.stage = "STAGE_NONE"

    def _special_draw(self):
        c = yield from self._chance("special", self.sdeck, SPECIALS)
        self.sdeck[c] -= 1
        if sum(self.sdeck) == 0:  # rebuilt while the two shown cards are out
            self.events["special deck rebuilt"] += 1
            for i in range(8):
                self.sdeck[i] += self.sdisc[i]
                self.sdisc[i] = 0
        return c

    def _order_from(self, p):
        return [(p + k) % self.n for k in range(self.n)]

    # ------------------------------------------------------------ the game
    def _run(self):
        n = self.n
        first = yield from self._chance("first", [1] * n, [str(i) for i in range(n)])
        self.first = self.to_move = first
        order = self._order_from(first)
        for p in order:
            yield from self._draw_n(p, 3, "STAGE_DEAL")
        for p in order:
            # Keep or mulligan is no turn: the setup is still the first
            # player's to_move, and the .proto names the decider `actor`.
            self.actor = p
            choice = yield ("decide", p, ["keep", "mulligan"])
            if choice == "mulligan":
                hand = self.hands[p]
                had_joker = hand[X] > 0
                for r in range(11):
                    self.disc[r] += hand[r]
                    hand[r] = 0
                if had_joker:
                    self.events["mulligan joker reshuffle"] += 1
                    self._rebuild()
                yield from self._draw_n(p, 3, "STAGE_MULLIGAN")
        self._rebuild()  # the mulligans' cards go back into the main deck
        self.actor = None
        self.last_actor = NONE  # the setup's: cleared (the .proto)
        seat = first
        while self.turns < n * self.max_rounds:
            self.to_move, self.landed = seat, None
            yield from self._turn(seat)
            self.shown, self.used, self.used_target = [], None, None
            if self.claimant is not None:
                self.end_reason = "victory claimed"
                return
            self.turns += 1
            seat = (seat + 1) % n
        self.end_reason = "round cap"

    def _turn(self, p):
        hand = self.hands[p]
        acts = ["play:" + RANKS[r] for r in range(10) if hand[r]]
        if hand[X]:
            acts.extend("play:X=%d" % v for v in range(1, 8))
        if sum(hand) < HAND_LIMIT:
            acts.append("draw")
        if self.pos[p] == END and hand[X]:
            acts.append("claim")
        action = yield ("decide", p, acts)
        if action == "claim":
            self.claimant = p
            self.events["claim"] += 1
            return
        if action == "draw":
            yield from self._draw_n(p, 2 if sum(hand) == 0 else 1, "STAGE_END_TURN")
            return
        card = action[len("play:"):]
        if card.startswith("X="):
            r, steps = X, int(card[2:])
        else:
            r = RIDX[card]
            steps = VALUE[r]
        hand[r] -= 1
        self._discard(r)
        land = forward(self.pos[p], steps)
        self.pos[p] = self.landed = land
        self.last_result = None
        others = [q for q in range(self.n) if q != p and self.pos[q] == land]
        if len(others) >= 2:
            self.events["fight choice"] += 1
            choice = yield ("decide", p, ["fight:%d" % q for q in others])
            yield from self._combat(p, int(choice[len("fight:"):]))
        elif others:
            yield from self._combat(p, others[0])
        # "still stands where it landed": on the same field, even after a bounce
        if self.pos[p] == land and land in SPECIAL_FIELDS:
            if others:
                self.events["special visit after a combat"] += 1
                if self._last_loser == p:
                    self.events["special visit after losing a combat"] += 1
            yield from self._special(p)

    def _combat_card(self, p, table):
        """p's combat card: from hand or blind from the deck. Returns its value."""
        hand = self.hands[p]
        acts = ["hand:" + RANKS[r] for r in range(11) if hand[r]]
        # Page gap, behaviour taken from the module: with the deck and its
        # discard pile both empty, `deck` is legal only with an empty hand and
        # plays nothing (value 0).
        nothing_left = sum(self.deck) == 0 and sum(self.disc) == 0
        if not nothing_left or not acts:
            acts.append("deck")
        choice = yield ("decide", p, acts)
        if choice == "deck":
            self.sides[p] = ("deck", None)  # face down, unseen until the reveal
            r = yield from self._take_from_deck("top")
            if r is None:
                self.events["blind card from an empty deck and discard"] += 1
                self.sides[p] = ("deck", 11)  # "no card": known to all
                return 0
        else:
            r = RIDX[choice[len("hand:"):]]
            hand[r] -= 1
        self.sides[p] = (self.sides[p][0] if choice == "deck" else "hand", r)
        table.append(r)
        return VALUE[r]

    def _combat(self, attacker, defender):
        self.events["combat"] += 1
        self.fighting = (attacker, defender)
        yield from self._draw_n(attacker, 1, "STAGE_COMBAT")
        table = []
        while True:
            va = yield from self._combat_card(attacker, table)
            vd = yield from self._combat_card(defender, table)
            # the reveal: both cards seen by all
            self.last_pair = (self.sides[attacker][1], self.sides[defender][1])
            sides, self.sides = self.sides, {}
            if va != vd or va == 0:  # nothing against nothing: no loser (module)
                break
            self.events["combat tie"] += 1
            self.last_result = None
            for r in self.last_pair:
                self.tied[r] += 1
        winner = loser = None
        if va > vd:
            winner, loser, value = attacker, defender, va
        elif vd > va:
            winner, loser, value = defender, attacker, vd
        self.last_result = (winner, loser) if loser is not None else None
        self._last_loser = loser
        if loser is not None and self.hands[loser][X]:
            self.events["joker taken"] += 1
            self.hands[loser][X] -= 1
            self._context = " (combat: taken Joker)"
            self.stage, self.theft = "STAGE_THEFT", sides
            yield from self._gain(winner, X)
            self.stage, self.theft = "STAGE_NONE", None
            self._context = ""
        self.fighting, self.tied = None, [0] * 11
        for r in table:  # all combat cards together, then the Joker rule
            self.disc[r] += 1
        if X in table:
            self._rebuild()
        if loser is not None:
            if self.pos[loser] - value < 0:
                self.events["combat move bounces at 0"] += 1
            self.pos[loser] = forward(self.pos[loser], -value)

    def _special(self, p):
        self.events["special visit"] += 1
        c1 = yield from self._special_draw()
        self.shown.append(c1)
        c2 = yield from self._special_draw()
        self.shown.append(c2)
        acts = []
        for c in sorted({c1, c2}):
            name = SPECIALS[c]
            if TARGET[name] == "section":
                acts.extend("use:%s@%s" % (name, s) for s in SECTIONS)
            else:
                acts.extend("use:%s@%d" % (name, q) for q in range(self.n)
                            if TARGET[name] == "player" or q != p)
        choice = yield ("decide", p, acts)
        name, target = choice[len("use:"):].split("@")
        # both cards onto the special discard pile when one is chosen, before
        # the effect (the page's reading; the effect never touches that pile)
        self.sdisc[c1] += 1
        self.sdisc[c2] += 1
        self.shown = []  # no longer shown: on the discard pile, which all see
        self.used = SPECIALS.index(name)
        self.used_target = SECTIONS.index(target) + 3 if target in SECTIONS else int(target)
        yield from self._resolve(p, name, target)

    def _resolve(self, p, name, target):
        pos = self.pos
        if name == "SilentRunning":
            t = int(target)
            pos[t] = forward(pos[t], 2)
        elif name == "DepthCharge":
            for q in self._order_from(p):
                if section(pos[q]) == target:
                    pos[q] = forward(pos[q], -3)
        elif name == "Flooding":
            for q in self._order_from(p):
                if section(pos[q]) != target:
                    pos[q] = forward(pos[q], -2)
        elif name == "Search":
            self.stage = "STAGE_END_TURN"
            yield from self._lose(int(target))
            self.stage = "STAGE_NONE"
        elif name == "Bribe":
            hand = self.hands[int(target)]
            self.actor = int(target)  # the victim, named even with nothing to take
            if sum(hand):
                self.stage = "STAGE_END_TURN"
                r = yield from self._chance("take", hand, RANKS)
                hand[r] -= 1
                self._context = " (Bribe)"
                # `actor` stays the victim unless the taker's hand limit makes
                # it discard (_lose names it then)
                yield from self._gain(p, r)
                self._context = ""
                self.stage = "STAGE_NONE"
        elif name == "Supplies":
            yield from self._draw_n(int(target), 2, "STAGE_END_TURN")
        elif name == "Alarm":
            # the section's occupants are fixed before anyone discards
            victims = [q for q in self._order_from(p) if section(pos[q]) == target]
            self.stage = "STAGE_ALARM"
            self.alarm_left = sum(1 << q for q in victims)
            for q in victims:
                self.alarm_left &= ~(1 << q)  # its discard is this node, not to come
                yield from self._lose(q)
            self.stage = "STAGE_NONE"
        elif name == "Swap":
            t = int(target)
            pos[p], pos[t] = pos[t], pos[p]
        else:
            raise ValueError(name)


# ---------------------------------------------------------------- observation
# proto/games/kursk.proto, arena.kursk.Observation: field number -> (name, kind).
# The decoder reads the wire without the schema's generated code, so the kinds
# are spelled out here from the .proto: a wrong wire type is a bad message.
OBS_FIELDS = {
    1: ("options", "string"), 2: ("players", "uint"), 3: ("max_rounds", "uint"),
    4: ("seat", "sint"), 5: ("phase", "enum Phase"), 6: ("stage", "enum Stage"),
    7: ("to_move", "uint"), 8: ("first", "uint"), 9: ("actor", "uint"),
    10: ("draw_left", "uint"), 11: ("turns", "uint"), 12: ("round", "uint"),
    13: ("player", "repeated Player"), 14: ("hand", "repeated uint"),
    15: ("deck_size", "uint"), 16: ("discard", "repeated uint"),
    17: ("special_deck_size", "uint"), 18: ("special_discard", "repeated uint"),
    19: ("shown", "repeated uint"), 20: ("used", "uint"), 21: ("used_target", "uint"),
    22: ("landed", "uint"), 23: ("alarm_left", "uint"), 24: ("attacker", "uint"),
    25: ("defender", "uint"), 26: ("attacker_source", "enum Source"),
    27: ("defender_source", "enum Source"), 28: ("own_card", "uint"),
    29: ("attacker_no_card", "bool"), 30: ("table", "repeated uint"),
    31: ("last_attacker_card", "uint"), 32: ("last_defender_card", "uint"),
    33: ("last_winner", "uint"), 34: ("last_loser", "uint"), 35: ("terminal", "bool"),
    36: ("end_reason", "enum EndReason"), 37: ("winner", "uint"),
    38: ("returns", "repeated sint"), 39: ("ranks", "repeated uint"),
}
PLAYER_FIELDS = {1: "field", 2: "hand_size", 3: "jokers"}
PHASES = ["PHASE_FIRST", "PHASE_DRAW", "PHASE_MULLIGAN", "PHASE_TURN", "PHASE_FIGHT",
          "PHASE_ATTACK", "PHASE_TOP_ATTACK", "PHASE_DEFEND", "PHASE_TOP_DEFEND",
          "PHASE_LOSE", "PHASE_TAKE", "PHASE_SPECIAL_DRAW", "PHASE_USE", "PHASE_OVER"]
STAGES = ["STAGE_NONE", "STAGE_DEAL", "STAGE_MULLIGAN", "STAGE_END_TURN", "STAGE_COMBAT",
          "STAGE_THEFT", "STAGE_ALARM"]
SOURCES = ["SOURCE_NONE", "SOURCE_HAND", "SOURCE_DECK"]
END_REASONS = ["END_NONE", "END_CLAIM", "END_ROUNDS"]
ENUMS = {"enum Phase": PHASES, "enum Stage": STAGES, "enum Source": SOURCES,
         "enum EndReason": END_REASONS}
NONE = 255  # "none" in every seat, rank and card field
NO_CARD = 11  # the rank index of a blind card that was "no card"
# the model's end_reason -> the .proto's
OBS_END = {None: "END_NONE", "victory claimed": "END_CLAIM", "round cap": "END_ROUNDS"}
# the first word of a chance node's outcomes -> its phase (top: whose blind card)
OBS_CHANCE_PHASE = {"first": "PHASE_FIRST", "draw": "PHASE_DRAW", "lose": "PHASE_LOSE",
                    "take": "PHASE_TAKE", "special": "PHASE_SPECIAL_DRAW"}


def _scalar(number, name, kind, v):
    if kind == "string":
        if not isinstance(v, bytes):
            raise ValueError("field %d (%s) is not length-delimited" % (number, name))
        return v.decode("utf-8")
    if isinstance(v, bytes):
        raise ValueError("field %d (%s) is not a varint" % (number, name))
    if kind == "bool":
        if v > 1:
            raise ValueError("field %d (%s): bool %d" % (number, name, v))
        return bool(v)
    if kind == "sint":
        return sint_of(v)
    if kind in ENUMS:
        names = ENUMS[kind]
        return names[v] if v < len(names) else "unknown %s value %d" % (kind[5:], v)
    return v


def _packed(v):
    """A repeated varint field's values: packed, or one unpacked value. Counts
    and seats are below 128, one byte each, read as they are."""
    if not isinstance(v, bytes):
        return (v,)
    return tuple(v) if not v or max(v) < 0x80 else tuple(decode_packed(v))


def _wire(data):
    """rules_abi.decode_wire's {field: [values]}, read in one pass for the
    usual case (keys, varints and lengths of one or two bytes: 255, "none",
    takes two; the runner decodes four views at each of a million nodes);
    anything else goes to decode_wire, which also says what is wrong with a
    bad message."""
    out = {}
    i, n = 0, len(data)
    try:
        while i < n:
            key = data[i]
            if key >= 0x80:
                if data[i + 1] >= 0x80:
                    return decode_wire(data)
                key = (key & 0x7F) | data[i + 1] << 7
                i += 1
            i += 1
            wire = key & 7
            v = data[i]
            i += 1
            if v >= 0x80:
                if data[i] >= 0x80:
                    return decode_wire(data)
                v = (v & 0x7F) | data[i] << 7
                i += 1
            if wire not in (0, 2):
                return decode_wire(data)
            if wire == 2:
                if i + v > n:
                    return decode_wire(data)
                v, i = data[i:i + v], i + v
            out.setdefault(key >> 3, []).append(v)
    except IndexError:
        return decode_wire(data)
    if 0 in out:
        return decode_wire(data)
    return out


_PLAYERS = {}  # Player bytes -> (field, hand_size, jokers): a few hundred kinds


def _player(data):
    """One Player sub-message as (field, hand_size, jokers)."""
    if not isinstance(data, bytes):
        raise ValueError("field 13 (player) is not length-delimited")
    known = _PLAYERS.get(data)
    if known is None:
        known = _PLAYERS[data] = _decode_player(data)
    return known


def _decode_player(data):
    wire = _wire(data)
    unknown = set(wire) - set(PLAYER_FIELDS)
    if unknown:
        raise ValueError("Player has undeclared fields %s" % sorted(unknown))
    return tuple(_scalar(13, "player." + PLAYER_FIELDS[k], "uint", wire[k][-1])
                 if k in wire else 0 for k in sorted(PLAYER_FIELDS))


_DEFAULTS = {"string": "", "uint": 0, "sint": 0, "bool": False}
OBS_DEFAULT = {name: (() if kind.startswith("repeated") else
                      ENUMS[kind][0] if kind in ENUMS else _DEFAULTS[kind])
               for name, kind in OBS_FIELDS.values()}


def decode_observation(data):
    """The module's Observation bytes as {field name: value}, every field of
    the .proto present: proto3 leaves out a field at its default (0, false, the
    first enum value, an empty string or list), so a missing field reads as
    that default and the comparison does not depend on what the encoder chose
    to omit. Repeated fields are read packed (proto3's default) or not, as
    tuples (every list here is ordered: counts by rank or card, seats, the shown
    cards in drawn order); enums by their .proto names, so a divergence reads as
    the game's words. A field number the .proto does not define is kept as
    "unknown field N": the module showing something the message does not
    declare is a divergence too."""
    view = dict(OBS_DEFAULT)
    for number, values in _wire(data).items():
        if number not in OBS_FIELDS:
            view["unknown field %d" % number] = values
            continue
        name, kind = OBS_FIELDS[number]
        if kind == "uint" and not isinstance(values[-1], bytes):  # most fields
            view[name] = values[-1]  # the last value wins
        elif kind == "repeated Player":
            view[name] = tuple(_player(v) for v in values)
        elif kind.startswith("repeated"):
            items = ()
            for v in values:
                items += _packed(v)
            view[name] = tuple(sint_of(v) for v in items) if kind == "repeated sint" else items
        else:
            view[name] = _scalar(number, name, kind, values[-1])  # the last value wins
    return view


ACTOR_PHASES = ("PHASE_DRAW", "PHASE_LOSE", "PHASE_MULLIGAN", "PHASE_TAKE")


def _phase(state):
    """The .proto's Phase of the model's node: the kind of node, and for a
    combat card whose side it is."""
    node = state._node
    if node is None:
        return "PHASE_OVER"
    if node[0] == "chance":
        kind = node[1][0][0].split(":")[0]
        if kind == "top":
            return "PHASE_TOP_ATTACK" if state.sides.get(state.fighting[0]) == ("deck", None) \
                else "PHASE_TOP_DEFEND"
        return OBS_CHANCE_PHASE[kind]
    seat, names = node[1], node[2]
    kind = names[0].split(":")[0]
    if kind in ("keep", "mulligan"):
        return "PHASE_MULLIGAN"
    if kind == "fight":
        return "PHASE_FIGHT"
    if kind in ("hand", "deck"):
        return "PHASE_ATTACK" if seat == state.fighting[0] else "PHASE_DEFEND"
    if kind == "use":
        return "PHASE_USE"
    return "PHASE_TURN"


def _or_none(v):
    return NONE if v is None else v


def observation_of(state, seat):
    """What seat (or the spectator, -1) may see, from docs/rules/kursk.md
    "Observation of seat i" and its Decisions, the field comments of
    proto/games/kursk.proto and docs/kursk.md "Hidden information": every
    seat's field, hand size and Jokers; the own hand (none for -1); the
    decks' sizes and both discard piles; the special cards shown and used;
    the combat's sources, tied cards and last revealed pair; the own card
    face down only when it came from the hand (a blind card is hidden from
    its owner too: the page's Decision); whose node it is and what is pending.
    The runner asks for every seat at each node: the public part is built once
    a node and only the seat's own part after that."""
    s = state
    cached = s._public_view
    if cached is None or cached[0] is not s._node:
        cached = s._public_view = (s._node, _public_view(s))
    view = dict(cached[1])
    view["seat"] = seat
    if seat >= 0:
        view["hand"] = tuple(s.hands[seat])
        own = s.sides.get(seat)
        if own is not None and own[0] == "hand":
            view["own_card"] = own[1]
    return view


def _public_view(s):
    """observation_of for the spectator: what every seat sees."""
    n = s.n
    phase = _phase(s)
    over = s._node is None
    # turns completed: a claim is a whole turn (the page: "A turn: exactly one
    # of ... Claim victory"), though the game stops before the model counts it
    turns = s.turns + (1 if s.claimant is not None else 0)
    fighting = s.fighting or (None, None)
    attacker, defender = fighting
    src = {p: ("SOURCE_HAND" if how == "hand" else "SOURCE_DECK")
           for p, (how, _) in s.sides.items()}  # face down: only the source shows
    view = {
        "options": "players=%d,max_rounds=%d" % (n, s.max_rounds),
        "players": n,
        "max_rounds": s.max_rounds,
        "seat": -1,
        "phase": phase,
        "stage": s.stage,
        "to_move": _or_none(s.to_move),
        "first": _or_none(s.first),
        # defined for DRAW, LOSE, MULLIGAN and TAKE only (the .proto)
        "actor": _or_none(s.actor) if phase in ACTOR_PHASES else s.last_actor,
        "draw_left": s.draw_left,
        "turns": turns,
        # the round of the turn in play; once over, of the last turn played
        "round": (turns - 1) // n + 1 if over else turns // n + 1,
        "player": tuple((s.pos[p], sum(s.hands[p]), s.hands[p][X]) for p in range(n)),
        "hand": (),
        "deck_size": sum(s.deck),
        "discard": tuple(s.disc),
        "special_deck_size": sum(s.sdeck),
        "special_discard": tuple(s.sdisc),
        "shown": tuple(s.shown),
        "used": _or_none(s.used),
        "used_target": s.last_used_target,
        "landed": s.last_landed,
        "alarm_left": s.alarm_left,
        "attacker": _or_none(attacker),
        "defender": _or_none(defender),
        "attacker_source": src.get(attacker, "SOURCE_NONE"),
        "defender_source": src.get(defender, "SOURCE_NONE"),
        "own_card": NONE,
        "attacker_no_card": s.sides.get(attacker) == ("deck", NO_CARD),
        "table": tuple(s.tied),
        "last_attacker_card": s.last_pair[0] if s.last_pair else NONE,
        "last_defender_card": s.last_pair[1] if s.last_pair else NONE,
        "last_winner": _last(s, 0),
        "last_loser": _last(s, 1),
        "terminal": over,
        "end_reason": OBS_END[s.end_reason] if over else "END_NONE",
        "winner": _or_none(s.claimant),
        "returns": tuple(int(r) for r in s.returns()) if over else (),
        "ranks": tuple(s.ranks()) if over else (),
    }
    if s.theft is not None:
        # The Joker theft's hand-limit discard comes after the reveal (step 4)
        # and before step 7 takes the cards off the table: the .proto's
        # "revealed tied cards on the table" and "the face-down cards'
        # sources" leave open whether the last, untied pair counts there yet.
        # Both readings show only what everyone has seen (last_*_card has it).
        a, d = s.theft[attacker], s.theft[defender]
        with_pair = list(s.tied)
        for how, r in (a, d):
            if r != NO_CARD:
                with_pair[r] += 1
        source = {"hand": "SOURCE_HAND", "deck": "SOURCE_DECK"}
        view["table"] = tuple(with_pair)
        view["attacker_source"] = source[a[0]]
        view["defender_source"] = source[d[0]]
        view["attacker_no_card"] = a == ("deck", NO_CARD)
    return view


def _last(s, i):
    """last_winner (i=0) or last_loser (1): of the last revealed pair, none
    on a tie, with no loser, or after a later card move (the pair stays)."""
    return s.last_result[i] if s.last_result else NONE


# ---------------------------------------------------------------- policies
def _lands_on_a_pawn(state, action):
    """Does the move `action` of the seat to play end on another pawn?"""
    p = state.current_player()
    card = action[len("play:"):]
    steps = int(card[2:]) if card.startswith("X=") else VALUE[RIDX[card]]
    field = forward(state.pos[p], steps)
    return any(q != p and state.pos[q] == field for q in range(state.n))


def _weighted(fight):
    """hoard: Jokers are almost never played nor used in combat and claims are
    rare, which empties the main deck and fills hands (deck rebuilds, hand
    limits, the blind card with nothing left). fight: the same, and moves onto
    another pawn are strongly preferred (combats, ties, fight:S choices)."""
    def choose(state, legal, rng):
        weights = []
        for a in legal:
            w = 1.0
            if a.startswith("play:X") or a == "hand:X":
                w = 0.01
            elif a == "claim":
                w = 0.05
            elif fight and a.startswith("play:") and _lands_on_a_pawn(state, a):
                w = 30.0
            weights.append(w)
        return rng.choices(legal, weights)[0]
    return choose


POLICIES = {
    "uniform": lambda state, legal, rng: rng.choice(legal),
    "hoard": _weighted(fight=False),
    "fight": _weighted(fight=True),
}

# (options, policy), cycled by lockstep.py: 2 and 3 players, the defaults, short
# caps (which end most games at the cap early) and 1000 rounds (claims).
CONFIGS = [
    ("", "uniform"),
    ("players=3", "uniform"),
    ("players=2,max_rounds=100", "hoard"),
    ("players=3,max_rounds=100", "hoard"),
    ("players=2,max_rounds=100", "fight"),
    ("players=3,max_rounds=100", "fight"),
    ("players=2,max_rounds=1", "uniform"),
    ("players=3,max_rounds=1", "fight"),
    ("players=2,max_rounds=3", "hoard"),
    ("players=3,max_rounds=5", "hoard"),
    ("players=3,max_rounds=7", "uniform"),
    ("players=2,max_rounds=7", "fight"),
    ("players=2,max_rounds=1000", "uniform"),
    ("players=3,max_rounds=1000", "fight"),
]

# Rare events worth naming in the summary line.
RARE_EVENTS = ["claim", "fight choice", "combat tie", "combat move bounces at 0",
               "hand limit discards a Joker (combat: taken Joker)",
               "hand limit discards a Joker (Bribe)", "mulligan joker reshuffle",
               "deck emptied, rebuilt", "special visit after losing a combat",
               "blind card from an empty deck and discard"]
