"""``from schafkopf.envs import schafkopf_v0; env = schafkopf_v0.env()``: PettingZoo's naming."""

from schafkopf.envs.pettingzoo_env import SchafkopfAEC, env, raw_env

__all__ = ["SchafkopfAEC", "env", "raw_env"]
