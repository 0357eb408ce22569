"""2.2 « Piocher les cartes Événement »: the draft after a met objective (B2–B4)."""

from __future__ import annotations

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.modules.legends.actions import DrawCards, HandCards, KeepCard
from bot.games.mare_nostrum.modules.legends.draft import DRAW, HAND, KEEP

from ..builder import rejected
from .scenario import LegendsScenario


def _met(deck: list[str] | None = None) -> LegendsScenario:
    """Greece meets la Faveur d'Arès through Carthage's trade token (any action)."""
    s = LegendsScenario(keep_prompts=True)
    if deck is not None:
        s.leg.decks["troia"] = deck
    s.leg.wins["greece"] = 3
    s.act(s.first_legal("carthage"))
    return s


def _cards(n: int) -> list[str]:
    names = [
        "catapults",
        "war_elephants",
        "decoy",
        "quinqueremes",
        "siege_ships",
        "greek_phalanxes",
    ]
    return [f"troia.{x}" for x in names[:n]]


def test_2_2_the_game_stops_and_he_draws_one_to_five() -> None:
    """« Quand un joueur accomplit un Objectif, le cours de la partie s'interrompt
    immédiatement. Il pioche entre 1 et 5 cartes Événement »."""
    s = _met()
    assert [(p.kind, p.player) for p in engine.owed(s.state)] == [(DRAW, "greece")]
    assert s.legal("greece") == [DrawCards("greece", k) for k in range(1, 6)]
    assert s.leg.suspended and s.leg.suspended[0]["kind"] != DRAW
    rejected(s, DrawCards("greece", 6), "bad_draw_count")
    rejected(s, DrawCards("greece", 0), "bad_draw_count")


def test_2_2_draft_with_one_card_then_the_game_resumes() -> None:
    """« regarde ces cartes et en choisit une, sans la révéler aux autres joueurs »; with one
    card there is nothing to hand on, and the game resumes where it stopped."""
    s = _met(_cards(6))
    before = [(p["kind"], p["player"]) for p in s.leg.suspended]
    events = s.act(DrawCards("greece", 1))
    private = [e for e in events if e.kind == "draft_cards"]
    assert private[0].audience == ("greece",) and private[0].data["cards"] == ["troia.catapults"]
    events = s.act(KeepCard("greece", "troia.catapults"))
    assert s.leg.hands["greece"] == ["troia.catapults"]
    assert [(p.kind, p.player) for p in s.state.prompts] == before
    assert s.leg.draft is None and not s.leg.queue and not s.leg.suspended
    kept = [e for e in events if e.kind == "event_kept"]
    assert kept[0].audience == ("greece",)
    assert all("troia.catapults" not in str(e.data) for e in events if e.audience is None)


def test_2_2_draft_with_five_cards_hand_on_until_everyone_chose() -> None:
    """« il donne les cartes restantes au joueur de son choix. Celui-ci choisit une carte puis
    donne les cartes restantes à un joueur qui n'a pas encore pu choisir […] jusqu'à ce que
    […] chaque joueur ait reçu une carte. Dans ce dernier cas, la ou les cartes restantes sont
    défaussées dans la pile de défausse »."""
    s = _met(_cards(6))
    s.act(DrawCards("greece", 5))
    assert s.leg.decks["troia"] == ["troia.greek_phalanxes"]
    s.act(KeepCard("greece", "troia.quinqueremes"))
    assert s.legal("greece") == [HandCards("greece", "carthage"), HandCards("greece", "rome")]
    rejected(s, HandCards("greece", "greece"), "bad_receiver")
    events = s.act(HandCards("greece", "rome"))
    assert [e.data for e in events if e.kind == "draft_handed"] == [
        {"player": "greece", "to": "rome", "count": 4}
    ]
    assert [e.audience for e in events if e.kind == "draft_cards"] == [("rome",)]
    rejected(s, KeepCard("rome", "troia.quinqueremes"), "not_in_draft")
    s.act(KeepCard("rome", "troia.decoy"))
    assert s.legal("rome") == [HandCards("rome", "carthage")]  # not Greece: she chose
    assert engine.forced_action(s.state, "rome") == HandCards("rome", "carthage")
    s.act(HandCards("rome", "carthage"))
    events = s.act(KeepCard("carthage", "troia.siege_ships"))
    assert [e.data for e in events if e.kind == "draft_discarded"] == [
        {"city": "troia", "cards": ["troia.catapults", "troia.war_elephants"]}
    ]
    assert s.leg.discards["troia"] == ["troia.catapults", "troia.war_elephants"]
    assert {p: len(h) for p, h in s.leg.hands.items()} == {"rome": 1, "greece": 1, "carthage": 1}
    view = engine.view(s.state, None)["substates"]["legends"]
    assert view["hand_sizes"] == {"rome": 1, "greece": 1, "carthage": 1}


