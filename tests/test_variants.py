"""The variant registry (``tenpai.variants``): one shape for every variant, and no front end
branching on a variant's name (docs/architecture.md, "How to add a variant")."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

import tenpai
from tenpai import cli, interchange
from tenpai.errors import RulesError, TenpaiError
from tenpai.hk import find_rules as find_hk_rules
from tenpai.render.documents import card_document
from tenpai.riichi.rules import PRESETS
from tenpai.trainer.dealing import DealError
from tenpai.trainer.variant import HONG_KONG, RIICHI
from tenpai.variants import VARIANTS, VariantEntry, find_trainer, find_variant, variant_names

SRC = Path(tenpai.__file__).parent

# A comparison of anything with a variant's name, in Python or in a Jinja template:
# ``variant == "hk"``, ``v.name != 'riichi'``, ``"hk" == x``.
_NAMES = "|".join(re.escape(n) for n in ("riichi", "hk"))
_BRANCH = re.compile(rf"""[=!]=\s*(['"])({_NAMES})\1|(['"])({_NAMES})\3\s*[=!]=""")
_WINGS = ("riichi/", "hk/")
_REGISTRY = ("variants.py",)
# Lines that compare with the word but not with a variant (file, the comparison):
_NOT_A_VARIANT = {
    ("game/sheet.py", 'kind == "riichi"'),  # the riichi declaration event
    ("web/templates/base.html", 'page == "hk"'),  # the Hong Kong pages' place in the menu
}


def _branches() -> list[str]:
    found = []
    for path in sorted(SRC.rglob("*")):
        if path.suffix not in (".py", ".html") or not path.is_file():
            continue
        rel = path.relative_to(SRC).as_posix()
        if rel.startswith(_WINGS) or rel in _REGISTRY:
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            hit = _BRANCH.search(line)
            if hit and (rel, line[hit.start() - 5 : hit.end()].strip()) not in _NOT_A_VARIANT:
                found.append(f"{rel}:{n}: {line.strip()}")
    return found


def test_the_scan_sees_a_branch() -> None:
    assert _BRANCH.search('if variant == "hk":')
    assert _BRANCH.search("{% if q.variant != 'riichi' %}")
    assert _BRANCH.search('if "hk" == v.name:')
    assert not _BRANCH.search('find_hk_rules("hk")')
    assert not _BRANCH.search('name = "hk" if name is None else name')


def test_no_front_end_branches_on_a_variant_name() -> None:
    """Outside the registry and the wings, the variant is chosen through the registry."""
    assert _branches() == []


def test_every_variant_has_the_same_operations() -> None:
    assert list(VARIANTS) == ["riichi", "hk"] == list(variant_names())
    for name, v in VARIANTS.items():
        assert isinstance(v, VariantEntry) and v.name == name
        assert find_variant(name) is v
        with pytest.raises(dataclasses.FrozenInstanceError):
            v.name = "x"  # type: ignore[misc]
        assert v.default_rules in v.presets()
        assert v.trainer().name == name and v.trainer().default_rules == v.default_rules


def test_the_registry_points_at_the_wings() -> None:
    assert find_trainer("riichi") is RIICHI
    assert find_trainer("hk") is find_trainer("Hong-Kong") is HONG_KONG
    assert find_variant("riichi").presets() == list(PRESETS)
    assert find_variant("hk").find_rules("yawnoc") is find_hk_rules("yawnoc")
    assert find_variant("riichi").bonus_tiles is False and find_variant("hk").bonus_tiles


def test_an_unknown_variant_is_named() -> None:
    with pytest.raises(RulesError, match="'sanma'"):
        find_variant("sanma")
    with pytest.raises(DealError, match=r"drills riichi, hk \(not 'sanma'\)"):
        find_trainer("sanma")
    with pytest.raises(TenpaiError, match="unknown variant 'sanma'"):
        card_document(variant="sanma")
    out = interchange.score_record({"variant": "sanma", "hand": "123m"})
    assert "unknown variant" in out["error"]["message"]


def test_the_tables_below_and_beside_the_registry_name_every_variant() -> None:
    """The command line keeps a table of what is its own; it must list the registry's
    variants."""
    assert list(cli._CLI_WINGS) == list(VARIANTS)


def test_a_record_scores_through_either_route() -> None:
    """The registry's record scorer and the batch reader's agree, for either variant."""
    hk = {"id": "a", "variant": "hk", "hand": "111m222p333s444m55z", "win_tile": "5z"}
    hk["self_drawn"] = True
    riichi = {"id": "b", "closed_tiles": "234m678p455667s88s", "win_tile": "5s"}
    riichi |= {"seat_wind": "S", "flags": {"riichi": True}}
    for rec in (hk, riichi):
        via_registry = find_variant(str(rec.get("variant", "riichi"))).score_record(rec)
        assert via_registry == interchange.score_record(rec)
        assert via_registry["id"] == rec["id"] and via_registry.get("error") is None
    # riichi, pinfu, tanyao: 3 han 30 fu, a non-dealer's ron: 3,900 (bareme.fr.md)
    assert find_variant("riichi").score_record(riichi)["points"] == 3900


def test_each_variant_says_where_the_rules_page_keeps_its_choice() -> None:
    # one session key each, and a session without a choice reads as the default rules
    keys = [v.rules_key for v in VARIANTS.values()]
    assert len(set(keys)) == len(keys)
    for v in VARIANTS.values():
        name, options, local = v.stored_rules(None)
        assert v.read_rules(name, dict(options), local) == v.find_rules(v.default_rules)
        assert v.rules_line(v.find_rules(v.default_rules)) == v.default_rules
    # a riichi choice as the rules page writes it: the preset and what differs from it
    riichi = find_variant("riichi")
    stored = {"preset": "tenhou", "options": {"kiriage": "true"}, "local": ["sanrenkou"]}
    name, options, local = riichi.stored_rules(stored)
    assert (name, options, local) == ("tenhou", (("kiriage", "true"),), ("sanrenkou",))
    rules = riichi.read_rules(name, dict(options), local)
    assert rules.kiriage and rules.local_yaku == frozenset({"sanrenkou"})
    assert riichi.rules_line(rules) == "tenhou+kiriage=true+local_yaku=sanrenkou"


def test_the_result_schema_has_one_definition_per_variant() -> None:
    from tenpai.schema import result_schema

    s = result_schema()
    assert list(s["$defs"]) == [*VARIANTS, "error"]
    for name in VARIANTS:
        assert s["$defs"][name]["properties"]["variant"] == {"const": name}
