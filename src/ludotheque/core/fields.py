"""State fields declared once: the core derives initial values, copies and snapshots.

A game's `State` subclass declares each field of its state once, in its class body:

    class DiciassetteState(State):
        hands = Field(PerSeat(Counts(CODES)), init=lambda s: [[0] * 10 for _ in s.seats],
                      hidden=OTHERS)
        phase = Field(Phase(PHASE_NAMES), init=DEAL)
        ...

From that declaration `State` derives (see `State.__init_subclass__`):

* `__init__` (every field at its `init` value),
* `clone()` (generated code: lists copied, immutable values shared, as fast as by hand),
* `to_json()` (each field through its codec, under its JSON name),
* `Game.state_from_json()` (each field checked by its codec: a bad value gets one clear
  message naming the field and what is allowed; unknown and missing fields are refused).

A codec knows a value's shape: how to copy it, write it as JSON and read it back with
checks. Values are kept small and fast in the state (ints for card kinds, counts per
kind, tuples); JSON holds readable codes (a card's text code, a phase's name).

`hidden` says who may not see a field; it documents the view, which each game still
writes (what a seat may see is a rule of the game, often finer than a whole field).
`Derived` declares a cached or computed attribute that is not part of a snapshot.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ludotheque.core.errors import SnapshotError
from ludotheque.i18n import t

# Who may not see a field (`Field.hidden`): documentation of the view, shown in the docs.
PUBLIC = None
OTHERS = "hidden from the other seats"
EVERYONE = "hidden from every seat"


class Problem(Exception):
    """A value that does not fit its codec: what is wrong (a text key and its parameters,
    so it reads in either language), at which path inside the field."""

    def __init__(self, key: str, path: str = "", **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params
        self.path = path

    def at(self, step: str) -> Problem:
        self.path = step + self.path
        return self

    def message(self, lang: str) -> str:
        return t(self.key, lang, **self.params)


class Context:
    """What a codec may need to check a value: the number of seats and the options."""

    def __init__(self, players: int, options: Mapping[str, Any]) -> None:
        self.players = players
        self.options = options


# --------------------------------------------------------------------------- codecs
class Codec:
    """The shape of a value. `mutable`: whether `clone` must copy it (lists)."""

    mutable = False

    def copy_code(self, expr: str) -> str:
        """Python source that copies the value `expr` (shared as is when immutable)."""
        return expr

    def to_json(self, value: Any) -> Any:
        return value

    def to_json_in(self, value: Any, ctx: Context) -> Any:
        """The JSON of a field's `value` in a state of this context: `to_json(value)`,
        unless the JSON depends on the options (a deck of cards set by them)."""
        return self.to_json(value)

    def from_json(self, data: Any, ctx: Context) -> Any:
        raise NotImplementedError

    def describe(self) -> str:
        """The allowed values, for error messages."""
        return type(self).__name__.lower()


class Int(Codec):
    def __init__(self, low: int | None = None, high: int | None = None) -> None:
        self.low, self.high = low, high

    def from_json(self, data: Any, ctx: Context) -> int:
        if type(data) is not int:
            raise Problem("snapshot.not_int", value=_short(data))
        if (self.low is not None and data < self.low) or (self.high is not None
                                                          and data > self.high):
            raise Problem("snapshot.out_of_range", value=data, low=_bound(self.low),
                          high=_bound(self.high))
        return data

    def describe(self) -> str:
        low = "" if self.low is None else str(self.low)
        high = "" if self.high is None else str(self.high)
        return f"a whole number {low}..{high}" if low or high else "a whole number"


class Flag(Codec):
    def from_json(self, data: Any, ctx: Context) -> bool:
        if not isinstance(data, bool):
            raise Problem("snapshot.not_flag", value=_short(data))
        return data

    def describe(self) -> str:
        return "true or false"


class Seat(Codec):
    """A seat 0..players-1; `none` (e.g. -1 or None) is also allowed when given."""

    _UNSET = object()

    def __init__(self, none: Any = _UNSET) -> None:
        self.none = none

    def from_json(self, data: Any, ctx: Context) -> Any:
        if self.none is not Seat._UNSET and data == self.none and type(data) is type(self.none):
            return data
        if type(data) is not int or not 0 <= data < ctx.players:
            raise Problem("snapshot.not_seat", value=_short(data), allowed=self._allowed(ctx))
        return data

    def _allowed(self, ctx: Context) -> str:
        allowed = f"0..{ctx.players - 1}"
        return allowed if self.none is Seat._UNSET else f"{allowed} or {self.none!r}"

    def describe(self) -> str:
        return "a seat"


class Choice(Codec):
    """One of a few named values, kept as its index (a phase, a mode): JSON has the name."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = tuple(names)
        self._index = {name: i for i, name in enumerate(self.names)}

    def to_json(self, value: int) -> str:
        return self.names[value]

    def from_json(self, data: Any, ctx: Context) -> int:
        if not isinstance(data, str) or data not in self._index:
            raise Problem("snapshot.not_choice", value=_short(data), allowed=", ".join(self.names))
        return self._index[data]

    def describe(self) -> str:
        return "one of " + ", ".join(self.names)


