"""The ``tenpai`` command line: parse arguments, call one library function, render, map
errors to exit codes (0 ok, 2 bad input, 1 a batch with failed records, 130 interrupted).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import locale
import os
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from . import __version__
from .errors import RulesError, TenpaiError
from .flag_names import FLAG_NAMES, HK_WIN_FLAGS  # data only: the scorers load on first use

__all__ = ["main"]

Handler = Callable[[argparse.Namespace], int]

_EPILOG_MAIN = """\
examples:
  tenpai score "234m678p45667s88s ron 5s" --riichi --seat S
  tenpai score "123m456p789s11z22z tsumo 1z" --seat E --dora 9s --lang fr
  tenpai score --jsonl wins.jsonl > results.jsonl
  tenpai rules show tenhou

hand notation: concealed tiles (winning tile excluded), then melds, then the win:
  "55z123m99p chi 406p pon 999s:across tsumo 5z"   0m/0p/0s = red five,
  1z-7z = East South West North White Green Red; kan (open), kakan (added), ankan (closed)
"""


def default_lang() -> str:
    """Gets the language from the environment (``fr`` if the locale is French, else ``en``)."""
    for var in ("TENPAI_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        v = os.environ.get(var, "")
        if v:
            return "fr" if v.lower().startswith("fr") else "en"
    loc = locale.getlocale()[0] or ""
    return "fr" if loc.lower().startswith("fr") else "en"


def _add_lang(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--lang",
        choices=("fr", "en"),
        default=None,
        help="language of the output (default: from the locale)",
    )


def _lang(args: argparse.Namespace) -> str:
    return args.lang or default_lang()


def _batch(source: str, handle: Any, error: Any, fast: Any = None) -> int:
    """Runs a batch command over the lines of *source* (a file or ``-``): one JSON result
    per non-blank line, in order (see :mod:`tenpai.batch`); the summary goes to stderr.
    *fast*, when given, is the compiled twin of the loop: ``fast(stream, summary)``."""
    from .batch import Summary, open_source, read_lines, run_batch

    summary = Summary()
    stream = open_source(source)
    try:
        if fast is not None:
            fast(stream, summary)
        else:
            run_batch(read_lines(stream, summary), handle, error, sys.stdout.write, summary)
    finally:
        if stream is not sys.stdin.buffer:
            stream.close()
    if summary.text():
        sys.stdout.flush()
        print(f"tenpai: {summary.text()}", file=sys.stderr)
    return summary.exit_code


# ---- score ---------------------------------------------------------------------------------


def _rules_from_args(args: argparse.Namespace) -> Any:
    from .riichi.rules import load_rules

    rules = load_rules(args.rules)
    changes: dict[str, Any] = {}
    local_options: dict[str, Any] = {}
    for item in args.set or []:
        key, sep, value = item.partition("=")
        if not sep:
            raise RulesError(f"--set takes OPTION=VALUE, not {item!r}")
        if "." in key:  # a local yaku variant: ID.OPTION=VALUE
            local_options[key.strip()] = value.strip()
        else:
            changes[key.strip()] = value.strip()
    if local_options:
        changes["local_options"] = {**dict(rules.local_options), **local_options}
    if getattr(args, "local", None):
        from .riichi.rules import check_option

        ids = args.local
        if ids.strip().lower() == "all":
            from .riichi.local import LOCAL_IDS

            ids = ",".join(LOCAL_IDS)
        changes["local_yaku"] = check_option("local_yaku", ids)
    if changes:
        rules = rules.with_options(**changes).with_options(name=f"{rules.name}+custom")
    return rules


_REL_WORDS = {
    "right": 1,
    "across": 2,
    "left": 3,
    "1": 1,
    "2": 2,
    "3": 3,
    "droite": 1,
    "face": 2,
    "gauche": 3,
}


def _rel(value: str | None, what: str) -> int | None:
    if value is None:
        return None
    r = _REL_WORDS.get(value.strip().lower())
    if r is None:
        raise TenpaiError(f"{what} is left, across or right, not {value!r}")
    return r


def _situation_from_args(args: argparse.Namespace) -> Any:
    from .errors import InvalidSituation
    from .riichi.situation import LOCAL_FLAGS, Situation, parse_wind
    from .tiles import parse_tiles

    flags: list[tuple[str, Any]] = []
    for item in args.flag or []:
        key, sep, value = item.partition("=")
        if key.strip() not in LOCAL_FLAGS:
            known = ", ".join(LOCAL_FLAGS)
            raise InvalidSituation(f"unknown flag {key.strip()!r} (local-yaku inputs: {known})")
        v: Any = True
        if sep and value.strip()[:1] in ("[", "{"):
            try:
                v = json.loads(value)
            except json.JSONDecodeError as e:
                raise InvalidSituation(f"flag {key.strip()!r}: not JSON ({e.msg})") from None
        elif sep:
            v = (
                int(value)
                if value.lstrip("-").isdigit()
                else (
                    value.lower() in ("true", "yes", "1")
                    if value.lower() in ("true", "false", "yes", "no", "1", "0")
                    else value
                )
            )
        flags.append((key.strip(), v))
    return Situation(
        seat_wind=parse_wind(args.seat),
        round_wind=parse_wind(args.round),
        riichi=args.riichi or args.double_riichi,
        double_riichi=args.double_riichi,
        ippatsu=args.ippatsu,
        rinshan=args.rinshan,
        chankan=args.chankan,
        haitei=args.haitei,
        houtei=args.houtei,
        tenhou=args.tenhou,
        chiihou=args.chiihou,
        renhou=args.renhou,
        chankan_ankan=args.chankan_ankan,
        dora_indicators=parse_tiles(args.dora or ""),
        ura_indicators=parse_tiles(args.ura or ""),
        honba=args.honba,
        riichi_sticks=args.sticks,
        discarder=_rel(args.discarder, "--from"),
        pao=_rel(args.pao, "--pao"),
        flags=tuple(flags),
    )


def _cmd_score(args: argparse.Namespace) -> int:
    if args.jsonl is not None:
        return _score_batch(args.jsonl)
    if args.nagashi_mangan:
        return _score_nagashi(args)
    if not args.hand:
        raise TenpaiError('give a hand, e.g. tenpai score "234m678p45667s88s ron 5s", or --jsonl')
    return _CLI_WINGS[args.variant].score(args)


def _score_riichi(args: argparse.Namespace) -> int:
    from .explain import explain, render_text
    from .hand import Hand
    from .records import riichi_result
    from .riichi.score import score

    rules = _rules_from_args(args)
    hand = Hand.parse(args.hand, validate=False)
    if args.kita:
        if args.kita < 0:
            raise TenpaiError(f"--kita counts the norths set aside: 0 to 4, not {args.kita}")
        hand = dataclasses.replace(hand, kita=hand.kita + args.kita)
    s = score(hand, _situation_from_args(args), rules)
    lang = _lang(args)
    if args.json:
        out = riichi_result(s)
        out["explanation"] = [
            {"section": ln.section, "id": ln.id, "value": ln.value, "text": ln.text}
            for ln in explain(s, lang)
        ]
        print(json.dumps(out, ensure_ascii=False))
    else:
        print(hand.format())
        print(render_text(s, lang=lang))
    return 0


def _score_nagashi(args: argparse.Namespace) -> int:
    from .explain import fmt_points
    from .riichi.nagashi import score_nagashi

    sit = _situation_from_args(args)
    s = score_nagashi(sit, _rules_from_args(args))
    fr = _lang(args) == "fr"
    if args.json:
        out = {
            "rules": s.rules.name,
            "points": s.points,
            "limit": "mangan",
            "deltas": list(s.deltas),
            "as_win": s.as_win,
        }
        print(json.dumps(out))
        return 0
    print(
        "Nagashi mangan : mangan payé comme un tsumo"
        if fr
        else "Nagashi mangan: a mangan paid as a tsumo"
    )
    for p in s.payments:
        who = {
            1: ("Le joueur de droite paie", "The player on the right pays"),
            2: ("Le joueur d’en face paie", "The player across pays"),
            3: ("Le joueur de gauche paie", "The player on the left pays"),
        }[p.payer or 1]
        extra = f" + {fmt_points(p.honba)} honba" if p.honba else ""
        label = who[0] if fr else who[1]
        print(f"{label} {fmt_points(p.amount)}{extra}")
    return 0


def _hk_rules_from_args(name: str | None, sets: Sequence[str] | None) -> Any:
    """Reads Hong Kong rules: a profile name or a TOML file, then ``--set`` options."""
    from .hk.rules import find_hk_rules, hk_rules_from_mapping, load_hk_rules

    name = "hk" if name in (None, "bareme") else name
    assert name is not None
    rules = load_hk_rules(name) if name.endswith(".toml") else find_hk_rules(name)
    changes: dict[str, object] = {}
    for item in sets or []:
        key, sep, value = item.partition("=")
        if not sep:
            raise RulesError(f"--set takes OPTION=VALUE, not {item!r}")
        changes[key.strip()] = value.strip()
    if changes:
        rules = hk_rules_from_mapping(changes, base=rules)
    return rules


def _score_hk(args: argparse.Namespace) -> int:
    from .hand import Hand
    from .hk import HKSituation, score_hk
    from .hk.explain import explain_hk, render_text
    from .hk.records import hk_result_dict

    rules = _hk_rules_from_args(args.rules, args.set)
    flags: dict[str, bool] = {}
    for item in args.flag or []:
        key = item.partition("=")[0].strip()
        known = (*HK_WIN_FLAGS, "flower_win")
        if key not in known:
            raise TenpaiError(f"unknown Hong Kong flag {key!r} (known: {', '.join(known)})")
        flags[key] = True
    if args.chankan:
        flags["robbing_kong"] = True
    if args.haitei or args.houtei:
        flags["last_tile"] = True
    if args.rinshan:
        flags["kong_replacement"] = True
    seats = "ESWN"
    seat = (
        seats.index(args.seat.strip().upper()[:1]) if args.seat.strip().upper()[:1] in seats else -1
    )
    if seat < 0:
        raise TenpaiError(f"unknown seat {args.seat!r} (use E, S, W or N)")
    rel = _rel(args.discarder, "--from")
    liable = _rel(args.pao, "--pao")
    sit = HKSituation.of(
        seat=seat,
        round_wind=args.round,
        flowers=args.flowers or "",
        discarder=None if rel is None else (seat + rel) % 4,
        liable=None if liable is None else (seat + liable) % 4,
        **flags,
    )
    hand = Hand.parse(args.hand, validate=False)
    s = score_hk(hand, sit, rules)
    lang = _lang(args)
    if args.json:
        out = hk_result_dict(s)
        out["explanation"] = [
            {"id": ln.id, "value": str(ln.value), "text": ln.text} for ln in explain_hk(s, lang)
        ]
        print(json.dumps(out, ensure_ascii=False))
    else:
        print(hand.format())
        print(render_text(s, lang))
    return 0


def _score_batch(source: str) -> int:
    from .records import error_result, record_decoder, score_line

    decode = record_decoder()  # score_many's reader, line by line

    def handle(line: Any) -> dict[str, Any]:
        return score_line(line.text, line.number, decode)

    def error(line: Any, e: Exception) -> dict[str, Any]:
        return error_result(e)

    return _batch(source, handle, error)


# ---- train, stats, deal (the trainer) ------------------------------------------------------


def _store(args: argparse.Namespace) -> Any:
    from .trainer.store import Store, default_store_path

    return Store(args.store or default_store_path())


def _cmd_train(args: argparse.Namespace) -> int:
    from .trainer.quiz import QuizOptions
    from .trainer.session import SessionConfig, run_session
    from .variants import find_trainer

    v = find_trainer(args.variant)
    text = args.ask if args.ask is not None else ",".join(v.default_ask)
    ask = tuple(a.strip().lower() for a in text.split(",") if a.strip())
    ask = tuple(v.ask_part(a) for a in ask)
    bad = [a for a in ask if a not in v.parts]
    if bad or not ask:
        raise TenpaiError(f"--ask takes parts among {','.join(v.parts)}, not {text!r}")
    if args.count is not None and args.count < 1:
        raise TenpaiError("--count takes a number of hands, 1 or more")
    options = QuizOptions(
        ask=ask,
        fu_above_4=args.fu_above_4,
        kiriage=args.kiriage,
        extras=args.extras,
        timer=args.timer,
    )
    rules = args.rules or v.default_rules
    if args.rules:  # a riichi TOML file is dealt as its one-line form
        rules = v.rules_line(args.rules)
    cfg = SessionConfig(
        rules=rules,
        level=args.level,
        focus=args.focus,
        seed=args.seed,
        hand=args.hand,
        count=args.count,
        profile=args.profile,
        lang=_lang(args),
        options=options,
        variant=v.name,
    )
    if args.hand is None:  # check the level, focus and rules before the first prompt
        v.deal(args.seed or 0, args.level, args.focus, rules)
    else:
        v.replay(args.hand)
    with _store(args) as store:
        run_session(cfg, store, sys.stdin, sys.stdout)
    return 0


def _cmd_stats(args: argparse.Namespace) -> int:
    from datetime import UTC, datetime

    from .trainer.session import render_stats

    with _store(args) as store:
        if args.export:
            text = store.export_json(args.profile)
            if store.path != ":memory:":
                kept = store.backup()
                print(f"tenpai: store backed up to {kept}", file=sys.stderr)
            if args.export == "-":
                print(text)
            else:
                with open(args.export, "w", encoding="utf-8") as fh:
                    fh.write(text + "\n")
            return 0
        if args.import_:
            try:
                with open(args.import_, encoding="utf-8") as fh:
                    data = json.load(fh)
            except OSError as e:
                raise TenpaiError(f"cannot read {args.import_!r}: {e.strerror}") from None
            except json.JSONDecodeError as e:
                raise TenpaiError(f"{args.import_!r} is not JSON ({e.msg})") from None
            name = store.import_profile(data, name=args.as_, replace=args.replace)
            print(f"imported profile {name!r}")
            return 0
        now = datetime.now(UTC)
        print(
            render_stats(
                args.profile,
                store.concept_stats(args.profile),
                store.answers(args.profile),
                now=now,
                lang=_lang(args),
            )
        )
    return 0


def _cmd_deal(args: argparse.Namespace) -> int:
    from .variants import find_trainer

    v = find_trainer(args.variant)
    if args.count < 0:
        raise TenpaiError("--count takes a number of hands")
    rules = args.rules or v.default_rules
    for i in range(args.count):
        d = v.deal(args.seed + i, args.level, args.focus, rules)
        sys.stdout.write(json.dumps(v.record(d), ensure_ascii=False) + "\n")
    return 0


# ---- shanten and waits ---------------------------------------------------------------------


def _analysis_dict(
    text: str, a: Any, what: str, local: dict[str, int] | None = None
) -> dict[str, Any]:
    from .tiles import tile_name

    out: dict[str, Any] = {"hand": text, "shanten": a.shanten}
    if what == "shanten":
        out["forms"] = {"standard": a.standard, "chiitoitsu": a.chiitoitsu, "kokushi": a.kokushi}
        out["forms"].update(local or {})
    out["waits"] = [tile_name(k) for k, _ in a.waits]
    out["unseen"] = {tile_name(k): n for k, n in a.waits}
    if what == "shanten":
        if a.ukeire:
            out["ukeire"] = {tile_name(k): n for k, n in a.ukeire}
        if a.discards:
            out["discards"] = [
                {
                    "discard": tile_name(d.kind),
                    "shanten": d.shanten,
                    "ukeire": sum(n for _, n in d.ukeire),
                }
                for d in a.discards
            ]
    return out


def _analyse_text(text: str, visible_text: str | None, players: int = 4) -> Any:
    from .hand import Hand
    from .shanten import analyse
    from .tiles import parse_tiles

    hand = Hand.parse(text)
    return analyse(hand, parse_tiles(visible_text or ""), players=players)


def _players(args: argparse.Namespace) -> int:
    """Gets the number of players of the analysis commands' ``--rules`` (4 without it)."""
    if not args.rules:
        return 4
    from .riichi.rules import load_rules

    return load_rules(args.rules).players


