"""The command line's own words (Click's, inside Typer) follow the language: help pages
and usage errors are French under --lang fr or a French locale, English otherwise."""

from __future__ import annotations

import re

import pytest

from ludotheque import cli

ENGLISH_WORDS = ("Usage", "Error", "Try ", "Show this message", "No such", "Missing",
                 "Invalid value", "Got unexpected", "default:", "required", "Commands")


def run(argv, capsys, monkeypatch, lang_env="C.UTF-8"):
    for var in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", lang_env)
    monkeypatch.setenv("COLUMNS", "100")
    with pytest.raises(SystemExit) as stop:
        cli.main(argv)
    out, err = capsys.readouterr()
    return stop.value.code, out, err


def test_help_follows_lang_given_on_the_command_line(capsys, monkeypatch):
    code, out, _ = run(["play", "--help", "--lang", "fr"], capsys, monkeypatch)
    assert code == 0
    assert out.startswith("Utilisation\u00a0: ")
    assert "Options\u00a0:" in out and "Arguments\u00a0:" in out
    assert "Nombre de joueurs." in out and "Afficher cette aide et quitter." in out
    assert "--players <entier>" in out
    assert [word for word in ENGLISH_WORDS if word in out] == []


def test_help_follows_a_french_locale(capsys, monkeypatch):
    code, out, _ = run(["--help"], capsys, monkeypatch, lang_env="fr_FR.UTF-8")
    assert code == 0
    assert "COMMANDE [ARGUMENTS]..." in out and "Commandes\u00a0:" in out
    code, out, _ = run(["simulate", "--help"], capsys, monkeypatch, lang_env="fr_FR.UTF-8")
    assert "[par défaut\u00a0: 100]" in out and "[obligatoire]" in out
    assert [word for word in ENGLISH_WORDS if word in out] == []


@pytest.mark.parametrize(("argv", "said"), [
    (["play", "--nope"], "Option inconnue\u00a0: --nope"),
    (["simulate", "dtc", "--games", "abc"],
     "Valeur invalide pour '--games' / '-n'\u00a0: «\u00a0abc\u00a0» n'est pas un nombre entier."),
    (["worker"], "Option manquante\u00a0: '--database'."),
    (["games", "x", "y"], "Arguments en trop\u00a0: x y."),
    (["nocommand"], "Commande inconnue\u00a0: 'nocommand'."),
    (["play", "dtc", "--players"], "L'option --players attend une valeur."),
])
def test_usage_errors_are_french(capsys, monkeypatch, argv, said):
    code, _, err = run(argv, capsys, monkeypatch, lang_env="fr_FR.UTF-8")
    assert code == 2
    assert f"Erreur\u00a0: {said}" in err
    assert [word for word in ENGLISH_WORDS if word in err] == []


def test_usage_errors_follow_lang_given_on_the_command_line(capsys, monkeypatch):
    code, _, err = run(["play", "--nope", "--lang", "fr"], capsys, monkeypatch)
    assert code == 2
    assert err.startswith("Utilisation\u00a0: ")
    assert "Pour l'aide, tapez «\u00a0" in err and "Erreur\u00a0: Option inconnue" in err


def test_usage_errors_stay_english_in_english(capsys, monkeypatch):
    code, _, err = run(["simulate", "dtc", "--games", "abc"], capsys, monkeypatch)
    assert code == 2
    assert err.startswith("Usage: ")
    assert "Error: Invalid value for '--games' / '-n'" in err


def test_an_abort_is_said_in_the_language_and_exits_1(capsys, monkeypatch):
    import typer

    def abort(*args, **kwargs):
        raise typer.Abort()

    monkeypatch.setattr(cli, "_options", abort)  # `rules` calls it
    code, _, err = run(["rules", "dtc", "--lang", "fr"], capsys, monkeypatch)
    assert code == 1
    assert err.strip() == "Abandon."