class Card(Codec):
    """A component kind, kept as its index; JSON has its text code."""

    def __init__(self, codes: Sequence[str], none: Any = Seat._UNSET) -> None:
        self.codes = tuple(codes)
        self.none = none
        self._kind = {code: kind for kind, code in enumerate(self.codes)}

    def to_json(self, value: Any) -> Any:
        if self.none is not Seat._UNSET and value == self.none:
            return None
        return self.codes[value]

    def from_json(self, data: Any, ctx: Context) -> Any:
        if data is None and self.none is not Seat._UNSET:
            return self.none
        if not isinstance(data, str) or data not in self._kind:
            raise Problem("snapshot.not_card", value=_short(data), allowed=", ".join(self.codes))
        return self._kind[data]

    def describe(self) -> str:
        return "a card code"


class Counts(Codec):
    """A zone held as counts per kind ([0, 2, 1]); JSON lists the codes (["b", "b", "c"])."""

    mutable = True

    def __init__(self, codes: Sequence[str], frozen: bool = False) -> None:
        self.codes = tuple(codes)
        self.frozen = frozen
        self.mutable = not frozen
        self._kind = {code: kind for kind, code in enumerate(self.codes)}

    def copy_code(self, expr: str) -> str:
        return expr if self.frozen else f"{expr}[:]"

    def to_json(self, value: Sequence[int]) -> list[str]:
        codes = self.codes
        return [codes[kind] for kind, count in enumerate(value) for _ in range(count)]

    def from_json(self, data: Any, ctx: Context) -> Any:
        if not isinstance(data, list):
            raise Problem("snapshot.not_list", value=_short(data))
        counts = [0] * len(self.codes)
        for index, code in enumerate(data):
            if not isinstance(code, str) or code not in self._kind:
                raise Problem("snapshot.not_card", f"[{index}]", value=_short(code),
                              allowed=", ".join(self.codes))
            counts[self._kind[code]] += 1
        return tuple(counts) if self.frozen else counts

    def describe(self) -> str:
        return "a list of card codes"


class ListOf(Codec):
    """A list of values of one shape (`frozen`: kept as a tuple, shared by copies)."""

    def __init__(self, item: Codec, length: int | Callable[[Context], int] | None = None,
                 frozen: bool = False) -> None:
        self.item = item
        self.length = length
        self.frozen = frozen
        self.mutable = not frozen

    def copy_code(self, expr: str) -> str:
        if self.frozen and not self.item.mutable:
            return expr
        inner = self.item.copy_code("x")
        if inner == "x":
            return f"{expr}[:]" if not self.frozen else expr
        if self.frozen:
            return f"tuple([{inner} for x in {expr}])"
        return f"[{inner} for x in {expr}]"

    def to_json(self, value: Sequence[Any]) -> list[Any]:
        item = self.item
        if type(item) in _PLAIN:
            return list(value)
        return [item.to_json(v) for v in value]

    def from_json(self, data: Any, ctx: Context) -> Any:
        if not isinstance(data, list):
            raise Problem("snapshot.not_list", value=_short(data))
        if self.length is not None:
            length = self.length(ctx) if callable(self.length) else self.length
            if len(data) != length:
                raise Problem("snapshot.length", count=len(data), expected=length)
        values = []
        for index, entry in enumerate(data):
            try:
                values.append(self.item.from_json(entry, ctx))
            except Problem as problem:
                raise problem.at(f"[{index}]") from None
        return tuple(values) if self.frozen else values

    def describe(self) -> str:
        return f"a list of {self.item.describe()}"


def PerSeat(item: Codec, frozen: bool = False) -> ListOf:  # noqa: N802 (reads as a shape)
    """One value per seat."""
    return ListOf(item, length=lambda ctx: ctx.players, frozen=frozen)


