"""The `standard` player seeks the mythological heroes' powers (issue 18, ai/heroes.py): in a
scripted position each, its answer is the power's, when the power helps it."""

from __future__ import annotations

from typing import Any

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import Action, Buy, Pay
from bot.games.mare_nostrum.ai import heroes, roles
from bot.games.mare_nostrum.ai import mn2003_build as build
from bot.games.mare_nostrum.ai.mn2003 import Standard2003Player
from bot.games.mare_nostrum.modules.mythology.mythic_heroes import ids
from bot.games.mare_nostrum.modules.mythology.mythic_heroes.aeneas import AeneasSea
from bot.games.mare_nostrum.modules.mythology.mythic_heroes.building import (
    GilgameshFortress,
    JasonCaravan,
    SpartacusLegion,
)
from bot.games.mare_nostrum.modules.mythology.mythic_heroes.copies import CopyHero
from bot.games.mare_nostrum.modules.mythology.mythic_heroes.dice import AjaxReroll, HamilcarFours
from bot.games.mare_nostrum.modules.mythology.mythic_heroes.hercules import HerculesCreature
from bot.games.mare_nostrum.modules.mythology.mythic_heroes.hero_buys import HeroBuy
from bot.games.mare_nostrum.modules.mythology.mythic_heroes.medusa import MedusaForbid
from bot.games.mare_nostrum.modules.mythology.mythic_heroes.midas import MidasConvert
from bot.games.mare_nostrum.modules.mythology.mythic_heroes.trade import AntigoneChoice
from bot.games.mare_nostrum.rulesets.mn2003.construction import EndConstruction
from bot.games.mare_nostrum.rulesets.mn2003.geography import caravan_sites
from bot.games.mare_nostrum.rulesets.mn2003.military import March
from bot.games.mare_nostrum.rulesets.mn2003.substate import sub
from bot.games.mare_nostrum.state import GameState
from tests.engine.mn2003.helpers import act
from tests.engine.mythology.gods_helpers import give
from tests.engine.mythology.heroes_helpers import grant, to_construction


def choice(state: GameState, player: str) -> Action:
    legal = engine.legal_actions(state, player)
    return Standard2003Player(0).choose(engine.view(state, player), legal)


def _without_caesar(state: GameState) -> None:
    # The revised César's cheaper legion would hide the heroes' prices.
    state.hw["rome"] = [c for c in state.hw["rome"] if c != "mythology.caesar"]


def test_spartacus_legion_for_the_slave_card_left_once_nothing_else_is_bought() -> None:
    """Spartacus: «permet de construire 1 légion avec 1 carte esclave»: a lone slave card
    would be discarded at the end of the turn, so it becomes a legion."""
    state = to_construction("rome")
    grant(state, "rome", ids.SPARTACUS)
    give(state, "rome", {"gladiator": 1})
    chosen = choice(state, "rome")
    assert isinstance(chosen, SpartacusLegion)
    act(state, chosen)
    assert isinstance(choice(state, "rome"), EndConstruction)


def test_spartacus_waits_while_a_purchase_is_possible() -> None:
    state = to_construction("rome")
    grant(state, "rome", ids.SPARTACUS)
    give(state, "rome", {"gladiator": 1, "coin": 3})
    assert not isinstance(choice(state, "rome"), SpartacusLegion)


def _influence(state: GameState) -> str:
    """Rome buys (and pays) an influence marker; the province."""
    give(state, "rome", {"coin": 3})
    target = next(
        a.target
        for a in engine.legal_actions(state, "rome")
        if isinstance(a, Buy) and a.item == "influence"
    )
    act(state, Buy("rome", "influence", target))
    act(state, Pay("rome", ("coin", "coin", "coin")))
    return target


def test_gilgamesh_free_fortress_with_its_new_influence() -> None:
    """Gilgamesh: «place 1 forteresse gratuite dans une nouvelle province (au moment où il
    place l'influence)»: free, at once."""
    state = to_construction("rome")
    grant(state, "rome", ids.GILGAMESH)
    target = _influence(state)
    assert choice(state, "rome") == GilgameshFortress("rome", target)


def test_gilgamesh_makes_a_new_influence_worth_its_free_fortress() -> None:
    """Gilgamesh's fortress comes with a new influence: it outranks a caravan on a new
    resource (40 against 32 + 10); Crésus's cheaper purchase there does not (32 + 5)."""
    state = to_construction("rome")
    give(state, "rome", {"coin": 3})
    first = choice(state, "rome")
    assert isinstance(first, Buy) and first.item == "caravan"
    grant(state, "rome", ids.CROESUS)
    assert choice(state, "rome") == first
    grant(state, "rome", ids.GILGAMESH)
    assert choice(state, "rome") == Buy("rome", "influence", "dalmatia")


