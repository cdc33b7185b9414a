"""Player-facing rules text for Wazabi, in English and French.

Plain data only (Markdown documents; the short texts are in the gettext catalogs). ``SUMMARY[lang]``
is a Markdown rules summary with two
``str.format`` placeholders filled from the options: ``dice`` (dice per
player) and ``cards`` (the card list, one Markdown line per kind).
The rulings (``<game>.ruling.<id>`` texts of the game's gettext catalog) state, for a player, the
ruling the engine follows for each
ambiguity W1..W22 of ``shared/rules/wazabi.md``, and W6b / W6c for the
[ASSUMED] setup steps 1.2.4 (direction) and 1.2.5 (fresh first roll). The option help is in the same
catalog; ``RULEBOOK_NOTES`` lists where the French rulebook and
the engine's reading differ or where the engine had to choose.
"""

from __future__ import annotations

SUMMARY: dict[str, str] = {
    "en": """\
# Wazabi

Roll your dice, draw cards, give dice away and play cards: **be the first player with no die left**.

## Components

- **24 dice**. Each die has 3 **W** (wazabi) faces, 2 **Draw** faces (a card) and 1 **Give** face \
(a die).
- **36 cards** (2007 edition); the cost is the number of W you must have rolled this turn:
{cards}

## Setup

Each player receives **{dice} dice** and **3 cards**; the other cards form the face-down draw \
pile. Everyone rolls their dice: the player with the most W starts (tied players roll again). Play \
goes clockwise.

## A turn

1. **Roll** all your dice.
2. **Draw** one card for each Draw face.
3. **Give** each die showing a Give face to another player of your choice (one decision per die).
4. **Play at most one card** whose cost is at most the number of W you rolled (W are not spent: it \
is a threshold). Its effect applies at once, then the card goes face up to the discard. Playing is \
optional.

*Remove 1 die* cannot be played if your roll shows 2 Give faces or more.

**Empty pile**: shuffle the discard into a new pile. If the discard is empty too, take a card \
blind from the hand of the opponent of your choice.

## Card effects

- **Remove 1 die / Remove 2 dice**: the dice leave the game.
- **All pass their dice**: choose left or right; every player (you too) hands their whole pool to \
that neighbour.
- **Give 1 die**: give one of your dice to a player of your choice (besides any Give faces).
- **Take 1 card**: take a card blind from the hand of a player of your choice; if nobody has a \
card, draw one.
- **A player keeps only 1 card**: choose a player with 2 cards or more; **they** choose the card \
they keep and discard the others.
- **Draw 3 cards**.
- **All other players keep only 2 cards**: each other player with more than 2 cards chooses the 2 \
they keep.
- **A player skips their turn**: the card lies in front of them until they have lost a turn; \
several can pile up.
- **Play again and reverse**: you play a whole new turn, then play goes the other way.

## End of the game

As soon as a player has no die left, they win, even in the middle of a turn.
""",
    "fr": """\
# Wazabi

Lancez vos dés, piochez des cartes, donnez des dés et posez des cartes : **soyez le premier joueur \
à ne plus avoir de dé**.

## Matériel

- **24 dés**. Chaque dé a 3 faces **W** (wazabi), 2 faces **Carte** (piocher) et 1 face **Dé** \
(donner).
- **36 cartes** (édition 2007) ; le coût est le nombre de W qu'il faut avoir obtenus ce tour-ci :
{cards}

## Préparation

Chaque joueur reçoit **{dice} dés** et **3 cartes** ; les autres cartes forment la pioche, faces \
cachées. Chacun lance ses dés : celui qui obtient le plus de W commence (en cas d'égalité, les ex \
aequo relancent). On joue dans le sens des aiguilles d'une montre.

## Un tour

1. **Lancez** tous vos dés.
2. **Piochez** une carte par figure Carte.
3. **Donnez** chaque dé montrant la figure Dé au joueur de votre choix (une décision par dé).
4. **Posez au plus une carte** dont le coût ne dépasse pas le nombre de W obtenus (les W ne se \
dépensent pas : c'est un minimum). Son effet s'applique aussitôt, puis la carte va face visible à \
la défausse. Poser une carte n'est pas obligatoire.

*Supprimez 1 de vos dés* ne peut pas être jouée si vous obtenez 2 figures Dé ou plus dans le même \
tour.

**Pioche vide** : mélangez la défausse pour reformer une pioche. Si la défausse est vide aussi, \
piochez à l'aveugle dans le jeu de l'adversaire de votre choix.

## Effets des cartes

- **Supprimez 1 / 2 de vos dés** : les dés sont retirés de la partie.
- **Tous les joueurs donnent leurs dés à leur voisin** : choisissez gauche ou droite ; chaque \
joueur (vous aussi) donne tous ses dés à ce voisin.
- **Donnez 1 de vos dés** au joueur de votre choix (en plus des figures Dé éventuelles).
- **Prenez 1 carte au joueur de votre choix**, à l'aveugle ; si aucun joueur n'a de carte, \
piochez-en une.
- **Le joueur de votre choix n'a plus qu'1 carte** : il doit en avoir au moins 2 ; **c'est lui** \
qui choisit la carte qu'il conserve et se défausse des autres.
- **Piochez 3 cartes**.
- **Tous les autres joueurs n'ont plus que 2 cartes** : chaque autre joueur qui en a plus de 2 \
choisit les 2 qu'il conserve.
- **Le joueur de votre choix passe son tour** : la carte reste devant lui jusqu'à ce qu'il ait \
passé son tour ; plusieurs peuvent se cumuler.
- **Rejouez et changez de sens** : vous jouez un tour complet de plus, puis la partie continue \
dans le sens inverse.

## Fin de la partie

Dès qu'un joueur n'a plus de dé, il gagne la partie, même au milieu d'un tour.
""",
}


