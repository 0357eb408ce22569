"""Phase II — Trade (rulebook section 2; rulings §7, §11, §12).

The rulebook's players are mapped to empires. Four players (seat order rome, greece, carthage,
egypt): Thierry = carthage (the Trade Leader at set-up), Frank = egypt, Sabine = rome,
Olivier = greece. The 2/1 example has three players: Thierry = carthage, Sabine = rome and the
"other player" (Frank) = greece.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import (
    Action,
    AwardTitle,
    GiveCompensation,
    MakeOffer,
    PlayTradeToken,
    TakeResource,
    action_from_dict,
)
from bot.games.mare_nostrum.board import RESOURCE_TYPES
from bot.games.mare_nostrum.errors import EngineError
from bot.games.mare_nostrum.state import GameState
from bot.games.mare_nostrum.view import view
from tests.engine.builder import FOUR, THREE, Scenario
from tests.helpers import some

THIERRY, FRANK, SABINE, OLIVIER = "carthage", "egypt", "rome", "greece"


# --- helpers --------------------------------------------------------------------------------


def all_tokens(state: GameState) -> Counter[str]:
    """Every resource token held by the players, including those on offer or taken."""
    out: Counter[str] = Counter()
    for hand in state.hands.values():
        out.update(hand)
    if state.trade is not None:
        for tokens in [*state.trade.offers.values(), *state.trade.taken.values()]:
            out.update(tokens)
    return out


def four(**hands: dict[str, int]) -> Scenario:
    s = Scenario(FOUR)
    for p in FOUR:
        s.hand(p, **hands.get(p, {"coin": 5}))
    return s


def offers(s: Scenario, offers_by_player: dict[str, tuple[str, ...]]) -> None:
    for p, res in offers_by_player.items():
        s.act(MakeOffer(p, tuple(sorted(res))))


def take(s: Scenario, taker: str, source: str, token: str) -> None:
    s.act(TakeResource(taker, source, token))


def owed(s: Scenario) -> list[tuple[str, str]]:
    return [(p.kind, p.player) for p in engine.owed(s.state)]


def rejects(s: Scenario, action: Action, code: str) -> None:
    """The action is refused with this code and the state is left exactly as it was."""
    before = engine.to_json(s.state)
    with pytest.raises(EngineError) as err:
        s.act(action)
    assert err.value.code == code
    assert engine.to_json(s.state) == before


def hand_of(s: Scenario, player: str) -> dict[str, int]:
    return dict(s.state.hands[player])


# --- 2.1 Jouer un jeton Commerce ------------------------------------------------------------


def test_2_1_trade_leader_plays_a_token_and_its_face() -> None:
    """« Le Maître du Commerce joue un jeton de son choix en décidant de la face à utiliser pour
    déterminer le nombre de Ressources (Biens et Impôts) que chaque joueur devra proposer »"""
    s = four()
    s.enter("trade")
    assert owed(s) == [("trade_token", THIERRY)]
    assert set(s.legal(THIERRY)) == {
        PlayTradeToken(THIERRY, t, f)
        for t, faces in {"5/0": (5, 0), "2/1": (2, 1), "4/3": (4, 3)}.items() for f in faces
    }
    assert s.legal(FRANK) == []


def test_2_1_example_thierry_plays_3_4_on_face_4() -> None:
    """« Thierry est le Maître du Commerce. Il choisit le jeton Commerce 3/4, décide de
    l'utiliser pour sa face 4 et le pose sur l'emplacement I. » — « chaque joueur choisit 4 de
    ses jetons Ressource pour l'échange »"""
    s = four()
    s.enter("trade")
    s.act(PlayTradeToken(THIERRY, "4/3", 4))
    assert s.state.trade_tokens_used == ["4/3"]
    played = s.kinds("trade_token_played")[0]
    assert played.data == {"player": THIERRY, "token": "4/3", "amount": 4, "slot": 1}
    assert sorted(owed(s)) == sorted(("trade_offer", p) for p in FOUR)
    assert all(len(a.resources) == 4 for a in s.legal(FRANK) if isinstance(a, MakeOffer))


def test_2_1_player_without_enough_resources_does_not_participate() -> None:
    """« un joueur qui n'aurait pas assez de jetons Ressource à proposer à l'échange n'y
    participe pas »"""
    s = four(rome={"coin": 3}, greece={"coin": 2, "wine": 1})
    s.enter("trade")
    s.act(PlayTradeToken(THIERRY, "4/3", 4))
    assert s.state.trade is not None
    assert s.state.trade.participants == [THIERRY, FRANK]
    assert sorted(owed(s)) == [("trade_offer", THIERRY), ("trade_offer", FRANK)]
    assert s.kinds("trade_participants")[0].data["sitting_out"] == [SABINE, OLIVIER]
    rejects(s, MakeOffer(SABINE, ("coin", "coin", "coin", "coin")), "not_your_turn")


