"""The 2003 ruleset's `standard` player (issue 17): all-standard games end in a victory, it
never answers outside the engine's legal actions, and it beats `random`. The issue's 40+ game
runs are offline (`MN2003_AI_GAMES=20`, docs/mn2003.md §5 "Strength"); the suite plays a
few seeded games."""

from __future__ import annotations

import os
from collections import Counter
from typing import Any

import pytest

from bot.ai.base import make_player
from bot.ai.play import play_game, seat_order
from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import GiveCompensation, MakeOffer, TakeResource
from bot.games.mare_nostrum.ai import mn2003_hand as cards
from bot.games.mare_nostrum.ai import mn2003_war as war
from bot.games.mare_nostrum.ai.mn2003 import Standard2003Player

GAMES = int(os.environ.get("MN2003_AI_GAMES", "2"))  # per player count and start
MAX_ROUNDS = 30
STARTS = ("predetermined", "free")


def _play_checked(seats: dict[str, str], seed: int, options: dict[str, str]) -> tuple[Any, int]:
    """A seeded game where every answer is checked against the legal actions listed."""
    order = list(seats)
    ais = {p: make_player(level, seed * 31 + i) for i, (p, level) in enumerate(seats.items())}
    state, _ = engine.new_game(order, options, seed)
    actions = 0
    while not engine.is_over(state) and actions < 20_000:
        owed = {p.player for p in engine.owed(state)}
        player = next(p for p in order if p in owed)
        legal = engine.legal_actions(state, player)
        action = ais[player].choose(engine.view(state, player), legal)
        assert action in legal, f"seed {seed}, action {actions}: {action} is not legal"
        engine.apply_in_place(state, action)
        actions += 1
    return state, actions


@pytest.mark.parametrize("start", STARTS)
@pytest.mark.parametrize("players", [3, 4, 5], ids=["3p", "4p", "5p"])
def test_all_standard_games_end_in_a_victory(players: int, start: str) -> None:
    """«Être le premier à construire les pyramides ou à posséder 4 merveilles et/ou héros»
    (004 l.87, the base rules restated): four standard players pursue it and the game ends
    (before: three standard players played 217 rounds without a winner); every answer is one
    of the engine's legal actions."""
    options = {"ruleset": "2003", "start": start}
    seats = {p: "standard" for p in seat_order(players, "mare_nostrum", options)}
    state, _ = _play_checked(seats, 7, options)
    public = engine.view(state, None)
    assert engine.is_over(state)
    assert public["victory"] in ("pyramids", "heroes_wonders")
    assert public["round"] <= MAX_ROUNDS


def test_standard_answers_are_legal_against_random() -> None:
    """Against random players (battles, casualties, conquests, exchanges of every size) the
    standard player still answers only with listed actions."""
    options = {"ruleset": "2003", "start": "free"}
    order = seat_order(4, "mare_nostrum", options)
    seats = {p: "standard" if i % 2 == 0 else "random" for i, p in enumerate(order)}
    state, _ = _play_checked(seats, 11, options)
    assert engine.is_over(state)


def test_standard_beats_random_in_a_seeded_sample() -> None:
    """Issue 17: «`standard` beats `random` in at least 90% of games». The offline runs (20
    games per player count and start, docs/mn2003.md) are the measure; this sample of
    `MN2003_AI_GAMES` games per count and start asks for 80 % (12 games: at most 2 lost)."""
    wins, played = 0, 0
    conditions: Counter[str] = Counter()
    for start in STARTS:
        options = {"ruleset": "2003", "start": start}
        for players in (3, 4, 5):
            order = seat_order(players, "mare_nostrum", options)
            for i in range(GAMES):
                seed = 100 + i
                std = order[(seed + players) % players]
                seats = {p: "standard" if p == std else "random" for p in order}
                result = play_game(seats, seed, check=False, options=options)
                assert result.error is None, f"{players}p {start} seed {seed}: {result.error}"
                conditions[result.victory or "none"] += 1
                played += 1
                wins += std in result.winners
    assert wins >= 0.8 * played, f"standard won {wins}/{played} ({conditions})"


# --- the pieces of its judgement ---------------------------------------------------------


def test_a_hand_is_worth_its_largest_combination() -> None:
    """«Une combinaison est composée: soit de cartes impôts, soit de cartes ressources
    différentes»: 9 different resources buy a card, 9 of two types buy nothing big."""
    nine = {
        r: 1
        for r in ("grain", "wine", "oil", "sheep", "gold", "metal", "wood", "marble", "papyrus")
    }
    pairs = {"grain": 5, "wine": 4}
    assert cards.largest_set(nine) == 9 and cards.largest_set(pairs) == 2
    assert cards.worth(nine) > cards.worth(pairs) + cards.SET_BONUS[cards.HW_SET] / 2


def test_offers_duplicates_and_takes_a_type_it_lacks() -> None:
    view = {"viewer": "greece", "hand": {"grain": 3, "wine": 1, "coin": 1}, "hw": {}}
    offers = [MakeOffer("greece", r) for r in (("coin",), ("grain",), ("wine",))]
    assert cards.best_offer(view, offers).resources == ("grain",)
    picks = [TakeResource("greece", "rome", t) for t in ("grain", "coin", "oil")]
    assert cards.best_pick(view, picks).token == "oil"
    gives = [GiveCompensation("greece", r) for r in ("wine", "grain", "coin")]
    assert cards.best_compensation(view, gives).resource == "grain"


def test_the_trade_leader_names_its_duplicates() -> None:
    """«Le Maître du commerce décide combien de cartes seront proposées à l'échange»: as many
    as it has duplicates, never more than another player holds."""
    from bot.games.mare_nostrum.rulesets.mn2003.trade import NameAmount

    view = {
        "viewer": "greece",
        "hand": {"grain": 3, "wine": 2, "oil": 1},
        "substates": {"mn2003.public": {"hand_sizes": {"greece": 6, "rome": 7, "egypt": 2}}},
    }
    legal = [NameAmount("greece", n) for n in range(8)]
    assert cards.name_amount(view, legal).amount == 3


def test_battle_odds_follow_the_single_round() -> None:
    """«Chacun fait la somme et élimine 1 unité … pour chaque tranche de 5 points»: one die
    scores a hit 2 times in 6; three dice kill one defender unless they total 4 or less."""
    assert war.kill_odds(1, 0, 1) == pytest.approx(2 / 6)
    assert war.kill_odds(3, 0, 1) == pytest.approx(1 - 4 / 216)
    assert war.kill_odds(2, 0, 3) == 0.0
    assert war.kill_odds(1, 1, 1) == pytest.approx(3 / 6)  # Hannibal's +1


def test_standard_is_chosen_for_the_2003_ruleset() -> None:
    player = make_player("standard", 1)
    options = {"ruleset": "2003"}
    order = seat_order(3, "mare_nostrum", options)
    state, _ = engine.new_game(order, options, 1)
    owed = engine.owed(state)[0].player
    player.choose(engine.view(state, owed), engine.legal_actions(state, owed))
    assert isinstance(getattr(player, "player", None), Standard2003Player)
