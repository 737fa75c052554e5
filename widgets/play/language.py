"""A FR / EN / PT switch for a play dashboard: the page's game view in the language chosen.

>>> from mandalakit.widgets import GameView
>>> from mandalakit.widgets.play.language import LanguageSwitch
>>> page = LanguageSwitch(GameView("mandala", seats=["you", "medium"], seed=1))
>>> page.switch.value = "fr"           # the view is rebuilt in French, with the same game
>>> "À vous" in page.view.status.value
True
>>> page.switch.value = "en"
"""

from __future__ import annotations

import ipywidgets as W

from mandalakit.core.messages import LANGUAGES, get_language, set_language

from mandalakit.widgets.play.game_view import GameView
from mandalakit.widgets.play.widget_tree import close_all

__all__ = ["LanguageSwitch", "language_buttons"]

#: Each language of the kit as its button shows it: (label, tooltip).
_BUTTONS = {"fr": ("FR", "Français"), "en": ("EN", "English"), "pt": ("PT", "Português")}


def language_buttons() -> W.ToggleButtons:
    """The FR / EN / PT buttons (values :data:`mandalakit.core.messages.LANGUAGES`), at the
    language in force; a forged value outside that list is refused by the widget itself."""
    buttons = W.ToggleButtons(options=[(_BUTTONS[code][0], code) for code in LANGUAGES], value=get_language(),
                              tooltips=[_BUTTONS[code][1] for code in LANGUAGES], style={"button_width": "4em"})
    buttons.add_class("mk-language")
    return buttons


class LanguageSwitch(W.VBox):
    """A :class:`GameView` under a FR / EN / PT switch.

    Choosing a language calls :func:`mandalakit.set_language` (for the whole kernel: one page,
    one pupil) and replaces the view by :meth:`GameView.rebuilt`, so the game goes on where it
    was, with its undo, in the other language.

    Parameters
    ----------
    view : GameView
        The view to show; the switch starts at the language in force.

    Attributes
    ----------
    switch : ipywidgets.ToggleButtons
        Values ``"fr"``, ``"en"`` and ``"pt"`` (:data:`mandalakit.core.messages.LANGUAGES`).
    view : GameView
        The view shown now (a new object after each switch).
    """

    def __init__(self, view: GameView):
        self.switch = language_buttons()
        self.view = view
        super().__init__([self.switch, view])
        self.switch.observe(self._choose, names="value")

    def _choose(self, change) -> None:
        set_language(change["new"])
        old, self.view = self.view, self.view.rebuilt()
        self.children = (self.switch, self.view)
        close_all(old)
