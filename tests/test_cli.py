"""The command line (`ludotheque` / `ludo`) and the terminal play loop.

Everything goes through `typer.testing.CliRunner` on the typer app, except one
test that runs the installed console script with piped (non-tty) stdin.
Messages are checked on a key part, in French and in English.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ludotheque.cli import app, replay_names
from ludotheque.core.match import Match
from ludotheque.core.record import Record
from ludotheque.core.registry import get_game
from ludotheque.games.diciassette.components import CODES, IS_DOUBLE, VALUE

# A wide console so that rich does not wrap the table rows and the seat lines.
RUNNER = CliRunner(env={"COLUMNS": "200"})
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")

BOT_NAME = r"(?:Bruno|Camille|Denis|Fanny|Gaspard|Léa) \(\w+\)"
ROW = re.compile(
    r"^(?:▶ |  )(?P<seat>\d)\s+(?P<name>Vous|You|" + BOT_NAME + r")\s+(?P<cards>.*?)"
    r"\s+(?P<victory>\d+)\s+(?P<penalty>\d+)\s*$"
)
DOUBLE_TOKENS = {f"{v}*" for v in range(1, 6)}
SPECIAL_TOKENS = {
    "fr": {"rev": "SENS", "trash": "POUB", "x2": "x2", "trap": "PIÈGE"},
    "en": {"rev": "REV", "trash": "TRASH", "x2": "x2", "trap": "TRAP"},
}
PLAY_FR = ["play", "diciassette", "--players", "4", "--seed", "7", "--lang", "fr"]
PLAY_EN = ["play", "diciassette", "--players", "4", "--seed", "7", "--lang", "en"]
ONES = "1\n" * 400
TWOS = "2\n" * 400


def invoke(args, input=None):
    result = RUNNER.invoke(app, [str(a) for a in args], input=input)
    # French typography puts no-break spaces before « : ; ! ? » (so lines never wrap
    # there); the tests check the wording, so they read them as plain spaces.
    result.text = ANSI.sub("", result.output).replace("\u00a0", " ").replace("\u202f", " ")
    result.flat = " ".join(result.text.split())  # immune to line wrapping
    return result


def ok(result):
    """The command ran to its end without an uncaught exception."""
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        f"{result.exception!r}\n{result.text}"
    )
    return result


def usage_error(result):
    """Exit status 2, a clean message, no traceback."""
    assert result.exit_code == 2, f"exit {result.exit_code}: {result.exception!r}\n{result.text}"
    assert isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.text
    assert result.flat, "an error must print a message"
    return result


# ---------------------------------------------------------------------- games
def test_games_lists_diciassette_with_player_counts_and_options():
    result = ok(invoke(["games", "--lang", "en"]))
    assert result.exit_code == 0
    assert "17 / Diciassette (diciassette): 2-6 players" in result.flat
    line = result.flat.split("17 / Diciassette (diciassette)")[1].split("option")[0]
    for bot in ("easy", "medium", "heuristic", "random"):
        assert bot in line
    for name in ("singles", "doubles", "reverse", "trash", "x2", "trap", "hand_backs_public",
                 "call_between_x2_cards", "direction_persists", "trap_penalty_cap_one"):
        assert name in result.text
    assert "default" in result.text and "allowed" in result.text


def test_games_in_french():
    result = ok(invoke(["games", "--lang", "fr"]))
    assert result.exit_code == 0
    assert "(diciassette) : 2 à 6 joueurs" in result.flat
    assert "défaut" in result.text
    assert "2-6 players" not in result.flat


def test_games_json_is_parseable():
    result = ok(invoke(["games", "--json", "--lang", "en"]))
    assert result.exit_code == 0
    listing = json.loads(result.stdout)
    entry = next(g for g in listing if g["name"] == "diciassette")
    assert (entry["min_players"], entry["max_players"]) == (2, 6)
    assert {"heuristic", "random"} <= set(entry["bots"])
    options = {o["name"]: o for o in entry["options"]}
    assert options["trap"]["default"] == 5
    assert options["singles"]["default"] == [3, 3, 3, 3, 3]
    assert options["hand_backs_public"]["default"] is True
    assert all(o["help"] and o["allowed"] for o in entry["options"])
    assert "17" in entry["aliases"]


NARROW = CliRunner(env={"COLUMNS": "80"})  # a common terminal's width


def _at_80_columns(args):
    """The command's output at 80 columns: no line wider, nothing cut ("…")."""
    result = ok(NARROW.invoke(app, [str(a) for a in args]))
    assert result.exit_code == 0, result.output
    text = ANSI.sub("", result.output)
    assert "…" not in text, text
    assert max(len(line.rstrip()) for line in text.splitlines()) <= 80, text
    return text


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_games_at_80_columns_cuts_and_splits_no_option_name_or_value(lang):
    # Before: French and English values were split across lines ("last_flipper_win" / "s")
    # and what an option does squeezed into a column a word wide.
    text = _at_80_columns(["games", "--lang", lang])
    words = set(text.split())
    flat = " ".join(text.split())
    for game in json.loads(ok(invoke(["games", "--json", "--lang", lang])).stdout):
        for option in game["options"]:
            default = option["default"]
            shown = ",".join(map(str, default)) if isinstance(default, list) else str(default)
            assert option["name"] in words and shown.lower() in words, option
            for value in option["allowed"].split("|"):
                assert " " in value.strip() or value.strip() in words, (option["name"], value)
            assert " ".join(option["help"].split()) in flat, option["help"]


@pytest.mark.parametrize("lang, headers", [
    ("fr", ["taux de victoire", "IC à 95 %", "rang moyen", "cote (openskill)", "ms par coup",
            "ms (95e centile)", "ms (max.)"]),
    ("en", ["win rate", "95 % CI", "mean rank", "rating (openskill)", "ms per move", "p95 ms",
            "max ms"]),
])
def test_arena_tables_at_80_columns_cut_no_header_name_or_number(lang, headers):
    # Before: "(openski…", "classeme…", "[21,5–78,…" in French; "[21.5–78.5" / "%]" in English.
    args = ["arena", "dtc", "--bots", "heuristic,medium,medium,random", "--players", "4",
            "--games", "4", "--jobs", "1", "--lang", lang]
    text = _at_80_columns(args)
    words = set(text.split())
    for header in headers:
        assert set(header.split()) <= words, header
    from ludotheque.i18n import number, percent

    summary = json.loads(ok(invoke([*args, "--json"])).stdout)
    for row in summary["bots"]:
        interval = f"{number(100 * row['ci_low'], lang, 1)}–{percent(row['ci_high'], lang)}"
        assert row["name"] in words and interval in text, (row["name"], interval)
        assert percent(row["win_rate"], lang) in text


