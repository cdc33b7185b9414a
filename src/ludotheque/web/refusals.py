"""A refusal and its texts: bad input from a person, said in their language.

`Refused` carries an error code and a translatable message (nothing changed where it is
raised); its parameters may be texts themselves (`LazyText`, `Duration`, the option
refusals' labels as `LazyMessage`), put in the message's language when it is said. A
client's value is quoted (`quoted`) short and with its control characters shown; a field
the request does not take is named with those it does (`unknown_fields`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from ludotheque.core.errors import LudoError, OptionError, visible
from ludotheque.core.options import OptionName
from ludotheque.i18n import LazyMessage, LazyText, in_language, number, t


class Refused(Exception):
    """Bad input from a person: an error code and a translatable message (nothing changed).

    `status` is the HTTP status when it answers a request; `fields`, what the error frame
    or answer carries besides its code and message (where to go now: `url`)."""

    def __init__(self, code: str, key: str | None = None, status: int = 400,
                 error: LudoError | None = None, at_seat: int | None = None,
                 fields: Mapping[str, Any] | None = None, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.fields = dict(fields or {})
        self.at_seat = at_seat  # the request's seat (from 0) at fault, if one is
        self.key = key or f"web.server.error.{code}"
        self.status = status
        self.error = error
        self.params = params

    def message(self, lang: str) -> str:
        if self.error is not None:
            return self.error.message(lang)
        return t(self.key, lang, **in_language(self.params, lang))

    def frame(self, lang: str) -> dict[str, Any]:
        return {"type": "error", "code": self.code, "message": self.message(lang),
                **self.fields}


QUOTED_MAX = 40  # characters of a client's value that an error message quotes


def quoted(value: Any) -> str:
    """A client's value as an error message quotes it: a text as it is, anything else as
    JSON; at most QUOTED_MAX characters (an error never sends a flood back), its control
    and format characters shown (`visible`: a bidi override would turn the rest of the
    sentence around, as the core's errors show them)."""
    return visible((value if isinstance(value, str) else json.dumps(value))[:QUOTED_MAX])


def unknown_fields(given: Mapping[str, Any], allowed: Sequence[str], prefix: str = "",
                   key: str | None = None, at_seat: int | None = None, **params: Any) -> None:
    """Refused (`unknown_field`) naming the first field of a request or a frame that is not
    `allowed`, and those that are: a misspelt one ("playres") is never silently left out
    for its default. `prefix` places it in the request ("seats[1]."); `key` and `params`,
    another message's (a frame's, which names its type)."""
    for name in given:
        if name not in allowed:
            raise Refused("unknown_field", key=key, at_seat=at_seat,
                          field=prefix + quoted(name), allowed=", ".join(allowed), **params)


def bad_seat(value: str, players: int) -> Refused:
    """A `seat` field (of a request, or the replay's `?seat=`) that is no seat index: the
    API counts seats from 0, as its message says."""
    return Refused("bad_seat", field="seat", value=value, last=players - 1)


class Duration:
    """A duration in a message, in the message's language: hours from an hour up, else
    minutes, else seconds (24 h, 1,5 h in French)."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds

    def message(self, lang: str) -> str:
        unit, size = next(((u, n) for u, n in (("hours", 3600), ("minutes", 60))
                           if self.seconds >= n), ("seconds", 1))
        value = self.seconds / size
        shown = number(value, lang, 0 if value == int(value) else 1)
        return t(f"web.server.duration.{unit}", lang, n=shown)


def option_refusal(game: Any, error: OptionError) -> Refused:
    """A bad option of a request, said in the lobby's words: the option's label in the
    request's language beside the name the API takes, and what it allows (each choice's
    label and value). A cross-check between options is said as the game says it, the
    options it names by their labels."""
    specs = {spec.name: spec for spec in game.option_specs}
    spec = specs.get(error.params.get("name"))  # type: ignore[arg-type]
    if error.key == "error.option_value" and spec is not None:
        value = error.params.get("value")
        return Refused("option", key="web.server.error.option_value", name=spec.name,
                       label=LazyText(spec.text_key("option_label")),
                       value=quoted(value),
                       allowed=LazyMessage(_option_allowed, spec))
    if error.key == "error.option_unknown":
        return Refused("option", key="web.server.error.option_unknown",
                       name=quoted(str(error.params.get("name"))),
                       game=LazyText(game.title_key),
                       allowed=LazyMessage(_option_list, specs.values()))
    return Refused("option", error=OptionError(error.key, **{
        key: LazyMessage(_option_label, specs[value.name], value.value)
        if isinstance(value, OptionName) and value.name in specs else value
        for key, value in error.params.items()}))


def _option_label(spec: Any, value: Any, lang: str) -> str:
    """An option a cross-check names: its label in the lobby, and the choice asked for
    (a true asks for the option itself)."""
    label = t(spec.text_key("option_label"), lang)
    if spec.kind == "choice" and value is not None:
        choice = t(f"{spec.text_key('option_choice')}.{value}", lang)
        return t("web.server.option.choice", lang, label=label, choice=choice)
    return t("web.server.option.label", lang, label=label)


def _option_allowed(spec: Any, lang: str) -> str:
    """An option's allowed values: JSON's true or false, each choice's label and value,
    or the numbers' range."""
    if spec.kind == "bool":
        return t("web.server.option.bool", lang)
    if spec.kind == "choice":
        prefix = spec.text_key("option_choice")
        return ", ".join(t("web.server.option.named", lang, name=value,
                           label=t(f"{prefix}.{value}", lang)) for value in spec.choices)
    return spec.allowed(lang)


def _option_list(specs: Any, lang: str) -> str:
    """A game's options, each one's name (what the API takes) and its label."""
    return ", ".join(f"{spec.name} ({t(spec.text_key('option_label'), lang)})"
                     for spec in sorted(specs, key=lambda spec: spec.name))
