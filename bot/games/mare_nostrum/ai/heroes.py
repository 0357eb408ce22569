"""The `standard` 2003 player's mythological heroes (the Mythology, issue 18), kept apart from
the base player as the gods' and creatures' parts are.
- Free powers of its construction turn at once: Castor & Pollux copy the most useful hero
  another holds; Gilgamesh's fortress and Jason's caravan go where the purchase scores of
  `mn2003_build` rank a fortress or a caravan highest. Spartacus's legion once no purchase
  is left (its slave card would be discarded at the turn's end).
- Minos's, Crésus's and the Reine de Saba's purchases are ranked with the ordinary ones
  (`purchase_factor`: a first discounted item counts as cheaper).
- Énée names the sea across which its legions reach the richest province they can take.
- Before and after the dice: Midas converts all he may, Hamilcar takes all his dice as 4s,
  Hercule declares his creature, Ajax rerolls the dice below the mean, Méduse forbids a
  combat it defends. Antigone stays out of an exchange when its hand has no duplicate."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..actions import Action, Buy
from ..modules.mythology.mythic_heroes import ids
from ..modules.mythology.mythic_heroes.aeneas import AeneasSea
from ..modules.mythology.mythic_heroes.building import (
    GilgameshFortress,
    JasonCaravan,
    SpartacusLegion,
)
from ..modules.mythology.mythic_heroes.copies import CopyHero
from ..modules.mythology.mythic_heroes.dice import AjaxReroll, HamilcarFours
from ..modules.mythology.mythic_heroes.hercules import HerculesCreature
from ..modules.mythology.mythic_heroes.hero_buys import HeroBuy
from ..modules.mythology.mythic_heroes.medusa import MedusaForbid
from ..modules.mythology.mythic_heroes.midas import MidasConvert
from ..modules.mythology.mythic_heroes.trade import AntigoneChoice
from ..rulesets.mn2003.free_start import Deploy
from ..rulesets.mn2003.geography import sea_shores
from . import mn2003_build as build
from . import mn2003_war as war
from .mn2003_hand import hand_of
from .roles import CONTEST, contested_items

View = Mapping[str, Any]
# What a mythological hero's power brings this player (a tie-break between cards: all cost
# 9, like `mn2003_build.CARD_WORTH`): cheaper wonders and more cards first, then the powers
# this player uses in its construction turn, then the combat ones.
HERO_WORTH = {
    ids.IMHOTEP: 8,
    ids.CIRCE: 6,
    ids.CROESUS: 6,
    ids.CASTOR_POLLUX: 5,
    ids.ADONIS: 5,
    ids.MOSES: 5,
    ids.GILGAMESH: 5,
    ids.MINOS: 3,
    ids.JASON: 3,
    ids.SPARTACUS: 3,
    ids.SHEBA: 3,
    ids.ARIADNE: 3,
    ids.PENTHESILEA: 3,
    ids.HAMILCAR: 3,
    ids.AJAX: 3,
    ids.MIDAS: 3,
    ids.ACHILLES: 2,
    ids.AENEAS: 2,
    ids.MEDUSA: 2,
    ids.HERCULES: 2,
    ids.ANTIGONE: 1,
}
DISCOUNT = 1.3  # a first item at −1 (Minos, Crésus): about a third cheaper for a 3
# A new influence's worth with Gilgamesh (a free fortress comes with it) or Crésus (it may
# build there at once, cheaper): about a third of the free fortress or of the discount.
WITH_NEW_INFLUENCE = {ids.GILGAMESH: 10.0, ids.CROESUS: 5.0}
MEAN_DIE = 3  # Ajax rerolls what a fresh die beats on average (3.5)
Purchase = Buy | Deploy | HeroBuy


def _part(view: View) -> Mapping[str, Any]:
    part: Mapping[str, Any] = view["substates"].get("mythology.heroes_mythic") or {}
    return part


def holds(view: View, card: str) -> bool:
    """Whether it holds that hero's power (the card, or a Castor & Pollux copy)."""
    me = str(view.get("viewer"))
    cards: Mapping[str, list[str]] = view.get("hw") or {}
    copied: Mapping[str, str] = view.get("copied") or {}
    return card in cards.get(me, ()) or copied.get(me) == card


def _unused(view: View, card: str) -> bool:
    used = f"{view['round']}:{card}:{view.get('viewer')}"
    return used not in (_part(view).get("used") or ())


def purchase_factor(view: View, buy: Purchase) -> float:
    """How much cheaper a hero's purchase is than the ordinary one (1: the normal price)."""
    if not isinstance(buy, HeroBuy) or buy.card not in (ids.MINOS, ids.CROESUS):
        return 1.0
    where = buy.target if buy.card == ids.MINOS else "*"
    key = f"{view['round']}:{buy.card}:{buy.player}:{buy.item}:{where}"
    return 1.0 if key in (_part(view).get("used") or ()) else DISCOUNT


