"""The record panel of :class:`~mandalakit.widgets.play.game_view.GameView`: save the game as a
JSON record, load one (an upload or a dict), look back with the slider and play on from there.

The record holds every card (the shuffle), so the download link is made only on request. A bad
record is refused in words with the event and the rule (:mod:`mandalakit.core.records`) and the
current game is kept.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Mapping
from html import escape
from numbers import Integral

from mandalakit.core import records
from mandalakit.core.errors import MandalakitError, RecordError, RulesError, quote, shown
from mandalakit.core.messages import _
from mandalakit.core.registry import get_game

from mandalakit.widgets.play.people import HUMAN, display_names

#: Largest record file accepted by the upload (a whole game is a few tens of KB).
MAX_UPLOAD_BYTES = 1_000_000


class RecordPanel:
    """The record panel's methods, mixed into :class:`~mandalakit.widgets.play.game_view.GameView`
    (they use its state, seats, widgets and :meth:`_start`)."""

    def _record(self) -> dict:
        return records.from_state(self.state, players=self.players, seed=self.seed)

    def prepare_download(self) -> None:
        """Put a download link of this game's record (JSON) under the button.

        The record holds every card (the shuffle), so it is made only on request and removed
        at the next move: nobody can read the deck from the page by accident.
        """
        data = json.dumps(self._record(), indent=1, ensure_ascii=False).encode("utf-8")
        href = "data:application/json;base64," + base64.b64encode(data).decode("ascii")
        name = f"{self.spec.name}-seed{self.seed}-{len(self.state.history)}.json"
        self.download.value = (f'<a download="{name}" href="{href}" class="mk-download">'
                               + escape(_("Download {name}", name=name)) + "</a>")

    def load_record(self, record: Mapping) -> None:
        """Replace the game by a record's game (validated by replaying it). A bad record raises
        :class:`RecordError` and keeps the current game."""
        state = records.replay(record)
        if state.game != self.spec.name:  # this page plays one game: say where the record belongs
            raise RecordError("record", _("This is a record of {other}; this view plays {game}. Open the {other} "
                                          "page to load it.", other=state.game, game=self.spec.name))
        # A record names each seat by who played it: a bot's name makes that seat a bot again.
        self.players = [str(p.get("name", "")) if isinstance(p, Mapping) else "" for p in record["players"]]
        self.seats = [n if n in self.spec.bots else HUMAN for n in self.players]
        self.names = display_names(self.players, you=len(self.humans) == 1)
        self.bots = {i: self.spec.make_bot(k, seed=self.seed + 1 + i) for i, k in enumerate(self.seats) if k != HUMAN}
        self._start(state)
        self._fill_panel()

    @classmethod
    def from_record(cls, record: Mapping, *, at: int = 0, bot_delay: float = 0.6):
        """A view of a record's game, shown at event ``at`` (the record slider scrubs through
        it; *play from here* goes on from any event). The record's bot seats stay bots, every
        other seat is played at this screen. Raises :class:`RecordError` for a bad record, and
        :class:`RulesError` if ``at`` is not a whole number."""
        if isinstance(at, bool) or not isinstance(at, Integral):
            raise RulesError("options", _("at must be the number of an event of the record (a whole number), "
                                          "not {value}.", value=shown(at)))
        spec = get_game(record.get("game") if isinstance(record, Mapping) and isinstance(record.get("game"), str)
                        else "")
        view = cls(spec.name, [HUMAN] * spec.min_players, seed=0, bot_delay=bot_delay)
        view.load_record(record)
        view.review.value = max(0, min(int(at), view.review.max))
        view.panels.selected_index = 2
        return view

    def _on_upload(self, change) -> None:
        files = change["new"]
        if not files:
            return
        try:
            name, content = _uploaded(files[0])
            record = records.loads(content.decode("utf-8-sig", errors="strict"), _("The uploaded file"))
            self.load_record(record)
        except UnicodeDecodeError:
            self._refuse(RecordError("record", _("The file is not UTF-8 text (a JSON record).")))
        except MandalakitError as error:
            self._refuse(error, _("The current game is kept."))
        else:
            loaded = _("Record loaded: {name}.", name=name)
            self.message.value = f'<div class="mk-note">{escape(loaded)}</div>'
        finally:
            self.upload.value = ()

    def play_from_here(self) -> None:
        """Go on playing from the position the record slider shows (later events are dropped)."""
        if not self.reviewing:
            return
        state = records.replay(self._record(), upto=self.review.value)
        self._start(state)


def _uploaded(file) -> tuple[str, bytes]:
    """The name (cut to 60 characters) and the bytes of an upload entry as the page sent it.

    Every field is checked before use, so a forged entry (text or a number as its content, a
    size that is no number) gets one sentence and nothing is allocated for a number it names.

    Raises
    ------
    RecordError
        For an entry that holds no file's bytes, or a file larger than :data:`MAX_UPLOAD_BYTES`.
    """
    content = file.get("content") if isinstance(file, Mapping) else None
    size = file.get("size", 0) if isinstance(file, Mapping) else None
    if (not isinstance(content, (bytes, bytearray, memoryview)) or isinstance(size, bool)
            or not isinstance(size, Integral) or size < 0):
        raise RecordError("record", _("The page sent no file that can be read; choose the record file again."))
    if len(content) > MAX_UPLOAD_BYTES or size > MAX_UPLOAD_BYTES:
        raise RecordError("record", _("The file is larger than 1 MB; a record is a few tens of KB."))
    name = file.get("name")
    return quote(name) if isinstance(name, str) else "", bytes(content)
