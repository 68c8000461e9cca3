"""KURSK, modelled independently from its rules page.

An independent reading of the game's rules page (the team's original, of which
docs/rules/kursk.md is this repository's edition), written from that page without
reading the rule module's source, docs or tests: the
2-3 player hidden-information card game in full (the main deck by rank with
players + 1 Jokers, the special deck, mulligans, moves with bounces at 0 and 24,
combat with blind deck cards and ties, the hand limit, the Joker reshuffle, the
deck rebuilt the moment it empties, special-field visits and all eight special
cards, claims and the max_rounds cap) with the page's action notation, so that
lockstep.py can compare it with the module name by name.

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

from rules_abi import CHANCE, TERMINAL
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


class KurskState:
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
        hand = self.hands[p]
        if sum(hand) == 0:
            return None
        r = yield from self._chance("lose", hand, RANKS)
        hand[r] -= 1
        self._discard(r)
        return r

    def _draw_to(self, p):
        r = yield from self._take_from_deck("draw")
        if r is not None:
            yield from self._gain(p, r)

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
        order = self._order_from(first)
        for p in order:
            for _ in range(3):
                yield from self._draw_to(p)
        for p in order:
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
                for _ in range(3):
                    yield from self._draw_to(p)
        self._rebuild()  # the mulligans' cards go back into the main deck
        seat = first
        while self.turns < n * self.max_rounds:
            yield from self._turn(seat)
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
            for _ in range(2 if sum(hand) == 0 else 1):
                yield from self._draw_to(p)
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
        self.pos[p] = land
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
            r = yield from self._take_from_deck("top")
            if r is None:
                self.events["blind card from an empty deck and discard"] += 1
                return 0
        else:
            r = RIDX[choice[len("hand:"):]]
            hand[r] -= 1
        table.append(r)
        return VALUE[r]

    def _combat(self, attacker, defender):
        self.events["combat"] += 1
        yield from self._draw_to(attacker)
        table = []
        while True:
            va = yield from self._combat_card(attacker, table)
            vd = yield from self._combat_card(defender, table)
            if va != vd or va == 0:  # nothing against nothing: no loser (module)
                break
            self.events["combat tie"] += 1
        winner = loser = None
        if va > vd:
            winner, loser, value = attacker, defender, va
        elif vd > va:
            winner, loser, value = defender, attacker, vd
        self._last_loser = loser
        if loser is not None and self.hands[loser][X]:
            self.events["joker taken"] += 1
            self.hands[loser][X] -= 1
            self._context = " (combat: taken Joker)"
            yield from self._gain(winner, X)
            self._context = ""
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
        c2 = yield from self._special_draw()
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
        yield from self._resolve(p, name, target)
        self.sdisc[c1] += 1
        self.sdisc[c2] += 1

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
            yield from self._lose(int(target))
        elif name == "Bribe":
            hand = self.hands[int(target)]
            if sum(hand):
                r = yield from self._chance("take", hand, RANKS)
                hand[r] -= 1
                self._context = " (Bribe)"
                yield from self._gain(p, r)
                self._context = ""
        elif name == "Supplies":
            for _ in range(2):
                yield from self._draw_to(int(target))
        elif name == "Alarm":
            # the section's occupants are fixed before anyone discards
            for q in [q for q in self._order_from(p) if section(pos[q]) == target]:
                yield from self._lose(q)
        elif name == "Swap":
            t = int(target)
            pos[p], pos[t] = pos[t], pos[p]
        else:
            raise ValueError(name)


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
