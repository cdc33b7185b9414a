"""The French review of issue 17, as rules over every French text of the catalog."""

import re

import pytest

from ludotheque.core.registry import all_games
from ludotheque.i18n import catalog

NAMED = r"\{(?:player|giver|target|caller|skipped|name|victim|to)(?::[tT]he)?\}"


def french():
    all_games()  # the games register their texts when loaded
    return {key: entry["fr"] for key, entry in catalog().items()}


def test_no_past_participle_agrees_with_a_name_of_unknown_gender():
    # "Camille est tiré au sort", "Fanny éliminé": the sentence must not need a gender.
    bad = {key: text for key, text in french().items()
           if re.search(NAMED + r" (?:est|a été) \w+é\b", text)
           or re.search(r"\bVous êtes \w+é\b", text)}
    assert not bad


def test_calling_a_bluff_uses_the_usual_french_word():
    bad = {key: text for key, text in french().items() if "relever le défi" in text
           or "relève le défi" in text or "relevez le défi" in text}
    assert not bad


def test_a_status_shown_next_to_a_name_has_no_gender():
    assert french()["decimoarr.table.out"] == "hors jeu"


# -- the classes of faults the review fixed, checked over every French text

# English words a French text must not show (once code, option names and {fields} are out).
ENGLISH = {"the", "and", "of", "you", "your", "with", "heuristic", "call", "give", "accept",
           "challenge", "pass", "left", "right", "player", "players", "seat", "turn", "winner",
           "winners", "round", "card", "cards", "dice", "die", "draw", "discard", "keep", "take",
           "target", "up", "down", "add", "penalty", "victory"}


def prose(text: str) -> str:
    """A French text without what is not French prose: `code`, {fields}, option names and
    values (with _ or =), command lines (--x, pip ...) and JSON examples."""
    text = re.sub(r"`[^`]*`|\{\{.*?\}\}|\{[^}]*\}|\"[a-z_]+\":\s*(\"[^\"]*\"|\[[^\]]*\])", " ",
                  text)
    text = re.sub(r"pip install '[^']*'|ludotheque \w+[^.]*|--[\w/-]+", " ", text)
    return " ".join(word for word in text.split() if not re.search(r"[_=/\d]", word))


def test_no_english_word_is_left_in_a_french_text():
    bad = {key: text for key, text in french().items()
           if ENGLISH & set(re.findall(r"\w+", prose(text).lower()))}
    assert not bad


def test_french_punctuation_has_its_space_before_colon_semicolon_question_and_exclamation():
    # "1: Vous", "D1:" -> "1 : Vous"; the catalog's French holds a (no-break) space there.
    bad = {key: text for key, text in french().items()
           if re.search(r"[^\s\u00a0\u202f:][:;?!](\s|$)", prose(text).replace("Memoarrr!", ""))}
    assert not bad


def test_french_quotes_are_guillemets():
    bad = {key: text for key, text in french().items()
           if re.search(r"[\"\u201c\u201d]", prose(text))}
    assert not bad


def test_winners_are_announced_without_a_gender():
    # "Gagnant(s) : Fanny" guesses a gender; "Victoire de Fanny" does not.
    bad = {key: text for key, text in french().items() if re.search(r"\bGagnant", text)}
    assert not bad


def test_statuses_next_to_a_name_have_no_gender():
    statuses = ["web.table.out", "web.table.connected", "web.table.absent", "web.table.offline",
                "wazabi.table.out", "decimoarr.table.out", "decimoarr.table.in_play"]
    texts = french()
    bad = {key: texts[key] for key in statuses
           if re.search(r"\b(élimin|connect|absent|sorti|seul|parti|gagnant|perdant)", texts[key])}
    assert not bad


def test_every_bot_has_a_french_name():
    """The terminal shows "Camille (heuristique)", never a bot's English name."""
    import ludotheque.interop  # noqa: F401  (registers OpenSpiel's bots when installed)
    from ludotheque.bots import bot_factories
    from ludotheque.i18n import has_text, t

    missing = [(game.name, bot) for game in all_games() for bot in bot_factories(game)
               if not has_text(f"ui.bot.{bot}") or t(f"ui.bot.{bot}", "fr") == bot
               and bot != "ismcts"]
    assert missing == []


