"""Checks of a Neptun state's consistency, run by the playouts after every action: cards
conserved, manifests valid, the row's face-up prefix, the tracks in range, a decision owed
until the end."""

from __future__ import annotations

from collections import Counter

from .data import INDIVIDUAL, load
from .state import NeptunState


def check_invariants(state: NeptunState) -> list[str]:
    data = load()
    errors: list[str] = []
    n = len(state.players)
    manifest_cards = [s for m in state.manifests.values() for s in m
                      if s is not None and s["status"] != "done"]
    cities = Counter([*state.city_deck, *state.city_discard, *(c["city"] for c in state.row),
                      *(s["city"] for s in manifest_cards)])
    if cities != Counter(range(len(data.cities))):
        errors.append("city cards not conserved")
    goods = Counter([*state.goods_deck, *state.goods_discard, *(c["goods"] for c in state.row),
                     *(s["goods"] for s in manifest_cards)])
    if goods != Counter(range(len(data.goods_cards))):
        errors.append("goods cards not conserved")
    held = [c for p in state.players for c in (*state.hands[p], *state.played[p])]
    oars = Counter([*state.oar_deck, *state.oar_discard, *(c["oar"] for c in state.row),
                    *state.chosen.values(), *state.boxed, *held])
    expected = Counter([*range(len(data.oars)),
                        *(INDIVIDUAL + j for j in range(len(data.individual) * n))])
    if oars != expected:
        errors.append("oar cards not conserved")
    if len(state.bonus_supply) + sum(map(len, state.bonus.values())) != len(data.bonus_tiles):
        errors.append("bonus tiles not conserved")
    ups = [c["up"] for c in state.row]
    if ups != sorted(ups, reverse=True):
        errors.append("INV-01: the face-up contracts are not a prefix of the row")
    for p in state.players:
        if len(state.manifests[p]) != data.slots:
            errors.append(f"INV-02: {p}'s manifest has {len(state.manifests[p])} slots")
        if state.phase == "voyages" and None in state.manifests[p]:
            errors.append(f"INV-02: {p}'s manifest is not full in phase 2")
        if state.gold[p] < 0:
            errors.append(f"{p} has negative gold")
        if state.ships[p] not in data.region_of:
            errors.append(f"INV-06: {p}'s ship is nowhere")
        if sorted(q for q, _ in state.temples.get(data.regions[0], [])) != sorted(state.players):
            errors.append("a temple lost a pawn")
    if state.phase == "voyages" and state.turn == 1 and not state.chosen:
        errors.extend(f"INV-03: {p} starts phase 2 with {len(state.hands[p])} oar cards"
                      for p in state.players if len(state.hands[p]) < 5)
    if not data.wind_min <= state.wind <= data.wind_max:
        errors.append(f"INV-05: wind {state.wind} off the track")
    if state.forecast is not None and not data.forecast_min <= state.forecast <= data.forecast_max:
        errors.append(f"INV-05: forecast {state.forecast} off the track")
    if sorted(state.sequence) != sorted(state.players):
        errors.append("the Séquence is not a permutation of the players")
    if not state.over and not [p for p in state.prompts if not p.data.get("answered")]:
        errors.append("nobody owes a decision before the end")
    return errors