def test_2_2_until_the_cards_run_out() -> None:
    """« jusqu'à ce que toutes les cartes piochées aient été distribuées »."""
    s = _met(_cards(6))
    s.act(DrawCards("greece", 2))
    s.act(KeepCard("greece", "troia.war_elephants"))
    s.act(HandCards("greece", "carthage"))
    s.act(KeepCard("carthage", "troia.catapults"))
    assert s.leg.draft is None and s.leg.discards["troia"] == []
    assert s.state.prompts and s.state.prompts[0].kind == "trade_offer"


def test_b3_draw_capped_by_the_cards_left_and_an_empty_deck() -> None:
    """B3: k is capped by the deck; the discard is never reshuffled, and with no card left
    nothing is drawn (the game goes on)."""
    s = _met(_cards(2))
    assert s.legal("greece") == [DrawCards("greece", 1), DrawCards("greece", 2)]
    s2 = _met([])
    assert [e.data for e in s2.events if e.kind == "event_deck_empty"] == [
        {"player": "greece", "city": "troia"}
    ]
    assert s2.leg.draft is None and s2.state.prompts[0].kind == "trade_offer"


def test_b4_defaults_draw_one_keep_first_hand_to_next_seat() -> None:
    """B4 (rulings §12): the deadline's answers — draw 1; keep the first card in card-id
    order; hand to the next player in seat order who has not chosen."""
    s = _met(_cards(6))
    prompt = engine.owed(s.state)[0]
    assert engine.default_action(s.state, prompt) == DrawCards("greece", 1)
    s.act(DrawCards("greece", 3))
    keep = engine.owed(s.state)[0]
    assert keep.kind == KEEP
    assert engine.default_action(s.state, keep) == KeepCard("greece", "troia.catapults")
    s.act(KeepCard("greece", "troia.catapults"))
    hand = engine.owed(s.state)[0]
    assert hand.kind == HAND
    assert engine.default_action(s.state, hand) == HandCards("greece", "carthage")


def test_b4_picks_secret_the_sequence_public() -> None:
    """B4: the cards a receiver holds and his pick are his alone; k and who handed to whom
    are public."""
    s = _met(_cards(6))
    s.act(DrawCards("greece", 3))
    mine = engine.view(s.state, "greece")["substates"]["legends"]["draft"]
    theirs = engine.view(s.state, "rome")["substates"]["legends"]["draft"]
    assert mine["cards"] == _cards(3) and theirs["cards"] is None
    assert theirs["k"] == 3 and theirs["left"] == 3 and theirs["holder"] == "greece"
    assert "troia." not in str(engine.view(s.state, "rome"))
    s.act(KeepCard("greece", "troia.decoy"))
    s.act(HandCards("greece", "rome"))
    theirs = engine.view(s.state, "carthage")["substates"]["legends"]["draft"]
    assert theirs["passes"] == [["greece", "rome"]] and theirs["chosen"] == ["greece"]
    assert "troia." not in str(engine.view(s.state, "carthage"))


def test_b2_the_met_objective_s_module_deck() -> None:
    """B2: « Placez séparément les pioches » — the draft draws from the deck of the met
    objective's city."""
    s = LegendsScenario(("troia", "syracusae"), keep_prompts=True, seed=2)
    city_of = {o: o for o in s.leg.objectives}
    assert city_of
    s.leg.wins["greece"] = 3
    troia_met = "obj_ares_favour" in s.leg.objectives
    s.act(s.first_legal("carthage"))
    if troia_met:
        s.act(DrawCards("greece", 2))
        assert len(s.leg.decks["troia"]) == 13 and len(s.leg.decks["syracusae"]) == 15


def test_rulings_13_a_played_card_is_never_taken_back() -> None:
    """Rulings §13: « Undo: … only while it revealed no hidden information »: a card played
    from a secret hand (and the Horn of Plenty's reveal) is never undoable."""
    from bot.games.mare_nostrum.modules.legends.actions import PlayEvent

    s = LegendsScenario(("ierusalem",), keep_prompts=True).give("rome", "ierusalem.poseidon")
    s.triremes("ionium", "greece", 1)
    assert not engine.undoable(s.state, PlayEvent("rome", "ierusalem.poseidon", "ionium:greece"))
