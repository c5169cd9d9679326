"""The two wings are twins (docs/architecture.md, "The wings"): ``tenpai.riichi`` and
``tenpai.hk`` hold the same modules for the same jobs, with the same public names, and a
module's name always imports as that module."""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType

import pytest

import tenpai.hk
import tenpai.riichi

WINGS = (tenpai.riichi, tenpai.hk)

# Each job's module and the names both wings give it, for the same work.
MIRRORED = {
    "rules": ("find_rules", "load_rules", "rules_from_mapping"),
    "situation": ("WIN_FLAGS",),
    "score": ("score",),
    "explain": ("explain", "render_text"),
    "records": ("FIELDS", "read_record", "result_dict", "score_record"),
    "deal": ("DEALER_VERSION", "FOCI", "deal", "deal_record", "hand_id", "parse_hand_id", "replay"),
    "quiz": ("PARTS", "concept_focus", "grade", "questions"),
    "documents": ("document",),
}


def _modules(wing: ModuleType) -> list[str]:
    return sorted(
        f"{wing.__name__}.{m.name}"
        for m in pkgutil.iter_modules(wing.__path__)
        if not m.name.startswith("_c")  # the compiled twins are not the wing's own modules
    )


def test_each_wing_has_every_job_module() -> None:
    for wing in WINGS:
        names = {m.rsplit(".", 1)[1] for m in _modules(wing)}
        assert set(MIRRORED) <= names, (wing.__name__, sorted(set(MIRRORED) - names))


@pytest.mark.parametrize("job", sorted(MIRRORED))
def test_the_wings_give_the_same_names_for_the_same_job(job: str) -> None:
    for wing in WINGS:
        module = importlib.import_module(f"{wing.__name__}.{job}")
        for name in MIRRORED[job]:
            assert callable(getattr(module, name)) or name.isupper(), (module.__name__, name)
            assert name in module.__all__, (module.__name__, name)


@pytest.mark.parametrize("name", [m for w in WINGS for m in _modules(w)])
def test_a_module_name_imports_as_the_module(name: str) -> None:
    module = importlib.import_module(name)
    assert isinstance(module, ModuleType) and module.__name__ == name
    package, _, last = name.rpartition(".")
    # no name the package exports hides the module (the trap of `tenpai.riichi.score` that
    # once gave the scoring function)
    assert getattr(importlib.import_module(package), last) is module


def test_no_wing_exports_a_name_of_one_of_its_modules() -> None:
    for wing in WINGS:
        modules = {m.rsplit(".", 1)[1] for m in _modules(wing)}
        assert not modules & set(wing.__all__), wing.__name__


def test_a_job_function_is_the_one_of_its_wing() -> None:
    # the mirrored names are the wings' own functions, not one wing's reached from the other
    from tenpai.hand import Hand
    from tenpai.hk.score import score as hk_score
    from tenpai.hk.situation import HKSituation
    from tenpai.riichi.score import score as riichi_score
    from tenpai.riichi.situation import Situation

    hand = Hand.parse("234m678p45667s88s ron 5s")
    # riichi, pinfu, tanyao: 3 han 30 fu, a non-dealer's ron: 3,900 (bareme.fr.md)
    assert riichi_score(hand, Situation(seat_wind=28, riichi=True)).points == 3900
    # Hong Kong: no flowers, a concealed hand and all chows, 1 fan each: 3 fan (hk-fan.fr.md)
    assert hk_score(hand, HKSituation.of(seat="S", discarder="E")).fan == 3