def test_move_hints_are_in_french_and_read_back_as_the_same_move():
    """`[call]`, `[give p2]`, `[accept]` become `[annoncer]`, `[donner j2]`, `[accepter]`,
    which the parser reads as the very move."""
    from ludotheque.testing.conformance import random_states

    for game in all_games():
        seen = set()
        players = game.default_players
        for state, _, _ in random_states(game, players, game.validate(players, {}), seed=17,
                                         games=3):
            for action in state.legal_actions():
                if action in seen:
                    continue
                seen.add(action)
                hint = game.action_hint(action, "fr")
                assert game.parse_action(hint, state) == action, (game.name, hint)
                assert not ENGLISH & set(hint.split()), (game.name, hint)
                assert game.action_hint(action, "en") == game.action_to_text(action)
        assert len(seen) > 3, game.name


def test_the_rules_text_puts_a_space_before_each_colon_in_french():
    # "- **D1**: ..." and "- `option=x`: ..." were written by code, outside the catalog.
    for game in all_games():
        text = game.rules_text("fr", game.validate(game.default_players, {}))
        lines = [line for line in text.splitlines()
                 if re.search(r"[^\s\u00a0:/]:(\s|$)", re.sub(r"`[^`]*`", "", line))
                 and "Memoarrr!" not in line]
        assert lines == [], game.name
        assert "- **" in text and " : " in text


def test_short_card_names_do_not_say_tu():
    # Wazabi's cards say "vous" (Prenez, Donnez, Piochez); their short names were "Prends 1
    # carte", "Donne 1 dé", "Pioche 3": the familiar imperative. Short names use the infinitive.
    tu = re.compile(r"^(?:Prends|Donne|Pioche|Rejoue|Choisis|Supprime)\b")
    bad = {key: text for key, text in french().items()
           if key.startswith("wazabi.short.") and tu.search(text)}
    assert not bad


def test_wazabi_card_codes_are_french_in_french_hints_and_both_parse():
    # "[jouer passdice]" showed an English code to type; now "[jouer voisin]", and the
    # English code is still read (records and English players use it).
    from ludotheque.core.registry import get_game
    from ludotheque.games.wazabi.components import CODES

    game = get_game("wazabi")
    for code in CODES:
        play = game.text_to_action(f"play {code}")
        hint = game.action_hint(play, "fr")
        assert code not in hint.split(), hint
        assert game.text_to_action(hint) == play
        assert hint.split()[1] in game.notation_help("fr")
    assert game.action_hint(game.text_to_action("keep passdice"), "fr") == "garder voisin"
    assert game.text_to_action("retire1") == game.text_to_action("play remove1")


def test_no_name_follows_de_or_que_where_it_would_need_an_elision():
    # "Au tour de Ada", "« trois 1 » de Ann", "(de Ada)": French elides before a vowel
    # ("d'Ada"), which a name filled in later cannot do; the texts are worded around it.
    # (the command line's {name} is a bot's or a measure's, not a person's)
    bad = {key: text for key, text in french().items() if not key.startswith("cli.")
           and re.search(r"\b(?:[dD]e|que|[lL]e|[lL]a) " + NAMED, text)}
    assert not bad


def test_decimoarr_card_names_are_quoted_so_they_need_no_agreement():
    # "cartes décimal", "cartes perdu": the rulebook's card names, invariable in « ».
    unquoted = re.compile(r"\bcartes? (?:décimal|perdu|gagnant du tour)(?![es\w])")
    bad = {key: text for key, text in french().items() if unquoted.search(text)}
    assert not bad
    game = next(g for g in all_games() if g.name == "decimoarr")
    rules = game.rules_text("fr", game.validate(game.default_players, {}))
    assert not unquoted.search(rules.replace("\n", " ").replace("  ", " "))