# ---------------------------------------------------------------------- rules
@pytest.mark.parametrize(("lang", "wanted", "unwanted"), [
    ("fr", ["Options en vigueur", "Décisions d'arbitrage suivies par le moteur", "But du jeu"],
     ["Options in force", "Rulings the engine follows"]),
    ("en", ["Options in force", "Rulings the engine follows"],
     ["Options en vigueur", "Décisions d'arbitrage", "But du jeu"]),
])
def test_rules_summary_in_each_language(lang, wanted, unwanted):
    result = ok(invoke(["rules", "diciassette", "--lang", lang]))
    assert result.exit_code == 0
    for text in wanted:
        assert text in result.flat
    for text in unwanted:
        assert text not in result.flat
    for number in range(1, 21):
        assert re.search(rf"\bS{number}\b", result.text), f"ruling S{number} missing"
    for option in ("singles=3,3,3,3,3", "trap=5", "hand_backs_public=true",
                   "call_between_x2_cards=false", "direction_persists=false",
                   "trap_penalty_cap_one=false"):
        assert option in result.flat


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_rules_show_the_options_given(lang):
    result = ok(invoke(["rules", "diciassette", "--lang", lang, "--option", "trap=2",
                        "-o", "direction_persists=yes"]))
    assert result.exit_code == 0
    assert "trap=2" in result.flat
    assert "trap=5" not in result.flat
    assert "direction_persists=true" in result.flat


def test_rules_accept_an_alias():
    result = ok(invoke(["rules", "17", "--lang", "en"]))
    assert result.exit_code == 0
    assert "Options in force" in result.flat


# ----------------------------------------------------------------------- play
def test_whole_game_with_numbers_in_french():
    result = ok(invoke(PLAY_FR, input=ONES))
    assert result.exit_code == 0, result.text
    out = result.flat
    assert "17 / Diciassette : 4 joueurs" in out
    assert re.search(r"[Gg]raine[^.]*\b7\b", out)
    assert ("Places : 1 : Vous, 2 : Camille (heuristique), 3 : Denis (heuristique), "
            "4 : Fanny (heuristique)") in out
    for french in ("Vos coups :", "Manche 1", "Votre coup (numéro ou texte ; aide, quitter) :",
                   "Fin de la partie :", "Pioche :", "Ligne :"):
        assert french in out
    for english in ("Your moves", "Round 1", "Your move", "Game over", "Draw pile", "Queue:"):
        assert english not in out
    assert out.index("Fin de la partie :") > out.rindex("Votre coup")


def test_whole_game_with_numbers_in_english():
    result = ok(invoke(PLAY_EN, input=TWOS))
    assert result.exit_code == 0, result.text
    out = result.flat
    assert "17 / Diciassette: 4 players" in out
    assert re.search(r"[Ss]eed[^.]*\b7\b", out)
    for english in ("Your moves:", "Round 1", "Your move (number or text; help, quit):",
                    "Game over:", "Draw pile:", "Queue:"):
        assert english in out
    for french in ("Vos coups", "Manche", "Fin de la partie", "Pioche", "Vous "):
        assert french not in out


def test_moves_as_text_forms():
    # Seed 7, seat 1: the first hand is 3 (one side), 1 (both sides), Trash.
    lines = ["3s up", "pass", "call"]
    result = ok(invoke(PLAY_FR, input="\n".join(lines) + "\n" + ONES))
    assert result.exit_code == 0, result.text
    out = result.flat
    assert "Vous jouez 3 (recto) face visible." in out
    assert "Vous passez." in out
    assert "Vous annoncez « 17 » !" in out
    assert out.index("Vous jouez 3 (recto) face visible.") < out.index("Vous passez.") \
        < out.index("Vous annoncez « 17 » !")


def test_french_words_and_a_bare_number_are_understood():
    lines = ["1d cache", "passer", "annoncer"]
    result = ok(invoke(PLAY_FR, input="\n".join(lines) + "\n" + ONES))
    assert result.exit_code == 0, result.text
    assert "Vous jouez 1 (recto verso) face cachée." in result.flat
    assert "Vous passez." in result.flat
    result = ok(invoke(PLAY_FR, input="3 up\n" + ONES))
    assert "Vous jouez 3 (recto) face visible." in result.flat


def test_ambiguous_bare_number_gets_a_clear_message():
    # Seed 7, seat 2: pass the first call, then the hand holds 3 (one side) and two 3 (both sides).
    args = ["play", "diciassette", "--seed", "7", "--seat", "2", "--lang", "fr"]
    result = ok(invoke(args, input="pass\n3 up\n3d up\n" + ONES))
    assert result.exit_code == 0, result.text
    out = result.flat
    assert "Vous avez un 3 recto et un 3 recto verso : écrivez 3s ou 3d." in out
    assert "Vous jouez 3 (recto verso) face visible." in out


def test_invalid_input_gets_a_message_and_a_new_prompt():
    prompt = "Votre coup (numéro ou texte ; aide, quitter) :"
    bad = ["0", "99", "banana", "5s up", "4d down"]
    result = ok(invoke(PLAY_FR, input="\n".join(bad) + "\n3s up\n" + ONES))
    assert result.exit_code == 0, result.text
    text = result.text
    assert text.count("Ce numéro n'est pas dans la liste ; "
                      "numéros possibles : 1, 2, 3, 4, 5, 6.") == 2
    assert "Coup illisible « banana »" in result.flat
    # the moves named as a French player types them (the parser reads both languages)
    assert "« 5s haut » n'est pas un coup permis" in result.flat
    assert "« 4d bas » n'est pas un coup permis" in result.flat
    assert "Coups permis : 3s haut, 3s bas, 1d haut, 1d bas, poubelle haut, poubelle bas" \
        in result.flat
    # Each bad answer is followed by a new prompt, then the game goes on unchanged.
    first_moves = text.index("Vos coups")
    first_play = text.index("Vous jouez")
    assert text[first_moves:first_play].count(prompt) == len(bad) + 1
    assert "Vous jouez 3 (recto) face visible." in result.flat
    assert "Fin de la partie :" in result.flat


def test_invalid_input_in_english():
    result = ok(invoke(PLAY_EN, input="0\nbanana\n5s up\n3s up\n" + ONES))
    assert result.exit_code == 0
    assert "That number is not in the list; allowed: 1, 2, 3, 4, 5, 6." in result.flat
    assert "Cannot read the move 'banana'" in result.flat
    assert "'5s up' is not a legal move" in result.flat


def test_illegal_move_message_numbers_seats_from_one():
    """BUG: the message says "joueur 0" / "player 0"; seats are shown to people as 1 to 4."""
    result = ok(invoke(PLAY_FR, input="5s up\nquit\n"))
    assert "n'est pas un coup permis" in result.flat
    assert "joueur 0" not in result.flat, result.flat
    result = ok(invoke(PLAY_EN, input="5s up\nquit\n"))
    assert "is not a legal move" in result.flat
    assert "player 0" not in result.flat, result.flat


