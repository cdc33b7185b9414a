"""The terminal names its one person "You"/"Vous" in every {player}-style field, so a
sentence written for a third person must never reach that reader ("Vous doit", "You has"):
every game's event lines and table, read by each seat over seeded random games, in both
languages. And a bot's level in parentheses is never followed by another parenthesis
("... à Camille (heuristique) (dés désormais : ...)")."""

from __future__ import annotations

import io
import random
import re
from functools import cache

import pytest
from rich.console import Console

from ludotheque.core.match import Match
from ludotheque.core.registry import all_games, get_game
from ludotheque.i18n import catalog, t
from ludotheque.ui.terminal.play import BOT_NAMES, bot_label

# (with or without a spec: « {player:The} pioche »)
SEAT_FIELDS = r"\{(?:player|giver|target|caller|skipped|taker|victim|to|name)(?::\w+)?\}"
# what may stand between the subject and its verb
PRONOUNS = r"(?:(?:ne|n'|vous|l'|les|lui|en|y)\b\s*)*"


@cache
def third_person_verbs() -> dict[str, set[str]]:
    """The verbs the catalogs conjugate after a seat's name, per language ("pioche", "draws")."""
    all_games()
    verbs: dict[str, set[str]] = {"en": {"has", "is", "was", "does"},
                                  "fr": {"a", "est", "doit", "peut", "fait", "va"}}
    for entry in catalog().values():
        for lang in ("en", "fr"):
            texts = entry[lang] if isinstance(entry[lang], list) else [entry[lang]]
            for text in texts:
                for match in re.finditer(SEAT_FIELDS + r"\s+" + PRONOUNS + r"([\w']+)", text):
                    word = match.group(1).split("'")[-1]
                    if lang == "fr" or word.endswith("s"):
                        verbs[lang].add(word.lower())
    verbs["fr"] -= {"de", "et", "à", "au", "le", "la", "pour", "sur", "avec", "seulement"}
    return verbs


def wrong_agreement(line: str, lang: str) -> str | None:
    """The "Vous <third person>" / "You <verb>s" in a line, if any."""
    you = "Vous" if lang == "fr" else "You"
    for match in re.finditer(rf"\b{you}\s+{PRONOUNS}([\w']+)", line):
        word = match.group(1).split("'")[-1].lower()
        if word in third_person_verbs()[lang]:
            return match.group(0)
    return None


def double_parenthesis(line: str) -> bool:
    """"Camille (heuristique) (dés ...)" or "(jouée par Camille (moyen))". Two spaces or more
    part a table's columns: "Bruno (medium)   (1*)" is a name, then 17's face-down card."""
    return bool(re.search(r"\) ?\(|\([^()]*\([^()]*\)[^()]*\)", line))


def terminal_names(players: int, reader: int, lang: str) -> list[str]:
    """The names the terminal gives one person and bots: You, Camille (heuristique)..."""
    return [t("ui.you", lang) if seat == reader
            else f"{BOT_NAMES[seat % len(BOT_NAMES)]} ({bot_label('medium', lang)})"
            for seat in range(players)]


def plain(renderable) -> str:
    console = Console(file=io.StringIO(), width=300, color_system=None)
    console.print(renderable)
    return console.file.getvalue()


def faults(lines, lang: str, where: str) -> list[str]:
    found = []
    for line in lines:
        wrong = wrong_agreement(line, lang)
        if wrong:
            found.append(f"{where}: {wrong!r} in {line.strip()!r}")
        if double_parenthesis(line):
            found.append(f"{where}: double parenthesis in {line.strip()!r}")
    return found


def game_cases():
    for game in all_games():
        for players in sorted({game.min_players, game.default_players, game.max_players}):
            yield pytest.param(game.name, players, id=f"{game.name}-{players}p")


@pytest.mark.parametrize(("name", "players"), list(game_cases()))
def test_every_line_speaks_to_the_reader_and_has_no_double_parenthesis(name, players):
    game = get_game(name)
    renderer = game.parts.renderer
    options = game.validate(players, {})
    found: list[str] = []
    for index in range(6):
        seed = 1700 + 31 * players + index
        match = Match(game, players, options, seed=seed)
        rng = random.Random(seed)
        decisions = 0
        while True:
            if decisions % 9 == 0 or match.is_over():  # tables: a sample of the states
                for lang in ("en", "fr"):
                    for reader in range(players):
                        names = terminal_names(players, reader, lang)
                        text = plain(renderer.table(match.view(reader), lang, names))
                        found += faults(text.splitlines(), lang, f"{name} table seed={seed}")
            if match.is_over():
                break
            legal = match.legal_actions()
            match.apply(legal[rng.randrange(len(legal))])
            decisions += 1
        for lang in ("en", "fr"):
            for reader in range(players):
                names = terminal_names(players, reader, lang)
                for event in match.events_for(reader):
                    found += faults(renderer.event_lines(event, lang, names, reader), lang,
                                    f"{name} event {event['kind']} seed={seed}")
    assert sorted(set(found)) == []


