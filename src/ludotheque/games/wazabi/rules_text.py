"""Player-facing rules text for Wazabi, in English and French.

Plain data only. ``SUMMARY[lang]`` is a Markdown rules summary with two
``str.format`` placeholders filled from the options: ``dice`` (dice per
player) and ``cards`` (the card list, one Markdown line per kind).
``RULINGS`` states, for a player, the ruling the engine follows for each
ambiguity W1..W22 of ``shared/rules/wazabi.md``, and W6b / W6c for the
[ASSUMED] setup steps 1.2.4 (direction) and 1.2.5 (fresh first roll). ``OPTION_HELP`` gives one
line per game option, ``RULEBOOK_NOTES`` lists where the French rulebook and
the engine's reading differ or where the engine had to choose.
"""

from __future__ import annotations

SUMMARY: dict[str, str] = {
    "en": """\
# Wazabi

Roll your dice, draw cards, give dice away and play cards: **be the first player with no die left**.

## Components

- **24 dice**. Each die has 3 **W** (wazabi) faces, 2 **Draw** faces (a card) and 1 **Give** face (a die).
- **36 cards** (2007 edition); the cost is the number of W you must have rolled this turn:
{cards}

## Setup

Each player receives **{dice} dice** and **3 cards**; the other cards form the face-down draw pile. Everyone rolls his dice: the player with the most W starts (tied players roll again). Play goes clockwise.

## A turn

1. **Roll** all your dice.
2. **Draw** one card for each Draw face.
3. **Give** each die showing a Give face to another player of your choice (one decision per die).
4. **Play at most one card** whose cost is at most the number of W you rolled (W are not spent: it is a threshold). Its effect applies at once, then the card goes face up to the discard. Playing is optional.

*Remove 1 die* cannot be played if your roll shows 2 Give faces or more.

**Empty pile**: shuffle the discard into a new pile. If the discard is empty too, take a card blind from the hand of the opponent of your choice.

## Card effects

- **Remove 1 die / Remove 2 dice**: the dice leave the game.
- **All pass their dice**: choose left or right; every player (you too) hands his whole pool to that neighbour.
- **Give 1 die**: give one of your dice to a player of your choice (besides any Give faces).
- **Take 1 card**: take a card blind from the hand of a player of your choice; if nobody has a card, draw one.
- **A player keeps only 1 card**: choose a player with 2 cards or more; **he** chooses the card he keeps and discards the others.
- **Draw 3 cards**.
- **All other players keep only 2 cards**: each other player with more than 2 cards chooses the 2 he keeps.
- **A player skips his turn**: the card lies in front of him until he has lost a turn; several can pile up.
- **Play again and reverse**: you play a whole new turn, then play goes the other way.

## End of the game

As soon as a player has no die left, he wins, even in the middle of a turn.
""",
    "fr": """\
# Wazabi

Lancez vos dés, piochez des cartes, donnez des dés et posez des cartes : **soyez le premier joueur à ne plus avoir de dé**.

## Matériel

- **24 dés**. Chaque dé a 3 faces **W** (wazabi), 2 faces **Carte** (piocher) et 1 face **Dé** (donner).
- **36 cartes** (édition 2007) ; le coût est le nombre de W qu'il faut avoir obtenus ce tour-ci :
{cards}

## Préparation

Chaque joueur reçoit **{dice} dés** et **3 cartes** ; les autres cartes forment la pioche, faces cachées. Chacun lance ses dés : celui qui obtient le plus de W commence (en cas d'égalité, les ex aequo relancent). On joue dans le sens des aiguilles d'une montre.

## Un tour

1. **Lancez** tous vos dés.
2. **Piochez** une carte par figure Carte.
3. **Donnez** chaque dé montrant la figure Dé au joueur de votre choix (une décision par dé).
4. **Posez au plus une carte** dont le coût ne dépasse pas le nombre de W obtenus (les W ne se dépensent pas : c'est un minimum). Son effet s'applique aussitôt, puis la carte va face visible à la défausse. Poser une carte n'est pas obligatoire.

*Supprimez 1 de vos dés* ne peut pas être jouée si vous obtenez 2 figures Dé ou plus dans le même tour.

**Pioche vide** : mélangez la défausse pour reformer une pioche. Si la défausse est vide aussi, piochez à l'aveugle dans le jeu de l'adversaire de votre choix.

## Effets des cartes

- **Supprimez 1 / 2 de vos dés** : les dés sont retirés de la partie.
- **Tous les joueurs donnent leurs dés à leur voisin** : choisissez gauche ou droite ; chaque joueur (vous aussi) donne tous ses dés à ce voisin.
- **Donnez 1 de vos dés** au joueur de votre choix (en plus des figures Dé éventuelles).
- **Prenez 1 carte au joueur de votre choix**, à l'aveugle ; si aucun joueur n'a de carte, piochez-en une.
- **Le joueur de votre choix n'a plus qu'1 carte** : il doit en avoir au moins 2 ; **c'est lui** qui choisit la carte qu'il conserve et se défausse des autres.
- **Piochez 3 cartes**.
- **Tous les autres joueurs n'ont plus que 2 cartes** : chaque autre joueur qui en a plus de 2 choisit les 2 qu'il conserve.
- **Le joueur de votre choix passe son tour** : la carte reste devant lui jusqu'à ce qu'il ait passé son tour ; plusieurs peuvent se cumuler.
- **Rejouez et changez de sens** : vous jouez un tour complet de plus, puis la partie continue dans le sens inverse.

## Fin de la partie

Dès qu'un joueur n'a plus de dé, il gagne la partie, même au milieu d'un tour.
""",
}

