"""The server's own messages (errors on the API and the WebSocket, seat names), in English
and French. The pages' texts (`web.*` read by the JavaScript) live in `web/texts.py`."""

from __future__ import annotations

from ludotheque.i18n import register_texts

TEXTS = {
    "web.server.seat_name": {"en": "Seat {seat}", "fr": "Place {seat}"},
    "web.server.bot_name": {"en": "{name} ({level})", "fr": "{name} ({level})"},
    "web.server.level.easy": {"en": "easy", "fr": "facile"},
    "web.server.level.medium": {"en": "medium", "fr": "moyen"},
    "web.server.level.hard": {"en": "hard", "fr": "difficile"},
    "web.server.result.winner": {"en": "{players} won.", "fr": "{players} a gagné."},
    "web.server.result.winners": {"en": "{players} won together.",
                                  "fr": "{players} ont gagné ensemble."},
    "web.server.result.none": {"en": "Nobody won.", "fr": "Personne n'a gagné."},
    "web.server.and": {"en": " and ", "fr": " et "},
    # ---- command line (ludotheque serve, ludotheque bench-server)
    "cli.serve.help": {
        "en": "Start the web table: play online with friends and bots in the browser.",
        "fr": "Lancer la table en ligne : jouer avec des amis et des bots dans le navigateur."},
    "cli.serve.opt.host": {"en": "Address to listen on (0.0.0.0: every network interface).",
                           "fr": "Adresse d'écoute (0.0.0.0 : toutes les interfaces réseau)."},
    "cli.serve.opt.port": {"en": "Port to listen on.", "fr": "Port d'écoute."},
    "cli.serve.opt.database": {
        "en": "SQLAlchemy database URL (default: a SQLite file in your data folder).",
        "fr": "URL de base de données SQLAlchemy (par défaut : un fichier SQLite dans votre "
              "dossier de données)."},
    "cli.serve.opt.broker": {
        "en": "Broker between several servers: redis://host:6379/0 (default: none, one "
              "server alone).",
        "fr": "Courtier entre plusieurs serveurs : redis://hôte:6379/0 (par défaut : aucun, "
              "un seul serveur)."},
    "cli.bench_server.opt.servers": {
        "en": "Number of server processes (above 1: one PostgreSQL, one Redis and a worker; "
              "a throw-away pair is started here unless --database/--broker are given).",
        "fr": "Nombre de processus serveurs (au-delà de 1 : un PostgreSQL, un Redis et un "
              "worker ; une paire jetable est lancée ici sauf si --database/--broker sont "
              "donnés)."},
    "cli.bench_server.opt.database": {
        "en": "Database URL to use (default: a fresh SQLite file, or a throw-away "
              "PostgreSQL with --servers above 1). It is migrated and written to.",
        "fr": "URL de la base à utiliser (par défaut : un fichier SQLite neuf, ou un "
              "PostgreSQL jetable avec --servers au-delà de 1). Elle est migrée et modifiée."},
    "cli.worker.help": {
        "en": "Compute the bots' moves for every server sharing a database (several "
              "servers).",
        "fr": "Calculer les coups des bots pour tous les serveurs d'une même base "
              "(plusieurs serveurs)."},
    "cli.worker.opt.database": {"en": "SQLAlchemy database URL (postgresql://…).",
                                "fr": "URL de base de données SQLAlchemy (postgresql://…)."},
    "cli.worker.opt.lease": {
        "en": "Seconds a worker holds a bot's move before another worker may take it.",
        "fr": "Secondes pendant lesquelles un worker garde le coup d'un bot avant qu'un "
              "autre puisse le reprendre."},
    "cli.migrate.help": {"en": "Bring a database's schema to this version (Alembic).",
                         "fr": "Mettre le schéma d'une base à cette version (Alembic)."},
    "cli.migrate.done": {"en": "Schema: {before} -> {after}.",
                         "fr": "Schéma : {before} -> {after}."},
    "cli.serve.opt.waiting_ttl": {
        "en": "Seconds a table may wait for people with nobody sitting down before it is "
              "closed (86400: 24 hours). Games played stay.",
        "fr": "Secondes pendant lesquelles une table peut attendre ses joueurs sans que "
              "personne ne s'y asseye avant d'être fermée (86400 : 24 heures). Les parties "
              "jouées restent."},
    "cli.serve.opt.bot_delay": {
        "en": "Seconds a bot waits before playing, so people see each move.",
        "fr": "Secondes d'attente d'un bot avant de jouer, pour qu'on voie chaque coup."},
    "cli.serve.link": {"en": "The web table: {url}  (Ctrl-C stops it)",
                       "fr": "La table en ligne : {url}  (Ctrl-C pour l'arrêter)"},
    "cli.bench_server.help": {
        "en": "Measure the web server: many tables of simulated players over real WebSockets.",
        "fr": "Mesurer le serveur web : de nombreuses tables de joueurs simulés sur de vrais "
              "WebSockets."},
    "cli.bench_server.opt.tables": {"en": "Concurrent tables.", "fr": "Tables simultanées."},
    "cli.bench_server.opt.hard_tables": {
        "en": "Tables of one simulated person and two hard bots, added in the second run "
              "(0: no second run).",
        "fr": "Tables d'une personne simulée et de deux bots difficiles, ajoutées lors de la "
              "seconde mesure (0 : pas de seconde mesure)."},
    "cli.bench_server.opt.seconds": {"en": "Length of each run, in seconds.",
                                     "fr": "Durée de chaque mesure, en secondes."},
    "cli.bench_server.opt.think": {
        "en": "Mean pause of a simulated player before each move, in seconds.",
        "fr": "Pause moyenne d'un joueur simulé avant chaque coup, en secondes."},
    "web.server.bench.start": {"en": "Server (pid {pid}) on {url}",
                               "fr": "Serveur (pid {pid}) sur {url}"},
    "web.server.bench.run": {"en": "{label}: {pages} pages at {tables} tables, {seconds} s...",
                             "fr": "{label} : {pages} pages à {tables} tables, {seconds} s..."},
    "web.server.bench.connected": {"en": "  {pages} pages connected in {seconds} s",
                                   "fr": "  {pages} pages connectées en {seconds} s"},
    "web.server.bench.label.people": {"en": "People only", "fr": "Des personnes seulement"},
    "web.server.bench.label.people_with_hard_bots": {
        "en": "People, while hard bots think at other tables",
        "fr": "Des personnes, pendant que des bots difficiles réfléchissent ailleurs"},
    "web.server.bench.label.hard_tables": {"en": "People at the hard bots' tables",
                                           "fr": "Les personnes aux tables des bots difficiles"},
    "web.server.bench.line": {
        "en": "{label}: {moves} moves ({rate} a second); from a move sent to its update: "
              "p50 {p50} ms, p95 {p95} ms, p99 {p99} ms, max {max} ms",
        "fr": "{label} : {moves} coups ({rate} par seconde) ; d'un coup envoyé à sa mise à "
              "jour : p50 {p50} ms, p95 {p95} ms, p99 {p99} ms, max {max} ms"},
    "web.server.bench.cpu": {
        "en": "  server process: {share} % of a core, {per_move} ms of CPU a move; "
              "load average of the machine: {load}",
        "fr": "  processus serveur : {share} % d'un cœur, {per_move} ms de calcul par coup ; "
              "charge moyenne de la machine : {load}"},
    "web.server.bench.bots": {"en": "  bots' moves: {count}", "fr": "  coups des bots : {count}"},
    "web.server.bench.errors": {"en": "  errors: {count}", "fr": "  erreurs : {count}"},
    # ---- errors
    "web.server.error.bad_request": {
        "en": "The request is not valid: {reason}.",
        "fr": "La requête n'est pas valide : {reason}."},
    "web.server.error.body_object": {
        "en": "the body must be a JSON object", "fr": "le corps doit être un objet JSON"},
    "web.server.error.field_type": {
        "en": "the field \u201c{field}\u201d must be {kind}",
        "fr": "le champ « {field} » doit être {kind}"},
    "web.server.kind.string": {"en": "a string", "fr": "une chaîne de caractères"},
    "web.server.kind.int": {"en": "a whole number", "fr": "un nombre entier"},
    "web.server.kind.object": {"en": "an object", "fr": "un objet"},
    "web.server.kind.list": {"en": "a list", "fr": "une liste"},
    "web.server.error.seats": {
        "en": "The table has {players} seats but {count} were described: give one entry "
              "per seat, each {{\"kind\": \"human\"}} or {{\"kind\": \"bot\", \"level\": "
              "\"easy|medium|hard\"}}.",
        "fr": "La table a {players} places mais {count} ont été décrites : donnez une entrée "
              "par place, chacune {{\"kind\": \"human\"}} ou {{\"kind\": \"bot\", \"level\": "
              "\"easy|medium|hard\"}}."},
    "web.server.error.seat_kind": {
        "en": "Seat {seat}: unknown kind \u201c{kind}\u201d; allowed: human, bot.",
        "fr": "Place {seat} : type « {kind} » inconnu ; possibles : human, bot."},
    "web.server.error.bot_level": {
        "en": "Seat {seat}: unknown bot level \u201c{level}\u201d; allowed: easy, medium, hard.",
        "fr": "Place {seat} : niveau de bot « {level} » inconnu ; possibles : easy, medium, "
              "hard."},
    "web.server.error.turn_timer": {
        "en": "The turn timer must be null (off) or a number of seconds from {low} to {high}, "
              "not {value}.",
        "fr": "Le minuteur de tour doit être null (désactivé) ou un nombre de secondes "
              "de {low} à {high}, pas {value}."},
    "web.server.error.unknown_token": {
        "en": "This link is not valid (unknown or expired). Ask the table's creator for a "
              "new one.",
        "fr": "Ce lien n'est pas valide (inconnu ou périmé). Demandez-en un nouveau à "
              "la personne qui a créé la table."},
    "web.server.error.unknown_table": {
        "en": "There is no table \u201c{table}\u201d.",
        "fr": "Il n'y a pas de table « {table} »."},
    "web.server.error.seat_taken": {
        "en": "Seat {seat} is already taken; free seats: {free}.",
        "fr": "La place {seat} est déjà prise ; places libres : {free}."},
    "web.server.error.no_free_seat": {"en": "none", "fr": "aucune"},
    "web.server.error.bad_seat": {
        "en": "There is no seat {seat} at this table; seats: 1 to {players}.",
        "fr": "Il n'y a pas de place {seat} à cette table ; places : de 1 à {players}."},
    "web.server.error.not_human_seat": {
        "en": "Seat {seat} is played by a bot; free seats: {free}.",
        "fr": "La place {seat} est jouée par un bot ; places libres : {free}."},
    "web.server.error.bad_name": {
        "en": "The name must have 1 to {high} characters (after removing spaces at the ends).",
        "fr": "Le nom doit compter de 1 à {high} caractères (sans les espaces au début "
              "et à la fin)."},
    "web.server.error.not_over": {
        "en": "This game is not over yet: its record and replay open once it ends.",
        "fr": "Cette partie n'est pas terminée : son enregistrement et sa relecture "
              "seront disponibles à la fin."},
    "web.server.error.reveal_not_over": {
        "en": "This game is not over yet: every seat's cards are shown only once it ends.",
        "fr": "Cette partie n'est pas terminée : les cartes de chaque place ne sont montrées "
              "qu'à la fin."},
    "web.server.error.bad_step": {
        "en": "The step must be a whole number from 0 to {total}.",
        "fr": "L'étape doit être un nombre entier de 0 à {total}."},
    "web.server.error.bad_json": {
        "en": "The message is not valid JSON ({reason}); nothing was done.",
        "fr": "Le message n'est pas du JSON valide ({reason}) ; rien n'a été fait."},
    "web.server.error.bad_frame": {
        "en": "The message is not valid: {reason}; nothing was done.",
        "fr": "Le message n'est pas valide : {reason} ; rien n'a été fait."},
    "web.server.error.frame_object": {
        "en": "it must be a JSON object with a \u201ctype\u201d",
        "fr": "il doit être un objet JSON avec un « type »"},
    "web.server.error.actions_list": {
        "en": "\u201cactions\u201d must be a non-empty list (at most {high}) of action ids "
              "or texts, and \u201cmove\u201d the move count you saw",
        "fr": "« actions » doit être une liste non vide (au plus {high}) d'identifiants ou "
              "de textes d'actions, et « move » le nombre de coups que vous avez vus"},
    "web.server.error.unknown_type": {
        "en": "Unknown message type \u201c{type}\u201d; allowed: {allowed}.",
        "fr": "Type de message « {type} » inconnu ; possibles : {allowed}."},
    "web.server.error.too_large": {
        "en": "The message is too large ({size} bytes; at most {high}); nothing was done.",
        "fr": "Le message est trop long ({size} octets ; au plus {high}) ; rien n'a été fait."},
    "web.server.error.hello_first": {
        "en": "Say hello first: {{\"type\": \"hello\", \"token\": ..., \"lang\": ..., "
              "\"since\": 0}}.",
        "fr": "Commencez par dire bonjour : {{\"type\": \"hello\", \"token\": ..., "
              "\"lang\": ..., \"since\": 0}}."},
    "web.server.error.spectator": {
        "en": "Spectators watch: they cannot play or chat at this table.",
        "fr": "Les spectateurs regardent : ils ne peuvent ni jouer ni discuter à cette table."},
    "web.server.error.not_your_seat": {
        "en": "You hold seat {own}: you cannot act for seat {seat}.",
        "fr": "Vous occupez la place {own} : vous ne pouvez pas agir pour la place {seat}."},
    "web.server.error.not_your_turn": {
        "en": "It is not your turn: {player} is to play.",
        "fr": "Ce n'est pas votre tour : c'est à {player} de jouer."},
    "web.server.error.waiting": {
        "en": "The game has not started: it starts when every human seat is taken.",
        "fr": "La partie n'a pas commencé : elle commence quand toutes les places humaines "
              "sont prises."},
    "web.server.error.game_over": {
        "en": "The game is over: no more moves.",
        "fr": "La partie est terminée : plus aucun coup possible."},
    "web.server.error.schema": {
        "en": "The database {url} has schema version {found}; this server knows version "
              "{known}. Run: ludotheque migrate --database {url}",
        "fr": "La base {url} a le schéma en version {found} ; ce serveur connaît la version "
              "{known}. Lancez : ludotheque migrate --database {url}"},
    "web.server.error.broker": {
        "en": "Unknown broker {url}: allowed are redis://… (several servers) or nothing "
              "(one server, in-process).",
        "fr": "Courtier inconnu {url} : sont permis redis://… (plusieurs serveurs) ou rien "
              "(un seul serveur, en interne)."},
    "web.server.error.stale": {
        "en": "Your move was based on move {sent} but the table is at move {current}: "
              "here is the table as it is now; nothing was played.",
        "fr": "Votre coup partait du coup {sent} mais la table en est au coup {current} : "
              "voici la table à jour ; rien n'a été joué."},
    "web.server.error.chat_empty": {
        "en": "The chat message is empty.", "fr": "Le message est vide."},
    "web.server.error.chat_too_long": {
        "en": "The chat message has {size} characters; at most {high}.",
        "fr": "Le message compte {size} caractères ; au plus {high}."},
    "web.server.error.bad_lang": {
        "en": "Unknown language \u201c{lang}\u201d; allowed: en, fr.",
        "fr": "Langue « {lang} » inconnue ; possibles : en, fr."},
    "web.server.error.closed": {
        "en": "This table was closed: nobody sat down at it for {ttl}. Create a new table "
              "in the lobby and share its new invite link.",
        "fr": "Cette table a été fermée : personne ne s'y est assis pendant {ttl}. Créez une "
              "nouvelle table dans le salon et partagez son nouveau lien d'invitation."},
    "web.server.duration.hours": {"en": "{n} h", "fr": "{n} h"},
    "web.server.duration.minutes": {"en": "{n} min", "fr": "{n} min"},
    "web.server.duration.seconds": {"en": "{n} s", "fr": "{n} s"},
    "web.server.error.bad_reveal": {
        "en": "\u201creveal\u201d must be 0 or 1 (1: every seat's view at once).",
        "fr": "« reveal » doit valoir 0 ou 1 (1 : la vue de chaque place à la fois)."},
    "web.server.error.internal": {
        "en": "The server could not save this move; nothing was played. Try again.",
        "fr": "Le serveur n'a pas pu enregistrer ce coup ; rien n'a été joué. Réessayez."},
}

register_texts(TEXTS)
