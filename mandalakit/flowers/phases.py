"""The phases of a Flowers state and the order of the setup's shuffles (F-2.1).

Shared by the state (:mod:`.state`) and the modules of its rules (:mod:`.turn`,
:mod:`.completion`, :mod:`.ending`), which build on these names and not on each other.
"""

from .cards import NUM_COLOURS

SETUP, PLAY, DRAW, CHOOSE, OVER = "setup", "play", "draw", "choose", "over"
SETUP_EVENTS = ("shuffle", "dark", "light")  # F-2.1, in this order
_COLOURS6 = range(NUM_COLOURS)