RULINGS: dict[str, dict[str, str]] = {
    "W1": {"en": "Each die has 3 W faces, 2 Draw faces and 1 Give face.",
           "fr": "Chaque dé a 3 faces W, 2 faces Carte et 1 face Dé."},
    "W2": {"en": "Card costs (W needed): Remove 1 die 1, All pass their dice 2, Remove 2 dice 3, "
                 "Give 1 die 3, Take 1 card 1, Keeps only 1 card 1, Draw 3 cards 1, All other "
                 "players keep 2 cards 2, Skips his turn 0, Play again and reverse 0.",
           "fr": "Coûts des cartes (W nécessaires) : Supprimez 1 dé 1, Tous donnent leurs dés 2, "
                 "Supprimez 2 dés 3, Donnez 1 dé 3, Prenez 1 carte 1, N'a plus qu'1 carte 1, "
                 "Piochez 3 cartes 1, Tous les autres n'ont plus que 2 cartes 2, Passe son tour 0, "
                 "Rejouez et changez de sens 0."},
    "W3": {"en": "Copies: 7, 3, 5, 3, 3, 4, 3, 4, 2, 2 in the same order (36 cards).",
           "fr": "Exemplaires : 7, 3, 5, 3, 3, 4, 3, 4, 2, 2 dans le même ordre (36 cartes)."},
    "W4": {"en": "Remove 1 die cannot be played when this turn's roll shows 2 Give faces or more.",
           "fr": "Supprimez 1 de vos dés ne peut pas être jouée si le lancer du tour montre "
                 "2 figures Dé ou plus."},
    "W5": {"en": "The player who rolls the most W faces starts.",
           "fr": "Le joueur qui obtient le plus de figures W commence."},
    "W6": {"en": "Tied players roll again until one has strictly the most W (option "
                 "start_tie_reroll: tied, or all players re-roll).",
           "fr": "Les ex aequo relancent jusqu'à ce que l'un ait strictement le plus de W "
                 "(option start_tie_reroll : les ex aequo, ou tous les joueurs relancent)."},
    "W6b": {"en": "Play starts clockwise (option start_direction).",
            "fr": "On commence dans le sens des aiguilles d'une montre (option start_direction)."},
    "W6c": {"en": "The starting roll only chooses the first player: his first turn starts with "
                  "a fresh roll (option first_turn_uses_start_roll: that roll is his first "
                  "turn's roll).",
            "fr": "Le lancer de départ désigne seulement le premier joueur : son premier tour "
                  "commence par un nouveau lancer (option first_turn_uses_start_roll : ce lancer "
                  "sert pour son premier tour)."},
    "W7": {"en": "A turn is: draw all cards for Draw faces, then give all dice for Give faces, "
                 "then optionally play one card (cards drawn this turn may be played).",
           "fr": "Un tour : piocher toutes les cartes des figures Carte, puis donner tous les dés "
                 "des figures Dé, puis poser une carte si on le souhaite (une carte piochée ce "
                 "tour-ci peut être posée)."},
    "W8": {"en": "Drawing and giving are compulsory; only playing a card is optional.",
           "fr": "Piocher et donner sont obligatoires ; seule la pose d'une carte est facultative."},
    "W9": {"en": "A Give die goes to another player, never to yourself; each die may go to a "
                 "different player.",
           "fr": "Un dé à donner va à un autre joueur, jamais à soi-même ; chaque dé peut aller "
                 "à un joueur différent."},
    "W10": {"en": "W are a threshold, not spent: a card costing 2 needs at least 2 W this turn.",
            "fr": "Les W sont un minimum et ne se dépensent pas : une carte de coût 2 demande au "
                  "moins 2 W ce tour-ci."},
    "W11": {"en": "Take 1 card must target an opponent holding a card; you draw from the pile "
                  "only if no opponent holds one.",
            "fr": "Prenez 1 carte vise obligatoirement un adversaire qui a des cartes ; on ne "
                  "pioche que si aucun adversaire n'en a."},
    "W12": {"en": "Keeps only 1 card and Skips his turn target an opponent; Give 1 die goes to "
                  "another player.",
            "fr": "N'a plus qu'1 carte et Passe son tour visent un adversaire ; Donnez 1 dé va à "
                  "un autre joueur."},
    "W13": {"en": "Keeps only 1 card cannot be played if no opponent holds 2 cards or more.",
            "fr": "N'a plus qu'1 carte ne peut pas être jouée si aucun adversaire n'a au moins "
                  "2 cartes."},
    "W14": {"en": "Pile and discard both empty: take a card blind from an opponent of your "
                  "choice; if nobody else has a card, the draw is lost.",
            "fr": "Pioche et défausse vides : prenez une carte à l'aveugle chez l'adversaire de "
                  "votre choix ; si personne d'autre n'a de carte, on ne pioche pas."},
    "W15": {"en": "The neighbour variant only restricts dice given for Give faces, not the Give "
                  "1 die card.",
            "fr": "La variante des voisins ne concerne que les dés donnés par la figure Dé, pas "
                  "la carte Donnez 1 dé."},
    "W16": {"en": "Play again and reverse with two players: the extra turn is played; the "
                  "reversal changes nothing.",
            "fr": "Rejouez et changez de sens à deux joueurs : le tour supplémentaire est joué ; "
                  "le changement de sens ne change rien."},
    "W17": {"en": "Skip cards pile up: each one cancels one whole future turn, then goes to "
                  "the discard.",
            "fr": "Les cartes Passe son tour se cumulent : chacune annule un tour entier, puis va "
                  "à la défausse."},
    "W18": {"en": "A player wins the moment he has no die left, even mid-turn; the rest of the "
                  "turn is abandoned.",
            "fr": "Un joueur gagne dès qu'il n'a plus de dé, même au milieu d'un tour ; la suite "
                  "du tour est abandonnée."},
    "W19": {"en": "Teams: partners sit opposite (4 players: 1+3, 2+4; 6 players: 1+4, 2+5, 3+6); "
                  "giving dice or playing cards on a partner is allowed (the rulebook forbids "
                  "neither).",
            "fr": "Équipes : les partenaires sont face à face (4 joueurs : 1+3, 2+4 ; 6 joueurs : "
                  "1+4, 2+5, 3+6) ; on peut donner des dés à son partenaire ou le viser (la règle "
                  "ne l'interdit pas)."},
    "W20": {"en": "Continue mode: a finished player's cards and Skip cards go to the discard; "
                  "he is skipped, cannot be targeted, and is ignored when finding neighbours (no "
                  "sensible alternative: he has left the table). He only goes out on his own "
                  "turn, when no Skip card lies before him.",
            "fr": "Partie continuée : les cartes et cartes Passe son tour d'un joueur qui a fini "
                  "vont à la défausse ; il ne joue plus, ne peut plus être visé et ne compte plus "
                  "comme voisin (pas d'autre choix raisonnable : il a quitté la table). Il ne "
                  "sort que pendant son propre tour, quand aucune carte Passe son tour n'est "
                  "devant lui."},
    "W21": {"en": "There is no hand size limit.",
            "fr": "Il n'y a pas de limite de cartes en main."},
    "W22": {"en": "The box holds 24 dice: players x dice per player may not exceed 24; removed "
                  "dice never return.",
            "fr": "La boîte contient 24 dés : joueurs x dés par joueur ne peut pas dépasser 24 ; "
                  "les dés supprimés ne reviennent jamais."},
}