def test_the_check_catches_the_faults_it_is_for():
    assert wrong_agreement("Vous doit jouer deux cartes ce tour-ci.", "fr")
    assert wrong_agreement("Vous n'a plus de carte.", "fr")
    assert wrong_agreement("Dernière contestation : Vous l'a prise.", "fr")
    assert wrong_agreement("You has no card left.", "en")
    assert wrong_agreement("You draws a card.", "en")
    assert not wrong_agreement("Vous devez jouer deux cartes ce tour-ci.", "fr")
    assert not wrong_agreement("Camille vous donne un dé.", "fr")
    assert not wrong_agreement("You draw a card.", "en")
    assert double_parenthesis("Camille donne un dé à Denis (moyen) (dés désormais : 3).")
    assert double_parenthesis("  9 (recto) (jouée par Denis (moyen))")
    assert not double_parenthesis("Camille (moyen) donne un dé à Denis (moyen) ; dés : 3.")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_dtc_a_skipped_chain_speaks_to_the_reader_in_both_places(lang):
    # Seat 0 has no card left and seat 1 starts the new chain: rare in random games.
    render = get_game("dtc").parts.renderer
    event = {"kind": "chain", "reason": "skipped", "skipped": 0, "player": 1}
    for reader in (0, 1):
        lines = render.event_lines(event, lang, terminal_names(3, reader, lang), reader)
        assert faults(lines, lang, "dtc chain_skipped") == []
        assert any(("vous" if lang == "fr" else "you") in line.lower() for line in lines)
    other = render.event_lines(event, lang, terminal_names(3, 2, lang), 2)
    assert "Bruno" in other[0] and "Camille" in other[0]


@pytest.mark.parametrize(("name", "players", "options", "seed", "en", "fr"), [
    ("dtc", 3, {}, 50, "Game over: you and Cy win, tied with the fewest penalty cards",
     "Fin de la partie\u00a0: vous et Cy gagnez, à égalité avec le moins de cartes malus"),
    ("decimoarr", 3, {}, 17, "Game over: you and Bob win, tied with the most diamonds.",
     "Fin de la partie\u00a0: vous et Bob gagnez, à égalité avec le plus de diamants."),
    ("wazabi", 4, {"teams": True}, 1, "Game over: you and Cy win, one of you having",
     "Fin de la partie\u00a0: vous et Cy gagnez, l'un de vous deux n'ayant plus de dé.")],
    ids=["dtc", "decimoarr", "wazabi-teams"])
def test_a_reader_who_shares_the_win_is_spoken_to_with_the_others(name, players, options, seed,
                                                                   en, fr):
    """A tie read by one of its winners said « vous et Cy gagnent » (a third person's verb
    after « vous »): « vous et Cy gagnez » now, the other winners named after "you"."""
    from ludotheque.ui.terminal.play import end_lines

    match = Match(get_game(name), players, options=options, seed=seed)
    rng = random.Random(seed)
    while not match.is_over():
        match.apply(rng.choice(match.legal_actions()))
    assert match.state.winners()[0] == 0 and len(match.state.winners()) == 2
    names = ["Ada", "Bob", "Cy", "Dee"][:players]
    assert end_lines(match, 0, "en", names)[-1].startswith(en)
    assert end_lines(match, 0, "fr", names)[-1].startswith(fr)


@pytest.mark.parametrize("key, params", [
    ("dtc.event.game_over", {"score": 4}), ("decimoarr.event.game_over", {}),
    ("diciassette.event.game_over", {"victories": 3}), ("wazabi.event.game_over", {}),
    ("wazabi.event.tournament_over", {})])
def test_a_reader_sharing_the_win_with_two_others_is_listed_first_in_one_list(key, params):
    """Three winners, the reader among them, read "you and Bob and Cy win" (« vous et Bob
    et le joueur 3 gagnez »: "and" twice): one list now, the reader first, and two winners
    still "you and Cy"."""
    from ludotheque.kit.narration import Narrator

    names = {"en": ["Ada", "Bob", "Player 3", "Dee"], "fr": ["Ada", "Bob", "Joueur 3", "Dee"]}
    said = {lang: Narrator(lang, names[lang], 0).winners(key, [0, 1, 2], **params)
            for lang in names}
    assert "you, Bob and Player 3 win" in said["en"], said
    assert "vous, Bob et le joueur 3 gagnez" in said["fr"], said
    two = {lang: Narrator(lang, names[lang], 2).winners(key, [0, 2], **params) for lang in names}
    assert "you and Ada win" in two["en"] and "vous et Ada gagnez" in two["fr"], two



