"""Player-facing rules text for DTC, in English and French.

Plain data only. ``SUMMARY[lang]`` is a Markdown rules summary with one
``str.format`` placeholder, ``settlement`` (who takes the cards after a
challenge, which depends on the variant options). ``RULINGS`` states, for a
player, the ruling the engine follows for each ambiguity D1..D15 of
``shared/rules/dtc.md``. ``OPTION_HELP`` gives one line per game option,
``RULEBOOK_NOTES`` says where the sources and the engine's reading differ.
The summary's other placeholders, ``components``, ``total``, ``hand`` and
``refill``, describe the deck in force (the options ``values``, ``copies``,
``jokers``, ``hand_size``; the rulebook's deck by default).
"""

from __future__ import annotations

SUMMARY: dict[str, str] = {
    "en": """\
# DTC ("Donne Tes Cartes")

A bluffing card game by Reiner Knizia, close to Liar's Dice: pass cards face
down to your left neighbour, say what they are (truthfully or not), and make
sure the cards end up in someone else's penalty pile.

## Goal

Hold the **fewest penalty cards** at the end of the game.

## Components

- {components} (The 4 summary cards stay aside.)

## Setup

1. Shuffle the {total} cards and deal **{hand} to each player** (2 to 6 players).
   The rest is the face-down draw pile.
2. A random player starts. Everyone has an empty penalty pile.

## An offer

The giver takes **one or more cards** from his hand, passes them face down to
his **left neighbour** and announces their number and **one value**: "I give
you four 2s". The number is always true; the value may be a lie. A **joker**
counts as any value: two 6s and a joker are "three 6s".

Here you build an offer one card at a time (add a 4, add a joker, ...), then
announce the value. In the terminal you may also type it at once:
`offer 4 4 J as 4`.

{refill}

## Accept or challenge

The receiver either:

1. **Accepts**: he takes the cards into his hand (now he knows them) and must
   make a **higher offer** to his own left neighbour: the same number of cards
   with a higher value, or more cards with any value. ("four 2s" can be beaten
   by "four 3s" or "five 1s", not by "three 6s".)
2. **Challenges**: the cards are turned face up for all to see. {settlement}
   The cards go face down into that player's penalty pile, and he starts a new
   chain with any offer.

## End of the game

When the draw pile is empty, play goes on without drawing. The **first
challenge** made once the pile is empty is settled and **ends the game**. Each
player adds the cards left in his hand to his penalty pile; the fewest cards
wins (ties share the victory).
""",
    "fr": """\
# DTC (« Donne Tes Cartes »)

Un jeu de bluff de Reiner Knizia, proche du Perudo ou du poker menteur : on
passe des cartes faces cachées à son voisin de gauche en annonçant ce qu'elles
sont (vrai ou faux), et on s'arrange pour qu'elles finissent dans la pile
malus de quelqu'un d'autre.

## But du jeu

Avoir **le moins de cartes malus** à la fin de la partie.

## Matériel

- {components} (Les 4 cartes Résumé restent à côté.)

## Mise en place

1. Mélanger les {total} cartes et en distribuer **{hand} à chaque joueur** (2 à
   6 joueurs). Le reste forme la pioche, face cachée.
2. Un joueur tiré au hasard commence. Chacun a une pile malus vide.

## Une offre

Le donneur prend **une ou plusieurs cartes** de sa main, les fait glisser
faces cachées vers son **voisin de gauche** et annonce leur nombre et **une
seule valeur** : « Je te donne quatre 2 ». Le nombre est toujours exact ; la
valeur peut être fausse. Un **joker** prend n'importe quelle valeur : deux 6
et un joker font « trois 6 ».

Ici, on construit l'offre carte par carte (ajouter un 4, ajouter un joker...),
puis on annonce la valeur. Dans le terminal, on peut aussi tout taper d'un
coup : `offre 4 4 J comme 4`.

{refill}

## Accepter ou contester

Celui qui reçoit l'offre peut :

1. **Accepter** : il prend les cartes en main (il les connaît alors) et doit
   faire une **offre plus forte** à son propre voisin de gauche : le même
   nombre de cartes avec une valeur supérieure, ou plus de cartes avec une
   valeur quelconque (« quatre 2 » est battu par « quatre 3 » ou « cinq 1 »,
   pas par « trois 6 »).
2. **Relever le défi** : les cartes sont retournées à la vue de tous.
   {settlement} Les cartes vont faces cachées dans la pile malus de ce joueur,
   qui entame un nouveau tour avec une offre libre.

## Fin de partie

Quand la pioche est épuisée, on continue sans piocher. Le **premier défi**
relevé une fois la pioche vide est résolu et **termine la partie**. Chacun
ajoute les cartes de sa main à sa pile malus ; le moins de cartes gagne (en
cas d'égalité, la victoire est partagée).
""",
}

