"""Player-facing rules text for 17 / Diciassette, in English and French.

Plain data only (Markdown documents; the short texts are in the gettext catalogs). ``SUMMARY[lang]``
is a Markdown rules summary (rendered with
rich.markdown) with three ``str.format`` placeholders filled from the options:
``singles``, ``doubles`` and ``specials`` (deck composition, ruling S1).
The rulings (``<game>.ruling.<id>`` texts of the game's gettext catalog) state, for a player, the
ruling the engine follows for each
ambiguity S1..S20 (plus S12b) of ``shared/rules/diciassette.md``.
The option help is in the same catalog; ``RULEBOOK_NOTES`` lists where
the two rulebooks and the engine's reading differ.
"""

from __future__ import annotations

SUMMARY: dict[str, str] = {
    "en": """\
# 17 / Diciassette

Players take turns adding one card to a shared queue in the middle of the table. Some card values \
can be seen, others are hidden. Do not be the one whose card brings the total to 17 or more, and \
call "17" when you think someone else just did. Bluff, guess, and remember what has been played.

## Goal

Be the first player to hold **3 Victory tokens**.

## Components

- **70 cards**, each with a white-bordered front and a black-bordered back:
  - **Single-faced number cards** (15 in the box), values 1 to 5: {singles}. Their back is a plain \
card back.
  - **Double-faced number cards** (35 in the box), values 1 to 5: {doubles}. Their back shows \
**the same value** as their front.
  - **Special cards** (20 in the box): {specials}. Same plain back as the single-faced cards.
- **24 tokens**: 14 Victory tokens and 10 Penalty tokens.

## Setup

1. Shuffle all the cards and deal 3 to each player (2 to 6 players).
2. The remaining cards form the draw pile, black border up.
3. A random player starts. Play goes clockwise.

## A turn

On your turn, in this order:

1. **Play a card** from your hand, **face up** (white border up) or **face down** (black border \
up), at the right end of the queue. Any card may be played either way.
2. **Draw a card** from the draw pile. If the draw pile is empty, shuffle the discard to form a \
new one.

A face-down single-faced card or special card gives nothing away, but a double-faced card **shows \
its value even face down**, because its back carries the same number.

## Calling "17"

If you think the total of the queue has reached 17 or more, call "17" to end the round.

- Calls happen **between turns**: after a player has finished their turn (played and drawn), \
before the next turn begins.
- The player who just finished their turn **cannot** call.
- If several players call at once, the caller is the one **nearest in turn order** after the \
player who just played, in the current direction of play.

## End of the round

1. Turn every face-down card in the queue face up.
2. Each **Trap** that was played face down now triggers (see Special cards).
3. Add up the values of the cards in the queue. Special cards count **0**.
4. Hand out tokens:
   - **Total of 17 or more**: the last player (the one who just played) takes a **Penalty** token; \
the caller takes a **Victory** token and starts the next round.
   - **Total below 17**: the last player takes a **Victory** token and starts the next round; the \
caller takes a **Penalty** token.
5. Discard every card of the queue. Everyone keeps the cards in their hand, so pay attention to \
what has been played and what is still held.

The next round starts with an empty queue, one card per turn, clockwise (unless the \
`direction_persists` option is on).

## Tokens

- **Penalty tokens are applied before Victory tokens.**
- When you receive your **second Penalty token**, discard both Penalty tokens and one of your \
Victory tokens, if you have one.
- A player can gain **at most one Victory token per round**, whatever the reason.

## Special cards

A special card acts only when played **face up**, and at once; played face down it does nothing \
(except the Trap). Every special card is worth 0.

- **Reverse**: the direction of play changes immediately (clockwise becomes counterclockwise and \
vice versa).
- **Trash**: discard the card just to its left in the queue (the last card played) together with \
the Trash itself. A face-down card is discarded face down and stays secret. What the removed card \
already did remains (after a Reverse is trashed, play keeps going in the reversed direction). On \
an empty queue, only the Trash is discarded.
- **x2**: the next player must play **two cards** on their turn, then draw two. This double play \
is a single turn.
- **Trap**: acts only when played **face down**. When it is revealed at the end of the round, the \
player who played it takes a Victory token and the caller takes a Penalty token; then the round is \
resolved as usual.

## End of the game

The game ends when, after a round is resolved, a player holds **3 Victory tokens**. If several \
players do, the one with fewer Penalty tokens wins; if they are still tied, they share the victory.

## What everyone can see

- Every face-up card in the queue, and the value of every face-down double-faced card.
- The value of the double-faced cards in every hand and on top of the draw pile, since their backs \
show the number (option `hand_backs_public`, on by default); of the other cards in a hand you only \
see that they are single-faced numbers or specials.
- Hand sizes, everyone's tokens, the direction of play and the order of the queue.
- A face-down single-faced card or special card is known only to the player who played it until \
the end of the round; if a Trash removes it, it is never revealed.
""",
    "fr": """\
# 17 / Diciassette

À tour de rôle, vous ajoutez une carte à une ligne centrale commune. La valeur de certaines cartes \
est visible, d'autres sont cachées. Ne soyez pas celui ou celle dont la carte fait atteindre 17 ou \
plus, et annoncez « 17 » quand vous pensez qu'un adversaire vient de le faire. Bluffez, devinez, \
et retenez bien les cartes jouées.

## But du jeu

Soyez le premier ou la première à obtenir **3 jetons Victoire**.

## Matériel

- **70 cartes**, avec un bord blanc sur la face et un bord noir sur le dos :
  - **Cartes numérotées sur une seule face** (15 dans la boîte), valeurs 1 à 5 : {singles}. Leur \
dos est un dos de carte ordinaire.
  - **Cartes numérotées recto verso** (35 dans la boîte), valeurs 1 à 5 : {doubles}. Leur dos \
montre **la même valeur** que leur face.
  - **Cartes spéciales** (20 dans la boîte) : {specials}. Même dos ordinaire que les cartes \
numérotées sur une seule face.
- **24 jetons** : 14 jetons Victoire et 10 jetons Pénalité.

## Mise en place

1. Mélangez toutes les cartes et distribuez-en 3 à chaque joueur (2 à 6 joueurs).
2. Les cartes restantes forment la pioche, bord noir vers le haut.
3. La personne qui commence est tirée au sort. On joue dans le sens des aiguilles d'une montre.

## Déroulement d'un tour

À votre tour, dans l'ordre :

1. **Jouez une carte** de votre main, **face visible** (bord blanc vers le haut) ou **face \
cachée** (bord noir vers le haut), à l'extrémité droite de la ligne. Toutes les cartes peuvent \
être jouées des deux façons.
2. **Piochez une carte**. Si la pioche est vide, mélangez la défausse pour former une nouvelle \
pioche.

Face cachée, une carte numérotée sur une seule face ou une carte spéciale ne révèle rien ; en \
revanche, une carte recto verso **montre sa valeur même face cachée**, puisque son dos porte le \
même nombre.

## Annoncer « 17 »

Si vous pensez que la somme des cartes de la ligne a atteint ou dépassé 17, annoncez « 17 » pour \
mettre fin à la manche.

- On annonce **entre deux tours** : quand un joueur a fini son tour (carte jouée et carte \
piochée), avant que le tour suivant ne commence.
- La personne qui vient de finir son tour **ne peut pas** annoncer « 17 ».
- Si plusieurs personnes annoncent en même temps, la priorité va à la plus proche, dans l'ordre du \
tour et le sens de jeu actuel, de celle qui vient de jouer.

## Fin de la manche

1. Retournez toutes les cartes face cachée de la ligne.
2. Chaque **Piège** joué face cachée se déclenche (voir Cartes spéciales).
3. Faites la somme des valeurs des cartes de la ligne. Les cartes spéciales valent **0**.
4. Distribuez les jetons :
   - **Somme de 17 ou plus** : la dernière personne à avoir joué une carte reçoit un jeton \
**Pénalité** ; la personne qui a annoncé « 17 » reçoit un jeton **Victoire** et entame la manche \
suivante.
   - **Somme inférieure à 17** : la dernière personne à avoir joué reçoit un jeton **Victoire** et \
entame la manche suivante ; la personne qui a annoncé « 17 » reçoit un jeton **Pénalité**.
5. Défaussez toutes les cartes de la ligne. Chacun garde les cartes qu'il a en main : faites bien \
attention aux cartes jouées et à celles qui restent.

La manche suivante commence avec une ligne vide, une carte par tour, dans le sens des aiguilles \
d'une montre (sauf si l'option `direction_persists` est activée).

## Jetons

- **Les jetons Pénalité s'appliquent avant les jetons Victoire.**
- Quand vous recevez un **deuxième jeton Pénalité**, défaussez les deux jetons Pénalité ainsi \
qu'un jeton Victoire, si vous en avez un.
- On ne peut pas gagner **plus d'un jeton Victoire par manche**, quelle qu'en soit la raison.

## Cartes spéciales

Une carte spéciale n'agit que jouée **face visible**, et immédiatement ; face cachée, elle n'a \
aucun effet (sauf le Piège). Toutes les cartes spéciales valent 0.

- **Changement de sens** : l'ordre du tour change de sens immédiatement (le sens des aiguilles \
d'une montre devient le sens inverse, et réciproquement).
- **Poubelle** : défaussez la carte située juste à sa gauche dans la ligne (la dernière carte \
jouée) ainsi que la Poubelle elle-même. Une carte face cachée est défaussée face cachée et reste \
secrète. Ce que la carte défaussée a déjà produit reste acquis (après un Changement de sens mis à \
la Poubelle, on continue dans le sens inversé). Sur une ligne vide, seule la Poubelle est défaussée.
- **x2** : la personne suivante doit jouer **deux cartes** pendant son tour, puis en piocher deux. \
Ce double coup compte comme un seul tour.
- **Piège** : n'agit que joué **face cachée**. Quand il est révélé en fin de manche, la personne \
qui l'a joué reçoit un jeton Victoire et celle qui a annoncé « 17 » reçoit un jeton Pénalité ; \
puis la manche est résolue normalement.

## Fin de la partie

La partie s'arrête quand, après la résolution d'une manche, un joueur possède **3 jetons \
Victoire**. Si plusieurs y parviennent, celui ou celle qui a le moins de jetons Pénalité gagne ; \
si l'égalité persiste, partagez-vous la victoire.

## Ce que tout le monde voit

- Toutes les cartes face visible de la ligne, et la valeur de chaque carte recto verso jouée face \
cachée.
- La valeur des cartes recto verso dans toutes les mains et sur le dessus de la pioche, puisque \
leur dos porte le nombre (option `hand_backs_public`, activée par défaut) ; des autres cartes \
d'une main, on voit seulement que ce sont des cartes à une seule face ou des spéciales.
- Le nombre de cartes en main, les jetons de chacun, le sens de jeu et l'ordre des cartes de la \
ligne.
- Une carte à une seule face ou une carte spéciale jouée face cachée n'est connue que de la \
personne qui l'a jouée jusqu'à la fin de la manche ; si une Poubelle la défausse, elle n'est \
jamais révélée.
""",
}