def tables(name: str, seed: int, reader_of, lang: str) -> list[list[str]]:
    """A real 3-player table's lines (no-break spaces as spaces), played at random from
    `seed` until `reader_of(match)` names a seat, read by that seat, then the next two."""
    game = get_game(name)
    match = Match(game, 3, game.validate(3, {}), seed=seed)
    rng = random.Random(seed)
    while reader_of(match) is None:
        match.apply(rng.choice(match.legal_actions()))
    seat = reader_of(match)
    return [plain(game.parts.renderer.table(match.view(reader), lang,
                                            terminal_names(3, reader, lang)))
            .replace("\u00a0", " ").splitlines()
            for reader in (seat, (seat + 1) % 3, (seat + 2) % 3)]


TURNS = {  # seed 17: the table's first line, read by the seat to play, then by the next seat
    ("diciassette", "en"): ("17 / Diciassette  ·  Round 1  ·  Your turn  ·  Direction: clockwise",
                            "17 / Diciassette  ·  Round 1  ·  Turn: Camille (medium)  ·  "
                            "Direction: clockwise"),
    ("diciassette", "fr"): ("17 / Diciassette  ·  Manche 1  ·  À vous de jouer  ·  Sens : horaire",
                            "17 / Diciassette  ·  Manche 1  ·  Tour : Camille (moyen)  ·  "
                            "Sens : horaire"),
    ("decimoarr", "en"): ("Décimoarr...  ·  Round 1/7  ·  Your turn  ·  Free first flip (not a "
                          "home card)", "Décimoarr...  ·  Round 1/7  ·  Turn: Denis (medium)  ·  "
                          "Free first flip (not a home card)"),
    ("decimoarr", "fr"): ("Décimoarr...  ·  Manche 1/7  ·  À vous de jouer  ·  Premier coup libre "
                          "(pas une carte devant un joueur)", "Décimoarr...  ·  Manche 1/7  ·  "
                          "Tour : Denis (moyen)  ·  Premier coup libre (pas une carte devant un "
                          "joueur)"),
    ("wazabi", "en"): ("Wazabi  ·  Your turn  ·  Direction: clockwise",
                       "Wazabi  ·  Turn: Camille (medium)  ·  Direction: clockwise"),
    ("wazabi", "fr"): ("Wazabi  ·  À vous de jouer  ·  Sens : horaire",
                       "Wazabi  ·  Tour : Camille (moyen)  ·  Sens : horaire"),
}


@pytest.mark.parametrize(("name", "lang"), list(TURNS), ids=[f"{n}-{lang}" for n, lang in TURNS])
def test_the_table_says_your_turn_to_the_reader_and_names_the_seat_to_the_others(name, lang):
    """The table's header said "Turn: You" (« Tour : Vous ») to the person whose turn it
    was: "Your turn" (« À vous de jouer »), as the web table and the events say it."""
    mine, theirs, _ = tables(name, 17, lambda match: match.view(0)["to_act"], lang)
    assert (mine[0], theirs[0]) == TURNS[name, lang]


@pytest.mark.parametrize(("lang", "lines"), [
    ("en", ['On the table: Denis (medium) → you: "two 6s"',
            'On the table: Denis (medium) → Bruno (medium): "two 6s"',
            'On the table: you → Bruno (medium): "two 6s"  (really: 4, 6)']),
    ("fr", ["Sur la table : Denis (moyen) → vous : « deux 6 »",
            "Sur la table : Denis (moyen) → Bruno (moyen) : « deux 6 »",
            "Sur la table : vous → Bruno (moyen) : « deux 6 »  (en vrai : 4, 6)"])])
def test_dtc_an_offer_on_the_table_names_the_reader_you_inside_the_line(lang, lines):
    """"On the table: Denis → You" (« Sur la table : Denis → Vous ») put the capital of the
    reader's name mid-line: "you" (« vous »), read by the target, a third seat, the giver."""
    def target(match):
        pending = match.view(0)["pending"]
        return 0 if pending is not None and pending["target"] == 0 else None

    read = tables("dtc", 17, target, lang)
    assert [next(line.rstrip() for line in table if line.startswith(lines[0][:8]))
            for table in read] == lines
