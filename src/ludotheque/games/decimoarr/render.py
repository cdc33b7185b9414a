"""How Décimoarr... looks in a terminal: the table as a grid, and events as sentences.

Everything here reads a view or an event as that seat may read it; nothing
reaches the state. A face-down card shows its position number (" p7 "), a
face-up card its colour's short label and its value ("R 0.25"; the labels are
distinct in each language, so the grid reads without colour output too); the
reference card (the one to connect to) is framed with > <. Seats are numbered
round the grid ("[2]") and listed under it with their home cards; on a ring,
home cards carry the seat number ("p3·1"). Names never sit beside the grid
rows, so a row is never split on an 80-column terminal. The reader's memory
of face-down cards ("p7 R0.25") is drawn, dimmed, only with the option
show_memory=true: remembering is the game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from ludotheque.games.decimoarr.actions import ACTIONS
from ludotheque.games.decimoarr.components import COLOUR_CODES, COLOUR_NAMES, value_label
from ludotheque.games.decimoarr.views import DecimoarrView
from ludotheque.games.decimoarr.wording import card_name, colour_short, position_name
from ludotheque.i18n import t, tn
from ludotheque.kit.narration import Narrator

_BACKGROUND = {"red": "white on red3", "blue": "white on blue3", "green": "black on green3",
               "yellow": "black on yellow3", "purple": "white on purple4",
               "orange": "black on dark_orange"}
_FOREGROUND = {"red": "red3", "blue": "blue3", "green": "green3", "yellow": "yellow3",
               "purple": "purple", "orange": "dark_orange"}
_FACE_DOWN = "white on grey23"
_CELL = 8


def _colour_name(code: str) -> str:
    return COLOUR_NAMES[COLOUR_CODES.index(code[0])]


def _short(code: str, lang: str, gap: str = " ") -> str:
    """"R2" -> "R 0.25"; "G2" -> "Ve 0,25" in French (the colour's short label, the value)."""
    return f"{colour_short(code, lang)}{gap}{value_label(int(code[1:]) - 1, lang)}"


def _cell(view: DecimoarrView, pos: int, lang: str, show_memory: bool) -> Text:
    code = view["table"][pos]
    label = position_name(pos)
    framed = pos == view["reference"]
    if code is not None:
        text = _short(code, lang)
        style = "bold " + _BACKGROUND[_colour_name(code)]
    else:
        remembered = view["memory"][pos] if show_memory else None
        if remembered is not None:  # the whole card as remembered: colour and value
            text = f"{label} {_short(remembered, lang, gap='')}"
            style = "dim italic " + _FOREGROUND[_colour_name(remembered)] + " on grey15"
        else:
            text, style = label, _FACE_DOWN
            if view["layout"]["kind"] == "ring":
                owner = _home_owner(view, pos)
                if owner is not None:
                    text += f"·{owner + 1}"
    if framed:
        text = f">{text}<"
    return Text(text, style=style)


def _home_owner(view: DecimoarrView, pos: int) -> int | None:
    for seat, home in enumerate(view["layout"]["homes"]):
        if pos in home:
            return seat
    return None


def _seat_tag(seat: int) -> str:
    return f"[{seat + 1}]"


def table(view: DecimoarrView, lang: str, names: Sequence[str]) -> Group:
    """The whole table as seat `view["seat"]` sees it."""
    me = view["seat"]
    layout = view["layout"]
    show_memory = bool(view["options"].get("show_memory")) and me is not None
    narrator = Narrator(lang, names, me)  # "Your turn", "Your home cards" for the reader
    parts: list[Any] = []
    header = [t("decimoarr.title", lang),
              t("decimoarr.table.round", lang, round=view["round"], rounds=view["rounds"])]
    if view["to_act"] is not None:
        header.append(narrator.say("decimoarr.table.turn", view["to_act"]))
        if view["reference_card"] is not None:
            header.append(t("decimoarr.table.reference", lang,
                            card=card_name(view["reference_card"], lang),
                            position=position_name(view["reference"])))
        elif view["reference"] is not None:  # E4 option last_flipped: a face-down reference
            header.append(t("decimoarr.table.reference_hidden", lang,
                            position=position_name(view["reference"])))
        elif view["options"]["first_flip_excludes_homes"]:
            header.append(t("decimoarr.table.free_first", lang))
        else:
            header.append(t("decimoarr.table.free_first_any", lang))
    parts.append(Text("  ·  ".join(header), style="bold"))

    cells = [_cell(view, pos, lang, show_memory) for pos in range(layout["positions"])]
    width = max([_CELL] + [len(cell.plain) for cell in cells])
    grid: list[list[Text | None]] = [[None] * layout["cols"] for _ in range(layout["rows"])]
    for pos, (row, col) in enumerate(layout["cells"]):
        grid[row][col] = cells[pos]
    blank = Text("")
    sides = layout["sides"]
    seat_of_side = {side: seat for seat, side in enumerate(sides)}

    def side_tag(side: str) -> Text:
        seat = seat_of_side.get(side)
        if seat is None:
            return Text("")
        return Text(_seat_tag(seat), style="bold reverse" if seat == view["to_act"] else "bold")

    # One space between columns, every column of fixed width and never wrapped: the grid
    # is as wide as the cells, with no names beside it (5 x 9 + 2 x 4 for a grid, 7 x 9 for
    # the ring of 5 players; 7 x 11 with remembered cards shown).
    board = Table(show_header=False, box=None, padding=(0, 1, 0, 0), pad_edge=False,
                  collapse_padding=True)
    if sides:
        board.add_column(justify="right", width=3, no_wrap=True)
    for _ in range(layout["cols"]):
        board.add_column(justify="center", width=width, no_wrap=True, overflow="ellipsis")
    if sides:
        board.add_column(justify="left", width=3, no_wrap=True)
    middle = layout["rows"] // 2
    for r, row in enumerate(grid):
        line = [cell if cell is not None else blank for cell in row]
        if sides:
            line = [side_tag("west") if r == middle else Text(""), *line,
                    side_tag("east") if r == middle else Text("")]
        board.add_row(*line)
    total = layout["cols"] * (width + 1) - 1 + (8 if sides else 0)

    def edge_line(side: str) -> Text | None:
        seat = seat_of_side.get(side)
        if seat is None:
            return None
        label = f"{_seat_tag(seat)} {names[seat]}"
        pad = max(0, (total - len(label)) // 2)
        line = Text(" " * pad)
        line.append(label, style="bold reverse" if seat == view["to_act"] else "bold")
        return line

    north, south = edge_line("north"), edge_line("south")
    if north is not None:
        parts.append(north)
    parts.append(board)
    if south is not None:
        parts.append(south)
    for seat, home in enumerate(layout["homes"]):  # who sits where, and his home cards
        marker = "▶ " if seat == view["to_act"] else "  "
        where = f" {t('decimoarr.table.side.' + sides[seat], lang)}" if sides else ""
        homes = narrator.say("decimoarr.table.homes", seat,
                             positions=" ".join(position_name(p) for p in home))
        parts.append(Text(f"{marker}{_seat_tag(seat)}{where} — {homes}", style="dim"))
    if not sides:
        parts.append(Text(t("decimoarr.table.ring_hint", lang), style="dim"))
    remembered = [pos for pos in range(layout["positions"])
                  if view["table"][pos] is None and view["memory"][pos] is not None]
    if show_memory and remembered:  # the legend's example is a card of the reader's memory
        pos = remembered[0]
        card = f"{position_name(pos)} {_short(view['memory'][pos], lang, gap='')}"
        parts.append(Text(t("decimoarr.table.memory_hint", lang, card=card), style="dim"))

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
            status = t("decimoarr.table.in_play" if entry["active"] else "decimoarr.table.out",
                       lang)
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
    if kind == "starter":  # E12: drawn, or seat 1 with first_player=first_seat
        key = "decimoarr.event.starter" if event.get("drawn", True) else \
            "decimoarr.event.starter_fixed"
        return [say(key, event["player"])]
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
        lines.append(Narrator(lang, names, seat).winners("decimoarr.event.game_over",
                                                         event["winners"]))
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


def move_number(action: int) -> int:
    """The number a person types to turn over a card: its position (p3 is 3), never its rank
    in the list of legal moves (which skips the positions already face up)."""
    return ACTIONS[action].arg + 1