RULEBOOK_NOTES: dict[str, str] = {
    "en": """\
- The French rulebook (Gigamic 2007, print 09-2013) lost every symbol: the die
  faces (W1), the card costs (W2) and the symbol that forbids Remove 1 die (W4)
  come from the rules file's outside sources; the copy counts (W3) are not in
  the rulebook at all.
- "Take 1 card": the rulebook lets you pick "the card of your choice" from a
  hand fanned face down: a blind choice, played as a uniformly random card.
- The rulebook does not say whether you may target yourself (W12), how teams sit (W19), or what \
happens
  to a finished player's cards in the continued game (W20): these are the
  engine's choices.
- The rulebook says neither how ties for the first player are broken (W6), in
  which direction play starts (W6b), nor whether the starting roll counts for
  the first turn (W6c): these are options, with the rules file's choices as
  defaults (tied players re-roll, clockwise, a fresh roll).
- Options that cannot be combined: teams need 4 or 6 players and end at the
  first player out (no continued game); a tournament scores the first player
  out of each game, so it is played without the continued game.
""",
    "fr": """\
- La règle française (Gigamic 2007, impression 09-2013) a perdu tous ses
  symboles : les faces des dés (W1), les coûts des cartes (W2) et la figure qui
  interdit Supprimez 1 de vos dés (W4) viennent des sources extérieures du
  fichier de règles ; le nombre d'exemplaires (W3) n'est pas dans la règle.
- « Prenez 1 carte » : la règle fait prendre « celle de votre choix » dans un
  éventail de cartes faces cachées : un choix à l'aveugle, joué comme une carte
  tirée au hasard.
- La règle ne dit pas si l'on peut se viser soi-même (W12), comment s'assoient les équipes
  (W19), ni ce que deviennent les cartes d'un joueur qui a fini dans la partie
  continuée (W20) : ce sont des choix du moteur.
- La règle ne dit ni comment départager les ex aequo pour le premier joueur
  (W6), ni dans quel sens on commence (W6b), ni si le lancer de départ compte
  pour le premier tour (W6c) : ce sont des options, dont les valeurs par défaut
  sont les choix du fichier de règles (les ex aequo relancent, sens horaire,
  nouveau lancer).
- Options incompatibles : les équipes demandent 4 ou 6 joueurs et s'arrêtent au
  premier joueur sorti (pas de partie continuée) ; un tournoi compte le premier
  sorti de chaque partie, il se joue donc sans partie continuée.
""",
}
