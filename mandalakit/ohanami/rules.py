"""Rules options of Ohanami (the "Ruling" points of ohanami.md)."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.contract import RulesBase
from ..core.errors import RulesError, shown
from ..core.messages import _


@dataclass(frozen=True)
class Rules(RulesBase):
    """Options of an Ohanami game.

    Attributes
    ----------
    sakura_cap : int or None
        O-3.4: the sakura table stops at this many pink cards; more pink still scores
        T(cap). Default 15 (so 15 or more pink score 120). ``None`` uses the open formula
        T(k) = k(k+1)/2 for any k.
    """

    sakura_cap: int | None = 15

    def __post_init__(self):
        cap = self.sakura_cap
        if cap is not None and (isinstance(cap, bool) or not isinstance(cap, int) or cap < 1):
            raise RulesError("O-3.4", _("sakura_cap must be a whole number of at least 1, or none (no cap); got {value}.",
                                        value=shown(cap)))
