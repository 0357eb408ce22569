"""The Mythology's fourth role and its victory conditions (checklist D.2 MR-02, MR-05,
MV-01 … MV-03; aid §B.5, §B.14, C-14, C-59)."""

from __future__ import annotations

import pytest

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import AwardTitle, Buy
from bot.games.mare_nostrum.errors import EngineError
from bot.games.mare_nostrum.modules.mythology import cards
from bot.games.mare_nostrum.rules import rules_for
from bot.games.mare_nostrum.rulesets.mn2003.construction import cost
from bot.games.mare_nostrum.rulesets.mn2003.roles import counts
from bot.games.mare_nostrum.rulesets.mn2003.substate import sub

from .setup_helpers import (
    act,
    construction_turn,
    enter,
    give,
    new,
    pay_coins,
    prompt_of,
    started,
)

C = cards.PREFIX


def test_mr02_the_high_priest_counts_temples_and_markets() -> None:
    """004 l.157–158: «Grand Prêtre: celui qui a le plus de temples et de marchés sous son
    contrôle»; markets count for trade too, temples for the Leader politique (B.5)."""
    state = started(6)
    sub(state).temples.append("gadira")
    sub(state).markets += ["gadira", "atlantis"]
    mine = counts(state, "atlantis")
    assert mine["high_priest"] == 3
    assert mine["trade"] == 4 + 2  # caravans ceramic, metal, oil, hesperides + 2 markets
    assert mine["culture"] == 1 + 1  # the ville on POSEIDONIS + the temple
    assert set(mine) == {"trade", "high_priest", "culture", "military"}
    assert rules_for("2003", ("mythology",)).data["mn2003.roles"] == (
        "trade",
        "high_priest",
        "culture",
        "military",
    )


def test_mr02_an_occupied_temple_counts_for_the_occupier() -> None:
    """004 l.305: occupied buildings «comptent pour lui au moment de l'attribution des
    titres» (C-28)."""
    state = started(6)
    sub(state).temples.append("gadira")
    state.legions["gadira"] = {"rome": 1}
    sub(state).occupied["gadira"] = "rome"
    state.built["gadira"] = [False] * len(state.built["gadira"])
    assert counts(state, "rome")["high_priest"] == 1
    assert counts(state, "atlantis")["high_priest"] == 0


def test_mr05_the_four_roles_are_recounted_at_the_end_of_the_round() -> None:
    """004 l.145: «le contrôle a lieu à la fin de chaque tour et seulement à ce moment-là»;
    l.162: «En cas d'égalité, celui qui a le rôle le garde. Si l'égalité concerne des joueurs
    qui n'ont pas le rôle, son actuel possesseur décide à qui il le lègue»."""
    state = started(6)
    # Two temples for Babylon: the Grand Prêtre (Greece, 0) loses the role to him alone.
    sub(state).temples += ["babylonia", "syria"]
    enter(state, "roles")
    assert state.titles["high_priest"] == "babylon"
    # A tie among players who do not hold it: the holder (Babylon) chooses.
    state = started(6)
    sub(state).temples += ["africa", "latium"]
    state.titles["high_priest"] = "egypt"
    enter(state, "roles")
    award = prompt_of(state, "award_role")
    assert award.player == "egypt" and award.data["role"] == "high_priest"
    assert sorted(award.data["tied"]) == ["carthage", "rome"]
    act(state, AwardTitle("egypt", "high_priest", "rome"))
    assert state.titles["high_priest"] == "rome"
    with pytest.raises(EngineError):
        engine.check(state, AwardTitle("egypt", "high_priest", "greece"))