def test_one_french_word_each_for_the_lobby_and_the_replay():
    # the page at / is "l'accueil" (not also "le salon"); a finished game's step-by-step
    # view is "la relecture" (not also "la rediffusion")
    bad = {key: text for key, text in french().items()
           if re.search(r"\bsalon\b|rediffusion", text, re.IGNORECASE)}
    assert not bad


# -- the terminal's own texts (second review)

def test_no_seat_name_follows_a_bare_a_and_no_place_reads_as_instead():
    # "Passez l'appareil à Joueur 2": a person's name at the screen can be "Joueur 2", which
    # takes an article ("au joueur 2", "par le joueur 2"); "permis à la place 2" reads as
    # "permitted instead". ({name} is also a bench's or an option's; the page's own texts
    # name people who typed their names.)
    bad = {key: text for key, text in french().items()
           if re.search(r"à la place \{", text) or re.search(r"\b[àÀ] " + NAMED, text)
           or re.search(r"\b(?:par|pour|entre|devant|contre|avec|chez|que|de|d')\s*"
                        r"\{(?:player|giver|target|caller|skipped|victim|to)\}", text)}
    assert not bad


def test_no_word_explains_itself():
    # "(quitter : quitter la partie)" (a field's format, as in {to:to}, is no word)
    bad = {key: text for key, text in french().items()
           if re.search(r"\b(\w+)[\s\u00a0\u202f]*:\s*\1\b", re.sub(r"\{[^}]*\}", "", text),
                        re.IGNORECASE)}
    assert not bad


def test_a_saved_game_is_said_the_usual_way():
    texts = french()
    assert texts["ui.saved"] == "Partie enregistrée dans {path}."
    assert texts["ui.saved_resume"].startswith("Partie enregistrée dans {path}\u00a0; pour la "
                                               "reprendre")
    assert not {key: text for key, text in texts.items() if "Enregistrement sauvegardé" in text}


def test_a_default_seat_name_takes_its_article_after_a():
    # « À Joueur 2 de jouer » is not French: « Au joueur 2 de jouer », « à la place 2 »,
    # while a person's name stays « à Ada »; English is unchanged.
    from ludotheque.games.diciassette.render import event_lines
    from ludotheque.games.wazabi.actions import ACTIONS
    from ludotheque.games.wazabi.wording import describe_action

    turn = {"kind": "turn", "player": 1, "plays_required": 1}
    assert event_lines(turn, "fr", ["Joueur 1", "Joueur 2"], 0) == ["Au joueur 2 de jouer."]
    assert event_lines(turn, "fr", ["Joueur 1", "Ada"], 0) == ["À Ada de jouer."]
    assert event_lines(turn, "fr", ["Place 1", "Place 2"], None) == ["À la place 2 de jouer."]
    assert event_lines(turn, "en", ["Player 1", "Player 2"], 0) == ["Player 2's turn."]
    give = next(i for i, move in enumerate(ACTIONS) if move.kind == "give" and move.arg == 1)
    view = {"seat": 0}
    assert describe_action(give, "fr", view, ["Joueur 1", "Joueur 2"]) == "donner un dé au joueur 2"
    assert describe_action(give, "fr", view, ["Joueur 1", "Ada (facile)"]) == "donner un dé à Ada"
    # « à » and the article are French: an English text never asks for them
    assert not [key for key, entry in catalog().items()
                if re.search(r":[tT](?:o|he)\}", entry["en"])]


