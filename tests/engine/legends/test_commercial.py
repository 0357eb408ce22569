"""Syracusae's « Événement Commercial » cards (page 8, L758–812; checklist 7.6)."""

from __future__ import annotations

from bot.games.core.windows import PassWindow
from bot.games.mare_nostrum.control import levels
from bot.games.mare_nostrum.modules.legends.actions import PlayEvent

from ..builder import rejected
from ..test_build import start as start_build
from .scenario import LegendsScenario

CITY = ("syracusae",)


def play(player: str, card: str, target: str = "") -> PlayEvent:
    return PlayEvent(player, f"syracusae.{card}", target)


def _pass_others(s: LegendsScenario, me: str) -> None:
    for p in list(s.state.prompts):
        if p.kind == "window" and p.player != me and not p.data.get("answered"):
            s.act(PassWindow(p.player))


def test_circus_maximus_plus_one_on_each_track_claims_included() -> None:
    """LE CIRCUS MAXIMUS: « À JOUER LORS DE LA PHASE REVENDICATIONS. Augmentez de 1 votre
    niveau dans chacune des pistes des Titres jusqu'à la fin du tour de jeu, Phase
    Revendications incluse. »"""
    s = LegendsScenario(CITY).give("greece", "syracusae.circus_maximus")
    before = levels(s.state, "greece")
    s.enter("claims")
    assert play("greece", "circus_maximus") in s.legal("greece")
    s.act(play("greece", "circus_maximus"))
    after = levels(s.state, "greece")
    assert {t: after[t] - before[t] for t in before} == {"trade": 1, "culture": 1, "military": 1}


def test_trajan_market_two_more_commodities_of_types_he_produces() -> None:
    """LE MARCHÉ DE TRAJAN: « À JOUER LORS DE LA PHASE PRODUCTION. Vous pouvez collecter deux
    jetons Bien supplémentaires parmi les types de Bien que vous produisez déjà. »"""
    s = LegendsScenario(CITY).give("rome", "syracusae.trajan_market")
    s.enter("production")
    plays = [a for a in s.legal("rome") if isinstance(a, PlayEvent)]
    produced = {t for a in plays for t in a.target.split("+")}
    assert produced and plays
    rejected(
        s,
        play("rome", "trajan_market", "diamond+diamond")
        if "diamond" not in produced
        else play("rome", "trajan_market", "x+y"),
        "bad_target",
    )
    target = plays[0].target
    before = dict(s.state.hands["rome"])
    events = s.act(plays[0])
    _pass_others(s, "rome")
    gained = {t: s.state.hands["rome"].get(t, 0) - before.get(t, 0) for t in target.split("+")}
    assert sum(gained.values()) == 2
    assert all(e.audience == ("rome",) for e in events + s.events if e.kind == "trajan_collected")


def test_babel_tower_free_influence_on_any_neutral_province() -> None:
    """LA TOUR DE BABEL: « À JOUER LORS DE LA PHASE ACHATS. Vous pouvez placer gratuitement un
    marqueur Influence sur n'importe quelle Province neutre, même si elle n'est pas connectée
    à votre Empire. »"""
    s = LegendsScenario(CITY).give("rome", "syracusae.babel_tower")
    s.legions("creta", "greece", 1)
    start_build(s, "rome")
    targets = {a.target for a in s.legal("rome") if isinstance(a, PlayEvent)}
    assert "judaea" in targets  # far from Rome's empire
    assert "achaea" not in targets and "creta" not in targets  # not neutral / enemy units
    s.act(play("rome", "babel_tower", "judaea"))
    assert s.state.influence["judaea"] == "rome"
    assert [e.data["cost"] for e in s.kinds("placed")] == [0]


