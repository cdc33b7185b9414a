"""DTC: the heuristic bot (reads views only, bluffs and challenges with sense, beats random)
and the terminal rendering (both languages, second person for the reader)."""

from __future__ import annotations

import copy
import random

from rich.console import Console

import ludotheque.games.dtc  # noqa: F401  (registers the game)
from ludotheque.bots import make_bot
from ludotheque.core import Match, ScriptedChance, get_game
from ludotheque.games.dtc import render
from ludotheque.games.dtc.components import DECK, KIND_OF_CODE
from ludotheque.games.dtc.heuristic import HeuristicBot, tail
from ludotheque.games.dtc.rules import ACCEPT, CHALLENGE, OFFER
from ludotheque.sim.simulate import simulate

GAME = get_game("dtc")


def table(*hands: str, pile_top: str = "", starter: int = 0, options=None) -> Match:
    rest = list(DECK)
    given = [card for hand in hands for card in hand] + list(pile_top)
    for card in given:
        rest.remove(KIND_OF_CODE[card])
    outcome = tuple(KIND_OF_CODE[c] for c in given) + tuple(rest)
    return Match(GAME, len(hands), options or {}, seed=1, chance=ScriptedChance([outcome, starter]))


def offer(m: Match, text: str) -> None:
    m.apply_sequence(GAME.parse_input("offer " + text, m.state))


def bot_offer(m: Match, bot: HeuristicBot) -> list[str]:
    """Let the bot build and hand over its whole offer; returns the steps as text."""
    seat = m.current_player()
    steps = []
    rng = random.Random(0)
    while m.current_player() == seat and m.state.phase == OFFER:
        action = bot.choose(m.view(seat), m.legal_actions(), rng)
        steps.append(GAME.action_to_text(action))
        m.apply(action)
    return steps


# ------------------------------------------------------------------ bot
def test_tail_is_a_hypergeometric_tail():
    assert tail(10, 10, 3, 3) == 1.0
    assert tail(10, 0, 3, 1) == 0.0
    assert abs(tail(4, 2, 2, 2) - 1 / 6) < 1e-12


def test_heuristic_makes_a_true_offer_when_it_can():
    m = table("444J12", "555666", "111222")
    steps = bot_offer(m, HeuristicBot())
    assert steps[-1].startswith("as ")
    value = steps[-1][3:]
    cards = [s[4:] for s in steps[:-1]]
    assert all(card in (value, "J") for card in cards)
    assert cards.count("4") == 3 and value == "4"  # every 4, no joker wasted


def test_heuristic_bluffs_with_few_cards_when_no_true_raise_exists():
    m = table("666J12", "123455", "111222")
    offer(m, "6 6 6 J as 6")  # "four 6s": seat 1 has no 6 and no joker
    m.apply("accept")
    steps = bot_offer(m, HeuristicBot())
    assert len(steps) - 1 == 5  # the fewest cards allowed: five
    offer_event = m.events[-2] if m.events[-1].kind == "refill" else m.events[-1]
    assert offer_event.kind == "offer" and offer_event.public["count"] == 5


def test_heuristic_challenges_an_implausible_offer_and_accepts_a_plausible_one():
    bot = HeuristicBot()
    rng = random.Random(0)
    m = table("3456J1", "111111", "222333")  # seat 1 holds six 1s: "four 1s" is unlikely
    offer(m, "3 4 5 6 as 1")
    assert bot.choose(m.view(1), m.legal_actions(), rng) == CHALLENGE
    m2 = table("2JJ345", "244556", "111333")
    offer(m2, "2 as 2")  # "one 2": very plausible, and seat 1 can raise with a true "two 2s"
    assert bot.choose(m2.view(1), m2.legal_actions(), rng) == ACCEPT


def test_heuristic_remembers_the_cards_it_handed_over():
    bot = HeuristicBot()
    m = table("44JJ12", "355666")
    offer(m, "4 4 J J as 4")  # seat 0 gives four 4s (true)
    m.apply("accept")
    offer(m, "4 4 J J 3 as 4")  # seat 1 passes them back with a 3: "five 4s", false
    view = m.view(0)
    assert view["chain"][-1]["cards"] == ["4", "4", "J", "J"]
    assert bot.choose(view, m.legal_actions(), random.Random(0)) == CHALLENGE


def test_heuristic_reads_only_its_view_and_plays_legal_moves():
    class Spy(HeuristicBot):
        def choose(self, view, legal, rng):
            frozen = copy.deepcopy(view)
            action = super().choose(view, legal, rng)
            assert view == frozen, "the bot changed its view"
            assert action in legal
            return action

    for players in (2, 5):
        m = Match(GAME, players, seed=players)
        bots = [Spy() for _ in range(players)]
        rng = random.Random(1)
        while not m.is_over():
            seat = m.current_player()
            m.apply(bots[seat].choose(m.view(seat), m.legal_actions(), rng))