@pytest.mark.parametrize(("lang", "word", "expected"), [
    ("fr", "aide", "Tapez le numéro d'un coup, ou sa forme texte"),
    ("fr", "help", "Tapez le numéro d'un coup, ou sa forme texte"),
    ("en", "help", "Type the number of a move, or its text form"),
    ("en", "?", "Type the number of a move, or its text form"),
])
def test_help_prints_help_and_the_game_goes_on(lang, word, expected):
    args = PLAY_FR if lang == "fr" else PLAY_EN
    result = ok(invoke(args, input=f"{word}\n" + ONES))
    assert result.exit_code == 0, result.text
    assert expected in result.flat
    assert ("annoncer, passer" if lang == "fr" else "call, pass") in result.flat


@pytest.mark.parametrize(("lang", "word", "message"), [
    ("fr", "quit", "Partie abandonnée."),
    ("fr", "quitter", "Partie abandonnée."),
    ("en", "quit", "Game abandoned."),
    ("en", "q", "Game abandoned."),
])
def test_quit_abandons_with_exit_code_1(lang, word, message):
    args = PLAY_FR if lang == "fr" else PLAY_EN
    result = ok(invoke(args, input=f"1\n{word}\n1\n1\n"))
    assert result.exit_code == 1
    assert message in result.flat
    assert "Fin de la partie" not in result.flat and "Game over" not in result.flat


@pytest.mark.parametrize(("lang", "given", "message"), [
    ("fr", "", "L'entrée s'est fermée avant la fin : partie abandonnée."),
    ("fr", "1\n", "L'entrée s'est fermée avant la fin : partie abandonnée."),
    ("en", "1\n\n2\n", "Input ended before the game did: game abandoned."),
])
def test_input_ending_early_abandons_with_exit_code_1(lang, given, message):
    args = PLAY_FR if lang == "fr" else PLAY_EN
    result = ok(invoke(args, input=given))
    assert result.exit_code == 1
    assert message in result.flat


@pytest.mark.parametrize(("lang", "prompt", "word"), [("en", "Your move (", "seed"),
                                                      ("fr", "Votre coup (", "graine")])
def test_a_random_seed_is_shown_only_after_the_game(lang, prompt, word):
    # The seed deals every hidden card: shown before the end, it would reveal them.
    result = ok(invoke(["play", "diciassette", "--lang", lang], input=ONES))
    assert result.exit_code == 0, result.text
    lowered = result.flat.lower()
    assert word in lowered
    # first mention: at the end
    assert lowered.index(word) > result.flat.rindex(prompt), result.flat


def test_seat_and_bots_options(tmp_path):
    record = tmp_path / "seat2.json"
    args = ["play", "diciassette", "--players", "4", "--seed", "7", "--lang", "en", "--seat", "2",
            "--bots", "random,heuristic,random", "--save", record]
    result = ok(invoke(args, input=ONES))
    assert result.exit_code == 0, result.text
    assert ("Seats: 1: Bruno (random), 2: You, 3: Denis (heuristic), 4: Fanny (random)"
            in result.flat)
    rows = [m for line in result.text.splitlines() if (m := ROW.match(line))]
    assert rows and all(m["seat"] == "2" for m in rows if m["name"] == "You")
    data = json.loads(record.read_text(encoding="utf-8"))
    assert data["meta"]["human_seat"] == 1
    assert data["meta"]["bots"] == ["random", "human", "heuristic", "random"]


def test_one_bot_name_fills_every_seat():
    args = PLAY_EN + ["--bots", "random"]
    result = ok(invoke(args, input=ONES))
    assert result.exit_code == 0
    assert "Seats: 1: You, 2: Camille (random), 3: Denis (random), 4: Fanny (random)" in result.flat


@pytest.mark.parametrize("players", [2, 6])
def test_watch_bots_only_to_the_end(players):
    args = ["play", "diciassette", "--watch", "--players", players, "--seed", "5", "--lang", "en"]
    result = ok(invoke(args, input=""))
    assert result.exit_code == 0, result.text
    assert "Game over:" in result.flat
    assert "Your move" not in result.flat and "You" not in result.flat
    assert "1: Bruno (heuristic)" in result.flat
    if players == 6:
        assert "6: Léa (heuristic)" in result.flat


def test_watch_in_french():
    result = ok(invoke(["play", "diciassette", "--watch", "--seed", "3", "--lang", "fr",
                        "--bots", "random,heuristic,random,heuristic"]))
    assert result.exit_code == 0
    assert "Places : 1 : Bruno (hasard), 2 : Camille (heuristique)" in result.flat
    assert "Fin de la partie :" in result.flat
    assert "Vos coups" not in result.flat


@pytest.mark.parametrize(("game", "title", "lang", "over", "turn"), [
    ("diciassette", "17 / Diciassette", "fr", "Partie terminée", "Tour :"),
    ("wazabi", "Wazabi", "en", "Game over", "Turn:"),
])
def test_the_final_table_says_the_game_is_over_not_whose_turn_it_is(game, title, lang, over,
                                                                      turn):
    result = ok(invoke(["play", game, "--watch", "--players", "3", "--seed", "2", "--lang", lang]))
    assert result.exit_code == 0, result.text
    final = [line for line in result.text.splitlines() if line.startswith(title + "  ·")][-1]
    assert over in final and turn not in final, final


@pytest.mark.parametrize(("game", "lang", "end"), [
    ("diciassette", "en", "Game over: Camille (random) has 3 Victory tokens and wins."),
    ("wazabi", "fr", "Fin de la partie : Fanny (hasard) n'a plus de dé et gagne."),
    ("dtc", "en", "Game over: Fanny (random) wins with the fewest penalty cards (8)."),
    ("decimoarr", "fr", "Fin de la partie : Denis (hasard) gagne avec le plus de diamants."),
])
def test_the_end_is_told_once_under_the_final_table_and_says_why(game, lang, end):
    """"Game over. Winner: X." then, under the table, "Winner(s): X." said the same thing
    twice and never why: one line now, the last before the seed."""
    result = ok(invoke(["play", game, "--watch", "--seed", "4", "--lang", lang,
                        "--bots", "random"]))
    assert result.exit_code == 0, result.text
    lines = [line.strip() for line in result.text.splitlines() if line.strip()]
    assert lines[-2] == end and lines[-1].startswith(("Seed of", "Graine de")), lines[-12:]
    assert result.flat.count(end) == 1
    assert "Winner" not in result.flat and "Victoire :" not in result.flat


def test_replay_tells_the_end_once(saved_game):
    verbose = ok(invoke(["replay", saved_game[0], "--verbose", "--lang", "en"]))
    ends = [line for line in verbose.text.splitlines() if line.startswith("Game over")]
    assert len(ends) == 1 and verbose.text.rstrip().endswith(ends[0]), verbose.text[-500:]