def test_mv01_all_four_roles_at_the_round_end_count_win() -> None:
    """004 l.86: «Être le premier à construire les pyramides ou à posséder 4 merveilles et/ou
    héros ou à obtenir les 4 titres (Maître du commerce, Grand Prêtre, Leader politique et
    Chef militaire)»; C-59: checked right after the count."""
    state = started(3)
    for pid in ("macedonia", "thracia", "achaea"):
        sub(state).temples.append(pid)
        sub(state).markets.append(pid)
    state.legions["achaea"] = {"greece": 6}
    for pid in ("creta", "asia"):
        state.influence[pid] = "greece"
        for i in range(len(state.built[pid])):
            state.built[pid][i] = True
    events = enter(state, "roles")
    assert set(state.titles.values()) == {"greece"}
    assert state.over and state.winners == ["greece"] and state.victory == "four_roles"
    assert any(e.kind == "game_won" for e in events)


def test_mv01_three_roles_do_not_win() -> None:
    """The four roles, not three: without the Grand Prêtre the round goes on."""
    state = started(6)
    enter(state, "roles")
    assert not state.over


def test_mv01_the_pyramids_cost_12_and_win() -> None:
    """004 l.86: «construire les pyramides»; l.451: «Pyramides: nécessitent une combinaison
    de 12 cartes et donnent la victoire»."""
    state = started(6)
    construction_turn(state, "atlantis")
    assert cost(state, "atlantis", "pyramids") == 12
    state.hands["atlantis"] = {"coin": 12}
    act(state, Buy("atlantis", "pyramids", cards.PYRAMIDS))
    pay_coins(state, "atlantis")
    assert state.over and state.winners == ["atlantis"] and state.victory == "pyramids"


def test_mv01_four_heroes_and_or_wonders_win() -> None:
    """004 l.93–94: «On peut gagner avec des merveilles et des héros, pourvu que l'on en ait 4
    au total» (the specific hero counts, l.350–351)."""
    state = started(6)
    market = list(state.hw_market)
    give(state, "atlantis", market[0], market[1])
    construction_turn(state, "atlantis")
    state.hands["atlantis"] = {"coin": 9}
    act(state, Buy("atlantis", "hw", market[2]))
    pay_coins(state, "atlantis")
    assert state.over and state.winners == ["atlantis"]
    assert state.victory == "heroes_wonders"


def test_mv02_the_long_game_5_cards_and_pyramids_13() -> None:
    """004 l.86–87: «Pour une partie longue, on peut fixer l'objectif à 5 héros et/ou
    merveilles et fixer le coût des pyramides à 13 cartes»."""
    state = started(6, long_game=True)
    market = list(state.hw_market)
    give(state, "atlantis", market[0], market[1])
    construction_turn(state, "atlantis")
    assert cost(state, "atlantis", "pyramids") == 13
    state.hands["atlantis"] = {"coin": 9}
    act(state, Buy("atlantis", "hw", market[2]))
    pay_coins(state, "atlantis")
    assert not state.over and len(state.hw["atlantis"]) == 4
    with pytest.raises(EngineError) as err:
        new(6, long_game="yes")
    assert err.value.code == "bad_game_option"
    with pytest.raises(EngineError) as err:  # the 2003 game without the module
        engine.new_game(
            ["greece", "carthage", "babylon"], {"ruleset": "2003", "long_game": True}, 1
        )
    assert err.value.code == "bad_game_option"


def test_mv03_ties_in_construction_per_c14() -> None:
    """004 l.249–250: «si plusieurs joueurs peuvent finir le même tour et qu'aucun d'eux
    n'est Leader politique … on peut convenir d'un match nul. Si l'un des deux a construit
    les pyramides, il est déclaré vainqueur»."""
    state = started(6)
    market = list(state.hw_market)
    give(state, "rome", market[0], market[1])
    give(state, "atlantis", market[2], market[3])
    state.hands["rome"] = {"coin": 9}
    state.hands["atlantis"] = {"coin": 9}
    construction_turn(state, "rome")
    assert state.over and state.winners == ["rome", "atlantis"]
    state = started(6)
    give(state, "rome", market[0], market[1])
    state.hands["rome"] = {"coin": 9}
    state.hands["atlantis"] = {"coin": 12}
    construction_turn(state, "rome")
    assert state.over and state.winners == ["atlantis"] and state.victory == "pyramids"
