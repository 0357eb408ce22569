"""Phase 3 scoring, the end of a round and of the game (neptun.md §8 SCO-*, END-*, GAME-*),
with the rulebook's temple-ranking example."""

from __future__ import annotations

from bot.games.core.events import Event
from bot.games.neptun import ENGINE as E
from bot.games.neptun import EndVoyage, ExtraTurn, NeptunState
from bot.games.neptun.data import INDIVIDUAL

from .builder import DATA, advance, contract, game, kinds, prompt, voyages


def before_scoring(n: int = 4, seed: int = 1, round_: int = 1) -> NeptunState:
    """Round `round_`, turn 5 revealed: the last moves are owed, then the scoring."""
    state = game(n, seed)
    advance(state, lambda s: s.round == round_ and s.phase == "voyages" and s.turn == 5
            and prompt(s).kind == "voyage_move")
    return state


def score_now(state: NeptunState) -> list[Event]:
    """Everybody stays, nobody takes an extra turn: the round is scored."""
    events: list[Event] = []
    while not state.over and state.phase == "voyages":
        p = prompt(state)
        action = EndVoyage(p.player) if p.kind == "voyage_move" else ExtraTurn(p.player, False)
        events += E.apply_in_place(state, action)
    return events


def regional_tiles(state: NeptunState, player: str) -> list[tuple[str, int]]:
    return [w for w in state.won[player] if w[0] != "gold"]


def done_manifest(state: NeptunState, player: str) -> None:
    state.manifests[player] = [contract("roma", "fish", "temple", "done") for _ in range(5)]


def test_sco_01_five_fulfilled_contracts_draw_a_face_down_bonus_tile() -> None:
    """SCO-01 « Chaque joueur qui n'a perdu aucun contrat (c'est-à-dire qui a rempli ses 5
    contrats du round) reçoit une tuile Bonus » (L473–475); P13: its value is private."""
    state = before_scoring()
    done_manifest(state, "red")
    events = score_now(state)
    assert len(state.bonus["red"]) == 1 and all(not state.bonus[p] for p in ["green", "purple"])
    public = [e for e in events if e.kind == "bonus_drawn"]
    private = [e for e in events if e.kind == "bonus_tile"]
    assert public[0].data == {"player": "red"} and private[0].audience == ("red",)
    assert E.view(state, "red")["my_bonus"] == state.bonus["red"]
    assert "bonus" not in E.view(state, "green") and E.view(state, "green")["my_bonus"] == []


def test_sco_02_regional_temple_highest_first_lower_pawn_wins_ties_zero_takes_nothing() -> None:
    """SCO-02 « On vérifie, pour chaque temple, quel joueur a totalisé le plus de points de
    temple … En cas d'égalité, c'est le joueur dont le pion Temple se trouve sous la pile qui
    l'emporte » (L481–487); P11: players on 0 take no tile."""
    state = before_scoring()
    state.temples["italia"] = [("green", 0), ("purple", 2), ("red", 2), ("yellow", 0)]
    score_now(state)
    assert ("italia", DATA.point_tiles["italia"]["A"][0]) in state.won["purple"]
    assert not [w for w in state.won["red"] if w[0] == "italia"]
    assert all(not [w for w in state.won[p] if w[0] == "graecia"] for p in state.players)


def test_sco_03_gold_temple_to_the_richest_sequence_breaks_ties() -> None:
    """SCO-03 « Les points du temple d'or reviennent au joueur qui possède le plus d'or : en cas
    d'égalité, c'est le joueur dont le pion Joueur est placé le plus tôt … dans la Séquence »
    (L489–495); the gold is not spent; P11: nobody with 0 gold."""
    state = before_scoring()
    first, second = state.sequence[0], state.sequence[1]
    state.gold = {p: 0 for p in state.players}
    state.gold[second] = state.gold[first] = 9
    score_now(state)
    assert ("gold", 2) in state.won[first] and not state.won[second]
    assert state.gold[first] == 9


def test_sco_04_round_a_rank_one_takes_the_single_tile() -> None:
    """SCO-04: round A, each temple's single tile to its leader (L484: « Ce joueur prend la
    tuile de points placée dans le temple »)."""
    state = before_scoring()
    state.temples["asia"] = [("red", 1), ("green", 4), ("purple", 0), ("yellow", 3)]
    events = score_now(state)
    assert ("asia", 3) in state.won["green"]
    won = [e.data for e in events if e.kind == "tile_won" and e.data["temple"] == "asia"]
    assert won == [{"player": "green", "temple": "asia", "value": 3}]
    assert state.tiles["asia"] == [] or state.round == 2