# ----------------------------------------------------- usage errors: status 2
USAGE_ERRORS = [
    pytest.param(["play", "diciassette", "--lang", "en", "--bots", "foo"],
                 ["Unknown bot 'foo'", "heuristic", "random", "medium"], id="bad-bot"),
    pytest.param(["play", "diciassette", "--lang", "en", "--bots", "random,random"],
                 ["2 bots given for 3 bot seats", "one per bot seat"], id="bot-count"),
    pytest.param(["play", "diciassette", "--lang", "en", "--watch", "--bots",
                  "random,heuristic,random"],
                 ["3 bots given for 4 bot seats"], id="bot-count-watch"),
    pytest.param(["play", "diciassette", "--lang", "en", "--players", "7"],
                 ["played by 2 to 6 players, not 7"], id="players-7"),
    pytest.param(["play", "diciassette", "--lang", "en", "--players", "1"],
                 ["2 to 6 players, not 1"], id="players-1"),
    pytest.param(["play", "diciassette", "--lang", "en", "--seat", "9"],
                 ["Seat 9 does not exist", "seats are 1 to 4"], id="seat-9"),
    pytest.param(["play", "diciassette", "--lang", "en", "--players", "3", "--seat", "4"],
                 ["Seat 4 does not exist", "1 to 3"], id="seat-4-of-3"),
    pytest.param(["play", "diciassette", "--lang", "en", "--seat", "0"],
                 ["Seat 0 does not exist"], id="seat-0"),
    pytest.param(["play", "diciassette", "--lang", "en", "--option", "nope=1"],
                 ["Unknown option 'nope'", "trap", "hand_backs_public"], id="unknown-option"),
    pytest.param(["play", "diciassette", "--lang", "en", "--option", "trap=x"],
                 ["Option 'trap' cannot be 'x'", "Allowed:", "20"], id="bad-option-value"),
    pytest.param(["play", "diciassette", "--lang", "en", "--option", "trap=21"],
                 ["Option 'trap' cannot be '21'", "Allowed:", "20"], id="option-too-big"),
    pytest.param(["play", "diciassette", "--lang", "en", "--option", "hand_backs_public=maybe"],
                 ["'hand_backs_public' cannot be 'maybe'", "true|false"], id="bad-bool"),
    pytest.param(["play", "diciassette", "--lang", "en", "--option", "trap"],
                 ["'trap'", "name=value"], id="option-syntax"),
    pytest.param(["play", "diciassette", "--lang", "en", "-o", "singles=0", "-o", "doubles=0",
                  "-o", "reverse=0", "-o", "trash=0", "-o", "x2=0", "-o", "trap=1"],
                 ["too small", "at least 13"], id="deck-too-small"),
    pytest.param(["play", "nogame", "--lang", "en"],
                 ["Unknown game 'nogame'", "diciassette"], id="unknown-game"),
    pytest.param(["play", "diciassette", "--lang", "de"], ["de", "en, fr"], id="unknown-language"),
    pytest.param(["play", "diciassette", "--lang", "fr", "--players", "7"],
                 ["se joue de 2 à 6 joueurs, pas 7"], id="players-7-fr"),
    pytest.param(["play", "diciassette", "--lang", "fr", "--bots", "foo"],
                 ["Bot inconnu « foo »", "heuristic", "random", "medium"], id="bad-bot-fr"),
    pytest.param(["play", "diciassette", "--lang", "fr", "--option", "nope=1"],
                 ["Option inconnue « nope »"], id="unknown-option-fr"),
    pytest.param(["rules", "nogame", "--lang", "en"], ["Unknown game 'nogame'", "diciassette"],
                 id="rules-unknown-game"),
    pytest.param(["rules", "diciassette", "--lang", "en", "--option", "trap=x"],
                 ["Option 'trap' cannot be 'x'"], id="rules-bad-option"),
    pytest.param(["rules", "diciassette", "--lang", "de"], ["de", "en, fr"], id="rules-language"),
    pytest.param(["games", "--lang", "xx"], ["xx", "en, fr"], id="games-language"),
    pytest.param(["games", "--lang", "frog"], ["frog", "en, fr"], id="language-fr-prefix"),
    pytest.param(["simulate", "nogame", "--lang", "en"], ["Unknown game 'nogame'"], id="sim-game"),
    pytest.param(["simulate", "diciassette", "--lang", "en", "--games", "0"],
                 ["--games must be at least 1, not 0"], id="sim-games-0"),
    pytest.param(["simulate", "diciassette", "--lang", "en", "--players", "3", "--bots",
                  "heuristic,random"], ["2 bots given for 3 bot seats"], id="sim-bot-count"),
    pytest.param(["simulate", "diciassette", "--lang", "en", "--bots", "zzz"],
                 ["Unknown bot 'zzz'"], id="sim-bad-bot"),
    pytest.param(["simulate", "diciassette", "--lang", "en", "--option", "nope=1"],
                 ["Unknown option 'nope'"], id="sim-option"),
    pytest.param(["bench", "nogame", "--lang", "en"], ["Unknown game 'nogame'"], id="bench-game"),
    pytest.param(["bench", "diciassette", "--lang", "en", "--players", "9"],
                 ["2 to 6 players, not 9"], id="bench-players"),
    pytest.param(["replay", "/nonexistent/record.json", "--lang", "en"],
                 ["Cannot read /nonexistent/record.json"], id="replay-missing-file"),
]


@pytest.mark.parametrize(("args", "fragments"), USAGE_ERRORS)
def test_usage_errors_exit_2_with_a_clear_message(args, fragments):
    result = usage_error(invoke(args, input=ONES))
    for fragment in fragments:
        assert fragment in result.flat, result.flat
    assert "Vos coups" not in result.flat and "Your moves" not in result.flat


@pytest.mark.parametrize("command", [
    ["play", "diciassette", "--seed", "1"],
    ["simulate", "diciassette", "--games", "1"],
    ["bench", "diciassette", "--seconds", "0.05"],
])
def test_zero_players_is_refused(command):
    """BUG: `--players 0` is silently replaced by the default (4 players)."""
    result = invoke(command + ["--players", "0", "--lang", "en"], input=ONES)
    usage_error(result)
    assert "2 to 6 players, not 0" in result.flat


def test_negative_delay_is_refused():
    """BUG: `--delay -1` crashes with a ValueError traceback at the first reveal."""
    result = invoke(PLAY_EN + ["--delay", "-1"], input=ONES)
    usage_error(result)
    assert "--delay" in result.flat


def test_unwritable_save_path_is_a_clear_error(tmp_path):
    """BUG: a --save path in a missing folder crashes (FileNotFoundError) after the whole game."""
    target = tmp_path / "missing" / "game.json"
    result = invoke(PLAY_EN + ["--save", target], input=ONES)
    usage_error(result)
    assert str(target) in result.flat


