"""The 21 mythological heroes of the Mythology expansion (004 l.374–416, FAQ l.419–433;
aid §B.11.3, C-48 … C-56; checklist D.2 MH-20 … MH-40): each power a handler of a 2003 or
Mythology hook point, keyed by the card table's ids (`ids.py`); who holds a power is
`holding.holds` (Castor & Pollux copy through it). One module per group of powers."""

from __future__ import annotations

from . import aeneas as aeneas
from . import building as building
from . import combat as combat
from . import conquest as conquest
from . import copies as copies
from . import dice as dice
from . import gods_and_roles as gods_and_roles
from . import hercules as hercules
from . import hero_buys as hero_buys
from . import holding as holding
from . import income as income
from . import medusa as medusa
from . import midas as midas
from . import prices as prices
from . import straits as straits
from . import trade as trade