def test_a_default_seat_name_takes_its_article_after_any_preposition():
    # « jouée par Joueur 2 », « une Pénalité pour Joueur 3 »: after « par », « pour »,
    # « entre »... a default seat name takes its article too, a person's name still none.
    from ludotheque.games.diciassette.render import resolution_lines
    from ludotheque.games.dtc.render import event_lines as dtc_lines
    from ludotheque.games.wazabi.render import event_lines as wazabi_lines

    resolution = {"caller": 1, "cards": [{"card": "4s", "face_up": True, "by": 2}],
                  "reached": True, "sum": 17, "traps": [2], "tokens": []}
    defaults = ["Joueur 1", "Joueur 2", "Joueur 3"]
    lines = resolution_lines(resolution, "fr", defaults, 0)
    assert "  4 (recto), jouée par le joueur 3" in lines
    assert ("Piège posé par le joueur 3\u00a0: une Victoire pour le joueur 3, une Pénalité "
            "pour le joueur 2.") in lines
    lines = resolution_lines(resolution, "fr", ["Ada", "Zoé", "Ugo (facile)"], 1)
    assert "  4 (recto), jouée par Ugo" in lines
    assert ("Piège posé par Ugo (facile)\u00a0: une Victoire pour Ugo (facile), une Pénalité "
            "pour vous.") in lines
    challenge = {"kind": "challenge", "player": 0, "giver": 2, "taker": 0, "count": 2,
                 "value": 5, "cards": ["5", "5"], "true": True, "higher": False}
    assert "annoncé par la place 3" in dtc_lines(challenge, "fr", ["Place 1", "Place 2", "Place 3"],
                                                 1)[0]
    assert "annoncé par Ada" in dtc_lines(challenge, "fr", ["Zoé", "Ugo", "Ada"], 1)[0]
    tie = {"kind": "start_roll", "rolls": [], "tied": [0, 2]}
    assert wazabi_lines(tie, "fr", defaults, 1) == [
        "Égalité entre le joueur 1 et le joueur 3\u00a0: nouveau lancer."]
    assert wazabi_lines(tie, "fr", ["Ada", "Zoé", "Ugo"], 1) == ["Égalité entre Ada et Ugo\u00a0: "
                                                                 "nouveau lancer."]
    assert wazabi_lines(tie, "en", ["Player 1", "Player 2", "Player 3"], 1) == [
        "Tie between Player 1 and Player 3: they roll again."]
    three = {**tie, "tied": [0, 1, 2]}  # as a spectator reads it (the reader tied: « vous »)
    assert wazabi_lines(three, "fr", ["Ada", "Zoé", "Ugo"], None) == [
        "Égalité entre Ada, Zoé et Ugo\u00a0: nouveau lancer."]
    assert wazabi_lines(three, "en", ["Ada", "Zoé", "Ugo"], None) == [
        "Tie between Ada, Zoé and Ugo: they roll again."]
    assert wazabi_lines(three, "fr", ["Ada", "Zoé", "Ugo"], 1) == [
        "Égalité entre Ada, vous et Ugo\u00a0: nouveau lancer."]


@pytest.mark.parametrize("lang, joined", [
    ("en", ["", "Ada", "Ada and Zoé", "Ada, Zoé and Ugo", "Ada, Zoé, Ugo and Léa"]),
    ("fr", ["", "Ada", "Ada et Zoé", "Ada, Zoé et Ugo", "Ada, Zoé, Ugo et Léa"])])
def test_names_in_a_sentence_are_joined_as_a_person_writes_them(lang, joined):
    """« A et B », « A, B et C » ("A and B", "A, B and C"), never « A, B »: the winners in
    the terminal's last line, in the web's result, in the log."""
    from ludotheque.i18n import join_names

    names = ["Ada", "Zoé", "Ugo", "Léa"]
    assert [join_names(names[:count], lang) for count in range(5)] == joined


def test_no_two_texts_are_run_together():
    """A merge once glued a badge's words to the next text's (« un bot joue à votre
    placeQuitter cette partie… »): no lower-case letter is followed by a capital starting
    a word, in either language, but in names that are spelled so (OpenSpiel, WebSockets)."""
    glued = re.compile(r"[a-zà-ÿœ][A-ZÀ-ÖØ-ÞŒ][a-zà-ÿœ]")
    spelled = ("OpenSpiel", "WebSockets", "WebSocket")
    bad = {}
    for key, entry in catalog().items():
        for lang, text in entry.items():
            for name in spelled:
                text = text.replace(name, "")
            if glued.search(text):
                bad[key, lang] = text
    assert not bad