# ------------------------------------------------------- hidden information
def _tables(text: str) -> list[dict]:
    """Each table drawn: the queue tokens and, per seat, (name, card tokens)."""
    tables: list[dict] = []
    queue = None
    for line in text.splitlines():
        if line.startswith("17 / Diciassette  ·  "):
            tables.append({"queue": None, "rows": {}, "pile": None})
        elif tables and line.startswith(("Ligne :", "Queue:")):
            queue = line.split(":", 1)[1]
        elif tables and queue is not None and not line.startswith(("Somme visible", "Visible sum")):
            queue += " " + line  # a long queue wraps on a narrow terminal
        elif tables and queue is not None:
            # "5*  you ·  ##  Camille": each card, then who played it (public).
            entries = [entry.split() for entry in queue.split("·")]
            tokens = [entry[0] for entry in entries if entry]
            tables[-1]["queue"] = [] if tokens in (["(vide)"], ["(empty)"]) else tokens
            queue = None
        elif tables and (match := ROW.match(line)):
            tables[-1]["rows"][int(match["seat"]) - 1] = (match["name"], match["cards"].split())
        elif tables and line.startswith(("Pioche :", "Draw pile:")):
            tables[-1]["pile"] = line
    return tables


def _token(kind: int, lang: str) -> str:
    code = CODES[kind]
    if code in SPECIAL_TOKENS[lang]:
        return SPECIAL_TOKENS[lang][code]
    return f"{VALUE[kind]}*" if IS_DOUBLE[kind] else str(VALUE[kind])


def _hand_tokens(hand: list[int], lang: str) -> list[str]:
    return [_token(kind, lang) for kind, count in enumerate(hand) for _ in range(count)]


def _check_hidden_information(text: str, record: dict, human: int, lang: str,
                              backs_public: bool) -> dict[str, int]:
    """Compare every table the person saw with the true state at that moment."""
    tables = _tables(text)
    match = Match(get_game("diciassette"), record["players"], record["options"],
                  seed=record["seed"])
    seen = Counter()
    index = 0

    def check(table: dict) -> None:
        state = match.state
        assert len(table["rows"]) == record["players"], table
        for seat, (name, tokens) in table["rows"].items():
            hand = state.hands[seat]
            if seat == human:
                assert name in ("Vous", "You")
                assert Counter(tokens) == Counter(_hand_tokens(hand, lang))
                continue
            assert name not in ("Vous", "You")
            # another's double-faced card shows its back, in brackets: "(3*)"
            assert set(tokens) <= {"##"} | {f"({token})" for token in DOUBLE_TOKENS}, (
                f"seat {seat + 1}'s hidden card shown: {tokens}")
            doubles = [f"({VALUE[k]}*)" for k, n in enumerate(hand) if IS_DOUBLE[k]
                       for _ in range(n)]
            generic = sum(n for k, n in enumerate(hand) if not IS_DOUBLE[k])
            expected = doubles + ["##"] * generic if backs_public else ["##"] * sum(hand)
            assert Counter(tokens) == Counter(expected), (seat, tokens, expected)
            seen["opponent_generic_in_hand"] += generic
        expected_queue = []
        for kind, face_up, by in state.queue:
            if face_up:
                expected_queue.append(_token(kind, lang))
            elif IS_DOUBLE[kind] or by == human:  # face down, its value known: in brackets
                expected_queue.append(f"({_token(kind, lang)})")
            else:
                expected_queue.append("##")
                seen["opponent_hidden_in_queue"] += 1
        assert table["queue"] == expected_queue

    for action in record["actions"]:
        if match.current_player() == human:
            check(tables[index])
            index += 1
        match.apply(action)
    assert match.is_over()
    check(tables[index])  # the last table, after the end
    assert index + 1 == len(tables)
    seen["tables"] = len(tables)
    return seen


@pytest.mark.parametrize(("lang", "seed", "moves", "options"), [
    ("fr", 7, TWOS, []),
    ("en", 8, TWOS, []),
    ("fr", 3, "2\n1\n" * 200, ["--option", "hand_backs_public=false"]),
])
def test_the_person_never_sees_another_seats_hidden_card(tmp_path, lang, seed, moves, options):
    record_path = tmp_path / "game.json"
    args = ["play", "diciassette", "--players", "4", "--seed", seed, "--lang", lang,
            "--save", record_path, *options]
    result = ok(invoke(args, input=moves))
    assert result.exit_code == 0, result.text
    record = json.loads(record_path.read_text(encoding="utf-8"))
    backs_public = record["options"]["hand_backs_public"]
    seen = _check_hidden_information(result.text, record, 0, lang, backs_public)
    # The check is not vacuous: opponents held and played hidden cards.
    assert seen["tables"] > 10
    assert seen["opponent_hidden_in_queue"] > 0
    assert seen["opponent_generic_in_hand"] > 0
    # Events never name an opponent's face-down single-faced or special card.
    if lang == "fr":
        hidden_card = r"(?:[1-5] \(recto\)|Changement de sens|Poubelle|x2|Piège)"
        assert not re.search(BOT_NAME + r" joue " + hidden_card + " face cachée", result.text)
        backs = re.findall(r"pioche une carte, avec (.*?) au dos", result.text)
        assert all(back.endswith("(recto verso)") for back in backs)
    else:
        hidden_card = r"(?:[1-5] \(one side\)|Reverse|Trash|x2|Trap)"
        assert not re.search(BOT_NAME + r" plays " + hidden_card + " face down", result.text)
        backs = re.findall(r"draws a card, with (.*?) on its back", result.text)
        assert all(back.endswith("(both sides)") for back in backs)


def test_hidden_information_from_seat_3(tmp_path):
    record_path = tmp_path / "game.json"
    args = ["play", "diciassette", "--players", "5", "--seat", "3", "--seed", "8", "--lang", "en",
            "--bots", "heuristic,random,heuristic,random", "--save", record_path]
    result = ok(invoke(args, input=TWOS))
    assert result.exit_code == 0, result.text
    record = json.loads(record_path.read_text(encoding="utf-8"))
    seen = _check_hidden_information(result.text, record, 2, "en", True)
    assert seen["tables"] >= 5


def test_private_hand_backs_hide_the_backs_of_the_pile_and_of_drawn_cards():
    """BUG: with hand_backs_public=false the hands show only ##, but the table still shows the
    top back of the draw pile ("dos du dessus : 5*") and the draw events still name the back of
    the card an opponent draws ("Camille (heuristique) pioche une carte, avec 3 (recto verso) au
    dos"),
    which tells which double-faced card that opponent holds."""
    args = ["play", "diciassette", "--players", "4", "--seed", "3", "--lang", "fr",
            "--option", "hand_backs_public=false"]
    result = ok(invoke(args, input="2\n1\n" * 200))
    assert result.exit_code == 0, result.text
    tops = re.findall(r"dos du dessus : (\S+)", result.text)
    assert tops and set(tops) == {"##"}, Counter(tops)
    assert "pioche une carte." in result.flat
    assert not re.findall(r"pioche une carte, avec (.*?) au dos", result.flat)


