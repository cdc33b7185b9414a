"""Wazabi texts in English and French: dice faces, cards, moves, events, table, options, errors.

French card names are the rulebook's own effect lines ("Supprimez 1 de vos dés"...),
except "Tous les joueurs sauf vous...", which other players read in "Ada pose « ... »":
it is named from the card player's point of view, "Tous les autres joueurs...".
"""

from __future__ import annotations

from ludotheque.games.wazabi.actions import ACTIONS
from ludotheque.games.wazabi.components import SYMBOLS
from ludotheque.games.wazabi.rules_text import OPTION_HELP, RULINGS
from ludotheque.i18n import register_texts, t, tn

_CARD_NAMES = {
    "remove1": ("Remove 1 of your dice", "Supprimez 1 de vos dés"),
    "passdice": ("All players pass their dice to a neighbour",
                 "Tous les joueurs donnent leurs dés à leur voisin"),
    "remove2": ("Remove 2 of your dice", "Supprimez 2 de vos dés"),
    "give1": ("Give 1 of your dice to a player", "Donnez 1 de vos dés au joueur de votre choix"),
    "steal": ("Take 1 card from a player", "Prenez 1 carte au joueur de votre choix"),
    "keep1": ("A player keeps only 1 card", "Le joueur de votre choix n'a plus qu'1 carte"),
    "draw3": ("Draw 3 cards", "Piochez 3 cartes"),
    "keep2": ("All other players keep only 2 cards",
              "Tous les autres joueurs n'ont plus que 2 cartes"),
    "skip": ("A player skips his turn", "Le joueur de votre choix passe son tour"),
    "replay": ("Play again and reverse", "Rejouez et changez de sens"),
}
# Short names for the table (a few letters per card).
_CARD_SHORT = {
    "remove1": ("-1 die", "-1 dé"),
    "passdice": ("Pass dice", "Dés au voisin"),
    "remove2": ("-2 dice", "-2 dés"),
    "give1": ("Give 1 die", "Donne 1 dé"),
    "steal": ("Take 1 card", "Prends 1 carte"),
    "keep1": ("Keeps 1 card", "Plus qu'1 carte"),
    "draw3": ("Draw 3", "Pioche 3"),
    "keep2": ("Others keep 2", "Autres : 2 cartes"),
    "skip": ("Skip turn", "Passe son tour"),
    "replay": ("Replay+reverse", "Rejoue+sens"),
}
_FACE_NAMES = {"w": ("W", "W"), "draw": ("Draw", "Carte"), "give": ("Give", "Dé")}

_texts: dict[str, dict[str, str]] = {}
for _code, (_en, _fr) in _CARD_NAMES.items():
    _texts[f"wazabi.card.{_code}"] = {"en": _en, "fr": _fr}
for _code, (_en, _fr) in _CARD_SHORT.items():
    _texts[f"wazabi.short.{_code}"] = {"en": _en, "fr": _fr}
for _symbol, (_en, _fr) in _FACE_NAMES.items():
    _texts[f"wazabi.face.{_symbol}"] = {"en": _en, "fr": _fr}
for _name, _help in OPTION_HELP.items():
    _texts[f"wazabi.option.{_name}"] = _help
for _ruling, _text in RULINGS.items():
    _texts[f"wazabi.ruling.{_ruling}"] = _text


def _pair(key: str, en: str, fr: str, en_you: str | None = None, fr_you: str | None = None) -> None:
    _texts[key] = {"en": en, "fr": fr}
    if en_you is not None:
        _texts[key + "_you"] = {"en": en_you, "fr": fr_you}


