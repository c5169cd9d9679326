"""The public API is stable and documented (docs/api): each module of the API reference
lists its public names in ``__all__``, pinned here (a name added or removed shows in a
review; a removal goes through the deprecation policy, docs/api/deprecations.rst), every
module of the package declares its ``__all__``, and the reference has a page for each
public module and for no other."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src" / "tenpai"
REFERENCE = ROOT / "docs" / "api" / "reference"

# The modules an application imports, and their public names. The riichi and Hong Kong
# "faces" and the trainer's modules are not here yet: their layout is moving.
PUBLIC_MODULES = {
    "tenpai.errors": {
        "ECHO_CAP", "InternalError", "InvalidHand", "InvalidRecord", "InvalidSituation",
        "Localized", "NoYaku", "NotAWinningHand", "NotationError", "RulesError", "TenpaiError",
        "cut", "error_text", "localized", "msg"
    },
    "tenpai.hand": {
        "FROM_REL_NAMES", "Hand", "MELD_TYPES", "Meld", "check_copies", "check_meld"
    },
    "tenpai.hk.explain": {
        "ExplainLine", "explain", "format_amount", "render_text"
    },
    "tenpai.hk.records": {
        "FIELDS", "HKRecord", "SPECIAL_WORDS", "read_record", "result_dict", "score_record"
    },
    "tenpai.hk.rules": {
        "FanValue", "HKProfile", "HKRules", "HK_PROFILES", "LIMIT_HAND_IDS", "OPTION_DOCS",
        "STAKES", "find_rules", "hk_profile_names", "load_rules", "rules_from_mapping"
    },
    "tenpai.hk.score": {
        "HKScore", "score"
    },
    "tenpai.hk.situation": {
        "HKSituation", "WIN_FLAGS", "parse_seat"
    },
    "tenpai.interchange": {
        "RECORD_FIELDS", "record_decoder", "record_path", "score_line", "score_many",
        "score_record"
    },
    "tenpai.logs": {
        "Claim", "Draw", "Event", "Game", "LogError", "Origin", "Round", "Win", "detect_format",
        "read_log"
    },
    "tenpai.riichi.explain": {
        "DoraShown", "Group", "LANGS", "Line", "dora_shown", "explain", "fmt_points",
        "reading_groups", "render_text", "t", "wait_words", "yaku_name"
    },
    "tenpai.riichi.fu": {
        "FU_RULES", "FuPart", "MELD_RULES", "fu_detail", "fu_of", "fu_parts_table", "meld_fu",
        "round_fu"
    },
    "tenpai.riichi.payment": {
        "LIMITS", "NOTEN_PAYMENT_TOTAL", "Payment", "basic_points", "ceil100", "hand_payments",
        "limit_for_han", "noten_payments", "total_of"
    },
    "tenpai.riichi.records": {
        "FIELDS", "nagashi_result", "read_record", "result_dict", "rules_of_record",
        "score_record"
    },
    "tenpai.riichi.result": {
        "DoraHit", "Score", "YakuHit"
    },
    "tenpai.riichi.rules": {
        "DEFAULT_PRESET", "MOST_COUNTERS", "OPTIONS", "Option", "PRESETS", "Ruleset",
        "choice_label", "find_rules", "load_rules", "option_changes", "option_description",
        "option_label", "preset_names", "preset_note", "rules_from_mapping", "rules_spec"
    },
    "tenpai.riichi.score": {
        "DoraHit", "Score", "YakuHit", "active_yaku", "score"
    },
    "tenpai.riichi.situation": {
        "FLAG_NAMES", "LOCAL_FLAGS", "LocalInputs", "NO_INPUTS", "Situation", "WIND_NAMES",
        "WIN_FLAGS", "imitated_turns", "parse_discards", "parse_relative_seat", "parse_wind"
    },
    "tenpai.schema": {
        "DIALECT", "record_schema", "result_schema", "schemas"
    },
    "tenpai.shanten": {
        "Analysis", "Discard", "analyse", "counts_of", "discards", "is_furiten", "load_tables",
        "shanten", "shanten_3p", "shanten_chiitoitsu", "shanten_kokushi", "shanten_standard",
        "ukeire", "unseen", "waits"
    },
    "tenpai.tiles": {
        "BONUS_TILES", "DORA_KIND", "DRAGONS", "GREEN_KINDS", "HONORS", "KINDS", "KIND_OF",
        "MAX_TEXT", "NUM_KINDS", "RED_FIVES", "TERMINALS", "Tile", "WINDS", "YAOCHUU",
        "counts34", "dora_of", "format_tiles", "is_bonus", "is_honor", "is_red", "is_terminal",
        "is_yaochuu", "kind", "normalize_width", "number", "parse_tile", "parse_tiles",
        "red_of", "sort_key", "suit", "tile_name", "unicode_tile"
    },
}  # fmt: skip


@pytest.mark.parametrize("module", sorted(PUBLIC_MODULES))
def test_each_public_module_keeps_its_names(module: str) -> None:
    mod = importlib.import_module(module)
    assert set(mod.__all__) == PUBLIC_MODULES[module]
    assert len(mod.__all__) == len(set(mod.__all__))
    for name in mod.__all__:
        assert hasattr(mod, name), f"{module}.{name}"


def test_the_reference_has_a_page_per_public_module() -> None:
    pages = {p.stem for p in REFERENCE.glob("*.rst")}
    assert pages == {"tenpai", *PUBLIC_MODULES}
    for module in PUBLIC_MODULES:
        text = (REFERENCE / f"{module}.rst").read_text(encoding="utf-8")
        assert f".. automodule:: {module}\n" in text, module


def _declares_all(path: Path) -> bool:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return any(
        isinstance(node, ast.Assign | ast.AnnAssign)
        and any(
            isinstance(t, ast.Name) and t.id == "__all__"
            for t in (node.targets if isinstance(node, ast.Assign) else [node.target])
        )
        for node in tree.body
    )


def test_every_public_module_declares_its_names() -> None:
    # a module whose name (or a folder's) starts with "_" is private and may skip it
    missing = [
        str(path.relative_to(SRC))
        for path in sorted(SRC.rglob("*.py"))
        if not any(
            part.startswith("_") and part != "__init__.py" for part in path.relative_to(SRC).parts
        )
        and not _declares_all(path)
    ]
    assert missing == []
