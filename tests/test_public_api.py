"""The public API is curated: `tenpai.__all__` is pinned, and every command is documented."""

from __future__ import annotations

import re
from pathlib import Path

import tenpai
from tenpai.cli import build_parser

PUBLIC = {
    "HKRules", "HKSituation", "Hand", "InvalidHand", "InvalidSituation", "Meld", "NoYaku",
    "NotAWinningHand", "NotationError", "Ruleset", "RulesError", "Score", "Situation",
    "TenpaiError", "Tile", "__version__", "analyse", "find_hk_rules", "find_rules",
    "format_tiles", "load_rules", "parse_tile", "parse_tiles", "score", "score_hk", "waits",
}  # fmt: skip


def test_all_is_pinned() -> None:
    # the shanten *module* keeps its name: tenpai.shanten is never shadowed by a function
    import tenpai.shanten as module

    assert hasattr(module, "load_tables")
    assert set(tenpai.__all__) == PUBLIC
    for name in tenpai.__all__:
        assert hasattr(tenpai, name)


def test_every_command_is_in_the_readme() -> None:
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    documented = set(re.findall(r"tenpai ([a-z]+)", readme))
    parser = build_parser()
    commands = {
        name
        for action in parser._subparsers._group_actions  # type: ignore[union-attr]
        for name in getattr(action, "choices", {})
    }
    assert commands <= documented, commands - documented