RULINGS: dict[str, dict[str, str]] = {
    "D1": {
        "en": "An offer is true when every card is a joker or has exactly the announced value.",
        "fr": "Une offre est vraie quand chaque carte est un joker ou a exactement la valeur "
              "annoncée.",
    },
    "D2": {
        "en": "The announced number of cards is always the real number (the engine counts "
              "them); only the value can be a bluff.",
        "fr": "Le nombre de cartes annoncé est toujours le vrai (le moteur les compte) ; seule "
              "la valeur peut être un bluff.",
    },
    "D3": {
        "en": "The giver draws back up to 6 cards right after handing his offer over, before "
              "the receiver decides.",
        "fr": "Le donneur complète sa main à 6 cartes juste après avoir donné son offre, avant "
              "que celui qui la reçoit ne décide.",
    },
    "D4": {
        "en": "The end is checked when a challenge is settled: if the draw pile is empty at "
              "that moment (even if the last refill emptied it), the game ends after this "
              "challenge.",
        "fr": "La fin se vérifie quand un défi est résolu : si la pioche est vide à ce moment "
              "(même si c'est la dernière pioche qui l'a vidée), la partie se termine après ce "
              "défi.",
    },
    "D5": {
        "en": "You may accept only if you will be able to raise afterwards: the announced "
              "value is below 6, or you hold at least one card of your own. Otherwise you must "
              "challenge.",
        "fr": "On ne peut accepter que si l'on pourra ensuite surenchérir : la valeur annoncée "
              "est inférieure à 6, ou l'on a au moins une carte à soi. Sinon, il faut "
              "contester.",
    },
    "D6": {
        "en": "Should the player who must start a new chain have no card (this cannot happen "
              "in normal play), the next player on his left who has cards starts; if nobody "
              "has any, the game ends.",
        "fr": "Si le joueur qui doit entamer un nouveau tour n'a aucune carte (impossible en "
              "jeu normal), le prochain joueur à sa gauche qui a des cartes commence ; si "
              "personne n'en a, la partie se termine.",
    },
    "D7": {
        "en": "The game always ends: every challenge puts at least one card into a penalty "
              "pile for good, and within a chain the offers keep growing.",
        "fr": "La partie se termine toujours : chaque défi envoie au moins une carte dans une "
              "pile malus pour de bon, et dans un tour les offres ne font que croître.",
    },
    "D8": {
        "en": "There is no hand limit: after accepting you may hold more than 6 cards; the "
              "refill only tops up to 6 and never makes anyone discard.",
        "fr": "Il n'y a pas de limite de main : après avoir accepté, on peut avoir plus de "
              "6 cartes ; on ne complète qu'à 6 et on ne défausse jamais.",
    },
    "D9": {
        "en": "The first player is drawn at random and makes any offer (one card or more, "
              "any value from 1 to 6).",
        "fr": "Le premier joueur est tiré au hasard et fait une offre libre (une carte ou plus, "
              "valeur de 1 à 6).",
    },
    "D10": {
        "en": "With 2 players nothing changes: the left neighbour is always the opponent, and "
              "the two players take turns as giver and receiver.",
        "fr": "À 2 joueurs rien ne change : le voisin de gauche est toujours l'adversaire, et "
              "les deux joueurs sont tour à tour donneur et receveur.",
    },
    "D11": {
        "en": "After a challenge, the player who put the cards into his penalty pile starts a "
              "new chain with any offer to his left neighbour.",
        "fr": "Après un défi, le joueur qui a mis les cartes dans sa pile malus entame un "
              "nouveau tour par une offre libre à son voisin de gauche.",
    },
    "D12": {
        "en": "Variant (option `variant_higher`): the challenger also takes the cards when each "
              "of them is a joker or at least the announced value (e.g. \"three 4s\" revealed "
              "as 4, 5, joker). With `variant_literal`, only the two cases of the text count: "
              "all cards are the announced value or jokers, or all are strictly higher (jokers "
              "allowed).",
        "fr": "Variante (option `variant_higher`) : la personne qui conteste prend aussi les "
              "cartes quand chacune est un joker ou vaut au moins la valeur annoncée (par "
              "exemple « trois 4 » révélés 4, 5, joker). Avec `variant_literal`, seuls les deux "
              "cas du texte comptent : toutes les cartes ont la valeur annoncée ou sont des "
              "jokers, ou toutes sont strictement supérieures (jokers admis).",
    },
    "D13": {
        "en": "Ties at the end share the victory among the players with the fewest penalty "
              "cards.",
        "fr": "En cas d'égalité à la fin, la victoire est partagée entre les joueurs qui ont le "
              "moins de cartes malus.",
    },
    "D14": {
        "en": "You may offer any cards of your hand, including cards you have just received.",
        "fr": "On peut offrir n'importe quelles cartes de sa main, y compris celles qu'on vient "
              "de recevoir.",
    },
    "D15": {
        "en": "The giver knows the cards he offered; the receiver learns them by accepting; a "
              "challenge shows them to everyone. Penalty piles lie face down but their cards "
              "were shown, so they are public; the sizes of hands and of the draw pile are "
              "public. At the end, the hands are shown as they join the penalty piles.",
        "fr": "Le donneur connaît les cartes qu'il a offertes ; le receveur les découvre en "
              "acceptant ; un défi les montre à tous. Les piles malus sont faces cachées mais "
              "leurs cartes ont été montrées : elles sont publiques, comme le nombre de cartes "
              "en main et dans la pioche. À la fin, les mains sont montrées en rejoignant les "
              "piles malus.",
    },
}

