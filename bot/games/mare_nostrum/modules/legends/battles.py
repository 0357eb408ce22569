"""Battles won (Faveur d'Arès, 3.2.3; victory markers, B12): « à l'issue d'une Bataille
(Terrestre ou Maritime), disposer encore d'au moins une Unité et avoir éliminé toutes les
Unités de son adversaire ». A battle cancelled before the dice counts only when cards killed
the other side's last units (B14, C12: a win by pre-dice kills counts; a petrification or a
refusal is no battle). The battle's card effects end with it."""

from __future__ import annotations

from ...control import empires_with_units
from ...events import EventLog
from ...hooks import BATTLE_ENDED
from ...state import GameState
from .module import LEGENDS
from .play import clear_effects
from .state import legends


def _present(state: GameState, area: str, player: str) -> bool:
    if state.board.is_province(area):
        return player in empires_with_units(state, area)
    return bool(state.triremes.get(area, {}).get(player))


@LEGENDS.hook(BATTLE_ENDED)
def _battle_ended(
    state: GameState, area: str, attacker: str, defender: str, rolled: bool, ev: EventLog
) -> None:
    leg = legends(state)
    killed = False
    for e in leg.effects:  # a plain loop: no generator's frame (every battle)
        if e["key"] == area and e["round"] == state.round and e["data"].get("kill"):
            killed = True
            break
    if rolled or killed:
        a, d = _present(state, area, attacker), _present(state, area, defender)
        if a != d:
            winner = attacker if a else defender
            leg.wins[winner] = leg.wins.get(winner, 0) + 1
            ev.public("battle_won", player=winner, area=area, wins=leg.wins[winner])
    clear_effects(state, area)
