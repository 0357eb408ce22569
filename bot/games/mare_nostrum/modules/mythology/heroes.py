"""The heroes and wonders of the Mythology expansion (004 l.334–455; aid §B.11–B.12): Atlas
and the revised specific heroes, the revised base heroes, the 21 mythological heroes, the
revised wonders."""

from __future__ import annotations
