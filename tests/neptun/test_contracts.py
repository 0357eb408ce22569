"""Phase 1, contracts (neptun.md §8 RND-01, CON-*), with the rulebook's examples."""

from __future__ import annotations

import pytest

from bot.games.core.errors import EngineError
from bot.games.neptun import ENGINE as E
from bot.games.neptun import NeptunState, Reveal, TakeContract

from .builder import DATA, act, advance, game, kinds, prompt


def _picker(state: NeptunState) -> str:
    return prompt(state).player


def test_rnd_01_three_rounds_of_three_phases() -> None:
    """RND-01 « La partie se joue en trois rounds (A, B et C). Chaque round est composé de 3
    phases » (L159): contracts, voyages, scoring (then the end of the round)."""
    state = game(3, 4)
    seen: list[tuple[int, str]] = []
    while not state.over:
        if not seen or seen[-1] != (state.round, state.phase):
            seen.append((state.round, state.phase))
        E.apply_in_place(state, E.default_action(state, prompt(state)))
    assert seen == [(r, p) for r in (1, 2, 3) for p in ("contracts", "voyages")]
    assert state.round == 3 and state.victory == "points"


def test_con_01_the_first_pick_turn_deals_n_plus_1_face_down_columns() -> None:
    """CON-01 « On pioche dans chaque paquet un nombre de cartes égal au nombre de joueurs
    plus 1 » (L186–188), all face down."""
    for n in (3, 4, 5):
        state = game(n)
        assert len(state.row) == n + 1 and not any(c["up"] for c in state.row)
        assert E.view(state, "red")["row"][0] == {"up": False, "gold": 0, "city": None,
                                                   "goods": None, "oar": None}


def test_con_02_later_turns_left_over_first_then_n_new_face_down() -> None:
    """CON-02 (P1) « On effectue encore 4 tours sur le même principe » (L307): the left-over
    column first, then N new face-down columns."""
    state = game(4, 2)
    advance(state, lambda s: s.turn == 2)
    assert len(state.row) == 5 and state.row[0]["up"]
    assert not any(c["up"] for c in state.row[1:])


def test_con_03_players_pick_in_sequence_order_one_contract_each() -> None:
    """CON-03 « Dans l'ordre des joueurs, chacun fait son choix parmi les contrats » (L209)."""
    state = game(4, 3)
    order = list(state.sequence)
    pickers = []
    while state.turn == 1:
        p = prompt(state)
        if p.data["revealed"] is None:
            pickers.append(p.player)
        E.apply_in_place(state, E.default_action(state, p))
    assert pickers == order
    assert all(sum(s is not None for s in state.manifests[p]) == 1 for p in order)


def test_con_04_only_face_down_reveal_leftmost_then_take_or_refuse_last_must_be_taken() -> None:
    """CON-04 « Le joueur doit d'abord révéler le contrat situé le plus à gauche … S'il arrive
    au dernier (le plus à droite), il est obligé de le prendre » (L215–225)."""
    state = game(3, 1)
    p = _picker(state)
    assert E.legal_actions(state, p) == [Reveal(p)]
    for i in range(3):
        act(state, Reveal(p))
        assert state.row[i]["up"] and not any(c["up"] for c in state.row[i + 1:])
        legal = E.legal_actions(state, p)
        assert {a.index for a in legal if isinstance(a, TakeContract)} == {i}
        assert Reveal(p) in legal
    act(state, Reveal(p))
    assert E.legal_actions(state, p) == [TakeContract(p, 3, s) for s in range(5)]
    with pytest.raises(EngineError) as err:
        E.apply_in_place(state, Reveal(p))
    assert err.value.code == "nothing_to_reveal"


def test_con_04_example_becca_refuses_the_first_and_takes_the_second() -> None:
    """Example « Becca (rouge) révèle le premier contrat, mais n'en veut pas. Elle prend
    cependant le second contrat qu'elle révèle » (L240–241)."""
    state = game(4, 1)
    p = _picker(state)
    first, second = state.row[0], state.row[1]
    act(state, Reveal(p))
    act(state, Reveal(p))
    act(state, TakeContract(p, 1, 0))
    assert state.manifests[p][0] == {"city": second["city"], "goods": second["goods"],
                                     "status": "open"}
    assert state.row[0] is first and first["up"]


