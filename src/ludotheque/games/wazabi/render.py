"""How Wazabi looks in a terminal: the table from one seat's view, events as sentences.

Everything here reads a view or an event as that seat may read it; nothing
reaches the state. Dice faces are written with the names players know
(W / Draw / Give; W / Carte / Dé in French), cards by their effect.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from ludotheque.games.wazabi.components import COST, KIND_OF_CODE
from ludotheque.games.wazabi.views import WazabiView
from ludotheque.games.wazabi.wording import (
    card_name,
    count_text,
    faces_text,
    neighbour,
    short_name,
)
from ludotheque.i18n import Names, t, tn
from ludotheque.kit.narration import Narrator, first_name

_CARD_STYLE = "bold black on white"
NO_BREAK = "\u00a0"


def _direction(direction: int, lang: str) -> str:
    return t("wazabi.direction.cw" if direction == 1 else "wazabi.direction.ccw", lang)


def _counts(pairs: Iterable[tuple[int, int]], lang: str, names: Sequence[str],
            seat: int | None) -> str:
    """"Camille — 3, you — 4": dice held or points scored, by seat. The dash keeps a
    number apart from a name that ends with one ("Player 2 — 3", not "Player 2 3")."""
    who = Narrator(lang, names, seat).who
    return ", ".join(t("wazabi.count", lang, player=first_name(who(player)), count=count)
                     for player, count in pairs)


def _roll(faces: list[int], lang: str) -> dict[str, str]:
    """A roll's dice and faces: "4 dice", "W W Draw Give"."""
    return {"dice": count_text("dice", len(faces), lang), "faces": faces_text(faces, lang)}


def _seat_name(seat: int, lang: str, names: Sequence[str]) -> str:
    return t("wazabi.table.seat", lang, name=first_name(names[seat]), seat=seat + 1)


def _sides(view: WazabiView, lang: str, names: Sequence[str]) -> list[str]:
    """What left and right mean for the reader's dice when all pass their dice."""
    me, dice, active = view["seat"], view["dice"], view["active"]
    lines = []
    for side, step in (("left", 1), ("right", -1)):
        to, giver = neighbour(active, me, step), neighbour(active, me, -step)
        lines.append(t("wazabi.table.side_you", lang, side=t(f"wazabi.table.side_{side}", lang),
                       mine=count_text("dice", dice[me], lang),
                       to=_seat_name(to, lang, names),
                       theirs=count_text("dice", dice[giver], lang),
                       giver=_seat_name(giver, lang, names)))
    return lines


