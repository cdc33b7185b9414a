"""Texts of the analysis report (`ludotheque report`) and of its statistics, in English
and French. (Each game's own statistics label themselves in games/<game>/stats.py.)"""

TEXTS: dict[str, dict[str, str]] = {
    # ----------------------------------------------------------------- command line
    "cli.report.help": {
        "en": "Analyse results files of 'simulate --out': win rates per seat with intervals, "
              "first-player verdict, balance, game length, each game's statistics; "
              "configurations side by side.",
        "fr": "Analyser des fichiers de résultats de « simulate --out » : victoires par place avec "
              "intervalles, verdict sur le premier joueur, équilibre, durée des parties, "
              "statistiques de chaque jeu ; configurations côte à côte.",
    },
    "cli.arg.results": {"en": "Results files (.parquet or .csv) written by 'simulate --out'.",
                        "fr": "Fichiers de résultats (.parquet ou .csv) écrits par « simulate --out »."},
    "cli.opt.html": {"en": "Write the report as one self-contained HTML page.",
                     "fr": "Écrire le rapport en une page HTML autonome."},
    "cli.opt.png": {"en": "Write every plot as a PNG file into this folder.",
                    "fr": "Écrire chaque graphique en fichier PNG dans ce dossier."},
    "cli.report.written": {"en": "Report written to {path}.", "fr": "Rapport écrit dans {path}."},
    "cli.report.pngs": {"en": "{count} plots written to {folder}.",
                        "fr": "{count} graphiques écrits dans {folder}."},
    # ----------------------------------------------------------------------- errors
    "error.report_no_file": {"en": "Give at least one results file.",
                             "fr": "Donnez au moins un fichier de résultats."},
    "error.report_missing": {"en": "Results file {path} does not exist.",
                             "fr": "Le fichier de résultats {path} n'existe pas."},
    "error.report_format": {
        "en": "Cannot read {path}: a results file ends in {allowed}.",
        "fr": "Impossible de lire {path} : un fichier de résultats finit par {allowed}.",
    },
    "error.report_unreadable": {
        "en": "Cannot read the results file {path} (damaged, or not a results file): {reason}",
        "fr": "Impossible de lire le fichier de résultats {path} (abîmé, ou pas un fichier de "
              "résultats) : {reason}",
    },
    "error.report_columns": {
        "en": "{path} is not a results file of 'simulate --out': columns missing: {missing}.",
        "fr": "{path} n'est pas un fichier de résultats de « simulate --out » : colonnes "
              "manquantes : {missing}.",
    },
    "error.report_empty": {"en": "The results file {path} holds no game.",
                           "fr": "Le fichier de résultats {path} ne contient aucune partie."},
    "error.report_values": {
        "en": "{path}, line {row}: the column '{column}' holds a value that does not fit.",
        "fr": "{path}, ligne {row} : la colonne « {column} » contient une valeur qui ne convient pas.",
    },
    "error.report_seats": {
        "en": "{path}: game {index} of configuration {config} does not have exactly one row per seat.",
        "fr": "{path} : la partie {index} de la configuration {config} n'a pas exactement une ligne "
              "par place.",
    },
    "error.report_png_folder": {
        "en": "Cannot write the plots into {path}: it is a file, give a folder.",
        "fr": "Impossible d'écrire les graphiques dans {path} : c'est un fichier, donnez un dossier.",
    },
    # ----------------------------------------------------------------------- report
    "report.title": {"en": "Simulation report: {games}", "fr": "Rapport de simulation : {games}"},
    "report.sources": {"en": "Results files: {files}.", "fr": "Fichiers de résultats : {files}."},
    "report.default": {"en": "default", "fr": "par défaut"},
    "report.players_count": {"en": "{players} players", "fr": "{players} joueurs"},
    "report.seat": {"en": "Seat {seat}", "fr": "Place {seat}"},
    "report.order_first": {"en": "1 (starts)", "fr": "1 (commence)"},
    "report.fair": {"en": "Fair share", "fr": "Part équitable"},
    "report.all_bots": {"en": "all", "fr": "tous"},
    "report.configs": {"en": "Configurations played", "fr": "Paramétrages joués"},
    "report.col.config": {"en": "Configuration", "fr": "Paramétrage"},
    "report.col.players": {"en": "Players", "fr": "Joueurs"},
    "report.col.games": {"en": "Games", "fr": "Parties"},
    "report.col.bots": {"en": "Bots", "fr": "Bots"},
    "report.col.options": {"en": "Options changed", "fr": "Options modifiées"},
    "report.col.seat": {"en": "Seat", "fr": "Place"},
    "report.col.order": {"en": "Turn order", "fr": "Ordre du tour"},
    "report.col.measure": {"en": "Measure", "fr": "Mesure"},
    "report.col.bot": {"en": "Bot", "fr": "Bot"},
    "report.col.statistic": {"en": "Statistic", "fr": "Statistique"},
    "report.section.summary": {"en": "Summary", "fr": "Résumé"},
    "report.section.seats": {"en": "Who wins: seats and turn order",
                             "fr": "Qui gagne : places et ordre du tour"},
    "report.section.balance": {"en": "Balance", "fr": "Équilibre"},
    "report.section.bots": {"en": "Bots", "fr": "Bots"},
    "report.section.length": {"en": "Game length", "fr": "Durée des parties"},
    "report.section.stats": {"en": "Game statistics", "fr": "Statistiques du jeu"},
    "report.seats_caption": {"en": "Win rate per seat, 95 % interval",
                             "fr": "Taux de victoire par place, intervalle à 95 %"},
    "report.order_caption": {
        "en": "Win rate by place in the turn order (1: the starting player), 95 % interval",
        "fr": "Taux de victoire selon le rang dans l'ordre du tour (1 : le premier joueur), "
              "intervalle à 95 %",
    },
    "report.order_note": {
        "en": "In these games the starting player is drawn at random (or by a roll) at the "
              "start, so seat 1 is not always the first to play. Below, the same games by place "
              "in the turn order of the first round: this is the first-player advantage.",
        "fr": "Dans ces jeux, le premier joueur est tiré au sort (ou aux dés) au début : la "
              "place 1 ne joue donc pas toujours en premier. Ci-dessous, les mêmes parties selon "
              "le rang dans l'ordre du tour de la première manche : c'est l'avantage du premier "
              "joueur.",
    },
    "report.unbalanced": {
        "en": "{config}: the bots did not sit in every seat equally often (games not seat-rotated), "
              "so the win rates per seat also reflect the bots' strength.",
        "fr": "{config} : les bots n'ont pas occupé chaque place aussi souvent (parties sans "
              "rotation des places) ; les taux par place reflètent donc aussi la force des bots.",
    },
    "report.verdict.seat.advantage": {
        "en": "{config}: evidence of a first-seat advantage at 95 %: seat 1 wins {rate}, "
              "above the fair {fair}.",
        "fr": "{config} : avantage de la première place établi à 95 % : la place 1 gagne {rate}, "
              "plus que la part équitable de {fair}.",
    },
    "report.verdict.seat.disadvantage": {
        "en": "{config}: evidence of a first-seat disadvantage at 95 %: seat 1 wins {rate}, "
              "below the fair {fair}.",
        "fr": "{config} : désavantage de la première place établi à 95 % : la place 1 gagne {rate}, "
              "moins que la part équitable de {fair}.",
    },
    "report.verdict.seat.none": {
        "en": "{config}: no evidence of a first-seat advantage at 95 %: seat 1 wins {rate}, "
              "and the fair {fair} lies inside the interval.",
        "fr": "{config} : pas d'avantage de la première place établi à 95 % : la place 1 gagne "
              "{rate}, et la part équitable de {fair} est dans l'intervalle.",
    },
    "report.verdict.order.advantage": {
        "en": "{config}: evidence of a first-player advantage at 95 %: the starting player wins "
              "{rate}, above the fair {fair}.",
        "fr": "{config} : avantage du premier joueur établi à 95 % : celui qui commence gagne "
              "{rate}, plus que la part équitable de {fair}.",
    },
    "report.verdict.order.disadvantage": {
        "en": "{config}: evidence of a first-player disadvantage at 95 %: the starting player "
              "wins {rate}, below the fair {fair}.",
        "fr": "{config} : désavantage du premier joueur établi à 95 % : celui qui commence gagne "
              "{rate}, moins que la part équitable de {fair}.",
    },
    "report.verdict.order.none": {
        "en": "{config}: no evidence of a first-player advantage at 95 %: the starting player "
              "wins {rate}, and the fair {fair} lies inside the interval.",
        "fr": "{config} : pas d'avantage du premier joueur établi à 95 % : celui qui commence "
              "gagne {rate}, et la part équitable de {fair} est dans l'intervalle.",
    },
    "report.rate_method": {
        "en": "Win rates count a shared win as 1/k; the intervals are Wilson 95 % intervals. "
              "A verdict is drawn when the fair share lies outside the interval (a two-sided "
              "score test at the 5 % level); with several configurations or seats, one such "
              "verdict in twenty is expected by chance alone.",
        "fr": "Les taux comptent une victoire partagée pour 1/k ; les intervalles sont des "
              "intervalles de Wilson à 95 %. Un verdict est posé quand la part équitable est hors "
              "de l'intervalle (test du score bilatéral au seuil de 5 %) ; avec plusieurs "
              "configurations ou places, un tel verdict sur vingt est attendu par le seul hasard.",
    },
    "report.balance": {"en": "Balance (Ludii)", "fr": "Équilibre (Ludii)"},
    "report.fair_balance": {
        "en": "Balance if every seat had the same chances (mean [95 % of draws])",
        "fr": "Équilibre si chaque place avait les mêmes chances (moyenne [95 % des tirages])",
    },
    "report.bot_spread": {"en": "Win-rate spread between bots",
                          "fr": "Écart de taux de victoire entre bots"},
    "report.spread_cell": {"en": "{spread} ({best} over {worst})",
                           "fr": "{spread} ({best} devant {worst})"},
    "report.balance_caption": {"en": "Balance measures", "fr": "Mesures d'équilibre"},
    "report.balance_note": {
        "en": "Balance is Ludii's metric: 1 minus the largest gap between the win rates of two "
              "seats (1: every seat wins equally often). Chance alone keeps it below 1, less so "
              "with more games: the second line gives what seats of equal chances would show with "
              "as many games. A Balance below that range means the seats are not equal. The "
              "spread between bots is the gap between the best and the worst bot's win rates "
              "per seat held, with a 95 % bootstrap interval over games.",
        "fr": "L'équilibre est la mesure de Ludii : 1 moins le plus grand écart entre les taux de "
              "victoire de deux places (1 : chaque place gagne aussi souvent). Le seul hasard le "
              "tient sous 1, moins avec plus de parties : la deuxième ligne donne ce que "
              "montreraient des places aux chances égales avec autant de parties. Un équilibre "
              "sous cette fourchette signifie que les places ne sont pas égales. L'écart entre "
              "bots sépare le taux de victoire par place occupée du meilleur et du moins bon bot, "
              "avec un intervalle bootstrap à 95 % sur les parties.",
    },
    "report.bots_caption": {"en": "Win rate per seat held, by bot, 95 % interval",
                            "fr": "Taux de victoire par place occupée, par bot, intervalle à 95 %"},
    "report.length_caption": {
        "en": "Game length: mean [95 % interval], median (10th–90th percentile)",
        "fr": "Durée des parties : moyenne [intervalle à 95 %], médiane (1er–9e décile)",
    },
    "report.measure.decisions": {"en": "Decisions", "fr": "Décisions"},
    "report.measure.g_turns": {"en": "Turns", "fr": "Tours"},
    "report.measure.m_rounds": {"en": "Rounds", "fr": "Manches"},
    "report.measure.m_decisions": {"en": "Decisions (game count)",
                                   "fr": "Décisions (compte du jeu)"},
    "report.measure.m_offers": {"en": "Offers", "fr": "Offres"},
    "report.measure.m_games": {"en": "Games in the match", "fr": "Parties du match"},
    "report.game_stats_caption": {"en": "Per game: mean [95 % interval] or rate [95 % interval]",
                                  "fr": "Par partie : moyenne [intervalle à 95 %] ou taux "
                                        "[intervalle à 95 %]"},
    "report.seat_stats_caption": {
        "en": "Per player: mean per seat held [95 % interval] or rate [95 % interval]",
        "fr": "Par joueur : moyenne par place occupée [intervalle à 95 %] ou taux "
              "[intervalle à 95 %]",
    },
    "report.mean_of": {"en": "{what} (mean)", "fr": "{what} (moyenne)"},
    "report.stats_method": {
        "en": "Means have a 95 % bootstrap interval over games; rates pool every game and have "
              "a Wilson 95 % interval. Only public facts are counted: a bluff, for instance, is "
              "known only when it is challenged.",
        "fr": "Les moyennes ont un intervalle bootstrap à 95 % sur les parties ; les taux "
              "regroupent toutes les parties, avec un intervalle de Wilson à 95 %. Seuls les faits "
              "publics sont comptés : un bluff, par exemple, n'est connu que s'il est contesté.",
    },
    "report.fig.seats": {"en": "{game}: win rate per seat", "fr": "{game} : victoires par place"},
    "report.fig.order": {"en": "{game}: win rate by turn order",
                         "fr": "{game} : victoires selon l'ordre du tour"},
    "report.fig.bots": {"en": "{game}: win rate per bot", "fr": "{game} : victoires par bot"},
    "report.fig.length": {"en": "{game}: game length", "fr": "{game} : durée des parties"},
    "report.fig.values": {"en": "{game}: {what}", "fr": "{game} : {what}"},
    "report.fig.series": {"en": "{game}: {what} (mean)", "fr": "{game} : {what} (moyenne)"},
    "report.fig.rates_game": {"en": "{game}: rates over all games",
                              "fr": "{game} : taux sur toutes les parties"},
    "report.fig.rates_seat": {"en": "{game}: rates per player", "fr": "{game} : taux par joueur"},
    "report.axis.seat": {"en": "Seat", "fr": "Place"},
    "report.axis.order": {"en": "Place in the turn order (1: starts)",
                          "fr": "Rang dans l'ordre du tour (1 : commence)"},
    "report.axis.win_rate": {"en": "Win rate", "fr": "Taux de victoire"},
    "report.axis.rate": {"en": "Rate", "fr": "Taux"},
    "report.axis.share_games": {"en": "Share of games", "fr": "Part des parties"},
    "report.axis.share_obs": {"en": "Share of observations", "fr": "Part des observations"},
    "report.axis.turn": {"en": "Turns played", "fr": "Tours joués"},
    "report.summary.head": {"en": "{game} · {config}: {games} games, {players} players",
                            "fr": "{game} · {config} : {games} parties, {players} joueurs"},
    "report.summary.balance": {
        "en": "Balance (Ludii): {balance} (seats of equal chances: {low}–{high}).",
        "fr": "Équilibre (Ludii) : {balance} (places aux chances égales : {low}–{high}).",
    },
    "report.summary.length": {"en": "Mean length: {lengths}.", "fr": "Durée moyenne : {lengths}."},
}
