"""ctypes binding of the rule-module ABI (sdk/include/arena/rules.h).

One binding for every lockstep test: Module loads lib<game>.so and reads its
table, Game is one configured instance, State one position. Only what the
lockstep runner calls is wrapped; the members it never calls are still
declared, with their exact C types, because the layout of the table must match
rules.h member for member (a missing or mistyped member shifts every later one).
"""
import ctypes as C

ABI_VERSION = 1  # ARENA_RULES_ABI_VERSION
CHANCE = -1  # ARENA_CHANCE
TERMINAL = -2  # ARENA_TERMINAL
MAX_PLAYERS = 8  # ARENA_MAX_PLAYERS


def parse_options(text, defaults):
    """The options string of rules.h's create ("key=value,key=value") over the
    game's defaults: a dict with every default's key, values converted to the
    default's type; an unknown key raises ValueError."""
    opts = dict(defaults)
    for kv in filter(None, text.split(",")):
        key, value = kv.split("=")
        if key not in opts:
            raise ValueError("unknown option %r" % key)
        opts[key] = type(defaults[key])(value)
    return opts


def decode_wire(data):
    """The protobuf wire format of one message, read without its schema:
    {field number: [values in order]}, a varint as an int (unsigned: a schema
    says when it is zigzag or negative), a length-delimited field as bytes (a
    string, a sub-message or a packed repeated field: the caller knows which,
    and reads it with decode_wire or decode_packed), fixed32/64 as bytes.
    Raises ValueError on bytes that are not a message."""
    out = {}
    i, n = 0, len(data)

    def varint():
        nonlocal i
        v = shift = 0
        while True:
            if i >= n or shift > 63:
                raise ValueError("truncated varint")
            b = data[i]
            i += 1
            v |= (b & 0x7F) << shift
            shift += 7
            if not b & 0x80:
                return v

    while i < n:
        key = varint()
        field, wire = key >> 3, key & 7
        if field == 0:
            raise ValueError("field number 0")
        if wire == 0:
            value = varint()
        elif wire == 2:
            length = varint()
            if i + length > n:
                raise ValueError("field %d: %d bytes past the end" % (field, length))
            value = data[i:i + length]
            i += length
        elif wire in (1, 5):
            size = 8 if wire == 1 else 4
            if i + size > n:
                raise ValueError("field %d: truncated fixed value" % field)
            value = data[i:i + size]
            i += size
        else:
            raise ValueError("field %d: wire type %d" % (field, wire))
        out.setdefault(field, []).append(value)
    return out


def decode_packed(data):
    """The varints of a packed repeated field (unsigned)."""
    values, v, shift = [], 0, 0
    for b in data:
        v |= (b & 0x7F) << shift
        shift += 7
        if not b & 0x80:
            values.append(v)
            v, shift = 0, 0
    if shift:
        raise ValueError("truncated packed varint")
    return values


def int32_of(v):
    """An int32/int64 field's varint as the signed number (negatives are
    sign-extended to 64 bits on the wire)."""
    return v - (1 << 64) if v >= 1 << 63 else v


def sint_of(v):
    """A sint32/sint64 field's zigzag varint as the signed number."""
    return (v >> 1) ^ -(v & 1)


class ChanceOutcome(C.Structure):
    _fields_ = [("action", C.c_int32), ("prob", C.c_double)]


_game = C.c_void_p  # arena_game *
_state = C.c_void_p  # arena_state *
_fn = C.CFUNCTYPE


class Rules(C.Structure):
    """struct arena_rules, in the order of rules.h."""
    _fields_ = [
        ("abi_version", C.c_uint32),
        ("struct_size", C.c_uint32),
        # --- version 1
        ("name", C.c_char_p),
        ("description", C.c_char_p),
        ("options_help", C.c_char_p),
        ("flags", C.c_uint32),
        ("min_players", C.c_int32),
        ("max_players", C.c_int32),
        ("game_new", _fn(_game, C.c_char_p, C.c_char_p, C.c_size_t)),
        ("game_free", _fn(None, _game)),
        ("game_options", _fn(C.c_char_p, _game)),
        ("num_players", _fn(C.c_int, _game)),
        ("num_actions", _fn(C.c_int32, _game)),
        ("max_game_length", _fn(C.c_int, _game)),
        ("state_size", _fn(C.c_size_t, _game)),
        ("state_new", _fn(_state, _game)),
        ("state_clone", _fn(_state, _state)),
        ("state_free", _fn(None, _state)),
        ("current_player", _fn(C.c_int, _state)),
        ("legal_actions", _fn(C.c_int, _state, C.POINTER(C.c_int32), C.c_int)),
        ("apply", _fn(C.c_int, _state, C.c_int32)),
        ("chance_outcomes", _fn(C.c_int, _state, C.POINTER(ChanceOutcome), C.c_int)),
        ("returns", _fn(None, _state, C.POINTER(C.c_double))),
        ("end_reason", _fn(C.c_char_p, _state)),
        ("observation", _fn(C.c_size_t, _state, C.c_int, C.POINTER(C.c_uint8), C.c_size_t)),
        ("render", _fn(C.c_size_t, _state, C.c_int, C.c_char_p, C.c_size_t)),
        ("action_name", _fn(C.c_size_t, _state, C.c_int32, C.c_char_p, C.c_size_t)),
        ("parse_action", _fn(C.c_int, _state, C.c_char_p, C.POINTER(C.c_int32))),
        ("state_from_observation", _fn(_state, _game, C.POINTER(C.c_uint8), C.c_size_t)),
        ("sample_state", _fn(_state, _game, C.POINTER(C.c_uint8), C.c_size_t, C.c_uint64)),
        # --- appended later: read only when has() says the table holds them
        ("version", C.c_char_p),
        ("evaluate", _fn(None, _state, C.POINTER(C.c_double))),
    ]


