"""The scenes: JSON-able data for every seat and the spectator, all through whole games,
in both languages; they read the view only (hidden cards never appear), and every legal
move of the seat to act is reachable on a card, a seat or a button."""

from __future__ import annotations

import json
import random
import re

import pytest

from ludotheque.core.match import Match
from ludotheque.core.registry import all_games, get_game
from ludotheque.web.scene import build_scene
from web_servers import table_players

GAMES = [game.name for game in all_games()]

PLAYERS = {game.name: table_players(game) for game in all_games()}


def _reachable(scene: dict) -> set[int]:
    ids = {a["id"] for a in scene["actions"]}
    cards = [c for z in scene["zones"] for c in z["cards"]]
    cards += (scene["hand"] or {}).get("cards", [])
    for c in cards:
        if c.get("action") is not None:
            ids.add(c["action"])
        ids.update(ch["id"] for ch in c.get("choices", []))
    for s in scene["seats"]:
        ids.update(ch["id"] for ch in s.get("choices", []))
    gesture = scene.get("gesture")
    if gesture:
        ids.update(gesture["adds"].values())
        ids.update(c["id"] for c in gesture["claims"])
    return ids


def _texts(value):
    """Every string in a scene."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _texts(item)
    elif isinstance(value, list):
        for item in value:
            yield from _texts(item)


def _double_parenthesis(scene: dict) -> list[str]:
    """"Roll (Camille (easy))", "(by Camille (easy))": a bot's level next to a parenthesis."""
    return [text for text in _texts(scene)
            if re.search(r"\)\s*\(|\([^()]*\([^()]*\)[^()]*\)", text)]


def _labels(game, legal, lang):
    return [{"id": a, "text": game.action_to_text(a), "label": game.describe_action(a, lang)}
            for a in legal]


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_scene_through_a_whole_game(name: str, lang: str) -> None:
    game = get_game(name)
    match = Match(game, PLAYERS[name], seed=11)
    rng = random.Random(5)
    # the server's names: a bot's carries its level
    names = ["P0", *(f"P{i} (easy)" for i in range(1, PLAYERS[name]))]
    steps = 0
    reveals = 0
    while True:
        actor = None if match.is_over() else match.current_player()
        for seat in [None, *range(PLAYERS[name])]:
            legal = match.legal_actions() if seat == actor and actor is not None else []
            scene = build_scene(game, match.view(seat), lang, names, _labels(game, legal, lang))
            json.dumps(scene)
            assert _double_parenthesis(scene) == []
            assert scene["turn"] == match.view(seat)["to_act"]
            if seat is not None:
                assert [s["you"] for s in scene["seats"]].count(True) == 1
            if legal:
                missing = set(legal) - _reachable(scene)
                assert not missing, f"{name}: moves {missing} not on the page"
                assert scene["turn_text"]
            else:
                assert not _reachable(scene) or seat != actor
            reveals += scene["reveal"] is not None
        if match.is_over():
            assert scene["result"] is not None and scene["result"]["title"]
            break
        match.apply(rng.choice(match.legal_actions()))
        steps += 1
        assert steps < 5000
    assert bool(reveals) == game.reveals  # a game that reveals says so on the page


@pytest.mark.parametrize("name", GAMES)
def test_scene_reads_the_view_only(name: str) -> None:
    """Resample what a seat cannot see: its scene does not change (the kit's method)."""
    game = get_game(name)
    match = Match(game, PLAYERS[name], seed=3)
    rng = random.Random(2)
    names = [f"P{i}" for i in range(PLAYERS[name])]
    for _ in range(40):
        if match.is_over():
            break
        for seat in (None, 0, 1):
            scene = build_scene(game, match.view(seat), "fr", names, [])
            for k in range(3):
                other = match.state.game.sample(match.state.view(seat), random.Random(k))
                assert build_scene(game, other.view(seat), "fr", names, []) == scene
        match.apply(rng.choice(match.legal_actions()))


