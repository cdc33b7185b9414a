"""How DTC looks in a terminal: the table from one seat's view, and events as sentences.

Everything here reads a view or an event as that seat may read it; nothing
reaches the state. Card tokens: `1`..`6` and `J` (joker); `##` a face-down
card whose value the reader does not know.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from ludotheque.games.dtc.views import DTCView
from ludotheque.games.dtc.wording import cards_text, claim_text
from ludotheque.i18n import t, tn
from ludotheque.kit.narration import Narrator

_FACE_UP = "bold black on white"
_FACE_DOWN = "bold white on grey11"


def _tokens(tokens: Sequence[str], style: str) -> Text:
    """Cards one space apart, each drawn in `style` ("1", "##"): a hand of ten fits the
    column of an 80-column table on one line, and a line breaks only between two cards."""
    text = Text()
    for index, token in enumerate(tokens):
        text.append(" " if index else "").append(token, style=style)
    return text


def _cards(codes: Sequence[str]) -> Text:
    return _tokens(codes, _FACE_UP)


def _backs(count: int) -> Text:
    text = _tokens(["##"] * min(count, 20), _FACE_DOWN)
    if count > 20:
        text.append(f" +{count - 20}")
    return text


def _grouped(codes: Sequence[str]) -> str:
    """Penalty cards by value, "1×3 2 5×9 J": thirty of them still fit beside their count."""
    counts = Counter(codes)
    return " ".join(code if n == 1 else f"{code}×{n}" for code, n in counts.items())


def table(view: DTCView, lang: str, names: Sequence[str]) -> Group:
    """The whole table as seat `view["seat"]` sees it."""
    me = view["seat"]
    who = Narrator(lang, names, me).who  # "Camille → you", not "Camille → You"
    parts: list[Any] = []
    if view["phase"] == "over":
        pile = t("dtc.table.over", lang)  # the winners and why: the last line under the table
    elif view["pile"]:
        pile = t("dtc.table.pile", lang, size=view["pile"])
    else:
        pile = t("dtc.table.pile_empty", lang)
    header = "  ·  ".join([t("dtc.title", lang),
                           t("dtc.table.chain", lang, number=view["chain_number"]), pile])
    parts.append(Text(header, style="bold"))

    reveal = view["last_reveal"]
    if reveal is not None:
        params = dict(claim=claim_text(reveal["count"], reveal["value"], lang),
                      cards=cards_text(reveal["cards"], lang))
        if reveal["taker"] == me:
            line = tn("dtc.table.last_reveal_you", reveal["count"], lang, **params)
        else:
            line = tn("dtc.table.last_reveal", reveal["count"], lang,
                      player=names[reveal["taker"]], **params)
        parts.append(Text(line, style="dim"))
    if view["chain"]:
        parts.append(Text(t("dtc.table.history", lang)))
        for entry in view["chain"]:
            line = Text("  " + t("dtc.table.history_entry", lang, giver=names[entry["giver"]],
                                 target=who(entry["target"]),
                                 claim=claim_text(entry["count"], entry["value"], lang)))
            if "cards" in entry:
                line.append("  " + t("dtc.table.pending_cards", lang,
                                     cards=cards_text(entry["cards"], lang)), style="dim")
            parts.append(line)
    beat = view["to_beat"]
    if view["phase"] == "offer":
        if beat is None:
            parts.append(Text(t("dtc.table.free", lang), style="yellow"))
        else:
            parts.append(Text(t("dtc.table.to_beat", lang,
                                claim=claim_text(beat["count"], beat["value"], lang)),
                              style="yellow"))
        building = view["building"]
        if "cards" in building:
            parts.append(Text(t("dtc.table.building_you", lang,
                                cards=cards_text(building["cards"], lang))))
        elif building["size"]:
            parts.append(Text(tn("dtc.table.building", building["size"], lang,
                                 player=names[building["player"]])))
    pending = view["pending"]
    if pending is not None:
        line = Text(t("dtc.table.pending", lang, giver=who(pending["giver"]),
                      target=who(pending["target"]),
                      claim=claim_text(pending["count"], pending["value"], lang)),
                    style="yellow")
        if "cards" in pending:
            line.append("  " + t("dtc.table.pending_cards", lang,
                                 cards=cards_text(pending["cards"], lang)), style="dim")
        parts.append(line)

    players = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    players.add_column("#")
    players.add_column(t("dtc.table.player", lang))
    players.add_column(t("dtc.table.hand", lang))
    # the penalty cards beside their count, in one column: a narrow table (80 columns, or
    # 60 printed line after line) keeps a hand of ten on one line
    players.add_column(t("dtc.table.malus", lang), justify="right")
    for seat, hand in enumerate(view["hands"]):
        cards = _cards(hand["cards"]) if "cards" in hand else _backs(hand["size"])
        marker = "▶ " if seat == view["to_act"] else "  "
        malus = view["malus"][seat]
        penalty = Text(str(malus["size"]))
        if malus["cards"]:
            penalty.append("  " + _grouped(malus["cards"]), style="dim")
        players.add_row(marker + str(seat + 1), names[seat], cards, penalty)
    parts.append(players)
    return Group(*parts)


def event_lines(event: Mapping[str, Any], lang: str, names: Sequence[str],
                seat: int | None) -> list[str]:
    """Sentences for one event as seat `seat` reads it."""
    kind = event["kind"]

    narrator = Narrator(lang, names, seat)
    say, say_n = narrator.say, narrator.say_n

    if kind == "deal":
        lines = [tn("dtc.event.deal", event["hand_size"], lang, pile=event["pile"])]
        if "hand" in event:
            lines.append(t("dtc.event.deal_hand", lang, cards=cards_text(event["hand"], lang)))
        return lines
    if kind == "chain":
        if event["reason"] == "skipped":
            skipped, player = event["skipped"], event["player"]
            if skipped == seat:
                return [t("dtc.event.chain_skipped_you", lang, player=names[player])]
            if player == seat:
                return [t("dtc.event.chain_skipped_to_you", lang, skipped=names[skipped])]
            return [t("dtc.event.chain_skipped", lang, skipped=names[skipped],
                      player=names[player])]
        key = "dtc.event.chain_first" if event["reason"] == "first" else "dtc.event.chain_took"
        return [say(key, event["player"])]
    # the offer being built is drawn on the table; its cards are shown on handing over
    if kind == "add":
        return []
    if kind == "offer":
        claim = claim_text(event["count"], event["value"], lang)
        giver, target = event["giver"], event["target"]
        if giver == seat:
            return [t("dtc.event.offer_you", lang, target=names[target], claim=claim,
                      cards=cards_text(event.get("cards", []), lang))]
        if target == seat:
            return [t("dtc.event.offer_to_you", lang, giver=names[giver], claim=claim)]
        return [t("dtc.event.offer", lang, giver=names[giver], target=names[target], claim=claim)]
    if kind == "refill":
        if event["player"] == seat and "cards" in event:
            lines = [t("dtc.event.refill_you", lang, cards=cards_text(event["cards"], lang),
                       pile=event["pile"])]
        else:
            lines = [tn("dtc.event.refill", event["count"], lang, player=names[event["player"]],
                        pile=event["pile"])]
        if not event["pile"]:
            lines.append(t("dtc.event.pile_empty", lang))
        return lines
    if kind == "accept":
        player = event["player"]
        if player == seat:
            return [t("dtc.event.accept_you", lang, cards=cards_text(event.get("cards", []), lang))]
        if event["giver"] == seat:
            return [t("dtc.event.accept_yours", lang, player=names[player])]
        return [t("dtc.event.accept", lang, player=names[player],
                  claim=claim_text(event["count"], event["value"], lang))]
    if kind == "challenge":
        claim = claim_text(event["count"], event["value"], lang)
        cards = cards_text(event["cards"], lang)
        player, giver = event["player"], event["giver"]
        lines = [narrator.say_to("dtc.event.challenge", player, giver, "giver", claim=claim,
                                 cards=cards)]
        if event["true"]:
            lines.append(t("dtc.event.true", lang))
        elif event["higher"]:
            lines.append(t("dtc.event.higher", lang))
        else:
            lines.append(t("dtc.event.false", lang))
        lines.append(say_n("dtc.event.take", event["taker"], event["count"]))
        return lines
    if kind == "game_over":
        # D4 (the draw pile was empty) or D6 (nobody holds a card); older logs: D4.
        ending = "dtc.event.end_no_cards" if event.get("reason") == "no_cards" \
            else "dtc.event.end_pile"
        lines = [t(ending, lang)]
        for player, (score, hand) in enumerate(zip(event["scores"], event["hands"])):
            lines.append(say_n("dtc.event.final", player, score, hand=cards_text(hand, lang)))
        lines.append(narrator.winners(
            "dtc.event.game_over", event["winners"], score=event["scores"][event["winners"][0]]))
        return lines
    return []
