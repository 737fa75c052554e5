"""The phases of a Mandala state and the area codes of the rule of colour (M-3.1).

Shared by the state (:mod:`.state`) and the modules of its rules (:mod:`.turn`,
:mod:`.completion`, :mod:`.ending`), which build on these names and not on each other.
"""

from .cards import NUM_COLOURS

PLAY, PICKING, CHANCE_PHASE, OVER = "play", "pick", "chance", "over"
SHUFFLE, RESHUFFLE = "shuffle", "reshuffle"
_NONE, _MOUNTAIN = -1, 0  # owner codes; a seat's field is 1 + seat
_COLOURS = range(NUM_COLOURS)
