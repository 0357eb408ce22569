"""Ierusalem's « Événement Divin » cards (page 8, L700–756; checklist 7.5) and playing a card
« à n'importe quel moment » (rulings 17 a): at once when no decision is being resolved, else at
the next moment where none is."""

from __future__ import annotations

from bot.games.core.windows import PassWindow
from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import Battle
from bot.games.mare_nostrum.control import levels
from bot.games.mare_nostrum.modules.legends.actions import PlayEvent

from ..builder import rejected
from ..test_build import start as start_build
from ..test_heroes_military import finish_steps
from .scenario import LegendsScenario

BOTH = ("troia", "ierusalem")


def pass_windows(s: LegendsScenario, but: str = "") -> None:
    for p in list(s.state.prompts):
        if p.kind == "window" and not p.data.get("answered") and p.player != but:
            s.act(PassWindow(p.player))


def start(s: LegendsScenario, player: str) -> None:
    """Open the Military phase (its window passed) and name `player` first."""
    from bot.games.mare_nostrum.actions import ChooseNext

    s.enter("military")
    pass_windows(s)
    s.act(ChooseNext(s.state.titles["military"], player))


def play(player: str, card: str, target: str = "", decoys: bool = False) -> PlayEvent:
    return PlayEvent(player, f"ierusalem.{card}", target, decoys)


def test_poseidon_at_any_time_destroys_an_opponent_s_trireme() -> None:
    """POSÉIDON: « À jouer n'importe quand. Détruisez une Trirème adverse de votre choix. La
    Trirème est remise dans la Réserve de son propriétaire. » Rome owes nothing (Carthage plays
    the trade token) and plays it at once."""
    s = LegendsScenario(("ierusalem",), keep_prompts=True).give("rome", "ierusalem.poseidon")
    s.triremes("ionium", "greece", 2).triremes("tyrrhenum", "rome", 1)
    assert not engine.owed(s.state) or all(p.player != "rome" for p in engine.owed(s.state))
    assert s.legal("rome") == [play("rome", "poseidon", "ionium:greece")]
    rejected(s, play("rome", "poseidon", "tyrrhenum:rome"), "bad_target")
    s.act(play("rome", "poseidon", "ionium:greece"))
    assert s.state.triremes["ionium"] == {"greece": 1}
    assert s.leg.discards["ierusalem"] == ["ierusalem.poseidon"]


def test_ruling_17a_waits_while_a_decision_is_being_resolved() -> None:
    """Rulings 17 (a): « applied at once if no decision is being resolved, otherwise at the
    next moment where none is »: during a battle's window, Carthage's Vulcain waits for it to
    close."""
    s = LegendsScenario(BOTH).give("greece", "troia.decoy").give("carthage", "ierusalem.vulcan")
    s.legions("macedonia", "rome", 2).legions("macedonia", "greece", 1)
    start(s, "rome")
    finish_steps(s, "rome")
    s.act(Battle("rome", "macedonia", "greece"))
    target = "gallia:0"
    assert s.state.built["gallia"][0]
    s.act(play("carthage", "vulcan", target))
    assert s.kinds("event_play_waits") and s.state.built["gallia"][0]
    assert "ierusalem.vulcan" in s.leg.hands["carthage"]
    s.act(PassWindow("greece"))
    assert not s.state.built["gallia"][0]
    assert s.leg.hands["carthage"] == [] and not s.leg.pending


def test_ruling_17a_a_hidden_card_never_stops_a_forced_answer() -> None:
    """Issue 13's forcing reveals nothing: a player holding an "at any time" card is still
    forced when he owes one public answer with a single choice."""
    s = LegendsScenario(("ierusalem",), keep_prompts=True)
    s.give("greece", "ierusalem.poseidon")
    s.triremes("ionium", "rome", 1)
    s.leg.wins["greece"] = 0
    plain = LegendsScenario(("ierusalem",), keep_prompts=True)
    for player in s.state.players:
        assert (engine.forced_action(s.state, player) is None) == (
            engine.forced_action(plain.state, player) is None
        )


def test_vulcan_destroys_any_caravan() -> None:
    """VULCAIN: « À jouer n'importe quand. Détruisez une Caravane de votre choix. Le marqueur
    est remis dans la Réserve. » (D11: one's own included)"""
    s = LegendsScenario(("ierusalem",)).give("rome", "ierusalem.vulcan")
    targets = {a.target for a in s.legal("rome") if isinstance(a, PlayEvent)}
    assert {"gallia:0", "macedonia:0"} <= targets
    assert not any(t.startswith("latium:0") for t in targets)  # a capital is no caravan


def test_baal_destroys_a_city_capital_or_legendary_city_in_the_military_phase() -> None:
    """BAAL: « À jouer lors de la Phase Militaire. Détruisez une Cité, Capitale ou Cité
    Légendaire de votre choix. Le marqueur est remis dans la Réserve. »"""
    s = LegendsScenario(("ierusalem",)).give("rome", "ierusalem.baal")
    start(s, "rome")
    assert play("rome", "baal", "thracia:0") in s.legal("rome")
    s.act(play("rome", "baal", "thracia:0"))
    assert not s.state.built["thracia"][0]
    s2 = LegendsScenario(("ierusalem",)).give("rome", "ierusalem.baal")
    start_build(s2, "rome")
    assert not [a for a in s2.legal("rome") if isinstance(a, PlayEvent)]  # not in Build