def _render_analysis(
    text: str, a: Any, what: str, lang: str, local: dict[str, int] | None = None
) -> str:
    from .tiles import tile_name

    fr = lang == "fr"
    lines = [text]
    forms = f"standard {a.standard}"
    if a.chiitoitsu is not None:
        forms += f", chiitoitsu {a.chiitoitsu}, kokushi {a.kokushi}"
    for form, n in (local or {}).items():
        forms += f", {form} {n}"
    if a.shanten < 0:
        lines.append("Main complète (shanten -1)" if fr else "Complete hand (shanten -1)")
    elif a.shanten == 0:
        lines.append(f"Tenpai ({forms})")
    else:
        lines.append(f"{a.shanten}-shanten ({forms})")
    if a.waits:
        waits = ", ".join(f"{tile_name(k)} ×{n}" for k, n in a.waits)
        total = sum(n for _, n in a.waits)
        label = "Attentes" if fr else "Waits"
        unseen = "tuiles non vues" if fr else "unseen tiles"
        lines.append(
            f"{label} : {waits} ({total} {unseen})"
            if fr
            else f"{label}: {waits} ({total} {unseen})"
        )
    elif what == "waits" and a.shanten != 0:
        lines.append("Pas tenpai : aucune attente" if fr else "Not tenpai: no wait")
    if what == "shanten" and a.ukeire and a.shanten > 0:
        uke = ", ".join(f"{tile_name(k)} ×{n}" for k, n in a.ukeire)
        label = "Tuiles utiles" if fr else "Tiles that improve"
        lines.append(f"{label}: {uke} ({sum(n for _, n in a.ukeire)})")
    if what == "shanten" and a.discards and a.shanten >= 0:
        label = "Meilleures défausses" if fr else "Best discards"
        best = [d for d in a.discards if d.shanten == a.discards[0].shanten][:5]
        items = ", ".join(f"{tile_name(d.kind)} ({sum(n for _, n in d.ukeire)})" for d in best)
        lines.append(f"{label}: {items}")
    return "\n".join(lines)