def test_jason_takes_the_caravan_it_occupies() -> None:
    """Jason: «permet de récupérer 1 caravane qu'il occupe sous réserve de pouvoir la
    placer»: free, onto its own empty icon."""
    state = to_construction("rome")
    grant(state, "rome", ids.JASON)
    source = "africa"
    state.legions[source] = {"rome": 8}
    state.fortresses.pop(source, None)
    sub(state).occupied[source] = "rome"
    chosen = choice(state, "rome")
    assert isinstance(chosen, JasonCaravan) and chosen.source == source
    assert state.influence[chosen.target] == "rome"
    assert chosen.target_slot in caravan_sites(chosen.target, state.board_key)


def test_minos_buys_on_its_island_at_one_less() -> None:
    """Minos: «permet de construire sur les îles avec un coût de –1»: the island's item,
    cheaper, before the same item elsewhere at the normal price."""
    state = to_construction("rome")
    _without_caesar(state)
    state.influence["sicilia"] = "rome"
    grant(state, "rome", ids.MINOS)
    give(state, "rome", {"coin": 2})  # only the discounted price is payable
    chosen = choice(state, "rome")
    assert isinstance(chosen, HeroBuy) and chosen.card == ids.MINOS
    act(state, chosen)
    pay = choice(state, "rome")
    assert isinstance(pay, Pay) and len(pay.resources) == 2


def test_croesus_builds_in_the_province_it_just_influenced() -> None:
    """Crésus: «permet de construire dans une province le tour où on y place l'influence
    avec un coût de –1»."""
    state = to_construction("rome")
    _without_caesar(state)
    grant(state, "rome", ids.CROESUS)
    target = _influence(state)
    give(state, "rome", {"coin": 2})  # only the discounted price is payable
    chosen = choice(state, "rome")
    assert isinstance(chosen, HeroBuy) and chosen.card == ids.CROESUS
    assert chosen.target == target


def test_sheba_recruits_mercenaries_next_to_a_prize() -> None:
    """Reine de Saba: «permet de recruter des mercenaires … sur une case du bord du plateau
    sans avoir besoin d'avoir une influence (même chez un adversaire)»: where its legion
    opens an attack, rather than a legion at home."""
    state = to_construction("rome")
    _without_caesar(state)
    grant(state, "rome", ids.SHEBA)
    give(state, "rome", {"coin": 3})
    # A rich undefended rival province beside an edge province.
    state.legions = {p: d for p, d in state.legions.items() if "egypt" not in d}
    state.fortresses = {p: [o for o in f if o != "egypt"] for p, f in state.fortresses.items()}
    legal = engine.legal_actions(state, "rome")
    mercenaries = [a for a in legal if isinstance(a, HeroBuy) and a.card == ids.SHEBA]
    assert mercenaries
    view = engine.view(state, "rome")
    e = build.empire(view)
    ordinary = [a for a in legal if isinstance(a, Buy) and a.item == "legion"]
    best_mercenary = max(build.score(view, e, "legion", a.target, -1) for a in mercenaries)
    best_home = max(build.score(view, e, "legion", a.target, -1) for a in ordinary)
    assert best_mercenary > best_home
    chosen = heroes.best_purchase(view, [*ordinary, *mercenaries])
    assert isinstance(chosen, HeroBuy) and chosen.card == ids.SHEBA


def test_castor_pollux_copy_the_most_useful_hero() -> None:
    """Castor & Pollux «copient définitivement le pouvoir d'un héros adverse en jeu»: at
    once, the hero worth most to it."""
    state = to_construction("rome")
    grant(state, "rome", ids.CASTOR_POLLUX)
    grant(state, "greece", ids.ANTIGONE)
    grant(state, "egypt", ids.CROESUS)
    assert choice(state, "rome") == CopyHero("rome", ids.CROESUS)


def test_aeneas_names_the_sea_its_legions_cross_to_a_prize() -> None:
    """Énée: «permet de convoyer à travers une case de mer même en l'absence de flotte»: the
    sea between its legions and a province they can take; none when nothing is in reach."""
    view: dict[str, Any] = {
        "viewer": "rome",
        "players": ["rome", "carthage"],
        "board": "mn2003.mythology",
        "influence": {"latium": "rome", "sicilia": "carthage"},
        "built": {"latium": [False] * 5, "sicilia": [True, True]},
        "legions": {"latium": {"rome": 3}},
        "fortresses": {},
        "hw": {},
        "substates": {"mn2003": {"temples": [], "markets": [], "neutrals": []}},
    }
    e = build.empire(view)
    # tyrrhenum joins latium to sicilia; hadriaticum touches latium only.
    seas = [AeneasSea("rome", "hadriaticum"), AeneasSea("rome", "tyrrhenum")]
    assert heroes.aeneas_sea(view, e, seas) == seas[1]
    view["legions"] = {}
    assert heroes.aeneas_sea(view, e, seas) is None