# ------------------------------------------------------------ save / replay
@pytest.fixture(scope="module")
def saved_game(tmp_path_factory):
    folder = tmp_path_factory.mktemp("records")
    path = folder / "game.json"
    result = invoke(PLAY_EN + ["--save", path], input=TWOS)
    assert result.exit_code == 0, result.text
    return path, result.text


def test_save_writes_a_record(saved_game):
    path, text = saved_game
    assert f"Record saved to {path}." in " ".join(text.split())
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "ludotheque-record"
    assert data["game"] == "diciassette" and data["players"] == 4 and data["seed"] == 7
    assert data["actions"] and all(isinstance(a, str) for a in data["actions"])
    assert data["result"]["winners"]
    assert data["meta"]["human_seat"] == 0


def test_replay_checks_every_move_and_prints_the_winners(saved_game):
    path, play_text = saved_game
    data = json.loads(path.read_text(encoding="utf-8"))
    result = ok(invoke(["replay", path, "--lang", "en"]))
    assert result.exit_code == 0, result.text
    count = len(data["actions"])
    assert f"{count} moves of 17 / Diciassette replayed and checked." in result.flat
    names = replay_names(Record.from_json(data), data["players"], "en")
    seats = ", ".join(names[w] for w in data["result"]["winners"])
    assert f"Game over: {seats} has 3 Victory tokens and wins." in result.flat
    assert names[data["meta"]["human_seat"]] == "Human"
    # The same winners as the game that was played.
    played = re.findall(r"Game over: (.*?) has 3 Victory tokens", " ".join(play_text.split()))[-1]
    seat_line = re.search(r"Seats: (.*?) Cards are dealt", " ".join(play_text.split())).group(1)
    names = dict(re.findall(r"(\d): (You|" + BOT_NAME + ")", seat_line))
    assert {int(s) - 1 for s, n in names.items() if n in played} == set(data["result"]["winners"])
    french = ok(invoke(["replay", path, "--lang", "fr"]))
    assert f"{count} coups de 17 / Diciassette rejoués et vérifiés." in french.flat
    french_names = replay_names(Record.from_json(data), data["players"], "fr")
    winners = ", ".join(french_names[w] for w in data["result"]["winners"])
    assert f"Fin de la partie : {winners} a 3 jetons Victoire et gagne." in french.flat


def test_replay_json(saved_game):
    path, _ = saved_game
    data = json.loads(path.read_text(encoding="utf-8"))
    result = ok(invoke(["replay", path, "--json"]))
    assert result.exit_code == 0
    summary = json.loads(result.stdout)
    assert summary["game"] == "diciassette"
    assert summary["players"] == 4 and summary["seed"] == 7
    assert summary["actions"] == len(data["actions"])
    assert summary["finished"] is True
    assert summary["winners"] == data["result"]["winners"]
    assert summary["metrics"]["rounds"] >= 3


def test_replay_verbose_prints_the_events(saved_game):
    path, _ = saved_game
    quiet = ok(invoke(["replay", path, "--lang", "en"]))
    loud = ok(invoke(["replay", path, "--lang", "en", "--verbose"]))
    assert loud.exit_code == 0
    assert len(loud.text.splitlines()) > len(quiet.text.splitlines()) + 20
    for sentence in ("Cards are dealt: 3 each.", "Round 1:", "called \"17\"", "Game over:"):
        assert sentence in loud.flat
    assert "replayed and checked." in loud.flat
    french = ok(invoke(["replay", path, "--lang", "fr", "-v"]))
    assert "Manche 1 :" in french.flat and "Distribution : 3 cartes à chaque joueur." in french.flat


def test_abandoned_game_is_saved_and_replays_as_unfinished(tmp_path):
    path = tmp_path / "quit.json"
    result = ok(invoke(PLAY_EN + ["--save", path], input="1\n2\nquit\n"))
    assert result.exit_code == 1
    assert "Record saved to" in result.flat
    data = json.loads(path.read_text(encoding="utf-8"))
    assert "result" not in data and data["actions"]
    replayed = ok(invoke(["replay", path, "--lang", "en"]))
    assert replayed.exit_code == 0
    assert "The record stops before the end of the game." in replayed.flat
    summary = json.loads(ok(invoke(["replay", path, "--json"])).stdout)
    assert summary["finished"] is False and summary["winners"] == []


@pytest.mark.parametrize(("lang", "seed_line"), [("en", "Seed of this game"),
                                                 ("fr", "Graine de cette partie")])
def test_a_game_a_file_can_take_further_keeps_its_seed_secret_when_the_input_ends(
        tmp_path, lang, seed_line):
    """Ctrl-D (the input ends) printed the seed of a resumed game, or of one --save keeps:
    the file still goes on, and the seed deals every hidden card."""
    path = tmp_path / "going.json"
    saved = ok(invoke(PLAY_EN[:-1] + [lang, "--save", path], input="1\n"))
    assert saved.exit_code == 1 and path.exists()
    assert seed_line not in saved.flat, saved.flat  # saved by --save: resumable
    resumed = ok(invoke(["play", "--resume", path, "--lang", lang], input=""))
    assert resumed.exit_code == 1
    assert seed_line not in resumed.flat, resumed.flat
    ended = ok(invoke(PLAY_EN[:-1] + [lang], input="1\n"))  # nothing keeps it: the seed is told
    assert ended.exit_code == 1 and re.search(seed_line + r" ?: 7 ", ended.flat), ended.flat


def _first_card_play(actions: list[str], skip: int = 3) -> int:
    plays = [i for i, a in enumerate(actions) if a not in ("call", "pass")]
    return plays[skip]


def _tamper(kind: str, data: dict) -> tuple[str, list[str]]:
    """Write a damaged copy of a record; returns its text and the expected message parts."""
    data = json.loads(json.dumps(data))
    if kind == "not-json":
        return "{ this is not json", ["is not valid JSON", "line 1"]
    if kind == "json-list":
        return "[1, 2, 3]", ["must be a JSON object"]
    if kind == "wrong-format":
        return json.dumps({"game": "diciassette"}), ["not a game record", "ludotheque-record"]
    if kind == "wrong-version":
        data["version"] = 99
        return json.dumps(data), ["version 99", "not supported"]
    if kind == "missing-field":
        del data["seed"]
        return json.dumps(data), ["no 'seed' field"]
    if kind == "wrong-type":
        data["actions"] = "pass"
        return json.dumps(data), ["'actions' field should be a list of moves, each a text or a "
                                  "whole number, not \"pass\"."]
    if kind == "bad-options":
        data["options"]["trap"] = "x"
        return json.dumps(data), ["cannot start its game", "Option 'trap' cannot be 'x'"]
    if kind == "tampered-action":
        index = _first_card_play(data["actions"])
        data["actions"][index] = "call"  # calling is never legal when a card must be played
        return json.dumps(data), [f"Move {index + 1} of the record ('call') does not fit",
                                  "is not a legal move"]
    if kind == "unreadable-action":
        index = _first_card_play(data["actions"], 1)
        data["actions"][index] = "banana"
        return json.dumps(data), [f"Move {index + 1} of the record ('banana') does not fit",
                                  "Cannot read the move 'banana'"]
    if kind == "move-after-the-end":
        data["actions"].append("pass")
        count = len(data["actions"])
        return json.dumps(data), [f"Move {count} of the record ('pass') does not fit",
                                  "game is over"]
    if kind == "tampered-result":
        real = data["result"]["winners"]
        fake = [(real[0] + 1) % data["players"]]
        data["result"]["winners"] = fake
        return json.dumps(data), [f"winners are {fake}", f"replaying gives {real}"]
    if kind == "truncated-with-result":
        data["actions"] = data["actions"][:10]
        return json.dumps(data), ["claims a result", "10 moves do not finish"]
    raise AssertionError(kind)