def test_lang_before_the_command_is_understood(capsys, monkeypatch):
    # `ludotheque --help --lang fr` was refused ("No such option: --lang").
    code, out, _ = run(["--help", "--lang", "fr"], capsys, monkeypatch)
    assert code == 0 and out.startswith("Utilisation\u00a0: ")
    assert "--lang <texte>" in out
    code, out, _ = run(["--lang", "fr", "rules", "dtc"], capsys, monkeypatch)
    assert code == 0 and "Matériel" in out
    code, out, _ = run(["--lang", "fr", "rules", "dtc", "--lang", "en"], capsys, monkeypatch)
    assert code == 0 and "Components" in out  # the command's own --lang wins
    code, out, _ = run(["rules", "dtc"], capsys, monkeypatch)
    assert code == 0 and "Components" in out  # and it does not stay for the next run


def test_an_unknown_option_close_to_one_asks_in_french_whether_it_was_meant(capsys, monkeypatch):
    # (English keeps click's own words.)
    code, _, err = run(["play", "17", "--bogus", "--lang", "fr"], capsys, monkeypatch)
    says = "Option inconnue : --bogus (vouliez-vous dire --bots ?)"
    assert code == 2 and says in " ".join(err.replace("\u00a0", " ").split()), err


def _help_pages(lang, capsys, monkeypatch):
    """Every help page of the command line (the group's and each command's) in `lang`."""
    import typer

    pages = {}
    for name in ["", *typer.main.get_command(cli.app).commands]:
        code, out, _ = run([name, "--help", "--lang", lang] if name else ["--help", "--lang", lang],
                           capsys, monkeypatch)
        assert code == 0, (name, out)
        pages[name] = out
    return pages


def test_every_help_text_of_every_command_is_in_french_and_in_english(capsys, monkeypatch):
    # Before: the arguments' names (game, RECORD.json, RESULTS...) and <list[Path]> were
    # English on the French pages.
    from ludotheque.i18n import t
    from ludotheque.ui.terminal.usage import _HELP_KEYS

    def squeezed(text):  # immune to wrapping (and to a line broken after a hyphen)
        return "".join(text.split())

    pages = {lang: _help_pages(lang, capsys, monkeypatch) for lang in ("fr", "en")}
    keys = sorted(set(_HELP_KEYS.values()))
    assert {"cli.help", "cli.replay.help", "cli.arg.record", "cli.opt.step_seat"} <= set(keys)
    for lang, other in (("fr", "en"), ("en", "fr")):
        shown = squeezed(" ".join(pages[lang].values()))
        for key in keys:
            assert squeezed(t(key, lang)) in shown, (lang, key)
            if t(key, other) != t(key, lang):
                assert squeezed(t(key, other)) not in shown, (lang, key)
    for name, page in pages["fr"].items():
        assert [word for word in ENGLISH_WORDS if word in page] == [], name
        assert re.findall(r"<(?:int|float|str|path|list\[\w+\])>", page) == [], name
    replay = pages["fr"]["replay"]
    assert "replay [OPTIONS] {PARTIE.json}" in replay and "PARTIE.json <chemin>" in replay
    assert "{JEU}" in pages["fr"]["rules"] and "RÉSULTATS <chemin>" in pages["fr"]["report"]


@pytest.mark.parametrize(("argv", "said"), [
    (["simulate", "dtc", "--games", "abc"],
     "Error: Invalid value for '--games' / '-n': 'abc' is not a whole number."),
    (["play", "dtc", "--budget-ms", ""],
     "Error: Invalid value for '--budget-ms': '' is not a number."),
    (["play", "dtc", "--seed", "1.5"],
     "Error: Invalid value for '--seed': '1.5' is not a whole number."),
])
def test_an_english_usage_error_names_the_value_given_as_the_french_one_does(capsys, monkeypatch,
                                                                            argv, said):
    # found by tests/test_fuzz_cli.py: English showed the validation's own sentence
    # ("Input should be a valid integer, unable to parse string as an integer"), no value
    code, _, err = run(argv, capsys, monkeypatch)
    assert code == 2 and err.startswith("Usage: ")
    assert said in err, err