def test_2_1_face_zero_means_no_exchange() -> None:
    """« Chaque jeton Commerce possède 2 valeurs différentes [...] (5 ou 0, 2 ou 1, et 4 ou
    3) » — on face 0 nobody offers anything: the phase ends."""
    s = four()
    before = {p: hand_of(s, p) for p in FOUR}
    s.enter("trade")
    s.act(PlayTradeToken(THIERRY, "5/0", 0))
    assert s.state.phase == "build"
    assert s.state.trade is None
    assert s.state.trade_tokens_used == ["5/0"]
    assert {p: hand_of(s, p) for p in FOUR} == before


def test_2_1_fewer_than_two_participants_means_no_exchange() -> None:
    """« un joueur qui n'aurait pas assez de jetons Ressource à proposer à l'échange n'y
    participe pas » — with a single participant nobody can take anything."""
    s = four(rome={"coin": 1}, greece={"coin": 1}, egypt={"coin": 4})
    s.enter("trade")
    s.act(PlayTradeToken(THIERRY, "5/0", 5))
    assert s.state.phase == "build"
    assert s.kinds("trade_finished")[0].data["reason"] == "too_few_participants"
    assert s.state.trade_tokens_used == ["5/0"]


def test_2_1_used_tokens_come_back_after_all_three() -> None:
    """« Les jetons Commerce joués sont récupérés après que les 3 jetons ont été posés sur les
    3 emplacements »"""
    s = four()
    faces = {"5/0": 0, "2/1": 1, "4/3": 3}
    for round_, token in enumerate(faces):
        s.enter("trade")
        legal = {a.token for a in s.legal(THIERRY) if isinstance(a, PlayTradeToken)}
        assert legal == {"5/0", "2/1", "4/3"} - set(s.state.trade_tokens_used)
        assert len(s.state.trade_tokens_used) == round_
        s.act(PlayTradeToken(THIERRY, token, faces[token]))
        # Stop before the exchange: only the token cycle matters here.
        s.state.prompts = []
    assert s.state.trade_tokens_used == ["5/0", "2/1", "4/3"]
    s.enter("trade")
    assert s.state.trade_tokens_used == []
    assert len(s.legal(THIERRY)) == 6


def test_2_1_a_used_token_cannot_be_played_again() -> None:
    """« Le premier jeton Commerce joué est placé sur l'emplacement I » — a played token stays
    on the title track until the tokens come back."""
    s = four().set(trade_tokens_used=["2/1"])
    s.enter("trade")
    rejects(s, PlayTradeToken(THIERRY, "2/1", 2), "trade_token_used")
    rejects(s, PlayTradeToken(THIERRY, "3/4", 4), "unknown_trade_token")
    rejects(s, PlayTradeToken(THIERRY, "4/3", 5), "bad_trade_face")
    rejects(s, PlayTradeToken(FRANK, "4/3", 4), "not_your_turn")


def test_2_1_tokens_come_back_when_the_title_changes_hands() -> None:
    """« [...] ainsi qu'à chaque fois que le Titre de Maître du Commerce change de main. »"""
    s = four().set(trade_tokens_used=["5/0"])
    s.hw(SABINE, "caesar", "hercules")  # Rome's trade level 7 + 2 beats Carthage's 7
    s.enter("claims")
    assert s.state.titles["trade"] == SABINE
    assert s.state.trade_tokens_used == []
    # Culture is tied (greece, egypt): Egypt keeps it, then Production leads to Trade.
    s.act(AwardTitle(FRANK, "culture", FRANK))
    assert s.state.phase == "trade"
    assert owed(s) == [("trade_token", SABINE)]
    assert len(s.legal(SABINE)) == 6


def test_2_1_tokens_stay_used_when_the_title_is_kept() -> None:
    """« Les jetons Commerce joués sont récupérés [...] à chaque fois que le Titre de Maître du
    Commerce change de main » — and only then (or after all three)."""
    s = four().set(trade_tokens_used=["5/0"])
    s.hw(THIERRY, "hannibal", "hercules")
    s.enter("claims")
    assert s.state.titles["trade"] == THIERRY
    assert s.state.trade_tokens_used == ["5/0"]