def test_sco_05_round_b_ranks_one_and_two_and_the_temple_example() -> None:
    """SCO-05 « Aux 2e et 3e rounds de jeu, on vérifie quels joueurs sont en seconde et
    troisième position. Le premier joueur de chaque temple gagne la tuile comportant le plus
    grand nombre, le deuxième la tuile comportant le nombre suivant »; example « C'est le pion
    de Peter qui a progressé le plus et lui octroie donc la tuile comportant le maximum de points
    (5). Becca (rouge) l'emporte sur Ani (violet), car elle a atteint cette case la première
    (son pion se trouve en bas). C'est donc Becca (rouge) qui remporte la tuile à 1 point »
    (L497–506)."""
    state = before_scoring(round_=2)
    peter, becca, ani, jenny = "yellow", "red", "purple", "green"
    assert DATA.point_tiles["graecia"]["B"] == (5, 1) and state.tiles["graecia"] == [5, 1]
    state.temples["graecia"] = [(jenny, 0), (becca, 4), (ani, 4), (peter, 6)]
    score_now(state)
    assert ("graecia", 5) in state.won[peter] and ("graecia", 1) in state.won[becca]
    assert not [w for w in state.won[ani] if w[0] == "graecia"]


def test_sco_06_round_c_ranks_one_two_three() -> None:
    """SCO-06 « pendant le 3e round, le troisième joueur reçoit la tuile comportant le plus petit
    nombre » (L505–507)."""
    state = before_scoring(round_=3)
    state.temples["hispania"] = [("red", 1), ("green", 3), ("purple", 2), ("yellow", 0)]
    score_now(state)
    assert ("hispania", 10) in state.won["green"]
    assert ("hispania", 6) in state.won["purple"] and ("hispania", 3) in state.won["red"]
    assert not [w for w in state.won["yellow"] if w[0] == "hispania"]


def test_sco_07_tiles_nobody_can_take_leave_the_game_same_tie_breaks_at_every_rank() -> None:
    """SCO-07 (P11, P12): a tile without a qualified player leaves the game; the gold
    temple's Séquence tie-break applies at rank 2 too."""
    state = before_scoring(round_=2)
    state.temples["africa"] = [(p, 0) for p in state.players]
    seq = state.sequence
    state.gold = {seq[0]: 0, seq[1]: 4, seq[2]: 7, seq[3]: 4}
    score_now(state)
    assert all(w[0] != "africa" for p in state.players for w in state.won[p])
    assert ("gold", 4) in state.won[seq[2]] and ("gold", 1) in state.won[seq[1]]
    assert all(w[0] != "gold" for w in state.won[seq[3]])
    assert state.tiles["africa"] == list(DATA.point_tiles["africa"]["C"])  # round C's now


def test_end_01_02_03_oar_cards_kept_individual_boxed_regular_discarded() -> None:
    """END-01/02/03 « tous les joueurs conservent leurs cartes Rames inutilisées en main …
    Les cartes Rames individuelles déjà jouées sont rangées dans la boîte, et les autres sont
    placées dans la pile de défausse » (L510–516)."""
    state = before_scoring()
    kept = {p: list(state.hands[p]) for p in state.players}
    played = [c for p in state.players for c in (*state.played[p], state.chosen[p])]
    score_now(state)
    assert state.round == 2
    assert sorted(state.boxed) == sorted(c for c in played if c >= INDIVIDUAL)
    assert state.boxed and not set(played) & {c for h in state.hands.values() for c in h}
    assert len(state.oar_deck) + len(state.row) == 50 - sum(
        1 for h in state.hands.values() for c in h if c < INDIVIDUAL)
    for p in state.players:
        assert state.played[p] == [] and set(kept[p]) <= set(state.hands[p])
        assert len(state.hands[p]) <= 2


def test_end_04_every_other_card_back_and_the_decks_reshuffled() -> None:
    """END-04 « Triez les autres cartes par type et placez-les sur les défausses
    correspondantes. Ensuite, remélangez chaque défausse avec la pioche correspondante »
    (L518–521)."""
    state = before_scoring()
    score_now(state)
    assert state.city_discard == state.goods_discard == state.oar_discard == []
    assert len(state.city_deck) + len(state.row) == 30
    assert all(m == [None] * 5 for m in state.manifests.values())


def test_end_05_temples_gold_sequence_and_wind_carry_over() -> None:
    """END-05 « Les pions Temple demeurent sur les cases qu'ils ont atteintes » (L522–523);
    P16 (Séquence), P5 (wind), gold kept."""
    state = before_scoring()
    state.temples["italia"] = [("red", 1), ("green", 3), ("purple", 0), ("yellow", 0)]
    gold, sequence = dict(state.gold), list(state.sequence)
    score_now(state)
    wind = state.wind
    assert state.temples["italia"][:2] == [("red", 1), ("green", 3)]
    assert state.gold == gold and state.sequence == sequence and state.round == 2
    advance(state, lambda s: s.phase == "voyages")
    assert state.wind == wind


