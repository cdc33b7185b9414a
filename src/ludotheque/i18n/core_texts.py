"""Texts of the engine, the command line and the terminal, in English and French."""

TEXTS: dict[str, dict[str, str]] = {
    # ----------------------------------------------------------------- errors
    "error.generic": {"en": "Something is wrong.", "fr": "Quelque chose ne va pas."},
    "error.unknown_game": {
        "en": "Unknown game '{name}'. Available games: {allowed}.",
        "fr": "Jeu inconnu « {name} ». Jeux disponibles : {allowed}.",
    },
    "error.player_count": {
        "en": "{game} is played by {low} to {high} players, not {players}.",
        "fr": "{game} se joue de {low} à {high} joueurs, pas {players}.",
    },
    "error.option": {"en": "Invalid option.", "fr": "Option invalide."},
    "error.option_unknown": {
        "en": "Unknown option '{name}'. Options of this game: {allowed}.",
        "fr": "Option inconnue « {name} ». Options de ce jeu : {allowed}.",
    },
    "error.option_value": {
        "en": "Option '{name}' cannot be '{value}'. Allowed: {allowed}.",
        "fr": "L'option « {name} » ne peut pas valoir « {value} ». Valeurs permises : {allowed}.",
    },
    "error.option_syntax": {
        "en": "Cannot read option '{item}': write name=value.",
        "fr": "Option illisible « {item} » : écrivez nom=valeur.",
    },
    "error.illegal_action": {
        "en": "'{action}' is not a legal move for seat {player} now. Legal moves: {allowed}.",
        "fr": "« {action} » n'est pas un coup permis à la place {player} maintenant. "
              "Coups permis : {allowed}.",
    },
    "error.sequence_turn": {
        "en": "These {count} moves cannot all be played now: move {index} would not be yours.",
        "fr": "Ces {count} coups ne peuvent pas tous être joués maintenant : le coup {index} "
              "ne serait plus le vôtre.",
    },
    "error.not_your_turn": {
        "en": "It is not the turn of seat {seat}: wait for your turn.",
        "fr": "Ce n'est pas au tour de la place {seat} : attendez votre tour.",
    },
    "error.sequence_step": {
        "en": "Step {index} of {count} ('{action}') cannot be played there: {reason} Nothing was played.",
        "fr": "L'étape {index} sur {count} (« {action} ») n'est pas jouable à ce moment : {reason} "
              "Rien n'a été joué.",
    },
    "error.game_over": {
        "en": "The game is over: no more moves.",
        "fr": "La partie est terminée : plus aucun coup possible.",
    },
    "error.chance_pending": {
        "en": "The game waits for chance (a shuffle or a draw), not for a move.",
        "fr": "La partie attend le hasard (mélange ou tirage), pas un coup.",
    },
    "error.notation": {
        "en": "Cannot read the move '{text}'. Write: {forms}.",
        "fr": "Coup illisible « {text} ». Écrivez : {forms}.",
    },
    "error.action_id": {
        "en": "Move number {action} does not exist (0 to {high}).",
        "fr": "Le coup numéro {action} n'existe pas (0 à {high}).",
    },
    "error.chance": {"en": "Invalid chance outcome.", "fr": "Résultat du hasard invalide."},
    "error.no_chance": {
        "en": "This is not a chance point.",
        "fr": "Ce n'est pas un moment de hasard.",
    },
    "error.chance_shuffle": {
        "en": "The {label} needs an order of exactly the {size} cards concerned.",
        "fr": "Le tirage « {label} » demande un ordre d'exactement les {size} cartes concernées.",
    },
    "error.chance_pick": {
        "en": "The {label} needs a number from 0 to {n} minus one.",
        "fr": "Le tirage « {label} » demande un nombre de 0 à {n} moins un.",
    },
    "error.chance_roll": {
        "en": "The {label} needs {count} die faces, each from 0 to {faces} minus one.",
        "fr": "Le lancer « {label} » demande {count} faces de dé, chacune de 0 à {faces} moins un.",
    },
    "error.chance_exhausted": {
        "en": "No scripted outcome left for the {label}.",
        "fr": "Plus de résultat prévu pour le tirage « {label} ».",
    },
    "error.record": {"en": "Invalid game record.", "fr": "Enregistrement de partie invalide."},
    "error.record_not_object": {
        "en": "A game record must be a JSON object.",
        "fr": "Un enregistrement de partie doit être un objet JSON.",
    },
    "error.record_format": {
        "en": "This file is not a game record (expected \"format\": \"{expected}\").",
        "fr": "Ce fichier n'est pas un enregistrement de partie (attendu \"format\": \"{expected}\").",
    },
    "error.record_version": {
        "en": "Record version {version} is not supported (expected {expected}).",
        "fr": "La version {version} d'enregistrement n'est pas prise en charge (attendue : {expected}).",
    },
    "error.record_missing": {
        "en": "The record has no '{field}' field.",
        "fr": "L'enregistrement n'a pas de champ « {field} ».",
    },
    "error.record_field": {
        "en": "The record's '{field}' field has the wrong type.",
        "fr": "Le champ « {field} » de l'enregistrement n'a pas le bon type.",
    },
    "error.record_unreadable": {
        "en": "Cannot read {path}: {reason}.",
        "fr": "Impossible de lire {path} : {reason}.",
    },
    "error.record_json": {
        "en": "{path} is not valid JSON (line {line}: {reason}).",
        "fr": "{path} n'est pas du JSON valide (ligne {line} : {reason}).",
    },
    "error.sequence_not_list": {
        "en": "A sequence of moves is a list of moves (ids or text forms).",
        "fr": "Une suite de coups est une liste de coups (numéros ou formes écrites).",
    },
    "error.sequence_empty": {
        "en": "The sequence of moves is empty: send at least one move.",
        "fr": "La suite de coups est vide : envoyez au moins un coup.",
    },
    "error.record_encoding": {
        "en": "{path} is not UTF-8 text (bad byte at position {position}): a record is a JSON text file.",
        "fr": "{path} n'est pas un texte UTF-8 (octet invalide à la position {position}) : un enregistrement est un fichier texte JSON.",
    },
    "error.record_nested": {
        "en": "{path} is nested too deeply to be a game record.",
        "fr": "{path} est trop profondément imbriqué pour être un enregistrement de partie.",
    },
    "error.record_outcome": {
        "en": "Chance outcome {index} of the record is not a whole number, a card code or a list of them.",
        "fr": "Le tirage {index} de l'enregistrement n'est ni un nombre entier, ni un code de carte, ni une liste de ceux-ci.",
    },
    "error.record_winners": {
        "en": "The record's result must list the winners as seat numbers (e.g. \"winners\": [0, 2]).",
        "fr": "Le résultat de l'enregistrement doit donner les gagnants par leurs numéros de place (par exemple \"winners\": [0, 2]).",
    },
    "error.record_setup": {
        "en": "The record cannot start its game: {reason}",
        "fr": "L'enregistrement ne peut pas démarrer sa partie : {reason}",
    },
    "error.record_action": {
        "en": "Move {index} of the record ('{action}') does not fit: {reason}",
        "fr": "Le coup {index} de l'enregistrement (« {action} ») ne convient pas : {reason}",
    },
    "error.record_unfinished": {
        "en": "The record claims a result but its {count} moves do not finish the game.",
        "fr": "L'enregistrement annonce un résultat mais ses {count} coups ne finissent pas la partie.",
    },
    "error.record_result": {
        "en": "The record says the winners are {stored} but replaying gives {replayed}.",
        "fr": "L'enregistrement donne pour gagnants {stored} mais la relecture donne {replayed}.",
    },
    "error.snapshot": {"en": "Invalid snapshot.", "fr": "Instantané invalide."},
    "error.snapshot_field": {
        "en": "The snapshot's '{field}' is missing or wrong.",
        "fr": "Le champ « {field} » de l'instantané manque ou est faux.",
    },
    "error.no_such_seat": {
        "en": "There is no seat {seat} in this game: seats are 0 to {high}, or none for a spectator.",
        "fr": "Il n'y a pas de place {seat} dans cette partie : les places vont de 0 à {high}, ou aucune pour un spectateur.",
    },
    "error.snapshot_not_object": {
        "en": "A snapshot is a JSON object (with game, players, options and the state's fields).",
        "fr": "Un instantané est un objet JSON (avec game, players, options et les champs de l'état).",
    },
    "error.snapshot_value": {
        "en": "The snapshot's field '{field}' is wrong: {problem}.",
        "fr": "Le champ « {field} » de l'instantané est faux : {problem}.",
    },
    "error.snapshot_missing": {
        "en": "The snapshot lacks the field '{field}'.",
        "fr": "Il manque le champ « {field} » à l'instantané.",
    },
    "error.snapshot_unknown": {
        "en": "The snapshot has unknown fields: {fields}. Its fields are: {known}.",
        "fr": "L'instantané a des champs inconnus : {fields}. Ses champs sont : {known}.",
    },
    "snapshot.not_int": {"en": "{value} is not a whole number",
                         "fr": "{value} n'est pas un nombre entier"},
    "snapshot.out_of_range": {"en": "{value} is outside {low}..{high}",
                              "fr": "{value} est hors de {low}..{high}"},
    "snapshot.not_flag": {"en": "{value} is neither true nor false",
                          "fr": "{value} n'est ni true ni false"},
    "snapshot.not_seat": {"en": "{value} is not a seat (allowed: {allowed})",
                          "fr": "{value} n'est pas une place (possibles : {allowed})"},
    "snapshot.not_choice": {"en": "{value} is not one of {allowed}",
                            "fr": "{value} n'est pas l'une des valeurs {allowed}"},
    "snapshot.not_card": {"en": "{value} is not a card (cards: {allowed})",
                          "fr": "{value} n'est pas une carte (cartes : {allowed})"},
    "snapshot.not_list": {"en": "{value} is not a list", "fr": "{value} n'est pas une liste"},
    "snapshot.length": {"en": "it has {count} entries where {expected} are expected",
                        "fr": "il a {count} éléments au lieu de {expected}"},
    "snapshot.not_object": {"en": "{value} is not an object with {names}",
                            "fr": "{value} n'est pas un objet avec {names}"},
    "snapshot.contradiction": {"en": "{value} contradicts {other}",
                               "fr": "{value} contredit {other}"},
    "snapshot.custom": {"en": "{value} does not have the expected shape",
                        "fr": "{value} n'a pas la forme attendue"},
    "error.snapshot_inconsistent": {
        "en": "The snapshot is inconsistent: {reason}.",
        "fr": "L'instantané est incohérent : {reason}.",
    },
    "error.unknown_bot": {
        "en": "Unknown bot '{name}'. Bots for this game: {allowed}.",
        "fr": "Bot inconnu « {name} ». Bots de ce jeu : {allowed}.",
    },
    "error.bot_mix": {
        "en": "Cannot read the bot '{name}': a rung of the ladder is written mix:P, P a number "
              "from 0 (random) to 1 (medium), e.g. mix:0.3 (medium 30% of the moves).",
        "fr": "Bot « {name} » illisible : un barreau de l'échelle s'écrit mix:P, P étant un "
              "nombre de 0 (hasard) à 1 (medium), par exemple mix:0.3 (medium pour 30 % des "
              "coups).",
    },
    "error.solver_variant": {
        "en": "The solver bot only plays the solved variant of {game}: {variant}. Choose "
              "another bot for this table, or play that variant.",
        "fr": "Le bot solver ne joue que la variante résolue de {game} : {variant}. Choisissez "
              "un autre bot pour cette table, ou jouez cette variante.",
    },
    "error.solver_unknown_view": {
        "en": "The solver bot of {game} has no move for this position: its table does not "
              "match these rules (recompute it with ludotheque.interop.solve).",
        "fr": "Le bot solver de {game} n'a pas de coup pour cette position : sa table ne "
              "correspond pas à ces règles (recalculez-la avec ludotheque.interop.solve).",
    },
    "error.bot_count": {
        "en": "{count} bots given for {needed} seats: give one per bot seat, or one for all.",
        "fr": "{count} bots donnés pour {needed} places : donnez-en un par place de bot, "
              "ou un seul pour toutes.",
    },
    "error.seat": {
        "en": "Seat {seat} does not exist: seats are 1 to {players}.",
        "fr": "La place {seat} n'existe pas : les places vont de 1 à {players}.",
    },
    "error.language": {
        "en": "Unknown language '{lang}'. Languages: en, fr.",
        "fr": "Langue inconnue « {lang} ». Langues : en, fr.",
    },
    "error.more_than": {
        "en": "{name} must be more than {low}, not {value}.",
        "fr": "{name} doit valoir plus de {low}, pas {value}.",
    },
    "error.resume_clash": {
        "en": "--resume goes on with the saved players, seats, bots and options: leave out {options}.",
        "fr": "--resume reprend les joueurs, places, bots et options sauvegardés : retirez {options}.",
    },
    "error.resume_game": {
        "en": "{path} is a game of {game}, not {given}.",
        "fr": "{path} est une partie de {game}, pas de {given}.",
    },
    "error.resume_over": {
        "en": "The game in {path} is over: nothing to resume (ludotheque replay {path} --step "
              "walks through it).",
        "fr": "La partie de {path} est finie : rien à reprendre (ludotheque replay {path} --step "
              "la parcourt).",
    },
    "error.resume_meta": {
        "en": "This record cannot be resumed: its '{field}' does not say who sits where "
              "(one entry per seat, {players} seats, 'human' at the people's seats).",
        "fr": "Cet enregistrement ne peut pas être repris : son champ « {field} » ne dit pas qui "
              "est à quelle place (une entrée par place, {players} places, « human » aux places "
              "des personnes).",
    },
    "error.resume_budget": {
        "en": "This record cannot be resumed: its 'meta.budget' must give positive iterations "
              "and/or ms.",
        "fr": "Cet enregistrement ne peut pas être repris : son champ « meta.budget » doit donner "
              "des iterations et/ou des ms positifs.",
    },
    "error.play_no_game": {
        "en": "Which game? Give its name (see 'ludotheque games'), or --resume with a saved game.",
        "fr": "Quel jeu ? Donnez son nom (voir « ludotheque games »), ou --resume avec une partie "
              "sauvegardée.",
    },
    "error.seats_clash": {
        "en": "Choose the people's seats one way only: --seat N, --humans 1,3 or --watch.",
        "fr": "Choisissez les places des personnes d'une seule façon : --seat N, --humans 1,3 "
              "ou --watch.",
    },
    "error.humans_syntax": {
        "en": "Cannot read --humans '{given}': write seat numbers separated by commas, e.g. 1,3.",
        "fr": "Impossible de lire --humans « {given} » : écrivez des numéros de place séparés "
              "par des virgules, par exemple 1,3.",
    },
    "error.humans_twice": {
        "en": "--humans '{given}' names a seat twice.",
        "fr": "--humans « {given} » cite deux fois la même place.",
    },
    "error.seat_needs_step": {
        "en": "--seat chooses whose view --step shows: add --step.",
        "fr": "--seat choisit la vue que montre --step : ajoutez --step.",
    },
    "error.save_folder": {
        "en": "Cannot save to {path}: the folder {folder} does not exist.",
        "fr": "Impossible de sauvegarder dans {path} : le dossier {folder} n'existe pas.",
    },
    "error.save_is_folder": {
        "en": "Cannot save to {path}: it is a folder, give a file name.",
        "fr": "Impossible de sauvegarder dans {path} : c'est un dossier, donnez un nom de fichier.",
    },
    "error.positive": {
        "en": "{name} must be at least {low}, not {value}.",
        "fr": "{name} doit valoir au moins {low}, pas {value}.",
    },
    "option.allowed_int": {"en": "an integer from {low} to {high}",
                           "fr": "un entier de {low} à {high}"},
    "option.allowed_ints": {"en": "{count} integers from {low} to {high}, comma-separated",
                            "fr": "{count} entiers de {low} à {high}, séparés par des virgules"},
    # ------------------------------------------------------------- terminal
    "ui.you": {"en": "You", "fr": "Vous"},
    "ui.you_mid": {"en": "you", "fr": "vous"},
    "ui.welcome": {
        "en": "{game}: {players} players.",
        "fr": "{game} : {players} joueurs.",
    },
    "ui.seed": {
        "en": "Seed of this game: {seed} (the same seed deals the same cards).",
        "fr": "Graine de cette partie : {seed} (la même graine distribue les mêmes cartes).",
    },
    "ui.seats": {"en": "Seats: {seats}", "fr": "Places : {seats}"},
    "ui.seat_entry": {"en": "{number}: {name}", "fr": "{number} : {name}"},
    "ui.bot.random": {"en": "random", "fr": "hasard"},
    "ui.bot.heuristic": {"en": "heuristic", "fr": "heuristique"},
    "ui.bot.easy": {"en": "easy", "fr": "facile"},
    "ui.bot.medium": {"en": "medium", "fr": "moyen"},
    "ui.bot.hard": {"en": "hard", "fr": "difficile"},
    "ui.bot.ismcts": {"en": "ISMCTS", "fr": "ISMCTS"},
    "ui.moves": {"en": "Your moves:", "fr": "Vos coups :"},
    "ui.moves_compact": {
        "en": "(by number or text form; e.g. {form}: {example})",
        "fr": "(par numéro ou forme texte ; par exemple {form} : {example})",
    },
    "ui.prompt": {
        "en": "Your move (number or text; help, quit):",
        "fr": "Votre coup (numéro ou texte ; aide, quitter) :",
    },
    "ui.help": {
        "en": "Type the number of a move, or its text form: {forms}. 'quit' leaves the game.",
        "fr": "Tapez le numéro d'un coup, ou sa forme texte : {forms}. « quitter » quitte la partie.",
    },
    "ui.bad_number": {
        "en": "That number is not in the list; allowed: {allowed}.",
        "fr": "Ce numéro n'est pas dans la liste ; numéros possibles : {allowed}.",
    },
    "ui.winners": {"en": "Winner(s): {players}.", "fr": "Gagnant(s) : {players}."},
    "ui.input_ended": {
        "en": "Input ended before the game did: game abandoned.",
        "fr": "L'entrée s'est terminée avant la partie : partie abandonnée.",
    },
    "ui.quit": {"en": "Game abandoned.", "fr": "Partie abandonnée."},
    "ui.saved": {"en": "Record saved to {path}.", "fr": "Enregistrement sauvegardé dans {path}."},
    # the terminal table of issue 17: take-back, pass-and-play, save and resume, layout
    "ui.player_n": {"en": "Player {number}", "fr": "Joueur {number}"},
    "ui.help_commands": {
        "en": "Also: 'log' shows the whole log, 'cards' the card reference, 'back' takes back "
              "a card put into an offer not yet announced ('back 4': a given one).",
        "fr": "Aussi : « journal » montre tout le journal, « cartes » le mémento des cartes, "
              "« reprendre » reprend une carte mise dans une offre pas encore annoncée "
              "(« reprendre 4 » : une carte précise).",
    },
    "ui.held": {
        "en": "Not handed over yet: {moves}. 'back' takes back the last one ('back 4': a given "
              "one); announcing hands the offer over.",
        "fr": "Pas encore remis : {moves}. « reprendre » reprend le dernier (« reprendre 4 » : "
              "une carte précise) ; l'annonce remet l'offre.",
    },
    "ui.taken_back": {"en": "Taken back: {move}.", "fr": "Repris : {move}."},
    "ui.error.nothing_held": {
        "en": "There is nothing to take back: only cards put into an offer not yet announced "
              "can be taken back.",
        "fr": "Il n'y a rien à reprendre : seules les cartes d'une offre pas encore annoncée "
              "peuvent être reprises.",
    },
    "ui.error.not_held": {
        "en": "'{move}' is not in your offer; it holds: {held}.",
        "fr": "« {move} » n'est pas dans votre offre ; elle contient : {held}.",
    },
    "ui.handover": {
        "en": "Pass the device to {player}. Everyone else, look away.",
        "fr": "Passez l'appareil à {player}. Les autres, détournez le regard.",
    },
    "ui.handover_prompt": {
        "en": "{player}: press Enter to play (quit: leave the game).",
        "fr": "{player} : appuyez sur Entrée pour jouer (quitter : quitter la partie).",
    },
    "ui.header.at_screen": {"en": "At the screen: {player}", "fr": "Devant l'écran : {player}"},
    "ui.waiting": {"en": "The others are playing…", "fr": "Les autres jouent…"},
    "ui.panel.table": {"en": "Table", "fr": "Table"},
    "ui.panel.log": {"en": "Last moves", "fr": "Derniers coups"},
    "ui.panel.moves": {"en": "Your turn", "fr": "À vous"},
    "ui.back_to_game": {"en": "Press Enter to go back to the game.",
                        "fr": "Appuyez sur Entrée pour revenir à la partie."},
    "ui.help_title": {"en": "Help", "fr": "Aide"},
    "ui.log_title": {"en": "The whole log", "fr": "Tout le journal"},
    "ui.cards_title": {"en": "The cards", "fr": "Mémento des cartes"},
    "ui.save_question": {
        "en": "Save the game to finish it later? File name (Enter: leave without saving):",
        "fr": "Sauvegarder la partie pour la finir plus tard ? Nom du fichier (Entrée : "
              "quitter sans sauvegarder) :",
    },
    "ui.save_failed": {
        "en": "Cannot save to {path}: {reason}. Another file name (Enter: leave without saving):",
        "fr": "Impossible de sauvegarder dans {path} : {reason}. Un autre nom de fichier "
              "(Entrée : quitter sans sauvegarder) :",
    },
    "ui.saved_resume": {
        "en": "Record saved to {path}; to go on with the game: ludotheque play --resume {path}",
        "fr": "Enregistrement sauvegardé dans {path} ; pour reprendre la partie : "
              "ludotheque play --resume {path}",
    },
    "ui.step.start": {"en": "Start ({total} moves)", "fr": "Début ({total} coups)"},
    "ui.step.move": {"en": "Move {number}/{total}: {player}", "fr": "Coup {number}/{total} : {player}"},
    "ui.step.reading_seat": {"en": "as seat {number} ({player}) saw it",
                             "fr": "vu de la place {number} ({player})"},
    "ui.step.reading_public": {"en": "what everyone saw", "fr": "ce que tout le monde a vu"},
    "ui.step.reading_all": {"en": "everything revealed", "fr": "tout dévoilé"},
    "ui.step.as_seen_by": {"en": "As {player} saw it:", "fr": "Vu par {player} :"},
    "ui.step.private": {"en": "  ({player} only) {line}", "fr": "  ({player} seulement) {line}"},
    "ui.step.prompt": {
        "en": "Move {number}/{total}. Enter or n: next, b: back, a number: that move, s: start, "
              "e: end, q: quit:",
        "fr": "Coup {number}/{total}. Entrée ou n : suivant, b : retour, un numéro : ce coup, "
              "d : début, f : fin, q : quitter :",
    },
    "ui.step.at_end": {"en": "This is the last move of the record.",
                       "fr": "C'est le dernier coup de l'enregistrement."},
    "ui.step.bad_key": {
        "en": "Unknown key: type n (next), b (back), a move number from 0 to {total}, s, e or q.",
        "fr": "Touche inconnue : tapez n (suivant), b (retour), un numéro de coup de 0 à {total}, "
              "d, f ou q.",
    },
    "ui.resumed": {
        "en": "Game resumed after {count} moves ('log' shows them).",
        "fr": "Partie reprise après {count} coups (« journal » les montre).",
    },
    # ---------------------------------------------------------- command line
    "cli.help": {
        "en": "ludotheque: play, simulate and study four tabletop games.",
        "fr": "ludotheque : jouer, simuler et étudier quatre jeux de société.",
    },
    "cli.games.help": {"en": "List the games, their player counts, bots and options.",
                       "fr": "Lister les jeux, leurs nombres de joueurs, bots et options."},
    "cli.rules.help": {"en": "Print a summary of a game's rules, with the options in force.",
                       "fr": "Afficher un résumé des règles d'un jeu, avec les options en vigueur."},
    "cli.play.help": {"en": "Play a game in the terminal against bots (or watch bots play).",
                      "fr": "Jouer une partie dans le terminal contre des bots (ou regarder des bots)."},
    "cli.replay.help": {"en": "Replay a saved game record, checking every move, and print the result.",
                        "fr": "Rejouer un enregistrement de partie en vérifiant chaque coup, "
                              "et afficher le résultat."},
    "cli.simulate.help": {"en": "Play many bot games and summarise the results.",
                          "fr": "Jouer de nombreuses parties entre bots et résumer les résultats."},
    "cli.arena.help": {"en": "Rate bots against each other in seat-rotated games.",
                       "fr": "Classer des bots les uns contre les autres, places tournantes."},
    "cli.arena.progress": {"en": "Playing", "fr": "Parties"},
    "cli.arena.head_to_head": {
        "en": "Head to head (row ahead of column):",
        "fr": "Face à face (la ligne devant la colonne) :",
    },
    "cli.opt.bots_arena": {
        "en": "The bots, one per seat, comma-separated (levels: easy, medium, hard; or bot names).",
        "fr": "Les bots, un par place, séparés par des virgules (niveaux : easy, medium, hard ; ou noms de bots).",
    },
    "cli.col.win_rate_ci": {"en": "wins [95% CI]", "fr": "victoires [IC 95 %]"},
    "cli.col.mean_rank": {"en": "mean rank", "fr": "rang moyen"},
    "cli.col.rating": {"en": "rating (openskill)", "fr": "classement (openskill)"},
    "cli.col.ms_per_move": {"en": "ms per move", "fr": "ms par coup"},
    "cli.col.ms_p95": {"en": "p95 ms", "fr": "ms (95e centile)"},
    "cli.col.ms_max": {"en": "max ms", "fr": "ms (max.)"},
    "cli.bench.help": {"en": "Measure random-playout speed on one core (one game, or every game "
                             "against OpenSpiel's).",
                       "fr": "Mesurer la vitesse des parties aléatoires sur un cœur (un jeu, ou "
                             "tous les jeux face à ceux d'OpenSpiel)."},
    "cli.arg.game": {"en": "Game name (see 'ludotheque games').",
                     "fr": "Nom du jeu (voir « ludotheque games »)."},
    "cli.arg.game_play": {"en": "Game name (see 'ludotheque games'); not needed with --resume.",
                          "fr": "Nom du jeu (voir « ludotheque games ») ; inutile avec --resume."},
    "cli.opt.humans": {
        "en": "Seats of several people at this screen, e.g. 1,3 (pass-and-play: the screen is "
              "cleared between their turns).",
        "fr": "Places de plusieurs personnes devant cet écran, par exemple 1,3 (l'écran est "
              "effacé entre leurs tours).",
    },
    "cli.opt.resume": {"en": "Go on with a game saved on quitting (file name).",
                       "fr": "Reprendre une partie sauvegardée en quittant (nom du fichier)."},
    "cli.opt.plain": {"en": "Print line after line instead of the full-screen table.",
                      "fr": "Afficher ligne après ligne au lieu de la table plein écran."},
    "cli.opt.step": {"en": "Walk through the game move by move (keys: n, b, q).",
                     "fr": "Parcourir la partie coup par coup (touches : n, b, q)."},
    "cli.opt.step_seat": {
        "en": "With --step: the seat whose view is shown (default: everything revealed once the "
              "game is over, else what everyone saw).",
        "fr": "Avec --step : la place dont on voit la vue (par défaut : tout dévoilé si la partie "
              "est finie, sinon ce que tout le monde a vu).",
    },
    "cli.arg.record": {"en": "A record saved with 'play --save'.",
                       "fr": "Un enregistrement sauvegardé avec « play --save »."},
    "cli.opt.lang": {"en": "Language: en or fr (default: from the locale).",
                     "fr": "Langue : en ou fr (par défaut : celle de l'environnement)."},
    "cli.opt.option": {"en": "A game option, name=value (repeatable).",
                       "fr": "Une option du jeu, nom=valeur (répétable)."},
    "cli.opt.json": {"en": "Print one JSON object.", "fr": "Afficher un objet JSON."},
    "cli.opt.players": {"en": "Number of players.", "fr": "Nombre de joueurs."},
    "cli.opt.seed": {"en": "Seed of the game's chance (same seed, same game).",
                     "fr": "Graine du hasard (même graine, même partie)."},
    "cli.opt.bots_play": {
        "en": "Bots for the other seats, in seat order, comma-separated (one name fills all).",
        "fr": "Bots des autres places, dans l'ordre, séparés par des virgules (un seul nom les remplit toutes).",
    },
    "cli.opt.bots_sim": {
        "en": "One bot per seat, comma-separated (one name fills all).",
        "fr": "Un bot par place, séparés par des virgules (un seul nom les remplit toutes).",
    },
    "cli.opt.seat": {"en": "Your seat, from 1.", "fr": "Votre place, à partir de 1."},
    "cli.opt.watch": {"en": "Watch bots play each other (no human seat).",
                      "fr": "Regarder les bots jouer entre eux (aucune place humaine)."},
    "cli.opt.save": {"en": "Save the game record to this file.",
                     "fr": "Sauvegarder l'enregistrement de la partie dans ce fichier."},
    "cli.opt.delay": {"en": "Seconds between reveal steps (default 0.5 in a terminal).",
                      "fr": "Secondes entre les étapes d'une révélation (0,5 par défaut dans un terminal)."},
    "cli.opt.verbose": {"en": "Print every event of the game.",
                        "fr": "Afficher chaque événement de la partie."},
    "cli.opt.iterations": {"en": "Search bots (hard, ismcts): iterations per move.",
                           "fr": "Bots de recherche (hard, ismcts) : itérations par coup."},
    "cli.opt.budget_ms": {"en": "Search bots (hard, ismcts): milliseconds per move at most.",
                          "fr": "Bots de recherche (hard, ismcts) : millisecondes par coup au plus."},
    "cli.opt.games": {"en": "Number of games.", "fr": "Nombre de parties."},
    "cli.opt.rotate": {"en": "Turn the bots one seat per game (default).",
                       "fr": "Faire tourner les bots d'une place à chaque partie (par défaut)."},
    "cli.opt.seconds": {"en": "How long to measure, in all (with --all: per game and measure).",
                        "fr": "Durée totale de la mesure (avec --all : par jeu et par mesure)."},
    "cli.opt.repeats": {"en": "Measuring windows; the best is reported.",
                        "fr": "Nombre de mesures ; la meilleure est retenue."},
    "cli.games.line": {
        "en": "{title} ({name}): {low}-{high} players; bots: {bots}",
        "fr": "{title} ({name}) : {low} à {high} joueurs ; bots : {bots}",
    },
    "cli.col.option": {"en": "option", "fr": "option"},
    "cli.col.default": {"en": "default", "fr": "défaut"},
    "cli.col.allowed": {"en": "allowed", "fr": "valeurs"},
    "cli.col.meaning": {"en": "meaning", "fr": "sens"},
    "cli.col.bot": {"en": "bot", "fr": "bot"},
    "cli.col.wins": {"en": "wins", "fr": "victoires"},
    "cli.col.win_rate": {"en": "win rate per seat", "fr": "taux de victoire par place"},
    "cli.seat": {"en": "Seat", "fr": "Place"},
    "cli.human": {"en": "Human", "fr": "Humain"},
    "cli.replay.checked": {"en": "{count} moves of {game} replayed and checked.",
                           "fr": "{count} coups de {game} rejoués et vérifiés."},
    "cli.replay.unfinished": {"en": "The record stops before the end of the game.",
                              "fr": "L'enregistrement s'arrête avant la fin de la partie."},
    "cli.simulate.title": {"en": "{games} games of {game}, {players} players, seed {seed}",
                           "fr": "{games} parties de {game}, {players} joueurs, graine {seed}"},
    "cli.simulate.seats": {"en": "Wins by seat: {seats}", "fr": "Victoires par place : {seats}"},
    "cli.simulate.seat_wins": {"en": "{seat}: {wins}", "fr": "{seat} : {wins}"},
    "cli.simulate.length": {"en": "Mean length: {decisions} decisions, {rounds} rounds.",
                            "fr": "Durée moyenne : {decisions} décisions, {rounds} manches."},
    "cli.bench.result": {
        "en": "{game}, {players} players: {decisions_per_s} decisions/s, {games_per_s} games/s "
              "(best of {repeats} windows; median {median} decisions/s; {games} random games "
              "in {seconds} s, one core).",
        "fr": "{game}, {players} joueurs : {decisions_per_s} décisions/s, {games_per_s} parties/s "
              "(meilleure de {repeats} mesures ; médiane {median} décisions/s ; {games} parties "
              "aléatoires en {seconds} s, un cœur).",
    },
    # ------------------------------------------- simulate at speed, bench all
    "error.backend": {
        "en": "Unknown backend '{name}'. Backends: {allowed}.",
        "fr": "Moteur d'exécution inconnu « {name} ». Possibles : {allowed}.",
    },
    "error.missing_extra": {
        "en": "{feature} needs the Python package '{module}', which is not installed: "
              "pip install 'ludotheque[{extra}]'.",
        "fr": "{feature} demande le paquet Python « {module} », qui n'est pas installé : "
              "pip install 'ludotheque[{extra}]'.",
    },
    "error.out_format": {
        "en": "Cannot write {path}: a results file must end in {allowed}.",
        "fr": "Impossible d'écrire {path} : un fichier de résultats doit finir par {allowed}.",
    },
    "error.sweep_syntax": {
        "en": "--sweep {item}: write name=value1,value2,... (a list option's values separated "
              "by ';', e.g. singles=2,3,3,3,4;3,3,3,3,3).",
        "fr": "--sweep {item} : écrivez nom=valeur1,valeur2,... (les valeurs d'une option liste "
              "séparées par « ; », par exemple singles=2,3,3,3,4;3,3,3,3,3).",
    },
    "error.sweep_twice": {
        "en": "Option '{name}' is given twice (by --option and --sweep, or two --sweep): give it once.",
        "fr": "L'option « {name} » est donnée deux fois (par --option et --sweep, ou deux --sweep) : "
              "donnez-la une seule fois.",
    },
    "error.sweep_duplicate": {
        "en": "--sweep gives the configuration {label} twice: give each value once.",
        "fr": "--sweep donne deux fois la configuration {label} : donnez chaque valeur une seule fois.",
    },
    "error.bench_game_and_all": {
        "en": "Give a game or --all, not both.",
        "fr": "Donnez un jeu ou --all, pas les deux.",
    },
    "error.bench_option_all": {
        "en": "--option needs a game: options differ from one game to another.",
        "fr": "--option demande un jeu : les options diffèrent d'un jeu à l'autre.",
    },
    "cli.opt.jobs": {
        "en": "Processes that play the games (default: one per core; 1: in this process).",
        "fr": "Processus qui jouent les parties (par défaut : un par cœur ; 1 : dans ce processus).",
    },
    "cli.opt.backend": {
        "en": "Where the games run: process (a pool on this machine), ray (the Ray cluster at "
              "RAY_ADDRESS, else a local one) or local (in this process).",
        "fr": "Où se jouent les parties : process (des processus de cette machine), ray (la grappe "
              "Ray de RAY_ADDRESS, sinon une grappe locale) ou local (dans ce processus).",
    },
    "cli.opt.out": {
        "en": "Write one row per game and seat to this file (.parquet or .csv).",
        "fr": "Écrire une ligne par partie et par place dans ce fichier (.parquet ou .csv).",
    },
    "cli.opt.sweep": {
        "en": "Compare an option's values, name=v1,v2 (repeatable: every combination is played; "
              "a list option's values separated by ';').",
        "fr": "Comparer des valeurs d'une option, nom=v1,v2 (répétable : chaque combinaison est "
              "jouée ; valeurs d'une option liste séparées par « ; »).",
    },
    "cli.opt.all": {
        "en": "Every game, with OpenSpiel's for comparison (the default without a game).",
        "fr": "Tous les jeux, avec ceux d'OpenSpiel pour comparer (par défaut sans jeu).",
    },
    "cli.opt.ismcts_ms": {
        "en": "With --all: ISMCTS thinking time per move measured, in milliseconds.",
        "fr": "Avec --all : temps de réflexion ISMCTS par coup mesuré, en millisecondes.",
    },
    "cli.arg.game_bench": {
        "en": "Game name (none: every game, as --all).",
        "fr": "Nom du jeu (aucun : tous les jeux, comme --all).",
    },
    "cli.simulate.progress": {"en": "Playing", "fr": "Parties"},
    "cli.simulate.config": {"en": "Configuration: {config}", "fr": "Configuration : {config}"},
    "cli.simulate.throughput": {
        "en": "{games} games in {seconds} s: {rate} games/s ({where}).",
        "fr": "{games} parties en {seconds} s : {rate} parties/s ({where}).",
    },
    "cli.simulate.where_local": {"en": "in this process", "fr": "dans ce processus"},
    "cli.simulate.where_process": {"en": "{jobs} processes", "fr": "{jobs} processus"},
    "cli.simulate.where_ray": {"en": "Ray", "fr": "Ray"},
    "cli.simulate.written": {
        "en": "{rows} rows (one per game and seat) written to {path}.",
        "fr": "{rows} lignes (une par partie et par place) écrites dans {path}.",
    },
    "cli.simulate.interrupted.one": {
        "en": "Interrupted: {count} of {total} games finished; the summary and the file cover "
              "it only.",
        "fr": "Interrompu : {count} partie terminée sur {total} ; le résumé et le fichier ne "
              "portent que sur elle.",
    },
    "cli.simulate.interrupted.other": {
        "en": "Interrupted: {count} of {total} games finished; the summary and the file cover "
              "those only.",
        "fr": "Interrompu : {count} parties terminées sur {total} ; le résumé et le fichier ne "
              "portent que sur elles.",
    },
    "cli.bench.progress": {"en": "Measuring {name}", "fr": "Mesure de {name}"},
    "cli.bench.progress_one": {"en": "Measuring", "fr": "Mesure"},
    "cli.bench.interrupted.one": {
        "en": "Interrupted: {count} of {total} measures finished; the figures above cover it "
              "only.",
        "fr": "Interrompu : {count} mesure terminée sur {total} ; les chiffres ci-dessus ne "
              "portent que sur elle.",
    },
    "cli.bench.interrupted.other": {
        "en": "Interrupted: {count} of {total} measures finished; the figures above cover "
              "those only.",
        "fr": "Interrompu : {count} mesures terminées sur {total} ; les chiffres ci-dessus ne "
              "portent que sur elles.",
    },
    "cli.bench.interrupted_none": {
        "en": "Interrupted before the first measure finished: nothing to show.",
        "fr": "Interrompu avant la fin de la première mesure : rien à montrer.",
    },
    "cli.arena.interrupted.one": {
        "en": "Interrupted: {count} of {total} games finished; the tables above cover it only.",
        "fr": "Interrompu : {count} partie terminée sur {total} ; les tableaux ci-dessus ne "
              "portent que sur elle.",
    },
    "cli.arena.interrupted.other": {
        "en": "Interrupted: {count} of {total} games finished; the tables above cover those "
              "only.",
        "fr": "Interrompu : {count} parties terminées sur {total} ; les tableaux ci-dessus ne "
              "portent que sur elles.",
    },
    "cli.interrupted": {"en": "Interrupted.", "fr": "Interrompu."},
    "progress.measuring": {"en": "measuring the speed… {elapsed}",
                           "fr": "mesure de la vitesse… {elapsed}"},
    "progress.measuring_decisions": {
        "en": "{decisions} decisions, measuring the speed… {elapsed}",
        "fr": "{decisions} décisions, mesure de la vitesse… {elapsed}",
    },
    "progress.pace": {"en": "{rate} games/s · {left} left · {elapsed} so far",
                      "fr": "{rate} parties/s · reste {left} · écoulé {elapsed}"},
    "progress.seconds": {"en": "{done} of {total} s", "fr": "{done} s sur {total}"},
    "cli.bench.title": {
        "en": "Random playouts on one core, the engines taking turns in {repeats} rounds of "
              "{seconds} s windows (a busy neighbour slows a whole round alike). raw: the game "
              "state alone; public: a match with the view and the legal moves of each decision "
              "(what bots, servers and RL take). ISMCTS: search iterations per second of thinking.",
        "fr": "Parties aléatoires sur un cœur, les moteurs mesurés à tour de rôle en {repeats} "
              "tours de fenêtres de {seconds} s (un voisin trop actif ralentit tout un tour "
              "pareillement). brut : l'état du jeu seul ; public : une partie avec la vue et les "
              "coups permis à chaque décision (le chemin des bots, des serveurs et de l'apprentissage "
              "par renforcement). ISMCTS : itérations de recherche par seconde de réflexion.",
    },
    "cli.bench.ratios": {
        "en": "÷ columns: decisions per CPU second over those of an OpenSpiel game written in "
              "Python ({legend}), round by round: median (lowest); liars_dice is OpenSpiel's C++. "
              "Chance steps (deals, rolls) are counted apart, never as decisions.",
        "fr": "Colonnes ÷ : décisions par seconde de CPU rapportées à celles d'un jeu d'OpenSpiel "
              "écrit en Python ({legend}), tour par tour : médiane (la plus basse) ; liars_dice "
              "est le C++ "
              "d'OpenSpiel. Les coups du hasard (donnes, lancers) sont comptés à part, jamais "
              "comme des décisions.",
    },
    "cli.bench.machine": {
        "en": "Machine load (1, 5, 15 min): {before} before, {after} after, on {cores} cores; "
              "CPU: the share of a core the measure had.",
        "fr": "Charge de la machine (1, 5, 15 min) : {before} avant, {after} après, sur {cores} "
              "cœurs ; CPU : la part d'un cœur dont la mesure a disposé.",
    },
    "cli.bench.path.raw": {"en": "raw", "fr": "brut"},
    "cli.bench.path.public": {"en": "public", "fr": "public"},
    "cli.bench.path.openspiel": {"en": "OpenSpiel", "fr": "OpenSpiel"},
    "cli.col.path": {"en": "path", "fr": "chemin"},
    "cli.col.decisions_per_s_lowest": {"en": "decisions/s (lowest)", "fr": "décisions/s (minimum)"},
    "cli.col.chance_per_s": {"en": "chance steps/s", "fr": "coups du hasard/s"},
    "cli.col.cpu": {"en": "CPU", "fr": "CPU"},
    "cli.bench.no_openspiel": {
        "en": "OpenSpiel is not installed, so no comparison: pip install 'ludotheque[rl]'.",
        "fr": "OpenSpiel n'est pas installé, donc pas de comparaison : pip install 'ludotheque[rl]'.",
    },
    "cli.col.game_players": {"en": "game (players)", "fr": "jeu (joueurs)"},
    "cli.col.decisions_per_s": {"en": "decisions/s", "fr": "décisions/s"},
    "cli.col.games_per_s": {"en": "games/s", "fr": "parties/s"},
    "cli.col.ratio": {"en": "÷ {name}", "fr": "÷ {name}"},
    "cli.col.ismcts": {"en": "ISMCTS it/s", "fr": "it. ISMCTS/s"},
    "rules.options_in_force": {"en": "Options in force", "fr": "Options en vigueur"},
    "rules.rulings": {"en": "Rulings the engine follows", "fr": "Décisions d'arbitrage suivies par le moteur"},
    "rules.rulebook_notes": {"en": "Notes on the rulebooks", "fr": "Remarques sur les livrets de règles"},
    # ------------------------------------------- OpenSpiel adapters (interop/openspiel.py)
    "openspiel.error.chance_outcome": {
        "en": "Chance outcome {outcome} is not possible here (possible: {allowed}).",
        "fr": "Le résultat de hasard {outcome} est impossible ici (possibles : {allowed}).",
    },
    "openspiel.error.chance_bound": {
        "en": "{game}: a chance point has {count} outcomes, more than the {bound} declared to "
              "OpenSpiel.",
        "fr": "{game} : un point de hasard a {count} résultats, plus que les {bound} déclarés à "
              "OpenSpiel.",
    },
    "openspiel.error.observer": {
        "en": "This observer is not available: {what}. Available: one seat's view (private "
              "information of a single player) or the public view (no private information, "
              "no perfect recall).",
        "fr": "Cet observateur n'existe pas : {what}. Disponibles : la vue d'une place "
              "(informations privées d'un seul joueur) ou la vue publique (sans information "
              "privée ni mémoire parfaite).",
    },
    "openspiel.error.no_tensor": {
        "en": "{game}: no {what} tensor. Available: the observation tensor (the seat's view "
              "now), the information-state tensor (perfect recall: the view and the seat's "
              "history) and the strings of both.",
        "fr": "{game} : pas de tenseur {what}. Disponibles : le tenseur d'observation (la vue "
              "actuelle de la place), le tenseur d'état d'information (mémoire parfaite : la "
              "vue et l'historique de la place) et les chaînes des deux.",
    },
    "openspiel.error.history_moves": {
        "en": "{game}: this game is longer than its information-state tensor holds (at most "
              "{bound} decisions). Use the information-state string, which has no bound.",
        "fr": "{game} : cette partie est plus longue que ce que son tenseur d'état "
              "d'information peut contenir (au plus {bound} décisions). Utilisez la chaîne "
              "d'état d'information, qui n'a pas de limite.",
    },
    "openspiel.error.history_chance": {
        "en": "{game}: this game has more chance points than its information-state tensor "
              "holds (at most {bound}). Use the information-state string, which has no bound.",
        "fr": "{game} : cette partie a plus de tirages au hasard que ce que son tenseur d'état "
              "d'information peut contenir (au plus {bound}). Utilisez la chaîne d'état "
              "d'information, qui n'a pas de limite.",
    },
    "openspiel.error.unknown_past": {
        "en": "{game}: seat {seat} has no information-state tensor here: this state was "
              "resampled for another seat, so its past is unknown to seat {seat}.",
        "fr": "{game} : la place {seat} n'a pas de tenseur d'état d'information ici : cet état "
              "a été rééchantillonné pour une autre place, son passé lui est donc inconnu.",
    },
    "openspiel.error.seat": {
        "en": "Seat {seat} does not exist: OpenSpiel's seats are 0 to {high}.",
        "fr": "La place {seat} n'existe pas : les places d'OpenSpiel vont de 0 à {high}.",
    },
}
