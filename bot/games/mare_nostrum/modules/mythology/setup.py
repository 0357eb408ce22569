"""Set-up of the Mythology expansion (004 l.86–147; aid §B.3–B.5, B.13–B.14): the western
board read the 2003 way, the Atlanteans, 3–6 players, neutrals, supplies, the starts (the
predetermined one and the free start with 45 points), ceramic, the High Priest, victory."""

from __future__ import annotations