_texts.update({
    "wazabi.title": {"en": "Wazabi", "fr": "Wazabi"},
    "wazabi.notation": {
        "en": "give pN, take pN, target pN, play CARD, pass, keep CARD, left, right "
              "(N: a player's number; a bare CARD plays or keeps it; cards: {cards})",
        "fr": "donner jN, prendre jN, cibler jN (ou viser), jouer CARTE (ou poser), passer, "
              "garder CARTE (ou conserver), gauche, droite (N : le numéro d'un joueur ; "
              "une CARTE seule la joue ou la garde ; cartes : {cards})",
    },
    # -- moves
    "wazabi.move.give": {"en": "give a die to player {seat}", "fr": "donner un dé au joueur {seat}"},
    "wazabi.move.take": {"en": "take a card blind from player {seat}",
                         "fr": "prendre une carte à l'aveugle au joueur {seat}"},
    "wazabi.move.target": {"en": "choose player {seat}", "fr": "choisir le joueur {seat}"},
    "wazabi.move.play": {"en": "play \u201c{card}\u201d", "fr": "poser « {card} »"},
    "wazabi.move.pass": {"en": "play no card", "fr": "ne pas poser de carte"},
    "wazabi.move.keep": {"en": "keep \u201c{card}\u201d", "fr": "conserver « {card} »"},
    "wazabi.move.left": {"en": "everyone passes his dice to the left neighbour (next number)",
                         "fr": "chacun donne ses dés à son voisin de gauche (numéro suivant)"},
    "wazabi.move.right": {"en": "everyone passes his dice to the right neighbour (number before)",
                          "fr": "chacun donne ses dés à son voisin de droite (numéro précédent)"},
    "wazabi.table.seat": {"en": "{name} (player {seat})", "fr": "{name} (joueur {seat})"},
    "wazabi.table.side_you": {
        "en": "{side}: you give {mine} to {to} and receive {theirs} from {giver}",
        "fr": "{side} : vous donnez {mine} à {to} et recevez {theirs} de {giver}",
    },
    "wazabi.table.side_left": {"en": "Left", "fr": "Gauche"},
    "wazabi.table.side_right": {"en": "Right", "fr": "Droite"},
    # -- errors
    "wazabi.error.too_many_dice": {
        "en": "{players} players x {dice} dice = {total} dice, but the box holds {box}: "
              "at most {most} dice per player.",
        "fr": "{players} joueurs x {dice} dés = {total} dés, mais la boîte n'en contient que "
              "{box} : {most} dés par joueur au plus.",
    },
    "wazabi.error.teams_players": {
        "en": "Teams need 4 or 6 players, not {players}.",
        "fr": "Les équipes demandent 4 ou 6 joueurs, pas {players}.",
    },
    "wazabi.error.teams_continue": {
        "en": "Teams end at the first player out: they cannot be combined with "
              "continue_until_one_left.",
        "fr": "Les équipes s'arrêtent au premier joueur sorti : impossible de les combiner avec "
              "continue_until_one_left.",
    },
    "wazabi.error.continue_tournament": {
        "en": "A tournament scores the first player out of each game: it cannot be combined "
              "with continue_until_one_left.",
        "fr": "Un tournoi compte le premier joueur sorti de chaque partie : impossible de le "
              "combiner avec continue_until_one_left.",
    },
    # -- rules summary
    "wazabi.rules.card_line": {"en": "  - {copies} x **{card}** (`{code}`): cost {cost} W",
                               "fr": "  - {copies} x **{card}** (`{code}`) : coût {cost} W"},
    "wazabi.rules.variants_in_force": {"en": "Variants in force", "fr": "Variantes en vigueur"},
    "wazabi.rules.variant_neighbour": {
        "en": "Neighbour giving: a die with the Give face goes to your left or right neighbour.",
        "fr": "Don aux voisins : un dé avec la figure Dé va à votre voisin de gauche ou de droite."},
    "wazabi.rules.variant_teams": {
        "en": "Teams of two, partners opposite: the first player with no die makes his team win.",
        "fr": "Équipes de deux, partenaires face à face : le premier joueur sans dé fait gagner "
              "son équipe."},
    "wazabi.rules.variant_continue": {
        "en": "The game goes on until one player is left: the finishing order is the ranking.",
        "fr": "La partie continue jusqu'à ce qu'il ne reste qu'un joueur : l'ordre de sortie "
              "donne le classement."},
    "wazabi.rules.variant_tournament": {
        "en": "Tournament of {games} games: each winner scores 1 point per die left to his "
              "opponents; most points wins.",
        "fr": "Tournoi en {games} parties : chaque gagnant marque 1 point par dé restant à ses "
              "adversaires ; le plus de points l'emporte."},
    # -- events
    "wazabi.event.deal": {"en": "Game {game}: {dice} dice and 3 cards each.",
                          "fr": "Partie {game} : {dice} dés et 3 cartes chacun."},
    "wazabi.event.tie": {"en": "Tie between {players}: they roll again.",
                         "fr": "Égalité entre {players} : ils relancent."},
    "wazabi.event.reshuffle": {"en": "The discard is shuffled into a new draw pile ({pile} cards).",
                               "fr": "La défausse est mélangée pour reformer la pioche ({pile} cartes)."},
    "wazabi.event.keep_none": {"en": "Nobody else holds more than 2 cards.",
                               "fr": "Aucun autre joueur n'a plus de 2 cartes."},
    "wazabi.event.pass_dice": {"en": "Everyone passes his dice to the {side} neighbour "
                                     "(dice now: {counts}).",
                               "fr": "Chacun donne ses dés à son voisin de {side} "
                                     "(dés désormais : {counts})."},
    "wazabi.side.left": {"en": "left", "fr": "gauche"},
    "wazabi.side.right": {"en": "right", "fr": "droite"},
    "wazabi.event.game_end": {"en": "Game {game} won by {players}: {points} point(s). Scores: {scores}.",
                              "fr": "Partie {game} gagnée par {players} : {points} point(s). "
                                    "Scores : {scores}."},
    "wazabi.event.ranking": {"en": "Ranking: {players}.", "fr": "Classement : {players}."},
    "wazabi.event.game_over.one": {"en": "Game over. Winner: {players}.",
                                   "fr": "Fin de la partie. Gagnant : {players}."},
    "wazabi.event.game_over.other": {"en": "Game over. Winners: {players}.",
                                     "fr": "Fin de la partie. Gagnants : {players}."},
    "wazabi.event.tournament_over.one": {"en": "Tournament over. Winner: {players}.",
                                         "fr": "Fin du tournoi. Gagnant : {players}."},
    "wazabi.event.tournament_over.other": {"en": "Tournament over. Winners: {players}.",
                                           "fr": "Fin du tournoi. Gagnants : {players}."},
    "wazabi.event.give_to_you": {"en": "{player} gives you a die (dice now: {counts}).",
                                 "fr": "{player} vous donne un dé (dés désormais : {counts})."},
    "wazabi.event.target_you_hit": {"en": "{player} chooses you.", "fr": "{player} vous choisit."},
    "wazabi.event.take_from_you": {"en": "{player} takes your card \u201c{card}\u201d.",
                                   "fr": "{player} vous prend la carte « {card} »."},
    "wazabi.event.keep_own": {"en": "You keep \u201c{card}\u201d.", "fr": "Vous conservez « {card} »."},
    "wazabi.event.draw_own": {"en": "You draw: {cards}.", "fr": "Vous piochez : {cards}."},
    "wazabi.event.deal_own": {"en": "Your cards: {cards}.", "fr": "Vos cartes : {cards}."},
    "wazabi.direction.cw": {"en": "clockwise", "fr": "horaire"},
    "wazabi.direction.ccw": {"en": "counter-clockwise", "fr": "anti-horaire"},
    # -- table
    "wazabi.table.turn": {"en": "Turn: {player}", "fr": "Tour : {player}"},
    "wazabi.table.direction": {"en": "Direction: {direction}", "fr": "Sens : {direction}"},
    "wazabi.table.game": {"en": "Game {game}/{games}", "fr": "Partie {game}/{games}"},
    "wazabi.table.player": {"en": "Player", "fr": "Joueur"},
    "wazabi.table.dice": {"en": "Dice", "fr": "Dés"},
    "wazabi.table.cards": {"en": "Cards", "fr": "Cartes"},
    "wazabi.table.skips": {"en": "Turns to skip", "fr": "Tours à passer"},
    "wazabi.table.score": {"en": "Points", "fr": "Points"},
    "wazabi.table.team": {"en": "Team", "fr": "Équipe"},
    "wazabi.table.out": {"en": "out ({place})", "fr": "sorti ({place})"},
    "wazabi.table.hand": {"en": "Your hand:", "fr": "Votre main :"},
    "wazabi.table.empty": {"en": "(empty)", "fr": "(vide)"},
    "wazabi.table.roll": {"en": "Roll of {player}: {faces} -> {w} W",
                          "fr": "Lancer de {player} : {faces} -> {w} W"},
    "wazabi.table.roll_you": {"en": "Your roll: {faces} -> {w} W",
                              "fr": "Votre lancer : {faces} -> {w} W"},
    "wazabi.table.gives_left": {"en": "Dice still to give: {count}", "fr": "Dés encore à donner : {count}"},
    "wazabi.table.card": {"en": "Card being played: {card}", "fr": "Carte en cours : {card}"},
    "wazabi.table.keeping.one": {"en": "{player} chooses {count} card to keep ({chosen}).",
                                 "fr": "{player} choisit {count} carte à conserver ({chosen})."},
    "wazabi.table.keeping.other": {"en": "{player} chooses {count} cards to keep ({chosen}).",
                                   "fr": "{player} choisit {count} cartes à conserver ({chosen})."},
    "wazabi.table.keeping_you.one": {"en": "You choose {count} card to keep ({chosen}).",
                                     "fr": "Vous choisissez {count} carte à conserver ({chosen})."},
    "wazabi.table.keeping_you.other": {"en": "You choose {count} cards to keep ({chosen}).",
                                       "fr": "Vous choisissez {count} cartes à conserver ({chosen})."},
    "wazabi.table.chosen.one": {"en": "{count} chosen", "fr": "{count} choisie"},
    "wazabi.table.chosen.other": {"en": "{count} chosen", "fr": "{count} choisies"},
    "wazabi.table.kept": {"en": "Set aside to keep: {cards}", "fr": "Mises de côté : {cards}"},
    "wazabi.table.pile": {"en": "Draw pile: {pile}  ·  Discard: {discard}",
                          "fr": "Pioche : {pile}  ·  Défausse : {discard}"},
    "wazabi.count.cards.one": {"en": "{count} card", "fr": "{count} carte"},
    "wazabi.count.cards.other": {"en": "{count} cards", "fr": "{count} cartes"},
    "wazabi.count.draw.one": {"en": "{count} Draw", "fr": "{count} Carte"},
    "wazabi.count.draw.other": {"en": "{count} Draws", "fr": "{count} Cartes"},
    "wazabi.count.give.one": {"en": "{count} Give", "fr": "{count} Dé"},
    "wazabi.count.give.other": {"en": "{count} Gives", "fr": "{count} Dés"},
    "wazabi.table.discard_top": {"en": "Top of the discard: {card}", "fr": "Dessus de la défausse : {card}"},
    "wazabi.table.removed": {"en": "Dice removed from the game: {count}",
                             "fr": "Dés retirés de la partie : {count}"},
    "wazabi.table.cost": {"en": "cost {cost}", "fr": "coût {cost}"},
})
_pair("wazabi.event.start_roll", "{player} rolls {faces}: {w} W.", "{player} lance {faces} : {w} W.",
      "You roll {faces}: {w} W.", "Vous lancez {faces} : {w} W.")
