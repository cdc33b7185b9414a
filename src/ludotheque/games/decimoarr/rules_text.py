"""Player-facing rules text for Décimoarr..., in English and French.

Plain data only. ``SUMMARY[lang]`` is a Markdown rules summary with
``str.format`` placeholders filled from the options: ``cards``, ``colours``,
``values``, ``colour_names``, ``value_names``, ``positions``, ``skulls``,
``diamonds``, ``rounds``, ``layout``, ``perdu_choice`` and ``first_player``.
``RULINGS`` states, for a player, the ruling the engine follows for each
ambiguity E1..E14 of ``shared/rules/decimoarr.md``, and E15, a gap the rules
file leaves (who starts when nobody took a perdu card). French: the home cards
are "les cartes devant" a player, the rulebook's own words ("les 3 cartes
devant lui"). ``OPTION_HELP`` gives one line per game option,
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
5. **Before the first round only**, each player secretly looks at his 3 home cards.

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
retournée juste avant. Si vous vous trompez, vous êtes éliminé de la manche. Le
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

1. Mélangez les cartes décimal, mettez-en une de côté face cachée sans la
   regarder, et posez les {positions} autres face cachée : {layout}. Chaque joueur
   a 3 cartes **devant lui**.
2. {perdu_choice}
3. Mélangez les cartes gagnant du tour en un tas face cachée.
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
     joueur prend la première carte perdu du tas (en secret) et il a fini de
     jouer pour cette manche.
3. Quand il ne reste qu'un joueur en jeu, il gagne la manche et prend la première
   carte gagnant du tour, face cachée. (S'il ne reste aucune carte face cachée
   alors que plusieurs joueurs sont encore en jeu, celui qui a retourné la
   dernière carte gagne la manche.)
4. Les joueurs qui ont pris une carte perdu la montrent ; celui qui a le plus de
   têtes de mort commence la manche suivante (si personne n'en a pris, voir la
   décision E15).
5. Toutes les cartes décimal sont retournées face cachée **à la même place** ; les
   cartes perdu sont mélangées et reposées en tas.

## Fin de la partie

Après {rounds} manches, le tas des cartes gagnant du tour est vide. Chacun
retourne ses cartes gagnant du tour et additionne les diamants : le plus de
diamants gagne ; en cas d'égalité, celui qui a gagné le plus de manches, sinon la
victoire est partagée.

## Ce que chacun sait

- Les cartes visibles en ce moment. Chaque carte retournée (même ratée) a été vue
  par tous ; à vous de vous en souvenir. Le terminal ne montre votre mémoire
  qu'avec l'option `show_memory=true`.
- Les cartes devant vous, vues une fois avant la première manche.
- Qui est éliminé de la manche, combien de manches chacun a gagnées. Les cartes
  perdu restent secrètes jusqu'à la fin de la manche, les cartes gagnant du tour
  jusqu'à la fin de la partie (chacun connaît les siennes).
""",
}

