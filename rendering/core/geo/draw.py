"""Drawing the real land (`rendering.core.geo`) onto a picture: shared by every game's map."""

from __future__ import annotations

from PIL import ImageDraw

from ..text import RGB
from . import Projection


def draw_land(
    draw: ImageDraw.ImageDraw,
    proj: Projection,
    fill: RGB,
    outline: RGB | None,
    shore: RGB | None = None,
    shore_width: int = 12,
) -> None:
    """Natural Earth's land projected onto the picture (the sea being its background); with
    `shore`, a band of shallow water along every coast is laid first, under the land."""
    rings = proj.land()
    if shore is not None:
        for ring in rings:
            draw.line([*ring, ring[0]], fill=shore, width=shore_width, joint="curve")
    for ring in rings:
        draw.polygon(ring, fill=fill, outline=outline)