def test_default_seat_names_in_a_list_or_after_a_colon_take_their_article():
    """« On attend encore : Place 2, Place 3 et Place 4 », « Victoire : Joueur 2 », « Place 2
    et Place 3 ont gagné »: inside a sentence a default seat name is a common noun, lower
    case with its article, each one in a list; only a sentence's first word has a capital.
    English keeps "Seat 2, Seat 3 and Seat 4"."""
    from ludotheque.games.diciassette.render import event_lines
    from ludotheque.i18n import Names, t
    from ludotheque.kit.narration import winners_line
    from ludotheque.kit.scene import result_block
    from ludotheque.web.frames import result_entry

    seats = ["Place 1", "Place 2", "Place 3"]
    assert t("web.table.waiting_for", "fr", names=Names(seats[1:], "fr")) == \
        "On attend encore la place 2 et la place 3."
    assert result_entry([1, 2], [0, 1, 1], seats, "fr")["lines"] == [
        "La place 2 et la place 3 se sont partagé la victoire."]
    assert result_entry([1], [0, 1, 0], seats, "fr")["lines"] == ["La place 2 a gagné la partie."]
    assert result_entry([1, 2], [0, 1, 1], ["Seat 1", "Seat 2", "Seat 3"], "en")["lines"] == [
        "Seat 2 and Seat 3 shared the win."]
    over_view = {"seat": 0, "phase": "over", "winners": [1, 2]}
    assert result_block(over_view, "fr", seats)["title"] == \
        "La place 2 et la place 3 se partagent la victoire."
    over = {"kind": "game_over", "winners": [2], "victories": 3}
    players = ["Joueur 1", "Joueur 2", "Joueur 3"]
    assert event_lines(over, "fr", players, 0)[0].startswith(
        "Fin de la partie\u00a0: le joueur 3 a 3 jetons Victoire")
    assert winners_line(players[1:], "fr") == "Le joueur 2 et le joueur 3 se partagent la victoire."
    assert winners_line(["Ada", "Joueur 3"], "fr") == "Ada et le joueur 3 se partagent la victoire."
    assert winners_line(["Joueur 3"], "fr") == "Le joueur 3 gagne la partie."


def test_a_stand_in_s_turn_says_a_bot_plays_for_its_person():
    """"Bob (bot)'s turn", « À Bob (bot) de jouer », « À Joueur 2 (bot) de jouer »: the
    turn line and the log say "A bot plays for Bob" (« Un bot joue pour le joueur 2 »); a
    stand-in's other moves keep "Bob (bot)", a default name its article even so."""
    from ludotheque.core.stand_ins import names_at
    from ludotheque.games.diciassette.render import event_lines
    from ludotheque.games.wazabi.render import event_lines as wazabi_lines
    from ludotheque.i18n import french_name
    from ludotheque.kit.scene import turn_text

    spans = [[1, 0, None], [2, 0, None]]
    en, fr = (names_at(["Ada", name, "Bob"], spans, 5, lang)
              for lang, name in (("en", "Seat 2"), ("fr", "Place 2")))
    view = {"seat": 0, "to_act": 2}
    assert turn_text(view, "en", en) == "▶ A bot plays for Bob"
    assert turn_text(view, "fr", fr) == "▶ Un bot joue pour Bob"
    assert turn_text({**view, "to_act": 1}, "fr", fr) == "▶ Un bot joue pour la place 2"
    assert turn_text({**view, "to_act": 1}, "fr", ["Ada", "Place 2", "Bob"]) == \
        "▶ À la place 2 de jouer"
    turn = {"kind": "turn", "player": 2, "plays_required": 1}
    assert event_lines(turn, "en", en, 0) == ["A bot plays for Bob."]
    assert event_lines({**turn, "plays_required": 2}, "fr", fr, 0) == [
        "Un bot joue pour Bob\u00a0: deux cartes à jouer."]
    assert wazabi_lines({"kind": "turn", "player": 1}, "fr", fr, 0) == [
        "Un bot joue pour la place 2."]
    assert event_lines({"kind": "pass", "player": 2}, "en", en, 0)[0].startswith("Bob (bot) ")
    assert french_name("Joueur 2 (bot)", "to") == "au joueur 2 (bot)"
    assert french_name("Place 2 (bot)", "the") == "la place 2 (bot)"
    assert french_name("Joueur 2b", "to") == "à Joueur 2b"


