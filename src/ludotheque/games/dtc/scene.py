"""DTC on the web page: the table from one seat's view as scene data (see ludotheque.web.scene).

The offer on the table (backs, or faces for whoever knows them) with its claim, the
accepted claims of the chain, each seat's hand size and penalty cards. When the reader
builds an offer, the scene carries a gesture: the page lets them pick cards from the hand
(and take one back), then announce a value, and sends the whole offer as its sequence of
atomic moves ("add" each card, then "as v"). The last challenge is revealed card by card.
Reads the view only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ludotheque.games.dtc.components import CODES, KIND_OF_CODE, NUM_VALUES
from ludotheque.games.dtc.rules import ACCEPT, CHALLENGE, CLAIM
from ludotheque.games.dtc.wording import card_name, cards_text, claim_text
from ludotheque.i18n import t, tn
from ludotheque.kit.narration import Narrator
from ludotheque.kit.scene import back, base, card, counter, result_block, seat_entry

_MAX_BACKS = 10


def _face(code: str, lang: str, action: int | None = None) -> dict[str, Any]:
    return card(code, card_name(code, lang), up=True, text="★" if code == "J" else code,
                kind="joker" if code == "J" else "value", action=action)


def _backs(count: int, lang: str) -> list[dict[str, Any]]:
    label = t("web.card.back", lang)  # once, not once a card: every frame draws dozens
    return [back(label) for _ in range(min(count, _MAX_BACKS))]


def scene(view: Mapping[str, Any], lang: str, names: Sequence[str],
          legal: Mapping[int, str]) -> dict[str, Any]:
    me = view["seat"]
    out = base(view, lang, names, "dtc.title")
    pile = t("dtc.table.pile", lang, size=view["pile"]) if view["pile"] else \
        t("dtc.table.pile_empty", lang)
    out["header"] = [t("dtc.table.chain", lang, number=view["chain_number"]), pile]

    for seat, hand in enumerate(view["hands"]):
        malus = view["malus"][seat]
        out["seats"].append(seat_entry(
            view, seat, names, cards=_backs(hand["size"], lang) if seat != me else [],
            counters=[counter("cards", t("dtc.table.hand", lang), hand["size"]),
                      counter("malus", t("dtc.table.malus", lang), malus["size"])],
            status=t("web.dtc.malus_cards", lang, cards=cards_text(malus["cards"], lang))
            if malus["cards"] else None))

    # the offer on the table, or the one being built
    pending = view["pending"]
    if pending is not None:
        claim = claim_text(pending["count"], pending["value"], lang)
        cards = ([_face(c, lang) for c in pending["cards"]] if "cards" in pending
                 else _backs(pending["count"], lang))
        out["zones"].append({
            "id": "offer", "layout": "row", "cards": cards,
            "label": t("web.dtc.offer", lang),
            "note": t("dtc.table.pending", lang, giver=names[pending["giver"]],
                      target=names[pending["target"]], claim=claim)})
    building = view["building"]
    if view["phase"] == "offer" and building is not None:
        if "cards" in building:
            cards = [_face(c, lang) for c in building["cards"]]
            note = t("dtc.table.building_you", lang, cards=cards_text(building["cards"], lang)) \
                if building["cards"] else None
        else:
            cards = _backs(building["size"], lang)
            note = tn("dtc.table.building", building["size"], lang,
                      player=names[building["player"]]) if building["size"] else None
        beat = view["to_beat"]
        rule = t("dtc.table.free", lang) if beat is None else t(
            "dtc.table.to_beat", lang, claim=claim_text(beat["count"], beat["value"], lang))
        out["zones"].append({"id": "building", "layout": "row", "cards": cards,
                             "label": t("web.dtc.building", lang),
                             "note": rule if note is None else f"{note} · {rule}"})
    if view["chain"]:
        out["info"].append(t("dtc.table.history", lang) + " " + "; ".join(
            t("dtc.table.history_entry", lang, giver=names[e["giver"]], target=names[e["target"]],
              claim=claim_text(e["count"], e["value"], lang))
            + (" " + t("dtc.table.pending_cards", lang, cards=cards_text(e["cards"], lang))
               if "cards" in e else "")
            for e in view["chain"]))

    used: list[int] = []
    if me is not None:
        hand_cards = []
        for code in view["hands"][me].get("cards", []):
            action = KIND_OF_CODE[code]
            hand_cards.append(_face(code, lang, action if action in legal else None))
            if action in legal:
                used.append(action)
        out["hand"] = {"label": t("web.hand", lang), "cards": hand_cards}

    claims = [{"id": CLAIM + v, "value": v, "label": legal[CLAIM + v]}
              for v in range(1, NUM_VALUES + 1) if CLAIM + v in legal]
    adds = {CODES[a]: a for a in range(len(CODES)) if a in legal}
    if me is not None and view["to_act"] == me and view["phase"] == "offer" and legal:
        beat = view["to_beat"]
        built = building["size"] if building else 0
        out["gesture"] = {
            "kind": "offer", "adds": adds, "built": built,
            "beat": None if beat is None else {"count": beat["count"], "value": beat["value"]},
            "claims": [{"id": CLAIM + v, "value": v,
                        "label": t("web.dtc.announce", lang, value=v)}
                       for v in range(1, view["options"]["values"] + 1)],
            "texts": {"pick": t("web.dtc.pick", lang), "picked": t("web.dtc.picked", lang),
                      "take_back": t("web.dtc.take_back", lang),
                      "take_back_hint": t("web.dtc.take_back_hint", lang),
                      "announce": t("web.dtc.announce_title", lang),
                      "too_weak": t("web.dtc.too_weak", lang)}}
        used.extend(c["id"] for c in claims)
        out["prompt"] = t("web.dtc.prompt_offer", lang)
    actions = []
    for action, key in ((ACCEPT, "web.dtc.accept"), (CHALLENGE, "web.dtc.challenge")):
        if action in legal:
            actions.append({"id": action, "label": t(key, lang)})
            used.append(action)
    actions.extend({"id": a, "label": label} for a, label in legal.items() if a not in used)
    out["actions"] = actions
    if pending is not None and view["to_act"] == me and me is not None and legal:
        out["prompt"] = t("web.dtc.prompt_decide", lang, giver=names[pending["giver"]],
                          claim=claim_text(pending["count"], pending["value"], lang))

    reveal = view["last_reveal"]
    if reveal is not None:
        claim = claim_text(reveal["count"], reveal["value"], lang)
        steps = [t("web.dtc.reveal_card", lang, n=i + 1, card=card_name(c, lang))
                 for i, c in enumerate(reveal["cards"])]
        steps.append(t("web.dtc.reveal_true" if reveal["true"] else "web.dtc.reveal_bluff", lang,
                       claim=claim))
        if reveal["taker"] == me:
            steps.append(tn("web.dtc.reveal_taker_you", len(reveal["cards"]), lang))
        else:
            steps.append(tn("web.dtc.reveal_taker", len(reveal["cards"]), lang,
                            player=names[reveal["taker"]]))
        out["reveal"] = {"key": f"dtc-{view['chain_number']}-{reveal['giver']}",
                         "title": Narrator(lang, names, me).say_to(
                             "web.dtc.reveal_title", reveal["target"], reveal["giver"], "giver",
                             claim=claim),
                         "steps": steps}
    out["result"] = result_block(view, lang, names, [
        t("web.dtc.final", lang, player=names[p], malus=view["malus"][p]["size"])
        for p in range(view["players"])])
    return out