def test_con_05_mixed_row_take_any_face_up_or_reveal_the_next() -> None:
    """CON-05 « Le joueur peut choisir un des contrats déjà révélés. S'il n'en choisit pas, il
    peut révéler le contrat caché suivant » (L229–233); example « Jenny (vert) décide de
    prendre le premier contrat face visible » (L245)."""
    state = game(4, 1)
    p = _picker(state)
    act(state, Reveal(p))
    act(state, Reveal(p))
    act(state, TakeContract(p, 1, 2))  # row: [up, down, down, down]
    q = _picker(state)
    state.row[1]["up"] = True  # two face-up contracts now
    legal = E.legal_actions(state, q)
    assert {a.index for a in legal if isinstance(a, TakeContract)} == {0, 1}
    assert Reveal(q) in legal
    act(state, TakeContract(q, 0, 0))
    assert state.manifests[q][0] is not None


def test_con_06_a_reveal_closes_the_earlier_face_up_contracts_for_this_pick_only() -> None:
    """CON-06 « si un joueur refuse un contrat, il ne peut plus l'acquérir par la suite, même si
    le suivant se révèle moins avantageux ! » (L235–236); other players still can."""
    state = game(4, 1)
    p = _picker(state)
    act(state, Reveal(p))
    act(state, Reveal(p))
    act(state, TakeContract(p, 1, 0))
    q = _picker(state)
    act(state, Reveal(q))  # turns index 1; index 0 (face up before) is closed to q
    with pytest.raises(EngineError) as err:
        E.apply_in_place(state, TakeContract(q, 0, 0))
    assert err.value.code == "contract_closed"
    act(state, TakeContract(q, 1, 0))
    r = _picker(state)
    assert TakeContract(r, 0, 0) in E.legal_actions(state, r)


def test_con_07_only_face_up_contracts_one_must_be_taken() -> None:
    """CON-07 « Il n'y a que des contrats face visible. Le joueur doit prendre un des contrats
    face visible » (L250–252)."""
    state = game(3, 1)
    for c in state.row:
        c["up"] = True
    p = _picker(state)
    legal = E.legal_actions(state, p)
    assert legal and all(isinstance(a, TakeContract) for a in legal)
    assert {a.index for a in legal if isinstance(a, TakeContract)} == {0, 1, 2, 3}


def test_con_08_the_taker_receives_the_coins_on_the_city_card() -> None:
    """CON-08 « le joueur qui prendra ce contrat recevra l'or qu'il contient » (L303–304)."""
    state = game(3, 1)
    state.row[0]["up"] = True
    state.row[0]["gold"] = 2
    p = _picker(state)
    act(state, TakeContract(p, 0, 4))
    assert state.gold[p] == 7


def test_con_09_into_an_empty_slot_of_his_choice_for_good() -> None:
    """CON-09 « il affecte les cartes Ville et Marchandises de son contrat à un emplacement vide
    de son manifeste »; example « Becca (rouge) décide de placer le contrat … sur la 4e case de
    son manifeste. Elle ne pourra plus le déplacer » (L258–281)."""
    state = game(3, 1)
    p = _picker(state)
    act(state, Reveal(p))
    act(state, TakeContract(p, 0, 3))
    assert state.manifests[p][3] is not None and state.manifests[p][:3] == [None] * 3
    advance(state, lambda s: _picker(s) == p)
    assert all(a.slot != 3 for a in E.legal_actions(state, p) if isinstance(a, TakeContract))
    with pytest.raises(EngineError) as err:
        E.check(state, TakeContract(p, 0, 3))
    assert err.value.code in ("slot_taken", "contract_closed")


def test_con_10_the_pawn_on_the_oar_track_on_top_and_the_oar_card_in_hand() -> None:
    """CON-10 « il le pose sur la case correspondant au nombre figurant en bas de sa carte
    Rames. Si cette case est déjà occupée, le joueur pose son pion par-dessus … Il prend ensuite
    la carte Rame dans sa main » (L266–271); « la carte Rames qui s'y rapportait n'y est plus
    liée » (L276–277)."""
    state = game(3, 1)
    p = _picker(state)
    oar = state.row[0]["oar"]
    act(state, Reveal(p))
    events = act(state, TakeContract(p, 0, 0))
    assert state.oar_track == [(p, DATA.oar(oar)[0])]
    assert oar in state.hands[p] and "oar" not in state.manifests[p][0]  # type: ignore[operator]
    assert "contract_taken" in kinds(events)
    others = [q for q in state.players if q != p]
    assert oar not in E.view(state, others[0]).get("hand", [])