# --- 2.1 sealed offers (rulings §11) --------------------------------------------------------


def test_2_1_offers_are_face_down_until_all_are_made() -> None:
    """« les place face cachée [...] Une fois que tous les joueurs ont choisi leurs Ressources à
    échanger, ils les révèlent de façon à ce que chacun puisse les voir. »"""
    s = four(carthage={"sheep": 2, "gold_l": 1}, egypt={"papyrus": 2, "coin": 1},
             rome={"metal": 3}, greece={"coin": 2, "wine": 1})
    s.enter("trade")
    s.act(PlayTradeToken(THIERRY, "2/1", 2))
    s.act(MakeOffer(THIERRY, ("gold", "sheep")))
    private = [e for e in s.events if e.audience is not None]
    assert [(e.kind, e.audience) for e in private] == [("offer_made", (THIERRY,))]
    assert private[0].data["offer"] == ["gold*", "sheep"]
    public = [e for e in s.events if e.audience is None]
    assert [e.kind for e in public] == ["offer_sealed"]
    assert "gold" not in repr(public)
    s.act(MakeOffer(FRANK, ("coin", "papyrus")))
    s.act(MakeOffer(SABINE, ("metal", "metal")))
    for viewer in (FRANK, SABINE, OLIVIER, None):
        v = view(s.state, viewer)
        assert THIERRY not in some(v["trade"])["offers"]
        assert "gold*" not in repr(v)
        assert some(v["trade"])["offered"] == sorted([THIERRY, FRANK, SABINE])
        assert v["answered"] == sorted([THIERRY, FRANK, SABINE])
    mine = some(view(s.state, THIERRY)["trade"])["offers"]
    assert mine == {THIERRY: ["gold*", "sheep"]}
    assert s.legal(THIERRY) == []
    rejects(s, MakeOffer(THIERRY, ("sheep", "sheep")), "not_your_turn")
    s.act(MakeOffer(OLIVIER, ("coin", "wine")))
    revealed = s.kinds("offers_revealed")[0]
    assert revealed.audience is None
    assert revealed.data["offers"] == {
        SABINE: ["metal", "metal"], OLIVIER: ["coin", "wine"],
        THIERRY: ["gold*", "sheep"], FRANK: ["coin", "papyrus"],
    }
    for viewer in (FRANK, None):
        assert some(view(s.state, viewer)["trade"])["offers"][THIERRY] == ["gold*", "sheep"]


def test_2_1_views_show_no_other_hand() -> None:
    """« chaque joueur choisit parmi ses jetons Ressource (situés derrière son paravent) »: a
    player sees his own resources only; a spectator sees none."""
    s = four(carthage={"diamond": 4}, egypt={"coin": 4}, rome={"wine": 4},
             greece={"oil": 4})
    s.enter("trade")
    s.act(PlayTradeToken(THIERRY, "4/3", 3))
    s.act(MakeOffer(THIERRY, ("diamond",) * 3))
    for viewer in (FRANK, SABINE, OLIVIER, None):
        text = repr(view(s.state, viewer))
        assert "diamond" not in text
    assert view(s.state, None)["hand"] is None
    assert view(s.state, FRANK)["hand"] == {"coin": 4}
    assert "wine" not in repr(view(s.state, FRANK))


def test_2_1_offer_errors_leave_the_state_unchanged() -> None:
    """« chaque joueur choisit parmi ses jetons Ressource [...] le nombre demandé »"""
    s = four(egypt={"coin": 2, "papyrus": 1})
    s.enter("trade")
    s.act(PlayTradeToken(THIERRY, "2/1", 2))
    rejects(s, MakeOffer(FRANK, ("coin",)), "bad_offer_size")
    rejects(s, MakeOffer(FRANK, ("coin", "coin", "papyrus")), "bad_offer_size")
    rejects(s, MakeOffer(FRANK, ("papyrus", "papyrus")), "resources_not_held")
    rejects(s, MakeOffer(FRANK, ("coin", "gold")), "resources_not_held")
    rejects(s, MakeOffer(FRANK, ("coin", "papyrus*")), "unknown_resource")
    rejects(s, MakeOffer(FRANK, ("papyrus", "coin")), "offer_not_sorted")
    rejects(s, PlayTradeToken(THIERRY, "4/3", 4), "wrong_decision")
    rejects(s, TakeResource(FRANK, THIERRY, "coin"), "wrong_decision")
    with pytest.raises(EngineError) as err:
        action_from_dict({"kind": "make_offer", "player": FRANK, "resources": "coin"})
    assert err.value.code == "malformed_action"
    with pytest.raises(EngineError) as err:
        action_from_dict({"kind": "take_resource", "player": FRANK, "source": 3, "token": "x"})
    assert err.value.code == "malformed_action"


