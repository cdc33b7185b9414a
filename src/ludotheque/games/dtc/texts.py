"""DTC texts in English and French: cards, claims, moves, events, table, options, errors."""

from __future__ import annotations

from collections.abc import Sequence

from ludotheque.games.dtc.actions import ACTIONS
from ludotheque.games.dtc.components import DECK_SIZE
from ludotheque.games.dtc.rules_text import OPTION_HELP, RULINGS
from ludotheque.i18n import register_texts, t

_UNITS_EN = ("", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
             "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
             "eighteen", "nineteen")
_TENS_EN = ("", "", "twenty", "thirty", "forty", "fifty", "sixty")
_UNITS_FR = ("", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix",
             "onze", "douze", "treize", "quatorze", "quinze", "seize", "dix-sept", "dix-huit",
             "dix-neuf")
_TENS_FR = ("", "", "vingt", "trente", "quarante", "cinquante", "soixante")
MAX_WORDS = DECK_SIZE  # a claim never holds more cards than the deck


def _number_en(n: int) -> str:
    if n < 20:
        return _UNITS_EN[n]
    tens, unit = divmod(n, 10)
    return _TENS_EN[tens] + (f"-{_UNITS_EN[unit]}" if unit else "")


def _number_fr(n: int) -> str:
    if n < 20:
        return _UNITS_FR[n]
    tens, unit = divmod(n, 10)
    if unit == 1:
        return f"{_TENS_FR[tens]} et un"
    return _TENS_FR[tens] + (f"-{_UNITS_FR[unit]}" if unit else "")


_texts: dict[str, dict[str, str]] = {}
for _i in range(1, MAX_WORDS + 1):  # claims are said in words: "twenty-five 6s", "vingt-cinq 6"
    _texts[f"dtc.number.{_i}"] = {"en": _number_en(_i), "fr": _number_fr(_i)}
for _name, _help in OPTION_HELP.items():
    _texts[f"dtc.option.{_name}"] = _help
for _ruling, _text in RULINGS.items():
    _texts[f"dtc.ruling.{_ruling}"] = _text

