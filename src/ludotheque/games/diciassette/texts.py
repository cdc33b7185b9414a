"""17 / Diciassette texts in English and French: cards, moves, events, options, errors."""

from __future__ import annotations

from ludotheque.games.diciassette.actions import ACTIONS
from ludotheque.games.diciassette.rules_text import OPTION_HELP, RULINGS
from ludotheque.i18n import register_texts, t

_CARD_NAMES = {
    "rev": ("Reverse", "Changement de sens"),
    "trash": ("Trash", "Poubelle"),
    "x2": ("x2", "x2"),
    "trap": ("Trap", "Piège"),
}
_texts: dict[str, dict[str, str]] = {}
for _value in "12345":
    _texts[f"diciassette.card.{_value}s"] = {"en": f"{_value} (one side)", "fr": f"{_value} (recto)"}
    _texts[f"diciassette.card.{_value}d"] = {"en": f"{_value} (both sides)",
                                             "fr": f"{_value} (recto verso)"}
for _code, (_en, _fr) in _CARD_NAMES.items():
    _texts[f"diciassette.card.{_code}"] = {"en": _en, "fr": _fr}
for _name, _help in OPTION_HELP.items():
    _texts[f"diciassette.option.{_name}"] = _help
for _ruling, _text in RULINGS.items():
    _texts[f"diciassette.ruling.{_ruling}"] = _text