def test_2_1_ordinary_tokens_are_offered_before_legendary() -> None:
    """« chaque joueur choisit parmi ses jetons Ressource [...] le nombre demandé » — an offer
    names types; a legendary token of that type is offered only when no ordinary one is left."""
    s = four(carthage={"grain": 1, "grain_l": 1, "coin": 1})
    s.enter("trade")
    s.act(PlayTradeToken(THIERRY, "2/1", 1))
    s.act(MakeOffer(THIERRY, ("grain",)))
    assert s.state.trade is not None
    assert s.state.trade.offers[THIERRY] == ["grain"]
    assert hand_of(s, THIERRY) == {"grain*": 1, "coin": 1}


# --- 2.2 Échange des Ressources -------------------------------------------------------------


def _four_offering(n: int) -> Scenario:
    """Four players, each offering n resources of his own kind (carthage: sheep,
    egypt: papyrus, rome: metal, greece: wine)."""
    kinds = {THIERRY: "sheep", FRANK: "papyrus", SABINE: "metal", OLIVIER: "wine"}
    s = four(**{p: {k: n + 1} for p, k in kinds.items()})
    s.enter("trade")
    s.act(PlayTradeToken(THIERRY, "4/3" if n in (3, 4) else "2/1", n))
    offers(s, {p: (k,) * n for p, k in kinds.items()})
    return s


def test_2_2_example_chain_of_picks() -> None:
    """« Thierry choisit une Ressource chez Frank. Frank choisit alors une Ressource chez
    Sabine. À son tour, Sabine choisit une Ressource chez Frank. Frank choisit ensuite une
    Ressource chez Olivier »"""
    s = _four_offering(4)
    assert owed(s) == [("trade_pick", THIERRY)]
    assert {a.source for a in s.legal(THIERRY) if isinstance(a, TakeResource)} == {
        FRANK, SABINE, OLIVIER}
    take(s, THIERRY, FRANK, "papyrus")
    assert owed(s) == [("trade_pick", FRANK)]
    take(s, FRANK, SABINE, "metal")
    assert owed(s) == [("trade_pick", SABINE)]
    take(s, SABINE, FRANK, "papyrus")
    assert owed(s) == [("trade_pick", FRANK)]
    take(s, FRANK, OLIVIER, "wine")
    assert owed(s) == [("trade_pick", OLIVIER)]
    assert s.state.trade is not None
    assert s.state.trade.taken == {THIERRY: ["papyrus"], FRANK: ["metal", "wine"],
                                   SABINE: ["papyrus"]}
    assert s.state.trade.offers[FRANK] == ["papyrus", "papyrus"]
    assert [e.data for e in s.kinds("resource_taken")] == [
        {"player": FRANK, "source": OLIVIER, "token": "wine"}]


def test_2_2_the_taken_resource_cannot_be_claimed_again() -> None:
    """« Il la place face cachée sur son plateau Empire (devant son paravent). Cette Ressource
    ne peut plus être réclamée par un autre joueur. »"""
    s = _four_offering(1)
    take(s, THIERRY, FRANK, "papyrus")
    rejects(s, TakeResource(FRANK, FRANK, "papyrus"), "bad_source")
    take(s, FRANK, SABINE, "metal")
    rejects(s, TakeResource(SABINE, FRANK, "papyrus"), "not_on_offer")
    rejects(s, TakeResource(SABINE, THIERRY, "papyrus"), "not_on_offer")
    rejects(s, TakeResource(SABINE, "babylon", "papyrus"), "bad_source")
    rejects(s, TakeResource("babylon", THIERRY, "sheep"), "unknown_player")
    rejects(s, TakeResource(THIERRY, OLIVIER, "wine"), "not_your_turn")


def test_2_2_no_second_round_trip() -> None:
    """« il ne peut pas y avoir plus d'un aller-retour à la suite entre deux mêmes joueurs » —
    « Thierry choisit une des Ressources de Frank. Frank choisit ensuite une Ressource chez
    Thierry. Thierry ne peut alors plus choisir dans l'immédiat une Ressource chez Frank. Il doit
    choisir une Ressource d'un autre joueur. Plus tard dans la phase d'échange, il pourra de
    nouveau prendre une Ressource chez Frank. »"""
    s = _four_offering(4)
    take(s, THIERRY, FRANK, "papyrus")
    take(s, FRANK, THIERRY, "sheep")
    assert FRANK not in {a.source for a in s.legal(THIERRY) if isinstance(a, TakeResource)}
    rejects(s, TakeResource(THIERRY, FRANK, "papyrus"), "round_trip")
    take(s, THIERRY, SABINE, "metal")
    take(s, SABINE, THIERRY, "sheep")
    # Later in the exchange Thierry may take from Frank again.
    take(s, THIERRY, FRANK, "papyrus")
    assert owed(s) == [("trade_pick", FRANK)]