OPTION_HELP: dict[str, dict[str, str]] = {
    "dice_per_player": {
        "en": "Dice dealt to each player (game length variant; at most 24 in all).",
        "fr": "Dés distribués à chaque joueur (variante de durée ; 24 au plus en tout).",
    },
    "neighbour_give_variant": {
        "en": "A die with the Give face must go to the left or right neighbour (a 4-6 player "
              "variant; no effect with 2 or 3 players left).",
        "fr": "Un dé avec la figure Dé doit aller au voisin de gauche ou de droite (variante à "
              "4-6 joueurs ; sans effet à 2 ou 3 joueurs restants).",
    },
    "teams": {
        "en": "Teams of two, partners opposite (4 or 6 players): the first player without a "
              "die makes his team win.",
        "fr": "Équipes de deux, partenaires face à face (4 ou 6 joueurs) : le premier joueur "
              "sans dé fait gagner son équipe.",
    },
    "continue_until_one_left": {
        "en": "Play on until one player is left, for a full ranking (the winner is the first "
              "out).",
        "fr": "Continuer jusqu'à ce qu'il ne reste qu'un joueur, pour un classement complet "
              "(le gagnant est le premier sorti).",
    },
    "start_tie_reroll": {
        "en": "Who rolls again when several players tie for the most W at the start: "
              "\"tied\" (only the tied players) or \"all\" (everyone).",
        "fr": "Qui relance quand plusieurs joueurs ont le plus de W au départ : \"tied\" "
              "(les ex aequo seulement) ou \"all\" (tout le monde).",
    },
    "start_direction": {
        "en": "The direction of play at the start: clockwise or counterclockwise.",
        "fr": "Le sens du jeu au départ : clockwise (horaire) ou counterclockwise "
              "(anti-horaire).",
    },
    "first_turn_uses_start_roll": {
        "en": "The first player's first turn uses his starting roll instead of a fresh roll.",
        "fr": "Le premier tour du premier joueur utilise son lancer de départ au lieu d'un "
              "nouveau lancer.",
    },
    "tournament_games": {
        "en": "Number of games (1: a single game). Each game's winner scores 1 point per die "
              "his opponents still hold; most points wins.",
        "fr": "Nombre de parties (1 : une seule partie). Le gagnant d'une partie marque 1 point "
              "par dé restant à ses adversaires ; le plus de points gagne.",
    },
}

RULEBOOK_NOTES: dict[str, str] = {
    "en": """\
- The French rulebook (Gigamic 2007, print 09-2013) lost every symbol: the die
  faces (W1), the card costs (W2) and the symbol that forbids Remove 1 die (W4)
  come from the rules file's outside sources; the copy counts (W3) are not in
  the rulebook at all.
- "Take 1 card": the rulebook lets you pick "the card of your choice" from a
  hand fanned face down: a blind choice, played as a uniformly random card.
- The rulebook does not say whether you may target yourself (W12), how teams sit (W19), or what happens
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