TAMPERINGS = ["not-json", "json-list", "wrong-format", "wrong-version", "missing-field",
              "wrong-type", "bad-options", "tampered-action", "unreadable-action",
              "move-after-the-end", "tampered-result", "truncated-with-result"]


@pytest.mark.parametrize("kind", TAMPERINGS)
def test_corrupt_record_exits_2_naming_the_problem(saved_game, tmp_path, kind):
    path, _ = saved_game
    text, fragments = _tamper(kind, json.loads(path.read_text(encoding="utf-8")))
    bad = tmp_path / f"{kind}.json"
    bad.write_text(text, encoding="utf-8")
    for extra in ([], ["--json"], ["--verbose"]):
        result = usage_error(invoke(["replay", bad, "--lang", "en", *extra]))
        for fragment in fragments:
            assert fragment in result.flat, result.flat
        assert "replayed and checked" not in result.flat


def test_corrupt_record_message_in_french(saved_game, tmp_path):
    path, _ = saved_game
    data = json.loads(path.read_text(encoding="utf-8"))
    index = _first_card_play(data["actions"])
    data["actions"][index] = "call"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    result = usage_error(invoke(["replay", bad, "--lang", "fr"]))
    assert f"Le coup {index + 1} de l'enregistrement (« call ») ne convient pas" in result.flat


# ------------------------------------------------------------------ simulate
SIM = ["simulate", "diciassette", "--players", "4", "--games", "50",
       "--bots", "heuristic,random,random,random", "--json"]


def test_simulate_json():
    result = ok(invoke(SIM + ["--seed", "1"]))
    assert result.exit_code == 0, result.text
    summary = json.loads(result.stdout)
    for key in ("game", "players", "games", "seed", "bots", "wins_by_seat", "wins_by_bot",
                "mean_decisions", "mean_rounds"):
        assert key in summary
    assert summary["game"] == "diciassette"
    assert summary["players"] == 4 and summary["games"] == 50 and summary["seed"] == 1
    assert summary["bots"] == ["heuristic", "random", "random", "random"]
    assert isinstance(summary["wins_by_seat"], list) and len(summary["wins_by_seat"]) == 4
    assert sum(summary["wins_by_seat"]) == pytest.approx(50)
    assert isinstance(summary["wins_by_bot"], dict)
    assert set(summary["wins_by_bot"]) == {"heuristic", "random"}
    assert sum(summary["wins_by_bot"].values()) == pytest.approx(50)
    assert summary["mean_decisions"] > 0
    assert summary["mean_rounds"] >= 3  # three Victory tokens take at least three rounds


def test_simulate_is_reproducible_and_depends_on_the_seed():
    first = ok(invoke(SIM + ["--seed", "1"])).stdout
    again = ok(invoke(SIM + ["--seed", "1"])).stdout
    other = ok(invoke(SIM + ["--seed", "2"])).stdout
    assert first == again
    assert json.loads(first)["wins_by_seat"] != json.loads(other)["wins_by_seat"]
    assert json.loads(other)["seed"] == 2


@pytest.mark.parametrize(("lang", "wanted", "unwanted"), [
    ("fr", ["20 parties de 17 / Diciassette, 4 joueurs, graine 1", "victoires",
            "taux de victoire par place", "Victoires par place : 1 :", "Durée moyenne :",
            "manches"],
     ["games of", "Wins by seat", "Mean length"]),
    ("en", ["20 games of 17 / Diciassette, 4 players, seed 1", "wins", "win rate per seat",
            "Wins by seat: 1:", "Mean length:", "rounds"],
     ["parties de", "Victoires", "Durée"]),
])
def test_simulate_table_in_each_language(lang, wanted, unwanted):
    args = ["simulate", "diciassette", "--players", "4", "--games", "20", "--seed", "1",
            "--bots", "heuristic,random,random,random", "--lang", lang]
    result = ok(invoke(args))
    assert result.exit_code == 0, result.text
    for text in wanted:
        assert text in result.flat
    for text in unwanted:
        assert text not in result.flat
    assert "heuristic" in result.flat and "random" in result.flat
    assert "%" in result.flat
    with pytest.raises(json.JSONDecodeError):
        json.loads(result.stdout)


# --------------------------------------------------------------------- bench
def test_bench_json():
    result = ok(invoke(["bench", "diciassette", "--seconds", "0.3", "--json"]))
    assert result.exit_code == 0, result.text
    data = json.loads(result.stdout)
    assert data["game"] == "diciassette"
    assert data["decisions_per_s"] > 0 and data["games_per_s"] > 0


@pytest.mark.parametrize(("lang", "wanted"), [("en", "decisions/s"), ("fr", "décisions/s")])
def test_bench_readable_output(lang, wanted):
    """BUG: without --json, bench crashes (TypeError: t() got multiple values for 'game')."""
    result = ok(invoke(["bench", "diciassette", "--seconds", "0.1", "--lang", lang]))
    assert result.exit_code == 0, result.text
    assert wanted in result.flat
    assert "17 / Diciassette" in result.flat


@pytest.mark.parametrize(("lang", "one", "several"), [
    ("en", ["(a single window;", "in a single round of"], ["(best of 2 windows;",
                                                           "in 2 rounds of"]),
    ("fr", ["(une seule mesure ;", "en un seul tour de"], ["(meilleure de 2 mesures ;",
                                                          "en 2 tours de"])])
def test_bench_says_one_measure_in_the_singular(lang, one, several):
    """BUG: --repeats 1 printed "meilleure de 1 mesures", "best of 1 windows", "1 rounds"."""
    for repeats, wanted in (("1", one), ("2", several)):
        single = ok(invoke(["bench", "diciassette", "--seconds", "0.05", "--repeats", repeats,
                            "--lang", lang])).flat.replace("\u00a0", " ")
        assert wanted[0] in single, single
        assert "1 mesures" not in single and "1 windows" not in single
        table = ok(invoke(["bench", "--seconds", "0.02", "--repeats", repeats, "--lang", lang]))
        assert wanted[1] in table.flat.replace("\u00a0", " "), table.flat


