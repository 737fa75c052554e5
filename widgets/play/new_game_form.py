"""The New game form of a play view, in words: players, who plays each seat, the deal, the rules.

Rule options are menus labelled in words with their rule id as a small tag (the rule's text on
hover or focus), the words each game declares (``GameSpec.option_words``); they are read back by
the game's ``Rules`` field names, never from what a widget displays. Seat menus offer "a person at this screen" and a bot of each level,
built in one place (:func:`seat_choices`).

>>> from mandalakit.core.registry import get_game
>>> seat_choices(get_game("mandala"))
[('a person at this screen', 'you'), ('Bot (easy)', 'random'), ('Bot (medium)', 'greedy'), ('Bot (hard)', 'pimc')]
>>> [label for label, _value in option_choices("ohanami", "sakura_cap", 15)][:2]
['15 (the printed table)', 'no limit']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from html import escape

import ipywidgets as W

from mandalakit.core.errors import MandalakitError, RulesError
from mandalakit.core.messages import _, bot_name
from mandalakit.core.registry import get_game

from mandalakit.widgets.play.log import rule_tag
from mandalakit.widgets.play.people import HUMAN, own_name
from mandalakit.widgets.play.refusals import refusal_html

__all__ = ["NewGameForm", "option_choices", "seat_choices"]

def option_text(value) -> str:
    """An option's value as the form and ``Rules.option_from_text`` write it (``none``, ``true``, ``15``)."""
    if value is None or isinstance(value, bool):
        return str(value).lower()
    return str(value)


def option_choices(game: str, name: str, value) -> list[tuple[str, str]]:
    """``(words, value as text)`` of the menu of option ``name``; the current ``value`` is
    always among them (a record's rules may hold any value the game allows)."""
    words = get_game(game).option_words.get(name, ("", "", {}))[2]
    choices = [(_(w), v) for v, w in words.items()]
    if option_text(value) not in words:
        choices.append((option_text(value), option_text(value)))
    return choices


def seat_choices(spec) -> list[tuple[str, str]]:
    """``(words, seat kind)`` for a seat menu: a person at this screen, then a bot of each level
    of the game ("Bot (easy)", "Bot (medium)", "Bot (hard)"), valued by the bot behind the level
    (the seat kind a record keeps; :attr:`GameSpec.levels <mandalakit.core.contract.GameSpec.levels>`)."""
    return [(_("a person at this screen"), HUMAN)] + [(_("Bot ({level})", level=bot_name(level)), bot)
                                                      for level, bot in spec.levels.items() if bot in spec.bots]


