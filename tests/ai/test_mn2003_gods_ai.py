"""The `standard` player's use of the Mythology's gods (issue 18: «offerings, gods when they
help»), on small public views: what it offers, and where it aims a god."""

from __future__ import annotations

from typing import Any

from bot.games.mare_nostrum.actions import Action
from bot.games.mare_nostrum.ai import gods
from bot.games.mare_nostrum.modules.mythology.gods.actions import (
    ChooseGod,
    IsisGive,
    KeepGod,
    PassOffering,
    UseGod,
)

NINE = ("grain", "wine", "oil", "sheep", "gold", "metal", "wood", "marble", "papyrus")


def _view(**extra: Any) -> dict[str, Any]:
    view: dict[str, Any] = {
        "viewer": "rome",
        "players": ["rome", "greece", "egypt"],
        "hand": {},
        "hw": {},
        "titles": {},
        "influence": {},
        "built": {},
        "board": "mn2003",
        "substates": {"mn2003.public": {"role_counts": {}}},
    }
    view.update(extra)
    return view


def test_no_offering_that_breaks_a_combination_of_nine() -> None:
    """«Il faut dépenser … une combinaison de 3 cartes pour invoquer l'aide d'un dieu»: with
    exactly 9 different resources it keeps them for a hero or wonder (9), with 3 spare tax
    cards beside them it offers those."""
    legal = [ChooseGod("rome", "hermes"), PassOffering("rome")]
    nine = dict.fromkeys(NINE, 1)
    assert gods.god_choice(_view(hand=nine), legal) == PassOffering("rome")
    assert gods.god_choice(_view(hand={**nine, "coin": 3}), legal) == ChooseGod("rome", "hermes")


def test_athena_where_two_more_win_the_role() -> None:
    """Athéna «ajoute +2 pour le décompte d'un titre»: on the role +2 wins, not one it holds
    anyway nor one it cannot reach."""
    counts = {
        "rome": {"trade": 9, "culture": 3, "military": 1},
        "greece": {"trade": 2, "culture": 4, "military": 9},
    }
    view = _view(
        titles={"trade": "rome", "culture": "greece", "military": "greece"},
        substates={"mn2003.public": {"role_counts": counts}},
    )
    uses = [UseGod("rome", "athena", r) for r in ("trade", "culture", "military")]
    assert gods.god_choice(view, [*uses, KeepGod("rome", "athena")]) == uses[1]


def test_baal_on_the_rival_nearest_victory() -> None:
    view = _view(
        hw={"greece": ["a", "b", "c"], "egypt": ["d"]},
        influence={"achaea": "greece", "aegyptus": "egypt"},
    )
    legal: list[Action] = [UseGod("rome", "baal", "aegyptus:0"), UseGod("rome", "baal", "achaea:0")]
    assert gods.god_choice(view, legal) == legal[1]


def test_isis_gives_itself_a_new_type_and_a_rival_a_duplicate() -> None:
    """Isis «donne de la réserve secrètement 1 carte ressource à chaque joueur (y compris
    soi-même)»: itself a type it lacks; Greece (its caravan on oil in Achaea) more oil."""
    mine: list[Action] = [IsisGive("rome", "rome", r) for r in ("grain", "oil")]
    assert gods.god_choice(_view(hand={"grain": 2}), mine) == mine[1]
    built = {"achaea": [False, False, False, True, False]}  # slot 3: the oil icon
    view = _view(influence={"achaea": "greece"}, built=built)
    theirs: list[Action] = [IsisGive("rome", "greece", r) for r in ("grain", "oil")]
    assert gods.god_choice(view, theirs) == theirs[1]
