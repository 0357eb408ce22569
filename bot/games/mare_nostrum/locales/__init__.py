"""Mare Nostrum's part of the message catalog (`en.json`, `fr.json`: its names and messages,
read as `mn.<key>`) and its help data (rules topics, powers of the heroes and wonders). Data
only: the registry entry and the pictures register it with the catalog (`bot/catalog.py`)."""

from __future__ import annotations

from importlib import resources

NAMESPACE = "mn"
LOCALES = resources.files(__name__)
