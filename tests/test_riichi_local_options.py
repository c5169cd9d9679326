"""The index of the local yaku and their options (riichi/local_options.py), below both the
rulesets that check them and the rows that score them (Tenpai's index of them and its defaults)."""

from __future__ import annotations

import pytest

from tenpai.errors import RulesError
from tenpai.riichi import find_rules
from tenpai.riichi.local import LOCAL_YAKU, local_variants
from tenpai.riichi.local_options import LOCAL_OPTIONS, check_local_ids, check_local_options


def test_rows_follow_the_index() -> None:
    # every row has its entry in the index, in the same order, and no entry lacks its row
    assert tuple(ly.row.id for ly in LOCAL_YAKU) == tuple(LOCAL_OPTIONS)


@pytest.mark.parametrize(
    ("yaku_id", "names"),
    [
        # Tenpai's options: shiiaru raotai and kyandonhou take two options, kanburi none
        ("shiiaru_raotai", ("win_type", "ankan_counts")),
        ("kanburi", ()),
        ("kyandonhou", ("same_suit_pair_required", "open_han")),
    ],
)
def test_a_rows_options_are_the_index_entry(yaku_id: str, names: tuple[str, ...]) -> None:
    assert tuple(v.name for v in local_variants(yaku_id)) == names


def test_ids_are_checked_against_the_index() -> None:
    assert check_local_ids(["kanburi", "tanron"]) == {"kanburi", "tanron"}
    with pytest.raises(RulesError, match="unknown local yaku 'kanbri'"):
        check_local_ids(["kanbri"])
    with pytest.raises(RulesError, match="'pouhoi_paarenchan' needs 'paarenchan'"):
        check_local_ids(["pouhoi_paarenchan"])


def test_option_values_are_checked_and_converted() -> None:
    assert check_local_options({"tanron": {"tanron_han": "2"}}) == (("tanron.tanron_han", 2),)
    with pytest.raises(RulesError, match="takes one of 2, 3, 4, not 5"):
        check_local_options({"tanron.tanron_han": 5})
    with pytest.raises(RulesError, match="has no option 'han'"):
        check_local_options({"tanron.han": 3})


def test_a_ruleset_checks_through_the_index() -> None:
    rules = find_rules("bareme").with_options(
        local_yaku="tanron", local_options={"tanron.tanron_han": 4}
    )
    assert rules.local_yaku == {"tanron"} and rules.local_options == (("tanron.tanron_han", 4),)
    with pytest.raises(RulesError, match="unknown local yaku"):
        find_rules("bareme").with_options(local_yaku="no_such_yaku")
