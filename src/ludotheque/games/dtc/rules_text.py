"""Player-facing rules text for DTC, in English and French.

Plain data only (Markdown documents; the short texts are in the gettext catalogs). ``SUMMARY[lang]``
is a Markdown rules summary with one
``str.format`` placeholder, ``settlement`` (who takes the cards after a
challenge, which depends on the variant options). The rulings (``<game>.ruling.<id>`` texts of the
game's gettext catalog) state, for a
player, the ruling the engine follows for each ambiguity D1..D15 of
``shared/rules/dtc.md``. The option help is in the same catalog;
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
2. **Contester** (l'accuser de bluff) : les cartes sont retournées à la vue de tous.
   {settlement} Les cartes vont faces cachées dans la pile malus de ce joueur,
   qui entame un nouveau tour avec une offre libre.

## Fin de partie

Quand la pioche est épuisée, on continue sans piocher. La **première
contestation** une fois la pioche vide est résolue et **termine la partie**. Chacun
ajoute les cartes de sa main à sa pile malus ; le moins de cartes gagne (en
cas d'égalité, la victoire est partagée).
""",
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
