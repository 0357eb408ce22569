"""Castor & Pollux copy any general hero another player holds (004 l.382; MH-25): the revised
base heroes, Hélène and Ulysse as much as the mythological ones, because every power asks the
ruleset's one predicate (`hooks.has_power`), which counts a copy (`state.copied`)."""

from __future__ import annotations

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import EndTurn, MakeOffer, TakeResource
from bot.games.mare_nostrum.events import Event
from bot.games.mare_nostrum.modules.mythology.cards import GENERAL, SPECIFIC, WONDERS
from bot.games.mare_nostrum.modules.mythology.mythic_heroes import ids
from bot.games.mare_nostrum.modules.mythology.mythic_heroes.copies import COPYABLE, CopyHero
from bot.games.mare_nostrum.rulesets.mn2003 import cards as base
from bot.games.mare_nostrum.rulesets.mn2003.hooks import has_power
from bot.games.mare_nostrum.rulesets.mn2003.military import March
from bot.games.mare_nostrum.rulesets.mn2003.power_actions import UlyssesAnswer
from bot.games.mare_nostrum.rulesets.mn2003.roles import counts
from bot.games.mare_nostrum.rulesets.mn2003.substate import sub
from bot.games.mare_nostrum.rulesets.mn2003.trade import NameAmount
from tests.engine.mn2003.helpers import act, prompt_of

from .gods_helpers import new, refused, to_military
from .heroes_helpers import grant, to_construction

AGAMEMNON = "mythology.agamemnon"


def test_mh25_castor_pollux_copy_any_general_hero_not_a_wonder_nor_a_specific_hero() -> None:
    """«copient définitivement le pouvoir d'un héros adverse en jeu (pas d'une merveille et
    pas d'un héros spécifique à une civilisation)»: the 26 other general heroes."""
    assert set(COPYABLE) == {c.id for c in GENERAL} - {ids.CASTOR_POLLUX}
    assert {AGAMEMNON, base.HELEN, base.ULYSSES} <= set(COPYABLE)
    assert not set(COPYABLE) & {c.id for c in (*SPECIFIC, *WONDERS)}
    state = to_construction("rome")
    grant(state, "rome", ids.CASTOR_POLLUX)
    grant(state, "greece", AGAMEMNON, base.HELEN)
    listed = set(engine.legal_actions(state, "rome"))
    assert {CopyHero("rome", AGAMEMNON), CopyHero("rome", base.HELEN)} <= listed
    assert refused(state, CopyHero("rome", "mythology.pericles")) == "not_copyable"
    assert refused(state, CopyHero("rome", base.ULYSSES)) == "not_copyable"  # nobody holds it


def test_mh25_castor_pollux_copy_of_a_revised_base_hero_gives_its_power() -> None:
    """«copient définitivement le pouvoir d'un héros adverse»: Agamemnon's power is «bonus de
    3 pour être Maître du commerce»; the copier counts it too, the original keeps it."""
    state = to_construction("rome")
    grant(state, "rome", ids.CASTOR_POLLUX)
    grant(state, "greece", AGAMEMNON)
    before, greece = counts(state, "rome"), counts(state, "greece")
    events = act(state, CopyHero("rome", AGAMEMNON))
    assert any(
        isinstance(e, Event) and e.kind == "hero_copied" and e.data["copied"] == AGAMEMNON
        for e in events
    )
    assert state.copied == {"rome": AGAMEMNON}
    assert has_power(state, "rome", AGAMEMNON) and AGAMEMNON not in state.hw["rome"]
    assert counts(state, "rome")["trade"] == before["trade"] + 3
    assert counts(state, "greece") == greece
    assert len(state.hw["rome"]) == 2  # the copy is no card: Castor & Pollux and César