class TupleOf(Codec):
    """A fixed tuple of values of given shapes (immutable: shared by copies); JSON: a list,
    or an object when `names` are given."""

    def __init__(self, *items: Codec, names: Sequence[str] | None = None) -> None:
        self.items = items
        self.names = tuple(names) if names is not None else None
        if any(item.mutable for item in items):
            raise TypeError("a TupleOf holds immutable values only (use frozen codecs)")

    def to_json(self, value: Sequence[Any]) -> Any:
        values = [item.to_json(v) for item, v in zip(self.items, value)]
        return dict(zip(self.names, values)) if self.names else values

    def from_json(self, data: Any, ctx: Context) -> tuple:
        if self.names is not None:
            if not isinstance(data, Mapping) or set(data) != set(self.names):
                raise Problem("snapshot.not_object", value=_short(data),
                              names=", ".join(self.names))
            data = [data[name] for name in self.names]
            steps = [f".{name}" for name in self.names]
        else:
            steps = [f"[{i}]" for i in range(len(self.items))]
        if not isinstance(data, list):
            raise Problem("snapshot.not_list", value=_short(data))
        if len(data) != len(self.items):
            raise Problem("snapshot.length", count=len(data), expected=len(self.items))
        values = []
        for step, item, entry in zip(steps, self.items, data):
            try:
                values.append(item.from_json(entry, ctx))
            except Problem as problem:
                raise problem.at(step) from None
        return tuple(values)


class Maybe(Codec):
    """A value or None."""

    def __init__(self, item: Codec) -> None:
        self.item = item
        self.mutable = item.mutable

    def copy_code(self, expr: str) -> str:
        inner = self.item.copy_code(expr)
        return expr if inner == expr else f"(None if {expr} is None else {inner})"

    def to_json(self, value: Any) -> Any:
        return None if value is None else self.item.to_json(value)

    def from_json(self, data: Any, ctx: Context) -> Any:
        return None if data is None else self.item.from_json(data, ctx)

    def describe(self) -> str:
        return f"{self.item.describe()} or null"


class Custom(Codec):
    """A shape of the game's own (an immutable value: shared by copies). `read(data, ctx)`
    raises `Problem` (or ValueError/KeyError/TypeError, turned into one) on a bad value."""

    def __init__(self, write: Callable[[Any], Any], read: Callable[[Any, Context], Any],
                 description: str = "a value of the game's own shape") -> None:
        self.write, self.read, self.description = write, read, description

    def to_json(self, value: Any) -> Any:
        return self.write(value)

    def from_json(self, data: Any, ctx: Context) -> Any:
        try:
            return self.read(data, ctx)
        except Problem:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            raise Problem("snapshot.custom", value=_short(data)) from None

    def describe(self) -> str:
        return self.description


_PLAIN = (Int, Flag, Seat)


def _bound(value: int | None) -> str:
    return "" if value is None else str(value)


def _short(data: Any) -> str:
    text = repr(data)
    return text if len(text) <= 40 else text[:37] + "..."


# --------------------------------------------------------------------------- fields
class Field:
    """One field of a state: its shape, its initial value and who may not see it.

    `init`: an immutable value, or a function of the new state (which already has
    `num_players` and `options`) returning a fresh value. `json`: the snapshot's name
    for it (the attribute's name by default).
    """

    def __init__(self, codec: Codec, init: Any = None, *, hidden: str | None = PUBLIC,
                 json: str | None = None, doc: str = "") -> None:
        self.codec = codec
        self.init = init
        self.hidden = hidden
        self.json_name = json
        self.doc = doc
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name
        if self.json_name is None:
            self.json_name = name

    def initial(self, state: Any) -> Any:
        return _initial(self.init, state)


class Derived:
    """An attribute computed from the fields (a cache, a table of seats): not in
    snapshots. `copy="share"` keeps the same object in a clone (it must not be mutated
    in place), `"reset"` gives the clone `init` again. After a snapshot is read, the
    state's `after_load()` recomputes what it needs."""

    def __init__(self, init: Any = None, copy: str = "share") -> None:
        if copy not in ("share", "reset"):
            raise ValueError("copy is 'share' or 'reset'")
        self.init = init
        self.copy = copy
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def initial(self, state: Any) -> Any:
        return _initial(self.init, state)


def _initial(init: Any, state: Any) -> Any:
    """`init` itself (an immutable value), a new empty `list`/`dict` (a type), or
    `init(state)` (a function of the new state)."""
    if isinstance(init, type):
        return init()
    return init(state) if callable(init) else init


def take_declarations(namespace: dict[str, Any]) -> dict[str, Field | Derived]:
    """Remove the `Field` and `Derived` entries from a class body being created and return
    them, named. The class then holds its fields in slots of these names: an attribute
    that is also a class attribute is slower to read on every access."""
    declared = {name: value for name, value in namespace.items()
                if isinstance(value, (Field, Derived))}
    for name, value in declared.items():
        del namespace[name]
        value.__set_name__(None, name)  # type: ignore[arg-type]
    return declared