def test_2_2_1_example_face_1_and_the_trade_leaders_compensation() -> None:
    """« Thierry [...] joue le jeton Commerce 2/1 et décide d'utiliser la face 1. [...] Puis
    Thierry prend la Ressource de Sabine, Sabine la Ressource de Thierry. Celui-ci choisit alors
    la Ressource d'un autre joueur. Thierry terminera donc l'échange avec 2 Ressources tandis
    que l'autre joueur n'en aura récupéré aucune. Thierry devra donc donner une Ressource de son
    choix à ce joueur. »"""
    other = "greece"
    s = Scenario(THREE)
    s.hand(THIERRY, sheep=1, gold=1).hand(SABINE, metal=1).hand(other, wine=1)
    s.enter("trade")
    s.act(PlayTradeToken(THIERRY, "2/1", 1))
    offers(s, {THIERRY: ("sheep",), SABINE: ("metal",), other: ("wine",)})
    take(s, THIERRY, SABINE, "metal")
    take(s, SABINE, THIERRY, "sheep")
    take(s, THIERRY, other, "wine")
    # The other player has nothing left to take: the exchange is over, one short for him.
    assert owed(s) == [("trade_compensation", THIERRY)]
    assert hand_of(s, THIERRY) == {"gold": 1, "metal": 1, "wine": 1}
    assert hand_of(s, other) == {}
    # « doit en choisir une parmi toutes ses Ressources (échangées et dans sa réserve) »
    assert set(s.legal(THIERRY)) == {GiveCompensation(THIERRY, r)
                                     for r in ("gold", "metal", "wine")}
    rejects(s, GiveCompensation(THIERRY, "sheep"), "resources_not_held")
    rejects(s, GiveCompensation(THIERRY, "sheep*"), "unknown_resource")
    rejects(s, GiveCompensation(other, "gold"), "not_your_turn")
    s.act(GiveCompensation(THIERRY, "gold"))
    assert hand_of(s, other) == {"gold": 1}
    assert hand_of(s, THIERRY) == {"metal": 1, "wine": 1}
    assert hand_of(s, SABINE) == {"sheep": 1}
    # « la donner face cachée au joueur lésé (les autres joueurs ne voient pas de quelle
    # Ressource il s'agit) »
    given = s.kinds("compensation_given")[0]
    assert given.audience == (THIERRY, other) and given.data["token"] == "gold"
    public = s.kinds("compensation")[0]
    assert public.audience is None and "gold" not in repr(public.data)
    assert s.state.phase == "build"


def test_2_2_1_no_compensation_when_the_last_resource_is_the_trade_leaders() -> None:
    """« Si la dernière Ressource choisie n'appartient pas au Maître du Commerce, on se retrouve
    dans une situation où un joueur a une Ressource de moins » — when it is his, everyone ends
    with as many as he offered."""
    s = Scenario(THREE)
    s.hand(THIERRY, sheep=1).hand(SABINE, metal=1).hand("greece", wine=1)
    s.enter("trade")
    s.act(PlayTradeToken(THIERRY, "2/1", 1))
    offers(s, {THIERRY: ("sheep",), SABINE: ("metal",), "greece": ("wine",)})
    take(s, THIERRY, SABINE, "metal")
    take(s, SABINE, "greece", "wine")
    take(s, "greece", THIERRY, "sheep")
    assert s.state.phase == "build"
    assert s.kinds("compensation") == []
    assert {p: hand_of(s, p) for p in THREE} == {
        THIERRY: {"metal": 1}, SABINE: {"wine": 1}, "greece": {"sheep": 1}}


