"""The web app's words in French and English (data), and the reader's language.

>>> negotiate("de-DE,de;q=0.9,fr;q=0.8,en;q=0.7")
'fr'
>>> negotiate(""), negotiate("en-GB"), words("fr")["nav_calc"]
('en', 'en', 'Calculer')
"""

from __future__ import annotations

from functools import cache

__all__ = ["API_FR", "LANGS", "WORDS", "code_text", "negotiate", "words"]

LANGS = ("fr", "en")

# fmt: off
WORDS: dict[str, tuple[str, str]] = {
    # key: (fr, en)
    "app": ("Tenpai", "Tenpai"),
    "tagline": ("Calcul des points du mahjong riichi et Hong Kong",
                "Riichi and Hong Kong mahjong scoring"),
    "nav_calc": ("Calculer", "Calculate"),
    "nav_train": ("S’entraîner", "Train"),
    "nav_progress": ("Progrès", "Progress"),
    "nav_card": ("Barème", "Scoring card"),
    "nav_hk": ("Hong Kong", "Hong Kong"),
    "nav_rules": ("Règles", "Rules"),
    "nav_api": ("API", "API"),
    "nav_sheet": ("Feuille de score", "Score sheet"),
    # the score sheet (web/sheet.py)
    "sheet_title": ("Feuille de score", "Score sheet"),
    "sheet_help": ("Notez chaque main de la partie : les scores suivent, le classement avec "
                   "uma et oka s’affiche à la fin. Plusieurs parties font une soirée.",
                   "Record each hand of the game: the scores follow, the standings with uma "
                   "and oka show at the end. Several games make an evening."),
    "sheet_new_game": ("Nouvelle partie", "New game"),
    "sheet_new_evening": ("dans une nouvelle soirée", "in a new evening"),
    "sheet_evening_name": ("Nom de la soirée", "Evening name"),
    "sheet_rules": ("Règles de la partie", "Game rules"),
    "sheet_player": ("Joueur", "Player"),
    "sheet_first_dealer": ("le premier est le premier donneur (Est)",
                           "the first is the first dealer (East)"),
    "sheet_start": ("Commencer", "Start"),
    "sheet_hand": ("Main", "Hand"),
    "sheet_dealer": ("donneur", "dealer"),
    "sheet_sticks": ("bâtons", "sticks"),
    "sheet_win": ("Victoire", "Win"),
    "sheet_winner": ("Gagnant", "Winner"),
    "sheet_from": ("Sur la défausse de", "On the discard of"),
    "sheet_tsumo": ("tsumo (pioche)", "tsumo (self-draw)"),
    "sheet_han": ("Han", "Han"),
    "sheet_fu": ("Fu", "Fu"),
    "sheet_or_points": ("ou les points", "or the points"),
    "sheet_points_help": ("ron : 7700 ; tsumo : 1300/2600 (non-donneurs/donneur) ou 4000all",
                          "ron: 7700; tsumo: 1300/2600 (non-dealers/dealer) or 4000all"),
    "sheet_or_tiles": ("ou les tuiles (calculateur)", "or the tiles (calculator)"),
    "sheet_tiles_help": ("234m678p45667s88s ron 5s : vents et riichi pris de la table",
                         "234m678p45667s88s ron 5s: winds and riichi taken from the table"),
    "sheet_dora": ("Indicateurs de dora", "Dora indicators"),
    "sheet_record": ("Noter la victoire", "Record the win"),
    "sheet_add": ("Noter cette main sur la feuille de score", "Add this hand to the score sheet"),
    "sheet_second": ("Second gagnant sur la même défausse", "Second winner on the same discard"),
    "sheet_riichi": ("Riichi", "Riichi"),
    "sheet_draw": ("Épuisement", "Exhaustive draw"),
    "sheet_tenpai": ("Tenpai", "Tenpai"),
    "sheet_record_draw": ("Noter l’épuisement", "Record the draw"),
    "sheet_other": ("Autre", "Other"),
    "sheet_abort": ("Partie avortée", "Abortive draw"),
    "sheet_chombo": ("Chombo de", "Chombo by"),
    "sheet_undo": ("Annuler la dernière ligne", "Undo the last line"),
    "sheet_rows": ("La feuille", "The sheet"),
    "sheet_standings": ("Classement", "Standings"),
    "sheet_provisional": ("provisoire", "provisional"),
    "sheet_rank": ("Rang", "Rank"),
    "sheet_score": ("Score", "Score"),
    "sheet_points": ("Points", "Points"),
    "sheet_parts": ("Détail", "Parts"),
    "sheet_totals": ("Soirée", "Evening"),
    "sheet_games": ("partie(s)", "game(s)"),
    "sheet_export": ("Exporter la soirée (CSV)", "Export the evening (CSV)"),
    "sheet_over": ("Partie terminée", "Game over"),
    "lang_other": ("English", "Français"),
    "skip": ("Aller au contenu", "Skip to content"),
    "colon": ("\u00a0:", ":"),
    # calculator
    "calc_title": ("Calculer une main", "Score a hand"),
    "variant_riichi": ("Riichi", "Riichi"),
    "variant_hk": ("Hong Kong", "Hong Kong"),
    "hand_label": ("Main (notation MPSZ)", "Hand (MPSZ notation)"),
    "hand_help": ("Tuiles cachées, puis les groupes, puis ron ou tsumo et la tuile gagnante : "
                  "234m678p45667s88s ron 5s. Cliquez une tuile de la main pour l’enlever.",
                  "Concealed tiles, then the melds, then ron or tsumo and the winning tile: "
                  "234m678p45667s88s ron 5s. Click a tile of the hand to take it away."),
    "hand_help_hk": ("Tuiles cachées, puis les groupes, puis ron ou tsumo et la tuile gagnante : "
                     "123m456p789s1122z tsumo 2z, ou 123m456p111z2z pon 999s:left tsumo 2z "
                     "(fleurs et saisons f1-f4 s1-s4 dans « Fleurs »). Cliquez une tuile de la "
                     "main pour l’enlever.",
                     "Concealed tiles, then the melds, then ron or tsumo and the winning tile: "
                     "123m456p789s1122z tsumo 2z, or 123m456p111z2z pon 999s:left tsumo 2z "
                     "(flowers and seasons f1-f4 s1-s4 go in Flowers). Click a tile of the hand "
                     "to take it away."),
    "compute": ("Calculer", "Compute"),
    "clear_hand": ("Effacer", "Clear"),
    "palette": ("Tuiles", "Tiles"),
    "click_adds_to": ("Un clic ajoute à", "A click adds to"),
    "to_hand": ("la main", "the hand"),
    "to_ron": ("tuile gagnante (ron)", "winning tile (ron)"),
    "to_tsumo": ("tuile gagnante (tsumo)", "winning tile (tsumo)"),
    "to_chi": ("chi", "chi"),
    "to_pon": ("pon", "pon"),
    "to_kan": ("kan ouvert", "open kan"),
    "to_kakan": ("kan ajouté", "added kan"),
    "to_ankan": ("kan fermé", "closed kan"),
    "to_dora": ("indicateurs de dora", "dora indicators"),
    "to_ura": ("ura-dora", "ura dora"),
    "to_kita": ("kita (nord mis de côté, à trois)", "kita (north set aside, three players)"),
    "to_flower": ("fleurs et saisons", "flowers and seasons"),
    "called_from": ("appel venu de", "called from"),
    "situation": ("Situation", "Situation"),
    "seat": ("Vent du joueur", "Seat wind"),
    "round": ("Vent dominant", "Round wind"),
    "wind_E": ("Est", "East"), "wind_S": ("Sud", "South"),
    "wind_W": ("Ouest", "West"), "wind_N": ("Nord", "North"),
    "dealer": ("donneur", "dealer"),
    "from": ("Ron sur la défausse de", "Ron on the discard of"),
    "from_": ("—", "—"),
    "from_left": ("gauche", "left"),
    "from_across": ("en face", "across"),
    "from_right": ("droite", "right"),
    "dora": ("Indicateurs de dora", "Dora indicators"),
    "ura": ("Indicateurs d’ura-dora", "Ura dora indicators"),
    "flowers": ("Fleurs et saisons", "Flowers and seasons"),
    "honba": ("Honba", "Honba"),
    "sticks": ("Bâtons de riichi", "Riichi sticks"),
    "rules": ("Règles", "Rules"),
    "rules_custom": ("options changées", "options changed"),
    "rules_change": ("changer les règles", "change the rules"),
    "flag_riichi": ("riichi", "riichi"), "flag_double_riichi": ("double riichi", "double riichi"),
    "flag_ippatsu": ("ippatsu", "ippatsu"), "flag_rinshan": ("rinshan", "rinshan"),
    "flag_chankan": ("chankan", "chankan"), "flag_haitei": ("haitei", "haitei"),
    "flag_houtei": ("houtei", "houtei"), "flag_tenhou": ("tenhou", "tenhou"),
    "flag_chiihou": ("chiihou", "chiihou"), "flag_renhou": ("renhou", "renhou"),
    "flag_last_tile": ("dernière tuile", "last tile"),
    "flag_kong_replacement": ("tuile de remplacement du kong", "kong replacement"),
    "flag_double_kong_replacement": ("remplacement après deux kongs", "double kong replacement"),
    "flag_flower_replacement": ("remplacement d’une fleur", "flower replacement"),
    "flag_robbing_kong": ("vol du kong", "robbing the kong"),
    "flag_heavenly": ("main du ciel", "heavenly hand"),
    "flag_earthly": ("main de la terre", "earthly hand"),
    "flag_human": ("main de l’homme", "human hand"),
    "tiles_count": ("{n} tuiles (un groupe compte 3) : il en faut 14 avec la tuile gagnante.",
                    "{n} tiles (a meld counts 3): a win has 14 with the winning tile."),
    "result": ("Résultat", "Result"),
    "yaku": ("Yaku", "Yaku"),
    "fu": ("Fu", "Fu"),
    "value": ("Valeur", "Value"),
    "payments": ("Qui paie quoi", "Who pays what"),
    "fan": ("Fan", "Fan"),
    "total": ("Total", "Total"),
    "net": ("Bilan par joueur", "Net per seat"),
    "permalink": ("Lien permanent", "Permalink"),
    "cannot_score": ("Pas de calcul", "Cannot score"),
    "points_word": ("points", "points"),
    # trainer
    "train_title": ("S’entraîner au calcul", "Scoring drill"),
    "profile": ("Profil", "Profile"),
    "profile_switch": ("Changer de profil", "Switch profile"),
    "profile_help": ("Un profil est un nom de votre choix ; le même nom donne le même "
                     "historique ici et dans « tenpai train --profile NOM ».",
                     "A profile is a name you choose; the same name shows the same history "
                     "here and in “tenpai train --profile NAME”."),
    "profile_new": ("nouveau ou existant", "new or existing"),
    "passphrase": ("Phrase secrète", "Passphrase"),
    "passphrase_help": ("Si le profil est protégé (sinon : laisser vide).",
                        "If the profile is protected (else: leave empty)."),
    "protect": ("Protéger ce profil", "Protect this profile"),
    "protect_help": ("Les autres navigateurs devront donner la phrase secrète pour utiliser ce "
                     "profil (vide : plus de protection).",
                     "Other browsers will need the passphrase to use this profile (empty: no "
                     "protection)."),
    "protected": ("protégé", "protected"),
    "variant": ("Variante", "Variant"),
    "part_items": ("éléments de fan", "fan items"), "part_fan": ("fan", "fan"),
    "part_payments": ("paiements", "payments"),
    "drill_rules": ("Règles", "Rules"),
    "use": ("Utiliser", "Use"),
    "level": ("Niveau", "Level"),
    "level_debutant": ("débutant", "beginner"),
    "level_intermediaire": ("intermédiaire", "intermediate"),
    "level_expert": ("expert", "expert"),
    "focus": ("Thème", "Focus"),
    "ask": ("Questions", "Questions"),
    "part_yaku": ("yaku", "yaku"), "part_han": ("han", "han"), "part_fu": ("fu", "fu"),
    "part_points": ("points", "points"), "part_waits": ("attentes", "waits"),
    "apply": ("Appliquer", "Apply"),
    "settings": ("Réglages", "Settings"),
    "hand_no": ("Main", "Hand"),
    "review_of": ("révision", "review"),
    "answer": ("Répondre", "Answer"),
    "answer_hint": ("Entrée valide. Vide = je passe.", "Enter submits. Empty = pass."),
    "right": ("juste", "right"),
    "wrong": ("faux", "wrong"),
    "expected": ("réponse", "answer"),
    "explanation": ("Explication (dans l’ordre du barème)", "Explanation (in the card’s order)"),
    "next_hand": ("Main suivante", "Next hand"),
    "next_hint": ("Entrée : main suivante", "Enter: next hand"),
    "points_help": ("3900 · 1300-2600 (non-donneur-donneur) · 2000 tout",
                    "3900 · 1300-2600 (non-dealer-dealer) · 2000 all"),
    "yaku_help": ("séparés par des virgules : riichi, pinfu, tanyao",
                  "separated by commas: riichi, pinfu, tanyao"),
    # progress
    "progress_title": ("Progrès", "Progress"),
    "no_answers": ("Aucune réponse encore : commencez par vous entraîner.",
                   "No answers yet: start with the drill."),
    "answers": ("réponses", "answers"),
    "right_pct": ("justes", "right"),
    "per_answer": ("s par réponse", "s per answer"),
    "chart_accuracy": ("Justesse au fil des réponses", "Accuracy over the answers"),
    "chart_speed": ("Temps par réponse (s)", "Time per answer (s)"),
    "chart_weak": ("Notions les plus faibles", "Weakest concepts"),
    "concept": ("Notion", "Concept"),
    "accuracy": ("Justesse", "Accuracy"),
    "seconds": ("s", "s"),
    "review_at": ("Révision", "Review"),
    "now": ("maintenant", "now"),
    "export": ("Exporter (JSON)", "Export (JSON)"),
    # card
    "card_title": ("Barème", "Scoring card"),
    "download_pdf": ("Télécharger le PDF", "Download the PDF"),
    "card_for": ("pour les règles", "for the rules"),
    "hk_fan": ("Table des fan", "Fan table"),
    "hk_payments": ("Points et paiements", "Points and payments"),
    # rules
    "rules_title": ("Règles", "Rules"),
    "rules_help": ("Ce choix vous suit (cookie de session) : calculatrice, barème et entraînement.",
                   "This choice follows you (session cookie): calculator, card and drill."),
    "preset": ("Préréglage", "Preset"),
    "options": ("Options", "Options"),
    "local_yaku": ("Yaku locaux", "Local yaku"),
    "local_help": ("Cochez ceux qui comptent à votre table.", "Tick those your table plays."),
    "hk_profile": ("Règles de Hong Kong", "Hong Kong rules"),
    "save": ("Enregistrer", "Save"),
    "reset": ("Revenir au préréglage", "Back to the preset"),
    "saved": ("Règles enregistrées.", "Rules saved."),
    "yes": ("oui", "yes"), "no": ("non", "no"),
    # verifying a game log
    "nav_logs": ("Vérifier une partie", "Check a game"),
    "logs_title": ("Vérifier une partie", "Check a game"),
    "logs_help": ("Collez un journal de partie (mjlog de Tenhou, JSON tenhou.net/6 ou Mahjong "
                  "Soul, lignes mjai) ou envoyez le fichier, compressé ou non (1 Mo au plus) : "
                  "chaque main gagnante est recalculée et comparée au journal.",
                  "Paste a game log (Tenhou mjlog, tenhou.net/6 or Mahjong Soul JSON, mjai "
                  "lines) or send the file, compressed or not (1 MB at most): every win is "
                  "recomputed and compared with the log."),
    "log_text": ("Journal collé", "Pasted log"),
    "log_file": ("ou fichier", "or file"),
    "verify": ("Vérifier", "Check"),
    "no_log": ("Donnez un journal : collez-le ou choisissez un fichier.",
               "Give a log: paste it or choose a file."),
    "log_summary": ("manches", "rounds"),
    "log_wins": ("mains gagnantes", "wins"),
    "log_agree": ("concordent", "agree"),
    "log_disagree": ("diffèrent", "differ"),
    "log_unsupported": ("non prises en charge", "unsupported"),
    "log_round": ("Manche", "Round"),
    "log_claim": ("Le journal", "The log"),
    "log_tenpai": ("Tenpai", "Tenpai"),
    "log_draw": ("Partie nulle", "Draw"),
    "log_status_agree": ("concorde", "agrees"),
    "log_status_disagree": ("diffère", "differs"),
    "log_status_unsupported": ("non pris en charge", "unsupported"),
    "log_fields": ("champs qui diffèrent", "fields that differ"),
    "log_round_error": ("manche illisible", "round not read"),
    "log_final_scores": ("Scores finaux", "Final scores"),
    "log_placement": ("Points de classement", "Placement points"),
    # api, errors
    "api_title": ("API JSON", "JSON API"),
    "api_intro": (
        "OpenAPI : `/api/openapi.json`. Enregistrements et résultats : le format d’échange "
        "(`closed_tiles`, `win_tile`, `melds`, `tsumo`, `seat_wind`, `dora_indicators`, "
        "`flags`…), ses schémas JSON sur `/api/schema`. Dans un enregistrement, `closed_tiles` "
        "comprend la tuile gagnante (la notation d’une main en une ligne la met à part).",
        "OpenAPI: `/api/openapi.json`. Records and results: the interchange format "
        "(`closed_tiles`, `win_tile`, `melds`, `tsumo`, `seat_wind`, `dora_indicators`, "
        "`flags`…), with its JSON Schemas at `/api/schema`. In a record, `closed_tiles` include "
        "the winning tile (the one-line hand notation leaves it out).",
    ),
    "api_examples": ("Exemples", "Examples"),
    "error": ("Erreur", "Error"),
    "not_found": ("Page introuvable.", "Page not found."),
    "server_error": ("Erreur interne : la requête n’a pas abouti. Réessayez.",
                     "Internal error: the request failed. Please try again."),
    "bad_request": ("Requête invalide", "Bad request"),
    "back_home": ("Retour à la calculatrice", "Back to the calculator"),
}
# fmt: on

