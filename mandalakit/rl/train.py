"""Train a MaskablePPO agent (sb3-contrib) on one seat of a game against a level, and print its
win rate over seat-balanced games against easy and medium.

    python -m mandalakit.rl.train --game mandala --opponent medium --imitate 60000 --steps 200000 --games 400

Training has two parts:

1. **imitation** (``--imitate N``, optional): the network first copies a teacher (a level or
   bot of the kit, ``--teacher medium``) from ``N`` of its decisions in games it plays against
   itself: the policy learns the teacher's moves (cross-entropy under the action mask), the
   value head the discounted end reward of each decision;
2. **reinforcement** (``--steps N``): PPO against ``--opponent``, from that start, the reward
   being the rank plus ``margin * tanh(score lead / 10)`` (:mod:`mandalakit.rl.gym`).

``--curve K`` prints the win rate against easy and medium over ``--curve-games`` games every
``K`` steps (the learning curve; the notebook plots it).

Needs the ``train`` extra (sb3-contrib over a CPU-only torch): first
``pip install torch --index-url https://download.pytorch.org/whl/cpu``, then
``pip install 'mandalakit[train]'``. Runs on one thread (``torch.set_num_threads(1)``).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence

import numpy as np

from ..core import interrupts
from ..core.registry import get_game
from .actions import action_codec
from .gym import final_reward, make, win_rate
from .observations import observation_encoder

LEVELS = ("easy", "medium")


try:  # the train extra; the module's other parts need only the rl extra
    import torch
    from stable_baselines3.common.torch_layers import BaseFeaturesExtractor
except ImportError:  # pragma: no cover - depends on the installed extras
    torch = BaseFeaturesExtractor = None
else:
    class LogCounts(BaseFeaturesExtractor):
        """The features extractor of :func:`new_model`: ``log(1 + x)`` of the observation tensor,
        whose counts (cards in the deck: up to 88) would else outweigh its one-hot pieces."""

        def __init__(self, observation_space):
            super().__init__(observation_space, int(np.prod(observation_space.shape)))

        def forward(self, observations):
            return torch.log1p(torch.flatten(observations, 1).clamp(min=0))


def new_model(env, seed: int = 0, learning_rate: float = 3e-4, n_steps: int = 1024, batch_size: int = 256,
              gamma: float = 0.99, **kwargs):
    """A ``MaskablePPO`` with an MLP policy (two layers of 256 over :class:`LogCounts`) on
    ``env``, on the CPU."""
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)
    return MaskablePPO("MlpPolicy", env, seed=seed, verbose=0, n_steps=n_steps, batch_size=batch_size,
                       learning_rate=learning_rate, gamma=gamma, device="cpu",
                       policy_kwargs={"net_arch": [256, 256], "features_extractor_class": LogCounts}, **kwargs)


def teacher_games(game: str = "mandala", teacher="medium", decisions: int = 50_000, seed: int = 0,
                  margin: float = 0.0, gamma: float = 0.99, players: int | None = None) -> dict:
    """``decisions`` decisions of ``teacher`` playing every seat: per decision the observation
    tensor of the seat to act, its legal-action mask, the teacher's action and the discounted
    end reward of that seat (:func:`~mandalakit.rl.gym.final_reward`)."""
    spec = get_game(game)
    players = players or spec.min_players
    codec, encoder = action_codec(game, players), observation_encoder(game, players)
    rng = np.random.default_rng(seed)
    obs, masks, actions, targets = [], [], [], []
    while len(actions) < decisions:
        state = spec.new_game(players, seed=int(rng.integers(2**63)))
        bots = [spec.make_bot(teacher, seed=int(rng.integers(2**63))) for _ in range(players)]
        seats = []
        while state.current_player >= 0:
            seat = state.current_player
            o = state.observation(seat)
            legal = codec.legal(state)
            move = bots[seat].choose(o, state.legal_moves())
            mask = np.zeros(codec.size, bool)
            mask[list(legal)] = True
            obs.append(encoder.encode(o))
            masks.append(mask)
            actions.append(codec.encode(move))
            seats.append(seat)
            state.apply(move)
        result = state.result()
        ends = [final_reward(result, seat, margin) for seat in range(players)]
        later = [seats[i + 1:].count(seat) for i, seat in enumerate(seats)]  # the seat's decisions after this one
        targets += [ends[seat] * gamma ** k for seat, k in zip(seats, later)]
    return {"obs": np.array(obs, np.float32), "masks": np.array(masks), "actions": np.array(actions),
            "targets": np.array(targets, np.float32)}


def imitate(model, data: dict, epochs: int = 8, batch_size: int = 256, seed: int = 0,
            learning_rate: float = 3e-4) -> list[float]:
    """Fit ``model``'s policy to the teacher's actions of ``data`` (:func:`teacher_games`) and
    its value head to their end rewards, at ``learning_rate`` (PPO sets its own again when it
    trains); returns the share of the teacher's moves the policy ranks first, after each epoch."""
    policy = model.policy
    for group in policy.optimizer.param_groups:
        group["lr"] = learning_rate
    policy.set_training_mode(True)
    x = torch.as_tensor(data["obs"])
    a = torch.as_tensor(data["actions"])
    r = torch.as_tensor(data["targets"])
    masks = data["masks"]
    rng = np.random.default_rng(seed)
    agreement = []
    for _ in range(epochs):
        hits = 0
        for batch in np.array_split(rng.permutation(len(a)), max(1, len(a) // batch_size)):
            values, log_prob, _ = policy.evaluate_actions(x[batch], a[batch], action_masks=masks[batch])
            loss = -log_prob.mean() + 0.5 * ((values.flatten() - r[batch]) ** 2).mean()
            policy.optimizer.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(policy.parameters(), 0.5)
            policy.optimizer.step()
            with torch.no_grad():
                dist = policy.get_distribution(x[batch], action_masks=masks[batch])
                hits += int((dist.distribution.probs.argmax(1) == a[batch]).sum())
        agreement.append(hits / len(a))
    policy.set_training_mode(False)
    return agreement


def policy_of(model) -> Callable:
    """``policy(observation, mask) -> action`` of a trained model (deterministic)."""
    return lambda obs, mask: int(model.predict(obs, action_masks=mask, deterministic=True)[0])


def evaluate(model, game: str = "mandala", games: int = 400, seed: int = 1, levels: Sequence[str] = LEVELS) -> dict:
    """Win rate of ``model`` against each level over ``games`` seat-balanced games."""
    return {level: win_rate(policy_of(model), game, opponent=level, games=games, seed=seed) for level in levels}


def train(game: str = "mandala", opponent="medium", steps: int = 200_000, seed: int = 0, margin: float = 0.5,
          imitation: int = 0, teacher="medium", epochs: int = 8, curve: int = 0, curve_games: int = 100,
          report: Callable[[dict], None] | None = None, **ppo):
    """A ``MaskablePPO`` policy: ``imitation`` decisions of ``teacher`` copied first (none if
    0), then ``steps`` learner decisions of PPO against ``opponent``.

    With ``curve``, every ``curve`` steps (and after the imitation) the win rates against easy
    and medium over ``curve_games`` games go to ``report({"steps", "easy", "medium", "cpu_s"})``.
    Returns ``(model, curve_points)``.
    """
    env = make(game, opponent=opponent, seed=seed, margin=margin)
    model = new_model(env, seed=seed, **ppo)
    start = time.process_time()
    points = []

    def point(done: int) -> None:
        rates = evaluate(model, game, curve_games, seed=seed + 1)
        p = {"steps": done, **{level: rates[level]["win_rate"] for level in LEVELS},
             "cpu_s": time.process_time() - start}
        points.append(p)
        if report:
            report(p)

    if imitation:
        data = teacher_games(game, teacher, imitation, seed=seed + 2, margin=margin, gamma=model.gamma)
        imitate(model, data, epochs=epochs, seed=seed)
    if curve:
        point(0)
    done = 0
    while done < steps:
        chunk = min(curve or steps, steps - done)
        model.learn(total_timesteps=chunk, reset_num_timesteps=False)
        done += chunk
        if curve:
            point(done)
    return model, points


def main(argv: Sequence[str] | None = None) -> None:
    interrupts.install()  # Ctrl-C: one line, no traceback, status 130
    interrupts.set_message("python -m mandalakit.rl.train: interrupted")
    parser = argparse.ArgumentParser(prog="python -m mandalakit.rl.train", description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="mandala")
    parser.add_argument("--opponent", default="medium", help="the level trained against")
    parser.add_argument("--steps", type=int, default=200_000, help="learner decisions of PPO")
    parser.add_argument("--imitate", type=int, default=0, help="teacher decisions copied first (0: none)")
    parser.add_argument("--teacher", default="medium", help="the level or bot copied")
    parser.add_argument("--epochs", type=int, default=8, help="passes over the teacher's decisions")
    parser.add_argument("--learning-rate", type=float, default=3e-4)
    parser.add_argument("--games", type=int, default=400, help="seat-balanced games per final win rate")
    parser.add_argument("--margin", type=float, default=0.5, help="weight of the score-lead reward")
    parser.add_argument("--curve", type=int, default=0, help="steps between two points of the learning curve")
    parser.add_argument("--curve-games", type=int, default=100, help="games per point of the curve")
    parser.add_argument("--save", help="file to save the trained agent to (MaskablePPO.load reads it)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    start = time.process_time()

    def report(p):
        print(f"  {p['steps']:>7} steps, {p['cpu_s']:5.0f} s of CPU: {p['easy']:.1%} against easy, "
              f"{p['medium']:.1%} against medium ({args.curve_games} games)", flush=True)

    model, _ = train(args.game, args.opponent, args.steps, args.seed, args.margin, args.imitate, args.teacher,
                     args.epochs, args.curve, args.curve_games, report, learning_rate=args.learning_rate)
    what = f"{args.imitate} decisions of {args.teacher} imitated, then " if args.imitate else ""
    print(f"trained ({what}{args.steps} steps against {args.opponent}) in {time.process_time() - start:.0f} s "
          f"of CPU")
    if args.save:
        model.save(args.save)
    for level, r in evaluate(model, args.game, args.games, seed=args.seed + 1).items():
        print(f"against {level}: {r['win_rate']:.1%} of {r['games']} games ({r['wins']} won, {r['ties']} tied)")


if __name__ == "__main__":
    main()
