"""The 21 mythological heroes' ids: the Mythology card table's (`..cards`), never a second
scheme."""

from __future__ import annotations

from ..cards import ALL, PREFIX

ACHILLES = PREFIX + "achilles"
ADONIS = PREFIX + "adonis"
AJAX = PREFIX + "ajax"
ANTIGONE = PREFIX + "antigone"
ARIADNE = PREFIX + "ariadne"
CASTOR_POLLUX = PREFIX + "castor_pollux"
CIRCE = PREFIX + "circe"
CROESUS = PREFIX + "croesus"
AENEAS = PREFIX + "aeneas"
GILGAMESH = PREFIX + "gilgamesh"
HAMILCAR = PREFIX + "hamilcar"
HERCULES = PREFIX + "hercules"
IMHOTEP = PREFIX + "imhotep"
JASON = PREFIX + "jason"
MEDUSA = PREFIX + "medusa"
MIDAS = PREFIX + "midas"
MINOS = PREFIX + "minos"
MOSES = PREFIX + "moses"
PENTHESILEA = PREFIX + "penthesilea"
SHEBA = PREFIX + "sheba"
SPARTACUS = PREFIX + "spartacus"

MYTHIC: tuple[str, ...] = (
    ACHILLES, ADONIS, AJAX, ANTIGONE, ARIADNE, CASTOR_POLLUX, CIRCE, CROESUS, AENEAS,
    GILGAMESH, HAMILCAR, HERCULES, IMHOTEP, JASON, MEDUSA, MIDAS, MINOS, MOSES, PENTHESILEA,
    SHEBA, SPARTACUS,
)  # fmt: skip
assert all(card in ALL for card in MYTHIC), "a mythological hero missing from the card table"
