"""The mythological creatures and the Military phase's changes (004 l.252–320, l.457–474;
aid §B.9–B.10): creatures, sea strictly before land, automatic 6s, the Greek blockade."""

from __future__ import annotations