def test_midas_converts_all_the_legions_it_may() -> None:
    """Midas: «2 impôts convertissent 1 légion adverse (utilisable aussi en attaque)»."""
    legal: list[Action] = [MidasConvert("rome", k) for k in range(3)]
    assert heroes.hero_choice({"viewer": "rome"}, legal) == MidasConvert("rome", 2)


def test_hamilcar_takes_all_its_dice_as_fours() -> None:
    """Hamilcar: «permet de choisir de faire 4 aux dés de combat plutôt que de les lancer»:
    a 4 beats a die's mean (3.5)."""
    legal: list[Action] = [HamilcarFours("rome", k) for k in range(4)]
    assert heroes.hero_choice({"viewer": "rome"}, legal) == HamilcarFours("rome", 3)


def test_hercules_declares_its_creature() -> None:
    """Hercule: «permet d'utiliser 1 légion comme si c'était 1 créature mythologique»."""
    legal: list[Action] = [HerculesCreature("rome", False), HerculesCreature("rome", True)]
    assert heroes.hero_choice({"viewer": "rome"}, legal) == legal[1]


def test_ajax_rerolls_the_dice_below_the_mean() -> None:
    """Ajax: «permet de relancer une fois les dés souhaités»: the 1s, 2s and 3s."""
    from bot.games.mare_nostrum.modules.mythology.mythic_heroes.dice import reroll_options

    legal: list[Action] = [AjaxReroll("rome", c) for c in reroll_options([1, 5, 3, 6])]
    assert heroes.hero_choice({"viewer": "rome"}, legal) == AjaxReroll("rome", (1, 3))


def test_medusa_forbids_a_combat_it_defends_only() -> None:
    """Méduse «peut interdire tous les combats, 1 fois par tour, sur une province où le
    joueur possède des unités»: one against its units, not its own attack."""
    prompt = {"kind": "medusa", "data": {"area": "italia", "enemy": "carthage"}}
    legal: list[Action] = [MedusaForbid("rome", False), MedusaForbid("rome", True)]
    attacked = {"viewer": "rome", "my_prompts": [prompt], "military": {"current": "carthage"}}
    attacking = {**attacked, "military": {"current": "rome"}}
    assert heroes.hero_choice(attacked, legal) == MedusaForbid("rome", True)
    assert heroes.hero_choice(attacking, legal) == MedusaForbid("rome", False)


def test_antigone_stays_out_without_duplicates() -> None:
    """Antigone «permet de s'exclure volontairement de la phase de commerce après avoir
    entendu le nombre de cartes demandées»: it trades its duplicates, so without any it keeps
    its cards."""
    legal: list[Action] = [AntigoneChoice("rome", False), AntigoneChoice("rome", True)]
    single = {"viewer": "rome", "hand": {"grain": 1, "wine": 1}}
    double = {"viewer": "rome", "hand": {"grain": 2, "wine": 1}}
    assert heroes.hero_choice(single, legal) == AntigoneChoice("rome", True)
    assert heroes.hero_choice(double, legal) == AntigoneChoice("rome", False)


def test_no_hero_answer_outside_their_decisions() -> None:
    assert heroes.hero_choice({"viewer": "rome"}, [March("rome", "latium", "italia", 1)]) is None


def _roles_view(titles: dict[str, str], counts: dict[str, dict[str, int]]) -> dict[str, Any]:
    return {
        "viewer": "rome",
        "titles": titles,
        "substates": {"mn2003.public": {"role_counts": counts}},
    }


def test_four_roles_a_rival_holding_three_is_contested_where_it_is_nearest() -> None:
    """C-59: one player holding all four roles at the count wins: against a rival holding
    three, it builds for the role it is nearest to taking (ties keep the holder)."""
    titles = {"trade": "greece", "culture": "greece", "high_priest": "greece", "military": "rome"}
    counts = {
        "rome": {"trade": 1, "culture": 3, "high_priest": 0, "military": 5},
        "greece": {"trade": 6, "culture": 4, "high_priest": 3, "military": 1},
    }
    assert roles.contested_items(_roles_view(titles, counts)) == roles.ROLE_ITEMS["culture"]
    counts["rome"]["culture"] = 0  # 4 behind everywhere: out of reach
    assert roles.contested_items(_roles_view(titles, counts)) == frozenset()


def test_four_roles_its_own_fourth_role_is_sought() -> None:
    titles = {"trade": "rome", "culture": "rome", "high_priest": "rome", "military": "greece"}
    counts = {
        "rome": {"trade": 4, "culture": 4, "high_priest": 2, "military": 3},
        "greece": {"trade": 1, "culture": 1, "high_priest": 0, "military": 4},
    }
    assert roles.contested_items(_roles_view(titles, counts)) == roles.ROLE_ITEMS["military"]


def test_four_roles_nothing_in_the_plain_2003_game() -> None:
    titles = {"trade": "greece", "culture": "greece", "military": "greece"}
    assert roles.contested_items(_roles_view(titles, {})) == frozenset()