def test_2_2_1_example_two_players_left_after_their_round_trip() -> None:
    """« Lorsqu'il ne reste plus que deux joueurs à proposer des Ressources et qu'ils viennent
    de réaliser un aller-retour d'échanges entre eux, la Phase prend également fin. » —
    « C'est au tour de Franck de choisir, il est donc obligé de prendre une Ressource chez
    Olivier. Olivier fait de même avec une Ressource de Franck. Ce dernier ne peut plus prendre
    une Ressource chez Olivier. L'échange prend donc fin. »"""
    s = _four_offering(3)
    # Thierry's and Sabine's resources all go first.
    for taker, source, token in [
        (THIERRY, FRANK, "papyrus"), (FRANK, SABINE, "metal"), (SABINE, THIERRY, "sheep"),
        (THIERRY, SABINE, "metal"), (SABINE, OLIVIER, "wine"), (OLIVIER, THIERRY, "sheep"),
        (THIERRY, SABINE, "metal"), (SABINE, THIERRY, "sheep"), (THIERRY, FRANK, "papyrus"),
    ]:
        take(s, taker, source, token)
    assert s.state.trade is not None
    assert s.state.trade.offers == {THIERRY: [], SABINE: [], FRANK: ["papyrus"],
                                    OLIVIER: ["wine"] * 2}
    # Franck must take from Olivier, Olivier from Franck; then it is over.
    assert s.legal(FRANK) == [TakeResource(FRANK, OLIVIER, "wine")]
    take(s, FRANK, OLIVIER, "wine")
    assert s.legal(OLIVIER) == [TakeResource(OLIVIER, FRANK, "papyrus")]
    take(s, OLIVIER, FRANK, "papyrus")
    # « Ce dernier ne peut plus prendre une Ressource chez Olivier. L'échange prend donc fin. »
    assert [k for k, _ in owed(s)] == ["trade_compensation"]
    # « Les Ressources non échangées retournent derrière les paravents de leurs propriétaires »
    ended = s.kinds("exchange_ended")[0].data
    assert ended["returned"] == {SABINE: [], OLIVIER: ["wine"], THIERRY: [], FRANK: []}
    assert hand_of(s, OLIVIER) == {"wine": 2, "sheep": 1, "papyrus": 1}
    assert hand_of(s, FRANK) == {"papyrus": 1, "metal": 1, "wine": 1}
    assert hand_of(s, SABINE) == {"metal": 1, "sheep": 2, "wine": 1}
    assert hand_of(s, THIERRY) == {"sheep": 1, "papyrus": 2, "metal": 2}
    # Franck, robbed last, ended one short; Thierry, who started, one over.
    assert owed(s) == [("trade_compensation", THIERRY)]
    s.act(GiveCompensation(THIERRY, "metal"))
    assert hand_of(s, FRANK) == {"papyrus": 1, "metal": 2, "wine": 1}
    assert s.state.phase == "build"


def test_2_2_1_untaken_resources_return_home_and_taken_ones_go_to_their_takers() -> None:
    """« Les Ressources non échangées retournent derrière les paravents de leurs propriétaires
    respectifs. » — « Une fois les échanges terminés, les Ressources échangées sont placées
    derrière les paravents de leurs nouveaux propriétaires. »"""
    s = Scenario(THREE)
    s.hand(THIERRY, sheep=3).hand(SABINE, metal=3).hand("greece", wine=3)
    s.enter("trade")
    s.act(PlayTradeToken(THIERRY, "4/3", 3))
    offers(s, {THIERRY: ("sheep",) * 3, SABINE: ("metal",) * 3, "greece": ("wine",) * 3})
    for taker, source, token in [
        (THIERRY, SABINE, "metal"), (SABINE, "greece", "wine"), ("greece", SABINE, "metal"),
        (SABINE, THIERRY, "sheep"), (THIERRY, "greece", "wine"), ("greece", SABINE, "metal"),
        (SABINE, "greece", "wine"), ("greece", THIERRY, "sheep"),
    ]:
        take(s, taker, source, token)
    # Thierry: Sabine's and Greece's offers are gone; his third sheep was not taken.
    assert s.state.phase == "build"
    assert s.kinds("exchange_ended")[0].data["returned"] == {
        SABINE: [], "greece": [], THIERRY: ["sheep"]}
    assert {p: hand_of(s, p) for p in THREE} == {
        THIERRY: {"sheep": 1, "metal": 1, "wine": 1}, SABINE: {"wine": 2, "sheep": 1},
        "greece": {"metal": 2, "sheep": 1}}


def test_2_2_the_starter_when_the_trade_leader_sits_out() -> None:
    """« Le Maître du Commerce commence en choisissant une Ressource proposée par un autre
    joueur. » — if he sits out, the first participant after him in seat order starts (our
    ruling)."""
    s = four(carthage={"coin": 1}, egypt={"papyrus": 2}, rome={"metal": 2},
             greece={"wine": 2})
    s.enter("trade")
    s.act(PlayTradeToken(THIERRY, "2/1", 2))
    offers(s, {FRANK: ("papyrus",) * 2, SABINE: ("metal",) * 2, OLIVIER: ("wine",) * 2})
    assert owed(s) == [("trade_pick", FRANK)]


