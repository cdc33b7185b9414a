"""Wazabi in the terminal and in words: table, event sentences, rules text, commands."""

from __future__ import annotations

import json
import re

import pytest
from rich.console import Console
from typer.testing import CliRunner

import ludotheque.games.wazabi  # noqa: F401  (registers the game)
from ludotheque.cli import app
from ludotheque.core import get_game
from ludotheque.games.wazabi import render
from ludotheque.games.wazabi.components import KIND_OF_CODE
from ludotheque.i18n import catalog
from test_wazabi_rules import DULL, Table  # tests/games is on sys.path

GAME = get_game("wazabi")
NAMES = ["Ada", "Blaise", "Camille"]
RUNNER = CliRunner(env={"COLUMNS": "200"})
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def plain(text: str) -> str:
    """French typography puts no-break spaces before : ; « » ! ?: read them as spaces."""
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def drawn(renderable) -> str:
    console = Console(width=200, record=True, color_system=None)
    console.print(renderable)
    return plain(console.export_text())


def lines(t: Table, seat, lang):
    return [plain(line) for e in t.events
            for line in render.event_lines(e.for_player(seat), lang, NAMES, seat)]


def test_every_text_exists_in_both_languages_with_the_same_fields():
    fields = re.compile(r"{(\w*)(?::\w*)?}")  # {name} or {name:to} (French: « au joueur 2 »)
    texts = {k: v for k, v in catalog().items() if k.startswith("wazabi.")}
    assert len(texts) > 100
    for key, by_lang in texts.items():
        assert sorted(fields.findall(by_lang["en"])) == sorted(fields.findall(by_lang["fr"])), key
    rulings = {key.rsplit(".", 1)[1] for key in texts if key.startswith("wazabi.ruling.")}
    assert sorted(r for r in rulings if r[1:].isdigit()) == sorted(f"W{i}" for i in range(1, 23))
    assert rulings - {f"W{i}" for i in range(1, 23)} == {"W6b", "W6c"}
    options = {key.rsplit(".", 1)[1] for key in texts if key.startswith("wazabi.option.")}
    assert options == {spec.name for spec in GAME.option_specs}


def test_table_shows_dice_hand_and_roll_in_words():
    t = Table([["keep1", "skip", "remove2"], DULL, DULL])
    t.roll("WDGW")
    fr = drawn(render.table(t.state.view(0), "fr", NAMES))
    assert "Votre lancer : W Carte Dé W -> 2 W" in fr
    assert "Plus qu'1 carte (coût 1)" in fr and "Dés encore à donner : 1" in fr
    en = drawn(render.table(t.state.view(1), "en", NAMES))
    assert "Roll of Ada: W Draw Give W -> 2 W" in en and "Your hand:" in en
    assert "Keeps 1 card" not in en  # seat 1 does not see seat 0's cards
    spectator = drawn(render.table(t.state.view(None), "en", NAMES))
    assert "Your hand" not in spectator


def test_event_sentences_use_the_second_person_for_the_reader():
    t = Table([["skip", "keep2", "keep2"], DULL, DULL])
    t.roll("GDDD")
    t.do("give p2", "play skip", "target p2")
    mine = lines(t, 0, "fr")
    assert "Vous donnez un dé à Blaise ; dés désormais : vous — 3, Blaise — 5." in mine
    assert "Vous posez « Le joueur de votre choix passe son tour »." in mine
    theirs = lines(t, 1, "fr")
    assert "Ada vous donne un dé ; dés désormais : Ada — 3, vous — 5." in theirs
    assert "Ada vous choisit." in theirs
    assert "Vous passez votre tour." in theirs
    other = lines(t, 2, "en")
    # Both new counts, named: "(3 left)" alone read as Blaise's dice (issue 17).
    assert "Ada gives a die to Blaise; dice now: Ada — 3, Blaise — 5." in other
    assert "Ada chooses Blaise." in other
    assert "Blaise skips this turn." in other
    assert any(line.startswith("Vous piochez : ") for line in mine)
    assert "Ada pioche 3 cartes." in lines(t, 2, "fr")


def test_a_blind_take_is_named_to_the_taker_and_the_victim_only():
    t = Table([["steal", "keep2", "keep2"], ["skip", "replay", "draw3"], DULL])
    t.roll("WWWW")
    t.do("play steal", "take p2")
    t.chance(0)  # seat 1's first card in kind order: draw3
    assert "Vous prenez « Piochez 3 cartes » à Blaise." in lines(t, 0, "fr")
    assert "Ada vous prend la carte « Piochez 3 cartes »." in lines(t, 1, "fr")
    assert "Ada takes a card blind from Blaise." in lines(t, 2, "en")


