"""The `standard` player's creature answers (ai/creatures.py), on positions given as views:
it loses legions first, blockades only where its fleet outnumbers the mover's, shoots with
its titans, and attacks with creatures only with a clear majority."""

from __future__ import annotations

from typing import Any

from bot.games.mare_nostrum.actions import Action, Battle
from bot.games.mare_nostrum.ai.creatures import creature_choice
from bot.games.mare_nostrum.modules.mythology.blockade import PassBlockade
from bot.games.mare_nostrum.modules.mythology.creature_battles import LoseArmy
from bot.games.mare_nostrum.modules.mythology.creature_moves import MoveCreatures, Shoot
from bot.games.mare_nostrum.rulesets.mn2003.military import March


def view(**parts: Any) -> dict[str, Any]:
    return {"legions": {}, "fortresses": {}, "triremes": {}, "substates": {}, **parts}


def test_it_loses_legions_before_fortresses_and_creatures() -> None:
    legal: list[Action] = [
        LoseArmy("rome", 0, 0, 2),
        LoseArmy("rome", 1, 0, 1),
        LoseArmy("rome", 2, 0, 0),
    ]
    assert creature_choice(view(), legal) == LoseArmy("rome", 2, 0, 0)


def test_the_greek_blockades_only_with_the_larger_fleet() -> None:
    legal: list[Action] = [
        Battle("greece", "ionium", "rome"),
        Battle("greece", "hadriaticum", "rome"),
        PassBlockade("greece"),
    ]
    fleets = {"ionium": {"greece": 1, "rome": 2}, "hadriaticum": {"greece": 3, "rome": 1}}
    assert creature_choice(view(triremes=fleets), legal) == legal[1]
    fleets["hadriaticum"] = {"greece": 1, "rome": 1}
    assert creature_choice(view(triremes=fleets), legal) == PassBlockade("greece")


def test_titans_shoot_whenever_they_can() -> None:
    shot = Shoot("rome", "italia", "carthage")
    assert creature_choice(view(), [March("rome", "latium", "italia", 1), shot]) == shot


def test_creatures_attack_with_a_clear_majority_only() -> None:
    strong = MoveCreatures("rome", "latium", "italia", 2, 1, "carthage")  # 2×2 + 1 = 5
    weak = MoveCreatures("rome", "latium", "italia", 1, 0, "carthage")
    legions = {"italia": {"carthage": 3}}
    assert creature_choice(view(legions=legions), [weak, strong]) == strong
    legions = {"italia": {"carthage": 4}}
    assert creature_choice(view(legions=legions), [weak, strong]) is None
