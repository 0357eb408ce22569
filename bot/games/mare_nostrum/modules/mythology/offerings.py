"""The Offerings phase and the 8 gods (004 l.211–220, l.477–503; aid §B.7, C-60)."""

from __future__ import annotations