# --- legendary tokens, conservation, defaults -----------------------------------------------


def test_legendary_tokens_keep_their_mark_through_the_exchange() -> None:
    """« Le Maître du Commerce commence en choisissant une Ressource proposée par un autre
    joueur » — he takes that very token: a legendary commodity stays legendary."""
    s = Scenario(THREE)
    s.hand(THIERRY, sheep=1).hand(SABINE, grain_l=1).hand("greece", grain=1)
    s.enter("trade")
    s.act(PlayTradeToken(THIERRY, "2/1", 1))
    offers(s, {THIERRY: ("sheep",), SABINE: ("grain",), "greece": ("grain",)})
    assert set(s.legal(THIERRY)) == {TakeResource(THIERRY, SABINE, "grain*"),
                                     TakeResource(THIERRY, "greece", "grain")}
    rejects(s, TakeResource(THIERRY, SABINE, "grain"), "not_on_offer")
    take(s, THIERRY, SABINE, "grain*")
    take(s, SABINE, "greece", "grain")
    take(s, "greece", THIERRY, "sheep")
    assert hand_of(s, THIERRY) == {"grain*": 1}
    assert hand_of(s, SABINE) == {"grain": 1}


def test_defaults_for_every_trade_decision() -> None:
    """Rulings §12: « trade offer = the first N resources in a fixed order »; token = first
    unused (5/0, 2/1, 4/3) on its smaller face; pick = first legal; compensation = first type
    held in the fixed order."""
    s = Scenario(THREE)
    s.hand(THIERRY, wine=1, coin=2).hand(SABINE, gold=1, grain_l=1, ceramic=1)
    s.hand("greece", wine=3)
    s.set(trade_tokens_used=["5/0"])
    s.enter("trade")
    token = engine.default_action(s.state, s.state.prompts[0])
    assert token == PlayTradeToken(THIERRY, "2/1", 1)
    s.act(PlayTradeToken(THIERRY, "2/1", 2))
    by_player = {p.player: engine.default_action(s.state, p) for p in s.state.prompts}
    assert by_player == {THIERRY: MakeOffer(THIERRY, ("coin", "coin")),
                         SABINE: MakeOffer(SABINE, ("ceramic", "gold")),
                         "greece": MakeOffer("greece", ("wine", "wine"))}
    for action in by_player.values():
        s.act(action)
    pick = engine.default_action(s.state, s.state.prompts[0])
    # Sources in seat order after the picker (rome follows carthage), then the fixed order.
    assert pick == s.legal(THIERRY)[0] == TakeResource(THIERRY, SABINE, "ceramic")
    take(s, THIERRY, SABINE, "gold")
    take(s, SABINE, THIERRY, "coin")
    take(s, THIERRY, "greece", "wine")
    take(s, "greece", SABINE, "ceramic")
    take(s, SABINE, "greece", "wine")
    # Greece: Thierry's coin is the only one left.
    take(s, "greece", THIERRY, "coin")
    assert s.state.phase == "build"


def test_default_compensation_is_the_first_type_held() -> None:
    """« doit en choisir une parmi toutes ses Ressources (échangées et dans sa réserve) » — by
    default (rulings §12) the first type he holds in the fixed order."""
    s = Scenario(THREE)
    s.hand(THIERRY, sheep=1, oil=1).hand(SABINE, metal=1).hand("greece", wine=1)
    s.enter("trade")
    s.act(PlayTradeToken(THIERRY, "2/1", 1))
    offers(s, {THIERRY: ("sheep",), SABINE: ("metal",), "greece": ("wine",)})
    take(s, THIERRY, SABINE, "metal")
    take(s, SABINE, THIERRY, "sheep")
    take(s, THIERRY, "greece", "wine")
    comp = engine.default_action(s.state, s.state.prompts[0])
    order = [r for r in RESOURCE_TYPES if r in ("metal", "oil", "wine")]
    assert comp == GiveCompensation(THIERRY, order[0])


# --- properties over random exchanges -------------------------------------------------------


def _random_hand(rng: random.Random) -> dict[str, int]:
    hand: Counter[str] = Counter()
    for _ in range(rng.randint(0, 7)):
        t = rng.choice(RESOURCE_TYPES)
        hand[t + ("*" if t != "coin" and rng.random() < 0.2 else "")] += 1
    return dict(hand)