@pytest.mark.parametrize("seconds", ["0", "-1"])
def test_bench_refuses_a_non_positive_duration(seconds):
    result = usage_error(invoke(["bench", "diciassette", "--seconds", seconds, "--lang", "en"]))
    assert "--seconds" in result.flat


def test_bench_zero_seconds_message_is_not_self_contradictory():
    """ROUGH EDGE: the message reads "--seconds must be at least 0, not 0.0"."""
    result = usage_error(invoke(["bench", "diciassette", "--seconds", "0", "--lang", "en"]))
    assert "at least 0, not 0" not in result.flat, result.flat


# -------------------------------------------------- the installed console script
def test_installed_console_script_plays_a_whole_game_from_piped_stdin():
    bin_dir = Path(sys.executable).parent
    script = bin_dir / "ludotheque"
    alias = bin_dir / "ludo"
    assert script.is_file() and os.access(script, os.X_OK)
    assert alias.is_file() and os.access(alias, os.X_OK)
    env = dict(os.environ, COLUMNS="200")
    completed = subprocess.run(
        [str(script), "play", "diciassette", "--players", "4", "--seed", "7", "--lang", "en"],
        input="1\n" * 400, capture_output=True, text=True, encoding="utf-8", env=env, timeout=120,
    )
    assert completed.returncode == 0, completed.stderr
    assert "Traceback" not in completed.stderr
    out = " ".join(ANSI.sub("", completed.stdout).split())
    assert "Your moves:" in out and "> 1" in out
    assert "Game over:" in out
    assert "Input ended" not in out


def test_many_moves_are_listed_in_compact_columns():
    """Décimoarr offers over 12 moves: one example sentence, then number. text form in columns."""
    result = ok(invoke(["play", "decimoarr", "--players", "2", "--seed", "3", "--lang", "en"],
                       input="quit\n"))
    assert "(by number or text form; e.g. p1: turn over the card at p1)" in result.flat
    assert re.search(r"\b1\. p1\s+2\. p2\b", result.text)
    assert "turn over the card at p2" not in result.text


def test_search_bot_budget_from_the_command_line_is_reproducible():
    args = ["simulate", "dtc", "--players", "2", "--games", "2", "--seed", "4",
            "--bots", "ismcts,random", "--iterations", "20", "--json"]
    first, second = ok(invoke(args)), ok(invoke(args))
    assert json.loads(first.output) == json.loads(second.output)
    assert json.loads(first.output)["games"] == 2


@pytest.mark.parametrize(("flag", "value"), [("--iterations", "0"), ("--budget-ms", "-5")])
def test_bad_search_budgets_are_refused(flag, value):
    result = usage_error(invoke(["simulate", "dtc", "--games", "1", flag, value]))
    assert flag in result.flat


@pytest.mark.parametrize(("edit", "says"), [
    (lambda d: d.update(meta="abc"), "'meta' field should be a JSON object, not \"abc\"."),
    (lambda d: d.update(result={"winners": 5}), "winners as seat numbers"),
    (lambda d: d.update(chance=[[0.5, 1, 2]]), "Chance outcome 1 of the record"),
    (lambda d: d.update(chance=[{"card": 3}]), "Chance outcome 1 of the record"),
], ids=["meta-not-object", "winners-not-list", "float-in-deal", "object-in-deal"])
def test_replay_of_a_hand_edited_record_exits_2_with_one_clear_message(saved_game, tmp_path, edit,
                                                                       says):
    """Issue 14: hand-edited records get one clear message and exit status 2, no traceback."""
    path, _ = saved_game
    data = json.loads(path.read_text(encoding="utf-8"))
    edit(data)
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps(data), encoding="utf-8")
    result = usage_error(invoke(["replay", edited, "--lang", "en"]))
    assert says in result.flat
    assert "Traceback" not in result.text


@pytest.mark.parametrize(("lang", "says"), [
    ("en", "The record's 'seed' field should be a whole number, not \"7a\"."),
    ("fr", "Le champ « seed » de l'enregistrement doit être un nombre entier, pas \"7a\"."),
])
def test_a_field_of_the_wrong_type_says_what_was_expected(saved_game, tmp_path, lang, says):
    """« Le champ « seed » … n'a pas le bon type » left the reader to guess the right one."""
    path, _ = saved_game
    data = json.loads(path.read_text(encoding="utf-8"))
    data["seed"] = "7a"
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps(data), encoding="utf-8")
    result = usage_error(invoke(["replay", edited, "--lang", lang]))
    assert says in result.flat.replace("\u00a0", " "), result.flat


def test_replay_of_a_file_that_is_not_utf8_or_too_deep_exits_2(tmp_path):
    latin = tmp_path / "latin.json"
    latin.write_bytes('{"format": "ludothèque"}'.encode("latin-1"))
    result = usage_error(invoke(["replay", latin, "--lang", "en"]))
    assert "is not UTF-8 text (bad byte at position 19)" in result.flat  # è, counted from 1
    french = usage_error(invoke(["replay", latin, "--lang", "fr"]))
    assert "n'est pas un texte UTF-8 (octet invalide à la position 19)" in french.flat
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    result = usage_error(invoke(["replay", deep, "--lang", "en"]))
    assert "nested too deeply" in result.flat


def test_lang_given_before_the_command_wins_over_the_saved_games_language(tmp_path):
    path = tmp_path / "partie.json"
    ok(invoke(["play", "wazabi", "--seed", "1", "--lang", "fr", "--plain", "--save", path],
              input="quitter\n"))
    result = ok(invoke(["--lang", "en", "play", "--resume", path, "--plain"], input=""))
    assert "Input ended before the game" in result.flat, result.text


NO_CARDS = ["-o", "singles=0,0,0,0,0", "-o", "doubles=0,0,0,0,0", "-o", "reverse=0",
            "-o", "trash=0", "-o", "x2=0", "-o", "trap=0"]


@pytest.mark.parametrize(("args", "says"), [
    (["--bots", "a,b,c", "--lang", "en"], "3 bots given for 1 bot seat: give one"),
    (["--bots", "a,b,c", "--lang", "fr"], "3 bots donnés pour 1 place de bot : donnez-en"),
    ([*NO_CARDS, "--lang", "en"], "A deck of 0 cards is too small"),
    ([*NO_CARDS, "--lang", "fr"], "Un paquet de 0 carte est trop petit"),
])
def test_counts_in_messages_take_the_singular_or_plural_of_each_language(args, says):
    result = usage_error(invoke(["play", "17", "--players", "2", *args]))
    assert says in result.flat, result.text


def test_back_is_no_command_in_a_game_without_offers_to_build():
    result = ok(invoke(["play", "decimoarr", "--seed", "1", "--lang", "fr"], input="back\n"))
    assert "Coup illisible « back »" in result.flat
    assert "offre" not in result.flat  # it used to talk about DTC's offers
