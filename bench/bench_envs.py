"""Environment steps per second: our PettingZoo AEC environment against RLCard's Bridge.

Run: ``python bench/bench_envs.py [--steps 20000] [--json]``. Both step with uniformly random
legal actions, and both build the acting seat's observation and legal-action mask at every
step (ours: ``env.last()``, the 1,189-value tensor and the mask; RLCard: the state its
``step`` returns). Medians of 5 rounds in one process; the target is a ratio of at least 1.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any


def ours(steps: int, seed: int) -> float:
    """Steps per second of ``schafkopf_v0`` with random legal actions."""
    from schafkopf.envs import schafkopf_v0

    env = schafkopf_v0.env(rules="standard")
    rng = random.Random(seed)
    done = 0
    episode = seed
    t0 = time.perf_counter()
    while done < steps:
        env.reset(seed=episode)
        episode += 1
        for _agent in env.agent_iter():
            obs, _r, term, trunc, _info = env.last()
            if term or trunc:
                env.step(None)
                continue
            env.step(rng.choice(obs["action_mask"].nonzero()[0].tolist()))
            done += 1
    return done / (time.perf_counter() - t0)


def rlcard_bridge(steps: int, seed: int) -> float:
    """Steps per second of RLCard's Bridge with random legal actions."""
    import rlcard

    env = rlcard.make("bridge", config={"seed": seed})
    rng = random.Random(seed)
    done = 0
    t0 = time.perf_counter()
    while done < steps:
        state, _player = env.reset()
        while not env.is_over():
            action = rng.choice(list(state["legal_actions"]))
            state, _player = env.step(action)
            done += 1
    return done / (time.perf_counter() - t0)


def main() -> None:
    """Measure both and print the figures."""
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--steps", type=int, default=20_000)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    ours(500, 0)
    rlcard_bridge(500, 0)  # warm both up
    a, b = [], []
    for r in range(args.rounds):
        a.append(ours(args.steps, r))
        b.append(rlcard_bridge(args.steps, r))
    figures: dict[str, Any] = {
        "schafkopf_v0_steps_per_s": statistics.median(a),
        "rlcard_bridge_steps_per_s": statistics.median(b),
    }
    figures["ratio"] = figures["schafkopf_v0_steps_per_s"] / figures["rlcard_bridge_steps_per_s"]
    figures["target_ratio"] = 1.0
    if args.json:
        print(json.dumps(figures))
        return
    for k, v in figures.items():
        print(f"{k:28s} {v:,.2f}")


if __name__ == "__main__":
    main()