def _cmd_analysis(args: argparse.Namespace) -> int:
    what = args.command
    if args.file is not None and args.local:
        raise TenpaiError(f"--local reads one hand: tenpai {what} HAND --local IDS")
    if args.file is not None:
        return _analysis_batch(args.file, what, args.visible, _players(args))
    if not args.hand:
        raise TenpaiError(f"give a hand, e.g. tenpai {what} 123m456p789s1122z, or --file FILE")
    local: dict[str, int] | None = None
    if args.local:  # the irregular shapes of the enabled local yaku count too
        from .hand import Hand
        from .riichi.local import local_analysis
        from .tiles import parse_tiles

        rules = _rules_from_args(
            argparse.Namespace(rules=args.rules or "bareme", set=None, local=args.local)
        )
        a, local = local_analysis(Hand.parse(args.hand), rules, parse_tiles(args.visible or ""))
    else:
        a = _analyse_text(args.hand, args.visible, _players(args))
    if args.json:
        print(json.dumps(_analysis_dict(args.hand, a, what, local), ensure_ascii=False))
    else:
        print(_render_analysis(args.hand, a, what, _lang(args), local))
    return 0


def _analysis_batch(source: str, what: str, visible_text: str | None, players: int = 4) -> int:
    """Analyses one hand per line; plain MPSZ lines take a lean path (no meld parsing)."""
    from .batch import error_result
    from .errors import InvalidHand, quoted
    from .hand import Hand
    from .shanten import shanten, waits
    from .tiles import counts34, parse_tiles, tile_name

    visible = counts34(parse_tiles(visible_text or ""))

    def handle(line: Any) -> dict[str, Any]:
        text = line.text.strip()
        if " " in text or not (text.isascii() and text.isalnum()):
            hand = Hand.parse(text)
            counts = list(hand.counts)
            melds = len(hand.melds)
        else:
            counts = counts34(parse_tiles(text))
            melds = 0
            n = sum(counts)
            if n > 14 or n % 3 == 0 or max(counts) > 4:
                Hand.parse(text)  # names the problem in the user's notation
                raise InvalidHand(f"not a hand: {quoted(text)}")
        sh = shanten(counts, melds, players=players)
        out: dict[str, Any] = {"hand": text, "shanten": sh}
        if sh == 0 and sum(counts) % 3 == 1:
            ws = waits(counts, melds, players=players)
            out["waits"] = [tile_name(k) for k in ws]
            out["unseen"] = {tile_name(k): max(0, 4 - counts[k] - visible[k]) for k in ws}
        else:
            out["waits"] = []
        return out

    def error(line: Any, e: Exception) -> dict[str, Any]:
        hand = None if line.text is None else line.text.strip()
        return {"hand": hand, "error": error_result(e)["error"]}

    from ._compiled import core

    compiled = core("_cbatch")
    if compiled is None:
        return _batch(source, handle, error)

    def fast(stream: Any, summary: Any) -> None:  # the same loop in C (tenpai/_cbatch.pyx)
        from .batch import LINE_CAP

        compiled.analysis_lines(
            stream, visible, players, handle, error, sys.stdout.write, summary, LINE_CAP
        )

    return _batch(source, handle, error, fast)


# ---- rules ---------------------------------------------------------------------------------


def _cmd_rules(args: argparse.Namespace) -> int:
    from .riichi.rules import (
        OPTIONS,
        PRESETS,
        choice_label,
        load_rules,
        option_description,
        option_label,
        preset_names,
    )

    lang = _lang(args)
    if args.action == "show":
        if not args.name:
            raise RulesError("tenpai rules show NAME (a preset or a .toml file)")
        rules = load_rules(args.name)
        local = {k: v for k, v in rules.local_options}
        if args.json:
            out = {"name": rules.name, **rules.options()}
            if local:
                out["local_options"] = local
            print(json.dumps(out, ensure_ascii=False))
            return 0
        print(rules.name)
        for o in OPTIONS:
            v = getattr(rules, o.name)
            if isinstance(v, frozenset):
                shown = ", ".join(sorted(choice_label(o.name, x, lang) for x in v))
            else:
                shown = choice_label(o.name, v, lang)
            print(f"  {option_label(o.name, lang)} ({o.name}): {shown or '-'}")
            print(f"      {option_description(o.name, lang)}")
        for key, value in local.items():
            print(f"  {key:<26} {value}")
        return 0
    if args.json:
        print(
            json.dumps(
                {
                    "presets": {n: PRESETS[n].options() for n in PRESETS},
                    "options": [o.name for o in OPTIONS],
                },
                ensure_ascii=False,
            )
        )
        return 0
    print("Préréglages :" if lang == "fr" else "Presets:")
    for name, en, fr in preset_names():
        print(f"  {name:<10} {fr if lang == 'fr' else en}")
    print("Options :" if lang == "fr" else "Options:")
    kinds = {"bool": ("oui / non", "yes / no"), "int": ("un nombre", "a number")}
    for o in OPTIONS:
        if o.choices:
            values = " / ".join(choice_label(o.name, c, lang) for c in o.choices)
        else:
            values = kinds.get(o.kind, ("voir tenpai yaku", "see tenpai yaku"))[lang != "fr"]
        print(f"  {option_label(o.name, lang)} ({o.name}): {values}")
        print(f"      {option_description(o.name, lang)}")
    return 0


