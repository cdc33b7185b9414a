"""Player-facing rules text for Décimoarr..., in English and French.

Plain data only (Markdown documents; the short texts are in the gettext catalogs). ``SUMMARY[lang]``
is a Markdown rules summary with
``str.format`` placeholders filled from the options: ``cards``, ``colours``,
``values``, ``colour_names``, ``value_names``, ``positions``, ``skulls``,
``diamonds``, ``rounds``, ``layout``, ``perdu_choice`` and ``first_player``.
The rulings (``<game>.ruling.<id>`` texts of the game's gettext catalog) state, for a player, the
ruling the engine follows for each
ambiguity E1..E14 of ``shared/rules/decimoarr.md``, and E15, a gap the rules
file leaves (who starts when nobody took a perdu card). French: the home cards
are "les cartes devant" a player, the rulebook's own words ("les 3 cartes
devant lui"). The option help is in the same catalog;
``RULEBOOK_NOTES`` lists where the French rulebook and the engine's reading differ.
"""

from __future__ import annotations

SUMMARY: dict[str, str] = {
    "en": """\
# Décimoarr...

A memory game. Cards lie face down on the table; in turn, each player turns one
over, and it must share the colour or the value of the card turned before. Miss,
and you are out of the round. The last player still in wins the round and a
winner card. Remember where every card lies: the cards go back face down at the
same places after each round.

## Goal

Have the most **diamonds** after {rounds} rounds.

## Components

- **{cards} "décimal" cards**: {colours} colours ({colour_names}) x {values} values
  ({value_names}), each pair exactly once. One is set aside unseen at the start.
- **4 "perdu" cards** with {skulls} skulls.
- **{rounds} "round winner" cards** with {diamonds} diamonds.

## Setup

1. Shuffle the décimal cards, set one aside face down without looking at it, and
   lay the other {positions} face down: {layout}. Each player has 3 **home** cards
   in front of him.
2. {perdu_choice}
3. Shuffle the winner cards into a face-down pile.
4. {first_player}
5. **Before the first round only**, each player secretly looks at their 3 home cards.

## A round

1. The starting player turns any card face up (not a home card, with the default
   option) and leaves it at its place: this first flip always succeeds.
2. Clockwise, each next player still in the round turns a face-down card over. It
   must share the **colour** or the **value** of the reference card (the last card
   that connected).
   - It connects: it stays face up and becomes the reference.
   - It does not: everyone sees it, it is turned face down again at its place, the
     player takes the top perdu card (secretly) and is out of the round.
3. When only one player is still in, he wins the round and takes the top winner
   card face down. (If no face-down card is left while several players are still
   in, the player who turned the last card wins the round.)
4. The players who took a perdu card show it; the one with the most skulls starts
   the next round (if nobody took one, see ruling E15).
5. Every décimal card is turned face down **at the same place**; the perdu cards
   are shuffled back into a pile.

## End of the game

After {rounds} rounds the winner-card pile is empty. Everyone shows his winner
cards and adds up the diamonds: the most diamonds wins; a tie goes to the player
who won more rounds, then the victory is shared.

## What everyone knows

- The cards face up now. Every card turned over (a failed one too) was seen by
  all; remembering it is up to you. The terminal shows your memory only with the
  option `show_memory=true`.
- Your own home cards, seen once before the first round.
- Who is out of the round, how many rounds each player has won. Perdu cards stay
  secret until the end of the round, winner cards until the end of the game
  (each player knows his own).
""",
    "fr": """\
# Décimoarr...

Un jeu de mémoire. Les cartes sont posées face cachée ; à tour de rôle, chacun en
retourne une, qui doit avoir la même couleur ou la même valeur que la carte
retournée juste avant. Si vous vous trompez, vous êtes hors jeu jusqu'à la fin de la manche. Le
dernier joueur encore en jeu gagne la manche et une carte « gagnant du tour ».
Retenez bien où sont les cartes : elles sont retournées face cachée à la même
place après chaque manche.

## But du jeu

Avoir le plus de **diamants** après {rounds} manches.

## Matériel

- **{cards} cartes « décimal »** : {colours} couleurs ({colour_names}) x {values}
  valeurs ({value_names}), chaque paire une seule fois. Une est mise de côté sans
  être vue au début.
- **4 cartes « perdu »** avec {skulls} têtes de mort.
- **{rounds} cartes « gagnant du tour »** avec {diamonds} diamants.

## Mise en place

1. Mélangez les cartes « décimal », mettez-en une de côté face cachée sans la
   regarder, et posez les {positions} autres face cachée : {layout}. Chaque joueur
   a 3 cartes **devant lui**.
2. {perdu_choice}
3. Mélangez les cartes « gagnant du tour » en un tas face cachée.
4. {first_player}
5. **Avant la première manche seulement**, chaque joueur regarde en secret les 3
   cartes devant lui.

## Une manche

1. Le joueur qui commence retourne une carte (pas une carte devant un joueur,
   avec l'option par défaut) et la laisse à sa place : ce premier coup réussit
   toujours.
2. Dans le sens des aiguilles d'une montre, chaque joueur encore en jeu retourne
   une carte face cachée. Elle doit avoir la même **couleur** ou la même
   **valeur** que la carte de référence (la dernière carte qui a fait le lien).
   - Elle fait le lien : elle reste visible et devient la référence.
   - Sinon : tout le monde la voit, elle est retournée face cachée à sa place, le
     joueur prend la première carte « perdu » du tas (en secret) et il a fini de
     jouer pour cette manche.
3. Quand il ne reste qu'un joueur en jeu, il gagne la manche et prend la première
   carte « gagnant du tour », face cachée. (S'il ne reste aucune carte face cachée
   alors que plusieurs joueurs sont encore en jeu, celui qui a retourné la
   dernière carte gagne la manche.)
4. Les joueurs qui ont pris une carte « perdu » la montrent ; celui qui a le plus de
   têtes de mort commence la manche suivante (si personne n'en a pris, voir la
   décision E15).
5. Toutes les cartes « décimal » sont retournées face cachée **à la même place** ; les
   cartes « perdu » sont mélangées et reposées en tas.

## Fin de la partie

Après {rounds} manches, le tas des cartes « gagnant du tour » est vide. Chacun
retourne ses cartes « gagnant du tour » et additionne les diamants : le plus de
diamants gagne ; en cas d'égalité, celui qui a gagné le plus de manches, sinon la
victoire est partagée.

## Ce que chacun sait

- Les cartes visibles en ce moment. Chaque carte retournée (même ratée) a été vue
  par tous ; à vous de vous en souvenir. Le terminal ne montre votre mémoire
  qu'avec l'option `show_memory=true`.
- Les cartes devant vous, vues une fois avant la première manche.
- Qui est hors jeu dans la manche, combien de manches chacun a gagnées. Les cartes
  « perdu » restent secrètes jusqu'à la fin de la manche, les cartes « gagnant du tour »
  jusqu'à la fin de la partie (chacun connaît les siennes).
""",
}