_texts.update({
    "dtc.title": {"en": "DTC (Donne Tes Cartes)", "fr": "DTC (Donne Tes Cartes)"},
    "dtc.notation": {
        "en": "add 1..6|J, as 1..6, accept, challenge; a whole offer at once, each card written "
              "once: offer 4 4 J J as 4 (a number is always a card: \"2 J\" is a 2 and a joker; "
              "two jokers are \"J J\", not \"2 jokers\")",
        "fr": "add 1..6|J, as 1..6, accept, challenge (ou ajouter, comme, accepter, défi) ; "
              "une offre d'un coup, chaque carte écrite une fois : offre 4 4 J J comme 4 (un "
              "nombre est toujours une carte : « 2 J » est un 2 et un joker ; deux jokers "
              "s'écrivent « J J », pas « 2 jokers »)",
    },
    "dtc.error.plural": {
        "en": "Cannot read '{text}': '{word}' is a plural, and a number is always a card. Write "
              "each card once: two jokers are 'J J' (or 'JJ'), two 4s are '4 4'. Nothing was "
              "played.",
        "fr": "Impossible de lire « {text} » : « {word} » est un pluriel, et un nombre est "
              "toujours une carte. Écrivez chaque carte une fois : deux jokers s'écrivent « J J » "
              "(ou « JJ »), deux 4 « 4 4 ». Rien n'a été joué.",
    },
    "dtc.card.joker": {"en": "joker", "fr": "joker"},
    "dtc.claim.one": {"en": "one {value}", "fr": "un {value}"},
    "dtc.claim.many": {"en": "{number} {value}s", "fr": "{number} {value}"},
    "dtc.cards.none": {"en": "no card", "fr": "aucune carte"},
    "dtc.rules.settle_exact": {
        "en": "If every card is a joker or has the announced value, the offer was true and the "
              "challenger takes the cards; otherwise the giver takes them.",
        "fr": "Si chaque carte est un joker ou a la valeur annoncée, l'offre était vraie et "
              "la personne qui conteste prend les cartes ; sinon, c'est le donneur qui les "
              "prend.",
    },
    "dtc.rules.settle_higher": {
        "en": "Variant in force: if every card is a joker or is worth at least the announced "
              "value, the challenger takes the cards; otherwise the giver takes them.",
        "fr": "Variante en vigueur : si chaque carte est un joker ou vaut au moins la valeur "
              "annoncée, la personne qui conteste prend les cartes ; sinon, c'est le donneur.",
    },
    "dtc.rules.settle_literal": {
        "en": "Variant in force (literal reading): if every card is a joker or has the "
              "announced value, or if every card is a joker or strictly higher, the challenger "
              "takes the cards; otherwise the giver takes them.",
        "fr": "Variante en vigueur (à la lettre) : si chaque carte est un joker ou a la valeur "
              "annoncée, ou si chaque carte est un joker ou strictement supérieure, la personne qui "
              "conteste prend les cartes ; sinon, c'est le donneur.",
    },
    # -- moves
    "dtc.move.add": {"en": "add a {card} to your offer", "fr": "ajouter un {card} à votre offre"},
    "dtc.move.add_joker": {"en": "add a joker to your offer",
                           "fr": "ajouter un joker à votre offre"},
    "dtc.move.claim": {"en": "hand your offer over, announcing {value}s",
                       "fr": "donner votre offre en annonçant des {value}"},
    "dtc.move.accept": {"en": "accept the offer (take the cards, then raise)",
                        "fr": "accepter l'offre (prendre les cartes, puis surenchérir)"},
    "dtc.move.challenge": {"en": "challenge: turn the cards over",
                           "fr": "contester : retourner les cartes"},
    # -- the rules summary: the deck in force (options values, copies, jokers, hand_size)
    "dtc.rules.components": {
        "en": "**{numbers} number cards**, values 1 to {values} ({copies} of each), and "
              "{jokers}: {total} cards.",
        "fr": "**{numbers} cartes numérotées** de 1 à {values} ({copies} de chaque) et "
              "{jokers} : {total} cartes.",
    },
    "dtc.rules.jokers.one": {"en": "**one joker**", "fr": "**un joker**"},
    "dtc.rules.jokers.other": {"en": "**{count} {noun}**", "fr": "**{count} {noun}**"},
    "dtc.rules.joker_noun": {"en": "jokers", "fr": "jokers"},
    "dtc.rules.no_joker": {"en": "no joker", "fr": "aucun joker"},
    "dtc.rules.refill.other": {
        "en": "Then, if he holds fewer than {count} cards, the giver **draws back up to {count}**.",
        "fr": "Ensuite, s'il a moins de {count} cartes en main, le donneur **complète sa main à "
              "{count} cartes** en piochant.",
    },
    "dtc.rules.refill.one": {
        "en": "Then, if his hand is empty, the giver **draws one card**.",
        "fr": "Ensuite, s'il n'a plus de carte en main, le donneur **en pioche une**.",
    },
    "dtc.rules.small_deck": {
        "en": "## Smaller deck\n\nThis table plays with a deck smaller than the rulebook's "
              "(options values, copies, jokers, hand_size): the numbers above are those of this "
              "deck. Where a ruling says 6 cards in hand, read {hand}; where it says the "
              "value 6, read {values}, the highest value in play.",
        "fr": "## Paquet réduit\n\nCette table joue avec un paquet plus petit que celui de la "
              "règle (options values, copies, jokers, hand_size) : les nombres ci-dessus sont "
              "ceux de ce paquet. Quand une précision parle de 6 cartes en main, lire {hand} ; "
              "quand elle parle de la valeur 6, lire {values}, la plus forte en jeu.",
    },
    "dtc.error.literal_without_variant": {
        "en": "The option variant_literal only makes sense with variant_higher=true.",
        "fr": "L'option variant_literal n'a de sens qu'avec variant_higher=true.",
    },
    "dtc.error.deck_too_small": {
        "en": "The deck holds {cards} cards: too few to deal {hand} to each of {players} players "
              "({needed} needed). Use more copies or jokers, a smaller hand_size or fewer "
              "players.",
        "fr": "Le paquet compte {cards} cartes : trop peu pour en distribuer {hand} à chacun des "
              "{players} joueurs (il en faut {needed}). Prenez plus d'exemplaires ou de jokers, "
              "une main plus petite (hand_size) ou moins de joueurs.",
    },
    # -- events, as a seat reads them
    "dtc.event.deal.other": {"en": "{count} cards are dealt to each player; {pile} cards form "
                                   "the draw pile.",
                             "fr": "{count} cartes sont distribuées à chacun ; {pile} cartes "
                                   "forment la pioche."},
    "dtc.event.deal.one": {"en": "One card is dealt to each player; {pile} cards form the draw "
                                 "pile.",
                           "fr": "Une carte est distribuée à chacun ; {pile} cartes forment la "
                                 "pioche."},
    "dtc.event.deal_hand": {"en": "Your hand: {cards}.", "fr": "Votre main : {cards}."},
    "dtc.event.chain_first": {"en": "{player} is drawn to start and makes the first offer.",
                              "fr": "Le sort désigne {player}, qui fait la première offre."},
    "dtc.event.chain_first_you": {"en": "You are drawn to start: make the first offer.",
                                  "fr": "Le sort vous désigne : à vous de faire la première "
                                        "offre."},
    "dtc.event.chain_took": {"en": "{player} starts a new chain with a free offer.",
                             "fr": "{player} entame un nouveau tour avec une offre libre."},
    "dtc.event.chain_took_you": {"en": "You start a new chain with a free offer.",
                                 "fr": "Vous entamez un nouveau tour avec une offre libre."},
    "dtc.event.chain_skipped": {"en": "{skipped} has no card left: {player} starts the new chain.",
                                "fr": "{skipped} n'a plus de carte : {player} entame le nouveau "
                                      "tour."},
    "dtc.event.offer": {"en": "{giver} gives {target} \"{claim}\".",
                        "fr": "{giver} donne à {target} : « {claim} »."},
    "dtc.event.offer_you": {"en": "You give {target} \"{claim}\" (really: {cards}).",
                            "fr": "Vous donnez à {target} : « {claim} » (en vrai : {cards})."},
    "dtc.event.offer_to_you": {"en": "{giver} gives you \"{claim}\".",
                               "fr": "{giver} vous donne : « {claim} »."},
    "dtc.event.refill.one": {"en": "{player} draws {count} card; {pile} left in the draw pile.",
                             "fr": "{player} pioche {count} carte ; il en reste {pile} dans la "
                                   "pioche."},
    "dtc.event.refill.other": {"en": "{player} draws {count} cards; {pile} left in the draw pile.",
                               "fr": "{player} pioche {count} cartes ; il en reste {pile} dans "
                                     "la pioche."},
    "dtc.event.refill_you": {"en": "You draw {cards}; {pile} left in the draw pile.",
                             "fr": "Vous piochez {cards} ; il en reste {pile} dans la pioche."},
    "dtc.event.pile_empty": {"en": "The draw pile is empty: the next challenge ends the game.",
                             "fr": "La pioche est vide : la prochaine contestation terminera la partie."},
    "dtc.event.accept": {"en": "{player} accepts \"{claim}\".",
                         "fr": "{player} accepte « {claim} »."},
    "dtc.event.accept_you": {"en": "You accept and take {cards}.",
                             "fr": "Vous acceptez et prenez {cards}."},
    "dtc.event.accept_yours": {"en": "{player} accepts your offer.",
                               "fr": "{player} accepte votre offre."},
    "dtc.event.challenge": {"en": "{player} challenges {giver}'s \"{claim}\": the cards are {cards}.",
                            "fr": "{player} conteste « {claim} » de {giver} : les cartes "
                                  "sont {cards}."},
    "dtc.event.challenge_you": {"en": "You challenge {giver}'s \"{claim}\": the cards are {cards}.",
                                "fr": "Vous contestez « {claim} » de {giver} : les "
                                      "cartes sont {cards}."},
    "dtc.event.challenge_yours": {"en": "{player} challenges your \"{claim}\": the cards are "
                                        "{cards}.",
                                  "fr": "{player} conteste votre « {claim} » : les "
                                        "cartes sont {cards}."},
    "dtc.event.true": {"en": "The offer was true.", "fr": "L'offre était vraie."},
    "dtc.event.false": {"en": "The offer was false.", "fr": "L'offre était fausse."},
    "dtc.event.higher": {"en": "The cards are higher than announced (variant): the challenger "
                               "takes them.",
                         "fr": "Les cartes sont plus fortes qu'annoncé (variante) : la personne "
                               "qui conteste les prend."},
    "dtc.event.take.one": {"en": "{player} puts {count} card into their penalty pile. DTC!",
                           "fr": "{player} met {count} carte dans sa pile malus. DTC !"},
    "dtc.event.take.other": {"en": "{player} puts {count} cards into their penalty pile. DTC!",
                             "fr": "{player} met {count} cartes dans sa pile malus. DTC !"},
    "dtc.event.take_you.one": {"en": "You put {count} card into your penalty pile.",
                               "fr": "Vous mettez {count} carte dans votre pile malus."},
    "dtc.event.take_you.other": {"en": "You put {count} cards into your penalty pile.",
                                 "fr": "Vous mettez {count} cartes dans votre pile malus."},
    "dtc.event.end_pile": {"en": "The draw pile was empty: the game ends. Hands join the "
                                 "penalty piles.",
                           "fr": "La pioche était vide : la partie se termine. Les mains "
                                 "rejoignent les piles malus."},
    "dtc.event.end_no_cards": {"en": "Nobody has a card left to start a new chain: the game "
                                     "ends.",
                               "fr": "Plus personne n'a de carte pour entamer un nouveau tour : "
                                     "la partie se termine."},
    "dtc.event.final.one": {"en": "{player}: {count} penalty card (hand: {hand}).",
                            "fr": "{player} : {count} carte malus (main : {hand})."},
    "dtc.event.final.other": {"en": "{player}: {count} penalty cards (hand: {hand}).",
                              "fr": "{player} : {count} cartes malus (main : {hand})."},
    "dtc.event.final_you.one": {"en": "You: {count} penalty card (hand: {hand}).",
                                "fr": "Vous : {count} carte malus (main : {hand})."},
    "dtc.event.final_you.other": {"en": "You: {count} penalty cards (hand: {hand}).",
                                  "fr": "Vous : {count} cartes malus (main : {hand})."},
    "dtc.event.game_over": {"en": "Game over. Winner(s): {players}.",
                            "fr": "Fin de la partie. Gagnant(s) : {players}."},
    # -- the table
    "dtc.table.chain": {"en": "Chain {number}", "fr": "Tour {number}"},
    "dtc.table.pile": {"en": "Draw pile: {size}", "fr": "Pioche : {size}"},
    "dtc.table.pile_empty": {"en": "Draw pile empty: the next challenge ends the game",
                             "fr": "Pioche vide : la prochaine contestation termine la partie"},
    "dtc.table.over": {"en": "Game over. Winner(s): {players}",
                       "fr": "Partie terminée. Gagnant(s) : {players}"},
    "dtc.table.to_beat": {"en": "To beat: \"{claim}\" (same number and a higher value, or more "
                                "cards)",
                          "fr": "À battre : « {claim} » (même nombre et valeur supérieure, ou "
                                "plus de cartes)"},
    "dtc.table.free": {"en": "Free offer: any number of cards, any value",
                       "fr": "Offre libre : nombre de cartes et valeur au choix"},
    "dtc.table.building.one": {"en": "{player} is preparing an offer: {count} card so far",
                               "fr": "{player} prépare une offre : {count} carte pour l'instant"},
    "dtc.table.building.other": {"en": "{player} is preparing an offer: {count} cards so far",
                                 "fr": "{player} prépare une offre : {count} cartes pour "
                                       "l'instant"},
    "dtc.table.building_you": {"en": "Your offer so far: {cards}",
                               "fr": "Votre offre en préparation : {cards}"},
    "dtc.table.pending": {"en": "On the table: {giver} → {target}: \"{claim}\"",
                          "fr": "Sur la table : {giver} → {target} : « {claim} »"},
    "dtc.table.pending_cards": {"en": "(really: {cards})", "fr": "(en vrai : {cards})"},
    "dtc.table.history": {"en": "Accepted in this chain:", "fr": "Acceptées dans ce tour :"},
    "dtc.table.history_entry": {"en": "{giver} → {target}: \"{claim}\"",
                                "fr": "{giver} → {target} : « {claim} »"},
    "dtc.table.last_reveal.one": {"en": "Last challenge: \"{claim}\" was {cards}; {player} took "
                                        "it.",
                                  "fr": "Dernière contestation : « {claim} » était {cards} ; {player} l'a "
                                        "prise."},
    "dtc.table.last_reveal.other": {"en": "Last challenge: \"{claim}\" was {cards}; {player} "
                                          "took them.",
                                    "fr": "Dernière contestation : « {claim} » était {cards} ; {player} "
                                          "les a prises."},
    "dtc.table.last_reveal_you.one": {"en": "Last challenge: \"{claim}\" was {cards}; you took "
                                            "it.",
                                      "fr": "Dernière contestation : « {claim} » était {cards} ; vous "
                                            "l'avez prise."},
    "dtc.table.last_reveal_you.other": {"en": "Last challenge: \"{claim}\" was {cards}; you "
                                              "took them.",
                                        "fr": "Dernière contestation : « {claim} » était {cards} ; vous "
                                              "les avez prises."},
    "dtc.table.player": {"en": "Player", "fr": "Joueur"},
    "dtc.table.hand": {"en": "Hand", "fr": "Main"},
    "dtc.table.malus": {"en": "Penalty", "fr": "Malus"},
    "dtc.table.malus_cards": {"en": "Penalty cards", "fr": "Cartes malus"},
})
register_texts(_texts)


