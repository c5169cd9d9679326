"""The ``tenpai`` command line: parse arguments, call one library function, render, map
errors to exit codes (0 ok, 2 bad input, 1 a batch with failed records, 130 interrupted).
"""

from __future__ import annotations

import argparse
import json
import locale
import os
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import IO, Any

from . import __version__
from .errors import RulesError, TenpaiError

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


def _lines(source: str) -> Iterable[tuple[int, str]]:
    """Yields (line number, text) of a file or ``-`` (stdin), skipping blank lines."""
    fh: IO[str]
    if source == "-":
        fh = sys.stdin
    else:
        try:
            fh = open(source, encoding="utf-8")  # noqa: SIM115 - closed below
        except OSError as e:
            raise TenpaiError(f"cannot read {source!r}: {e.strerror}") from None
    try:
        for n, line in enumerate(fh, 1):
            if line.strip():
                yield n, line.rstrip("\n")
    finally:
        if fh is not sys.stdin:
            fh.close()


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
    if not args.hand:
        raise TenpaiError('give a hand, e.g. tenpai score "234m678p45667s88s ron 5s", or --jsonl')
    from .explain import explain, render_text
    from .hand import Hand
    from .records import riichi_result
    from .riichi.score import score

    rules = _rules_from_args(args)
    hand = Hand.parse(args.hand, validate=False)
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


def _score_batch(source: str) -> int:
    from .records import error_result, score_record

    failed = 0
    out = sys.stdout
    for n, line in _lines(source):
        try:
            rec = json.loads(line)
        except json.JSONDecodeError as e:
            res = error_result(ValueError(f"line {n}: not JSON ({e.msg})"))
        else:
            res = score_record(rec)
        if res.get("error"):
            failed += 1
        out.write(json.dumps(res, ensure_ascii=False) + "\n")
    return 1 if failed else 0


# ---- rules ---------------------------------------------------------------------------------


def _cmd_rules(args: argparse.Namespace) -> int:
    from .riichi.rules import OPTIONS, PRESETS, load_rules, preset_names

    lang = _lang(args)
    if args.action == "show":
        if not args.name:
            raise RulesError("tenpai rules show NAME (a preset or a .toml file)")
        rules = load_rules(args.name)
        if args.json:
            print(json.dumps({"name": rules.name, **rules.options()}, ensure_ascii=False))
            return 0
        print(rules.name)
        for o in OPTIONS:
            v = getattr(rules, o.name)
            shown = ", ".join(sorted(v)) if isinstance(v, frozenset) else str(v)
            print(f"  {o.name:<26} {shown or '-':<28} {o.fr if lang == 'fr' else o.en}")
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
    for o in OPTIONS:
        values = " / ".join(str(c) for c in o.choices) if o.choices else o.kind
        print(f"  {o.name:<26} {values:<44} {o.fr if lang == 'fr' else o.en}")
    return 0


# ---- yaku ----------------------------------------------------------------------------------


def _is(a: Any, b: Any) -> bool:
    return type(a) is type(b) and a == b


def _cmd_yaku(args: argparse.Namespace) -> int:
    from .riichi.local import yaku_catalogue

    entries = yaku_catalogue(local_only=args.local_only)
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
            print(f"  {e['id']:<22} {e['romaji']} {e['kanji']} — {name}: {e['value']}")
            for v in e["variants"]:
                values = " | ".join(
                    f"{str(x).lower()}{'*' if _is(x, v['default']) else ''}" for x in v["values"]
                )
                print(f"      {v['name']} = {values}  ({v['fr'] if fr else v['en']})")
    print("* = défaut" if fr else "* = default")
    return 0


# ---- parser --------------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    """Builds the argument parser of every subcommand."""
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
  tenpai score --jsonl - < records.jsonl
""",
    )
    sp.add_argument("hand", nargs="?", help='the hand, e.g. "234m678p45667s88s ron 5s"')
    sp.add_argument("--jsonl", metavar="FILE", help="score one JSON record per line (- = stdin)")
    sp.add_argument("--rules", default="bareme", help="preset or TOML file (default: bareme)")
    sp.add_argument(
        "--set", action="append", metavar="OPTION=VALUE", help="change one rule option (repeatable)"
    )
    sp.add_argument("--local", metavar="IDS", help="enable local yaku: id,id,... or all")
    sp.add_argument("--seat", default="E", help="seat wind E/S/W/N (default E = dealer)")
    sp.add_argument("--round", default="E", help="round wind E/S/W/N (default E)")
    for flag in (
        "riichi",
        "double-riichi",
        "ippatsu",
        "rinshan",
        "chankan",
        "haitei",
        "houtei",
        "tenhou",
        "chiihou",
        "renhou",
    ):
        sp.add_argument(f"--{flag}", action="store_true", help=f"the win had {flag}")
    sp.add_argument("--dora", metavar="TILES", help="dora indicators, e.g. 1m3z")
    sp.add_argument("--ura", metavar="TILES", help="ura dora indicators (after riichi)")
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

    yp = sub.add_parser(
        "yaku",
        help="list the standard and local yaku, their values and variants",
        formatter_class=fmt,
        description="List every yaku: names (romaji, kanji, English, French), values "
        "(closed / open han, limit or yakuman multiple) and, for local yaku, the variants "
        "a ruleset can choose (local_options in a TOML file, or --set ID.OPTION=VALUE).",
        epilog="examples:\n  tenpai yaku\n  tenpai yaku --local-only --lang fr\n"
        "  tenpai yaku --json\n",
    )
    yp.add_argument("--local-only", action="store_true", help="only the local yaku")
    yp.add_argument("--json", action="store_true", help="write JSON")
    _add_lang(yp)
    yp.set_defaults(func=_cmd_yaku)
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


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
