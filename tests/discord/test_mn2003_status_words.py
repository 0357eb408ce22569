"""The status, the private screen and the final standings of a 2003 game say the 2003 words
(issue 17): its roles are cards (003 l.27 «3 Cartes Rôles»; l.247 «un joueur va jouer un rôle
privilégié symbolisé par une carte»), recounted from the board, so no Empires «Titles» nor
title-track levels; the Mythology's fourth role and its own cards are named."""

from __future__ import annotations

from typing import Any

import pytest

from bot.adapters.mare_nostrum.present import PRESENTER, screen_text
from bot.games.mare_nostrum import ENGINE
from bot.games.mare_nostrum.setup import empires_for

MYTH = ("mythology",)


def _view(
    ruleset: str | None, modules: tuple[str, ...] = (), viewer: str | None = None
) -> dict[str, Any]:
    options: dict[str, Any] = {"ruleset": ruleset} if ruleset else {}
    if modules:
        options["modules"] = list(modules)
    seats = empires_for(6 if modules else 4, ruleset or "empires", modules)
    state, _ = ENGINE.new_game(seats, options, 7)
    return dict(ENGINE.view(state, viewer))


def _status(view: dict[str, Any], lang: str) -> str:
    return "\n".join(PRESENTER.status_lines(view, lang, PRESENTER.names(view, lang)))


@pytest.mark.parametrize(
    ("lang", "roles", "titles", "player"),
    [
        ("en", "Role cards: Trade Leader: ", "Titles", "Rome — heroes and wonders: Julius Caesar"),
        (
            "fr",
            "Cartes de rôle : Maître du Commerce : ",
            "Titres",
            "Rome — héros et merveilles : Jules César",
        ),
    ],
)
def test_r06_the_2003_status_says_role_cards_not_titles_nor_levels(
    lang: str, roles: str, titles: str, player: str
) -> None:
    """003 l.249: «chaque rôle (et sa carte) est attribué conformément à la Situation de
    départ, ensuite cela est déterminé avant chaque nouveau tour»."""
    text = _status(_view("2003"), lang)
    assert roles in text and player in text, text
    assert titles not in text and "· " not in text  # no title-track levels either


def test_mr02_the_mythology_status_names_the_four_roles_in_phase_order_and_its_own_cards() -> None:
    """004 l.150: «Maître du commerce, Grand Prêtre, Leader politique et Chef militaire»."""
    text = _status(_view("2003", MYTH), "en")
    first = text.splitlines()[0]
    order = [
        first.index(r) for r in ("Trade Leader", "High Priest", "Culture Leader", "Military Leader")
    ]
    assert order == sorted(order), first
    assert "Atlantis — heroes and wonders: Atlas" in text
    assert "mythology." not in text.lower(), text
    fr = _status(_view("2003", MYTH), "fr")
    assert "Grand Prêtre : Grèce" in fr and "Atlantide — héros et merveilles : Atlas" in fr


def test_empires_status_keeps_its_titles_and_levels() -> None:
    text = _status(_view(None), "en")
    assert "Titles: " in text and "Role cards" not in text


def test_r06_the_2003_screen_says_cards_in_hand_and_role_cards() -> None:
    view = _view("2003", viewer="rome")
    assert "Cards in hand: " in screen_text(1, view, "en")
    assert "Role cards: " in screen_text(1, view, "en")
    fr = screen_text(1, view, "fr")
    assert "Cartes en main : " in fr and "Cartes de rôle : " in fr and "Titres" not in fr


def test_r06_the_2003_final_standings_give_role_cards_and_counts() -> None:
    view = _view("2003", MYTH)
    lines = PRESENTER.final_lines(view, "en", PRESENTER.names(view, "en"))
    greece = lines["greece"]
    assert greece[0] == "Role cards: High Priest"
    assert greece[1].startswith("Counts: Trade Leader ") and "High Priest 0" in greece[1]
    assert greece[2] == "Heroes and wonders (1): Pericles"
    fr = PRESENTER.final_lines(view, "fr", PRESENTER.names(view, "fr"))["greece"]
    assert fr[0] == "Cartes de rôle : Grand Prêtre" and fr[1].startswith("Décomptes : ")
