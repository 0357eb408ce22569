"""SALOMON (L398–402), Phase IV Militaire: « Un joueur actif doit vous donner un Impôt pour
chaque Province dans laquelle il combat vos Unités. »

Ruling D4: land battles only; 1 coin per province (one battle per area and turn), paid as the
battle starts, before the dice; without a coin he pays nothing and still fights. Nobody decides
anything — the coin is owed, not offered — so it is a step of the battle's start
(LAND_BATTLE_START), not a play window (rulings 17–18 ask a window only where a player may
choose to act)."""

from __future__ import annotations

from ....board import COIN
from ....control import has_power
from ....events import EventLog
from ....hooks import LAND_BATTLE_START
from ....resources import add, remove_token
from ....state import GameState
from ..module import MODULE

SOLOMON = "solomon"


@MODULE.hook(LAND_BATTLE_START)
def _tribute(state: GameState, attacker: str, defender: str, province: str, ev: EventLog) -> None:
    if not has_power(state, defender, SOLOMON):
        return
    paid = state.hands[attacker].get(COIN, 0) > 0
    if paid:
        remove_token(state.hands[attacker], COIN)
        add(state.hands[defender], COIN)
    ev.public(
        "solomon_tribute" if paid else "solomon_tribute_unpaid",
        player=attacker,
        to=defender,
        province=province,
        power=SOLOMON,
    )
