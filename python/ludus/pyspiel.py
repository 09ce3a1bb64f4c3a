# SPDX-License-Identifier: Apache-2.0
"""OpenSpiel's ``pyspiel`` names over ludus, so that code written against pyspiel runs on the
five games with one changed import::

    import ludus.pyspiel as pyspiel
    game = pyspiel.load_game("ndengrod(size=4)")
    state = game.new_initial_state()
    assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL

Games and states are ``ludus.Game`` and ``ludus.State`` themselves (they carry pyspiel's
methods); this module adds pyspiel's module-level functions, ``GameType`` with its enums,
``PlayerId`` and ``PlayerAction``.  docs/python.md lists every pyspiel call, whether it is
supported, and what differs.  Written from OpenSpiel's published API reference; no OpenSpiel
code is used.
"""

import enum
from collections import namedtuple

from . import Game, LudusError, State, deserialize_state, game_info, games
from . import load_game as _load_game

__all__ = [
    "Game", "GameType", "INVALID_ACTION", "PlayerAction", "PlayerId", "SpielError", "State",
    "deserialize_game_and_state", "game_type", "load_game", "registered_games", "registered_names",
    "serialize_game_and_state",
]

SpielError = LudusError
INVALID_ACTION = -1


class PlayerId(enum.IntEnum):
    """pyspiel's special player ids; ludus states only ever report seats 0, 1 and TERMINAL."""
    DEFAULT_PLAYER_ID = 0
    CHANCE = -1
    SIMULTANEOUS = -2
    INVALID = -3
    TERMINAL = -4
    MEAN_FIELD = -5


PlayerAction = namedtuple("PlayerAction", ["player", "action"])


class GameType:
    """What kind of game it is, as pyspiel's GameType describes it (the attributes below)."""

    class Dynamics(enum.Enum):
        SEQUENTIAL = "sequential"
        SIMULTANEOUS = "simultaneous"
        MEAN_FIELD = "mean_field"

    class ChanceMode(enum.Enum):
        DETERMINISTIC = "deterministic"
        EXPLICIT_STOCHASTIC = "explicit_stochastic"
        SAMPLED_STOCHASTIC = "sampled_stochastic"

    class Information(enum.Enum):
        ONE_SHOT = "one_shot"
        PERFECT_INFORMATION = "perfect_information"
        IMPERFECT_INFORMATION = "imperfect_information"

    class Utility(enum.Enum):
        ZERO_SUM = "zero_sum"
        CONSTANT_SUM = "constant_sum"
        GENERAL_SUM = "general_sum"
        IDENTICAL = "identical"

    class RewardModel(enum.Enum):
        REWARDS = "rewards"
        TERMINAL = "terminal"

    def __init__(self, name):
        info = game_info(name)
        self.short_name = info["name"]
        self.long_name = info["title"]
        # Every ludus game: two players in turn, no chance, everything visible, a win is
        # +1 and a loss -1 (a draw 0), paid only at the end.
        self.dynamics = GameType.Dynamics.SEQUENTIAL
        self.chance_mode = GameType.ChanceMode.DETERMINISTIC
        self.information = GameType.Information.PERFECT_INFORMATION
        self.utility = GameType.Utility.ZERO_SUM
        self.reward_model = GameType.RewardModel.TERMINAL
        self.max_num_players = 2
        self.min_num_players = 2
        self.provides_information_state_string = True
        self.provides_information_state_tensor = True
        self.provides_observation_string = True
        self.provides_observation_tensor = True
        self.provides_factored_observation_string = False
        self.default_loadable = True
        self.parameter_specification = {key: _typed(o["default"]) for key, o in info["options"].items()}

    def __repr__(self):
        return f"<GameType '{self.short_name}'>"


def _typed(value):
    """An option's text as pyspiel's parameters hold it: an int when it is a number."""
    return int(value) if value.isdigit() else value


def game_type(game):
    """``Game.get_type()``: the GameType of a ludus.Game."""
    return GameType(game.name)


def full_history(state):
    """``State.full_history()``: every ply as PlayerAction(player, action)."""
    return [PlayerAction(p, a) for p, a in zip(state._ply_players(), state.history())]


def load_game(game_string, params=None):
    """pyspiel.load_game("ndengrod"), load_game("ndengrod(size=4,swap=off)") or
    load_game("ndengrod", {"size": 4})."""
    return _load_game(game_string, params)


def registered_names():
    """The short names of the games."""
    return games()


def registered_games():
    """The GameType of every game."""
    return [GameType(name) for name in games()]


def serialize_game_and_state(game, state):
    """The game and the state as one text (a ludus JSON record, which names its game)."""
    if state.get_game() != game:
        raise LudusError(f"the state is of {state.get_game()!r}, not of {game!r}")
    return state.serialize()


def deserialize_game_and_state(text):
    """(game, state) from serialize_game_and_state's text."""
    state = deserialize_state(text)
    return state.get_game(), state