def table(view: WazabiView, lang: str, names: Sequence[str]) -> Group:
    """The whole table as seat `view["seat"]` sees it."""
    me = view["seat"]
    n = view["players"]
    parts: list[Any] = []
    turn = t("wazabi.table.over", lang) if view["phase"] == "over" else \
        Narrator(lang, names, me).say("wazabi.table.turn", view["turn"])
    header = [t("wazabi.title", lang), turn,
              t("wazabi.table.direction", lang, direction=_direction(view["direction"], lang))]
    if view["games"] > 1:
        header.append(t("wazabi.table.game", lang, game=view["game_no"], games=view["games"]))
    parts.append(Text("  ·  ".join(header), style="bold"))

    players = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    players.add_column("#")
    players.add_column(t("wazabi.table.player", lang))
    players.add_column(t("wazabi.table.dice", lang), justify="right")
    players.add_column(t("wazabi.table.cards", lang), justify="right")
    players.add_column(t("wazabi.table.skips", lang), justify="right")
    teams = view["teams"]
    if teams:
        players.add_column(t("wazabi.table.team", lang), justify="right")
    if view["games"] > 1:
        players.add_column(t("wazabi.table.score", lang), justify="right")
    for seat in range(n):
        marker = "▶ " if seat == view["to_act"] else "  "
        if view["active"][seat]:
            dice = "●" * view["dice"][seat] + f" {view['dice'][seat]}"
        else:
            dice = t("wazabi.table.out", lang, place=view["finished"].index(seat) + 1)
        row = [marker + str(seat + 1), names[seat], dice, str(view["hands"][seat]["size"]),
               str(view["skips"][seat] or "")]
        if teams:
            row.append(str(next(i + 1 for i, pair in enumerate(teams) if seat in pair)))
        if view["games"] > 1:
            row.append(str(view["scores"][seat]))
        players.add_row(*row)
    parts.append(players)

    roll = view["roll"]
    if roll["faces"] and view["phase"] not in ("deal", "start"):
        if view["turn"] == me:
            line = t("wazabi.table.roll_you", lang, faces=faces_text(roll["faces"], lang),
                     w=roll["w"])
        else:
            line = t("wazabi.table.roll", lang, player=names[view["turn"]],
                     faces=faces_text(roll["faces"], lang), w=roll["w"])
        parts.append(Text(line))
    if view["phase"] == "give" and view["card"] is None:
        parts.append(Text(t("wazabi.table.gives_left", lang, count=view["gives_left"]),
                          style="yellow"))
    if view["card"] is not None:
        parts.append(Text(t("wazabi.table.card", lang, card=card_name(view["card"], lang)),
                          style="yellow"))
    if view["phase"] == "direction" and me is not None and view["active"][me]:
        parts.extend(Text(line, style="yellow") for line in _sides(view, lang, names))
    keeping = view["keeping"]
    if keeping is not None:
        chosen = tn("wazabi.table.chosen", keeping["chosen"], lang)
        parts.append(Text(Narrator(lang, names, me).say_n(
            "wazabi.table.keeping", keeping["player"], keeping["count"], chosen=chosen),
            style="yellow"))
        if keeping.get("cards"):
            parts.append(Text(t("wazabi.table.kept", lang, cards=", ".join(
                short_name(c, lang) for c in keeping["cards"]))))
    parts.append(Text(t("wazabi.table.pile", lang, pile=count_text("cards", view["pile"], lang),
                        discard=count_text("cards", len(view["discard"]), lang)), style="dim"))
    if view["discard"]:
        parts.append(Text(t("wazabi.table.discard_top", lang,
                            card=short_name(view["discard"][-1], lang)), style="dim"))
    if view["removed"]:
        parts.append(Text(t("wazabi.table.removed", lang, count=view["removed"]), style="dim"))
    if me is not None:
        hand = Text(t("wazabi.table.hand", lang) + " ")
        cards = view["hands"][me]["cards"]
        if not cards:
            hand.append(t("wazabi.table.empty", lang))
        for code in cards:
            cost = t("wazabi.table.cost", lang, cost=COST[KIND_OF_CODE[code]])
            # no-break spaces inside a card: a line breaks between two cards only
            label = f"{short_name(code, lang)} ({cost})".replace(" ", NO_BREAK)
            hand.append(f" {label} ", style=_CARD_STYLE).append(" ")
        parts.append(hand)
    return Group(*parts)


