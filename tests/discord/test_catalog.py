"""One name per thing, and a catalog per game (issue 12): "the engine data (or the catalog) is
the single source of empire, hero, resource, province and phase names in both languages; the
renderer and presenters read it. The catalog is namespaced per game with a common part."."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot import catalog as messages
from bot.adapters.mare_nostrum.present import empire_names, hw_display_name, status_text
from bot.games.mare_nostrum.board import empire_setups, full_board, hw_tiles
from bot.games.mare_nostrum.locales import LOCALES
from bot.i18n import catalog, error_text, seat_name, t
from bot.presenters import fmt
from rendering.mare_nostrum import style

ROOT = Path(__file__).resolve().parents[2]


def test_the_catalog_loads_without_discord_or_any_game() -> None:
    """The pictures read the catalog: it imports no Discord, and its common part alone names
    nothing of Mare Nostrum."""
    code = (
        "import sys\n"
        "from bot.catalog import catalog, t\n"
        "common = catalog('en')\n"
        "assert t('lobby.joined', 'fr', game=3) == 'Vous avez rejoint la partie n°3.'\n"
        "assert not [k for k in common if k.startswith('mn.')]\n"
        "bad = [m for m in sys.modules if m.startswith(('discord', 'bot.games.mare_nostrum'))]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)


def test_mare_nostrum_brings_its_part_under_its_namespace() -> None:
    own = json.loads(LOCALES.joinpath("en.json").read_text("utf-8"))
    common = json.loads((ROOT / "bot" / "locales" / "en.json").read_text("utf-8"))
    assert own and not set(own) & set(common)
    assert all(catalog("en")[f"mn.{key}"] == text for key, text in own.items())
    assert not any(key.startswith(("phase.", "value.", "empire.", "event.", "hw."))
                   for key in common)
    assert t("mn.phase.build", "fr") == "Achats" and t("mn.empire.egypt", "fr") == "Égypte"
    # Generic code names a seat or an engine's error without knowing its game.
    assert seat_name("egypt", "fr") == "Égypte"
    assert error_text("bad_placement", "fr") == t("mn.error.bad_placement", "fr")


@pytest.fixture
def second_game(tmp_path: Path) -> Iterator[str]:
    """Another game's part, with a key Mare Nostrum has too."""
    for lang, text in (("en", "Shipyard"), ("fr", "Chantier")):
        (tmp_path / f"{lang}.json").write_text(json.dumps({"phase.build": text}), "utf-8")
    messages.add_namespace("toy", tmp_path)
    yield "toy"
    messages.remove_namespace("toy")


def test_two_games_keys_never_collide(second_game: str) -> None:
    assert t(f"{second_game}.phase.build", "fr") == "Chantier"
    assert t("mn.phase.build", "fr") == "Achats" and t("mn.phase.build", "en") == "Build"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_pictures_and_messages_say_the_same_names(lang: str) -> None:
    words = style.words(lang)
    for phase in ("production", "trade", "build", "military", "claims"):
        assert words[phase] == t(f"mn.phase.{phase}", lang)
    for title in ("trade", "culture", "military"):
        assert words[f"title_{title}"] == t(f"mn.value.{title}", lang)
    for empire in empire_setups():
        assert style.empire_name({}, empire, lang) == seat_name(empire, lang)
    for tile in hw_tiles():
        assert style.hw_name(tile, lang) == hw_display_name(tile, lang)
    for resource in ("metal", "grain", "wine"):
        assert style.resource_label(resource, lang) == messages.capitalised(
            t(f"mn.value.{resource}", lang))


def test_french_pictures_use_the_rulebook_words() -> None:
    """Issue 13: "impôt" in the text but "Pièces" on the screen picture; the rulebook says
    Impôts and Céréale, as the messages do."""
    assert style.resource_label("coin", "fr") == "Impôts"
    assert style.resource_label("grain", "fr") == "Céréale"
    assert style.resource_label("coin", "en") == "Coins"
    assert style.words("fr")["city"] == t("mn.value.city", "fr") == "cité"


def test_names_agree_with_the_engine_data() -> None:
    """The engine data keeps the printed names (the tiles' capitals); the catalog's are the
    same names in ordinary case."""
    for tile_id, tile in hw_tiles().items():
        assert t(f"mn.hw.{tile_id}", "en") == tile.name_en
        assert t(f"mn.hw.{tile_id}", "fr").upper() == tile.name_fr
    for empire_id, empire in empire_setups().items():
        assert seat_name(empire_id, "en") == empire.name
    board = full_board()
    printed = {p.id: p.name for p in board.provinces.values()} | {
        s.id: s.name for s in board.seas.values()}
    for area, name in printed.items():
        for lang in ("en", "fr"):  # Latin names, printed in capitals on the board
            assert t(f"mn.value.{area}", lang).upper() == name
            assert style.area_label(area, "?", lang) == name


def test_messages_name_provinces_and_seas_as_the_board_does() -> None:
    assert fmt(["gallia", "tyrrhenum", "pontus"], "fr", {}) == (
        "Gallia, Mare Tyrrhenum, Pontus Euxinus")


def test_the_status_names_empires_in_the_readers_language() -> None:
    """Issue 13: "Greece choisit Greece…": the presenters name empires from the catalog."""
    view = {"players": ["greece", "egypt"], "round": 2, "phase": "build", "pending": [],
            "empires": {"greece": {"name": "Greece"}, "egypt": {"name": "Egypt"}},
            "titles": {"trade": "egypt"}, "levels": {}, "hw": {}}
    french = status_text(1, view, {}, "fr")
    assert "Grèce" in french and "Égypte" in french and "Achats" in french
    assert "Greece" not in french and "Egypt" not in french
    english = status_text(1, view, {}, "en")
    assert "Greece" in english and "Egypt" in english
    assert empire_names(view) == {"greece": "Greece", "egypt": "Egypt"}


def test_no_catalog_file_names_a_key_twice() -> None:
    """A key written twice in one JSON file silently keeps its last value: an edit to the
    first copy would be lost. Every catalog file names each key once."""
    twice: list[str] = []

    def pairs_hook(pairs: list[tuple[str, object]]) -> dict[str, object]:
        keys = [k for k, _ in pairs]
        twice.extend(k for k in set(keys) if keys.count(k) > 1)
        return dict(pairs)

    files = sorted(ROOT.glob("bot/**/locales/*.json"))
    assert len(files) >= 4
    for path in files:
        json.loads(path.read_text(encoding="utf-8"), object_pairs_hook=pairs_hook)
        assert not twice, (path.name, twice)