def test_heuristic_beats_random():
    summary = simulate(GAME, 2, 60, seed=3, bots=["heuristic", "random"])
    assert summary["win_rate_by_bot"]["heuristic"] > 0.8
    summary = simulate(GAME, 4, 40, seed=4, bots=["heuristic", "random", "random", "random"],
                       options={"variant_higher": True})
    assert summary["win_rate_by_bot"]["heuristic"] > 0.6


def test_the_game_offers_its_heuristic_bot():
    assert isinstance(make_bot("heuristic", GAME), HeuristicBot)


# --------------------------------------------------------------- render
def _lines(m: Match, seat, lang: str) -> list[str]:
    names = ["Ada", "Blaise", "Camille"]
    lines = []
    for event in m.events_for(seat):
        lines += render.event_lines(event, lang, names, seat)
    return [_plain(line) for line in lines]


def _plain(text: str) -> str:
    """French typography uses narrow and non-breaking spaces: compare with plain ones."""
    return text.replace("\u202f", " ").replace("\xa0", " ")


def _scripted_game() -> Match:
    m = table("44J123", "555666", "111222", pile_top="66J")
    offer(m, "4 4 J as 4")
    m.apply("accept")
    offer(m, "5 5 5 6 as 5")
    m.apply("challenge")
    return m


def test_events_read_in_the_second_person_for_the_reader():
    m = _scripted_game()
    fr = _lines(m, 0, "fr")
    assert "Vous donnez à Blaise : « trois 4 » (en vrai : 4, 4, joker)." in fr
    assert "Vous piochez 6, 6, joker ; il en reste 45 dans la pioche." in fr
    assert "Blaise accepte votre offre." in fr
    fr1 = _lines(m, 1, "fr")
    assert "Ada vous donne : « trois 4 »." in fr1
    assert "Vous acceptez et prenez 4, 4, joker." in fr1
    assert "Camille relève le défi sur votre « quatre 5 » : les cartes sont 5, 5, 5, 6." in fr1
    assert "Vous mettez 4 cartes dans votre pile malus." in fr1
    assert "Vous entamez un nouveau tour avec une offre libre." in fr1
    en2 = _lines(m, 2, "en")
    assert "You challenge Blaise's \"four 5s\": the cards are 5, 5, 5, 6." in en2
    assert "The offer was false." in en2
    assert "Blaise puts 4 cards into their penalty pile. DTC!" in en2


def test_spectators_never_read_hidden_cards():
    m = _scripted_game()
    text = "\n".join(_lines(m, None, "en"))
    assert "really" not in text and "You " not in text
    assert "Ada gives Blaise \"three 4s\"." in text


def test_table_draws_for_every_seat_in_both_languages():
    m = _scripted_game()
    console = Console(record=True, width=120)
    for lang in ("en", "fr"):
        for seat in (0, 1, 2, None):
            console.print(render.table(m.view(seat), lang, ["Ada", "Blaise", "Camille"]))
    out = _plain(console.export_text())
    assert "Penalty" in out and "Malus" in out and "Last challenge" in out
    m.apply("add 1")
    console = Console(record=True, width=120)
    console.print(render.table(m.view(1), "fr", ["Ada", "Blaise", "Camille"]))
    text = _plain(console.export_text())
    assert "Votre offre en préparation : 1" in text
    assert "vous les avez prises" in text


def test_whole_bot_game_renders_to_the_end():
    m = Match(GAME, 3, seed=9)
    bots = [HeuristicBot() for _ in range(3)]
    rng = random.Random(9)
    while not m.is_over():
        seat = m.current_player()
        m.apply(bots[seat].choose(m.view(seat), m.legal_actions(), rng))
    for lang in ("en", "fr"):
        lines = _lines(m, 0, lang)
        assert lines[-1].startswith(("Game over", "Fin de la partie"))
    assert any(e.kind == "game_over" for e in m.events)


def test_other_seats_observe_an_added_card_without_its_kind():
    m = table("44J123", "555666", "111222")
    state = m.state
    assert GAME.observe_action(state, KIND_OF_CODE["4"], 0) == KIND_OF_CODE["4"]  # the giver
    hidden = {GAME.observe_action(state, a, 1) for a in state.legal_actions()}
    assert len(hidden) == 1 and hidden.pop() >= GAME.num_actions  # one shared key for seat 1
    m.apply("add 4")
    assert GAME.observe_action(m.state, 7 + 4, 2) == 7 + 4  # the announcement is public