_texts.update({
    "diciassette.title": {"en": "17 / Diciassette", "fr": "17 / Diciassette"},
    "diciassette.rules.each": {"en": "{count} of each value", "fr": "{count} de chaque valeur"},
    "diciassette.move.up": {"en": "play {card} face up", "fr": "jouer {card} face visible"},
    "diciassette.move.down": {"en": "play {card} face down", "fr": "jouer {card} face cachée"},
    "diciassette.move.call": {"en": "call \"17\"!", "fr": "annoncer « 17 » !"},
    "diciassette.move.pass": {"en": "pass (no call)", "fr": "passer (pas d'annonce)"},
    "diciassette.error.deck_too_small": {
        "en": "A deck of {cards} cards is too small for {players} players: at least {needed}.",
        "fr": "Un paquet de {cards} cartes est trop petit pour {players} joueurs : "
              "il en faut au moins {needed}.",
    },
    "diciassette.error.ambiguous_number": {
        "en": "You hold both a one-sided and a two-sided {number}: write {number}s or {number}d.",
        "fr": "Vous avez un {number} recto et un {number} recto verso : "
              "écrivez {number}s ou {number}d.",
    },
    # -- events, as a seat reads them
    "diciassette.event.deal": {"en": "Cards are dealt: 3 each.", "fr": "Distribution : 3 cartes chacun."},
    "diciassette.event.starter": {"en": "{player} starts.", "fr": "{player} commence."},
    "diciassette.event.round": {"en": "Round {round}: {player} starts.",
                                "fr": "Manche {round} : {player} commence."},
    "diciassette.event.play_up": {"en": "{player} plays {card} face up.",
                                  "fr": "{player} joue {card} face visible."},
    "diciassette.event.play_down": {"en": "{player} plays {card} face down.",
                                    "fr": "{player} joue {card} face cachée."},
    "diciassette.event.play_hidden": {"en": "{player} plays a card face down.",
                                      "fr": "{player} joue une carte face cachée."},
    "diciassette.event.reverse": {"en": "The order of play is reversed.",
                                  "fr": "L'ordre du tour change de sens."},
    "diciassette.event.x2": {"en": "The next player must play two cards.",
                             "fr": "La personne suivante doit jouer deux cartes."},
    "diciassette.event.trash": {"en": "Trash: {card} and the Trash go to the discard.",
                                "fr": "Poubelle : {card} et la Poubelle vont à la défausse."},
    "diciassette.event.trash_hidden": {
        "en": "Trash: the face-down card before it and the Trash go to the discard.",
        "fr": "Poubelle : la carte cachée d'avant et la Poubelle vont à la défausse."},
    "diciassette.event.trash_nothing": {"en": "Trash on an empty queue: only the Trash is discarded.",
                                        "fr": "Poubelle sur une ligne vide : seule la Poubelle est défaussée."},
    "diciassette.event.draw": {"en": "{player} draws a card.", "fr": "{player} pioche une carte."},
    "diciassette.event.draw_back": {"en": "{player} draws a card ({card} on its back).",
                                    "fr": "{player} pioche une carte ({card} au dos)."},
    "diciassette.event.draw_own": {"en": "You draw {card}.", "fr": "Vous piochez {card}."},
    "diciassette.event.reshuffle": {"en": "The discard is shuffled into a new draw pile.",
                                    "fr": "La défausse est mélangée en une nouvelle pioche."},
    "diciassette.event.skip": {"en": "{player} has no card to play.",
                               "fr": "{player} n'a aucune carte à jouer."},
    "diciassette.event.pass": {"en": "{player} passes.", "fr": "{player} passe."},
    "diciassette.event.call": {"en": "{player} calls \"17\"!", "fr": "{player} annonce « 17 » !"},
    "diciassette.event.turn": {"en": "{player}'s turn.", "fr": "Au tour de {player}."},
    "diciassette.event.turn_x2": {"en": "{player}'s turn: two cards to play.",
                                  "fr": "Au tour de {player} : deux cartes à jouer."},
    # -- the same events when they are about the reader's own seat
    "diciassette.event.round_you": {"en": "Round {round}: you start.",
                                    "fr": "Manche {round} : vous commencez."},
    "diciassette.event.play_up_you": {"en": "You play {card} face up.",
                                      "fr": "Vous jouez {card} face visible."},
    "diciassette.event.play_down_you": {"en": "You play {card} face down.",
                                        "fr": "Vous jouez {card} face cachée."},
    "diciassette.event.skip_you": {"en": "You have no card to play.",
                                   "fr": "Vous n'avez aucune carte à jouer."},
    "diciassette.event.pass_you": {"en": "You pass.", "fr": "Vous passez."},
    "diciassette.event.call_you": {"en": "You call \"17\"!", "fr": "Vous annoncez « 17 » !"},
    "diciassette.event.turn_you": {"en": "Your turn.", "fr": "À vous de jouer."},
    "diciassette.event.turn_x2_you": {"en": "Your turn: two cards to play.",
                                      "fr": "À vous de jouer : deux cartes à jouer."},
    "diciassette.reveal.title_you": {"en": "You called \"17\": the cards are revealed.",
                                     "fr": "Vous avez annoncé « 17 » : on retourne les cartes."},
    "diciassette.reveal.tokens_you": {
        "en": "You: +{penalties} Penalty, +{victory} Victory; now Victory {v}, Penalty {p}.",
        "fr": "Vous : +{penalties} Pénalité, +{victory} Victoire ; désormais Victoire {v}, Pénalité {p}.",
    },
    # -- the end-of-round reveal, step by step
    "diciassette.reveal.title": {"en": "{caller} called \"17\": the cards are revealed.",
                                 "fr": "{caller} a annoncé « 17 » : on retourne les cartes."},
    "diciassette.reveal.card": {"en": "  {card} (played by {player})",
                                "fr": "  {card} (jouée par {player})"},
    "diciassette.reveal.flip": {"en": "  {card} (played by {player}, was face down)",
                                "fr": "  {card} (jouée par {player}, était cachée)"},
    "diciassette.reveal.sum_reached": {"en": "Sum: {sum}, 17 or more: the call is right.",
                                       "fr": "Somme : {sum}, 17 ou plus : l'annonce est juste."},
    "diciassette.reveal.sum_short": {"en": "Sum: {sum}, less than 17: the call is wrong.",
                                     "fr": "Somme : {sum}, moins de 17 : l'annonce est fausse."},
    "diciassette.reveal.trap": {"en": "Trap of {player}: a Victory for {player}, a Penalty for {caller}.",
                                "fr": "Piège de {player} : une Victoire pour {player}, une Pénalité pour {caller}."},
    "diciassette.reveal.tokens": {
        "en": "{player}: +{penalties} Penalty, +{victory} Victory; now Victory {v}, Penalty {p}.",
        "fr": "{player} : +{penalties} Pénalité, +{victory} Victoire ; désormais Victoire {v}, Pénalité {p}.",
    },
    "diciassette.reveal.trap_you": {"en": "Your Trap: a Victory for you, a Penalty for {caller}.",
                                    "fr": "Votre Piège : une Victoire pour vous, une Pénalité pour {caller}."},
    # -- the table, as the terminal draws it
    "diciassette.table.queue": {"en": "Queue: ", "fr": "Ligne : "},
    "diciassette.table.empty_queue": {"en": "(empty)", "fr": "(vide)"},
    "diciassette.table.hand": {"en": "Your hand", "fr": "Votre main"},
    "diciassette.table.player": {"en": "Player", "fr": "Joueur"},
    "diciassette.table.cards": {"en": "Cards", "fr": "Cartes"},
    "diciassette.table.victory": {"en": "Victory", "fr": "Victoire"},
    "diciassette.table.penalty": {"en": "Penalty", "fr": "Pénalité"},
    "diciassette.table.pile.one": {"en": "Draw pile: {count} card, top back: {top}",
                                   "fr": "Pioche : {count} carte, dos du dessus : {top}"},
    "diciassette.table.pile.other": {"en": "Draw pile: {count} cards, top back: {top}",
                                     "fr": "Pioche : {count} cartes, dos du dessus : {top}"},
    "diciassette.table.pile_empty": {"en": "Draw pile: empty", "fr": "Pioche : vide"},
    "diciassette.table.discard.one": {"en": "Discard: {count} card", "fr": "Défausse : {count} carte"},
    "diciassette.table.discard.other": {"en": "Discard: {count} cards", "fr": "Défausse : {count} cartes"},
    "diciassette.notation": {
        "en": "<card> up|down (cards: 1s..5s, 1d..5d, rev, trash, x2, trap), call, pass",
        "fr": "<carte> haut|bas (cartes : 1s..5s, 1d..5d, sens, poubelle, x2, piège), annoncer, passer",
    },
    "diciassette.table.direction_cw": {"en": "Direction: clockwise", "fr": "Sens : horaire"},
    "diciassette.table.direction_ccw": {"en": "Direction: counter-clockwise",
                                        "fr": "Sens : anti-horaire"},
    "diciassette.table.round": {"en": "Round {round}", "fr": "Manche {round}"},
    "diciassette.table.turn": {"en": "Turn: {player}", "fr": "Tour : {player}"},
    "diciassette.table.answering": {"en": "Call or pass: {player} (last card: {last})",
                                    "fr": "Annoncer ou passer : {player} (dernière carte : {last})"},
    "diciassette.table.x2_pending": {"en": "{player} must play two cards this turn.",
                                     "fr": "{player} doit jouer deux cartes ce tour-ci."},
    "diciassette.table.next_x2": {"en": "The next player will play two cards.",
                                  "fr": "La personne suivante jouera deux cartes."},
    "diciassette.table.back": {"en": "back", "fr": "dos"},
    "diciassette.table.known_sum.one": {"en": "Visible sum: {sum} (+ {count} hidden card)",
                                        "fr": "Somme visible : {sum} (+ {count} carte cachée)"},
    "diciassette.table.known_sum.other": {"en": "Visible sum: {sum} (+ {count} hidden cards)",
                                          "fr": "Somme visible : {sum} (+ {count} cartes cachées)"},
    "diciassette.table.yours_hidden": {"en": "your face-down card", "fr": "votre carte cachée"},
    "diciassette.table.call_window": {"en": "{player} has played. Call \"17\"?",
                                      "fr": "{player} a joué. Annoncer « 17 » ?"},
})
register_texts(_texts)


def card_name(code: str, lang: str) -> str:
    return t(f"diciassette.card.{code}", lang)


def describe_action(action: int, lang: str) -> str:
    move = ACTIONS[action]
    if move.arg is None:  # call, pass
        return t(f"diciassette.move.{move.kind}", lang)
    return t(f"diciassette.move.{move.kind}", lang, card=card_name(move.arg, lang))  # up, down