# ---- game ----------------------------------------------------------------------------------


def _game_rules_from_args(args: argparse.Namespace) -> Any:
    from .game.rules import load_game_rules

    rules = load_game_rules(args.rules)
    changes: dict[str, str] = {}
    for item in args.set or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise RulesError(f"--set takes OPTION=VALUE, not {item!r}")
        changes[key.strip()] = value.strip()
    if changes:
        rules = rules.with_options(**changes, name=f"{rules.name}+custom")
    return rules


def _cmd_game_result(args: argparse.Namespace) -> int:
    from .game.placement import placement, points_text
    from .game.sheet import _number, word

    rules = _game_rules_from_args(args)
    scores: list[int] = []
    for text in args.scores:
        try:
            scores.append(int(text.replace("_", "").replace(",", "")))
        except ValueError:
            raise TenpaiError(f"a final score is a whole number of points, not {text!r}") from None
    results = placement(scores, rules, 0)
    if args.json:
        out = {
            "rules": rules.name,
            "scores": scores,
            "points": [_number(r.points) for r in results],
            "ranks": [r.rank for r in results],
            "parts": [
                [{"id": p.id, "value": _number(p.value), "note": p.note} for p in r.parts]
                for r in results
            ],
        }
        print(json.dumps(out, ensure_ascii=False))
        return 0
    lang = _lang(args)
    for r in results:
        parts = " ".join(f"{word('part_' + p.id, lang)} {points_text(p.value)}" for p in r.parts)
        tie = f"  ({word('tie_' + r.tie, lang)})" if r.tie else ""
        print(f"{r.seat}  {r.score:>7}  {r.rank}  {points_text(r.points):>7}   {parts}{tie}")
    return 0


def _cmd_game_sheet(args: argparse.Namespace) -> int:
    from .game.sheet import read_sheet, render_csv, render_json, render_text

    if args.events == "-":
        lines = sys.stdin.read().splitlines()
    else:
        try:
            with open(args.events, encoding="utf-8") as fh:
                lines = fh.read().splitlines()
        except OSError as e:
            raise TenpaiError(f"cannot read {args.events!r}: {e.strerror}") from None
    sheet = read_sheet(lines)
    render = {"text": render_text, "json": render_json, "csv": render_csv}[args.format]
    sys.stdout.write(render(sheet, lang=_lang(args)) + ("\n" if args.format == "json" else ""))
    return 0


def _cmd_game_rules(args: argparse.Namespace) -> int:
    from .game.rules import GAME_OPTIONS, GAME_PRESETS, game_preset_names, load_game_rules

    lang = _lang(args)
    if args.name:
        rules = load_game_rules(args.name)
        if args.json:
            print(json.dumps({"name": rules.name, **rules.options()}, ensure_ascii=False))
            return 0
        print(rules.name)
        for o in GAME_OPTIONS:
            v = rules.options()[o.name]
            shown = "/".join(str(x) for x in v) if isinstance(v, list) else str(v)
            print(f"  {o.name:<16} {shown or '-':<18} {o.fr if lang == 'fr' else o.en}")
        return 0
    if args.json:
        print(json.dumps({n: r.options() for n, r in GAME_PRESETS.items()}, ensure_ascii=False))
        return 0
    for name, en, fr in game_preset_names():
        print(f"  {name:<20} {fr if lang == 'fr' else en}")
    return 0


def _add_game_parser(sub: Any, fmt: type[argparse.HelpFormatter]) -> None:
    gp = sub.add_parser(
        "game",
        help="whole games: placement points (uma, oka), score sheets, game rules",
        formatter_class=fmt,
        description="Whole games: the placement points of final scores under game rules "
        "(start and return points, uma, oka, ties, rounding), a game's score sheet replayed "
        "from its events, and the game-rule presets. Each action takes --lang fr|en.",
        epilog="examples:\n  tenpai game result --rules tenhou 21100 55000 -4900 28800\n"
        "  tenpai game sheet game.jsonl --format csv\n  tenpai game rules ema\n",
    )
    gsub = gp.add_subparsers(dest="game_command", metavar="ACTION", required=True)
    rp = gsub.add_parser(
        "result",
        help="placement points of final scores",
        formatter_class=fmt,
        description="Print each seat's placement points from the final scores, seats in "
        "order from the first dealer: rank, points, and their parts (score against the "
        "return points, uma, oka, the top taking the rest, the tie rule).",
        epilog="examples:\n  tenpai game result --rules tenhou 21100 55000 -4900 28800\n"
        "  tenpai game result --rules ema --json 30000 30000 25000 15000\n"
        "  tenpai game result --rules tenhou-sanma 27400 83100 -5500\n"
        "  tenpai game result --rules mleague --set uma=20,10,-10,-20 41300 30000 20000 8700\n",
    )
    rp.add_argument(
        "scores", nargs="+", metavar="SCORE", help="final scores, from the first dealer"
    )
    rp.add_argument("--rules", default="tenhou", help="game preset or TOML file (default tenhou)")
    rp.add_argument(
        "--set", action="append", metavar="OPTION=VALUE", help="change one game option (repeatable)"
    )
    rp.add_argument("--json", action="store_true", help='write JSON: {"points": [...], ...}')
    _add_lang(rp)
    rp.set_defaults(func=_cmd_game_result)
    shp = gsub.add_parser(
        "sheet",
        help="replay a game's events into its score sheet",
        formatter_class=fmt,
        description="Replay a game's events (JSON lines: an optional start record, then "
        "win, draw, abort, chombo and riichi records; README, 'Score sheets') into its score "
        "sheet: every hand with the running scores, then the standings.",
        epilog="examples:\n  tenpai game sheet game.jsonl\n  tenpai game sheet game.jsonl "
        "--format csv > game.csv\n  tenpai game sheet - --format json < game.jsonl\n",
    )
    shp.add_argument("events", metavar="EVENTS.jsonl", help="the game's events (- = stdin)")
    shp.add_argument("--format", choices=("text", "json", "csv"), default="text")
    _add_lang(shp)
    shp.set_defaults(func=_cmd_game_sheet)
    grp = gsub.add_parser(
        "rules",
        help="list the game presets, or show one",
        formatter_class=fmt,
        epilog="examples:\n  tenpai game rules\n  tenpai game rules mleague\n"
        "  tenpai game rules club.toml --json\n",
    )
    grp.add_argument("name", nargs="?", help="preset name or TOML file")
    grp.add_argument("--json", action="store_true", help="write JSON")
    _add_lang(grp)
    grp.set_defaults(func=_cmd_game_rules)


# ---- card ----------------------------------------------------------------------------------


def _riichi_card_rules(args: argparse.Namespace) -> Any:
    if args.page is not None:
        raise TenpaiError("--page applies to the Hong Kong pages (--variant hk) only")
    args.rules = args.rules or "bareme"
    return _rules_from_args(args)


def _hk_card_rules(args: argparse.Namespace) -> Any:
    if args.local:
        raise RulesError("--local applies to the riichi card only")
    return _hk_rules_from_args(args.rules, args.set)