def test_dtc_gesture_is_offered_to_the_builder_only() -> None:
    game = get_game("dtc")
    match = Match(game, 3, seed=1)
    actor = match.current_player()
    legal = match.legal_actions()
    scene = build_scene(game, match.view(actor), "en", ["a", "b", "c"], _labels(game, legal, "en"))
    assert scene["gesture"]["kind"] == "offer"
    assert set(scene["gesture"]["adds"].values()) <= set(legal)
    other = (actor + 1) % 3
    assert build_scene(game, match.view(other), "en", ["a", "b", "c"], [])["gesture"] is None


def test_hidden_cards_are_backs() -> None:
    game = get_game("diciassette")
    match = Match(game, 3, seed=4)
    scene = build_scene(game, match.view(None), "en", ["a", "b", "c"], [])
    assert scene["hand"] is None
    for seat in scene["seats"]:
        for c in seat["cards"]:
            assert c["up"] is False


def _option_cases():
    for name in GAMES:
        game = get_game(name)
        for index, options in enumerate(game.conformance_option_sets()):
            yield pytest.param(name, options, id=f"{name}-{index}")


@pytest.mark.parametrize("name, options", list(_option_cases()))
def test_scene_under_every_option_set_of_the_kit(name: str, options: dict) -> None:
    """The conformance kit's option sets (teams, rings, tournaments, hidden backs...):
    a whole game at the most players they allow, every seat's scene JSON-able."""
    game = get_game(name)
    from ludotheque.core.errors import LudoError

    def allowed(players: int) -> bool:
        try:
            game.validate(players, options)
        except LudoError:
            return False
        return True

    players = next(n for n in range(game.max_players, game.min_players - 1, -1) if allowed(n))
    match = Match(game, players, options=options, seed=7)
    rng = random.Random(1)
    names = [f"P{i}" for i in range(players)]
    while True:
        actor = None if match.is_over() else match.current_player()
        for seat in [None, *range(players)]:
            legal = match.legal_actions() if seat == actor and actor is not None else []
            scene = build_scene(game, match.view(seat), "fr", names, _labels(game, legal, "fr"))
            json.dumps(scene)
            assert set(legal) <= _reachable(scene)
        if match.is_over():
            break
        match.apply(rng.choice(match.legal_actions()))


@pytest.mark.parametrize("lang, plain", [("en", "plain back on top"),
                                         ("fr", "dos uni sur le dessus")])
def test_17_draw_pile_with_a_plain_back_on_top_says_so(lang: str, plain: str) -> None:
    """The pile's note named the top card's back "back" ("dos du dessus : dos")."""
    game = get_game("diciassette")
    match = Match(game, 3, seed=6)
    rng = random.Random(6)
    notes = []
    while not match.is_over():
        scene = build_scene(game, match.view(0), lang, ["a", "b", "c"], [])
        notes += [z["note"] for z in scene["zones"] if z["id"] == "pile" and z.get("note")]
        match.apply(rng.choice(match.legal_actions()))
    assert any(plain in note for note in notes)
    assert not [n for n in notes if re.search(r"top back: back|dessus\W+dos\b", n)]


@pytest.mark.parametrize("lang, you, yours, third", [
    ("en", "You call the bluff on", "Denis calls the bluff on your", "Denis calls the bluff on"),
    ("fr", "Vous accusez Zoé de bluff", "Denis vous accuse de bluff", "Denis accuse Zoé de bluff")])
