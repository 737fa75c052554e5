"""Flowers bots and the per-seat summary used by simulation tables."""

from __future__ import annotations

from ..core.contract import Seed, make_rng
from .cards import ALL_COLOURS, COLOURS, HAND_LIMIT
from .moves import Pass, Take
from .scoring import gain_value
from .mandalas import claim_winner, runner_up
from .tiles import X3

X3_HOPE = 2.0  # a lone ×3 scores 0 (F-5.4) but triples a later partner: worth this much now
TILE_BONUS = 10.0  # completing a mandala that gives us a tile beats any positional play


def tile_worth(singles, tile) -> float:
    """What taking ``tile`` is worth to a seat whose unpaired tiles are ``singles`` (F-4.3, F-5.4).

    The points it adds now, plus a small hope value for a lone ×3.
    """
    single = next((t for t in singles if t.colour == tile.colour), None)
    if single is None and tile.face == X3:
        return X3_HOPE
    return float(gain_value(None if single is None else single.face, tile.face))


class GreedyBot:
    """One-ply heuristic for Flowers: claim, complete and collect tiles that pair.

    Every play is valued on the mandala it goes to, with the public information only:

    * if it completes the mandala (F-3.7), the tiles each seat would take (F-4.1, F-4.2),
      valued by :func:`tile_worth` — own gain minus the opponents' average gain, plus a
      large bonus when it earns a tile at all;
    * otherwise the change of a "potential": for each seat, the tile it would take if the
      mandala were completed now, weighted by how close the mandala is to complete;
    * a small card-economy term (a single card draws up to 4, F-3.3).

    As claim holder it keeps the tile worth most to it, minus what the runner-up gets.
    Sees only the observation and the legal moves; ties are broken by its own generator.

    Parameters
    ----------
    seed : int, Generator or None
    draw_weight, card_weight : float
        Value of one card drawn, cost of one card played.
    """

    name = "greedy"
    uses_observation = True

    def __init__(self, seed: Seed = None, draw_weight: float = 0.25, card_weight: float = 0.3,
                 single_play_draw: int = 4):
        self.rng = make_rng(seed)
        self.draw_weight = draw_weight
        self.card_weight = card_weight
        self.single_play_draw = single_play_draw
        self._noise: list[float] = []

    def _tiny(self) -> float:
        if not self._noise:
            self._noise = (self.rng.random(256) * 1e-6).tolist()
        return self._noise.pop()

    # ----- valuation ---------------------------------------------------------------------------
    def _shares(self, obs, tiles, tot, up, holder) -> list[float]:
        """Value each seat gets if the mandala is completed with these cards (F-4.1, F-4.2)."""
        n = len(tot)
        shares = [0.0] * n
        if holder < 0 or not tiles:
            return shares
        singles = obs.singles
        runner = runner_up(tot, up, holder)
        a, b = tiles
        if runner < 0:
            shares[holder] = tile_worth(singles[holder], a) + tile_worth(singles[holder], b)
            return shares
        ha, hb = tile_worth(singles[holder], a), tile_worth(singles[holder], b)
        ra, rb = tile_worth(singles[runner], a), tile_worth(singles[runner], b)
        if ha - rb >= hb - ra:
            shares[holder], shares[runner] = ha, rb
        else:
            shares[holder], shares[runner] = hb, ra
        return shares

    @staticmethod
    def _net(shares, me: int) -> float:
        """Own share minus the average share of the other seats."""
        mine = shares[me]
        return mine - (sum(shares) - mine) / (len(shares) - 1)

    def play_value(self, obs, move) -> float:
        """Heuristic value of a :class:`~mandalakit.flowers.moves.Play` for the observing seat."""
        me = obs.player
        view = obs.mandalas[move.mandala]
        c, k = move.colour, move.count
        bit = 1 << c
        tot = list(view.totals)
        up = list(view.face_up_totals)
        tot[me] += k
        covered = view.covered
        if not covered & bit:
            covered |= bit
            up[me] += k
        claim = claim_winner(tot, up, me, view.claim)
        after = obs.hand_sizes[me] - k
        draws = min(self.single_play_draw, HAND_LIMIT - after) if k == 1 and after < HAND_LIMIT else 0
        value = self.draw_weight * draws - self.card_weight * k
        if covered == ALL_COLOURS:
            shares = self._shares(obs, view.tiles, tot, up, claim)
            value += self._net(shares, me) + TILE_BONUS * (shares[me] > 0)
            runner = runner_up(tot, up, claim)
            if me in (claim, runner):  # my cards there are discarded (F-4.4): spent
                value -= self.card_weight * tot[me] * 0.5
            else:
                value += self.card_weight * (tot[me] - k)  # they come back to hand
            return value
        before = self._net(self._shares(obs, view.tiles, view.totals, view.face_up_totals, view.claim), me)
        after_value = self._net(self._shares(obs, view.tiles, tot, up, claim), me)
        closeness_before = bin(view.covered).count("1") / 6
        closeness_after = bin(covered).count("1") / 6
        value += closeness_after ** 2 * after_value - closeness_before ** 2 * before
        if bin(covered).count("1") == 5 and after_value < 0:
            value -= 1.0  # one colour short and in someone else's favour: an opponent may finish it
        return value

    def choose(self, observation, legal_moves):
        if type(legal_moves[0]) is Pass:
            return legal_moves[0]
        best, best_value = legal_moves[0], float("-inf")
        for move, value in zip(legal_moves, self.values(observation, legal_moves)):
            value += self._tiny()
            if value > best_value:
                best, best_value = move, value
        return best

    def values(self, observation, legal_moves) -> list[float]:
        """The heuristic value of every legal move, in order (what search bots prune with): a
        tile choice is worth what the tile adds minus what the other tile adds to the
        runner-up (:func:`tile_worth`), a play its :meth:`play_value`, a pass 0."""
        first = legal_moves[0]
        obs = observation
        if type(first) is Pass:
            return [0.0]
        if type(first) is Take:
            view = obs.mandalas[obs.pending]
            me, runner = obs.player, obs.runner_up
            by_colour = {t.colour: t for t in view.tiles}
            out = []
            for move in legal_moves:
                mine = by_colour[move.colour]
                other = next(t for t in view.tiles if t is not mine)
                out.append(tile_worth(obs.singles[me], mine) - tile_worth(obs.singles[runner], other))
            return out
        return [self.play_value(obs, move) for move in legal_moves]


def seat_summary(state, seat: int) -> dict:
    """Extra simulation columns for one seat: Flowers, unpaired tiles, tiles per colour, cards left."""
    per_colour = {name: 0 for name in COLOURS}
    for t in state.singles[seat]:
        if t:
            per_colour[COLOURS[state.tile(t).colour]] += 1
    for a, _ in state.flowers[seat]:
        per_colour[COLOURS[state.tile(a).colour]] += 2
    out = {
        "flowers": state.nflowers[seat],
        "singles": sum(1 for t in state.singles[seat] if t),
        "tiles": sum(per_colour.values()),
        "cards_in_hand": state.sizes[seat],
        "end": state.end_reason or "",
    }
    out.update({f"tiles_{name}": n for name, n in per_colour.items()})
    return out