@dataclasses.dataclass(frozen=True, slots=True)
class _CliWing:
    """What the command line reads of its own for a variant (its options differ: riichi's
    ``--local``, ``--dora``; Hong Kong's ``--flag``, bonus tiles): the rest goes through
    :mod:`tenpai.variants`."""

    score: Callable[[argparse.Namespace], int]
    card_rules: Callable[[argparse.Namespace], Any]


_CLI_WINGS = {
    "riichi": _CliWing(score=_score_riichi, card_rules=_riichi_card_rules),
    "hk": _CliWing(score=_score_hk, card_rules=_hk_card_rules),
}
"""The command line's options of each variant of :data:`tenpai.variants.VARIANTS` (a test
holds the two to the same names)."""


def _cmd_card(args: argparse.Namespace) -> int:
    from .render import render
    from .render.documents import card_document

    lang = _lang(args)
    rules = _CLI_WINGS[args.variant].card_rules(args)
    doc = card_document(variant=args.variant, page=args.page, rules=rules, lang=lang)
    if args.format == "pdf":
        from .render.pdf import render_pdf

        data = render_pdf(doc)
        if args.output in (None, "-"):
            sys.stdout.buffer.write(data)
            return 0
        return _write(args.output, data)
    out = render(doc, args.format)
    if args.output in (None, "-"):
        sys.stdout.write(out)
        return 0
    return _write(args.output, out.encode("utf-8"))


def _write(path: str, data: bytes) -> int:
    try:
        with open(path, "wb") as fh:
            fh.write(data)
    except OSError as e:
        raise TenpaiError(f"cannot write {path!r}: {e.strerror}") from None
    return 0


# ---- yaku ----------------------------------------------------------------------------------


def _is(a: Any, b: Any) -> bool:
    return type(a) is type(b) and a == b


def _cmd_yaku(args: argparse.Namespace) -> int:
    from .riichi.catalogue import yaku_catalogue

    rules = None
    if args.rules is not None or args.set or args.local:
        given = argparse.Namespace(rules=args.rules or "bareme", set=args.set, local=args.local)
        rules = _rules_from_args(given)
    entries = yaku_catalogue(local_only=args.local_only, rules=rules)
    if args.json:
        print(json.dumps(entries, ensure_ascii=False))
        return 0
    fr = _lang(args) == "fr"
    titles = ("Yaku standard", "Yaku locaux") if fr else ("Standard yaku", "Local yaku")
    for local, title in ((False, titles[0]), (True, titles[1])):
        group = [e for e in entries if e["local"] is local]
        if not group:
            continue
        print(f"{title} ({len(group)})")
        for e in group:
            name = f"{e['fr']} ({e['fr_gloss']})" if fr else e["en"]
            ema = f" (EMA: {e['ema'][0 if fr else 1]})" if e["ema"] else ""
            print(f"  {e['id']:<22} {e['romaji']} {e['kanji']} — {name}{ema}: {e['value']}")
            for v in e["variants"]:
                values = " | ".join(
                    f"{str(x).lower()}{'*' if _is(x, v['default']) else ''}" for x in v["values"]
                )
                print(f"      {v['name']} = {values}  ({v['fr'] if fr else v['en']})")
    print("* = défaut" if fr else "* = default")
    return 0


def _cmd_maneman(args: argparse.Namespace) -> int:
    from .errors import InvalidSituation
    from .explain import fmt_points
    from .riichi.local import maneman_awards

    discards: dict[str, Any] = {}
    for item in args.discards:
        wind, sep, tiles = item.partition(":")
        if not sep:
            raise InvalidSituation(f"give each player's discards as WIND:TILES, not {item!r}")
        text = tiles.strip()
        if text.startswith("["):
            try:
                discards[wind.strip()] = json.loads(text)
            except json.JSONDecodeError as e:
                raise InvalidSituation(f"{item!r}: not JSON ({e.msg})") from None
        else:
            discards[wind.strip()] = text
    rules = _rules_from_args(args)
    if "maneman" not in rules.local_yaku:  # the command is about maneman: it plays it
        rules = rules.with_options(local_yaku=",".join(sorted({*rules.local_yaku, "maneman"})))
    if dict(rules.local_options).get("maneman.settlement") == "on_win":
        raise RulesError(
            "with maneman.settlement=on_win the maneman is paid on the imitator's win: "
            "score that win (tenpai score ... --local maneman --flag discards=...)"
        )
    try:
        awards = maneman_awards(discards, rules)
    except ValueError as e:
        raise InvalidSituation(str(e)) from None
    fr = _lang(args) == "fr"
    if args.json:
        print(json.dumps([a.as_dict() for a in awards]))
        return 0
    if not awards:
        print("Aucun maneman dû." if fr else "No maneman due.")
    for a in awards:
        fields = a.as_dict()
        who, whom = fields["imitated"], fields["imitator"]
        if fr:
            print(
                f"{whom} a copié les {a.turns} premiers écarts de {who} : {who} paie "
                f"{fmt_points(a.points)} ({a.limit}) à {whom}"
            )
        else:
            print(
                f"{whom} copied the first {a.turns} discards of {who}: {who} pays "
                f"{fmt_points(a.points)} ({a.limit}) to {whom}"
            )
    return 0


# ---- serve ---------------------------------------------------------------------------------


def _cmd_schema(args: argparse.Namespace) -> int:
    from pathlib import Path

    from .schema import record_schema, result_schema, schemas

    doc = {"record": record_schema, "result": result_schema, "both": schemas}[args.part]()
    text = json.dumps(doc, ensure_ascii=False, indent=2) + "\n"
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


def _cmd_serve(args: argparse.Namespace) -> int:
    try:
        from .web import create_app
        from .web.server import make_server
    except ImportError as e:
        raise TenpaiError(
            f"the web app needs the web extra: pip install 'tenpai[web]' ({e})"
        ) from None
    from .trainer.store import default_store_path

    if not 0 < args.port < 65536:
        raise TenpaiError(f"--port takes 1-65535, not {args.port}")
    from .web.app import SecretError

    if not 0 < args.client_timeout <= 3600:
        raise TenpaiError(f"--client-timeout takes 0 to 3600 seconds, not {args.client_timeout}")
    store = args.store or default_store_path()
    try:
        app = create_app(store_path=store, client_timeout=args.client_timeout)
    except SecretError as e:
        raise TenpaiError(str(e)) from None
    server = make_server(
        app,
        host=args.host,
        port=args.port,
        log_level=args.log_level,
        client_timeout=args.client_timeout,
    )
    print(f"tenpai: serving http://{args.host}:{args.port}/ (store {store})", file=sys.stderr)
    server.run()
    return 0


# ---- logs ----------------------------------------------------------------------------------


def _log_games(paths: Sequence[str]) -> Iterable[Any]:
    """Yields the games of *paths*; a log that cannot be read is reported on stderr."""
    from .logs import LogError
    from .logs.run import games_of, units

    for u in units(paths):
        if isinstance(u, LogError):
            print(f"tenpai: error: {u.text()}", file=sys.stderr)
            continue
        try:
            yield from games_of(u)
        except LogError as e:
            print(f"tenpai: error: {e.text()}", file=sys.stderr)


def _cmd_logs_extract(args: argparse.Namespace) -> int:
    n = 0
    for g in _log_games(args.paths):
        for e in g.errors:
            print(f"tenpai: warning: {g.file}: {e}", file=sys.stderr)
        for w in g.wins():
            rec = dict(w.record)
            rec["log"] = w.claim.as_dict()
            sys.stdout.write(json.dumps(rec, ensure_ascii=False) + "\n")
            n += 1
    return 0 if n else 1