RULINGS: dict[str, dict[str, str]] = {
    "E1": {
        "en": "The game could not be identified; it follows Memoarrr! and every assumed component "
              "is an option. Layout: a 5x5 grid without its centre for 2 to 4 players (each "
              "player's home cards are the 3 middle cards of his edge, opposite edges for 2), a "
              "ring with 3 home cards per player for 5 players or other card counts.",
        "fr": "Le jeu n'a pas pu être identifié ; il suit Memoarrr! et chaque élément supposé "
              "est une option. Disposition : grille de 5x5 sans sa case centrale de 2 à 4 joueurs "
              "(les cartes devant un joueur sont les 3 cartes du milieu de son bord, bords "
              "opposés à 2), un anneau avec 3 cartes par joueur à 5 joueurs ou pour un autre "
              "nombre de cartes.",
    },
    "E2": {
        "en": "The décimal cards are every colour x value pair once (5 x 5 by default, options "
              "colours and values); two cards connect when they share the colour or the value. "
              "The decimal numbers printed on them are only labels (only equal or not matters), "
              "so they are not an option.",
        "fr": "Les cartes décimal sont toutes les paires couleur x valeur, une fois chacune "
              "(5 x 5 par défaut, options colours et values) ; deux cartes font le lien si elles "
              "ont la même couleur ou la même valeur. Les nombres décimaux imprimés ne sont que "
              "des noms (seule l'égalité compte) : ce n'est donc pas une option.",
    },
    "E3": {
        "en": "Play goes clockwise, skipping the players who are out of the round.",
        "fr": "On joue dans le sens des aiguilles d'une montre en sautant les joueurs éliminés de "
              "la manche.",
    },
    "E4": {
        "en": "After a failed flip the reference stays the last card that connected (option "
              "reference_after_fail=last_flipped: the failed card becomes the reference; it lies "
              "face down, so the table shows only its place and players must remember its face; "
              "a card never connects to itself, so turning it over again fails).",
        "fr": "Après un échec, la référence reste la dernière carte qui a fait le lien (option "
              "reference_after_fail=last_flipped : la carte ratée devient la référence ; elle est "
              "face cachée, la table ne montre donc que sa place et il faut se souvenir de la "
              "carte ; une carte ne fait jamais le lien avec elle-même, la retourner de nouveau "
              "est un échec).",
    },
    "E5": {
        "en": "A failed card is shown to everyone, then turned face down again at its place; "
              "only cards that connected stay face up until the end of the round.",
        "fr": "Une carte ratée est montrée à tous puis retournée face cachée à sa place ; seules "
              "les cartes qui ont fait le lien restent visibles jusqu'à la fin de la manche.",
    },
    "E6": {
        "en": "Any face-down card may be turned over, in front of anyone; but the first flip of a "
              "round may not be a home card of any player (option first_flip_excludes_homes).",
        "fr": "On peut retourner n'importe quelle carte face cachée, devant n'importe qui ; mais "
              "le premier coup d'une manche ne peut pas être une carte devant un joueur "
              "(option first_flip_excludes_homes).",
    },
    "E7": {
        "en": "If no face-down card is left while several players are still in, the round ends "
              "and the player who turned the last card wins it (option exhausted_table=no_winner: "
              "nobody wins it and its winner card goes back to the box unseen).",
        "fr": "S'il ne reste aucune carte face cachée alors que plusieurs joueurs sont en jeu, la "
              "manche s'arrête et celui qui a retourné la dernière carte la gagne (option "
              "exhausted_table=no_winner : personne ne la gagne et sa carte gagnant du tour "
              "retourne dans la boîte sans être vue).",
    },
    "E8": {
        "en": "With fewer than 5 players, the perdu cards in play are drawn at random; the others "
              "go back to the box unseen (option perdu_cards=fewest_skulls: the cards with the "
              "fewest skulls are in play).",
        "fr": "À moins de 5 joueurs, les cartes perdu en jeu sont tirées au hasard ; les autres "
              "retournent dans la boîte sans être vues (option perdu_cards=fewest_skulls : on "
              "garde les cartes qui ont le moins de têtes de mort).",
    },
    "E9": {
        "en": "The perdu cards carry 1, 2, 3 and 4 skulls by default (option skulls; the numbers "
              "must differ so that exactly one player starts the next round).",
        "fr": "Les cartes perdu portent par défaut 1, 2, 3 et 4 têtes de mort (option skulls ; "
              "les nombres doivent être différents pour qu'un seul joueur commence la manche "
              "suivante).",
    },
    "E10": {
        "en": "The winner cards carry 1, 1, 2, 2, 3, 3 and 4 diamonds by default (option "
              "diamonds). They are shuffled into a face-down pile: the rulebook takes \"the first "
              "card of the pile\" and a pile in a known order would give the scores away, so "
              "this has no sensible alternative and is not an option.",
        "fr": "Les cartes gagnant du tour portent par défaut 1, 1, 2, 2, 3, 3 et 4 diamants "
              "(option diamonds). Elles sont mélangées en un tas face cachée : la règle prend "
              "« la première carte du tas » et un tas dans un ordre connu dévoilerait les scores ; "
              "il n'y a donc pas d'autre choix sensé et ce n'est pas une option.",
    },
    "E11": {
        "en": "Players look at their home cards once, before the first round; never again.",
        "fr": "Chaque joueur regarde les cartes devant lui une seule fois, avant la première "
              "manche ; plus jamais ensuite.",
    },
    "E12": {
        "en": "The first player of the game is drawn at random (option first_player=first_seat: "
              "seat 1 starts).",
        "fr": "Le premier joueur de la partie est tiré au sort (option first_player=first_seat : "
              "la place 1 commence).",
    },
    "E13": {
        "en": "A tie on diamonds goes to the player who won more rounds, then the victory is "
              "shared (option tie_break=shared: shared at once).",
        "fr": "En cas d'égalité de diamants, celui qui a gagné le plus de manches l'emporte, "
              "sinon la victoire est partagée (option tie_break=shared : partagée directement).",
    },
    "E14": {
        "en": "The first flip of a round has nothing to connect to: it always succeeds.",
        "fr": "Le premier coup d'une manche n'a rien à relier : il réussit toujours.",
    },
    "E15": {
        "en": "Engine ruling (neither the rulebook nor the rules file says it): when nobody took "
              "a perdu card in a round (the face-down cards ran out), the player after that "
              "round's starter, clockwise, starts the next round (option "
              "starter_if_no_perdu=same_seat: the same player starts again).",
        "fr": "Décision du moteur (ni la règle ni le fichier de règles n'en parlent) : si "
              "personne n'a pris de carte perdu pendant une manche (les cartes face cachée sont "
              "épuisées), le joueur assis après celui qui a commencé cette manche (dans le sens "
              "des aiguilles d'une montre) commence la suivante (option "
              "starter_if_no_perdu=same_seat : le même joueur recommence).",
    },
}

