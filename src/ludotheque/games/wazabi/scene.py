"""Wazabi on the web page: the table from one seat's view as scene data (see ludotheque.web.scene).

Seats with their dice (a count and pips), cards and turns to skip; the last roll as dice;
the reader's hand as cards to play (or to keep, when a "keeps only" card is resolved);
giving a die, naming a target or taking a card are buttons that name the player, and the
seats themselves are clickable for them. Reads the view only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ludotheque.games.wazabi.components import COST, FACE, KIND_OF_CODE, SYMBOLS
from ludotheque.games.wazabi.render import _direction
from ludotheque.games.wazabi.rules import (
    GIVE_BASE,
    KEEP_BASE,
    LEFT,
    MAX_SEATS,
    PASS,
    PLAY_BASE,
    RIGHT,
    TAKE_BASE,
    TARGET_BASE,
)
from ludotheque.games.wazabi.wording import (
    card_name,
    count_text,
    face_name,
    neighbour,
    short_name,
)
from ludotheque.i18n import Names, t, tn
from ludotheque.kit.narration import Narrator, first_name
from ludotheque.kit.scene import base, card, counter, result_block, seat_entry

_SEAT_MOVES = ((GIVE_BASE, "web.wazabi.give"), (TARGET_BASE, "web.wazabi.target"),
               (TAKE_BASE, "web.wazabi.take"))


def _seat_move(action: int) -> tuple[int, str] | None:
    for first, key in _SEAT_MOVES:
        if first <= action < first + MAX_SEATS:
            return action - first, key
    return None


def scene(view: Mapping[str, Any], lang: str, names: Sequence[str],
          legal: Mapping[int, str]) -> dict[str, Any]:
    me = view["seat"]
    n = view["players"]
    out = base(view, lang, names, "wazabi.title")
    out["header"] = [t("wazabi.table.direction", lang,
                       direction=_direction(view["direction"], lang))]
    if view["games"] > 1:
        out["header"].append(t("wazabi.table.game", lang, game=view["game_no"],
                               games=view["games"]))
    out["header"].append(t("wazabi.table.pile", lang, pile=count_text("cards", view["pile"], lang),
                           discard=count_text("cards", len(view["discard"]), lang)))

    seat_actions: dict[int, list[dict[str, Any]]] = {}
    used: list[int] = []
    for action in legal:
        found = _seat_move(action)
        if found is not None:
            seat, key = found
            label = t(key, lang, player=names[seat])
            seat_actions.setdefault(seat, []).append({"id": action, "label": label})

    teams = view["teams"]
    for seat in range(n):
        counters = [counter("dice", t("wazabi.table.dice", lang), view["dice"][seat]),
                    counter("cards", t("wazabi.table.cards", lang), view["hands"][seat]["size"])]
        if view["skips"][seat]:
            counters.append(counter("skips", t("wazabi.table.skips", lang), view["skips"][seat]))
        if teams:
            counters.append(counter("team", t("wazabi.table.team", lang),
                                    next(i + 1 for i, pair in enumerate(teams) if seat in pair)))
        if view["games"] > 1:
            counters.append(counter("score", t("wazabi.table.score", lang), view["scores"][seat]))
        status = None
        active = view["active"][seat]
        if not active and seat in view["finished"]:
            status = t("wazabi.table.out", lang, place=view["finished"].index(seat) + 1)
        entry = seat_entry(view, seat, names, counters=counters, out=not active, status=status,
                           cards=[card(None, face_name("w", lang), up=True, text="●", kind="pip")
                                  for _ in range(min(view["dice"][seat], 12))])
        if seat in seat_actions:
            entry["choices"] = seat_actions[seat]
        out["seats"].append(entry)

    roll = view["roll"]
    if roll["faces"] and view["phase"] not in ("deal", "start"):
        dice = [card(SYMBOLS[FACE[f]], face_name(SYMBOLS[FACE[f]], lang), up=True,
                     text=face_name(SYMBOLS[FACE[f]], lang), kind="die " + SYMBOLS[FACE[f]])
                for f in roll["faces"]]
        label = t("web.wazabi.roll_you", lang) if view["turn"] == me else \
            t("web.wazabi.roll", lang, player=first_name(names[view["turn"]]))
        out["zones"].append({"id": "roll", "label": label,
                             "layout": "row", "cards": dice,
                             "note": t("web.wazabi.roll_note", lang, w=roll["w"])})
    middle = []
    if view["card"] is not None:
        middle.append(card(view["card"], card_name(view["card"], lang), up=True,
                           text=short_name(view["card"], lang), kind="wcard"))
    elif view["discard"]:
        top = view["discard"][-1]
        middle.append(card(top, card_name(top, lang), up=True, text=short_name(top, lang),
                           kind="wcard"))
    if middle:
        label = "wazabi.table.card" if view["card"] is not None else "wazabi.table.discard_top"
        zone_label = "web.wazabi.discard" if view["card"] is not None else "web.wazabi.discard_top"
        out["zones"].append({"id": "discard", "label": t(zone_label, lang),
                             "layout": "row", "cards": middle,
                             "note": t(label, lang, card=card_name(middle[0]["face"], lang))})

    if me is not None:
        hand_cards = []
        for code in view["hands"][me].get("cards", []):
            kind = KIND_OF_CODE[code]
            action = None
            for candidate in (PLAY_BASE + kind, KEEP_BASE + kind):
                if candidate in legal:
                    action = candidate
            if action is not None:
                used.append(action)
            label = f"{card_name(code, lang)} ({t('wazabi.table.cost', lang, cost=COST[kind])})"
            hand_cards.append(card(code, label, up=True, kind="wcard", action=action,
                                   text=short_name(code, lang),
                                   cost=t("wazabi.table.cost", lang, cost=COST[kind])))
        out["hand"] = {"label": t("web.hand", lang), "cards": hand_cards}

    actions = []
    for _seat, moves in sorted(seat_actions.items()):
        for move in moves:
            actions.append(move)
            used.append(move["id"])
    for action in (LEFT, RIGHT):  # whose dice the reader's go to
        if action in legal:
            to = neighbour(view["active"], me, 1 if action == LEFT else -1)
            key = "web.wazabi.left_to" if action == LEFT else "web.wazabi.right_to"
            actions.append({"id": action, "label": t(key, lang, name=names[to])})
            used.append(action)
    if PASS in legal:
        actions.append({"id": PASS, "label": t("web.wazabi.pass", lang)})
        used.append(PASS)
    actions.extend({"id": a, "label": label} for a, label in legal.items() if a not in used)
    out["actions"] = actions

    if view["phase"] == "give" and view["card"] is None:
        out["info"].append(t("wazabi.table.gives_left", lang, count=view["gives_left"]))
    keeping = view["keeping"]
    if keeping is not None:
        chosen = tn("wazabi.table.chosen", keeping["chosen"], lang)
        out["info"].append(Narrator(lang, names, me).say_n(
            "wazabi.table.keeping", keeping["player"], keeping["count"], chosen=chosen))
        if keeping.get("cards"):
            out["info"].append(t("wazabi.table.kept", lang, cards=", ".join(
                short_name(c, lang) for c in keeping["cards"])))
    if view["removed"]:
        out["info"].append(t("wazabi.table.removed", lang, count=view["removed"]))
    if legal and me is not None and view["to_act"] == me:
        phase = view["phase"]
        key = {"play": "web.wazabi.prompt_play", "give": "web.wazabi.prompt_give",
               "target": "web.wazabi.prompt_target", "take": "web.wazabi.prompt_take",
               "keep": "web.wazabi.prompt_keep",
               "direction": "web.wazabi.prompt_direction"}.get(phase)
        if key:
            out["prompt"] = t(key, lang, w=roll["w"])
    lines = []
    for index, result in enumerate(view.get("results") or []):
        lines.append(t("web.wazabi.result", lang, game=index + 1,
                       players=Names((names[p] for p in result["winners"]), lang),
                       points=result["points"]))
    out["result"] = result_block(view, lang, names, lines)
    return out
