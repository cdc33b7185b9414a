"""Décimoarr...: a seat's view as a fixed-length vector of numbers in [0, 1].

Reads the view only (so it cannot leak what the seat may not know). Seats are
relative to the reader (0: itself). The action space is the positions, so most
of the vector is per position (one block for each of the colours x values - 1
positions of the options): face up, the face-up card (colour, value), known to
the reader (its memory: colour, value, how recently seen), is the reference,
whose home it is, and whether the card the reader remembers there connects to
the reference card. Then: phase, seat to act, starter, round, first flip; the
reference card; how many face-down cards are known to connect and how many
are unknown; per seat still in, holding a perdu card, rounds won; the reader's
skulls and diamonds; the perdu pile and the perdu cards seen; the winner pile
and box; the number of flips; the last flip (who, success).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludotheque.games.decimoarr.components import (
    COLOUR_NAMES,
    HOME_SIZE,
    PERDU_CARDS,
    VALUE_LABELS,
    WINNER_CARDS,
    make_deck,
)
from ludotheque.games.decimoarr.rules import PHASE_NAMES
from ludotheque.games.decimoarr.views import DecimoarrView
from ludotheque.kit.features import Features

_PHASE = {name: i for i, name in enumerate(PHASE_NAMES)}


def observation_size(players: int, options: Mapping[str, Any]) -> int:
    colours, values, n = options["colours"], options["values"], players
    positions = colours * values - 1
    per_position = 5 + 2 * colours + 2 * values + n
    header = len(PHASE_NAMES) + 2 * n + 2 + colours + values + 2
    seats = 3 * n + 2
    return positions * per_position + header + seats + 3 + 2 + 1 + (2 + n)


def history_bound(players: int, options: Mapping[str, Any]) -> tuple[int, int]:
    """The longest history an information state holds: (decisions, completed chance points).

    Twice the longest game met: 78 decisions and 10 chance points over 1,000 random games
    of every player count and option set of the conformance kit (a round flips each card
    once at most, so the length grows with the cards and rounds, not with luck). A longer
    game is refused clearly (`openspiel.error.history_moves`, `history_chance`).
    """
    return 160, 24


def encode_view(view: DecimoarrView, players: int, options: Mapping[str, Any]) -> list[float]:
    colours, values = options["colours"], options["values"]
    deck = make_deck(colours, values)
    positions = colours * values - 1
    f = Features(view, players)
    table, memory, ages = view["table"], view["memory"], view["memory_age"]
    reference = view["reference"]
    ref_code = view["reference_card"] or (memory[reference] if reference is not None else None)
    ref_card = deck.index[ref_code] if ref_code else None
    home_of = [None] * positions
    for seat, home in enumerate(view["layout"]["homes"]):
        for pos in home:
            home_of[pos] = seat
    connecting = unknown = 0
    for pos in range(positions):
        up = table[pos]
        known = memory[pos]
        _card(f, deck, up, _UP, _UP_COLOUR, _UP_VALUE)
        _card(f, deck, known, _KNOWN, _KNOWN_COLOUR, _KNOWN_VALUE)
        f.number(None if known is None else 1 / (1 + ages[pos]), 1, "pos[{i}].known.recent")
        f.flag(pos == reference, "pos[{i}].reference")
        f.seat(home_of[pos], "pos[{i}].home")
        links = (known is not None and ref_card is not None
                 and bool(deck.partners[ref_card] >> deck.index[known] & 1))
        f.flag(links, "pos[{i}].connects")
        if up is None:
            connecting += links
            unknown += known is None

    f.one_hot(_PHASE[view["phase"]], len(PHASE_NAMES), "phase", PHASE_NAMES)
    f.seat(view["to_act"], "to_act")
    f.seat(view["starter"], "starter")
    f.number(view["round"], view["rounds"], "round")
    f.flag(view["first_flip"], "first_flip")
    f.one_hot(deck.colour_of[ref_card] if ref_card is not None else None, colours,
              "reference.colour", COLOUR_NAMES)
    f.one_hot(deck.value_of[ref_card] if ref_card is not None else None, values,
              "reference.value", VALUE_LABELS)
    f.number(connecting, positions, "face_down.connecting")
    f.number(unknown, positions, "face_down.unknown")

    seats = view["seats"]
    f.per_seat([s["active"] for s in seats], None, "active")
    f.per_seat([s["perdu"] for s in seats], None, "perdu")
    f.per_seat([s["rounds_won"] for s in seats], view["rounds"], "rounds_won")
    mine = seats[f.me]
    f.number(mine["skulls"], max(options["skulls"]), "skulls")
    f.number(sum(mine["diamonds"] or ()), max(1, sum(options["diamonds"])), "diamonds")
    f.number(view["perdu_pile"], PERDU_CARDS, "perdu_pile")
    f.number(len(view["perdu_seen"]), PERDU_CARDS, "perdu_seen")
    f.number(sum(view["perdu_seen"]), sum(options["skulls"]), "perdu_seen.skulls")
    f.number(view["winner_pile"], WINNER_CARDS, "winner_pile")
    f.number(view["winner_box"], WINNER_CARDS, "winner_box")
    f.number(view["flips"], 4 * positions, "flips")
    last = view["last_flip"] or {}
    f.flag(last, "last_flip")
    f.seat(last.get("player"), "last_flip.player")
    f.flag(last.get("success"), "last_flip.success")
    return f.finish(observation_size(players, options))


def chance_size(players: int, options: Mapping[str, Any]) -> int:
    return 2 * players + HOME_SIZE * (1 + options["colours"] + options["values"])


def encode_chance(view: DecimoarrView, players: int, options: Mapping[str, Any]) -> list[float]:
    """What the reader saw of a chance point, from its view just after it (a slot of its
    OpenSpiel information state): the starter and the seat to act (the starter drawn) and
    the cards of its home it knows (the peek). The deal, the perdu and winner piles and
    their reshuffles show nothing (cards stay face down)."""
    deck = make_deck(options["colours"], options["values"])
    f = Features(view, players)
    f.seat(view["starter"], "starter")
    f.seat(view["to_act"], "to_act")
    memory = view["memory"]
    for pos in view["layout"]["homes"][f.me]:
        _card(f, deck, memory[pos], _HOME, _HOME_COLOUR, _HOME_VALUE)
    return f.finish(chance_size(players, options))


def _card(f: Features, deck: Any, code: str | None, name: str, colour: str, value: str) -> None:
    """A flag and the card's colour and value (one-hot), or zeros; `name`, `colour` and
    `value` name the three blocks (`_card_names`: by position, read on the hot path)."""
    card = deck.index[code] if code else None
    f.flag(card is not None, name)
    f.one_hot(deck.colour_of[card] if card is not None else None, deck.colours, colour,
              COLOUR_NAMES)
    f.one_hot(deck.value_of[card] if card is not None else None, deck.values, value,
              VALUE_LABELS)


def _card_names(card: str) -> tuple[str, str, str]:
    return card, f"{card}.colour", f"{card}.value"


# The names of `_card`'s blocks: the card face up at a position, the one the reader
# remembers there, the k-th card of its home it knows (a chance point).
_UP, _UP_COLOUR, _UP_VALUE = _card_names("pos[{i}].up")
_KNOWN, _KNOWN_COLOUR, _KNOWN_VALUE = _card_names("pos[{i}].known")
_HOME, _HOME_COLOUR, _HOME_VALUE = _card_names("home[{i}]")
