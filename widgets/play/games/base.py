"""The base of each game's part of the play and replay views (:class:`GamePart`)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence

from mandalakit.core.contract import CHANCE
from mandalakit.core.messages import N_, _, colour, ngettext

from mandalakit.widgets.play.log import Entry
from mandalakit.widgets.play.people import is_you

Path = tuple[str, ...]


def cards_paths(hand: str, count: int, dest: str) -> list[Path]:
    """The click paths of a play of ``count`` cards of one colour onto ``dest`` (Mandala's
    field and discard, Flowers' plays): the hand colour once per card, or once and then a
    count chip ``n:K``, then the destination."""
    paths = [(hand,) * count + (dest,)]
    if count > 1:
        paths.append((hand, f"n:{count}", dest))
    return paths


def clicked_count(clicks: Path) -> int:
    """How many cards ``clicks`` choose: the last count chip, else how often the first target
    (a hand colour) was clicked."""
    counts = [int(c[2:]) for c in clicks if c.startswith("n:")]
    return counts[-1] if counts else sum(c == clicks[0] for c in clicks)


def same_colour_cards(state, clicks: Path, colours: Sequence[str]) -> bool:
    """True if ``clicks`` are the same ``hand:<colour>`` target, at most as many times as the
    seat to act holds cards of that colour (its own hand: nothing hidden is read)."""
    first = clicks[0]
    if not first.startswith("hand:") or any(c != first for c in clicks) or first[5:] not in colours:
        return False
    seat = state.current_player
    return seat >= 0 and len(clicks) <= state.observation(seat).hand[colours.index(first[5:])]


class GamePart:
    """What one game adds to the generic views: click paths, attempts, score panel, tie-break,
    how a replayed event reads, and an optional figure of the replay.

    Subclasses read the engine and hold no rule: legality, scores and refusals are the
    engine's.
    """

    #: The game's name in :data:`mandalakit.GAMES`.
    game: str = ""
    #: A move in the game's notation, shown in the move box as an example.
    example: str = ""
    #: Colour names of a game whose moves play cards of one colour from the hand.
    colours: tuple[str, ...] = ()
    #: Rule id of the game's tie-break and shared victory.
    tie_break_rule: str = ""
    #: How to play, in a few sentences of HTML for the page's intro (marked with ``N_``).
    how_to_play: str = ""
    #: Rule id that keeps a seat's hand from the other seats (a move is tried in a replay only
    #: while the board is seen by the seat to act).
    private_rule: str = ""
    #: Words for each kind of chance event, the first word of its notation. The outcome (the
    #: order of the cards) is never shown: it would tell every hidden card.
    chance_words: Mapping[str, str] = {
        "shuffle": N_("the deck is shuffled"),
        "reshuffle": N_("the discard pile is shuffled into a new deck"),
    }

    def paths(self, state, move) -> Iterable[Path]:
        """Every click sequence that makes ``move`` (a legal move of ``state``)."""
        raise NotImplementedError

    def click_paths(self, state) -> Iterable[tuple[Path, object]]:
        """Every ``(clicks, move)`` of ``state``: each legal move with each of its :meth:`paths`.

        No path is preferred: any order of clicks the rules allow is one of them. Games whose
        engine reads several written moves as one (Ohanami's placements, O-2.5) override it.
        """
        for move in state.legal_moves():
            for path in self.paths(state, move):
                yield path, move

    def attempt(self, state, clicks: Path) -> str | None:
        """The move ``clicks`` mean, in notation, when they lead to no legal move.

        The engine then parses and refuses it with its rule. ``None`` when the clicks do not
        make a whole move (the view then asks for one of the highlighted targets).
        """
        raise NotImplementedError

    def extends(self, state, clicks: Path) -> bool:
        """True if ``clicks``, which lead to no legal move, are still a selection a pupil may
        make (the engine judges the move once it is complete): more cards of a hand colour
        than any legal move takes, in games whose moves play cards of one colour
        (:attr:`colours` set)."""
        return bool(self.colours) and same_colour_cards(state, clicks, self.colours)

    def label(self, target: str) -> str:
        """Words for a target (chips and screen readers), e.g. ``"2 cards"``."""
        kind, _sep, what = target.partition(":")
        if kind == "n":
            return ngettext("{n} card", "{n} cards", int(what))
        if kind == "hand":
            return _("{colour} cards in your hand", colour=_(what))
        return self.target_words(kind, what) or target

    def chosen_words(self, selection: Path) -> str:
        """The targets clicked so far in words, for the status line: a hand colour clicked
        ``k`` times (or once and then a count chip) is ``"k black cards"``, said once."""
        if self.colours and selection and selection[0].startswith("hand:"):
            rest = [t for t in selection if t != selection[0] and not t.startswith("n:")]
            return ", ".join([cards_words(clicked_count(selection), selection[0][5:]), *map(self.label, rest)])
        return ", ".join(self.label(t) for t in selection)

    def target_words(self, kind: str, what: str) -> str | None:
        """Words for a target of the game's own kinds (``"mountain"``, ``"A"``)."""
        return None

    def draw(self, state, viewer: int, selection: Path = (), **options) -> str:
        """The board of ``state`` seen by ``viewer`` with the clicks of ``selection`` made so
        far (``options``: those of the state's ``to_svg``). Default: the engine's drawing; a game
        whose chosen cards have a place before the move is complete draws them there."""
        return state.to_svg(viewer, **options)

    def score_panel(self, state, viewer: int, names: Sequence[str]) -> str:
        """HTML of the score panel, as ``viewer`` may know it; ``names`` per seat."""
        raise NotImplementedError

    def tell(self, before, after, viewer: int, names: Sequence[str]) -> list[Entry]:
        """What happened between two positions, in sentences for the log, as ``viewer`` may know it.

        Parameters
        ----------
        before, after : State
            The position before a move (or before a record's events) and after it, with the
            chance events that followed; ``after.history`` continues ``before.history``.
        viewer : int
            The seat whose knowledge is told (nothing hidden from it is said).
        names : sequence of str
            Names per seat (:func:`mandalakit.widgets.play.people.display_names`).

        Default: each new chance event in words (:meth:`chance_entry`) and each move in
        notation. Games tell their moves in words and add what a move sets off (draws,
        completions, round scores).
        """
        entries = []
        for by, move in self.new_moves(before, after, entries):
            entries.append(Entry(_("{name} played {move}.", name=names[by], move=str(move))))
        return entries

    def new_moves(self, before, after, entries: list[Entry]) -> Iterator[tuple[int, object]]:
        """Each move made since ``before`` as ``(seat, move)``, in the order played; the chance
        events between them are told into ``entries`` as they come (:meth:`chance_entry`), so
        that a game's sentences for a move follow the shuffle before it, as in the game."""
        for by, move in after.history[len(before.history):]:
            if by == CHANCE:
                entries.append(self.chance_entry(str(move)))
            else:
                yield by, move

    def chance_entry(self, text: str) -> Entry:
        """A chance event in words (:attr:`chance_words`), never its outcome."""
        kind = text.split(maxsplit=1)[0] if text.strip() else ""
        words = self.chance_words.get(kind)
        sentence = _(words) if words else _("the cards are shuffled ({kind})", kind=kind[:20])
        return Entry(sentence[:1].upper() + sentence[1:] + ".")

    def advice(self, state, move) -> str:
        """``move`` (a legal move of ``state``) as a pupil thinks of it, to do: ``"keep 8 and 40"``,
        ``"play 2 red cards into your field of mandala A"`` (a hint's first words). Default: its
        notation."""
        return str(move)

    def prompt(self, state, selection: Sequence[str]) -> str:
        """What the seat to act does now, in words (the status line after "Your turn:")."""
        return ""

    def replay_figure(self, state, names: Sequence[str]):
        """A plotly figure (its figure JSON as a dict, or a ``plotly.graph_objects.Figure``) that
        the replay shows for ``state`` under the score panel, or ``None`` (the default: no
        figure). Only trace types of
        :data:`mandalakit.widgets.analysis.charts.BASIC_TRACES`."""
        return None

    def tie_break(self, result, tied: Sequence[int], names: Sequence[str]) -> str:
        """The game's tie-break in words, with the tied players' values (empty: none)."""
        return ""

    def result_words(self, state, names: Sequence[str]) -> str:
        """The end of a finished game in words: the scores, who wins, and the tie-break used.

        Raises the engine's ``IllegalMoveError`` before the end.
        """
        result = state.result()
        best = max(result.scores)
        tied = [p for p, s in enumerate(result.scores) if s == best]
        finals = ", ".join(_("{name} {score}", name=names[p], score=s) for p, s in enumerate(result.scores))
        who = _(" and ").join(names[p] for p in result.winners)
        if len(result.winners) > 1:
            how = _("{who} share the victory (rule {rule})", who=who, rule=self.tie_break_rule)
        elif len(tied) > 1:
            why = self.tie_break(result, tied, names)
            how = (_("You win on the tie-break of rule {rule}: {why}", rule=self.tie_break_rule, why=why)
                   if is_you(who) else
                   _("{who} wins on the tie-break of rule {rule}: {why}", who=who, rule=self.tie_break_rule, why=why))
        else:
            how = _("You win") if is_you(who) else _("{who} wins", who=who)
        return _("Game over. Final scores: {finals}. {how}.", finals=finals, how=how)


def cards_words(n: int, colour_word: str) -> str:
    """``"2 black cards"`` in the language in force (French: « 2 cartes noires »)."""
    return ngettext("{n} {colour} card", "{n} {colour} cards", n, colour=colour(colour_word, n))



def public_seat(viewer: int | None) -> int:
    """The seat whose observation a sentence reads: ``viewer``, or seat 0 when ``viewer`` is
    ``None`` (the sentence then uses only what every seat may know)."""
    return viewer if viewer is not None and viewer >= 0 else 0


def observations(before, after, viewer: int | None) -> tuple:
    """The observations of ``before`` and ``after`` that a game's :meth:`GamePart.tell` compares,
    both from :func:`public_seat`'s seat (nothing hidden from ``viewer`` is read)."""
    seat = public_seat(viewer)
    return before.observation(seat), after.observation(seat)