# The API's operations in French, keyed "METHOD /path": (summary, description); English comes
# from the OpenAPI description itself. Code is between backticks.
# fmt: off
API_FR: dict[str, tuple[str, str]] = {
    "GET /api/health": (
        "Dit que le serveur tourne",
        "Répond `{\"status\": \"ok\"}`, dans la boucle d’événements (jamais derrière la file "
        "des calculs).",
    ),
    "POST /api/score": (
        "Calcule un enregistrement ou une liste d’enregistrements",
        "Le corps est un enregistrement (un objet JSON) ou une liste d’au plus 2000 "
        "enregistrements ; la réponse est un résultat ou la liste des résultats, dans l’ordre. "
        "Un enregistrement qui ne se calcule pas donne un résultat dont `error` dit pourquoi "
        "(HTTP 200) : un mauvais enregistrement n’arrête jamais un lot. Un corps qui n’est pas "
        "du JSON, ou ni objet ni liste, reçoit HTTP 400 ou 422 avec un message `detail` ; un "
        "corps de plus de 1 Mio, ou un enregistrement de plus de 64 Kio, reçoit 413 (dans une "
        "liste, un enregistrement de plus de 64 Kio reçoit un résultat d’erreur).",
    ),
    "POST /api/logs/verify": (
        "Vérifie une partie enregistrée",
        "Le corps est une partie telle qu’elle est stockée : XML mjlog de Tenhou, JSON "
        "tenhou.net/6 (ou son adresse de visionneuse), ou lignes JSON mjai ; compressée en gzip "
        "ou bzip2 ou non ; 1 Mio au plus. La réponse liste chaque partie, les victoires de "
        "chaque manche (ce qu’annonce la partie à côté du résultat de Tenpai, les champs qui "
        "diffèrent) et les nulles, puis un résumé. Une partie illisible reçoit HTTP 422 avec un "
        "`detail` qui dit où.",
    ),
    "POST /api/deal": (
        "Distribue des mains gagnantes réalistes, en enregistrements",
        "Distribue `count` mains de la variante `variant` (riichi, hk) avec les graines `seed`, "
        "`seed`+1… (les mêmes graines donnent toujours les mêmes mains) et écrit chacune en "
        "enregistrement avec son `id` (que `tenpai train --hand` rejoue) et, avec `expected`, "
        "son résultat. Une variante, un niveau, un thème ou des règles inconnus reçoivent "
        "HTTP 422 avec un message `detail`.",
    ),
    "POST /api/maneman": (
        "Le maneman payé en cours de partie",
        "Calcule le maneman dû d’après les défausses des joueurs (yaku local maneman, "
        "règlement `immediate` : aussitôt) : qui a copié qui pendant combien de tours, et le "
        "mangan (ou plus) que paie le joueur imité. Des défausses ou des options invalides "
        "reçoivent HTTP 422 avec un message `detail`.",
    ),
    "GET /api/schema": (
        "Les schémas JSON des enregistrements et des résultats",
        "Donne les schémas JSON (draft 2020-12) de l’enregistrement en entrée et du résultat, "
        "tels que les écrit `tenpai schema`.",
    ),
    "GET /api/rules": (
        "Liste les préréglages de règles et leurs options",
        "Liste les préréglages riichi avec chaque option, et les profils de Hong Kong.",
    ),
}
# fmt: on