RULEBOOK_NOTES: dict[str, str] = {
    "en": """\
- The French rulebook puts the white border on the back and the black border on
  the front; the English one says the opposite. The engine follows the English
  text (white = face up), which the French setup itself supports: draw pile
  "black border" up (S3).
- Only the English text says the player who just played cannot call "17"; the
  French one only asks to call before the next player starts. The engine
  follows the English text (S4).
- The English text limits every player to one Victory token per round; the
  French note speaks only of Trap cards ("lors d'un même tour"). The engine
  applies the general limit.
- The English text ends with "This rule does not apply to the trap card" after
  saying that face-down specials are worth 0; both rulebooks also say special
  cards are worth 0, so the Trap counts 0 too (S17).
- Neither rulebook gives the split of cards by value or special type (S1), nor
  the direction at the start of a round (S13), several Traps (S12) or calling
  during an x2 double play (S6): these are the engine's choices.
""",
    "fr": """\
- La règle française met le bord blanc au verso et le bord noir au recto ; la
  règle anglaise dit l'inverse. Le moteur suit la règle anglaise (bord blanc =
  face visible), ce que confirme la mise en place française elle-même : pioche
  « face avec le bord noir » vers le haut (S3).
- Seule la règle anglaise interdit d'annoncer « 17 » après son propre tour ; la
  règle française demande seulement d'annoncer avant le tour suivant. Le moteur
  suit la règle anglaise (S4).
- La règle anglaise limite chaque joueur à un jeton Victoire par manche ; la
  note française ne parle que des cartes Piège (« lors d'un même tour »). Le
  moteur applique la limite générale.
- La règle anglaise se termine par « This rule does not apply to the trap card »
  après avoir dit que les spéciales face cachée valent 0 ; les deux règles disent
  aussi que les cartes spéciales valent 0 : le Piège compte donc 0 (S17).
- Aucune des deux règles ne donne la répartition des cartes par valeur ou par
  type (S1), ni le sens de jeu en début de manche (S13), ni le cas de plusieurs
  Pièges (S12), ni l'annonce pendant un double coup x2 (S6) : ce sont des choix
  du moteur.
""",
}
