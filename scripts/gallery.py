"""Regenerates docs/gallery/*.png from hand-built states: `python scripts/gallery.py`."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.games.mare_nostrum.view import view  # noqa: E402
from bot.games.neptun import ENGINE as NEPTUN  # noqa: E402
from rendering.mare_nostrum import render, render_screen  # noqa: E402
from rendering.neptun import render_board  # noqa: E402
from rendering.neptun import render_screen as neptun_screen  # noqa: E402
from tests.engine.atlantis.scenario import SIX  # noqa: E402
from tests.rendering.legends_states import three_cities  # noqa: E402
from tests.rendering.mn2003_states import late as mn2003_late  # noqa: E402
from tests.rendering.mn2003_states import opening as mn2003_opening  # noqa: E402
from tests.rendering.mythology_states import MIDGAME_BATTLE, with_creatures  # noqa: E402
from tests.rendering.mythology_states import midgame as myth_midgame  # noqa: E402
from tests.rendering.neptun_states import midgame as neptun_mid  # noqa: E402
from tests.rendering.neptun_states import opening as neptun_opening  # noqa: E402
from tests.rendering.neptun_states import voyage as neptun_voyage  # noqa: E402
from tests.rendering.punic_states import BATTLE as PUNIC_BATTLE  # noqa: E402
from tests.rendering.punic_states import midgame as punic_midgame  # noqa: E402
from tests.rendering.states import (  # noqa: E402
    crowded_five,
    crowded_six,
    midgame_five,
    opening_three,
)


def _opening_six() -> Any:
    """A 6-player Atlas game as the engine sets it up (seed 6), first round, trade phase."""
    from bot.games.mare_nostrum import engine

    state, _ = engine.new_game(SIX, {"modules": ["atlantis"]}, 6)
    return state


def main() -> None:
    out = ROOT / "docs" / "gallery"
    out.mkdir(parents=True, exist_ok=True)
    mid = view(midgame_five().state, "rome")
    images = {
        "opening-3p.png": render(view(opening_three().state, None)),
        "midgame-5p.png": render(
            mid, highlight={"areas": ["macedonia"], "dice": {"rome": [5, 2, 4], "greece": [3, 1]}}
        ),
        "midgame-5p-fr.png": render(mid, lang="fr"),
        "crowded-5p.png": render(view(crowded_five().state, None)),
        "screen-rome.png": render_screen(mid),
        "screen-rome-fr.png": render_screen(mid, lang="fr"),
        # Atlas (module atlantis), 6 players: the seeded opening, and the crowded late game
        # (every slot built, petrified units, one Atlantean tile left on the track).
        "opening-6p.png": render(view(_opening_six(), None)),
        "crowded-6p.png": render(
            view(crowded_six().state, None),
            highlight={"areas": ["baetica"], "dice": {"atlantis": [6, 4], "carthage": [2]}},
        ),
        "screen-atlantis.png": render_screen(view(crowded_six().state, "atlantis")),
        # The three Legendary City modules, 5 players: objectives, hands, discards, figures.
        "cities-5p.png": render(view(three_cities(), None)),
        "cities-5p-fr.png": render(view(three_cities(), None), lang="fr"),
        # The Punic Wars (module punic_wars), 2 players: barbarians hired into Italia.
        "punic-midgame-2p.png": render(view(punic_midgame(), None), highlight=PUNIC_BATTLE),
        "punic-midgame-2p-fr.png": render(view(punic_midgame(), None), lang="fr"),
        # The 2003 ruleset (rendering/mare_nostrum/mn2003.py), 4 players: the opening, and a
        # late game (temples and markets built, a trireme on land, an occupation, a battle).
        "mn2003-opening-4p.png": render(view(mn2003_opening(), None)),
        "mn2003-late-4p.png": render(
            view(mn2003_late(), None),
            highlight={"areas": ["macedonia"], "dice": {"rome": [5, 2], "greece": [3]}},
        ),
        "mn2003-late-4p-fr.png": render(view(mn2003_late(), None), lang="fr"),
        "screen-2003-rome.png": render_screen(view(mn2003_late(), "rome")),
        # The Mythology (rendering/mare_nostrum/mythology.py), 6 players on the western board:
        # gods and holders, the High Priest, creatures (the `mytharmy` view's part, hand-made).
        "mythology-6p.png": render(with_creatures(myth_midgame(), None), highlight=MIDGAME_BATTLE),
        "mythology-6p-fr.png": render(with_creatures(myth_midgame(), None), lang="fr"),
        "screen-mythology-atlantis-fr.png": render_screen(
            with_creatures(myth_midgame(), "atlantis"), lang="fr"
        ),
        # Neptun (rendering/neptun/)
        "neptun-opening-3p.png": render_board(NEPTUN.view(neptun_opening(3), None)),
        "neptun-midgame-5p.png": render_board(NEPTUN.view(neptun_mid(5), None)),
        "neptun-midgame-5p-fr.png": render_board(NEPTUN.view(neptun_mid(5), None), "fr"),
        "neptun-voyage-5p.png": render_board(NEPTUN.view(neptun_voyage(5), None)),
        "neptun-screen-red-fr.png": neptun_screen(NEPTUN.view(neptun_mid(5), "red"), "fr"),
    }
    for name, data in images.items():
        (out / name).write_bytes(data)
        print(f"{name}: {len(data) / 1024:.0f} KiB")


if __name__ == "__main__":
    main()
