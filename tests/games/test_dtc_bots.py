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
from ludotheque.games.dtc.rules import ACCEPT, CHALLENGE, CLAIM, OFFER
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
    assert "Camille conteste votre « quatre 5 » : les cartes sont 5, 5, 5, 6." in fr1
    assert "Vous mettez 4 cartes dans votre pile malus." in fr1
    assert "Vous entamez un nouveau tour avec une offre libre." in fr1
    en2 = _lines(m, 2, "en")
    assert "You challenge \"four 5s\", offered by Blaise: the cards are 5, 5, 5, 6." in en2
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
    assert GAME.action_to_text(CLAIM + 4) == "as 4"
    assert GAME.observe_action(m.state, CLAIM + 4, 2) == CLAIM + 4  # the announcement is public


def _position(hands: list[str], pile: str):
    """A snapshot at the start of a chain by seat 0 (unnamed cards: last seat's penalty pile)."""
    from ludotheque.games.dtc.components import CODES, COMPOSITION

    rest = list(COMPOSITION)
    for card in "".join(hands) + pile:
        rest[KIND_OF_CODE[card]] -= 1
    piles = [[] for _ in hands]
    piles[-1] = [CODES[k] for k in range(len(CODES)) for _ in range(rest[k])]
    data = {
        "game": "dtc", "players": len(hands), "options": {}, "phase": "offer",
        "hands": [list(h) for h in hands], "pile": list(reversed(pile)), "malus": piles,
        "giver": 0, "building": [], "pending": [], "pending_value": 0, "pending_had": 0,
        "last_count": 0, "last_value": 0, "chain": [], "reveal": None, "chains": 1,
        "offers": 0, "decisions": 0, "winners": [],
    }
    return GAME.state_from_json(data)


def _table_text(view, lang: str) -> str:
    console = Console(record=True, width=160)
    console.print(render.table(view, lang, ["Ada", "Blaise", "Camille"]))
    return _plain(console.export_text())


def _event_text(events, seat, lang: str) -> list[str]:
    lines = []
    for event in events:
        lines += render.event_lines(event.for_player(seat), lang, ["Ada", "Blaise", "Camille"],
                                    seat)
    return [_plain(line) for line in lines]


def _play(state, text: str, events: list) -> None:
    for action in GAME.parse_input(text, state):
        state.apply_action(action, events)


def test_the_table_says_the_game_is_over_not_that_the_next_challenge_ends_it():
    state = _position(["1", "2"], "")
    events: list = []
    view = state.view(0)
    assert "next challenge ends the game" in _table_text(view, "en")  # true while playing
    assert "prochaine contestation termine la partie" in _table_text(view, "fr")
    _play(state, "offer 1 as 1", events)
    _play(state, "challenge", events)
    assert state.is_terminal()
    for seat in (0, 1, None):
        en, fr = _table_text(state.view(seat), "en"), _table_text(state.view(seat), "fr")
        assert "next challenge" not in en and "prochaine contestation" not in fr
        assert "·  Game over" in en and "·  Partie terminée" in fr


def test_the_last_challenge_line_agrees_with_the_number_of_cards():
    state = _position(["123456", "111222", "333444"], "345")
    events: list = []
    _play(state, "offer 1 as 5", events)  # "one 5" is a 1: Ada takes it back
    _play(state, "challenge", events)
    assert _table_text(state.view(0), "fr").count("« un 5 » était 1 ; vous l'avez prise.") == 1
    assert "\"one 5\" was 1; you took it." in _table_text(state.view(0), "en")
    assert "« un 5 » était 1 ; Ada l'a prise." in _table_text(state.view(1), "fr")
    assert "\"one 5\" was 1; Ada took it." in _table_text(state.view(None), "en")
    _play(state, "offer 2 3 as 2", events)  # two cards, false: Ada takes them
    _play(state, "challenge", events)
    assert "« deux 2 » était 2, 3 ; vous les avez prises." in _table_text(state.view(0), "fr")
    assert "\"two 2s\" was 2, 3; Ada took them." in _table_text(state.view(2), "en")