def _cmd_logs_verify(args: argparse.Namespace) -> int:
    from .logs.run import verify_paths

    if args.workers < 1:
        raise TenpaiError("--workers takes a number of processes, 1 or more")
    try:
        out = open(args.disagreements, "w", encoding="utf-8") if args.disagreements else None  # noqa: SIM115
    except OSError as e:
        raise TenpaiError(f"cannot write {args.disagreements!r}: {e.strerror}") from None
    shown: list[dict[str, Any]] = []

    def keep(rec: dict[str, Any]) -> None:
        if out:
            out.write(json.dumps(rec, ensure_ascii=False) + "\n")
        if len(shown) < 20:
            shown.append(rec)

    try:
        if args.dask:
            from .logs.dask import verify_on_dask

            summary = verify_on_dask(args.paths, args.dask, on_disagreement=keep)
        else:
            summary = verify_paths(args.paths, workers=args.workers, on_disagreement=keep)
    finally:
        if out:
            out.close()
    d = summary.as_dict()
    if args.json:
        print(json.dumps(d, ensure_ascii=False, indent=2))
    else:
        print(
            f"{d['files']} files, {d['games']} games, {d['rounds']} rounds: "
            f"{d['wins']} wins, {d['draws']} draws"
        )
        print(f"  agree {d['agree']}, disagree {d['disagree']}, unsupported {d['unsupported']}")
        for key, title in (
            ("disagree_by_field", "disagree by field"),
            ("unsupported_by_reason", "unsupported"),
            ("unreadable_by_reason", "unreadable"),
            ("round_errors_by_reason", "rounds not read"),
        ):
            for reason, n in d[key].items():
                print(f"  {title}: {n} x {reason}")
        for key, title in (("final_scores", "final scores"), ("placement", "placement")):
            r = d[key]
            print(
                f"  {title}: agree {r['agree']}, disagree {r['disagree']}, "
                f"unsupported {r['unsupported']}"
            )
            for reason, n in r["unsupported_by_reason"].items():
                print(f"    unsupported: {n} x {reason}")
        for rec in shown:
            c = rec["check"]
            print(
                f"  differs: {c['where']}: {', '.join(c['fields'])} "
                f"(log {c['log']}, tenpai {c['tenpai']})"
            )
    return 1 if summary.any_disagreement else 0


def _cmd_logs_stats(args: argparse.Namespace) -> int:
    from .logs.stats import Stats

    st = Stats()
    st.add(_log_games(args.paths))
    d = st.as_dict()
    if args.json:
        print(json.dumps(d, ensure_ascii=False, indent=2))
        return 0
    for name, g in d.items():
        print(
            f"{name}: {g['games']} games, {g['rounds']} rounds, {g['wins']} wins, "
            f"average {g['average_points']} points"
        )
        top = ", ".join(f"{y} {n}" for y, n in list(g["yaku"].items())[:12])
        print(f"  yaku: {top}")
        print("  han: " + ", ".join(f"{h}:{n}" for h, n in g["han"].items()))
        print("  fu: " + ", ".join(f"{f}:{n}" for f, n in g["fu"].items()))
    return 0