RULEBOOK_NOTES: dict[str, str] = {
    "en": """\
- The French rulebook's layout picture is lost and it is labelled "example for 5
  players": the engine uses Memoarrr!'s 5x5 grid for 2-4 players and a ring for
  5 (E1).
- The rulebook says each player must connect to "the last card turned over" and
  is silent about a failed card: the engine follows Memoarrr! (the failed card is
  turned back, the reference stays the last card that connected; E4, E5), with
  an option for the literal reading.
- The rulebook lets the first player turn over any card; the engine forbids a
  home card for the first flip of a round, as Memoarrr! does (E6, option).
- The rulebook's round winner is "the one who did not draw a perdu card"; when
  the face-down cards run out with several such players, the engine gives the
  round to the player who turned the last card (E7).
- The numbers of skulls and diamonds, the colours and the values of the cards,
  which perdu cards are in play, the first player and ties are not in the
  rulebook: they are the engine's choices, all options (E2, E8, E9, E10, E12,
  E13). So is who starts a round after one where nobody took a perdu card (E15).
""",
    "fr": """\
- L'image de la disposition est perdue dans la règle française, qui la présente
  comme « exemple pour 5 joueurs » : le moteur utilise la grille 5x5 de
  Memoarrr! de 2 à 4 joueurs et un anneau à 5 (E1).
- La règle demande de relier « la dernière carte retournée » et ne dit rien
  d'une carte ratée : le moteur suit Memoarrr! (la carte ratée est retournée, la
  référence reste la dernière carte qui a fait le lien ; E4, E5), avec une option
  pour la lecture littérale.
- La règle laisse le premier joueur retourner n'importe quelle carte ; le moteur
  interdit une carte devant un joueur au premier coup d'une manche, comme Memoarrr!
  (E6, option).
- Pour la règle, le gagnant de la manche est « celui qui n'a pas pioché de carte
  perdu » ; si les cartes face cachée s'épuisent alors que plusieurs joueurs sont
  dans ce cas, le moteur donne la manche à celui qui a retourné la dernière carte
  (E7).
- Les nombres de têtes de mort et de diamants, les couleurs et valeurs des cartes,
  les cartes « perdu » en jeu, le premier joueur et les égalités ne sont pas dans la
  règle : ce sont des choix du moteur, tous en option (E2, E8, E9, E10, E12, E13).
  De même pour qui commence après une manche où personne n'a pris de carte « perdu »
  (E15).
""",
}