def test_athena_no_battle_and_no_destruction_in_her_province() -> None:
    """ATHÉNA: « Choisissez une Capitale ou une Cité Légendaire. Aucune Bataille ni
    destruction ne peut avoir lieu sur sa Province jusqu'à la fin du tour de jeu. Un joueur
    peut envahir la Province mais ne peut pas attaquer. » Played as the Military phase opens."""
    s = LegendsScenario(("ierusalem",)).give("greece", "ierusalem.athena")
    s.give("rome", "ierusalem.baal")
    s.legions("achaea", "rome", 3)
    s.enter("military")
    assert "achaea" in {a.target for a in s.legal("greece") if isinstance(a, PlayEvent)}
    s.act(play("greece", "athena", "achaea"))
    s.act(PassWindow("rome"))
    from bot.games.mare_nostrum.actions import ChooseNext

    s.act(ChooseNext(s.state.titles["military"], "rome"))
    finish_steps(s, "rome")
    assert not [a for a in s.legal("rome") if isinstance(a, Battle) and a.area == "achaea"]
    assert not [
        a for a in s.legal("rome") if isinstance(a, PlayEvent) and a.target.startswith("achaea:")
    ]


def test_horus_plus_two_on_one_track_until_the_end_of_the_turn() -> None:
    """HORUS: « À jouer lors de la Phase Achats. Augmentez votre niveau de 2 sur l'une des 3
    pistes des Titres. Vous bénéficiez de ce bonus jusqu'à la fin du tour de jeu, Phase
    Revendications incluse. »"""
    s = LegendsScenario(("ierusalem",)).give("rome", "ierusalem.horus")
    start_build(s, "rome")
    before = levels(s.state, "rome")["culture"]
    s.act(play("rome", "horus", "culture"))
    assert levels(s.state, "rome")["culture"] == before + 2
    s.state.round += 1
    assert levels(s.state, "rome")["culture"] == before


def test_isis_draws_a_legendary_commodity_in_the_trade_phase() -> None:
    """ISIS: « À jouer lors de la phase de Commerce. Piochez un jeton Bien Légendaire. »"""
    s = LegendsScenario(("ierusalem",), keep_prompts=True).give("rome", "ierusalem.isis")
    token = next(a for a in s.legal("carthage"))
    s.act(token)  # the trade token: the Trade-open window
    windows = [p for p in s.state.prompts if p.kind == "window"]
    if not windows:  # a 0 face opens no exchange and no window
        return
    before = sum(n for t, n in s.state.hands["rome"].items() if t.endswith("*"))
    s.act(play("rome", "isis"))
    pass_windows(s)
    events = s.events
    after = sum(n for t, n in s.state.hands["rome"].items() if t.endswith("*"))
    assert after == before + 1
    drawn = [e for e in events if e.kind == "isis_drawn"]
    assert drawn and drawn[0].audience == ("rome",)
    assert all(e.kind != "isis_drawn" for e in events if e.audience is None)


def test_ishtar_buys_influence_on_any_neutral_province_not_adjacent_nor_connected() -> None:
    """ISHTAR: « À jouer lors de la Phase Achats. [...] ou vous pouvez acheter un marqueur
    Influence et le placer sur n'importe quelle Province neutre même si elle n'est pas
    adjacente ni connectée à votre Empire. » (D9 (b): the normal price, no enemy units.)"""
    from bot.games.mare_nostrum.actions import Pay

    s = LegendsScenario(("ierusalem",)).give("rome", "ierusalem.ishtar")
    s.hand("rome", coin=3)
    s.legions("creta", "greece", 1)
    start_build(s, "rome")
    targets = {a.target for a in s.legal("rome") if isinstance(a, PlayEvent)}
    assert "judaea" in targets  # far from Rome's empire
    assert "achaea" not in targets and "creta" not in targets
    rejected(s, play("rome", "ishtar", "creta"), "bad_target")
    s.act(play("rome", "ishtar", "judaea"))
    pays = [a for a in s.legal("rome") if isinstance(a, Pay)]
    assert pays
    s.act(pays[0])
    assert s.state.influence["judaea"] == "rome"
    assert s.state.hands["rome"].get("coin", 0) == 0
    assert s.state.prompts[0].kind == "build_turn"  # his turn goes on


def test_ishtar_needs_the_influence_price() -> None:
    """ISHTAR (b): « acheter un marqueur Influence »: not offered without a set paying it."""
    s = LegendsScenario(("ierusalem",)).give("rome", "ierusalem.ishtar")
    s.hand("rome", coin=2)
    start_build(s, "rome")
    assert not [a for a in s.legal("rome") if isinstance(a, PlayEvent)]
