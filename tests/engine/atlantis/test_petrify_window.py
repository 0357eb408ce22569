"""MÉDÉE and MÉDUSE in the pre-battle window of a battle in which the owner takes part (ruling
A9 a: « in the pre-battle window (B6) of a battle in which the owner takes part »; rulings
17–18: the same windows serve every power that acts outside its owner's turn)."""

from __future__ import annotations

from bot.games.core.windows import PassWindow
from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import Battle, EndTurn
from bot.games.mare_nostrum.modules.atlantis.actions import Petrify
from bot.games.mare_nostrum.modules.atlantis.powers.records import Use, records

from ..builder import Scenario, rejected
from ..test_heroes_military import finish_steps, prompt_kinds, start
from .scenario import AtlasScenario


def rome_attacks_gadira() -> Scenario:
    """Rome (2 legions) attacks Atlantis (Méduse, 1 legion) in gadira: the window opens."""
    s = AtlasScenario().hw("atlantis", "atlas", "medusa").legions("gadira", "rome", 2)
    s.legions("gadira", "atlantis", 1)
    start(s, "rome")
    finish_steps(s, "rome")
    s.act(Battle("rome", "gadira", "atlantis"))
    return s


def test_a9a_meduse_dans_la_fenetre_avant_bataille_de_l_adversaire() -> None:
    """A9 (a): « in the pre-battle window (B6) of a battle in which the owner takes part »:
    Atlantis, attacked, is asked before any dice; Rome (no power) is not."""
    s = rome_attacks_gadira()
    assert prompt_kinds(s) == [("window", "atlantis")]
    assert not s.kinds("battle")
    assert s.legal("atlantis") == [Petrify("atlantis", "gadira", "rome"), PassWindow("atlantis")]


def test_a9c_une_bataille_dont_un_camp_est_entierement_petrifie_est_annulee() -> None:
    """A9 (c): « A battle whose side is entirely petrified is cancelled. »"""
    s = rome_attacks_gadira()
    s.act(Petrify("atlantis", "gadira", "rome"))
    assert [e.data["area"] for e in s.kinds("battle_cancelled")] == ["gadira"]
    assert not s.kinds("battle")
    assert s.state.legions["gadira"] == {"atlantis": 1}
    assert s.state.military is not None and "gadira" in s.state.military.fought
    # Rome's turn goes on (his other land battles, or the conquest): no window is left.
    assert all(p.kind != "window" for p in s.state.prompts)


def test_a9_passer_laisse_la_bataille_se_derouler() -> None:
    """Ruling 17: "pass" — the battle's dice follow at once."""
    s = rome_attacks_gadira()
    s.act(PassWindow("atlantis"))
    assert [e.data["area"] for e in s.kinds("battle")] == ["gadira"]
    assert records(s.state).uses == []


def test_a9_pas_par_defaut_a_l_echeance() -> None:
    """Ruling 17: « "pass" as the default »."""
    s = rome_attacks_gadira()
    prompt = engine.owed(s.state)[0]
    assert engine.default_action(s.state, prompt) == PassWindow("atlantis")


def test_a9a_une_fois_par_tour_dans_la_fenetre_aussi() -> None:
    """« Une fois par tour » (L140): used in her own turn, she is not asked in a later window
    of the same game turn (one predicate for both)."""
    s = AtlasScenario().hw("atlantis", "atlas", "medusa").legions("gadira", "rome", 2)
    s.legions("gadira", "atlantis", 1).legions("hesperides", "greece", 1)
    s.legions("hesperides", "atlantis", 1)
    records(s.state).uses.append(
        Use(player="atlantis", power="medusa", area="hesperides", round=s.state.round)
    )
    start(s, "rome")
    finish_steps(s, "rome")
    s.act(Battle("rome", "gadira", "atlantis"))
    assert not any(p.kind == "window" for p in s.state.prompts)
    assert s.kinds("battle")


def test_a9e_pas_la_meme_province_deux_tours_de_suite_dans_la_fenetre() -> None:
    """« Vous ne pouvez pas utiliser cet effet dans la même Province deux tours de suite »."""
    s = AtlasScenario().hw("atlantis", "atlas", "medusa").legions("gadira", "rome", 2)
    s.legions("gadira", "atlantis", 1)
    records(s.state).uses.append(
        Use(player="atlantis", power="medusa", area="gadira", round=s.state.round - 1)
    )
    start(s, "rome")
    finish_steps(s, "rome")
    s.act(Battle("rome", "gadira", "atlantis"))
    assert not any(p.kind == "window" for p in s.state.prompts)


def test_a9_fenetre_seulement_cette_bataille_et_l_autre_camp() -> None:
    """Decided (docs/atlas.md): in a battle's window she petrifies the other side's units in
    the battle's area only; anything else is refused with a stable code, changing nothing."""
    s = rome_attacks_gadira()
    s.legions("hesperides", "rome", 1).legions("hesperides", "atlantis", 1)
    rejected(s, Petrify("atlantis", "hesperides", "rome"), "not_this_battle")


def test_a9a_medee_dans_la_fenetre_d_une_bataille_navale() -> None:
    """MÉDÉE (L126–134) in a sea battle she defends: Carthage's triremes petrified, the battle
    cancelled."""
    s = AtlasScenario().hw("atlantis", "atlas", "medea")
    s.triremes("balearicum", "atlantis", 1).triremes("balearicum", "carthage", 2)
    start(s, "carthage")
    while s.state.military is not None and s.state.military.step == "sea_moves":
        s.act(EndTurn("carthage"))
    s.act(Battle("carthage", "balearicum", "atlantis"))
    assert prompt_kinds(s) == [("window", "atlantis")]
    s.act(Petrify("atlantis", "balearicum", "carthage"))
    assert s.state.triremes["balearicum"] == {"atlantis": 1}
    assert s.kinds("battle_cancelled") and not s.kinds("battle")


def test_a9a_le_proprietaire_attaquant_est_aussi_demande() -> None:
    """« a battle in which the owner takes part »: as the attacker too (before any dice)."""
    s = AtlasScenario().hw("atlantis", "atlas", "medusa").legions("gadira", "rome", 2)
    s.legions("gadira", "atlantis", 3)
    start(s, "atlantis")
    finish_steps(s, "atlantis")
    s.act(Battle("atlantis", "gadira", "rome"))
    assert prompt_kinds(s) == [("window", "atlantis")]


def test_regle_17_ordre_de_conflit_l_attaquant_petrifie_d_abord() -> None:
    """Ruling 17: « the active player's plays resolve first »: both sides hold Méduse and both
    petrify; the attacker's resolves, the defender's is void (nothing spent)."""
    s = AtlasScenario().hw("atlantis", "atlas", "medusa").hw("rome", "caesar", "medusa")
    s.legions("gadira", "rome", 2).legions("gadira", "atlantis", 1)
    start(s, "rome")
    finish_steps(s, "rome")
    s.act(Battle("rome", "gadira", "atlantis"))
    assert prompt_kinds(s) == [("window", "rome"), ("window", "atlantis")]
    s.act(Petrify("atlantis", "gadira", "rome"))
    s.act(Petrify("rome", "gadira", "atlantis"))
    assert [e.data["player"] for e in s.kinds("petrified")] == ["rome"]
    assert [e.data["player"] for e in s.kinds("window_play_void")] == ["atlantis"]
    assert s.state.legions["gadira"] == {"rome": 2}
    assert [u["player"] for u in records(s.state).uses] == ["rome"]
    assert s.kinds("battle_cancelled")