_pair("wazabi.event.starter", "{player} starts.", "{player} commence.",
      "You start.", "Vous commencez.")
_pair("wazabi.event.turn", "{player}'s turn.", "Au tour de {player}.",
      "Your turn.", "À vous de jouer.")
_pair("wazabi.event.roll", "{player} rolls {faces}: {w} W, {draws}, {gives}.",
      "{player} lance {faces} : {w} W, {draws}, {gives}.",
      "You roll {faces}: {w} W, {draws}, {gives}.",
      "Vous lancez {faces} : {w} W, {draws}, {gives}.")
_pair("wazabi.event.draw", "{player} draws {cards}.", "{player} pioche {cards}.")
_pair("wazabi.event.take", "{player} takes a card blind from {victim}.",
      "{player} prend une carte à l'aveugle à {victim}.",
      "You take \u201c{card}\u201d from {victim}.", "Vous prenez « {card} » à {victim}.")
_pair("wazabi.event.give", "{player} gives a die to {to} (dice now: {counts}).",
      "{player} donne un dé à {to} (dés désormais : {counts}).",
      "You give a die to {to} (dice now: {counts}).",
      "Vous donnez un dé à {to} (dés désormais : {counts}).")
_pair("wazabi.event.play", "{player} plays \u201c{card}\u201d.", "{player} pose « {card} ».",
      "You play \u201c{card}\u201d.", "Vous posez « {card} ».")