def test_the_end_of_the_game_is_explained_by_what_ended_it():
    state = _position(["1", "2"], "")  # D4: a challenge with the draw pile empty
    events: list = []
    _play(state, "offer 1 as 1", events)
    _play(state, "challenge", events)
    assert events[-1].public["reason"] == "pile"
    assert "The draw pile was empty: the game ends. Hands join the penalty piles." \
        in _event_text(events, 0, "en")
    assert "La pioche était vide : la partie se termine. Les mains rejoignent les piles malus." \
        in _event_text(events, 1, "fr")
    state = _position(["1", ""], "4")  # D6: nobody holds a card, the pile is not empty
    events = []
    state.pile = []  # the giver draws nothing...
    _play(state, "offer 1 as 2", events)
    state.pile = [KIND_OF_CODE["4"]]  # ...but the pile is not empty when the challenge is settled
    _play(state, "challenge", events)
    assert state.is_terminal() and events[-1].public["reason"] == "no_cards"
    en, fr = _event_text(events, None, "en"), _event_text(events, 0, "fr")
    assert not any("draw pile was empty" in line for line in en)
    assert not any("pioche était vide" in line for line in fr)
    assert "Nobody has a card left to start a new chain: the game ends." in en
    assert "Plus personne n'a de carte pour entamer un nouveau tour : la partie se termine." in fr


def test_large_claims_read_as_a_player_says_them():
    from ludotheque.games.dtc.wording import claim_text

    assert claim_text(1, 6, "en") == "one 6" and claim_text(4, 6, "en") == "four 6s"
    assert claim_text(13, 2, "en") == "thirteen 2s" and claim_text(13, 2, "fr") == "treize 2"
    assert claim_text(25, 6, "en") == "twenty-five 6s" and claim_text(25, 6, "fr") == "vingt-cinq 6"
    assert claim_text(21, 3, "fr") == "vingt et un 3" and claim_text(40, 1, "en") == "forty 1s"
    assert claim_text(66, 6, "en") == "sixty-six 6s" and claim_text(66, 6, "fr") == "soixante-six 6"
    for count in range(1, 67):
        for lang in ("en", "fr"):
            assert not any(ch.isdigit() for ch in claim_text(count, 4, lang).rsplit(" ", 1)[0])


def test_search_samples_lean_offers_to_truth_as_the_heuristic_believes():
    """Game.search_belief: a uniform deal makes almost every hidden offer false; the
    search's samples make it true as often as the heuristic believes, without changing
    anything the receiver sees (the kit checks conservation and invariants too)."""
    from ludotheque.games.dtc.rules import DECIDE, JOKER, lean_offer_to_truth
    from ludotheque.testing.conformance import random_states

    game = get_game("dtc")
    options = game.validate(3, {})
    checked = 0
    for state, _, _ in random_states(game, 3, options, seed=21, games=4):
        if state.phase != DECIDE:
            continue
        seat = state.current_player()
        view = state.view(seat)
        sample = game.sample(view, random.Random(checked))
        leaned = sample.clone()
        lean_offer_to_truth(leaned, seat, 1.0, random.Random(1))
        goods = (leaned.pvalue - 1, JOKER)
        hidden_goods = sum(sample.hands[sample.giver][k] + sample.pending[k] + sample.pile.count(k)
                           for k in goods)
        if hidden_goods >= sample.psize:  # enough cards of that value out of sight: made true
            assert all(leaned.pending[k] == 0 for k in range(len(leaned.pending)) if k not in goods)
        assert leaned.view(seat) == view and leaned.component_counts() == sample.component_counts()
        leaned.check_invariants()
        unchanged = sample.clone()
        lean_offer_to_truth(unchanged, seat, 0.0, random.Random(1))
        assert unchanged.to_json() == sample.to_json()
        checked += 1
    assert checked >= 5
    # And on average: the search's samples hold true offers far more often than uniform ones.
    trues = {"uniform": 0, "search": 0}
    for index, (state, _, _) in enumerate(random_states(game, 3, options, seed=5, games=3)):
        if state.phase != DECIDE:
            continue
        view = state.view(state.current_player())
        for name, belief in (("uniform", None), ("search", game.search_belief)):
            sample = game.sample(view, random.Random(index), belief=belief)
            goods = (sample.pvalue - 1, JOKER)
            trues[name] += all(sample.pending[k] == 0 for k in range(len(sample.pending))
                               if k not in goods)
    assert trues["search"] > trues["uniform"]


