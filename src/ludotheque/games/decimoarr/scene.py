"""Décimoarr on the web page: the grid from one seat's view as scene data (see
ludotheque.web.scene).

Every position of the layout is a card placed at its row and column: face up with its
colour (named in the text, never by colour alone) and value, or a back showing its
position ("p7"), clickable when turning it over is legal. The reference card is marked,
home cards carry their owner's number. The reader's memory of face-down cards is drawn
only with the option show_memory, as in the terminal: remembering is the game.
Reads the view only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ludotheque.games.decimoarr.components import COLOUR_CODES, COLOUR_NAMES
from ludotheque.games.decimoarr.render import _short, round_end_lines
from ludotheque.games.decimoarr.wording import card_name, position_name
from ludotheque.i18n import t, tn
from ludotheque.kit.narration import Narrator
from ludotheque.kit.scene import back, base, card, counter, result_block, seat_entry


def _colour(code: str) -> str:
    return COLOUR_NAMES[COLOUR_CODES.index(code[0])]


def scene(view: Mapping[str, Any], lang: str, names: Sequence[str],
          legal: Mapping[int, str]) -> dict[str, Any]:
    me = view["seat"]
    layout = view["layout"]
    out = base(view, lang, names, "decimoarr.title")
    out["header"] = [t("decimoarr.table.round", lang, round=view["round"], rounds=view["rounds"]),
                     t("decimoarr.table.piles", lang, perdu=view["perdu_pile"],
                       winners=view["winner_pile"])]
    if view["to_act"] is not None:
        if view["reference_card"] is not None:
            out["info"].append(t("decimoarr.table.reference", lang,
                                 card=card_name(view["reference_card"], lang),
                                 position=position_name(view["reference"])))
        elif view["reference"] is not None:
            out["info"].append(t("decimoarr.table.reference_hidden", lang,
                                 position=position_name(view["reference"])))
        elif view["options"]["first_flip_excludes_homes"]:
            out["info"].append(t("decimoarr.table.free_first", lang))
        else:
            out["info"].append(t("decimoarr.table.free_first_any", lang))

    owner = {pos: seat for seat, home in enumerate(layout["homes"]) for pos in home}
    show_memory = bool(view["options"].get("show_memory")) and me is not None
    cells = []
    for pos in range(layout["positions"]):
        code = view["table"][pos]
        where = list(layout["cells"][pos])
        extra: dict[str, Any] = {"pos": where, "ref": pos == view["reference"]}
        if pos in owner:
            extra["home"] = owner[pos] + 1
        if code is not None:
            cells.append(card(code, f"{position_name(pos)}: {card_name(code, lang)}", up=True,
                              text=_short(code, lang), kind="colour " + _colour(code), **extra))
            continue
        label = position_name(pos)
        if pos in owner:
            label += " · " + t("web.decimoarr.home_of", lang, player=names[owner[pos]])
        remembered = view["memory"][pos] if show_memory else None
        if remembered is not None:
            label += " · " + t("web.decimoarr.remembered", lang,
                               card=card_name(remembered, lang))
            extra["memory"] = _short(remembered, lang, gap="")
        action = pos if pos in legal else None
        cells.append(back(label, **extra) | {"text": position_name(pos), "action": action})
    out["zones"].append({"id": "board", "label": t("web.decimoarr.board", lang), "layout": "grid",
                         "rows": layout["rows"], "cols": layout["cols"], "cards": cells,
                         "note": None if layout["sides"] else t("decimoarr.table.ring_hint", lang)})

    narrator = Narrator(lang, names, me)
    for seat, entry in enumerate(view["seats"]):
        status = None
        if entry["active"] is not None:
            status = t("decimoarr.table.in_play" if entry["active"] else "decimoarr.table.out",
                       lang)
        if entry["perdu"]:
            status = (status + " · " if status else "") + t("decimoarr.table.perdu", lang) + (
                " " + tn("decimoarr.count.skulls", entry["skulls"], lang)
                if entry["skulls"] is not None else "")
        diamonds = (sum(entry["diamonds"]) if entry["diamonds"] is not None
                    else ("?" if entry["rounds_won"] else 0))
        item = seat_entry(view, seat, names, out=entry["active"] is False, status=status,
                          counters=[
                              counter("rounds", t("decimoarr.table.rounds_won", lang),
                                      entry["rounds_won"]),
                              counter("diamonds", t("decimoarr.table.diamonds", lang), diamonds)])
        item["home"] = narrator.say("decimoarr.table.homes", seat, positions=" ".join(
            position_name(p) for p in layout["homes"][seat]))
        if layout["sides"]:
            item["side"] = t("decimoarr.table.side." + layout["sides"][seat], lang)
        out["seats"].append(item)

    out["actions"] = [{"id": a, "label": label} for a, label in legal.items()
                      if not 0 <= a < layout["positions"]]
    if legal and me is not None and view["to_act"] == me:
        out["prompt"] = t("web.decimoarr.prompt", lang)
    last = view.get("last_round")
    if last:
        lines = round_end_lines(last, lang, names, me)
        out["reveal"] = {"key": f"dec-{last['round']}", "title": lines[0], "steps": lines[1:]}
    scores = view.get("scores")
    out["result"] = result_block(view, lang, names, [
        t("web.decimoarr.final", lang, player=names[p], diamonds=scores[p])
        for p in range(view["players"])] if scores else [])
    return out
