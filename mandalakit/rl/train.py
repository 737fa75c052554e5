"""Train a MaskablePPO agent (sb3-contrib) on one seat of a game against a level, and print its
win rate over seat-balanced games against easy and medium.

    python -m mandalakit.rl.train --game mandala --opponent easy --steps 20000 --games 400

Needs the ``train`` extra (sb3-contrib over a CPU-only torch): first
``pip install torch --index-url https://download.pytorch.org/whl/cpu``, then
``pip install 'mandalakit[train]'``. Runs on one thread (``torch.set_num_threads(1)``).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

from ..core import interrupts
from .gym import make, win_rate


def train(game: str = "mandala", opponent="easy", steps: int = 20_000, seed: int = 0, margin: float = 0.0):
    """A ``MaskablePPO`` policy trained for ``steps`` learner decisions against ``opponent``."""
    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)
    env = make(game, opponent=opponent, seed=seed, margin=margin)
    model = MaskablePPO("MlpPolicy", env, seed=seed, verbose=0, n_steps=512, batch_size=128, device="cpu")
    model.learn(total_timesteps=steps)
    return model


def policy_of(model):
    """``policy(observation, mask) -> action`` of a trained model (deterministic)."""
    return lambda obs, mask: int(model.predict(obs, action_masks=mask, deterministic=True)[0])


def main(argv: Sequence[str] | None = None) -> None:
    interrupts.install()  # Ctrl-C: one line, no traceback, status 130
    interrupts.set_message("python -m mandalakit.rl.train: interrupted")
    parser = argparse.ArgumentParser(prog="python -m mandalakit.rl.train", description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="mandala")
    parser.add_argument("--opponent", default="easy", help="the level trained against")
    parser.add_argument("--steps", type=int, default=20_000, help="learner decisions of training")
    parser.add_argument("--games", type=int, default=400, help="seat-balanced games per win rate")
    parser.add_argument("--margin", type=float, default=0.0, help="weight of the score-lead reward")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    start = time.process_time()
    model = train(args.game, args.opponent, args.steps, args.seed, args.margin)
    print(f"trained {args.steps} steps against {args.opponent} in {time.process_time() - start:.0f} s of CPU")
    for level in ("easy", "medium"):
        r = win_rate(policy_of(model), args.game, opponent=level, games=args.games, seed=args.seed + 1)
        print(f"against {level}: {r['win_rate']:.1%} of {r['games']} games ({r['wins']} won, {r['ties']} tied)")


if __name__ == "__main__":
    main()