def test_a_seat_named_inside_a_sentence_reads_as_a_native_writes_it():
    """« Le sort désigne Place 3 », « Manche 2 : Joueur 2 commence », « Joueur 1 choisit
    Joueur 3 »: a default name after a verb or a colon inside a sentence takes its article;
    "Ada challenges Bob (bot)'s \"two 5s\"": no English possessive on a stand-in's name."""
    from ludotheque.core.stand_ins import names_at
    from ludotheque.games.diciassette.render import event_lines as diciassette_lines
    from ludotheque.games.dtc.render import event_lines as dtc_lines
    from ludotheque.games.wazabi.render import event_lines as wazabi_lines

    seats = ["Place 1", "Place 2", "Place 3"]
    players = ["Joueur 1", "Joueur 2", "Joueur 3"]
    first = {"kind": "chain", "reason": "first", "player": 2}
    assert dtc_lines(first, "fr", seats, 0) == [
        "Le sort désigne la place 3, qui fait la première offre."]
    assert diciassette_lines({"kind": "round", "round": 2, "starter": 1}, "fr", players, 0) == [
        "Manche 2\u00a0: le joueur 2 commence."]
    target = {"kind": "target", "player": 0, "target": 2}
    assert wazabi_lines(target, "fr", players, 1) == ["Le joueur 1 choisit le joueur 3."]
    assert wazabi_lines(target, "fr", players, 0) == ["Vous choisissez le joueur 3."]
    challenge = {"kind": "challenge", "player": 0, "giver": 2, "taker": 0, "count": 2,
                 "value": 5, "cards": ["5", "5"], "true": True, "higher": False}
    stand_in = names_at(["Ada", "Zoé", "Bob"], [[2, 0, None]], 5, "en")
    assert dtc_lines(challenge, "en", stand_in, 1)[0].startswith(
        "Ada challenges \"two 5s\", offered by Bob (bot): the cards are")


def test_a_text_that_speaks_to_a_person_by_name_does_so_in_both_languages():
    """« Ada, à vous de jouer : prenez l'appareil » spoke to Ada while the English said
    "Ada's turn: pass the device to Ada" to whoever held it: a text opening on a name
    and a comma (a person spoken to) opens so in both languages."""
    spoken_to = {"fr": re.compile(r"\{\w+\}, [^,:]*\b(?:vous|votre)\b"),
                 "en": re.compile(r"\{\w+\}, [^,:]*\b(?:you|your)\b")}
    bad = {key: entry for key, entry in catalog().items()
           if isinstance(entry.get("fr"), str) and isinstance(entry.get("en"), str)
           and len({bool(spoken_to[lang].match(entry[lang])) for lang in spoken_to}) > 1}
    assert not bad
    # the page's cover, as it read before: a rule that sees the difference
    assert not spoken_to["en"].match("{name}'s turn: pass the device to {name}")


# the fields that hold a seat's or a person's name (`{name}` is left out: a text opening on
# it names an option or a setting in an error, builds a name, « {name} (bot) », or speaks
# to a person, « {name}, à vous de jouer », who takes no article: « Joueur 2, à vous »)
SEAT_NAME = r"\{(?:player|giver|target|caller|skipped|taker|victim|to|winner|seat)\}"
# a label, as in a score table (« Joueur 2 : 3 diamants », « Joueur 1 → Joueur 2 : … »,
# « Joueur 2 — Victoire : 3 »), or a person spoken to, keeps the bare name
LABEL_OR_SPOKEN_TO = r"\s*[:—→]|, [^,:]*\b(?:vous|votre)\b"


def bare_name_opening_a_sentence(text: str) -> bool:
    """Whether a sentence of `text` opens on a bare seat-name field (« {player} pioche »)."""
    return bool(re.search(rf"(?:^\s*|[.!?]\s+){SEAT_NAME}(?!{LABEL_OR_SPOKEN_TO})", text))


