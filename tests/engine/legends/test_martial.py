"""Troia's 15 « Événement Martial » cards (page 8, L643–698; checklist 7.4), the battle
window they are played in (rulings 17–18), the conflict order (B7), the Decoy pair (B8) and
the victory markers of la Faveur d'Arès (3.2.3, B12, B14)."""

from __future__ import annotations

from collections.abc import Callable

from bot.games.core.windows import PassWindow
from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import Battle, EndTurn
from bot.games.mare_nostrum.modules.legends.actions import ChariotMove, PlayEvent

from ..builder import rejected
from ..test_heroes_military import finish_steps, prompt_kinds, start
from .scenario import LegendsScenario

Dice = Callable[..., None]


def rome_attacks_macedonia(fortress: bool = False, **hands: tuple[str, ...]) -> LegendsScenario:
    """Rome (legions) attacks Greece in macedonia; the battle's window opens for the sides
    holding cards."""
    s = LegendsScenario()
    s.legions("macedonia", "rome", 2).legions("macedonia", "greece", 1)
    s.fortress("macedonia", "greece", fortress)
    for player, cards in hands.items():
        s.give(player, *cards)
    start(s, "rome")
    finish_steps(s, "rome")
    s.act(Battle("rome", "macedonia", "greece"))
    return s


def play(player: str, card: str, target: str = "", decoys: bool = False) -> PlayEvent:
    return PlayEvent(player, f"troia.{card}", target, decoys)


def test_ruling_17_the_battle_window_asks_each_side_holding_a_card() -> None:
    """Ruling 17: « A window asks every player concerned who holds at least one event card,
    whatever his cards are »: Greece, holding only a Decoy, is asked and may only pass;
    Carthage, not in the battle, is not."""
    s = rome_attacks_macedonia(greece=("troia.decoy",), carthage=("troia.catapults",))
    assert prompt_kinds(s) == [("window", "greece")]
    assert s.legal("greece") == [PassWindow("greece")]
    rejected(s, play("greece", "decoy"), "decoy_alone")


def test_catapults_destroy_the_enemy_fortress_before_the_dice(dice: Dice) -> None:
    """CATAPULTES: « À jouer lorsque vous attaquez une province adverse. Détruisez une
    Forteresse ennemie avant de lancer les Dés Bataille Terrestre. La Forteresse est remise
    dans la Réserve de son propriétaire. »"""
    s = rome_attacks_macedonia(
        fortress=True, rome=("troia.catapults",), greece=("troia.catapults",)
    )
    assert play("greece", "catapults") not in s.legal("greece")  # he defends
    assert play("rome", "catapults") in s.legal("rome")
    s.act(PassWindow("greece"))
    dice([5, 5], [1])
    s.act(play("rome", "catapults"))
    assert "greece" not in s.state.fortresses["macedonia"]
    battle = s.kinds("battle")[0].data["sides"]
    assert battle[1]["fortress"] is False and battle[1]["modifier"] < 5
    assert s.leg.discards["troia"] == ["troia.catapults"] and s.leg.hands["rome"] == []


def test_cretan_archers_destroy_a_legion_before_the_dice() -> None:
    """ARCHERS CRÉTOIS: « À JOUER AU DÉBUT D'UNE BATAILLE TERRESTRE. Détruisez une Légion ou
    une Unité spéciale ennemie avant de lancer les Dés ». His last unit gone, the battle ends
    before the dice and the attacker wins it (B14, C12: a win by pre-dice kills counts)."""
    s = rome_attacks_macedonia(rome=("troia.cretan_archers",))
    assert s.legal("rome") == [play("rome", "cretan_archers", "legion"), PassWindow("rome")]
    s.act(play("rome", "cretan_archers", "legion"))
    assert "greece" not in s.state.legions["macedonia"]
    assert not s.kinds("battle") and s.kinds("battle_cancelled")
    assert s.leg.wins["rome"] == 1
    assert [e.data for e in s.kinds("battle_won")] == [
        {"player": "rome", "area": "macedonia", "wins": 1}
    ]