_pair("wazabi.event.pass", "{player} plays no card.", "{player} ne pose pas de carte.",
      "You play no card.", "Vous ne posez pas de carte.")
_pair("wazabi.event.no_card", "{player} has no card.", "{player} n'a pas de carte.",
      "You have no card.", "Vous n'avez pas de carte.")
_pair("wazabi.event.remove", "{player} removes {removed} from the game ({dice} left).",
      "{player} retire {removed} de la partie (il lui en reste {dice}).",
      "You remove {removed} from the game ({dice} left).",
      "Vous retirez {removed} de la partie (il vous en reste {dice}).")
_texts["wazabi.count.dice.one"] = {"en": "{count} die", "fr": "{count} dé"}
_texts["wazabi.count.dice.other"] = {"en": "{count} dice", "fr": "{count} dés"}
_pair("wazabi.event.target", "{player} chooses {target}.", "{player} choisit {target}.",
      "You choose {target}.", "Vous choisissez {target}.")
_pair("wazabi.event.keep", "{player} sets aside a card to keep ({kept}/{of}).",
      "{player} met de côté une carte à conserver ({kept}/{of}).")
_pair("wazabi.event.discard_rest", "{player} keeps {kept} and discards: {cards}.",
      "{player} conserve {kept} et se défausse de : {cards}.",
      "You keep {kept} and discard: {cards}.",
      "Vous conservez {kept} et vous défaussez de : {cards}.")
