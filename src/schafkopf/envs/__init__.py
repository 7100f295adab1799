"""Research interfaces (the optional extra ``schafkopf[rl]``): PettingZoo and Gymnasium.

:mod:`~schafkopf.envs.observation` (the documented observation tensor and text),
:mod:`~schafkopf.envs.turns` (one actor at a time), :mod:`~schafkopf.envs.schafkopf_v0`
(PettingZoo AEC) and :mod:`~schafkopf.envs.gym_env` (one seat against bots).
"""