class RulesError(Exception):
    """The module refused something: bad options, or a table it cannot offer."""


def _text(p):
    return p.decode() if p is not None else None


class Module:
    """A loaded rule module: Module("build/bin/rules/libkursk.so")."""

    def __init__(self, path):
        self.path = path
        self._lib = C.CDLL(path)  # never closed: states hold pointers into it
        entry = self._lib.arena_rules_entry
        entry.restype = C.POINTER(Rules)
        entry.argtypes = []
        table = entry()
        if not table:
            raise RulesError("%s: arena_rules_entry() returned NULL" % path)
        self.rules = table.contents
        if self.rules.abi_version != ABI_VERSION:
            raise RulesError("%s: ABI version %d, this binding reads %d"
                             % (path, self.rules.abi_version, ABI_VERSION))
        # Every version-1 member must be there; later ones are optional.
        if not self.has("sample_state"):
            raise RulesError("%s: table of %d bytes is shorter than ABI version 1"
                             % (path, self.rules.struct_size))
        self.name = _text(self.rules.name)

    def has(self, member):
        """ARENA_RULES_HAS: the module's table is large enough to hold member."""
        field = getattr(Rules, member)
        return self.rules.struct_size >= field.offset + field.size

    @property
    def version(self):
        return _text(self.rules.version) if self.has("version") else None

    def game_new(self, options=""):
        """A configured game; RulesError with the module's own message when it
        refuses the options."""
        err = C.create_string_buffer(512)
        g = self.rules.game_new(options.encode(), err, len(err))
        if not g:
            raise RulesError("game_new(%r) refused: %s"
                             % (options, err.value.decode(errors="replace")))
        return Game(self, g)


class Game:
    def __init__(self, module, handle):
        self.module = module
        self._r = module.rules
        self._g = handle
        self.num_players = self._r.num_players(handle)
        self.num_actions = self._r.num_actions(handle)

    def options(self):
        return _text(self._r.game_options(self._g))

    def new_state(self):
        return State(self, self._r.state_new(self._g))

    def free(self):
        if self._g:
            self._r.game_free(self._g)
            self._g = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.free()


class State:
    """One position. Freed with free() (or a with block): the runner frees
    each state when its game ends rather than leaving it to the collector."""

    def __init__(self, game, handle):
        if not handle:
            raise RulesError("%s: state_new/state_clone returned NULL" % game.module.name)
        self.game = game
        self._r = game._r
        self._s = handle
        # legal_actions lists at most num_actions ids, so one buffer always fits
        self._ids = (C.c_int32 * max(game.num_actions, 1))()
        self._outs = (ChanceOutcome * max(game.num_actions, 1))()
        self._name = C.create_string_buffer(64)

    def current_player(self):
        return self._r.current_player(self._s)

    def legal_actions(self):
        n = self._r.legal_actions(self._s, self._ids, len(self._ids))
        if n > len(self._ids):
            raise RulesError("legal_actions reports %d actions, num_actions is %d"
                             % (n, len(self._ids)))
        return list(self._ids[:n])

    def chance_outcomes(self):
        """[(action id, probability)] at a chance node."""
        n = self._r.chance_outcomes(self._s, self._outs, len(self._outs))
        if n > len(self._outs):
            raise RulesError("chance_outcomes reports %d outcomes, num_actions is %d"
                             % (n, len(self._outs)))
        return [(o.action, o.prob) for o in self._outs[:n]]

    def action_name(self, action):
        n = self._r.action_name(self._s, action, self._name, len(self._name))
        if n >= len(self._name):  # truncated: ask again with room for it
            self._name = C.create_string_buffer(n + 1)
            self._r.action_name(self._s, action, self._name, len(self._name))
        return self._name.value.decode()

    def parse_action(self, text):
        """The action id the module reads in text, or None when it does not parse."""
        a = C.c_int32()
        if self._r.parse_action(self._s, text.encode(), C.byref(a)) != 0:
            return None
        return a.value

    def apply(self, action):
        """0 on success, -1 when the module refuses the action."""
        return self._r.apply(self._s, action)

    def returns(self):
        out = (C.c_double * MAX_PLAYERS)()
        self._r.returns(self._s, out)
        return list(out[:self.game.num_players])

    def end_reason(self):
        return _text(self._r.end_reason(self._s))

    def observation(self, seat):
        """The bytes of the game's protobuf Observation for seat (-1: a spectator)."""
        n = self._r.observation(self._s, seat, None, 0)
        buf = (C.c_uint8 * max(n, 1))()
        got = self._r.observation(self._s, seat, buf, n)
        if got != n:
            raise RulesError("observation(seat %d): %d bytes asked, then %d" % (seat, n, got))
        return bytes(buf[:n])

    def render(self, seat=-1):
        n = self._r.render(self._s, seat, None, 0)
        buf = C.create_string_buffer(n + 1)
        self._r.render(self._s, seat, buf, len(buf))
        return buf.value.decode(errors="replace")

    def clone(self):
        return State(self.game, self._r.state_clone(self._s))

    def free(self):
        if self._s:
            self._r.state_free(self._s)
            self._s = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.free()