_pair("wazabi.event.skip_card", "{player} will skip a turn ({pending} pending).",
      "{player} passera son tour ({pending} en attente).",
      "You will skip a turn ({pending} pending).", "Vous passerez votre tour ({pending} en attente).")
_pair("wazabi.event.skipped", "{player} skips this turn.", "{player} passe son tour.",
      "You skip this turn.", "Vous passez votre tour.")
_pair("wazabi.event.replay", "{player} plays again; play now goes {direction}.",
      "{player} rejoue ; la partie continue dans le sens {direction}.",
      "You play again; play now goes {direction}.", "Vous rejouez ; la partie continue dans le sens {direction}.")
_pair("wazabi.event.out", "{player} has no die left!", "{player} n'a plus de dé !",
      "You have no die left!", "Vous n'avez plus de dé !")
_pair("wazabi.event.out_place", "{player} has no die left: place {place}.",
      "{player} n'a plus de dé : place {place}.",
      "You have no die left: place {place}.", "Vous n'avez plus de dé : place {place}.")
_pair("wazabi.event.no_draw", "No card left anywhere: {player} cannot draw.",
      "Plus aucune carte nulle part : {player} ne peut pas piocher.",
      "No card left anywhere: you cannot draw.",
      "Plus aucune carte nulle part : vous ne pouvez pas piocher.")
_pair("wazabi.event.steal_none", "Nobody has a card: {player} draws one instead.",
      "Aucun joueur n'a de carte : {player} en pioche une.",
      "Nobody has a card: you draw one instead.", "Aucun joueur n'a de carte : vous en piochez une.")
register_texts(_texts)


def count_text(what: str, count: int, lang: str) -> str:
    """"1 card" / "3 cards", "1 dé" / "2 dés": `what` is cards, dice, draw or give."""
    return tn(f"wazabi.count.{what}", count, lang)


def card_name(code: str, lang: str) -> str:
    return t(f"wazabi.card.{code}", lang)


def short_name(code: str, lang: str) -> str:
    return t(f"wazabi.short.{code}", lang)


def face_name(symbol: str, lang: str) -> str:
    return t(f"wazabi.face.{symbol}", lang)


def faces_text(faces: list[int], lang: str) -> str:
    """Die faces as the words a player knows: "W W Draw Give" / "W W Carte Dé"."""
    from ludotheque.games.wazabi.components import FACE

    return " ".join(face_name(SYMBOLS[FACE[f]], lang) for f in faces) or "-"


def describe_action(action: int, lang: str) -> str:
    move = ACTIONS[action]
    if move.kind in ("keep", "play"):
        return t(f"wazabi.move.{move.kind}", lang, card=card_name(move.arg, lang))
    if move.kind in ("give", "take", "target"):
        return t(f"wazabi.move.{move.kind}", lang, seat=move.arg + 1)
    return t(f"wazabi.move.{move.kind}", lang)  # pass, left, right
