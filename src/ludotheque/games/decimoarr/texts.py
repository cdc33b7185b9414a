"""Décimoarr... texts in English and French: cards, moves, events, table, options, errors."""

from __future__ import annotations

from ludotheque.games.decimoarr.actions import ACTIONS
from ludotheque.games.decimoarr.components import COLOUR_CODES, COLOUR_NAMES, value_label
from ludotheque.games.decimoarr.rules_text import OPTION_HELP, RULINGS
from ludotheque.i18n import register_texts, t

_COLOURS = {
    "red": ("red", "rouge"), "blue": ("blue", "bleu"), "green": ("green", "vert"),
    "yellow": ("yellow", "jaune"), "purple": ("purple", "violet"), "orange": ("orange", "orange"),
}
# Short labels on the grid: distinct within each language, so the cards stay apart without
# colour output (vert and violet both start with V).
_SHORT = {
    "red": ("R", "R"), "blue": ("B", "B"), "green": ("G", "Ve"), "yellow": ("Y", "J"),
    "purple": ("P", "Vi"), "orange": ("O", "O"),
}
_texts: dict[str, dict[str, str]] = {}
for _name, (_en, _fr) in _COLOURS.items():
    _texts[f"decimoarr.colour.{_name}"] = {"en": _en, "fr": _fr}
for _name, (_en, _fr) in _SHORT.items():
    _texts[f"decimoarr.colour_short.{_name}"] = {"en": _en, "fr": _fr}
for _name, _help in OPTION_HELP.items():
    _texts[f"decimoarr.option.{_name}"] = _help
for _ruling, _text in RULINGS.items():
    _texts[f"decimoarr.ruling.{_ruling}"] = _text

