"""Play windows (rulings 17–18; core.windows): a test-only module, `test.window_omens`, lets every
player holding resources play an Omen — pay a coin (hidden: his hand), and every other player
loses a coin — at each of Mare Nostrum's window points. It shows who is asked (from public facts
only), the sealed answers, "pass" as the default, the conflict order, a play made void by an
earlier one, the quiet option, and that a game without participants opens no window."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from bot.games.core import EventLog, RulesModule
from bot.games.core.actions import Action
from bot.games.core.windows import (
    PassWindow,
    WindowParticipant,
    conflict_order,
    window_deadline_hours,
)
from bot.games.mare_nostrum import engine, windows
from bot.games.mare_nostrum.rules import register_module, rules_for
from bot.games.mare_nostrum.state import GameState
from bot.games.mare_nostrum.windows import participate

from .builder import Scenario, rejected
from .test_playouts import play

EMPIRES = ["rome", "greece", "carthage"]
OPTIONS: dict[str, Any] = {"modules": ["test.window_omens"]}


@dataclass(frozen=True, slots=True)
class Omen(Action):
    kind: ClassVar[str] = "test_omen"


def _concerned(state: GameState, player: str, ctx: Any) -> bool:
    """Public: he holds at least one resource (hand sizes are public), whatever they are."""
    return sum(state.hands[player].values()) > 0


def _plays(state: GameState, player: str, ctx: Any) -> list[Action]:
    return [Omen(player)] if state.hands[player].get("coin") else []


def _perform(state: GameState, player: str, action: Action, ctx: Any, ev: EventLog) -> None:
    for p in state.players:
        if state.hands[p].get("coin"):
            state.hands[p]["coin"] -= 1
            if not state.hands[p]["coin"]:
                del state.hands[p]["coin"]
    ev.public("omen", player=player)


OMENS: RulesModule[GameState] = RulesModule("test.window_omens")
for _point in windows.POINTS:
    participate(
        OMENS,
        _point,
        WindowParticipant(
            "test.omen", (Omen,), plays=_plays, perform=_perform, concerned=_concerned
        ),
    )
register_module(OMENS)


class OmenScenario(Scenario):
    def __init__(self, options: dict[str, Any] | None = None) -> None:
        self.state, self.events = engine.new_game(EMPIRES, options or OPTIONS, 1)
        self.state.prompts = []
        self.state.trade = None


def asked(s: Scenario) -> list[str]:
    return [p.player for p in s.state.prompts if p.kind == "window"]


def claims_window(**hands: dict[str, int]) -> OmenScenario:
    s = OmenScenario()
    for player, hand in hands.items():
        s.hand(player, **hand)
    s.enter("claims")
    return s


def test_regle_17_une_fenetre_sans_joueur_concerne_n_ouvre_rien() -> None:
    """« a window with no concerned player opens nothing »: the base game registers no
    participant, and its phases open no window (the seeded games' digest is unchanged)."""
    assert rules_for().window_participants == {}
    s = Scenario(players=EMPIRES)
    s.enter("claims")
    assert not s.kinds("window_opened")
    s2 = claims_window(rome={}, greece={}, carthage={})
    assert asked(s2) == [] and not s2.kinds("window_opened")


def test_regle_17_demande_chaque_joueur_concerne_quelles_que_soient_ses_cartes() -> None:
    """Ruling 17: « A window asks every player concerned who holds at least one event card,
    whatever his cards are, so that it reveals no more than the public hand sizes »: Greece,
    holding no coin, is asked all the same (he may only pass); Carthage, empty-handed, not."""
    s = claims_window(rome={"coin": 1}, greece={"grain": 2}, carthage={})
    assert asked(s) == ["rome", "greece"]
    assert s.legal("greece") == [PassWindow("greece")]
    assert s.legal("rome") == [Omen("rome"), PassWindow("rome")]
    rejected(s, Omen("greece"), "not_playable_now")


def test_regle_17_passer_est_le_defaut() -> None:
    """Ruling 17: « "pass" as the default »."""
    s = claims_window(rome={"coin": 1}, greece={"coin": 1}, carthage={})
    for prompt in engine.owed(s.state):
        assert engine.default_action(s.state, prompt) == PassWindow(prompt.player)


def test_regle_17_reponses_scellees_jusqu_a_la_derniere() -> None:
    """The answers are sealed until the last one (rulings §11's sealed answers): Rome's play
    shows in no one else's view, and nothing resolves before Greece answers."""
    s = claims_window(rome={"coin": 2}, greece={"coin": 1}, carthage={})
    s.act(Omen("rome"))
    assert not s.kinds("omen") and s.state.phase == "claims"
    greek = engine.view(s.state, "greece")
    assert "test_omen" not in repr(greek) and greek["answered"] == ["rome"]
    s.act(PassWindow("greece"))
    assert [e.data["player"] for e in s.kinds("omen")] == ["rome"]
    assert s.kinds("levels")  # then the Claims go on


def test_regle_17_ordre_de_conflit_le_premier_puis_l_ordre_des_sieges() -> None:
    """Ruling 17: « the active player's plays resolve first, then the others' in seat order
    after him (the holder of the phase's title when no player is active) »: in Trade, the
    Trade Leader (Carthage) first, then Rome, then Greece; a play that an earlier one made
    impossible is void."""
    assert conflict_order(EMPIRES, "carthage") == ["carthage", "rome", "greece"]
    s = OmenScenario()
    s.hand("rome", coin=1).hand("greece", coin=3).hand("carthage", coin=1)
    s.title("trade", "carthage")
    s.enter("trade")
    s.act(next(a for a in s.legal("carthage") if a.to_dict().get("amount")))
    assert asked(s) == ["carthage", "rome", "greece"]
    s.act(Omen("greece"))
    s.act(Omen("rome"))
    s.act(Omen("carthage"))
    assert [e.data["player"] for e in s.kinds("omen")] == ["carthage", "greece"]
    assert [e.data["player"] for e in s.kinds("window_play_void")] == ["rome"]
    # The void play stays Rome's secret (a card he still holds): told to him alone.
    assert all("play" not in e.data for e in s.kinds("window_play_void"))
    assert [e.audience for e in s.kinds("window_play_refused")] == [("rome",)]
    assert [e.data["played"] for e in s.kinds("window_closed")] == [["carthage", "greece"]]


def test_regle_17_le_joueur_discret_n_est_demande_que_s_il_peut_jouer() -> None:
    """Ruling 17: « A player may choose, per game, not to be asked in windows where he holds
    nothing playable » (the game's option `window_quiet`)."""
    s = OmenScenario({**OPTIONS, "window_quiet": ["greece", "rome"]})
    s.hand("rome", coin=1).hand("greece", grain=2).hand("carthage", grain=1)
    s.enter("claims")
    assert asked(s) == ["rome", "carthage"]
    assert engine.new_game(EMPIRES, {**OPTIONS, "window_quiet": ["greece"]}, 1)[0].window_quiet == [
        "greece"
    ]


def test_regle_17_option_discrete_invalide_refusee() -> None:
    """Bad input gets a typed error with a stable code."""
    with pytest.raises(Exception) as info:
        engine.new_game(EMPIRES, {**OPTIONS, "window_quiet": ["atlantis"]}, 1)
    assert getattr(info.value, "code", None) == "bad_window_quiet"


def test_fenetres_a_chaque_point_nomme() -> None:
    """B6: Production, Trade (open and reveal), the Military phase's start, each battle's start
    and the Claims' start each open their window (seen in seeded random games)."""
    seen: set[str] = set()
    for seed in range(3):
        rnd = random.Random(seed)
        state, _ = engine.new_game(EMPIRES, OPTIONS, seed)
        for _ in range(3000):
            if state.over:
                break
            player = rnd.choice(sorted({p.player for p in engine.owed(state)}))
            events = engine.apply_in_place(state, rnd.choice(engine.legal_actions(state, player)))
            seen.update(e.data["window"] for e in events if e.kind == "window_opened")
    assert seen == {p.name for p in windows.POINTS}


@pytest.mark.parametrize("seed", range(3))
def test_parties_avec_fenetres_invariants_et_rejeu(seed: int) -> None:
    """Seeded random games with windows at every point: the invariants and the JSON round
    trip after every action, and the replay of the log."""
    state, log = play(EMPIRES, seed, options=OPTIONS)
    again = engine.replay(EMPIRES, OPTIONS, seed, [a.to_dict() for a in log])
    assert engine.to_json(again) == engine.to_json(state)


def test_regle_17_delai_court_un_quart_au_moins_une_heure() -> None:
    """Ruling 17: « its own short deadline (a quarter of the game's decision deadline, at least
    one hour) »."""
    assert window_deadline_hours(24) == 6
    assert window_deadline_hours(2) == 1
    assert window_deadline_hours(0.5) == 0.5
