"""How Décimoarr... looks in a terminal: the table as a grid, and events as sentences.

Everything here reads a view or an event as that seat may read it; nothing
reaches the state. A face-down card shows its position number (" p7 "), a
face-up card its value on its colour; the reference card (the one to connect
to) is framed with > <. Each player's side is written round the grid (for a
ring, home cards carry the seat number: "p3·1"). The reader's memory of
face-down cards is drawn, dimmed, only with the option show_memory=true:
remembering is the game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from ludotheque.games.decimoarr.components import COLOUR_CODES, COLOUR_NAMES, value_label
from ludotheque.games.decimoarr.texts import card_name, position_name
from ludotheque.i18n import t, tn
from ludotheque.ui.terminal.narration import Narrator

_BACKGROUND = {"red": "white on red3", "blue": "white on blue3", "green": "black on green3",
               "yellow": "black on yellow3", "purple": "white on purple4",
               "orange": "black on dark_orange"}
_FOREGROUND = {"red": "red3", "blue": "blue3", "green": "green3", "yellow": "yellow3",
               "purple": "purple", "orange": "dark_orange"}
_FACE_DOWN = "white on grey23"
_CELL = 8


def _colour_name(code: str) -> str:
    return COLOUR_NAMES[COLOUR_CODES.index(code[0])]


def _short(code: str, lang: str) -> str:
    """"R2" -> "R 0.25" (colour letter in the language, then the value)."""
    colour = t(f"decimoarr.colour.{_colour_name(code)}", lang)
    return f"{colour[0].upper()} {value_label(int(code[1:]) - 1, lang)}"


def _cell(view: Mapping[str, Any], pos: int, lang: str, show_memory: bool) -> Text:
    code = view["table"][pos]
    label = position_name(pos)
    if view["layout"]["kind"] == "ring":
        owner = _home_owner(view, pos)
        if owner is not None:
            label += f"·{owner + 1}"
    framed = pos == view["reference"]
    if code is not None:
        text = _short(code, lang)
        style = "bold " + _BACKGROUND[_colour_name(code)]
    else:
        remembered = view["memory"][pos] if show_memory else None
        if remembered is not None:
            text = f"{label}:{_short(remembered, lang).split()[-1]}"
            style = "dim italic " + _FOREGROUND[_colour_name(remembered)] + " on grey15"
        else:
            text, style = label, _FACE_DOWN
    if framed:
        text = f">{text}<"
    return Text(f"{text:^{_CELL}}", style=style)


def _home_owner(view: Mapping[str, Any], pos: int) -> int | None:
    for seat, home in enumerate(view["layout"]["homes"]):
        if pos in home:
            return seat
    return None


def table(view: Mapping[str, Any], lang: str, names: Sequence[str]) -> Group:
    """The whole table as seat `view["seat"]` sees it."""
    me = view["seat"]
    layout = view["layout"]
    show_memory = bool(view["options"].get("show_memory")) and me is not None
    parts: list[Any] = []
    header = [t("decimoarr.title", lang),
              t("decimoarr.table.round", lang, round=view["round"], rounds=view["rounds"])]
    if view["to_act"] is not None:
        header.append(t("decimoarr.table.turn", lang, player=names[view["to_act"]]))
        if view["reference_card"] is not None:
            header.append(t("decimoarr.table.reference", lang,
                            card=card_name(view["reference_card"], lang),
                            position=position_name(view["reference"])))
        elif view["options"]["first_flip_excludes_homes"]:
            header.append(t("decimoarr.table.free_first", lang))
        else:
            header.append(t("decimoarr.table.free_first_any", lang))
    parts.append(Text("  ·  ".join(header), style="bold"))

    grid: list[list[Text | None]] = [[None] * layout["cols"] for _ in range(layout["rows"])]
    for pos, (row, col) in enumerate(layout["cells"]):
        grid[row][col] = _cell(view, pos, lang, show_memory)
    blank = Text(" " * _CELL)
    board = Table(show_header=False, box=None, padding=(0, 1), pad_edge=False)
    sides = layout["sides"]
    seat_of_side = {side: seat for seat, side in enumerate(sides)}

    def side_label(side: str) -> Text:
        seat = seat_of_side.get(side)
        if seat is None:
            return Text("")
        style = "bold reverse" if seat == view["to_act"] else "bold"
        return Text(names[seat], style=style)

    board.add_column(justify="right")
    for _ in range(layout["cols"]):
        board.add_column(justify="center")
    board.add_column(justify="left")
    if sides:
        board.add_row(Text(""), *[side_label("north") if c == layout["cols"] // 2 else Text("")
                                  for c in range(layout["cols"])], Text(""))
    middle = layout["rows"] // 2
    for r, row in enumerate(grid):
        west = side_label("west") if r == middle else Text("")
        east = side_label("east") if r == middle else Text("")
        board.add_row(west, *[cell if cell is not None else blank for cell in row], east)
    if sides:
        board.add_row(Text(""), *[side_label("south") if c == layout["cols"] // 2 else Text("")
                                  for c in range(layout["cols"])], Text(""))
    parts.append(board)
    homes = "  ".join(
        t("decimoarr.table.homes", lang, player=names[seat],
          positions=" ".join(position_name(p) for p in home))
        for seat, home in enumerate(layout["homes"]))
    parts.append(Text(homes, style="dim"))
    if show_memory:
        parts.append(Text(t("decimoarr.table.memory_hint", lang), style="dim"))

    players = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    players.add_column("#")
    players.add_column(t("decimoarr.table.player", lang))
    players.add_column(t("decimoarr.table.status", lang))
    players.add_column(t("decimoarr.table.perdu", lang))
    players.add_column(t("decimoarr.table.rounds_won", lang), justify="right")
    players.add_column(t("decimoarr.table.diamonds", lang), justify="right")
    for seat, entry in enumerate(view["seats"]):
        if entry["active"] is None:
            status = ""
        else:
            status = t("decimoarr.table.in_play" if entry["active"] else "decimoarr.table.out", lang)
        perdu = ""
        if entry["perdu"]:
            perdu = (tn("decimoarr.count.skulls", entry["skulls"], lang)
                     if entry["skulls"] is not None else t("decimoarr.table.hidden", lang))
        diamonds = (str(sum(entry["diamonds"])) if entry["diamonds"] is not None
                    else ("?" if entry["rounds_won"] else "0"))
        marker = "▶ " if seat == view["to_act"] else "  "
        players.add_row(marker + str(seat + 1), names[seat], status, perdu,
                        str(entry["rounds_won"]), diamonds)
    parts.append(players)
    parts.append(Text(t("decimoarr.table.piles", lang, perdu=view["perdu_pile"],
                        winners=view["winner_pile"]), style="dim"))
    return Group(*parts)


def event_lines(event: Mapping[str, Any], lang: str, names: Sequence[str],
                seat: int | None) -> list[str]:
    """Sentences for one event as seat `seat` reads it (several for a round's end)."""
    kind = event["kind"]

    say = Narrator(lang, names, seat).say

    if kind == "deal":
        return [t("decimoarr.event.deal", lang, positions=event["positions"])]
    if kind == "perdu_setup":
        return [tn("decimoarr.event.perdu_setup", event["in_play"], lang)]
    if kind == "winner_setup":
        return [t("decimoarr.event.winner_setup", lang, cards=event["cards"])]
    if kind == "starter":
        return [say("decimoarr.event.starter", event["player"])]
    if kind == "peek":
        if "cards" in event:
            cards = ", ".join(f"{position_name(p)} = {card_name(c, lang)}"
                              for p, c in zip(event["positions"], event["cards"]))
            return [t("decimoarr.event.peek_you", lang, cards=cards)]
        return [t("decimoarr.event.peek", lang)]
    if kind == "round":
        return [say("decimoarr.event.round", event["starter"], round=event["round"],
                    rounds=event["rounds"])]
    if kind == "flip":
        params = dict(position=position_name(event["position"]),
                      card=card_name(event["card"], lang))
        if event["reference"] is None:
            return [say("decimoarr.event.flip_first", event["player"], **params)]
        key = "decimoarr.event.flip_ok" if event["success"] else "decimoarr.event.flip_fail"
        return [say(key, event["player"], reference=card_name(event["reference"], lang),
                    **params)]
    if kind == "perdu":
        if event["player"] == seat and "skulls" in event:
            return [t("decimoarr.event.perdu_you", lang,
                      skulls=tn("decimoarr.count.skulls", event["skulls"], lang))]
        return [t("decimoarr.event.perdu", lang, player=names[event["player"]])]
    if kind == "round_end":
        return round_end_lines(event, lang, names, seat)
    if kind == "reshuffle":
        return [t("decimoarr.event.reshuffle", lang)]
    if kind == "game_over":
        lines = [say("decimoarr.event.score", p,
                     diamonds=tn("decimoarr.count.diamonds", event["scores"][p], lang),
                     rounds=tn("decimoarr.count.rounds_won", event["rounds_won"][p], lang))
                 for p in range(len(event["scores"]))]
        lines.append(t("decimoarr.event.game_over", lang,
                       players=", ".join(names[p] for p in event["winners"])))
        return lines
    return []


def round_end_lines(event: Mapping[str, Any], lang: str, names: Sequence[str],
                    seat: int | None) -> list[str]:
    """The end of a round: the winner and his card, the perdu cards shown, the next starter."""

    say = Narrator(lang, names, seat).say

    winner = event["winner"]
    lines = []
    if winner is None:
        lines.append(t("decimoarr.event.no_winner", lang, round=event["round"]))
    else:
        key = "decimoarr.event.won_last_in" if event["reason"] == "last_in" else \
            "decimoarr.event.won_exhausted"
        lines.append(say(key, winner, round=event["round"]))
        if winner == seat and "diamonds" in event:
            lines.append(t("decimoarr.event.winner_card_you", lang,
                           diamonds=tn("decimoarr.count.diamonds", event["diamonds"], lang)))
        else:
            lines.append(t("decimoarr.event.winner_card", lang, player=names[winner]))
    for entry in event["perdu"]:
        lines.append(say("decimoarr.event.perdu_shown", entry["player"],
                         skulls=tn("decimoarr.count.skulls", entry["skulls"], lang)))
    lines.append(t("decimoarr.event.cards_back", lang))
    if event["next_starter"] is not None:
        lines.append(say("decimoarr.event.next_starter", event["next_starter"]))
    return lines