def _reference_plan(building, total, last, pool, n, higher, literal, top):
    """The offer planner as it was written first (one pass over every value and
    settlement for every call): the oracle the cached, precomputed planner must match."""
    from ludotheque.games.dtc.components import JOKER
    from ludotheque.games.dtc.heuristic import good_kinds
    kinds = range(7)
    pool_size, my_size, weight = sum(pool), sum(total), 1.0 / (n - 1)
    order = (*sorted(range(top), key=lambda k: (total[k], k)), JOKER)
    put_in, put_jokers = sum(building), building[JOKER]
    in_building = [k for k in kinds if building[k]]
    best = None
    for value in range(1, top + 1):
        need = 1 if not last[0] else (last[0] if value > last[1] else last[0] + 1)
        settlements = [good_kinds(value, False)]
        if higher:
            settlements = settlements + [(*range(value, top), JOKER)] if literal \
                else [good_kinds(value, True, top)]
        for goods in settlements:
            cards = tuple(total[k] if k in goods else 0 for k in kinds if k != JOKER)
            if all(k in goods for k in in_building):
                jokers = max(put_jokers, need - sum(cards))
                if jokers <= total[JOKER]:
                    count = sum(cards) + jokers
                    plaus = tail(pool_size, sum(pool[k] for k in goods), my_size, count)
                    q = min(0.9, max(0.1, 0.15 + 0.7 * (1 - plaus)))
                    score = q * count * weight - 0.4 * max(0, jokers - put_jokers) + 0.01 * value
                    best = max(best or (score, value, (*cards, jokers)),
                               (score, value, (*cards, jokers)))
        count = max(need, put_in)
        if count <= my_size:
            filled, missing = list(building), count - put_in
            for kind in order:
                take = min(max(missing, 0), total[kind] - filled[kind])
                filled[kind] += take
                missing -= take
            goods = settlements[0]
            plaus = tail(pool_size, sum(pool[k] for k in goods), my_size, count)
            q = min(0.9, max(0.1, 0.15 + 0.7 * (1 - plaus)))
            true = all(filled[k] == 0 or k in goods for k in kinds)
            score = (q * count * weight) if true else -q * count - 0.05 * filled[JOKER]
            plan = (score + 0.001 * value, value, tuple(filled))
            best = plan if best is None else max(best, plan)
    return None if best is None else (best[1], best[2])


def test_the_offer_planner_gives_the_plans_of_its_first_writing():
    from ludotheque.games.dtc import heuristic
    rng = random.Random(15)
    for _ in range(20000):
        top = rng.choice([2, 4, 6, 6])
        pool = [rng.randint(0, 8) for _ in range(top)] + [0] * (6 - top) + [rng.randint(0, 4)]
        total = [rng.randint(0, min(3, p)) for p in pool]
        building = [rng.randint(0, t) if rng.random() < 0.3 else 0 for t in total]
        count = rng.choice([0, 0, 1, 2, 3, 4])
        higher = rng.random() < 0.5
        args = (tuple(building), tuple(total), (count, rng.randint(1, top) if count else 0),
                tuple(pool), rng.randint(2, 6), higher, higher and rng.random() < 0.5, top)
        assert heuristic._plan_offer(*args) == _reference_plan(*args), args