def code_text(text: str) -> str:
    """Writes *text* as HTML, its code (between single or double backticks, as Markdown and
    reStructuredText write it) in ``<code>``, an API path as its link, everything else escaped.

    >>> code_text('Answers ``{"status": "ok"}`` & `detail`')
    'Answers <code>{&quot;status&quot;: &quot;ok&quot;}</code> &amp; <code>detail</code>'
    """
    import html
    import re

    out = []
    for i, part in enumerate(re.split(r"``(.+?)``|`([^`]+)`", text)):
        if i % 3 == 0:
            out.append(html.escape(part or ""))
        elif part is not None and re.fullmatch(r"/api/[\w/.]+", part):  # a page to open
            out.append(f'<a href="{part}"><code>{part}</code></a>')
        elif part is not None:
            out.append(f"<code>{html.escape(part)}</code>")
    return "".join(out)


@cache
def words(lang: str) -> dict[str, str]:
    """Gets every word of the app in *lang* (``fr``, else English)."""
    i = 0 if lang == "fr" else 1
    return {k: v[i] for k, v in WORDS.items()}


def negotiate(accept_language: str) -> str:
    """Gets ``fr`` or ``en`` from an ``Accept-Language`` header: the first of the two in the
    reader's order of preference (``q`` weights), English when neither is asked for."""
    ranked: list[tuple[float, int, str]] = []
    for i, item in enumerate(accept_language.split(",")[:20]):
        tag, _, params = item.strip().partition(";")
        q = 1.0
        params = params.strip()
        if params.startswith("q="):
            try:
                q = float(params[2:])
            except ValueError:
                q = 0.0
        primary = tag.strip().lower().split("-")[0]
        if primary in LANGS and q > 0:
            ranked.append((-q, i, primary))
    return min(ranked)[2] if ranked else "en"
