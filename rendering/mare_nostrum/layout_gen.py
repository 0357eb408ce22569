"""Generates rendering/mare_nostrum/layout.json, the drawing coordinates of the board (run it
after editing the shapes below: `python -m rendering.mare_nostrum.layout_gen`). Not imported at
run time.

Map coordinates are pixels of the 1600-wide map strip at the top of the board image. A province
gives its outline (`polygon`), where its name goes (`label`), its influence marker
(`influence`), one point per printed building slot (`slots`, same order as the board data) and
where its units go (`units`). A sea gives its `label` and `units` points.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.games.mare_nostrum.board import Board

SLOT_STEP = 28  # centre-to-centre distance of two building slots

# id: (polygon, content centre, slots per row)
PROVINCES: dict[str, tuple[list[tuple[int, int]], tuple[int, int], int]] = {
    "gallia": ([(0, 0), (380, 0), (400, 90), (440, 150), (442, 205), (430, 218),
                (300, 222), (240, 262), (160, 300), (80, 326), (0, 330)], (215, 150), 3),
    "germania": ([(380, 0), (700, 0), (690, 60), (600, 110), (520, 130), (440, 150),
                  (400, 90)], (540, 55), 3),
    "dalmatia": ([(440, 150), (520, 130), (600, 170), (630, 230), (632, 300), (590, 290),
                  (540, 252), (480, 222), (442, 205)], (548, 200), 3),
    "dacia": ([(700, 0), (880, 0), (872, 80), (850, 150), (780, 185), (650, 195), (600, 170),
               (520, 130), (600, 110), (690, 60)], (760, 85), 3),
    "macedonia": ([(600, 170), (650, 195), (780, 185), (792, 250), (772, 318), (722, 352),
                   (662, 380), (642, 340), (632, 300), (630, 230)], (712, 262), 3),
    "thracia": ([(780, 185), (850, 150), (905, 170), (935, 208), (892, 250), (842, 272),
                 (792, 250)], (858, 218), 2),
    "achaea": ([(662, 380), (722, 352), (772, 318), (790, 362), (776, 402), (780, 458),
                (722, 482), (686, 452), (652, 420)], (726, 420), 3),
    "latium": ([(240, 262), (300, 222), (430, 218), (448, 232), (492, 300), (392, 352),
                (330, 330)], (378, 282), 3),
    "italia": ([(330, 330), (392, 352), (492, 300), (540, 352), (612, 410), (592, 440),
                (548, 440), (524, 466), (510, 486), (482, 480), (458, 446), (402, 402)],
               (480, 392), 3),
    "sicilia": ([(360, 515), (410, 497), (470, 492), (532, 500), (510, 540), (472, 588),
                 (425, 572), (372, 558)], (455, 538), 2),
    "creta": ([(792, 500), (850, 474), (960, 470), (1012, 492), (982, 526), (900, 536),
               (826, 530)], (915, 514), 4),
    "numidia": ([(0, 600), (150, 580), (330, 585), (350, 690), (250, 700), (230, 790),
                 (0, 790)], (150, 660), 3),
    "africa": ([(330, 585), (372, 562), (428, 578), (480, 612), (560, 650), (580, 700),
                (440, 712), (350, 690)], (452, 655), 3),
    "phazania": ([(250, 700), (350, 690), (440, 712), (580, 700), (700, 690), (680, 790),
                  (230, 790)], (450, 752), 3),
    "libya": ([(560, 650), (700, 622), (830, 602), (830, 690), (700, 690), (580, 700)],
              (700, 656), 3),
    "garamantia": ([(700, 690), (830, 690), (900, 700), (990, 700), (980, 790), (680, 790)],
                   (835, 748), 3),
    "cyrenaica": ([(830, 602), (950, 572), (1050, 560), (1050, 680), (990, 700), (900, 700),
                   (830, 690)], (940, 636), 4),
    "aegyptus": ([(1050, 560), (1140, 545), (1232, 560), (1290, 540), (1290, 700),
                  (1200, 700), (1120, 692), (1050, 680)], (1170, 616), 3),
    "nubia": ([(1050, 680), (1120, 692), (1200, 700), (1180, 790), (980, 790), (990, 700)],
              (1090, 748), 3),
    "aethiopia": ([(1200, 700), (1290, 700), (1310, 790), (1180, 790)], (1250, 742), 3),
    "judaea": ([(1248, 348), (1268, 398), (1296, 452), (1290, 540), (1232, 560),
                (1206, 520), (1222, 450), (1236, 392)], (1256, 480), 1),
    "cilicia": ([(1110, 270), (1232, 262), (1248, 348), (1202, 372), (1112, 380),
                 (1100, 300)], (1170, 322), 2),
    "asia": ([(950, 182), (1080, 152), (1110, 200), (1110, 270), (1100, 300), (1112, 380),
              (1062, 402), (1000, 392), (962, 332), (942, 262)], (1030, 280), 2),
    "cappadocia": ([(1080, 152), (1222, 132), (1242, 200), (1232, 262), (1110, 270),
                    (1110, 200)], (1168, 210), 2),
    "armenia": ([(1222, 132), (1240, 0), (1600, 0), (1600, 120), (1430, 130), (1380, 190),
                 (1300, 210), (1242, 200)], (1370, 85), 3),
    "syria": ([(1242, 200), (1300, 210), (1380, 190), (1402, 262), (1382, 330),
               (1332, 392), (1296, 452), (1268, 398), (1248, 348), (1232, 262)],
              (1318, 292), 2),
    "assyria": ([(1430, 130), (1600, 120), (1600, 300), (1402, 292), (1402, 262),
                 (1380, 190)], (1505, 215), 3),
    "mesopotamia": ([(1402, 292), (1600, 300), (1600, 470), (1452, 470), (1380, 440),
                     (1332, 392), (1382, 330)], (1490, 385), 3),
    "babylonia": ([(1452, 470), (1600, 470), (1600, 790), (1470, 790), (1432, 620)],
                  (1522, 560), 3),
    "arabia": ([(1332, 392), (1380, 440), (1452, 470), (1432, 620), (1470, 790),
                (1310, 790), (1290, 700), (1290, 540), (1296, 452)], (1375, 560), 2),
}

# id: (label centre, units centre)
SEAS: dict[str, tuple[tuple[int, int], tuple[int, int]]] = {
    "tyrrhenum": ((300, 392), (305, 432)),
    "hadriaticum": ((560, 292), (582, 340)),
    "ionium": ((600, 495), (610, 535)),
    "aegaeum": ((862, 372), (866, 415)),
    "pontus": ((1010, 55), (1010, 100)),
    "sardum": ((282, 512), (290, 553)),
    "africum": ((695, 562), (700, 600)),
    "aegyptium": ((1070, 500), (1080, 537)),
    "cyprium": ((1150, 398), (1150, 440)),
}

# Land that is not in play (Hispania, the grey islands), drawn for recognisability only.
DECOR: list[list[tuple[int, int]]] = [
    [(205, 352), (222, 346), (228, 380), (214, 392), (204, 376)],  # Corsica
    [(200, 402), (230, 398), (236, 450), (214, 470), (198, 446)],  # Sardinia
    [(1110, 466), (1150, 460), (1192, 464), (1160, 480), (1120, 480)],  # Cyprus
    [(1010, 440), (1026, 436), (1030, 452), (1014, 456)],  # Rhodes
]


# --- the Atlas map (module `atlantis`): a strip of WEST pixels west of the base map ----------
# Atlantis and the Hesperides as islands in the ocean, Hispania (Lusitania, Tarraconensis,
# Baetica, Gadira) and Mauretania across the strait; the coordinates are the strip's own (the
# base map is shifted east by WEST).
WEST = 400

ATLAS_PROVINCES: dict[str, tuple[list[tuple[int, int]], tuple[int, int], int]] = {
    "tarraconensis": ([(270, 30), (400, 20), (400, 240), (360, 280), (310, 300), (290, 230),
                       (265, 140)], (340, 150), 3),
    "lusitania": ([(160, 50), (270, 30), (265, 140), (290, 230), (250, 280), (190, 300),
                   (150, 190)], (220, 160), 2),
    "baetica": ([(190, 300), (250, 280), (290, 230), (310, 300), (360, 280), (345, 340),
                 (300, 380), (240, 395), (210, 372)], (278, 336), 3),
    "gadira": ([(145, 312), (190, 300), (210, 372), (240, 395), (210, 445), (150, 440),
                (118, 380)], (174, 390), 2),
    "mauretania": ([(160, 520), (260, 480), (340, 490), (400, 560), (400, 790), (180, 790),
                    (140, 640)], (280, 600), 3),
    "atlantis": ([(10, 200), (95, 178), (140, 205), (142, 275), (112, 335), (40, 345),
                  (8, 280)], (78, 262), 3),
    "hesperides": ([(20, 600), (110, 585), (150, 620), (140, 690), (60, 710), (15, 670)],
                   (85, 645), 3),
}

ATLAS_SEAS: dict[str, tuple[tuple[int, int], tuple[int, int]]] = {
    "atlanticus": ((80, 70), (80, 118)),
    "fretum": ((180, 462), (330, 450)),
    "balearicum": ((510, 410), (510, 455)),
}

ATLAS_DECOR: list[list[tuple[int, int]]] = [
    [(428, 352), (450, 346), (462, 358), (446, 368), (430, 364)],  # Mallorca
    [(468, 338), (482, 336), (484, 344), (470, 346)],  # Menorca
]

# The legend goes to the panel's east end (the base map keeps it west of Sardinia, where the
# Atlas map has the Balearic sea); the Atlantean track lies in the ocean below Atlantis.
ATLAS_LEGEND = [1780, 804, 1990, 1094]
ATLAS_TRACK = [6, 418, 130, 578]


def _slot_points(centre: tuple[int, int], n: int, cols: int) -> list[list[int]]:
    cx, cy = centre
    pts = []
    rows = (n + cols - 1) // cols
    for i in range(n):
        r, c = divmod(i, cols)
        in_row = min(cols, n - r * cols)
        x = cx - (in_row - 1) * SLOT_STEP / 2 + c * SLOT_STEP
        y = cy - 4 + r * SLOT_STEP - (rows - 1) * SLOT_STEP / 2
        pts.append([round(x), round(y)])
    return pts


def _area(poly: list[tuple[int, int]], centre: tuple[int, int], cols: int, n: int,
          dx: int) -> dict[str, object]:
    slots = _slot_points((centre[0] + dx, centre[1]), n, cols)
    top = min(p[1] for p in slots)
    bottom = max(p[1] for p in slots)
    left = min(p[0] for p in slots)
    return {
        "polygon": [[x + dx, y] for x, y in poly],
        "label": [centre[0] + dx, top - 25],
        "influence": [left - 29, top],
        "slots": slots,
        "units": [centre[0] + dx, bottom + 28],
        "rows": (n + cols - 1) // cols,
    }


def _map(board: Board, provinces: dict[str, tuple[list[tuple[int, int]], tuple[int, int], int]],
         seas: dict[str, tuple[tuple[int, int], tuple[int, int]]],
         decor: list[list[tuple[int, int]]], dx: int) -> dict[str, Any]:
    return {
        "provinces": {pid: _area(poly, centre, cols, len(board.provinces[pid].slots), dx)
                      for pid, (poly, centre, cols) in provinces.items()},
        "seas": {sid: {"label": [lab[0] + dx, lab[1]], "units": [u[0] + dx, u[1]]}
                 for sid, (lab, u) in seas.items()},
        "decor": [[[x + dx, y] for x, y in poly] for poly in decor],
    }


def build() -> dict[str, object]:
    from bot.games.mare_nostrum.board import full_board

    part = _map(full_board(), PROVINCES, SEAS, DECOR, 0)
    return {"map_size": [1600, 790], "provinces": part["provinces"], "seas": part["seas"],
            "decor": part["decor"]}


def build_atlas() -> dict[str, object]:
    """The Atlas map: the Atlantis strip (WEST pixels wide) and the base map shifted east of
    it; the legend and the Atlantean track move to where the Atlantis strip leaves room."""
    import bot.games.mare_nostrum  # noqa: F401  (registers the module boards)
    from bot.games.mare_nostrum.board import board

    whole = board("atlas/6")
    base = _map(whole, PROVINCES, SEAS, DECOR, WEST)
    west = _map(whole, ATLAS_PROVINCES, ATLAS_SEAS, ATLAS_DECOR, 0)
    return {"board": "atlas/6", "map_size": [1600 + WEST, 790],
            "provinces": {**base["provinces"], **west["provinces"]},
            "seas": {**base["seas"], **west["seas"]},
            "decor": [*base["decor"], *west["decor"]],
            "legend": ATLAS_LEGEND, "atlantean_track": ATLAS_TRACK,
            "panel": {"hw_y": 850, "hw_row": 29}}


def main() -> None:
    for name, data in (("layout.json", build()), ("layout_atlas.json", build_atlas())):
        out = Path(__file__).with_name(name)
        out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {out}")


if __name__ == "__main__":
    main()