class NewGameForm(W.VBox):
    """Players, a menu and a name per seat, the deal number and the rule options.

    Attributes
    ----------
    players_choice : ipywidgets.Dropdown
    seat_box : ipywidgets.Box
        One menu per seat (:func:`seat_choices`).
    name_box : ipywidgets.Box
        One optional name per seat ("Ann"); empty: "Player 2", "You", "Bot (medium)".
    seed_text : ipywidgets.Text
        The deal number; empty draws a new deal.
    rule_box : ipywidgets.VBox
        One labelled menu per rule option; :attr:`rule_menus` maps field names to them.
    start_button, again_button : ipywidgets.Button
        Start a new deal (:meth:`start`); play the same deal again.
    form_message : ipywidgets.HTML
        What the buttons did, under them.

    Parameters
    ----------
    start : callable (seats, players, seed, rules) -> None
        Start the game the form describes (its table's ``new_game``): seat kinds, the name each
        seat is recorded under, the seed (``None``: a new deal) and the rule options; raises
        ``MandalakitError`` to refuse it (the current game is kept). The table then shows the
        game in play with :meth:`fill`.
    """

    def __init__(self, start: Callable[[list, list, int | None, dict], None]):
        self._start = start
        self.players_choice = W.Dropdown(description=_("players"))
        self.players_choice.observe(lambda _c: self._seat_widgets(), names="value")
        self.seat_box = W.Box(layout=W.Layout(flex_flow="row wrap"))
        self.name_box = W.Box(layout=W.Layout(flex_flow="row wrap"))
        self.seed_text = W.Text(description=_("deal number"), placeholder=_("empty: a new deal"),
                                style={"description_width": "initial"}, layout=W.Layout(width="20em", max_width="100%"))
        self.rule_box = W.VBox()
        self.rule_menus: dict[str, W.Dropdown] = {}
        self.start_button = W.Button(description=_("start a new game"), button_style="primary",
                                     layout=W.Layout(width="auto"))
        self.again_button = W.Button(description=_("play this deal again"), layout=W.Layout(width="auto"))
        self.start_button.on_click(lambda _b: self.start())
        self.again_button.on_click(lambda _b: self.start(again=True))
        self.form_message = W.HTML()
        self.form_message.add_class("mk-form-message")
        self._spec, self._rules, self._seed = None, None, None
        super().__init__([self.players_choice, self.seat_box, self.name_box, self.seed_text, self.rule_box,
                          W.HBox([self.start_button, self.again_button], layout=W.Layout(flex_flow="row wrap")),
                          self.form_message])

    def fill(self, spec, seats, players, rules, seed: int) -> None:
        """Show the game in play: ``seats`` kinds, ``players`` names, its ``rules`` and ``seed``."""
        self._spec, self._rules, self._seed = spec, rules, seed
        self.players_choice.options = list(range(spec.min_players, spec.max_players + 1))
        self.players_choice.value = len(seats)
        self._seat_widgets(list(seats), [own_name(i, p) for i, p in enumerate(players)])
        self.seed_text.value = ""
        menus = {}
        boxes = []
        for name, value in rules.to_dict().items():
            if isinstance(value, (list, tuple)):
                continue  # a table (Flowers' tiles) is set in code, not in a form
            label, rule, _words = spec.option_words.get(name, (name.replace("_", " "), "", {}))
            menu = W.Dropdown(options=option_choices(spec.name, name, value), value=option_text(value),
                              layout=W.Layout(width="30em", max_width="calc(100% - 8px)"))
            tag = f" {rule_tag(rule)}" if rule else ""
            boxes.append(W.VBox([W.HTML(f"{escape(_(label))}{tag}"), menu]))
            menus[name] = menu
        self.rule_menus = menus
        self.rule_box.children = boxes

    def _seat_widgets(self, kinds=None, names=None) -> None:
        if self._spec is None:
            return
        n = self.players_choice.value or len(self.seat_box.children)
        kinds = kinds or [w.value for w in self.seat_box.children]
        names = names or [w.value for w in self.name_box.children]
        choices = seat_choices(self._spec)
        allowed = [k for _l, k in choices]
        self.seat_box.children = [
            W.Dropdown(options=choices, value=kinds[i] if i < len(kinds) and kinds[i] in allowed else allowed[min(i, 1)],
                       description=_("Player {n}", n=i + 1), layout=W.Layout(width="18em"))
            for i in range(n)]
        self.name_box.children = [
            W.Text(value=names[i] if i < len(names) else "", placeholder=_("name of player {n} (optional)", n=i + 1),
                   layout=W.Layout(width="18em"))
            for i in range(n)]

    def read(self, rules_class, current: Mapping):
        """``(seats, players, seed text, rules)`` from the form: seat kinds, the name each seat
        is recorded under (a typed name, else its kind), the deal number as typed, and the rule
        options read by their field names (``current``: options the form does not show)."""
        seats = [w.value for w in self.seat_box.children]
        typed = [w.value.strip()[:30] for w in self.name_box.children]
        players = [t if t and k == HUMAN else k for k, t in zip(seats, typed)]
        rules = {**current, **{name: rules_class.option_from_text(name, menu.value)
                               for name, menu in self.rule_menus.items()}}
        return seats, players, self.seed_text.value.strip(), rules

    def changed_words(self, spec, rules) -> list[str]:
        """The options of ``rules`` that differ from the game's defaults, in words."""
        defaults = spec.rules().to_dict()
        out = []
        for name, value in rules.to_dict().items():
            if value != defaults.get(name) and not isinstance(value, (list, tuple)):
                label, _rule, words = spec.option_words.get(name, (name, "", {}))
                shown = words.get(option_text(value))
                out.append(_("{option}: {value}", option=_(label), value=_(shown) if shown else option_text(value)))
        return out

    def forget(self) -> None:
        """Empty the line under the buttons (the game it told about has moved on)."""
        self.form_message.value = ""

    def start(self, again: bool = False) -> None:
        """Start the game the form describes: a new deal, the deal number typed, or (``again``)
        the deal of the game in play once more; under the buttons, what was started or why not."""
        from mandalakit.core.options import option_value

        try:
            seats, players, seed_text, rules = self.read(self._spec.rules, self._rules.to_dict())
            seed = self._seed if again else option_value(seed_text, "seed") if seed_text else None
            self._start(seats, players, seed, rules)
        except MandalakitError as error:
            self.form_message.value = refusal_html(error, _("The current game is kept."))
            return
        except TypeError as error:
            self.form_message.value = refusal_html(RulesError("options", str(error)), _("The current game is kept."))
            return
        options = "; ".join([_("deal {seed}", seed=self._seed), *self.changed_words(self._spec, self._rules)])
        news = _("New game: {options}.", options=options)
        self.form_message.value = f'<div role="status">{escape(news)}</div>'