def best_purchase(view: View, buys: list[Purchase]) -> Purchase:
    """`mn2003_build.best_buy` with the heroes' purchases: a discounted item counts as
    cheaper, a mythological hero's card by its worth, and what contests a three-role holder's
    fourth role more (`roles.py`) (the first listed between equals)."""
    e = build.empire(view)
    influence = sum(
        bonus
        for card, bonus in WITH_NEW_INFLUENCE.items()
        if holds(view, card) and (card != ids.GILGAMESH or _unused(view, card))
    )

    contested = contested_items(view)

    def worth(b: Purchase) -> float:
        value = build.score(view, e, b.item, b.target, b.slot) * purchase_factor(view, b)
        if b.item in contested:
            value += CONTEST
        if b.item == "influence":
            return value + influence
        return value + (HERO_WORTH.get(b.target, 0) if b.item == "hw" else 0)

    return max(buys, key=worth)


def hero_choice(view: View, legal: list[Action]) -> Action | None:
    """Its answer when a mythological hero is concerned (None: nothing of theirs here, or
    nothing worth doing yet)."""
    prompt = _prompt_answer(view, legal)
    if prompt is not None:
        return prompt
    copies = [a for a in legal if isinstance(a, CopyHero)]
    if copies:
        return max(copies, key=lambda a: (HERO_WORTH.get(a.card, 0), a.card))
    forts = [a for a in legal if isinstance(a, GilgameshFortress)]
    if forts:
        e = build.empire(view)
        return max(forts, key=lambda a: build.score(view, e, "fortress", a.target, -1))
    jasons = [a for a in legal if isinstance(a, JasonCaravan)]
    if jasons:
        e = build.empire(view)
        return max(
            jasons,
            key=lambda a: (build.score(view, e, "caravan", a.target, a.target_slot), a.source),
        )
    spartacus = [a for a in legal if isinstance(a, SpartacusLegion)]
    if spartacus and not any(isinstance(a, Buy | Deploy | HeroBuy) for a in legal):
        e = build.empire(view)
        return max(spartacus, key=lambda a: build.score(view, e, "legion", a.target, -1))
    seas = [a for a in legal if isinstance(a, AeneasSea)]
    if seas:
        return aeneas_sea(view, build.empire(view), seas)
    return None


def _prompt_answer(view: View, legal: list[Action]) -> Action | None:
    first = legal[0]
    if isinstance(first, MidasConvert):
        return max(legal, key=lambda a: a.legions if isinstance(a, MidasConvert) else -1)
    if isinstance(first, HamilcarFours):
        return max(legal, key=lambda a: a.dice if isinstance(a, HamilcarFours) else -1)
    if isinstance(first, HerculesCreature):
        return next(a for a in legal if isinstance(a, HerculesCreature) and a.declare)
    if isinstance(first, AjaxReroll):
        rerolls = [a for a in legal if isinstance(a, AjaxReroll)]
        rolled = max(rerolls, key=lambda a: len(a.dice)).dice  # every die he rolled
        low = tuple(sorted(d for d in rolled if d <= MEAN_DIE))
        return next((a for a in rerolls if tuple(sorted(a.dice)) == low), rerolls[0])
    if isinstance(first, MedusaForbid):
        return MedusaForbid(first.player, _defending(view))
    if isinstance(first, AntigoneChoice):
        hand = hand_of(view)
        return AntigoneChoice(first.player, not any(n > 1 for n in hand.values()))
    return None


def _defending(view: View) -> bool:
    """Méduse: the combat is against its units (it is no attacker in another's turn)."""
    me = view.get("viewer")
    # The decision before the dice it owes now (its data names the area and the enemy).
    prompt = next((p for p in view.get("my_prompts") or () if "enemy" in p["data"]), None)
    military: Mapping[str, Any] = view.get("military") or {}
    return (
        prompt is not None and bool(prompt["data"].get("enemy")) and military.get("current") != me
    )


def aeneas_sea(view: View, e: build.Empire, seas: list[AeneasSea]) -> AeneasSea | None:
    """The sea joining a province where its legions stand to the richest province across it
    that they are strong enough to take (None: no such crossing)."""
    legions: Mapping[str, Mapping[str, int]] = view["legions"]
    best: tuple[float, str, AeneasSea] | None = None
    for a in seas:
        shores = sea_shores(a.sea, e.key)
        strength = max((legions.get(p, {}).get(e.me, 0) for p in shores), default=0)
        if strength == 0:
            continue
        value = max(
            (
                war.prize(view, e, p)
                for p in shores
                if war.strength_needed(view, p, e.me) <= strength
            ),
            default=0.0,
        )
        if value > 0 and (best is None or (value, a.sea) > best[:2]):
            best = (value, a.sea, a)
    return best[2] if best else None