OPTION_HELP: dict[str, dict[str, str]] = {
    "colours": {
        "en": "Number of colours of the décimal cards (assumed 5; colours x values cards).",
        "fr": "Nombre de couleurs des cartes décimal (hypothèse : 5 ; couleurs x valeurs cartes).",
    },
    "values": {
        "en": "Number of values of the décimal cards (assumed 5, shown as decimal numbers).",
        "fr": "Nombre de valeurs des cartes décimal (hypothèse : 5, écrites en nombres décimaux).",
    },
    "skulls": {
        "en": "Skulls on the 4 perdu cards (assumed 1,2,3,4; all different).",
        "fr": "Têtes de mort des 4 cartes perdu (hypothèse : 1,2,3,4 ; toutes différentes).",
    },
    "diamonds": {
        "en": "Diamonds on the 7 winner cards, one per round (assumed 1,1,2,2,3,3,4).",
        "fr": "Diamants des 7 cartes gagnant du tour, une par manche (hypothèse : 1,1,2,2,3,3,4).",
    },
    "perdu_cards": {
        "en": "The N-1 perdu cards in play with fewer than 5 players: random (default, drawn at "
              "random) or fewest_skulls (the ones with the fewest skulls).",
        "fr": "Les N-1 cartes perdu en jeu à moins de 5 joueurs : random (par défaut, tirées au "
              "hasard) ou fewest_skulls (celles qui ont le moins de têtes de mort).",
    },
    "first_player": {
        "en": "First player of the game: random (default, drawn at random) or first_seat "
              "(seat 1).",
        "fr": "Premier joueur de la partie : random (par défaut, tiré au sort) ou first_seat "
              "(la place 1).",
    },
    "starter_if_no_perdu": {
        "en": "Who starts the next round when nobody took a perdu card: next_seat (default, the "
              "player after the round's starter) or same_seat (the same starter again).",
        "fr": "Qui commence la manche suivante si personne n'a pris de carte perdu : next_seat "
              "(par défaut, le joueur après celui qui a commencé) ou same_seat (le même).",
    },
    "layout": {
        "en": "Table layout: auto (5x5 grid without its centre for 2-4 players with 25 cards, "
              "else a ring), grid or ring.",
        "fr": "Disposition : auto (grille 5x5 sans le centre de 2 à 4 joueurs avec 25 cartes, "
              "sinon un anneau), grid (grille) ou ring (anneau).",
    },
    "reference_after_fail": {
        "en": "The card to connect to after a failed flip: last_success (default, Memoarrr!) or "
              "last_flipped (the failed card).",
        "fr": "La carte à relier après un échec : last_success (par défaut, Memoarrr!) ou "
              "last_flipped (la carte ratée).",
    },
    "first_flip_excludes_homes": {
        "en": "The first flip of a round may not be a home card (default on, Memoarrr!).",
        "fr": "Le premier coup d'une manche ne peut pas être une carte devant un joueur (activée "
              "par défaut, Memoarrr!).",
    },
    "exhausted_table": {
        "en": "No face-down card left with several players in: last_flipper_wins (default) or "
              "no_winner.",
        "fr": "Plus de carte face cachée avec plusieurs joueurs en jeu : last_flipper_wins (par "
              "défaut, le dernier à avoir retourné gagne) ou no_winner (personne).",
    },
    "tie_break": {
        "en": "Tie on diamonds: rounds_won (default: more rounds won, then shared) or shared.",
        "fr": "Égalité de diamants : rounds_won (par défaut : plus de manches gagnées, puis "
              "partage) ou shared (partage).",
    },
    "show_memory": {
        "en": "Terminal aid: draw the face-down cards you have seen, dimmed (default off: a "
              "memory game is about remembering; bots always read their memory in the view).",
        "fr": "Aide du terminal : affiche en grisé les cartes face cachée que vous avez vues "
              "(désactivée par défaut : c'est un jeu de mémoire ; les bots lisent toujours leur "
              "mémoire dans la vue).",
    },
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
  les cartes perdu en jeu, le premier joueur et les égalités ne sont pas dans la
  règle : ce sont des choix du moteur, tous en option (E2, E8, E9, E10, E12, E13).
  De même pour qui commence après une manche où personne n'a pris de carte perdu
  (E15).
""",
}
