"""The 8 gods of the Mythology (004 l.477–503; aid §B.7, C-35 … C-38, C-60): one module per
moment of play. Imported by `offerings.py`, which declares them on the module."""