def test_alexandria_library_the_conversion_at_once() -> None:
    """LA BIBLIOTHÈQUE D'ALEXANDRIE: « PHASE MILITAIRE. Après avoir choisi l'option de conquête
    Conversion (MN 4.3.3), vous convertissez immédiatement la Province, sans attendre le tour
    prochain. » Offered at the end of his Military turn (he holds a card and chose a
    conversion this turn: public facts)."""
    from bot.games.mare_nostrum.modules.legends.actions import PassEvent

    from ..test_heroes_military import finish_steps, start

    s = LegendsScenario(CITY).give("rome", "syracusae.alexandria_library")
    s.influence("dalmatia", "rome").legions("macedonia", "rome", 1)
    s.legions("macedonia", "greece", 0)
    s.set(conquerors={"macedonia": "rome"})
    start(s, "rome")
    finish_steps(s, "rome")
    from bot.games.mare_nostrum.actions import Conquer

    s.act(next(a for a in s.legal("rome") if isinstance(a, Conquer) and a.option == "influence"))
    assert s.legal("rome") == [play("rome", "alexandria_library", "macedonia"), PassEvent("rome")]
    s.act(play("rome", "alexandria_library", "macedonia"))
    assert s.state.influence["macedonia"] == "rome"
    assert [e.data["previous"] for e in s.kinds("converted")] == ["greece"]
    assert "macedonia" not in s.state.conversions


def test_delphi_oracle_changes_his_offer_after_the_reveal() -> None:
    """L'ORACLE DE DELPHES (E7): in the Trade phase, once the offers are revealed, he replaces
    any of his offered tokens with tokens of his hand, the count unchanged; the new offer is
    public."""
    s = LegendsScenario(CITY, keep_prompts=True).give("rome", "syracusae.delphi_oracle")
    plays = _to_trade_reveal(s)
    assert s.state.trade is not None
    old = sorted(s.state.trade.offers["rome"])
    held_before = sum(s.state.hands["rome"].values())
    events = s.act(plays[0])
    new = s.state.trade.offers["rome"]
    assert sorted(new) != old and len(new) == len(old)
    assert sum(s.state.hands["rome"].values()) == held_before
    changed = [e for e in events if e.kind == "offer_changed"]
    assert changed and changed[0].audience is None
    rejected(s, play("rome", "delphi_oracle", "coin"), "not_in_hand")


def _to_trade_reveal(s: LegendsScenario) -> list[PlayEvent]:
    """Play the Trade phase (a non-zero token, the first offers) up to Rome's reveal plays."""
    from bot.games.mare_nostrum.actions import PlayTradeToken

    for _ in range(40):
        plays = [a for a in s.legal("rome") if isinstance(a, PlayEvent)]
        if plays:
            break
        owed = [p for p in s.state.prompts if not p.data.get("answered")]
        assert owed, "the Trade phase stopped before its reveal"
        p = owed[0]
        legal = s.legal(p.player)
        if p.kind == "window":
            s.act(PassWindow(p.player))
        else:
            tokens = [a for a in legal if isinstance(a, PlayTradeToken) and a.amount > 0]
            s.act(max(tokens, key=lambda a: a.amount) if tokens else legal[-1])
    else:
        raise AssertionError("no Trade-reveal window reached")
    return plays


def test_parthenon_binds_an_opponents_next_pick_to_his_offer() -> None:
    """LE PARTHÉNON D'ATHÈNES (E8): played naming an opponent, that opponent's next pick must
    be taken from the card player's offer (the round trip waived); a pick already bound by a
    Parthénon cannot be bound by another."""
    from bot.games.mare_nostrum.actions import TakeResource

    s = LegendsScenario(CITY, keep_prompts=True).give(
        "rome", "syracusae.parthenon", "syracusae.parthenon"
    )
    plays = _to_trade_reveal(s)
    assert s.state.trade is not None
    victim = plays[0].target
    s.act(plays[0])
    again = [a for a in s.legal("rome") if isinstance(a, PlayEvent)]
    assert victim not in {a.target for a in again}  # no Parthénon over a Parthénon
    for _ in range(40):
        if any(p.kind == "trade_pick" and p.player == victim for p in s.state.prompts):
            break
        owed = [p for p in s.state.prompts if not p.data.get("answered")]
        assert owed, "the exchange ended before the victim picked"
        p = owed[0]
        if p.kind == "window":
            s.act(PassWindow(p.player))
        else:
            legal = s.legal(p.player)
            s.act(next((a for a in legal if getattr(a, "source", "") != "rome"), legal[0]))
    else:
        raise AssertionError("the chain never reached him")
    picks = s.legal_as(victim, TakeResource)
    assert picks and {a.source for a in picks} == {"rome"}
    s.act(picks[0])
    assert not [e for e in s.leg.effects if e["key"] == "parthenon"]
