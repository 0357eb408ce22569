"""Ierusalem's tiles' powers, each declared on the `ierusalem` module through hook points (only
these modules name an Ierusalem tile or ask `has_power`). ADONIS's retrieval of a Divine card
in Claims is the event cards' (modules/legends/)."""

from . import croesus, halicarnassus, imhotep, moses, solomon

__all__ = ["croesus", "halicarnassus", "imhotep", "moses", "solomon"]