def test_mh25_castor_pollux_copy_of_helen_converts_for_the_copier_once_per_phase() -> None:
    """Hélène: «1 fois par phase militaire, peut convertir 1 légion ennemie qui l'attaque (qui
    pénètre dans une province sous son contrôle)»: a copy converts in the copier's province,
    once per military phase of his own, whatever the original did."""
    state = to_military("rome")
    act(state, EndTurn("rome"))  # the sea step over
    grant(state, "carthage", base.HELEN)
    grant(state, "greece", ids.CASTOR_POLLUX)
    state.copied["greece"] = base.HELEN
    sub(state).used.append("military:helen")  # the original's use of this phase
    state.legions["macedonia"] = {"greece": 1}
    state.legions["dalmatia"] = {"rome": 3}
    state.influence["dalmatia"] = "rome"
    events = act(state, March("rome", "dalmatia", "macedonia", 3, "greece"))
    assert any(
        isinstance(e, Event)
        and e.kind == "power_used"
        and e.data["player"] == "greece"
        and e.data["card"] == base.HELEN
        for e in events
    )
    assert "military:helen:greece" in sub(state).used


def test_mh25_castor_pollux_copy_of_ulysses_the_original_first_then_the_copy() -> None:
    """Ulysse: «1 fois par phase de commerce, peut obliger un joueur à prendre chez lui.
    S'utilise juste après l'annonce du joueur de la carte qu'il désirait prendre»; FAQ: «C'est
    l'original qui bénéficie du privilège d'utiliser son pouvoir en premier s'il le souhaite»:
    the original is asked first; he declines, the copier is asked."""
    state = new()
    grant(state, "egypt", base.ULYSSES)
    grant(state, "greece", ids.CASTOR_POLLUX)
    state.copied["greece"] = base.ULYSSES
    hands = (("wine", "gold"), ("oil", "sheep"), ("grain", "metal"), ("ceramic", "marble"))
    for p, hand in zip(state.players, hands, strict=True):
        state.hands[p] = dict.fromkeys(hand, 1)
    act(state, NameAmount(prompt_of(state, "trade_amount").player, 2))
    for p in state.players:
        act(state, MakeOffer(p, tuple(sorted(state.hands[p]))))
    assert prompt_of(state, "trade_pick").player == "carthage"
    act(state, TakeResource("carthage", "rome", "gold"))
    assert prompt_of(state, "ulysses_redirect").player == "egypt"  # the original
    act(state, UlyssesAnswer("egypt", False))
    assert prompt_of(state, "ulysses_redirect").player == "greece"  # then the copy
    act(state, UlyssesAnswer("greece", True))
    assert set(engine.legal_actions(state, "carthage")) == {
        TakeResource("carthage", "greece", "oil"),
        TakeResource("carthage", "greece", "sheep"),
    }
    assert "trade:ulysses:greece" in sub(state).used
    assert "trade:ulysses" not in sub(state).used  # the original's own use is still his


def test_a_snapshot_with_the_old_copies_key_keeps_its_copy() -> None:
    """Before the copies moved to `state.copied`, the heroes' sub-state held `copies`: a game
    stored then loads with its copy where the powers read it (the sub-state's
    `upgrade_snapshot`), not without it."""
    import orjson

    from bot.games.mare_nostrum.modules.mythology.mythic_heroes.holding import NAME

    state = to_construction("rome")
    grant(state, "rome", ids.CASTOR_POLLUX)
    grant(state, "greece", ids.ADONIS)
    data = orjson.loads(engine.to_json(state))
    assert data["copied"] == {}
    data["substates"][NAME]["copies"] = {"rome": ids.ADONIS}  # the old layout
    loaded = engine.from_json(orjson.dumps(data))
    assert loaded.copied == {"rome": ids.ADONIS}
    assert has_power(loaded, "rome", ids.ADONIS)
    assert "copies" not in orjson.loads(engine.to_json(loaded))["substates"][NAME]
    # A snapshot of the new layout is read as it is.
    state.copied["rome"] = ids.ADONIS
    assert engine.from_json(engine.to_json(state)) == state