def test_con_11_new_sequence_lowest_first_top_of_a_stack_first() -> None:
    """CON-11 « on prend le pion Joueur occupant la case ayant la plus petite valeur … Si
    plusieurs marqueurs occupent la même case, on les pose sur la Séquence de jeu en les
    prenant de haut en bas » (L291–298)."""
    from bot.games.neptun.contracts import new_sequence

    assert new_sequence([("red", 4), ("green", 2), ("purple", 4), ("yellow", 6)]) == [
        "green", "purple", "red", "yellow"]
    state = game(3, 1)
    advance(state, lambda s: s.turn == 2)
    assert len(state.sequence) == 3 and state.oar_track == []


def test_con_11_example_the_order_after_a_turn() -> None:
    """Example « Jenny (vert) est en première place, Peter (jaune) en deuxième place et Ani
    (violet) en troisième. Becca (rouge) sera la dernière » (L310–312)."""
    from bot.games.neptun.contracts import new_sequence

    track = [("red", 5), ("green", 1), ("purple", 3), ("yellow", 3)]
    assert new_sequence(track) == ["green", "yellow", "purple", "red"]


def test_con_12_left_over_face_up_gets_a_coin_face_down_is_turned() -> None:
    """CON-12 « Si ces cartes ont été retournées face visible, posez une pièce d'or sur la
    carte Ville … Sinon, révélez-les sans placer de pièce d'or » (L300–305); example « Le
    dernier contrat non acquis est posé en première place, avec une pièce d'or » (L316–317);
    P2: coins add up."""
    state = game(3, 1)
    while state.turn == 1:  # everyone reveals all the way to the last contract
        p = prompt(state)
        legal = E.legal_actions(state, p.player)
        E.apply_in_place(state, Reveal(p.player) if Reveal(p.player) in legal else legal[0])
    assert state.row[0]["up"] and state.row[0]["gold"] == 1
    state2 = game(3, 1)
    while state2.turn == 1:  # everyone takes a face-up one or the first revealed
        p = prompt(state2)
        E.apply_in_place(state2, E.legal_actions(state2, p.player)[0])
    left = state2.row[0]
    assert left["up"] and left["gold"] == 0  # left face down: turned up, no coin
    kept = state.row[0]
    while state.turn == 2:  # nobody takes it: a second coin
        p = prompt(state)
        legal = [a for a in E.legal_actions(state, p.player)
                 if not (isinstance(a, TakeContract) and a.index == 0)]
        E.apply_in_place(state, legal[0])
    assert state.row[0] is kept and kept["gold"] == 2


def test_con_13_after_the_fifth_turn_the_left_over_is_discarded_with_its_coins() -> None:
    """CON-13 (P3): the 5th pick turn rebuilds the Séquence; the left-over contract is not
    refilled and is discarded at the end of the round, its coins back to the supply."""
    state = game(4, 6)
    advance(state, lambda s: s.phase == "voyages")
    assert len(state.row) == 1
    assert all(None not in state.manifests[p] for p in state.players)
    advance(state, lambda s: s.round == 2)
    assert state.row[0]["gold"] == 0 and len(state.row) == 5  # a fresh row


def test_con_14_no_hand_limit() -> None:
    """CON-14: there is no hand limit on oar cards: 2 + 5 cards at the start of phase 2."""
    state = game(3, 1)
    advance(state, lambda s: s.phase == "voyages")
    assert all(len(state.hands[p]) == 7 for p in state.players)


def test_bad_contract_answers_change_nothing() -> None:
    state = game(3, 1)
    p = _picker(state)
    before = E.to_json(state)
    for action, code in [(TakeContract(p, 0, 0), "contract_closed"),
                         (TakeContract(p, 9, 0), "contract_closed")]:
        with pytest.raises(EngineError) as err:
            E.apply(state, action)
        assert err.value.code == code
    other = next(q for q in state.players if q != p)
    with pytest.raises(EngineError) as err:
        E.apply(state, Reveal(other))
    assert err.value.code == "not_your_turn"
    act(state, Reveal(p))
    with pytest.raises(EngineError) as err:
        E.apply(state, TakeContract(p, 0, 7))
    assert err.value.code == "slot_taken"
    assert E.to_json(game(3, 1)) == before