def test_rules_text_lists_components_options_and_rulings_in_both_languages():
    en = GAME.rules_text("en", GAME.validate(4, {"teams": True}))
    fr = GAME.rules_text("fr", GAME.validate(4, {"dice_per_player": 5}))
    assert "24 dice" in en and "**W22**" in en and "`teams=true`" in en and "Teams of two" in en
    assert "Chaque joueur reçoit **5 dés**" in fr and "Supprimez 2 de vos dés" in fr
    assert "**W1**" in fr and "Remarques" in fr


def invoke(args, input=None):
    result = RUNNER.invoke(app, [str(a) for a in args], input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return plain(ANSI.sub("", result.output))


@pytest.mark.parametrize(("lang", "deal", "start"), [
    ("en", "Game 1: 1 die and 3 cards each.", r"Camille \(heuristic\) rolls 1 die: \w+, so \d W\."),
    ("fr", "Partie 1 : 1 dé et 3 cartes chacun.",
     r"Camille \(heuristique\) lance 1 dé : \w+, soit \d W\."),
])
def test_one_die_each_is_counted_in_the_singular(lang, deal, start):
    """With dice_per_player=1 the deal read "1 dice" / "1 dés", and the start roll
    "Camille lance Dé : 1 W"."""
    out = invoke(["play", "wazabi", "--players", "3", "--seed", "1", "--watch", "--lang", lang,
                  "--option", "dice_per_player=1", "--delay", "0", "--pace", "0"])
    assert deal in out and re.search(start, out), out[:2000]


@pytest.mark.parametrize(("lang", "wanted"), [("fr", "Fin de la partie :"),
                                              ("en", "Game over:")])
def test_play_watch_replay_simulate_and_bench(tmp_path, lang, wanted):
    record = tmp_path / "game.json"
    out = invoke(["play", "wazabi", "--players", "3", "--seed", "7", "--lang", lang, "--save",
                  record],
                 input="1\n" * 400)
    assert wanted in out
    assert wanted in invoke(["replay", record, "--lang", lang])
    assert wanted in invoke(["play", "wazabi", "--players", "4", "--seed", "2", "--watch",
                             "--lang", lang])
    summary = json.loads(invoke(["simulate", "wazabi", "--players", "2", "--games", "20",
                                 "--bots", "heuristic,random", "--json"]))
    assert summary["games"] == 20 and sum(summary["wins_by_seat"]) == 20
    bench = json.loads(invoke(["bench", "wazabi", "--seconds", "0.2", "--json"]))
    assert bench["decisions"] > 0


# ----------------------------------------------------------- review fixes
@pytest.mark.parametrize(("lang", "word", "verbs"), [
    ("fr", "aide", ("donner", "jouer", "garder", "passer", "gauche", "droite")),
    ("en", "help", ("give", "play", "keep", "pass", "left", "right")),
    ("fr", "?", ("donner", "prendre", "cibler")),
])
def test_help_in_the_terminal_lists_the_notation_and_the_game_goes_on(lang, word, verbs):
    out = invoke(["play", "wazabi", "--players", "3", "--seed", "7", "--lang", lang],
                 input=word + "\n" + "1\n" * 400)
    assert "Traceback" not in out
    assert all(verb in out for verb in verbs), out[:2000]
    assert ("retire1" if lang == "fr" else "remove1") in out  # card codes in the reader's words
    assert ("Fin de la partie :" if lang == "fr" else "Game over:") in out


def test_notation_help_is_a_text_in_each_language_and_bad_input_says_it():
    from ludotheque.core import NotationError

    fr, en = GAME.notation_help("fr"), GAME.notation_help("en")
    assert "donner" in fr and "garder" in fr and "gauche" in fr and "garde2" in fr
    assert "give pN" in en and "keep CARD" in en and GAME.notation_help() == en
    with pytest.raises(NotationError) as error:
        GAME.parse_action(True)
    assert "donner" in error.value.message("fr") and "give" in error.value.message("en")
    with pytest.raises(NotationError) as error:
        GAME.parse_action("danser p2")
    assert "jouer" in error.value.message("fr")
    # the French verbs the help lists are the ones the parser reads
    assert GAME.action_to_text(GAME.parse_action("garder draw3")) == "keep draw3"
    assert GAME.action_to_text(GAME.parse_action("cibler j2")) == "target p2"


def test_keep_line_speaks_to_the_keeper_and_counts_cards_properly():
    t = Table([["keep2", "skip", "skip"], ["remove1", "steal", "draw3"], DULL])
    t.state.hands[1][KIND_OF_CODE["replay"]] += 1  # seat 1 holds 4 cards (from the box)
    t.state.pile.remove(KIND_OF_CODE["replay"])
    t.roll("WWWW")
    t.do("play keep2")
    assert t.state.current_player() == 1
    mine = drawn(render.table(t.state.view(1), "fr", NAMES))
    assert "Vous choisissez 2 cartes à conserver (0 choisie)." in mine
    theirs = drawn(render.table(t.state.view(0), "en", NAMES))
    assert "Blaise chooses 2 cards to keep (0 chosen)." in theirs
    t.do("keep draw3")
    assert "You choose 2 cards to keep (1 chosen)." in drawn(render.table(t.state.view(1), "en",
                                                                          NAMES))
    for text in (mine, theirs):
        assert "(s)" not in text and "choisit" not in text.split("Vous")[-1][:12]
    t.do("keep steal")
    assert "Vous conservez 2 cartes et vous défaussez de : Supprimez 1 de vos dés, " \
        "Rejouez et changez de sens." in lines(t, 1, "fr")


def test_roll_counts_and_columns_are_worded_properly():
    t = Table([["keep1", "skip", "remove2"], DULL, DULL], dice=[5, 4, 3])
    t.roll("WDDGG")
    fr = lines(t, 2, "fr")
    # as the rulebook says it ("il va donc piocher 2 cartes, donner son dé"), not
    # "Ada lance Dé : 0 W, 0 Carte, 1 Dé"
    assert "Ada lance 5 dés : W Carte Carte Dé Dé, soit 1 W, 2 cartes à piocher et 2 dés à " \
        "donner." in fr
    assert "You roll 5 dice: W Draw Draw Give Give, so 1 W, 2 cards to draw and 2 dice to " \
        "give." in lines(t, 0, "en")
    one = Table([["keep1", "skip", "remove2"], DULL, DULL], dice=[1, 4, 3])
    one.roll("G")
    assert "Vous lancez 1 dé : Dé, soit 0 W, 0 carte à piocher et 1 dé à donner." \
        in lines(one, 0, "fr")
    table = drawn(render.table(t.state.view(0), "fr", NAMES))
    assert "Tours à passer" in table and "Pioche : 25 cartes" in table
    assert "Draw pile: 25 cards  ·  Discard: 0 cards" in drawn(render.table(t.state.view(0), "en",
                                                                            NAMES))


def test_others_keep_two_card_reads_right_for_every_player():
    t = Table([["keep2", "skip", "skip"], DULL, DULL])
    t.roll("WWWW")
    t.do("play keep2")
    assert "Ada pose « Tous les autres joueurs n'ont plus que 2 cartes »." in lines(t, 1, "fr")
    assert "Ada plays \u201cAll other players keep only 2 cards\u201d." in lines(t, 2, "en")
    assert all("sauf vous" not in line for line in lines(t, 1, "fr"))


@pytest.mark.parametrize(("lang", "seat", "scores"), [
    ("fr", 1, "Partie 1 gagnée par le joueur 1 : 5 points. Scores : Joueur 1 — 5, vous — 0, "
              "Joueur 3 — 0."),
    ("en", None, "Game 1 won by Joueur 1: 5 points. Scores: Joueur 1 — 5, Joueur 2 — 0, "
                 "Joueur 3 — 0."),
])
def test_scores_keep_each_number_apart_from_a_name_ending_with_one(lang, seat, scores):
    """« Joueur 2 0 » read as one name and a number, or a name and two: the dash (as in
    the web's results, « Ada — diamants : 3 ») and « vous » for the reader."""
    t = Table([["remove1", "skip", "skip"], DULL, DULL], options={"tournament_games": 2},
              dice=[1, 3, 2])
    t.roll("W")
    t.do("play remove1")
    said = [plain(line) for e in t.events for line in render.event_lines(
        e.for_player(seat), lang, ["Joueur 1", "Joueur 2", "Joueur 3"], seat)]
    assert scores in said, said


@pytest.mark.parametrize(("lang", "won"), [("fr", "Partie 1 gagnée par Ada : 1 point."),
                                           ("en", "Game 1 won by Ada: 1 point.")])
def test_a_game_won_by_one_point_says_point_not_points_s(lang, won):
    """The tournament's "5 point(s)" left the reader to choose; each count now agrees."""
    t = Table([["remove1", "skip", "skip"], DULL], options={"tournament_games": 2}, dice=[1, 1])
    t.roll("W")
    t.do("play remove1")
    said = [plain(line) for e in t.events for line in render.event_lines(
        e.for_player(None), lang, NAMES[:2], None)]
    assert any(line.startswith(won) for line in said), said


@pytest.mark.parametrize(("lang", "tournament", "single"), [
    ("fr", "Fin du tournoi : Camille gagne avec le plus de points.", "Fin de la partie : "),
    ("en", "Tournament over: Camille wins with the most points.", "Game over: "),
])
def test_the_last_line_says_the_tournament_is_over(lang, tournament, single):
    t = Table([["remove1", "skip", "skip"], DULL, DULL], options={"tournament_games": 2},
              dice=[1, 3, 2])
    t.roll("W")
    t.do("play remove1")
    from test_wazabi_rules import deal_outcome

    t.chance(deal_outcome([DULL, DULL, ["remove1", "skip", "skip"]]))
    t.chance((3,) * 8 + (0,) * 4)
    t.set_dice([4, 4, 1])
    t.roll("W")
    t.do("play remove1")
    said = lines(t, None, lang)
    assert said[-1] == tournament and not any(line.startswith(single) for line in said)
    t = Table([["remove1", "skip", "skip"], DULL, DULL], dice=[1, 3, 2])
    t.roll("W")
    t.do("play remove1")
    assert lines(t, None, lang)[-1] == single + {
        "fr": "Ada n'a plus de dé et gagne.", "en": "Ada has no dice left and wins."}[lang]
    assert lines(t, 0, lang)[-1] == single + {  # Ada reads it
        "fr": "vous n'avez plus de dé et gagnez.", "en": "you have no dice left and win."}[lang]


def test_moves_about_a_seat_name_it_as_the_reader_reads_it():
    # Seat 1 (Blaise) reads; Camille (seat 3) is out of the game, so both neighbours are Ada.
    view = {"seat": 1, "players": 3, "active": [True, True, False]}
    describe = GAME.describe_action
    assert describe(GAME.text_to_action("give p1"), "en", view=view, names=NAMES) == \
        "give a die to Ada"
    assert describe(GAME.text_to_action("take p3"), "fr", view=view, names=NAMES) == \
        "prendre une carte à l'aveugle à Camille"
    assert describe(GAME.text_to_action("target p2"), "en", view=view, names=NAMES) == \
        "choose you"
    assert describe(GAME.text_to_action("left"), "en", view=view, names=NAMES) == \
        "everyone passes their dice to the left neighbour: yours go to Ada"
    view["active"] = [True, True, True]
    assert describe(GAME.text_to_action("right"), "fr", view=view, names=NAMES) == \
        "chacun donne ses dés à son voisin de droite\u00a0: les vôtres vont à Ada"
    assert describe(GAME.text_to_action("left"), "fr", view=view, names=NAMES).endswith(
        "les vôtres vont à Camille")
    # without a reader (a record, the conformance kit): the seat's number, as before
    assert describe(GAME.text_to_action("give p1"), "en") == "give a die to player 1"


def test_the_web_labels_name_the_seats_too():
    import random

    from ludotheque.core.match import Match
    from ludotheque.games.wazabi.rules import LEFT, RIGHT
    from ludotheque.web.frames import legal_entries
    from ludotheque.web.scene import build_scene

    view = {"seat": 0, "players": 3, "active": [True, True, True]}
    give = GAME.text_to_action("give p2")
    labels = {entry["id"]: entry["label"]
              for entry in legal_entries(GAME, [LEFT, give], "en", view, NAMES)}
    assert labels == {LEFT: "everyone passes their dice to the left neighbour: yours go to Blaise",
                      give: "give a die to Blaise"}
    # the page's buttons for passing the dice, in a real game where it comes up
    def reaching_left(seed):
        match, rng = Match(GAME, 3, seed=seed), random.Random(seed)
        while not match.is_over():
            if LEFT in match.legal_actions():
                return match
            match.apply(rng.choice(match.legal_actions()))
        return None

    match = next(m for m in map(reaching_left, range(50)) if m is not None)
    seat = match.current_player()
    scene = build_scene(GAME, match.view(seat), "fr", NAMES, match.legal_actions())
    buttons = {a["id"]: a["label"] for a in scene["actions"]}
    active = match.view(seat)["active"]
    left = next(s % 3 for s in range(seat + 1, seat + 4) if active[s % 3])
    right = next(s % 3 for s in range(seat - 1, seat - 4, -1) if active[s % 3])
    assert buttons[LEFT] == f"Dés à gauche\u00a0: les vôtres à {NAMES[left]}"
    assert buttons[RIGHT] == f"Dés à droite\u00a0: les vôtres à {NAMES[right]}"


@pytest.mark.parametrize(("lang", "tie"), [
    ("fr", "Égalité entre vous et Camille (heuristique) : nouveau lancer."),
    ("en", "Tie between you and Camille (heuristic): they roll again.")])
def test_a_tie_the_reader_is_in_names_them_as_inside_a_sentence(lang, tie):
    """« Égalité entre Vous et Camille », "Tie between You and Camille": the reader among
    several names is "vous"/"you", as in the winners' line."""
    out = plain(invoke(["play", "wazabi", "--players", "2", "--seed", "7", "--lang", lang,
                        "--plain"], input="quit\n"))
    assert tie in out, out[:2000]