def collect(bases: Sequence[type], declared: Mapping[str, Field | Derived]
            ) -> tuple[tuple[Field, ...], tuple[Derived, ...]]:
    """The fields and derived attributes of a class: its bases' (already collected), then
    its own, in declaration order."""
    fields: dict[str, Field] = {}
    derived: dict[str, Derived] = {}
    for base in bases:
        for field in getattr(base, "declared_fields", ()):
            fields[field.name] = field
        for item in getattr(base, "derived_attributes", ()):
            derived[item.name] = item
    for name, value in declared.items():
        (fields if isinstance(value, Field) else derived)[name] = value  # type: ignore[index]
    return tuple(fields.values()), tuple(derived.values())


BASE_ATTRIBUTES = ("game", "num_players", "options")


def make_init_fields(fields: Sequence[Field], derived: Sequence[Derived]) -> Callable[[Any], None]:
    """`state._init_fields()`: every field and derived attribute at its initial value."""
    # Generated as straight-line code, like `clone` (every new game and every sample runs
    # it): a constant is assigned as it is, a type called, a function called with the state.
    lines = ["def init_fields(s):"]
    namespace: dict[str, Any] = {}
    for index, item in enumerate((*fields, *derived)):
        init = item.init
        namespace[f"_i{index}"] = init
        if isinstance(init, type):
            lines.append(f"    s.{item.name} = _i{index}()")
        elif callable(init):
            lines.append(f"    s.{item.name} = _i{index}(s)")
        else:
            lines.append(f"    s.{item.name} = _i{index}")
    if len(lines) == 1:
        lines.append("    pass")
    exec("\n".join(lines), namespace)  # noqa: S102 - generated from the declaration only
    return namespace["init_fields"]


def make_clone(cls: type, fields: Sequence[Field],
               derived: Sequence[Derived]) -> Callable[[Any], Any]:
    """`state.clone()`, generated as straight-line code (the hot path of every search)."""
    lines = ["def clone(s):", "    o = _new(_cls)"]
    lines += [f"    o.{name} = s.{name}" for name in BASE_ATTRIBUTES]
    for field in fields:
        lines.append(f"    o.{field.name} = {field.codec.copy_code('s.' + field.name)}")
    for item in derived:
        if item.copy == "share":
            lines.append(f"    o.{item.name} = s.{item.name}")
        else:
            lines.append(f"    o.{item.name} = _reset_{item.name}(o)")
    lines.append("    return o")
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    namespace.update({f"_reset_{d.name}": d.initial for d in derived if d.copy == "reset"})
    exec("\n".join(lines), namespace)  # noqa: S102 - generated from the declaration only
    clone = namespace["clone"]
    clone.__doc__ = "An independent copy (generated from the declared fields)."
    clone.__qualname__ = f"{cls.__qualname__}.clone"
    return clone


def fields_to_json(state: Any, fields: Sequence[Field]) -> dict[str, Any]:
    data: dict[str, Any] = {}
    ctx = Context(state.num_players, state.options)
    for field in fields:
        data[field.json_name] = field.codec.to_json_in(getattr(state, field.name), ctx)
    return data


def fields_from_json(state: Any, fields: Sequence[Field], data: Mapping[str, Any],
                     reserved: Sequence[str]) -> None:
    """Set every declared field of `state` from `data`, each checked by its codec.

    Raises SnapshotError naming the first missing, unknown or wrong field.
    """
    known = {f.json_name for f in fields} | set(reserved)
    unknown = sorted(str(key) for key in data if key not in known)
    if unknown:
        raise SnapshotError("error.snapshot_unknown", fields=", ".join(unknown),
                            known=", ".join(f.json_name for f in fields))
    ctx = Context(state.num_players, state.options)
    for field in fields:
        if field.json_name not in data:
            raise SnapshotError("error.snapshot_missing", field=field.json_name)
        try:
            value = field.codec.from_json(data[field.json_name], ctx)
        except Problem as problem:
            raise SnapshotError("error.snapshot_value", field=field.json_name + problem.path,
                                problem=problem) from None
        setattr(state, field.name, value)


def describe_fields(cls: type) -> list[tuple[str, str, str]]:
    """(name, shape, who may not see it) for each declared field: for the docs."""
    fields = cls.declared_fields  # type: ignore[attr-defined]
    return [(f.json_name or f.name, f.codec.describe(), f.hidden or "public") for f in fields]