def event_lines(event: Mapping[str, Any], lang: str, names: Sequence[str],
                seat: int | None) -> list[str]:
    """Sentences for one event as seat `seat` reads it."""
    kind = event["kind"]

    narrator = Narrator(lang, names, seat)
    say = narrator.say

    if kind == "deal":
        lines = [t("wazabi.event.deal", lang, game=event["game"],
                   dice=count_text("dice", event["dice"], lang))]
        if "hand" in event:
            lines.append(t("wazabi.event.deal_own", lang,
                           cards=", ".join(card_name(c, lang) for c in event["hand"])))
        return lines
    if kind == "start_roll":
        lines = [say("wazabi.event.start_roll", player, **_roll(faces, lang), w=w)
                 for player, faces, w in event["rolls"]]
        if event["tied"]:
            lines.append(t("wazabi.event.tie", lang,
                           players=Names(map(narrator.who, event["tied"]), lang)))
        else:
            lines.append(say("wazabi.event.starter", event["starter"]))
        return lines
    if kind == "turn":
        return [say("wazabi.event.turn", event["player"])]
    if kind == "roll":
        # as a rulebook says it: "lance 4 dés : W W Carte Dé, soit 2 W, 1 carte à piocher..."
        return [say("wazabi.event.roll", event["player"], **_roll(event["faces"], lang),
                    w=event["w"], draws=count_text("cards", event["draw"], lang),
                    gives=count_text("dice", event["give"], lang))]
    if kind == "draw":
        if event["player"] == seat and "cards" in event:
            return [t("wazabi.event.draw_own", lang,
                      cards=", ".join(card_name(c, lang) for c in event["cards"]))]
        return [t("wazabi.event.draw", lang, player=names[event["player"]],
                  cards=count_text("cards", event["count"], lang))]
    if kind == "reshuffle":
        return [t("wazabi.event.reshuffle", lang, pile=count_text("cards", event["pile"], lang))]
    if kind == "take":
        taker, victim = event["player"], event["from"]
        if taker == seat and "card" in event:
            return [t("wazabi.event.take_you", lang, card=card_name(event["card"], lang),
                      victim=names[victim])]
        if victim == seat and "card" in event:
            return [t("wazabi.event.take_from_you", lang, player=names[taker],
                      card=card_name(event["card"], lang))]
        return [t("wazabi.event.take", lang, player=names[taker], victim=names[victim])]
    if kind in ("no_draw", "steal_none"):
        return [say(f"wazabi.event.{kind}", event["player"])]
    if kind == "keep_none":
        return [t("wazabi.event.keep_none", lang)]
    if kind == "give":  # with both new counts: "(3 left)" alone read as the receiver's
        counts = _counts(((event["player"], event["dice"]), (event["to"], event["to_dice"])),
                         lang, names, seat)
        if event["to"] == seat:
            return [t("wazabi.event.give_to_you", lang, player=names[event["player"]],
                      counts=counts)]
        return [say("wazabi.event.give", event["player"], to=names[event["to"]], counts=counts)]
    if kind == "play":
        return [say("wazabi.event.play", event["player"], card=card_name(event["card"], lang))]
    if kind in ("pass", "no_card", "skipped"):
        return [say(f"wazabi.event.{kind}", event["player"])]
    if kind == "remove":
        return [say("wazabi.event.remove", event["player"],
                    removed=count_text("dice", event["count"], lang), dice=event["dice"])]
    if kind == "pass_dice":
        counts = _counts(((p, dice) for p, dice in enumerate(event["dice"]) if dice), lang, names,
                         seat)
        return [t("wazabi.event.pass_dice", lang, side=t(f"wazabi.side.{event['side']}", lang),
                  counts=counts)]
    if kind == "target":
        if event["target"] == seat:
            return [t("wazabi.event.target_you_hit", lang, player=names[event["player"]])]
        return [say("wazabi.event.target", event["player"], target=names[event["target"]])]
    if kind == "keep":
        if event["player"] == seat and "card" in event:
            return [t("wazabi.event.keep_own", lang, card=card_name(event["card"], lang))]
        return [t("wazabi.event.keep", lang, player=names[event["player"]], kept=event["kept"],
                  of=event["of"])]
    if kind == "discard_rest":
        cards = ", ".join(card_name(c, lang) for c in event["cards"]) or "-"
        return [say("wazabi.event.discard_rest", event["player"],
                    kept=count_text("cards", event["kept"], lang), cards=cards)]
    if kind == "skip_card":
        return [say("wazabi.event.skip_card", event["target"], pending=event["pending"])]
    if kind == "replay":
        return [say("wazabi.event.replay", event["player"],
                    direction=_direction(event["direction"], lang))]
    if kind == "out":
        if event["place"] > 1 or event.get("ranked"):
            return [say("wazabi.event.out_place", event["player"], place=event["place"])]
        return [say("wazabi.event.out", event["player"])]
    if kind == "game_end":
        lines = []
        if event["tournament"]:
            lines.append(t("wazabi.event.game_end", lang, game=event["game"],
                           players=Names(map(narrator.who, event["winners"]), lang),
                           points=count_text("points", event["points"], lang),
                           scores=_counts(enumerate(event["scores"]), lang, names, seat)))
        if len(event["ranking"]) > 1:
            lines.append(t("wazabi.event.ranking", lang,
                           players=", ".join(f"{i + 1}. {names[p]}"
                                             for i, p in enumerate(event["ranking"]))))
        return lines
    if kind == "game_over":
        key = ("wazabi.event.tournament_over" if event.get("tournament")
               else "wazabi.event.game_over")
        return [narrator.winners(key, event["winners"])]
    return []  # take_from: the take itself follows
