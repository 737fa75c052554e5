"""Toy's part of the play views: a card is played by one click on it."""

from __future__ import annotations

from mandalakit.widgets.play.games.base import GamePart


class ToyPart(GamePart):
    game = "toy"
    example = "play 7"
    tie_break_rule = "T-3"
    private_rule = "T-1"
    how_to_play = "Click a <b>card</b> of your hand: it scores its number if it beats the last card played."

    def paths(self, state, move):
        return [(f"card:{move.card}",)]

    def attempt(self, state, clicks):
        return None

    def target_words(self, kind, what):
        return f"card {what}" if kind == "card" else None

    def score_panel(self, state, viewer, names):
        scores = state.observation(viewer).scores
        return "<ul>" + "".join(f"<li>{name}: {s}</li>" for name, s in zip(names, scores)) + "</ul>"


PART = ToyPart()
