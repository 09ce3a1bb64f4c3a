# SPDX-License-Identifier: Apache-2.0
"""Environments for reinforcement learning, following the PettingZoo and Gymnasium
conventions without depending on either package.

* ``LudusEnv``: PettingZoo's AEC (agent-environment cycle) API for the two seats,
  ``player_0`` (first player) and ``player_1``: ``reset``, ``agent_selection``, ``observe``,
  ``step``, ``last``, ``rewards``, ``terminations``, ``truncations``, ``infos``.
* ``SingleAgentEnv``: Gymnasium's ``reset() -> (obs, info)`` and ``step(action) -> (obs,
  reward, terminated, truncated, info)`` for one seat against a ludus bot.

Observations are dicts ``{"observation": float32 array (planes, rows, cols), "action_mask":
int8 array (num_distinct_actions,)}``, as PettingZoo's classic board games give them; each
agent sees the planes from its own seat (State.observation_tensor(player)).  An illegal action
raises LudusError (PettingZoo's environments also refuse them).
"""

import numpy as np

from . import Bot, LudusError, load_game


def _make_game(game, options):
    if isinstance(game, str):
        return load_game(game, **options)
    if options:
        raise TypeError("give options with a game's name, not with a Game")
    return game


def _past_limit(state, max_plies):
    """Whether a game has reached the caller's ply limit (None: no limit)."""
    return max_plies is not None and state.move_number() >= max_plies


class Space:
    """What Gymnasium calls a space, described: ``shape``, ``dtype`` and for actions ``n``."""

    def __init__(self, shape, dtype, n=None):
        self.shape = tuple(shape)
        self.dtype = np.dtype(dtype)
        self.n = n

    def __repr__(self):
        return f"Space(shape={self.shape}, dtype={self.dtype}" + (f", n={self.n})" if self.n is not None else ")")


class LudusEnv:
    """A two-player ludus game as a PettingZoo AEC environment.

    ``max_plies`` truncates a game that runs longer: both agents then get
    ``truncations[agent] = True`` and reward 0.  By default nothing truncates: the rules end
    every game (Game.length_bound() gives their bound where they prove one)."""

    metadata = {"name": "ludus", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game, max_plies=None, render_mode=None, **options):
        self.game = _make_game(game, options)
        self.possible_agents = ["player_0", "player_1"]
        self.render_mode = render_mode
        self.max_plies = max_plies
        shape = self.game.observation_tensor_shape()
        actions = self.game.num_distinct_actions()
        self._observation_space = {
            "observation": Space(shape, np.float32),
            "action_mask": Space((actions,), np.int8),
        }
        self._action_space = Space((), np.int64, n=actions)
        self.state = None
        self.agents = []

    # --- spaces -------------------------------------------------------------------------
    def observation_space(self, agent):
        return self._observation_space

    def action_space(self, agent):
        return self._action_space

    # --- the cycle ----------------------------------------------------------------------
    def reset(self, seed=None, options=None):
        """Starts a new game.  ``seed`` is accepted for the API's sake: the rules have no chance."""
        self.state = self.game.new_initial_state()
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.state.current_player()]

    def observe(self, agent):
        """The position as seen by ``agent`` (its stones in plane 0); the mask is all zeros
        when it is not to move."""
        seat = self.possible_agents.index(agent)
        return {"observation": self.state.observation_tensor(seat), "action_mask": self.state.legal_actions_mask(seat)}

    def last(self, observe=True):
        """(observation, cumulative reward, termination, truncation, info) of the agent to act."""
        agent = self.agent_selection
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def step(self, action):
        """Plays ``action`` for the agent to act.  Once its game is over an agent must step
        ``None``; it is then removed from ``agents`` (PettingZoo's dead-step)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise LudusError(f"{agent}'s game is over: step(None) to remove it")
            self.agents.remove(agent)
            self._cumulative_rewards[agent] = 0.0
            if self.agents:
                self.agent_selection = self.agents[0]
            return
        if action is None:
            raise LudusError(f"{agent} is to move: give an action")
        self.state.apply_action(int(action))
        self.rewards = {a: 0.0 for a in self.agents}
        if self.state.is_terminal():
            for seat, value in enumerate(self.state.returns()):
                self.rewards[self.possible_agents[seat]] = float(value)
            self.terminations = {a: True for a in self.agents}
            self.infos = {a: {"end": self.state.status()} for a in self.agents}
        elif _past_limit(self.state, self.max_plies):
            self.truncations = {a: True for a in self.agents}
        for a in self.agents:
            self._cumulative_rewards[a] += self.rewards[a]
        if self.state.is_terminal() or self.truncations[agent]:
            # Both agents see the end through last() in turn, the loser first.
            self.agent_selection = self.possible_agents[1 - self.possible_agents.index(agent)]
        else:
            self.agent_selection = self.possible_agents[self.state.current_player()]

    def agent_iter(self, max_iter=2 ** 63):
        """Yields the agent to act until every agent is done (PettingZoo's loop)."""
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def render(self):
        text = f"{self.state}\n{self.state.status()}"
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self):
        pass


class SingleAgentEnv:
    """One seat of a ludus game against a ludus bot, with Gymnasium's API.

    ``seat``: 0 (first player), 1, or None to alternate every reset.  ``opponent``: any AI
    spec.  The reward is the game's result for the agent (+1, -1, 0) at its end, 0 before."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game, opponent="random", seat=0, max_plies=None, opponent_seed=1, **options):
        self.game = _make_game(game, options)
        self.opponent = Bot(opponent, seed=opponent_seed)
        self.fixed_seat = seat
        self.max_plies = max_plies
        shape = self.game.observation_tensor_shape()
        actions = self.game.num_distinct_actions()
        self.observation_space = {"observation": Space(shape, np.float32), "action_mask": Space((actions,), np.int8)}
        self.action_space = Space((), np.int64, n=actions)
        self._episodes = 0
        self.state = None
        self.seat = 0

    def _observation(self):
        return {"observation": self.state.observation_tensor(), "action_mask": self.state.legal_actions_mask()}

    def _opponent_moves(self):
        while not self.state.is_terminal() and self.state.current_player() != self.seat \
                and not _past_limit(self.state, self.max_plies):
            self.state.apply_action(self.opponent.step(self.state))

    def _outcome(self):
        terminated = self.state.is_terminal()
        truncated = not terminated and _past_limit(self.state, self.max_plies)
        reward = float(self.state.returns()[self.seat]) if terminated else 0.0
        return reward, terminated, truncated

    def reset(self, seed=None, options=None):
        """Starts a new game (the opponent's first moves played); returns (observation, info)."""
        self.seat = self.fixed_seat if self.fixed_seat is not None else self._episodes % 2
        self._episodes += 1
        self.state = self.game.new_initial_state()
        self.opponent.restart()
        self._opponent_moves()
        return self._observation(), {"seat": self.seat}

    def step(self, action):
        """Plays the agent's ``action`` and the opponent's reply; returns (observation, reward,
        terminated, truncated, info)."""
        if self.state.is_terminal():
            raise LudusError("the game is over: reset() to start another")
        self.state.apply_action(int(action))
        self._opponent_moves()
        reward, terminated, truncated = self._outcome()
        info = {"seat": self.seat}
        if terminated:
            info["end"] = self.state.status()
        return self._observation(), reward, terminated, truncated, info

    def render(self):
        return f"{self.state}\n{self.state.status()}"

    def close(self):
        pass