def test_a_default_seat_name_opening_a_sentence_takes_its_article():
    """« Joueur 2 pioche une carte. », « Place 2 conteste « 17 »… »: a default seat name is a
    common noun, so a sentence opens on « Le joueur 2 », « La place 2 » (`{player:The}`),
    and « Ada pioche une carte. » stays; a label or a person spoken to keeps the bare name."""
    bad = {key: text for key, text in french().items() if bare_name_opening_a_sentence(text)}
    assert not bad
    assert bare_name_opening_a_sentence("{player} a joué. Annoncer « 17 » ?")
    assert bare_name_opening_a_sentence("Fin du tour. {caller} a annoncé « 17 ».")
    assert not bare_name_opening_a_sentence("{player:The} pioche une carte.")
    assert not bare_name_opening_a_sentence("{player}\u00a0: {diamonds}, {rounds}.")
    assert not bare_name_opening_a_sentence("{giver} → {target}\u00a0: « {claim} »")
    assert not bare_name_opening_a_sentence("{player}, à vous de jouer\u00a0: prenez l'appareil")


@pytest.mark.parametrize("name", ["diciassette", "dtc", "wazabi", "decimoarr"])
def test_a_french_log_opens_on_le_joueur_2_and_on_a_bot_s_name_as_it_is(name):
    """Two people and a bot at one terminal, in French: a seeded game's log (the `Match`'s
    events as the terminal writes them) reads « Le joueur 3 pioche une carte. » and
    « Camille (moyen) pioche une carte. », never « Joueur 3 pioche une carte. »."""
    import random

    from ludotheque.core.match import Match
    from ludotheque.core.registry import get_game
    from ludotheque.ui.terminal.play import TerminalSettings, seat_names

    game = get_game(name)
    players = 3
    settings = TerminalSettings(game=game, players=players, seed=17, lang="fr", humans=(0, 2),
                                bots=["human", "medium", "human"])
    names = seat_names(settings)
    assert names == ["Joueur 1", "Camille (moyen)", "Joueur 3"]
    match, rng = Match(game, players, game.validate(players, {}), seed=17), random.Random(17)
    while not match.is_over() and len(match.actions) < 400:
        legal = match.legal_actions()
        match.apply(legal[rng.randrange(len(legal))])
    lines = [line for event in match.events_for(None)
             for line in game.parts.renderer.event_lines(event, "fr", names, None)]
    sentences = [part for line in lines for part in re.split(r"(?<=[.!?])\s+", line.strip())]
    label = re.compile(r"Joueur \d+[\s\u00a0]*[:—→]")  # « Joueur 2 : 3 diamants »
    assert [s for s in sentences if s.startswith("Joueur ") and not label.match(s)] == []
    assert {s.split()[2] for s in sentences if re.match(r"Le joueur [13] \w", s)}
    assert [s for s in sentences if s.startswith("Camille (moyen) ")]
    assert not [s for s in sentences if re.search(r"\b[lL]e joueur [13] [:—]", s)]


def test_a_sentence_s_capital_is_on_the_article_never_on_a_person_s_own_name():
    """`{player:The}` writes « Le joueur 2 » but leaves « ada » as she typed it (« ada
    pioche une carte », not « Ada »); « À ada de jouer » has its capital on « À »."""
    from ludotheque.i18n import t
    from ludotheque.kit.narration import winners_line

    assert t("diciassette.event.draw", "fr", player="ada") == "ada pioche une carte."
    assert t("diciassette.event.draw", "fr", player="Joueur 2 (bot)") == \
        "Le joueur 2 (bot) pioche une carte."
    assert t("diciassette.event.turn", "fr", player="ada") == "À ada de jouer."
    assert winners_line(["ada", "Place 2"], "fr") == "ada et la place 2 se partagent la victoire."
    assert t("diciassette.event.draw", "en", player="Player 2") == "Player 2 draws a card."
