"""CRÉSUS (Ierusalem, L366–376), ruling D1."""

from __future__ import annotations

from bot.games.mare_nostrum.actions import Buy
from bot.games.mare_nostrum.modules.ierusalem.actions import CroesusBuy

from ..test_build import rejects
from ..test_build import start as start_build
from .scenario import CityScenario


def croesus(coins: int) -> CityScenario:
    s = CityScenario(("ierusalem",))
    s.hw("rome", "caesar", "croesus")
    s.hand("rome", coin=coins)
    s.influence("thracia", "rome")  # a city, a temple, a caravan and a market slot
    s.legions("thracia", "greece", 0)
    s.building("thracia", "city", present=False)
    s.building("thracia", "caravan", present=False)
    start_build(s, "rome")
    return s


def of(s: CityScenario) -> list[CroesusBuy]:
    return [a for a in s.legal("rome") if isinstance(a, CroesusBuy)]


def test_cresus_influence_cite_ou_caravane_pour_1_impot() -> None:
    """« Une fois par tour, vous pouvez: ➤ soit acheter 1 marqueur Influence, 1 Cité ou 1
    Caravane pour 1 Impôt [...] »"""
    s = croesus(1)
    offered = of(s)
    assert {a.item for a in offered} == {"influence", "city", "caravan"}
    assert CroesusBuy("rome", "city", "thracia", 0) in offered
    assert not [b for b in s.legal("rome") if isinstance(b, Buy)]  # 1 coin buys nothing else
    s.act(offered[0])
    assert s.state.hands["rome"] == {}
    assert not of(s)


def test_cresus_marche_ou_temple_pour_4_impots_une_fois_par_tour() -> None:
    """« ▶ soit acheter 1 Marché ou 1 Temple pour 4 Impôts. » Once a turn, whichever option
    (D1); coins only."""
    s = croesus(9)
    market = next(a for a in of(s) if a.item in ("market", "temple"))
    s.act(market)
    assert s.state.hands["rome"] == {"coin": 5}
    assert not of(s)
    rejects(s, CroesusBuy("rome", "influence", market.target, -1), "power_used")


def test_cresus_coins_only() -> None:
    """D1: coins only — commodities pay nothing."""
    s = CityScenario(("ierusalem",))
    s.hw("rome", "caesar", "croesus")
    s.hand("rome", grain=3, wine=2)
    start_build(s, "rome")
    assert not of(s)


def test_cresus_the_placement_rules_still_apply() -> None:
    """The usual placement rules: not in a province he neither controls nor reaches."""
    s = croesus(4)
    rejects(s, CroesusBuy("rome", "city", "aegyptus", 0), "bad_croesus_buy")


def test_cresus_listing_is_each_placement_asked_by_placement_why() -> None:
    """The listing asks the Build phase's placement rules over all the provinces at once (a
    speed-up): it offers exactly the purchases `placement_why` allows one by one, with the
    coins to pay, in board order — for every player at every Build position of seeded games."""
    import random

    from bot.games.mare_nostrum import engine
    from bot.games.mare_nostrum.actions import interned
    from bot.games.mare_nostrum.modules.ierusalem.powers import croesus as power
    from bot.games.mare_nostrum.phases.build.placement import placement_why
    from bot.games.mare_nostrum.setup import empires_for
    from bot.games.mare_nostrum.state import GameState

    from ..test_playouts import choose

    def one_by_one(state: GameState, player: str) -> list[CroesusBuy]:
        coins = state.hands[player].get("coin", 0)
        out = []
        for pid, province in state.board.provinces.items():
            sites = [("influence", -1)] + [
                (slot.kind, i) for i, slot in enumerate(province.slots) if slot.kind != "influence"
            ]
            for item, i in sites:
                cost = power.PRICES.get(item)
                if (
                    cost is not None
                    and coins >= cost
                    and placement_why(state, player, item, pid, i) is None
                ):
                    out.append(interned(CroesusBuy, player, item, pid, i))
        return out

    asked = 0
    for modules, players, seed in ((["ierusalem"], 4, 1), (["atlantis", "ierusalem"], 6, 2)):
        rnd = random.Random(seed)
        state, _ = engine.new_game(
            empires_for(players, "empires", tuple(modules)), {"modules": modules}, seed
        )
        while not state.over and asked < 40 * len(modules):
            if state.build is not None and state.build.current and rnd.random() < 0.2:
                for player in state.players:
                    state.hands[player]["coin"] = state.hands[player].get("coin", 0) + 4
                    assert power._candidates(state, player) == one_by_one(state, player)
                    asked += 1
                    state.hands[player]["coin"] -= 4
                    if not state.hands[player]["coin"]:
                        del state.hands[player]["coin"]
            player = rnd.choice(sorted({p.player for p in engine.owed(state)}))
            engine.apply_in_place(state, choose(rnd, engine.legal_actions(state, player)))
    assert asked >= 80