_texts.update({
    "decimoarr.title": {"en": "Décimoarr...", "fr": "Décimoarr..."},
    "decimoarr.notation": {
        "en": "p<position>, e.g. p7 (turn over the card at position 7)",
        "fr": "p<position>, par exemple p7 (retourner la carte à la position 7)"},
    "decimoarr.move.flip": {"en": "turn over the card at {position}",
                            "fr": "retourner la carte {position}"},
    "decimoarr.rules.layout.auto": {
        "en": "a 5x5 grid without its centre for 2 to 4 players with 25 cards, otherwise a ring",
        "fr": "une grille de 5x5 sans sa case centrale de 2 à 4 joueurs avec 25 cartes, "
              "sinon un anneau"},
    "decimoarr.rules.layout.grid": {"en": "a 5x5 grid without its centre",
                                    "fr": "une grille de 5x5 sans sa case centrale"},
    "decimoarr.rules.perdu_cards.random": {
        "en": "Shuffle the 4 perdu cards, keep as many as players minus one, drawn at random, in "
              "a face-down pile in the centre, and put the others back in the box unseen.",
        "fr": "Mélangez les 4 cartes perdu, gardez-en autant que de joueurs moins un, tirées au "
              "hasard, en un tas face cachée au centre et rangez les autres dans la boîte sans "
              "les regarder."},
    "decimoarr.rules.perdu_cards.fewest_skulls": {
        "en": "Keep the perdu cards with the fewest skulls, as many as players minus one, "
              "shuffle them into a face-down pile in the centre and put the others back in the "
              "box.",
        "fr": "Gardez les cartes perdu qui ont le moins de têtes de mort, autant que de joueurs "
              "moins un, mélangez-les en un tas face cachée au centre et rangez les autres dans "
              "la boîte."},
    "decimoarr.rules.first_player.random": {"en": "Draw the first player at random.",
                                            "fr": "Tirez au sort le premier joueur."},
    "decimoarr.rules.first_player.first_seat": {
        "en": "The player at seat 1 starts the game.",
        "fr": "Le joueur à la place 1 commence la partie."},
    "decimoarr.rules.layout.ring": {"en": "a ring around the table",
                                    "fr": "un anneau autour de la table"},
    # -- errors
    "decimoarr.error.too_few_cards": {
        "en": "{cards} décimal cards are too few for {players} players: at least {needed}.",
        "fr": "{cards} cartes décimal, c'est trop peu pour {players} joueurs : il en faut au "
              "moins {needed}."},
    "decimoarr.error.grid": {
        "en": "The grid layout needs 25 cards and at most 4 players ({cards} cards, {players} "
              "players): use layout=ring.",
        "fr": "La disposition en grille demande 25 cartes et 4 joueurs au plus ({cards} cartes, "
              "{players} joueurs) : utilisez layout=ring."},
    "decimoarr.error.face_up": {
        "en": "'{action}' is already face up: turn over a face-down card. Legal moves: {allowed}.",
        "fr": "« {action} » est déjà visible : retournez une carte face cachée. Coups permis : "
              "{allowed}."},
    "decimoarr.error.first_flip_home": {
        "en": "'{action}' is a home card (seat {owner}): the first flip of a round may not be a "
              "home card (ruling E6, option first_flip_excludes_homes). Legal moves: {allowed}.",
        "fr": "« {action} » est une carte devant un joueur (place {owner}) : le premier coup "
              "d'une manche ne peut pas être une carte devant un joueur (décision E6, option "
              "first_flip_excludes_homes). Coups permis : {allowed}."},
    "decimoarr.error.skulls": {
        "en": "The perdu cards must carry different numbers of skulls (given: {skulls}).",
        "fr": "Les cartes perdu doivent porter des nombres de têtes de mort différents "
              "(donnés : {skulls})."},
    # -- events, as a seat reads them
    "decimoarr.event.deal": {
        "en": "The décimal cards are laid out face down ({positions} cards; one is set aside "
              "unseen).",
        "fr": "Les cartes décimal sont posées face cachée ({positions} cartes ; une est mise de "
              "côté sans être vue)."},
    "decimoarr.count.skulls.one": {"en": "{count} skull", "fr": "{count} tête de mort"},
    "decimoarr.count.skulls.other": {"en": "{count} skulls", "fr": "{count} têtes de mort"},
    "decimoarr.count.diamonds.one": {"en": "{count} diamond", "fr": "{count} diamant"},
    "decimoarr.count.diamonds.other": {"en": "{count} diamonds", "fr": "{count} diamants"},
    "decimoarr.count.rounds_won.one": {"en": "{count} round won", "fr": "{count} manche gagnée"},
    "decimoarr.count.rounds_won.other": {"en": "{count} rounds won",
                                         "fr": "{count} manches gagnées"},
    "decimoarr.event.perdu_setup.one": {
        "en": "{count} perdu card in play, face down in the centre.",
        "fr": "{count} carte perdu en jeu, face cachée au centre."},
    "decimoarr.event.perdu_setup.other": {
        "en": "{count} perdu cards in play, shuffled into a pile.",
        "fr": "{count} cartes perdu en jeu, mélangées en un tas."},
    "decimoarr.event.winner_setup": {
        "en": "{cards} winner cards are shuffled into a pile: one per round.",
        "fr": "{cards} cartes gagnant du tour sont mélangées en un tas : une par manche."},
    "decimoarr.event.starter": {"en": "{player} is drawn to start.",
                                "fr": "Le sort désigne {player} pour commencer."},
    "decimoarr.event.starter_you": {"en": "You are drawn to start.",
                                    "fr": "Le sort vous désigne pour commencer."},
    "decimoarr.event.starter_fixed": {"en": "{player} sits at seat 1 and starts.",
                                      "fr": "{player}, à la place 1, commence."},
    "decimoarr.event.starter_fixed_you": {"en": "You sit at seat 1 and start.",
                                          "fr": "Vous êtes à la place 1 et commencez."},
    "decimoarr.event.peek": {"en": "Each player secretly looks at his 3 home cards.",
                             "fr": "Chaque joueur regarde en secret les 3 cartes devant lui."},
    "decimoarr.event.peek_you": {
        "en": "You look at your home cards (remember them!): {cards}.",
        "fr": "Vous regardez les cartes devant vous (retenez-les !) : {cards}."},
    "decimoarr.event.round": {"en": "Round {round} of {rounds}: {player} starts.",
                              "fr": "Manche {round} sur {rounds} : {player} commence."},
    "decimoarr.event.round_you": {"en": "Round {round} of {rounds}: you start.",
                                  "fr": "Manche {round} sur {rounds} : vous commencez."},
    "decimoarr.event.flip_first": {"en": "{player} turns over {position}: {card}.",
                                   "fr": "{player} retourne {position} : {card}."},
    "decimoarr.event.flip_first_you": {"en": "You turn over {position}: {card}.",
                                       "fr": "Vous retournez {position} : {card}."},
    "decimoarr.event.flip_ok": {
        "en": "{player} turns over {position}: {card}, it connects with {reference}.",
        "fr": "{player} retourne {position} : {card}, le lien avec {reference} est fait."},
    "decimoarr.event.flip_ok_you": {
        "en": "You turn over {position}: {card}, it connects with {reference}.",
        "fr": "Vous retournez {position} : {card}, le lien avec {reference} est fait."},
    "decimoarr.event.flip_fail": {
        "en": "{player} turns over {position}: {card}, no link with {reference}; the card is "
              "turned face down again.",
        "fr": "{player} retourne {position} : {card}, aucun lien avec {reference} ; la carte est "
              "remise face cachée."},
    "decimoarr.event.flip_fail_you": {
        "en": "You turn over {position}: {card}, no link with {reference}; the card is turned "
              "face down again.",
        "fr": "Vous retournez {position} : {card}, aucun lien avec {reference} ; la carte est "
              "remise face cachée."},
    "decimoarr.event.perdu": {
        "en": "{player} takes a perdu card and is out of the round.",
        "fr": "{player} prend une carte perdu et a fini de jouer pour cette manche."},
    "decimoarr.event.perdu_you": {
        "en": "You take a perdu card ({skulls}) and are out of the round.",
        "fr": "Vous prenez une carte perdu ({skulls}) et avez fini de jouer pour cette manche."},
    "decimoarr.event.won_last_in": {
        "en": "{player} is the last one in and wins round {round}.",
        "fr": "{player} est le dernier en jeu et gagne la manche {round}."},
    "decimoarr.event.won_last_in_you": {
        "en": "You are the last one in and win round {round}.",
        "fr": "Vous restez seul en jeu et gagnez la manche {round}."},
    "decimoarr.event.won_exhausted": {
        "en": "No face-down card left: {player} turned over the last one and wins round {round}.",
        "fr": "Plus de carte face cachée : {player} a retourné la dernière et gagne la manche "
              "{round}."},
    "decimoarr.event.won_exhausted_you": {
        "en": "No face-down card left: you turned over the last one and win round {round}.",
        "fr": "Plus de carte face cachée : vous avez retourné la dernière et gagnez la manche "
              "{round}."},
    "decimoarr.event.no_winner": {
        "en": "No face-down card left: nobody wins round {round}; its winner card goes back to "
              "the box unseen.",
        "fr": "Plus de carte face cachée : personne ne gagne la manche {round} ; sa carte gagnant "
              "du tour retourne dans la boîte sans être vue."},
    "decimoarr.event.winner_card": {"en": "{player} takes a winner card, face down.",
                                    "fr": "{player} prend une carte gagnant du tour, face cachée."},
    "decimoarr.event.winner_card_you": {
        "en": "You take a winner card: {diamonds}.",
        "fr": "Vous prenez une carte gagnant du tour : {diamonds}."},
    "decimoarr.event.perdu_shown": {
        "en": "{player} shows a perdu card with {skulls}.",
        "fr": "{player} montre une carte perdu avec {skulls}."},
    "decimoarr.event.perdu_shown_you": {
        "en": "You show a perdu card with {skulls}.",
        "fr": "Vous montrez une carte perdu avec {skulls}."},
    "decimoarr.event.next_starter": {"en": "{player} starts the next round.",
                                     "fr": "{player} commence la manche suivante."},
    "decimoarr.event.next_starter_you": {"en": "You start the next round.",
                                         "fr": "Vous commencez la manche suivante."},
    "decimoarr.event.cards_back": {
        "en": "Every décimal card is turned face down at its place.",
        "fr": "Toutes les cartes décimal sont retournées face cachée à leur place."},
    "decimoarr.event.reshuffle": {"en": "The perdu cards are shuffled back into a pile.",
                                  "fr": "Les cartes perdu sont mélangées et reposées en tas."},
    "decimoarr.event.score": {
        "en": "{player}: {diamonds}, {rounds}.",
        "fr": "{player} : {diamonds}, {rounds}."},
    "decimoarr.event.score_you": {
        "en": "You: {diamonds}, {rounds}.",
        "fr": "Vous : {diamonds}, {rounds}."},
    "decimoarr.event.game_over": {"en": "Game over. Winner(s): {players}.",
                                  "fr": "Fin de la partie. Gagnant(s) : {players}."},
    # -- the table, as the terminal draws it
    "decimoarr.table.round": {"en": "Round {round}/{rounds}", "fr": "Manche {round}/{rounds}"},
    "decimoarr.table.turn": {"en": "Turn: {player}", "fr": "Tour : {player}"},
    "decimoarr.table.reference": {"en": "Connect to: {card} ({position})",
                                  "fr": "À relier : {card} ({position})"},
    "decimoarr.table.reference_hidden": {
        "en": "Connect to: the face-down card at {position} (remember it)",
        "fr": "À relier : la carte face cachée en {position} (souvenez-vous-en)"},
    "decimoarr.table.free_first": {"en": "Free first flip (not a home card)",
                                   "fr": "Premier coup libre (pas une carte devant un joueur)"},
    "decimoarr.table.free_first_any": {"en": "Free first flip", "fr": "Premier coup libre"},
    "decimoarr.table.homes": {"en": "Home cards of {player}: {positions}",
                              "fr": "Cartes devant {player} : {positions}"},
    "decimoarr.table.homes_you": {"en": "Your home cards: {positions}",
                                  "fr": "Cartes devant vous : {positions}"},
    "decimoarr.table.ring_hint": {
        "en": "p7·2: a home card of seat 2.",
        "fr": "p7·2 : une carte devant la place 2."},
    "decimoarr.table.memory_hint": {
        "en": "p7 R0.25: a face-down card you saw, from memory (option show_memory).",
        "fr": "p7 R0,25 : une carte face cachée vue, de mémoire (option show_memory)."},
    "decimoarr.table.piles": {
        "en": "Perdu pile: {perdu} · winner cards left: {winners}",
        "fr": "Tas perdu : {perdu} · cartes gagnant du tour restantes : {winners}"},
    "decimoarr.table.player": {"en": "Player", "fr": "Joueur"},
    "decimoarr.table.status": {"en": "Status", "fr": "État"},
    "decimoarr.table.perdu": {"en": "Perdu", "fr": "Perdu"},
    "decimoarr.table.rounds_won": {"en": "Rounds won", "fr": "Manches gagnées"},
    "decimoarr.table.diamonds": {"en": "Diamonds", "fr": "Diamants"},
    "decimoarr.table.in_play": {"en": "in play", "fr": "en jeu"},
    "decimoarr.table.out": {"en": "out", "fr": "hors jeu"},
    "decimoarr.table.hidden": {"en": "hidden", "fr": "cachée"},
    "decimoarr.table.side.south": {"en": "south", "fr": "sud"},
    "decimoarr.table.side.west": {"en": "west", "fr": "ouest"},
    "decimoarr.table.side.north": {"en": "north", "fr": "nord"},
    "decimoarr.table.side.east": {"en": "east", "fr": "est"},
})
register_texts(_texts)


def colour_short(code: str, lang: str) -> str:
    """"P2" -> "P" / "Vi": the colour's short label, distinct within a language."""
    return t(f"decimoarr.colour_short.{COLOUR_NAMES[COLOUR_CODES.index(code[0])]}", lang)


def card_name(code: str, lang: str) -> str:
    """"R2" -> "red 0.25" / "rouge 0,25"."""
    colour = t(f"decimoarr.colour.{COLOUR_NAMES[COLOUR_CODES.index(code[0])]}", lang)
    return f"{colour} {value_label(int(code[1:]) - 1, lang)}"  # the same order in both languages


def position_name(position: int) -> str:
    """Position index 6 -> "p7" (the notation)."""
    return f"p{position + 1}"


def describe_action(action: int, lang: str) -> str:
    """"Turn over the card at p7", for people."""
    return t("decimoarr.move.flip", lang, position=position_name(ACTIONS[action].arg))