def _check_legal_matches_check(state: GameState, player: str) -> None:
    for action in engine.legal_actions(state, player):
        engine.check(state, action)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([3, 4, 5]))
def test_random_exchanges_conserve_resources(seed: int, players: int) -> None:
    """« Une fois les échanges terminés, les Ressources échangées sont placées derrière les
    paravents de leurs nouveaux propriétaires »: nothing is created or lost, legendary tokens
    included; each participant ends with his hand size unchanged after the compensation; no
    view ever shows another player's hand or an unrevealed offer."""
    rng = random.Random(seed)
    s = Scenario(["rome", "greece", "carthage", "egypt", "babylon"][:players])
    for p in s.state.players:
        s.hand(p, **{k.replace("*", "_l"): v for k, v in _random_hand(rng).items()})
    s.set(trade_tokens_used=rng.sample(["5/0", "2/1", "4/3"], rng.randint(0, 3)))
    sizes = {p: sum(h.values()) for p, h in s.state.hands.items()}
    before = all_tokens(s.state)
    s.enter("trade")
    steps = 0
    while s.state.phase == "trade":
        steps += 1
        assert steps < 200
        prompt = engine.owed(s.state)[0]
        _check_legal_matches_check(s.state, prompt.player)
        legal = s.legal(prompt.player)
        assert legal
        s.act(rng.choice(legal))
        assert all_tokens(s.state) == before
        t = s.state.trade
        for viewer in [*s.state.players, None]:
            v = view(s.state, viewer)
            if t is not None and not t.revealed:
                assert set(some(v["trade"])["offers"]) <= {viewer}
            assert v["hand"] == (s.state.hands[viewer] if viewer else None)
            assert all(e.audience == (e.data["player"],) for e in s.events
                       if e.kind == "offer_made")
    assert s.state.phase == "build"
    assert all_tokens(s.state) == before
    assert {p: sum(h.values()) for p, h in s.state.hands.items()} == sizes


@settings(max_examples=80, deadline=None)
@given(hand=st.dictionaries(st.sampled_from(["coin", "grain", "grain*", "wine", "gold*"]),
                            st.integers(1, 3), max_size=4),
       offer=st.lists(st.sampled_from(["coin", "grain", "wine", "gold", "oil", "grain*"]),
                      min_size=0, max_size=4),
       n=st.sampled_from([1, 2, 3, 4]))
def test_offer_check_accepts_exactly_the_legal_offers(
        hand: dict[str, int], offer: list[str], n: int) -> None:
    """« chaque joueur choisit parmi ses jetons Ressource [...] le nombre demandé »: an offer
    passes the check if and only if it is one of the legal offers."""
    s = four(carthage={"coin": 5}, egypt={"coin": 5})
    s.state.hands["rome"] = dict(hand)
    s.enter("trade")
    token = {1: "2/1", 2: "2/1", 3: "4/3", 4: "4/3"}[n]
    s.act(PlayTradeToken(THIERRY, token, n))
    if not any(p.player == "rome" for p in s.state.prompts):
        return
    legal = s.legal("rome")
    action = MakeOffer("rome", tuple(offer))
    try:
        engine.check(s.state, action)
        passed = True
    except EngineError:
        passed = False
    assert passed == (action in legal)
    for a in legal:
        engine.check(s.state, a)


def test_round_1_starts_with_the_trade_leaders_token() -> None:
    """« Le Maître du Commerce joue un jeton Commerce de son choix » — a new game starts at
    Trade (set-up step 3 is the first Production)."""
    state, _ = engine.new_game(FOUR, None, 7)
    assert state.phase == "trade"
    assert [(p.kind, p.player) for p in engine.owed(state)] == [("trade_token", THIERRY)]
    assert len(engine.legal_actions(state, THIERRY)) == 6


def test_snapshot_round_trip_in_the_middle_of_an_exchange() -> None:
    """« Une fois que tous les joueurs ont choisi leurs Ressources à échanger, ils les révèlent »
    — a game saved between two offers or two picks resumes unchanged."""
    s = _four_offering(2)
    take(s, THIERRY, FRANK, "papyrus")
    assert engine.from_json(engine.to_json(s.state)) == s.state
    s = four()
    s.enter("trade")
    s.act(PlayTradeToken(THIERRY, "2/1", 2))
    s.act(MakeOffer(THIERRY, ("coin", "coin")))
    assert engine.from_json(engine.to_json(s.state)) == s.state
