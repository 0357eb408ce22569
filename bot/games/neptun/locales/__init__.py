"""Neptun's part of the message catalog (`en.json`, `fr.json`, read as `neptun.<key>`): its
name, its ruleset's, and its engine's own error codes. Data only: its registry entry
registers it with the catalog (`bot/catalog.py`)."""

from __future__ import annotations

from importlib import resources

NAMESPACE = "neptun"
LOCALES = resources.files(__name__)
