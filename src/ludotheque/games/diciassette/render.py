"""How 17 looks in a terminal: the table from one seat's view, and events as sentences.

Everything here reads a view or an event as that seat may read it; nothing
reaches the state. Card tokens: `3` single-faced, `3*` double-faced (its
value shows on both sides), `##` a generic back, specials by name; a card
seen from its back is in brackets: `(3*)` a double-faced card face down or in
another's hand, `(3)` your own face-down card. Face-down cards are also drawn
black, face-up white, but never by colour alone (NO_COLOR, colour-blind
readers); a legend under the table says what the marks mean.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from ludotheque.games.diciassette.components import IS_DOUBLE, KIND_OF_CODE, VALUE, VICTORIES_TO_WIN
from ludotheque.games.diciassette.wording import card_name
from ludotheque.i18n import t, tn
from ludotheque.kit.narration import Narrator, first_name

_SPECIAL_TOKENS = {
    "rev": ("REV", "SENS"),
    "trash": ("TRASH", "POUB"),
    "x2": ("x2", "x2"),
    "trap": ("TRAP", "PIÈGE"),
}
_FACE_UP = "bold black on white"
_FACE_DOWN = "bold white on grey11"


def card_token(code: str | None, lang: str) -> str:
    if code is None:
        return "##"
    if code in _SPECIAL_TOKENS:
        en, fr = _SPECIAL_TOKENS[code]
        return fr if lang == "fr" else en
    return code[0] + ("*" if code.endswith("d") else "")


def _card_text(code: str | None, face_up: bool, lang: str) -> Text:
    """A card as drawn on the table: in brackets when seen from its back (unless a plain
    back, `##`), so that face up and face down differ without colour too."""
    token = card_token(code, lang)
    if not face_up and code is not None:
        token = f"({token})"
    return Text(f" {token} ", style=_FACE_UP if face_up else _FACE_DOWN)


def table(view: Mapping[str, Any], lang: str, names: Sequence[str]) -> Group:
    """The whole table as seat `view["seat"]` sees it."""
    me = view["seat"]
    narrator = Narrator(lang, names, me)  # "Your turn" for the reader, never "Turn: You"
    who = narrator.who
    parts: list[Any] = []
    direction = "diciassette.table.direction_cw" if view["direction"] == 1 else \
        "diciassette.table.direction_ccw"
    if view["phase"] == "call" and view["to_act"] is not None:
        # A call window: the one to answer, not the one who played (the "turn").
        turn = t("diciassette.table.answering", lang, player=first_name(who(view["to_act"])),
                 last=first_name(who(view["turn"])))
    elif view["phase"] == "over":  # nobody's turn: the winners are said under the table
        turn = t("diciassette.table.over", lang)
    else:
        turn = narrator.say("diciassette.table.turn", view["turn"])
    header = "  ·  ".join([
        t("diciassette.title", lang),
        t("diciassette.table.round", lang, round=view["round"]),
        turn,
        t(direction, lang),
    ])
    parts.append(Text(header, style="bold"))

    queue = Text(t("diciassette.table.queue", lang))
    known = hidden = 0
    if not view["queue"]:
        queue.append(t("diciassette.table.empty_queue", lang))
    for index, entry in enumerate(view["queue"]):
        code = entry["card"]
        own_hidden = (entry["by"] == me and not entry["face_up"] and code is not None
                      and not IS_DOUBLE[KIND_OF_CODE[code]])
        if index:
            queue.append(" · ", style="dim")
        queue.append(_card_text(code, entry["face_up"], lang))
        # Who played each card is public: players read the bluffs from it.
        queue.append(" " + first_name(who(entry["by"])), style="dim")
        if code is None or own_hidden:  # the public count: your own hidden card is in ( )
            hidden += 1
        else:
            known += VALUE[KIND_OF_CODE[code]]
    parts.append(queue)
    parts.append(Text(tn("diciassette.table.known_sum", hidden, lang, sum=known), style="dim"))

    players = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    players.add_column("#")
    players.add_column(t("diciassette.table.player", lang))
    players.add_column(t("diciassette.table.cards", lang))
    players.add_column(t("diciassette.table.victory", lang), justify="right")
    players.add_column(t("diciassette.table.penalty", lang), justify="right")
    for seat, hand in enumerate(view["hands"]):
        cards = Text()
        if seat == me:
            for code in hand["cards"]:
                cards.append(_card_text(code, True, lang)).append(" ")
        else:
            doubles = hand.get("doubles")
            generic = hand["size"] - len(doubles or [])
            for code in doubles or []:
                cards.append(_card_text(code, False, lang)).append(" ")
            for _ in range(generic):
                cards.append(_card_text(None, False, lang)).append(" ")
        marker = "▶ " if seat == view["to_act"] else "  "
        players.add_row(
            marker + str(seat + 1), names[seat], cards,
            str(view["victory"][seat]), str(view["penalty"][seat]),
        )
    parts.append(players)

    pile = view["pile"]
    if pile["size"]:
        top = card_token(pile["top"], lang) if pile["top"] else "##"
        parts.append(Text(tn("diciassette.table.pile", pile["size"], lang, top=top)))
    else:
        parts.append(Text(t("diciassette.table.pile_empty", lang)))
    parts.append(Text(tn("diciassette.table.discard", view["discard"]["size"], lang), style="dim"))
    parts.append(Text(t("diciassette.table.legend", lang), style="dim"))
    if view["plays_required"] == 2 and view["phase"] == "play":
        parts.append(Text(narrator.say("diciassette.table.x2_pending", view["turn"]),
                          style="yellow"))
    if view["next_plays_required"] == 2:
        parts.append(Text(t("diciassette.table.next_x2", lang), style="yellow"))
    return Group(*parts)


def event_lines(event: Mapping[str, Any], lang: str, names: Sequence[str],
                seat: int | None) -> list[str]:
    """Sentences for one event as seat `seat` reads it (several for a round's end)."""
    kind = event["kind"]

    say = Narrator(lang, names, seat).say

    if kind == "deal":
        return [t("diciassette.event.deal", lang)]
    if kind == "round":
        return [say("diciassette.event.round", event["starter"], round=event["round"])]
    if kind == "play":
        card = event.get("card")
        player = event["player"]
        if card is None:
            lines = [t("diciassette.event.play_hidden", lang, player=names[player])]
        else:
            key = "diciassette.event.play_up" if event["face_up"] else "diciassette.event.play_down"
            lines = [say(key, player, card=card_name(card, lang))]
        if event["face_up"] and card == "rev":
            lines.append(t("diciassette.event.reverse", lang))
        if event["face_up"] and card == "x2":
            lines.append(t("diciassette.event.x2", lang))
        return lines
    if kind == "trash":
        removed = event.get("removed")
        if event.get("removed_by") is None:
            return [t("diciassette.event.trash_nothing", lang)]
        if removed is None:
            return [t("diciassette.event.trash_hidden", lang)]
        return [t("diciassette.event.trash", lang, card=card_name(removed, lang))]
    if kind == "draw":
        if event["player"] == seat and "card" in event:
            return [t("diciassette.event.draw_own", lang, card=card_name(event["card"], lang))]
        if event.get("back"):
            return [t("diciassette.event.draw_back", lang, player=names[event["player"]],
                      card=card_name(event["back"], lang))]
        return [t("diciassette.event.draw", lang, player=names[event["player"]])]
    if kind == "reshuffle":
        return [t("diciassette.event.reshuffle", lang)]
    if kind in ("skip", "pass", "call"):
        return [say(f"diciassette.event.{kind}", event["player"])]
    if kind == "turn":
        key = "diciassette.event.turn_x2" if event["plays_required"] == 2 else \
            "diciassette.event.turn"
        return [say(key, event["player"])]
    if kind == "resolution":
        return resolution_lines(event, lang, names, seat)
    if kind == "game_over":  # a round gives at most one Victory token: a winner has exactly 3
        return [Narrator(lang, names, seat).winners("diciassette.event.game_over",
                                                    event["winners"], victories=VICTORIES_TO_WIN)]
    return []


def resolution_lines(resolution: Mapping[str, Any], lang: str, names: Sequence[str],
                     seat: int | None = None) -> list[str]:
    """The end of a round, one step per line: the cards, the sum, the Traps, the tokens."""
    who = Narrator(lang, names, seat).who

    caller = resolution["caller"]
    if caller == seat:
        lines = [t("diciassette.reveal.title_you", lang)]
    else:
        lines = [t("diciassette.reveal.title", lang, caller=names[caller])]
    for card in resolution["cards"]:
        key = "diciassette.reveal.card" if card["face_up"] else "diciassette.reveal.flip"
        lines.append(t(key, lang, card=card_name(card["card"], lang),
                       player=first_name(who(card["by"]))))
    key = ("diciassette.reveal.sum_reached" if resolution["reached"]
           else "diciassette.reveal.sum_short")
    lines.append(t(key, lang, sum=resolution["sum"]))
    for owner in resolution["traps"]:
        if owner == seat:
            lines.append(t("diciassette.reveal.trap_you", lang, caller=who(caller)))
        else:
            lines.append(t("diciassette.reveal.trap", lang, player=names[owner],
                           caller=who(caller)))
    for token in resolution["tokens"]:
        params = dict(penalties=tn("diciassette.count.penalties", token["penalties"], lang),
                      victory=tn("diciassette.count.victories", int(token["victory"]), lang),
                      v=tn("diciassette.count.victories", token["after"][0], lang),
                      p=tn("diciassette.count.penalties", token["after"][1], lang))
        you = token["player"] == seat
        player = {} if you else {"player": names[token["player"]]}
        lines.append(t("diciassette.reveal.tokens" + ("_you" if you else ""), lang, **player,
                       **params))
        if token["before"][1] + token["penalties"] >= 2:  # S20, else "+1 Penalty; now 0"
            lines.append(t("diciassette.reveal.pairs" + ("_you" if you else ""), lang, **player))
    return lines