def test_war_elephants_legions_roll_five(dice: Dice) -> None:
    """ÉLÉPHANTS DE GUERRE: « Pour cette Bataille, vos Légions font automatiquement 5 avec
    leurs Dés Bataille Terrestre. »"""
    s = rome_attacks_macedonia(rome=("troia.war_elephants",))
    dice([3])  # only Greece rolls
    s.act(play("rome", "war_elephants"))
    rome, greece = s.kinds("battle")[0].data["sides"]
    assert rome["dice"] == [5, 5] and rome["hits"] == 2 and greece["dice"] == [3]


def test_siege_ships_add_their_sea_dice(dice: Dice) -> None:
    """NAVIRES DE SIÈGE: « Vos Trirèmes présentes dans des Mers adjacentes à la Province où se
    déroule une Bataille lancent leurs Dés Bataille Maritime et ajoutent leur résultat à la
    somme des Dés Bataille Terrestre. »"""
    s = LegendsScenario().give("rome", "troia.siege_ships")
    s.legions("macedonia", "rome", 2).legions("macedonia", "greece", 1)
    s.triremes("ionium", "rome", 1).triremes("aegaeum", "rome", 1)
    s.triremes("tyrrhenum", "rome", 1)  # not adjacent: rolls nothing
    start(s, "rome")
    finish_steps(s, "rome")
    s.act(Battle("rome", "macedonia", "greece"))
    dice([4, 6], [1, 1], [2])
    s.act(play("rome", "siege_ships"))
    assert [e.data["dice"] for e in s.kinds("siege_ships_rolled")] == [[4, 6]]
    rome = s.kinds("battle")[0].data["sides"][0]
    assert rome["sum"] - sum(rome["dice"]) - rome["die_bonus"] * rome["units"] == 10


def test_greek_phalanxes_opponent_divides_by_seven(dice: Dice) -> None:
    """PHALANGES GRECQUES: « Pour cette Bataille, votre adversaire doit calculer les touches
    qu'il vous fait en divisant la somme de ses Dés Bataille Terrestre par 7 et non 5 »."""
    s = LegendsScenario().give("greece", "troia.greek_phalanxes")
    s.legions("macedonia", "rome", 3).legions("macedonia", "greece", 2)
    start(s, "rome")
    finish_steps(s, "rome")
    s.act(Battle("rome", "macedonia", "greece"))
    dice([6, 6, 1], [5, 5])
    s.act(play("greece", "greek_phalanxes"))
    rome, greece = s.kinds("battle")[0].data["sides"]
    assert rome["sum"] == 16 and rome["hits"] == 2  # 16 // 7, not 16 // 5
    assert greece["hits"] == greece["sum"] // 5  # his own still ÷ 5 (C9)


def test_quinqueremes_destroy_an_enemy_trireme_before_the_sea_dice() -> None:
    """QUINQUÉRÈMES: « À jouer au début d'une bataille maritime. Détruisez une Trirème
    ennemie de votre choix avant de lancer les Dés Bataille Maritime. »"""
    s = LegendsScenario().give("rome", "troia.quinqueremes", "troia.cretan_archers")
    s.triremes("ionium", "rome", 1).triremes("ionium", "greece", 1)
    start(s, "rome")
    while s.state.military is not None and s.state.military.step != "sea_battles":
        s.act(EndTurn("rome"))
    s.act(Battle("rome", "ionium", "greece"))
    assert s.legal("rome") == [play("rome", "quinqueremes"), PassWindow("rome")]
    s.act(play("rome", "quinqueremes"))
    assert "greece" not in s.state.triremes["ionium"]
    assert s.leg.wins["rome"] == 1


def test_scythed_chariots_two_provinces_first_one_free() -> None:
    """CHARS À FAUX: « À JOUER AU DÉBUT DE VOTRE PHASE MILITAIRE. Toutes vos Unités terrestres
    peuvent se déplacer de 2 Provinces. La première Province traversée doit être libre de
    toute Unité ennemie. Le transport maritime ne peut être utilisé qu'une fois. »"""
    s = LegendsScenario().give("rome", "troia.scythed_chariots")
    s.legions("dacia", "greece", 1)
    start(s, "rome")
    while s.state.military is not None and s.state.military.step != "land_moves":
        s.act(EndTurn("rome"))
    s.act(play("rome", "scythed_chariots"))
    chariots = [a for a in s.legal("rome") if isinstance(a, ChariotMove)]
    from_gallia = {(a.via, a.target) for a in chariots if a.source == "gallia"}
    assert ("dalmatia", "macedonia") in from_gallia  # dalmatia holds no enemy
    assert not any(a.via == "dacia" for a in chariots)  # Greece's legion in dacia
    s.act(ChariotMove("rome", "gallia", "dalmatia", "macedonia"))
    assert s.state.legions["macedonia"].get("rome") == 1
    assert play("rome", "scythed_chariots") not in s.legal("rome")
    rejected(s, ChariotMove("rome", "latium", "dacia", "thracia"), "bad_chariot_move")