def card_name(code: str, lang: str) -> str:
    return t("dtc.card.joker", lang) if code == "J" else code


def cards_text(codes: Sequence[str], lang: str) -> str:
    """'4, 4, joker' (or 'no card')."""
    if not codes:
        return t("dtc.cards.none", lang)
    return ", ".join(card_name(code, lang) for code in codes)


def claim_text(count: int, value: int, lang: str) -> str:
    """'four 2s' / 'quatre 2', 'twenty-five 6s' / 'vingt-cinq 6': the count in words, as
    a player says it (any claim fits: it never holds more cards than the deck)."""
    if count == 1:
        return t("dtc.claim.one", lang, value=value)
    number = t(f"dtc.number.{count}", lang) if count <= MAX_WORDS else str(count)
    return t("dtc.claim.many", lang, number=number, value=value)


def describe_action(action: int, lang: str) -> str:
    if not 0 <= action < len(ACTIONS):
        return str(action)
    move = ACTIONS[action]
    if move.kind == "add":
        if move.arg == "J":
            return t("dtc.move.add_joker", lang)
        return t("dtc.move.add", lang, card=move.arg)
    if move.kind == "as":
        return t("dtc.move.claim", lang, value=move.arg)
    return t(f"dtc.move.{move.kind}", lang)  # accept, challenge
