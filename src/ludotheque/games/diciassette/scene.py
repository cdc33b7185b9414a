"""17 on the web page: the table from one seat's view as scene data (see ludotheque.web.scene).

The queue left to right, each card face up, face down (a back), or a double-faced card
face down (a back that shows its number); the reader's own face-down card is marked
"yours". Each card of the reader's hand carries its two moves (face up / face down).
Reads the view only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ludotheque.games.diciassette.components import IS_DOUBLE, KIND_OF_CODE, VALUE
from ludotheque.games.diciassette.render import card_token, resolution_lines
from ludotheque.games.diciassette.rules import CALL, PASS
from ludotheque.games.diciassette.wording import card_name
from ludotheque.i18n import t, tn
from ludotheque.kit.narration import Narrator, first_name
from ludotheque.kit.scene import back, base, card, counter, rest_actions, result_block, seat_entry


def _kind(code: str) -> str:
    if code in ("rev", "trash", "x2", "trap"):
        return "special " + code
    return "double" if code.endswith("d") else "single"


def scene(view: Mapping[str, Any], lang: str, names: Sequence[str],
          legal: Mapping[int, str]) -> dict[str, Any]:
    me = view["seat"]
    out = base(view, lang, names, "diciassette.title")
    direction = "diciassette.table.direction_cw" if view["direction"] == 1 else \
        "diciassette.table.direction_ccw"
    out["header"] = [t("diciassette.table.round", lang, round=view["round"]), t(direction, lang)]

    # the queue
    cards, known, hidden = [], 0, 0
    for entry in view["queue"]:
        code, up, by = entry["card"], entry["face_up"], entry["by"]
        who = t("web.by", lang, player=t("web.you", lang) if by == me else first_name(names[by]))
        if code is None:
            cards.append(back(t("web.card.back", lang) + " " + who))
            hidden += 1
            continue
        own_hidden = not up and by == me and not IS_DOUBLE[KIND_OF_CODE[code]]
        label = card_name(code, lang)
        if up:
            label += " · " + t("web.card.face_up", lang)
        elif own_hidden:
            label += " · " + t("diciassette.table.yours_hidden", lang)
        else:
            label += " · " + t("web.card.face_down", lang)
        cards.append(card(code, f"{label} {who}", up=up, text=card_token(code, lang),
                          kind=_kind(code), mine=own_hidden))
        if own_hidden:
            hidden += 1
        else:
            known += VALUE[KIND_OF_CODE[code]]
    out["zones"].append({
        "id": "queue", "label": t("web.17.queue", lang), "layout": "row", "cards": cards,
        "note": tn("diciassette.table.known_sum", hidden, lang, sum=known) if cards
        else t("web.17.queue_empty", lang)})

    pile = view["pile"]
    pile_cards = []
    if pile["size"]:
        top = pile["top"]
        if top:
            pile_cards.append(card(top, t("web.17.pile_top", lang, card=card_name(top, lang)),
                                   up=False, text=card_token(top, lang), kind=_kind(top)))
        else:
            pile_cards.append(back(t("web.card.back", lang)))
        note = tn("diciassette.table.pile", pile["size"], lang, top=card_token(top, lang)) \
            if top else tn("diciassette.table.pile_plain", pile["size"], lang)
    else:
        note = t("diciassette.table.pile_empty", lang)
    note += " · " + tn("diciassette.table.discard", view["discard"]["size"], lang)
    out["zones"].append({"id": "pile", "label": t("web.17.pile", lang), "layout": "row",
                         "cards": pile_cards, "note": note})

    # the seats
    for seat, hand in enumerate(view["hands"]):
        seat_cards = []
        if seat != me:
            doubles = hand.get("doubles") or []
            for code in doubles:
                seat_cards.append(card(code, card_name(code, lang) + " · " +
                                       t("web.card.back_shows", lang), up=False,
                                       text=card_token(code, lang), kind=_kind(code)))
            for _ in range(hand["size"] - len(doubles)):
                seat_cards.append(back(t("web.card.back", lang)))
        out["seats"].append(seat_entry(view, seat, names, cards=seat_cards, counters=[
            counter("cards", t("diciassette.table.cards", lang), hand["size"]),
            counter("victory", t("diciassette.table.victory", lang), view["victory"][seat]),
            counter("penalty", t("diciassette.table.penalty", lang), view["penalty"][seat]),
        ]))

    # the reader's hand, each card with its two moves
    used: list[int] = []
    if me is not None:
        hand_cards = []
        for code in view["hands"][me].get("cards", []):
            kind = KIND_OF_CODE[code]
            choices = []
            for action, key in ((2 * kind, "web.card.play_up"),
                                (2 * kind + 1, "web.card.play_down")):
                if action in legal:
                    choices.append({"id": action, "label": legal[action], "short": t(key, lang)})
                    used.append(action)
            hand_cards.append(card(code, card_name(code, lang), up=True,
                                   text=card_token(code, lang), kind=_kind(code),
                                   choices=choices))
        out["hand"] = {"label": t("diciassette.table.hand", lang), "cards": hand_cards}

    order = {CALL: 0, PASS: 1}
    out["actions"] = sorted(rest_actions(legal, used), key=lambda a: order.get(a["id"], 2))
    if view["to_act"] == me and me is not None and legal:
        if view["phase"] == "call":
            out["prompt"] = t("diciassette.table.call_window", lang,
                              player=names[view["last_player"]]
                              if view.get("last_player") is not None else "")
        elif view["plays_required"] == 2:
            out["prompt"] = t("web.17.play_two", lang, done=view["plays_done"])
        else:
            out["prompt"] = t("web.17.play_one", lang)
    if view["plays_required"] == 2 and view["phase"] == "play":
        out["info"].append(Narrator(lang, names, view["seat"]).say(
            "diciassette.table.x2_pending", view["turn"]))
    if view["next_plays_required"] == 2:
        out["info"].append(t("diciassette.table.next_x2", lang))

    resolution = view.get("last_resolution")
    if resolution:
        lines = resolution_lines(resolution, lang, names, me)
        out["reveal"] = {"key": f"17-{resolution['round']}", "title": lines[0],
                         "steps": lines[1:]}
    out["result"] = result_block(view, lang, names, [
        t("web.17.final", lang, player=names[p], victory=view["victory"][p],
          penalty=view["penalty"][p]) for p in range(view["players"])])
    return out