def test_scythed_chariots_only_before_his_first_move() -> None:
    """« AU DÉBUT DE VOTRE PHASE MILITAIRE » (C11: before his first move)."""
    s = LegendsScenario().give("rome", "troia.scythed_chariots")
    start(s, "rome")
    while s.state.military is not None and s.state.military.step != "land_moves":
        s.act(EndTurn("rome"))
    from bot.games.mare_nostrum.actions import Move

    s.act(Move("rome", "legion", "gallia", "dalmatia"))
    assert play("rome", "scythed_chariots") not in s.legal("rome")
    rejected(s, play("rome", "scythed_chariots"), "bad_target")


def test_decoy_pair_the_active_player_names_an_event(dice: Dice) -> None:
    """LEURRE: « Cette carte jouée seule n'a aucun effet. Lorsque vous êtes le joueur actif:
    jouez 2 cartes Leurre pour déclencher un Événement d'un module en jeu. » (B8)"""
    s = rome_attacks_macedonia(
        rome=("troia.decoy", "troia.decoy"), greece=("troia.decoy", "troia.decoy")
    )
    assert play("rome", "war_elephants", decoys=True) in s.legal("rome")
    assert s.legal("greece") == [PassWindow("greece")]  # not the active player
    rejected(s, play("greece", "war_elephants", decoys=True), "not_active_player")
    rejected(s, play("rome", "decoy"), "decoy_alone")
    s.act(PassWindow("greece"))
    dice([3])
    s.act(play("rome", "war_elephants", decoys=True))
    assert s.kinds("battle")[0].data["sides"][0]["dice"] == [5, 5]
    assert s.leg.hands["rome"] == [] and s.leg.discards["troia"] == ["troia.decoy"] * 2


def test_b7_conflict_order_the_active_player_first(dice: Dice) -> None:
    """« Lorsqu'une carte Événement entre en conflit avec une autre carte […], c'est le joueur
    actif qui résout ses effets le premier »: Greece attacks Rome; both kill with Cretan
    Archers; Greece (active, though seated after Rome) resolves first."""
    s = LegendsScenario().give("rome", "troia.cretan_archers")
    s.give("greece", "troia.cretan_archers")
    s.legions("macedonia", "rome", 2).legions("macedonia", "greece", 2)
    start(s, "greece")
    finish_steps(s, "greece")
    s.act(Battle("greece", "macedonia", "rome"))
    s.act(play("rome", "cretan_archers", "legion"))
    dice([1], [1])
    s.act(play("greece", "cretan_archers", "legion"))
    assert [e.data["player"] for e in s.kinds("event_played")] == ["greece", "rome"]


def test_3_2_3_victory_marker_for_a_battle_won(dice: Dice) -> None:
    """« Pour remporter une Bataille, un joueur doit, à l'issue d'une Bataille […], disposer
    encore d'au moins une Unité et avoir éliminé toutes les Unités de son adversaire. Les
    marqueurs Victoire sont utilisés pour comptabiliser les Batailles remportées »."""
    s = LegendsScenario()
    s.legions("macedonia", "rome", 2).legions("macedonia", "greece", 1)
    start(s, "rome")
    finish_steps(s, "rome")
    dice([5, 5], [1])
    s.act(Battle("rome", "macedonia", "greece"))
    assert s.leg.wins == {"rome": 1, "greece": 0, "carthage": 0}
    assert engine.view(s.state, "greece")["substates"]["legends"]["wins"]["rome"] == 1


def test_no_window_without_a_card() -> None:
    """Nobody in the battle holds a card: no window, the dice at once."""
    s = LegendsScenario()
    s.legions("macedonia", "rome", 2).legions("macedonia", "greece", 1)
    start(s, "rome")
    finish_steps(s, "rome")
    s.act(Battle("rome", "macedonia", "greece"))
    assert s.kinds("battle") and not s.kinds("window_opened")
