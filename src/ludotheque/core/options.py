"""Game options: declared once per game, validated with clear errors.

An option has a name, a kind (bool, int, int list or choice), a default taken
from the rules folder, bounds, and a help text key (French and English).
Options reach a game as a validated, read-only mapping; rules never hard-code
an [ASSUMED] ruling, they read its option.
"""

from __future__ import annotations

import numbers
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ludotheque.core.actions import typed_number
from ludotheque.core.errors import OptionError
from ludotheque.i18n import LazyMessage

_TRUE = {"1", "true", "yes", "on", "oui", "vrai"}
_FALSE = {"0", "false", "no", "off", "non", "faux"}


@dataclass(frozen=True)
class OptionSpec:
    name: str
    kind: str  # "bool" | "int" | "ints" | "choice"
    default: Any
    help_key: str
    minimum: int | None = None
    maximum: int | None = None
    length: int | None = None  # for "ints": exact list length
    choices: tuple[str, ...] = ()
    ruling: str | None = None  # the numbered ruling this option implements (e.g. "S6")

    def text_key(self, kind: str) -> str:
        """The key of one of the option's texts for people, from its help key:
        `<game>.option_label.<name>`, `<game>.option_choice.<name>` (add `.<value>`),
        `<game>.option_hint.<name>` (the lobby's words, which the web's errors reuse)."""
        return self.help_key.replace(".option.", f".{kind}.", 1)

    def allowed(self, lang: str = "en") -> str:
        """A short description of the allowed values, in `lang`."""
        from ludotheque.i18n import t

        if self.kind == "bool":
            return "true|false"
        if self.kind == "choice":
            return "|".join(self.choices)
        if self.kind == "ints":
            return t("option.allowed_ints", lang, count=self.length, low=self.minimum,
                     high=self.maximum)
        return t("option.allowed_int", lang, low=self.minimum, high=self.maximum)

    def allowed_text(self) -> LazyMessage:
        """The allowed values as an error's parameter: said in the message's language."""
        return LazyMessage(self.allowed)

    def coerce(self, value: Any) -> Any:
        """Turn `value` (a Python value or a command-line string) into this option's type."""
        try:
            if self.kind == "bool":
                if isinstance(value, bool):
                    return value
                if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
                    return value.strip().lower() in _TRUE
                raise ValueError
            if self.kind == "int":
                number = _to_int(value)
                self._check_bounds(number)
                return number
            if self.kind == "ints":
                if isinstance(value, str):
                    items = split_list(value, self.name, self.allowed_text())
                    if len(items) == 1 and self.length:
                        items = items * self.length
                elif isinstance(value, Sequence):
                    items = list(value)
                else:
                    raise ValueError
                numbers = tuple(_to_int(item) for item in items)
                if self.length is not None and len(numbers) != self.length:
                    raise ValueError
                for number in numbers:
                    self._check_bounds(number)
                return numbers
            if self.kind == "choice":
                text = str(value).strip().lower()
                if text not in self.choices:
                    raise ValueError
                return text
        except (ValueError, TypeError):
            raise OptionError(
                "error.option_value", name=self.name, value=value, allowed=self.allowed_text()
            ) from None
        raise AssertionError(f"unknown option kind {self.kind}")

    def _check_bounds(self, number: int) -> None:
        if (self.minimum is not None and number < self.minimum) or (
            self.maximum is not None and number > self.maximum
        ):
            raise ValueError

    def default_value(self) -> Any:
        return tuple(self.default) if self.kind == "ints" else self.default


def integer(value: Any) -> Any:
    """`value` as a Python int if it is an integer of any kind (numpy's, from a sweep's
    `np.arange`), else as it is (to be refused with the usual clear error)."""
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        return int(value)
    return value


def _to_int(value: Any) -> int:
    value = integer(value)
    if isinstance(value, bool):
        raise ValueError
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        text = value.strip()
        number = typed_number(text.removeprefix("-"))
        if number is not None:
            return -number if text.startswith("-") else number
    raise ValueError


class OptionName:
    """An option a game's cross-check error names (a parameter of its text), maybe with
    the value it asks for: said as the command line takes it (`layout=ring`). Each door
    may say it its own way: the web says the lobby's label (web/refusals.py)."""

    def __init__(self, name: str, value: Any = None) -> None:
        self.name, self.value = name, value

    def message(self, lang: str = "en") -> str:
        if self.value is None:
            return self.name
        shown = str(self.value).lower() if isinstance(self.value, bool) else self.value
        return f"{self.name}={shown}"


class ValidatedOptions(dict):
    """A game's validated options: read-only, and (unlike a mappingproxy) picklable and
    copyable, so an environment or a state holding them can be pickled or deep-copied
    (Gymnasium's vector envs, Ray, `copy.deepcopy(env)`), and written as JSON as they are.
    Like a frozen dataclass, read-only to their own methods (`__init__` called again
    too): only `dict.update(options, ...)` and its like, named on purpose, go round it."""

    __slots__ = ("_sealed",)

    def __init__(self, items: Any = ()) -> None:
        if getattr(self, "_sealed", False):
            self._read_only()
        super().__init__(items)
        object.__setattr__(self, "_sealed", True)

    def _read_only(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("validated options are read-only")

    __setitem__ = __delitem__ = __ior__ = __setattr__ = __delattr__ = _read_only
    clear = pop = popitem = setdefault = update = _read_only

    def __reduce__(self) -> tuple[Any, ...]:
        return (ValidatedOptions, (dict(self),))

    def __copy__(self) -> ValidatedOptions:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> ValidatedOptions:
        return self


def validate_options(
    specs: Sequence[OptionSpec], given: Mapping[str, Any] | None
) -> Mapping[str, Any]:
    """Defaults overlaid with `given`, each value checked; an unknown name is an error."""
    by_name = {spec.name: spec for spec in specs}
    result = {spec.name: spec.default_value() for spec in specs}
    for name, value in (given or {}).items():
        spec = by_name.get(name)
        if spec is None:
            raise OptionError(
                "error.option_unknown",
                name=name,
                allowed=", ".join(sorted(by_name)) or "-",
            )
        result[name] = spec.coerce(value)
    return ValidatedOptions(result)


def split_list(text: str, name: str, allowed: Any, separator: str = ",") -> list[str]:
    """The items of a list typed on the command line (`--bots random,heuristic`, an int
    list option's `2,3,3`): the spaces around each are left out; an empty item (a
    separator at an end or doubled, or nothing at all) is refused naming the list and
    `allowed` (a text, or anything with `message(lang)`): whether "random," means one
    bot for every seat or a second one forgotten, no one can tell."""
    items = [item.strip() for item in text.split(separator)]
    if not any(items):
        raise OptionError("error.list_empty", name=name, allowed=allowed)
    if not all(items):
        raise OptionError("error.list_empty_item", name=name, given=text, separator=separator,
                          allowed=allowed)
    return items


def parse_option_assignments(items: Sequence[str]) -> dict[str, str]:
    """['a=1', 'b=x,y'] -> {'a': '1', 'b': 'x,y'} (values coerced later by the game)."""
    parsed: dict[str, str] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise OptionError("error.option_syntax", item=item)
        if name.strip() in parsed:  # the last one won, the first was dropped unsaid
            raise OptionError("error.option_twice", name=name.strip())
        parsed[name.strip()] = value.strip()
    return parsed


def options_to_json(options: Mapping[str, Any]) -> dict[str, Any]:
    return {name: list(value) if isinstance(value, tuple) else value
            for name, value in options.items()}