# ---- parser --------------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    """Builds the argument parser of every subcommand."""
    from .variants import variant_names

    fmt = argparse.RawDescriptionHelpFormatter
    p = argparse.ArgumentParser(
        prog="tenpai",
        description="Mahjong scoring engine and trainer (riichi, Hong Kong).",
        epilog=_EPILOG_MAIN,
        formatter_class=fmt,
    )
    p.add_argument("--version", action="version", version=f"tenpai {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    sp = sub.add_parser(
        "score",
        help="score a winning hand (or a JSON-lines batch)",
        formatter_class=fmt,
        description="Score one riichi hand, or every record of a JSON-lines file.",
        epilog="""examples:
  tenpai score "234m678p45667s88s ron 5s" --riichi --seat S
  tenpai score "111m444p77s88s234s tsumo 7s" --seat S --honba 2 --sticks 1 --lang fr
  tenpai score "234m678p45667s88s ron 5s" --riichi --dora 1m --set kiriage=true
  tenpai score "123777p23478s11z tsumo 9s" --rules tenhou3 --kita 2 --seat S
  tenpai score --jsonl - < records.jsonl
  tenpai score --variant hk "123m456p789s1122z tsumo 2z" --seat S --flowers f2,s1
""",
    )
    sp.add_argument("hand", nargs="?", help='the hand, e.g. "234m678p45667s88s ron 5s"')
    sp.add_argument(
        "--jsonl",
        metavar="FILE",
        help="score one JSON record per line (- = stdin): one result per non-blank line, in "
        "order; blank lines are skipped and counted on stderr; exit 1 if a record failed",
    )
    sp.add_argument(
        "--variant",
        choices=variant_names(),
        default="riichi",
        help="riichi (default) or hk (Hong Kong old style)",
    )
    sp.add_argument(
        "--rules",
        default="bareme",
        help="preset or TOML file (default: bareme; hk: the Hong Kong old-style table)",
    )
    sp.add_argument("--flowers", metavar="TILES", help="Hong Kong flowers and seasons: f1,s3")
    sp.add_argument(
        "--set", action="append", metavar="OPTION=VALUE", help="change one rule option (repeatable)"
    )
    sp.add_argument("--local", metavar="IDS", help="enable local yaku: id,id,... or all")
    sp.add_argument("--seat", default="E", help="seat wind E/S/W/N (default E = dealer)")
    sp.add_argument("--round", default="E", help="round wind E/S/W/N (default E)")
    for name in FLAG_NAMES:
        if name == "nagashi_mangan":
            sp.add_argument(
                "--nagashi",
                dest="nagashi_mangan",
                action="store_true",
                help="price a nagashi mangan for this seat (no hand needed)",
            )
            continue
        flag = name.replace("_", "-")
        sp.add_argument(f"--{flag}", action="store_true", help=f"the win had {name}")
    sp.add_argument("--dora", metavar="TILES", help="dora indicators, e.g. 1m3z")
    sp.add_argument("--ura", metavar="TILES", help="ura dora indicators (after riichi)")
    sp.add_argument(
        "--kita",
        type=int,
        default=0,
        metavar="N",
        help="three players: norths set aside as kita (as 'kita 4z' in the hand)",
    )
    sp.add_argument("--honba", type=int, default=0, help="honba counters on the table")
    sp.add_argument("--sticks", type=int, default=0, help="riichi sticks on the table")
    sp.add_argument(
        "--from",
        dest="discarder",
        metavar="WHO",
        help="who dealt in on a ron: left, across or right",
    )
    sp.add_argument("--pao", metavar="WHO", help="the liable player: left, across or right")
    sp.add_argument(
        "--flag",
        action="append",
        metavar="NAME[=VALUE]",
        help="a situation flag for local yaku (repeatable)",
    )
    sp.add_argument("--json", action="store_true", help="write the result as JSON")
    _add_lang(sp)
    sp.set_defaults(func=_cmd_score)

    tp = sub.add_parser(
        "train",
        help="drill scoring on realistic dealt hands",
        formatter_class=fmt,
        description="Deal realistic winning hands, ask, grade, explain in the card's order, and "
        "remember progress. Enter submits an answer; Enter again deals the next hand; q or "
        "end of input stops with a summary.",
        epilog="""examples:
  tenpai train
  tenpai train --ask han,fu,points --level debutant --lang fr
  tenpai train --focus pinfu --count 5
  tenpai train --hand riichi1:bareme:intermediaire:any:42
  tenpai train --variant hk --lang fr
  tenpai train --variant hk --rules hkma --focus half_flush --ask fan,payments
answers: 3900 · 1300-2600 or 1300/2600 · 2000 all (tout) · riichi, pinfu, tanyao · 47s
hong kong: no flowers, self-drawn, all chows · 4 · E -8, W -8, N -8, S +24 (or 8 each, or 24)
""",
    )
    tp.add_argument(
        "--variant",
        choices=variant_names(),
        default="riichi",
        help="riichi (default) or hk (Hong Kong old style)",
    )
    tp.add_argument(
        "--rules",
        default=None,
        help="rules preset, TOML file or ruleset line such as bareme+kiriage=true+local_yaku="
        "sanrenkou (default: bareme; hk: a Hong Kong profile, default hk)",
    )
    tp.add_argument(
        "--ask",
        default=None,
        help="parts to ask, among yaku,han,fu,points,waits (default: yaku,han,fu,points); "
        "hk: items,fan,payments (the default)",
    )
    tp.add_argument(
        "--level",
        default="intermediaire",
        help="debutant (closed hands, common fu), intermediaire (real mix), expert",
    )
    tp.add_argument(
        "--focus",
        default="any",
        help="any, fu, open, closed, or a yaku id (e.g. pinfu); hk: any, open, closed, discard "
        "or a fan item id (e.g. half_flush)",
    )
    tp.add_argument("--seed", type=int, help="seed of the first hand (default: random)")
    tp.add_argument("--hand", metavar="ID", help="replay one hand by its id")
    tp.add_argument("--count", type=int, help="number of hands (default: until q)")
    tp.add_argument("--profile", default="default", help="whose progress (default: default)")
    tp.add_argument("--store", help="progress file (default: $TENPAI_STORE or the data dir)")
    tp.add_argument(
        "--fu-above-4",
        action=argparse.BooleanOptionalAction,
        default=False,
        help="also ask the fu of hands of 5 han or more (default: no)",
    )
    tp.add_argument(
        "--kiriage",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="4 han 30 fu and 3 han 60 fu are mangan (default: as the rules say)",
    )
    tp.add_argument(
        "--extras",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="count honba and riichi sticks in the points (default: yes)",
    )
    tp.add_argument("--timer", type=float, metavar="SECONDS", help="time allowed per answer")
    _add_lang(tp)
    tp.set_defaults(func=_cmd_train)

    stp = sub.add_parser(
        "stats",
        help="show training progress (or export/import a profile)",
        formatter_class=fmt,
        epilog="examples:\n  tenpai stats\n  tenpai stats --profile alice --export alice.json\n"
        "  tenpai stats --import alice.json --as alice2\n",
    )
    stp.add_argument("--profile", default="default", help="whose progress (default: default)")
    stp.add_argument("--store", help="progress file (default: $TENPAI_STORE or the data dir)")
    stp.add_argument("--export", metavar="FILE", help="write the profile as JSON (- = stdout)")
    stp.add_argument("--import", dest="import_", metavar="FILE", help="read a profile export")
    stp.add_argument("--as", dest="as_", metavar="NAME", help="profile name for --import")
    stp.add_argument(
        "--replace", action="store_true", help="let --import replace an existing profile"
    )
    _add_lang(stp)
    stp.set_defaults(func=_cmd_stats)

    dp = sub.add_parser(
        "deal",
        help="write dealt hands as JSON records with their expected result",
        formatter_class=fmt,
        epilog="examples:\n  tenpai deal --count 3 --seed 42\n"
        "  tenpai deal --count 100 --level expert --rules tenhou > hands.jsonl\n"
        "  tenpai deal --variant hk --count 100 --rules hkma > hk-hands.jsonl\n",
    )
    dp.add_argument(
        "--variant",
        choices=variant_names(),
        default="riichi",
        help="riichi (default) or hk (Hong Kong old style, records in the hk-cases format)",
    )
    dp.add_argument("--count", type=int, default=1, help="number of hands (default: 1)")
    dp.add_argument("--seed", type=int, default=0, help="seed of the first hand (default: 0)")
    dp.add_argument("--level", default="intermediaire", help="debutant, intermediaire, expert")
    dp.add_argument(
        "--focus",
        default="any",
        help="any, fu, open, closed, or a yaku id; hk: any, open, closed, discard or a fan item",
    )
    dp.add_argument(
        "--rules", default=None, help="rules preset (default: bareme; hk: a profile, default hk)"
    )
    dp.set_defaults(func=_cmd_deal)

    for what, helptext in (
        ("shanten", "how far a hand is from tenpai, per form"),
        ("waits", "the waits of a tenpai hand, with unseen counts"),
    ):
        ap = sub.add_parser(
            what,
            help=helptext,
            formatter_class=fmt,
            epilog=f"""examples:
  tenpai {what} 123m456p789s1122z
  tenpai {what} "123m456p789s11z pon 222z" --json
  tenpai {what} 13458m2469p1358s1z --lang fr
  tenpai {what} 14m25p36s1234567z --local chiishin_uushii
  tenpai {what} 1111m111122233z --rules tenhou3   # three players: no 2m-8m
  tenpai {what} --file hands.txt > out.jsonl     # one hand per line, - = stdin
""",
        )
        ap.add_argument("hand", nargs="?", help="tiles (13 or 14, melds allowed)")
        ap.add_argument(
            "--file",
            metavar="FILE",
            help="one hand per line (- = stdin), one JSON result per non-blank line, in order; "
            "blank lines are skipped and counted on stderr; exit 1 if a hand failed",
        )
        ap.add_argument(
            "--visible",
            metavar="TILES",
            help="tiles seen elsewhere (discards, dora indicators) for unseen counts",
        )
        ap.add_argument(
            "--local",
            metavar="IDS",
            help="count the irregular shapes of these local yaku (chiishin_uushii, "
            "nanboku_sensou; or all)",
        )
        ap.add_argument(
            "--rules",
            metavar="RULES",
            help="preset or TOML file: a three-player one (tenhou3) counts without 2m-8m",
        )
        ap.add_argument("--json", action="store_true", help="write JSON")
        _add_lang(ap)
        ap.set_defaults(func=_cmd_analysis)

    rp = sub.add_parser(
        "rules",
        help="list rule presets and options, or show one",
        formatter_class=fmt,
        epilog="examples:\n  tenpai rules\n  tenpai rules show wrc\n  tenpai rules show my.toml\n",
    )
    rp.add_argument("action", nargs="?", choices=("list", "show"), default="list")
    rp.add_argument("name", nargs="?", help="preset name or TOML file (for show)")
    rp.add_argument("--json", action="store_true", help="write JSON")
    _add_lang(rp)
    rp.set_defaults(func=_cmd_rules)
    _add_game_parser(sub, fmt)
    yp = sub.add_parser(
        "yaku",
        help="list the standard and local yaku, their values and variants",
        formatter_class=fmt,
        description="List every yaku: names (romaji, kanji, English, French), values "
        "(closed / open han, limit or yakuman multiple) and, for local yaku, the variants "
        "a ruleset can choose (local_options in a TOML file, or --set ID.OPTION=VALUE).",
        epilog="examples:\n  tenpai yaku\n  tenpai yaku --local-only --lang fr\n"
        "  tenpai yaku --rules ema2012\n  tenpai yaku --rules tenhou --local chintanfon\n"
        "  tenpai yaku --json\n",
    )
    yp.add_argument("--local-only", action="store_true", help="only the local yaku")
    yp.add_argument(
        "--rules",
        default=None,
        help="show the values of a preset or TOML file (default: each row's own value)",
    )
    yp.add_argument(
        "--set", action="append", metavar="OPTION=VALUE", help="change one rule option (repeatable)"
    )
    yp.add_argument("--local", metavar="IDS", help="enable local yaku: id,id,... or all")
    yp.add_argument("--json", action="store_true", help="write JSON")
    _add_lang(yp)
    yp.set_defaults(func=_cmd_yaku)
    mp = sub.add_parser(
        "maneman",
        help="the maneman paid during play, from every player's discards",
        formatter_class=fmt,
        description="Maneman (local yaku): a player whose first discards copy, turn by turn, "
        "those of an opponent who plays before him, none called, is paid a mangan by that "
        "opponent as soon as the copy is done (the default settlement, 'immediate').",
        epilog="examples:\n  tenpai maneman E:1z9m7z1p4z S:1z9m7z1p4z\n"
        "  tenpai maneman E:1z9m7z1p4z9s1s S:1z9m7z1p4z9s1s --set maneman.turns=6 --json\n"
        '  tenpai maneman E:1z9m7z1p4z \'S:["1z",{"tile":"9m","called":true},"7z","1p","4z"]\'\n',
    )
    mp.add_argument("discards", nargs="+", metavar="WIND:TILES", help="a player's discards")
    mp.add_argument("--rules", default="bareme", help="preset or TOML file (default: bareme)")
    mp.add_argument(
        "--set", action="append", metavar="OPTION=VALUE", help="change one rule option (repeatable)"
    )
    mp.add_argument("--json", action="store_true", help="write JSON")
    _add_lang(mp)
    mp.set_defaults(func=_cmd_maneman)
    cp = sub.add_parser(
        "card",
        help="write the scoring card (riichi) or the Hong Kong pages",
        formatter_class=fmt,
        description="Write the riichi card (Barème) computed from a ruleset, or the Hong Kong "
        "fan table and payments pages, as Markdown, HTML or PDF.",
        epilog="""examples:
  tenpai card --lang fr > bareme.md
  tenpai card --rules wrc --lang en --format html -o wrc-card.html
  tenpai card --set kiriage=true --format pdf -o bareme-kiriage.pdf
  tenpai card --variant hk --page payments --lang fr --format html
  tenpai card --variant hk --rules yawnoc --page payments
  tenpai card --variant hk --rules my-table.toml --set cap=13
""",
    )
    cp.add_argument(
        "--variant",
        choices=variant_names(),
        default="riichi",
        help="riichi card (default) or Hong Kong pages",
    )
    cp.add_argument(
        "--page",
        choices=("fan", "payments"),
        default=None,
        help="Hong Kong page: the fan table (default) or points and payments",
    )
    cp.add_argument(
        "--rules",
        default=None,
        help="preset or TOML file (default: bareme; hk: the Hong Kong old-style table, or a "
        "Hong Kong profile such as hkma or yawnoc)",
    )
    cp.add_argument(
        "--set",
        action="append",
        metavar="OPTION=VALUE",
        help="change one rule option (repeatable)",
    )
    cp.add_argument("--local", metavar="IDS", help="enable local yaku: id,id,... or all")
    cp.add_argument(
        "--format",
        choices=("md", "html", "pdf"),
        default="md",
        help="output format (default md; pdf needs the pdf extra)",
    )
    cp.add_argument("-o", "--output", metavar="FILE", help="write to FILE (default: stdout)")
    _add_lang(cp)
    cp.set_defaults(func=_cmd_card)
    lg = sub.add_parser(
        "logs",
        help="read game logs: extract wins, verify them, count them",
        formatter_class=fmt,
        description="Read game logs (Tenhou mjlog XML, tenhou.net/6 JSON and Mahjong Soul "
        "exports, mjai JSON lines; gzip and bzip2 inflated; SQLite corpora of compressed "
        "mjlog) given as files, folders or glob patterns.",
        epilog="""examples:
  tenpai logs extract game.mjlog > wins.jsonl && tenpai score --jsonl wins.jsonl
  tenpai logs verify logs/ --workers 2 --disagreements bad.jsonl
  tenpai logs verify 'logs/**/*.xml.gz' --json
  tenpai logs stats corpus.sqlite
""",
    )
    _add_lang(lg)
    lsub = lg.add_subparsers(dest="logs_command", metavar="ACTION")
    le = lsub.add_parser("extract", help="write every win as an interchange record (JSON lines)")
    le.add_argument("paths", nargs="+", metavar="FILE", help="log files, folders or patterns")
    le.set_defaults(func=_cmd_logs_extract)
    lv = lsub.add_parser(
        "verify",
        help="recompute every win and draw and compare with the log",
        description="Recompute every win and draw and compare them with what the log paid, "
        "field by field. Exit 1 when any disagrees.",
    )
    lv.add_argument("paths", nargs="+", metavar="PATH", help="log files, folders or patterns")
    lv.add_argument("--workers", type=int, default=1, help="processes to use (default 1)")
    lv.add_argument("--json", action="store_true", help="print the summary as JSON")
    lv.add_argument(
        "--disagreements",
        metavar="FILE",
        help="write each disagreement as a record that tenpai score --jsonl reproduces",
    )
    lv.add_argument("--dask", metavar="ADDRESS", help="run on a Dask cluster (the dask extra)")
    lv.set_defaults(func=_cmd_logs_verify)
    ls = lsub.add_parser("stats", help="yaku frequencies, han and fu, average points, by room")
    ls.add_argument("paths", nargs="+", metavar="PATH", help="log files, folders or patterns")
    ls.add_argument("--json", action="store_true", help="print JSON")
    ls.set_defaults(func=_cmd_logs_stats)

    def _logs_help(_args: argparse.Namespace) -> int:
        lg.print_help()
        return 0

    lg.set_defaults(func=_logs_help)

    svp = sub.add_parser(
        "serve",
        help="run the web app (calculator, trainer, card, rules, JSON API)",
        formatter_class=fmt,
        description="Serve the web app: the calculator, the trainer with its progress, the "
        "scoring card and the Hong Kong pages, the rules, and the JSON API (documented at "
        "/api). Progress is kept in the trainer's SQLite store; the session secret is kept "
        "beside it. Needs the web extra.",
        epilog="examples:\n  tenpai serve\n  tenpai serve --port 8080 --store ./progress.sqlite3\n",
    )
    svp.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    svp.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    svp.add_argument("--store", help="progress file (default: $TENPAI_STORE or the data dir)")
    svp.add_argument(
        "--client-timeout",
        type=float,
        default=15.0,
        metavar="SECONDS",
        help="time a client has to send a request's head, then its body (default 15)",
    )
    svp.add_argument(
        "--log-level",
        default="info",
        choices=("critical", "error", "warning", "info", "debug"),
        help="server log level (default info)",
    )
    svp.set_defaults(func=_cmd_serve)
    shp = sub.add_parser(
        "schema",
        help="write the JSON Schema of the records and results (docs/records.md)",
        formatter_class=fmt,
        description="Write the JSON Schemas of the interchange format: the input record "
        "(what score --jsonl and POST /api/score read) and the result (what they write), "
        "built from the scorer's own tables; the web app serves the same at /api/schema.",
        epilog="examples:\n  tenpai schema > tenpai-schema.json\n"
        "  tenpai schema --part record -o record.schema.json\n",
    )
    shp.add_argument(
        "--part",
        choices=("both", "record", "result"),
        default="both",
        help="which schema (default both: {record, result})",
    )
    shp.add_argument("-o", "--output", metavar="FILE", help="write to FILE (default: stdout)")
    shp.set_defaults(func=_cmd_schema)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the command line; returns the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 0
    handler: Handler = args.func
    try:
        return handler(args)
    except TenpaiError as e:
        msg = str(e).replace("\n", " ")
        print(f"tenpai: error: {msg}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as e:  # a bug of ours: one line to report, never a traceback
        print(
            f"tenpai: internal error ({type(e).__name__}: {e}); please report it with the command",
            file=sys.stderr,
        )
        return 70


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