OPTION_HELP: dict[str, dict[str, str]] = {
    "values": {
        "en": "Smaller deck (not in the rulebook): number cards 1 to this value only "
              "(default 6). With values=2 copies=1 jokers=1 hand_size=1 and 2 players, the game "
              "is small enough to solve (bot `solver`).",
        "fr": "Paquet réduit (hors règle) : cartes numérotées de 1 à cette valeur seulement "
              "(6 par défaut). Avec values=2 copies=1 jokers=1 hand_size=1 et 2 joueurs, la "
              "partie est assez petite pour être résolue (bot `solver`).",
    },
    "copies": {
        "en": "Smaller deck: copies of each number card (default 9).",
        "fr": "Paquet réduit : exemplaires de chaque carte numérotée (9 par défaut).",
    },
    "jokers": {
        "en": "Smaller deck: number of jokers (default 12).",
        "fr": "Paquet réduit : nombre de jokers (12 par défaut).",
    },
    "hand_size": {
        "en": "Cards dealt to each player, and the level the giver draws back up to (default 6; "
              "the deck must hold enough cards for every hand).",
        "fr": "Cartes distribuées à chacun, et nombre de cartes que le donneur retrouve en "
              "piochant (6 par défaut ; le paquet doit suffire pour toutes les mains).",
    },
    "variant_higher": {
        "en": "The \"more confusion\" variant: the challenger also takes the cards when they "
              "are higher than announced (default off; see D12).",
        "fr": "La variante « pour plus de confusion » : la personne qui conteste prend aussi les "
              "cartes quand elles sont plus fortes qu'annoncé (désactivée par défaut ; voir "
              "D12).",
    },
    "variant_literal": {
        "en": "With the variant, read it literally: mixtures of the announced value and higher "
              "cards do not count as higher (default off; needs variant_higher; see D12).",
        "fr": "Avec la variante, la lire à la lettre : un mélange de la valeur annoncée et de "
              "cartes plus fortes ne compte pas comme plus fort (désactivée par défaut ; "
              "demande variant_higher ; voir D12).",
    },
}

RULEBOOK_NOTES: dict[str, str] = {
    "en": """\
- The only source is a French description of the game (ludovox.fr); the
  engine follows it. It does not say what happens when a receiver accepts but
  could not raise (D5), how ties end (D13), or how mixtures count in the
  variant (D12): these are the engine's choices.
- The source calls the receiver "le challenger" even when he accepts; here
  "challenge" means turning the cards over (the source's "relever le défi").
- The source's variant text covers only cards that are "all higher"; the
  default reading also lets a mixture of the announced value, higher cards and
  jokers count (D12); `variant_literal` keeps the literal reading.
""",
    "fr": """\
- La seule source est une description française du jeu (ludovox.fr) ; le
  moteur la suit. Elle ne dit pas ce qui se passe si celui qui accepte ne peut
  pas surenchérir (D5), comment se règlent les égalités (D13), ni comment
  comptent les mélanges dans la variante (D12) : ce sont des choix du moteur.
- La source appelle « challenger » celui qui reçoit l'offre, même s'il
  l'accepte ; ici, « contester » (accuser de bluff) veut dire retourner les cartes.
- La variante de la source ne parle que de cartes qui ont « toutes une valeur
  supérieure » ; la lecture par défaut compte aussi un mélange de la valeur
  annoncée, de cartes plus fortes et de jokers (D12) ; `variant_literal` garde
  la lecture à la lettre.
""",
}