def test_dtc_reveal_speaks_to_the_reader_as_the_log_does(lang, you, yours, third) -> None:
    """The challenger's own page said « Denis accuse Zoé de bluff » while its log said
    « Vous contestez… »: the reveal's title is in the second person for the two seats
    in it, as the log (the terminal's narration) is."""
    from ludotheque.games.dtc.render import event_lines

    game = get_game("dtc")
    match = Match(game, 4, seed=11)
    rng = random.Random(5)
    while match.view(None)["last_reveal"] is None:
        start = len(match.actions)
        match.apply(rng.choice(match.legal_actions()))
    reveal = match.view(None)["last_reveal"]
    target, giver = reveal["target"], reveal["giver"]
    names = [f"P{i}" for i in range(4)]
    names[target], names[giver] = "Denis", "Zoé"
    other = next(s for s in range(4) if s not in (target, giver))

    def title(seat: int) -> str:
        return build_scene(game, match.view(seat), lang, names)["reveal"]["title"]

    def log(seat: int) -> str:
        return next(line for event in match.events_for(seat, start)
                    if event["kind"] == "challenge"
                    for line in event_lines(event, lang, names, seat))

    for seat, said in ((target, you), (giver, yours)):  # the page and its log, alike
        assert title(seat).startswith(said) and log(seat).startswith(said.split()[0])
        assert "Zoé" not in title(giver) + log(giver) and "Denis" not in title(target) + log(target)
    assert title(other).startswith(third) and "Denis" in log(other) and "Zoé" in log(other)


@pytest.mark.parametrize("lang, one, tie, nobody, won, shared", [
    ("en", "Hal (easy) wins.", "Ada and Hal (easy) share the win.", "Nobody wins.",
     "Hal (easy) won.", "Ada and Hal (easy) shared the win."),
    ("fr", "Hal (facile) gagne la partie.", "Ada et Hal (facile) se partagent la victoire.",
     "Personne ne gagne.", "Hal (facile) a gagné la partie.",
     "Ada et Hal (facile) se sont partagé la victoire.")], ids=["en", "fr"])
def test_the_result_names_one_winner_or_a_tie_in_a_sentence(lang, one, tie, nobody, won,
                                                            shared) -> None:
    """The result's title read "Winner: Ada and Hal" (no plural for a tie) and « Victoire :
    Hal (facile) » (a headline: is Hal a person?); the record's line "won together": a
    sentence now, singular for one winner, plural for a tie, for a reader who did not win
    (the title) and in the result every page and the replay get (its line)."""
    from ludotheque.i18n import t
    from ludotheque.kit.scene import result_block
    from ludotheque.web.frames import result_entry

    names = ["Ada", f"Hal ({t('web.server.level.easy', lang)})", "Cy"]
    over = {"phase": "over", "seat": 2}
    titles = [result_block({**over, "winners": winners}, lang, names)["title"]
              for winners in ([1], [0, 1], [])]
    assert titles == [one, tie, nobody]
    assert [result_entry(winners, [0, 0, 0], names, lang)["lines"]
            for winners in ([1], [0, 1])] == [[won], [shared]]


@pytest.mark.parametrize("lang, yours, theirs", [("en", "Your roll", "Roll ({})"),
                                                 ("fr", "Votre lancer", "Lancer ({})")])
def test_wazabi_roll_is_the_reader_s_own_or_names_whose(lang, yours, theirs) -> None:
    """The seat rolling read its dice as "Roll (You)" (« Lancer (Vous) »): "Your roll" now;
    the others and a spectator still see whose roll it is."""
    game = get_game("wazabi")
    match = Match(game, 3, seed=2)
    rng = random.Random(2)
    names = ["Ada", "Bob", "Cy"]
    rolls = 0
    while not match.is_over():
        turn = match.view(None)["turn"]
        labels = {seat: [z["label"] for z in build_scene(game, match.view(seat), lang, names)
                         ["zones"] if z["id"] == "roll"] for seat in (None, 0, 1, 2)}
        if labels[turn]:
            assert labels[turn] == [yours]
            assert [labels[s] for s in labels if s != turn] == [[theirs.format(names[turn])]] * 3
            rolls += 1
        match.apply(rng.choice(match.legal_actions()))
    assert rolls