def test_a_bad_value_is_repeated_cut_and_with_its_control_characters_shown(capsys, monkeypatch):
    # found by tests/test_fuzz_cli.py: a value was repeated whole and as is (an escape
    # sequence ran in the terminal, a pasted page came back whole)
    code, _, err = run(["simulate", "dtc", "--games", "\x1b[31m1"], capsys, monkeypatch)
    assert code == 2 and "'␛[31m1' is not a whole number." in err and "\x1b" not in err
    code, _, err = run(["play", "dtc", "--budget-ms", "x" * 500, "--lang", "fr"], capsys,
                       monkeypatch)
    assert code == 2 and f"«\u00a0{'x' * 80}…\u00a0» n'est pas un nombre" in err, err


@pytest.mark.parametrize(("lang", "said"), [("fr", "\u00a0» a trop de chiffres."),
                                            ("en", "' has too many digits.")])
def test_a_number_with_thousands_of_digits_is_said_in_the_language(capsys, monkeypatch, lang, said):
    # found by tests/test_fuzz_cli.py: the validation's English sentence ("Unable to parse
    # input string as an integer, exceeded maximum size") showed in French too
    code, _, err = run(["play", "dtc", "--seed", "9" * 5000, "--lang", lang], capsys, monkeypatch)
    assert code == 2 and f"{'9' * 80}…{said}" in err, err
    assert "Unable" not in err


@pytest.mark.parametrize(("argv", "option"), [
    (["rules", "dtc", "-p", "3", "--players", "4"], "--players / -p"),
    (["simulate", "dtc", "-n", "2", "--rotate", "--no-rotate"], "--rotate / --no-rotate"),
    (["play", "dtc", "--seed", "1", "--watch", "--seed", "2"], "--seed"),
    (["--lang", "fr", "--lang", "en", "games"], "--lang"),
    (["report", "a.csv", "--png", "a", "--png", "b"], "--png"),
])
def test_an_option_given_twice_is_refused_not_the_last_taken(capsys, monkeypatch, argv, option):
    """Click kept the last value and dropped the others unsaid (`-p 3 -p 4` played 4)."""
    group = argv[0] == "--lang"  # the language: the first one given
    code, out, err = run(argv if group else [*argv, "--lang", "fr"], capsys, monkeypatch)
    assert code == 2 and out == ""
    assert f"Erreur\u00a0: L'option {option} est donnée plusieurs fois\u00a0: " \
        "donnez-la une seule fois." in err, err
    if not group:
        code, _, err = run([*argv, "--lang", "en"], capsys, monkeypatch)
        assert code == 2 and f"Error: Option {option} is given more than once: give it once." in err


def test_a_game_option_given_twice_is_refused_and_repeatable_options_stay_repeatable(
        capsys, monkeypatch):
    code, _, err = run(["rules", "dtc", "-o", "hand_size=4", "-o", "hand_size=5", "--lang", "fr"],
                       capsys, monkeypatch)
    said = " ".join(err.replace("\u00a0", " ").split())
    assert code == 2 and "L'option « hand_size » est donnée deux fois (deux --option) : " \
        "donnez-la une seule fois." in said, err
    code, out, _ = run(["rules", "dtc", "-o", "hand_size=4", "-o", "jokers=4",
                        "--lang", "en"], capsys, monkeypatch)
    assert code == 0 and out


def test_after_double_dash_an_option_is_an_argument_and_said_as_such(capsys, monkeypatch):
    """`--` ends the options (POSIX): what follows is read as arguments, and the error
    names them (never an option silently dropped)."""
    code, _, err = run(["rules", "--", "--lang"], capsys, monkeypatch)
    assert code == 2 and "Unknown game '--lang'" in err, err
    code, _, err = run(["games", "--", "--json"], capsys, monkeypatch)
    assert code == 2 and "Got unexpected extra arguments (--json)" in err, err
    code, out, _ = run(["rules", "--lang", "fr", "--", "dtc"], capsys, monkeypatch)
    assert code == 0 and "Donne Tes Cartes" in out