def test_end_06_the_next_round_s_tiles_on_the_temples() -> None:
    """END-06 « Distribuez les tuiles de points du round (2e round = B, 3e round = C) suivant
    dans les temples appropriés » (L525–526)."""
    state = before_scoring()
    score_now(state)
    assert state.tiles == {t: list(DATA.point_tiles[t]["B"]) for t in DATA.temples}


def test_end_07_every_boat_back_to_crete() -> None:
    """END-07 « remettez tous les bateaux en Crète » (L527)."""
    state = before_scoring()
    state.ships["red"] = "roma"
    score_now(state)
    assert set(state.ships.values()) == {"creta"}


def test_game_01_score_is_point_tiles_plus_bonus_tiles() -> None:
    """GAME-01 « Au bout de trois rounds de jeu, les joueurs font le total de leurs tuiles de
    points et de leurs tuiles Bonus » (L535); gold and temples count for nothing."""
    state = before_scoring(round_=3)
    state.won = {p: [] for p in state.players}
    state.won["red"] = [("asia", 3), ("gold", 2)]
    state.bonus["red"] = [3]
    state.gold["green"] = 50
    state.temples["africa"] = [(p, 0) for p in state.players]
    events = score_now(state)
    assert state.over
    final = next(e for e in events if e.kind == "game_won")
    scores = final.data["scores"]
    assert scores["red"] == 8 + sum(v for t, v in state.won["red"][2:])
    assert scores["green"] == sum(v for _, v in state.won["green"])
    assert E.view(state, None)["bonus"]["red"][0] == 3  # revealed at the final count


def test_game_02_highest_score_wins_ties_share() -> None:
    """GAME-02 « Le joueur qui possède le plus de points … remporte la partie. En cas
    d'égalité, les joueurs ex aequo partagent la victoire » (L537–539)."""
    state = before_scoring(round_=3)
    for r in DATA.regions:
        state.temples[r] = [(p, 0) for p in state.players]
    state.gold = {p: 0 for p in state.players}
    state.won = {p: [] for p in state.players}
    state.bonus = {p: [] for p in state.players}
    state.won["red"] = [("asia", 5)]
    state.won["purple"] = [("italia", 5)]
    events = score_now(state)
    assert state.winners == ["red", "purple"] and state.victory == "points"
    assert "game_won" in kinds(events)
    v = E.view(state, None)
    assert v["over"] and v["winners"] == ["red", "purple"]
    assert E.legal_actions(state, "red") == []


def test_inv_03_hands_hold_at_least_five_at_phase_two() -> None:
    """INV-03: at least 5 oar cards at the start of phase 2, at most 2 at the end of a round."""
    state = voyages(5, 3)
    assert all(len(h) >= 5 for h in state.hands.values())


def test_p14_the_gold_supply_never_runs_out() -> None:
    """P14: gold is an unlimited supply, whatever the 55 coins: a rich table still earns."""
    state = before_scoring()
    state.gold = {p: 60 for p in state.players}
    p = prompt(state).player
    state.manifests[p][0] = contract("roma", "honey", "gold")
    state.ships[p] = "roma"
    E.apply_in_place(state, E.action_from_dict({"kind": "deliver", "player": p, "slot": 0,
                                                "buy": False}))
    assert state.gold[p] > 60


def test_p15_temple_tracks_have_no_upper_bound() -> None:
    """P15: temple tracks have no upper bound."""
    state = before_scoring()
    p = prompt(state).player
    state.temples["hispania"] = [(q, 40 if q == p else 0) for q in state.players]
    state.manifests[p][0] = contract("saguntum", "olives", "temple")
    state.ships[p] = "saguntum"
    E.apply_in_place(state, E.action_from_dict({"kind": "deliver", "player": p, "slot": 0,
                                                "buy": True}))
    assert (p, 44) in state.temples["hispania"]


def test_p19_bonus_then_regional_temples_then_the_gold_temple() -> None:
    """P19: the scoring steps in order: bonus tiles, the 5 regional temples, the gold
    temple."""
    state = before_scoring()
    done_manifest(state, "red")
    state.temples["asia"] = [("red", 2), *[(p, 0) for p in state.players if p != "red"]]
    events = score_now(state)
    steps = [e.data.get("temple", "bonus") for e in events
             if e.kind in ("bonus_drawn", "tile_won")]
    assert steps[0] == "bonus" and steps[-1] == "gold" and "asia" in steps
