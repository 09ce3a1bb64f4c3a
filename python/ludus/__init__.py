# SPDX-License-Identifier: Apache-2.0
"""ludus: five abstract strategy games (N-Mesh, Netted, Trellis, Ndengrod, Epoxy) from Python.

The engine, its AI and its solver run in C++ (the extension ludus._ludus); the API follows
OpenSpiel's pyspiel::

    import ludus
    game = ludus.load_game("ndengrod", size=5, swap="on")
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(ludus.Bot("easy").step(state))
    print(state, state.returns())

docs/python.md documents every call, the observation planes of each game, the batched
calls, the environment (ludus.env) and distributed studies on Dask (ludus.study).
"""

from ._ludus import (  # noqa: F401  (the public API)
    TERMINAL_PLAYER,
    Bot,
    Game,
    LudusError,
    MoveChoice,
    RootMove,
    State,
    deserialize_state,
    evaluate,
    game_info,
    games,
    legal_action_masks,
    observation_tensors,
    random_playouts,
    read_record_file,
    read_records,
    self_play,
    solve,
)
from . import _ludus

__all__ = [
    "TERMINAL_PLAYER", "Bot", "Game", "LudusError", "MCTSBot", "MoveChoice", "RootMove", "State",
    "deserialize_state", "evaluate", "game_info", "games", "legal_action_masks", "load_game",
    "observation_tensors", "random_playouts", "read_record_file", "read_records", "self_play", "solve",
]


def _option_text(value):
    """An option value as the engine reads it: True/False are on/off, numbers their digits."""
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def _parse_game_string(text):
    """OpenSpiel's "name(k=v,k=v)" spelling: ("name", {"k": "v"})."""
    name, _, rest = text.partition("(")
    options = {}
    if rest:
        if not rest.endswith(")"):
            raise LudusError(f"malformed game string '{text}': expected name(key=value,...)")
        for item in filter(None, (part.strip() for part in rest[:-1].split(","))):
            key, sep, value = item.partition("=")
            if not sep or not key.strip():
                raise LudusError(f"malformed option '{item}' in '{text}': expected key=value")
            options[key.strip()] = value.strip()
    return name.strip(), options


def load_game(name, params=None, **options):
    """A game with its options: load_game("ndengrod", size=5, swap="on"), load_game("trellis",
    {"size": 9}) or OpenSpiel's load_game("ndengrod(size=5,swap=on)").  Options left out take
    their defaults; an unknown game or a bad option raises LudusError with the reason."""
    if not isinstance(name, str):
        raise TypeError("load_game: the game's name must be a str")
    name, given = _parse_game_string(name)
    for source in (params or {}), options:
        for key, value in source.items():
            given[str(key)] = _option_text(value)
    return _ludus._load_game(name, given)


class MCTSBot(Bot):
    """OpenSpiel's MCTSBot(game, ...) spelling of an MCTS Bot: MCTSBot(game, "mcts:time=100ms").
    The spec must be a search (a level such as "medium" or "mcts:..."), not "random"."""

    def __init__(self, game, spec="medium", seed=1, threads=1):
        if not isinstance(game, Game):
            raise TypeError("MCTSBot: the first argument must be a ludus.Game")
        if not _ludus._is_mcts_spec(spec):
            raise LudusError(f"MCTSBot needs a search spec, not '{spec}' (use ludus.Bot for random play)")
        super().__init__(spec, seed, threads)
        self.game = game


# pyspiel's methods that are plain Python (ludus.pyspiel has the rest of pyspiel's names).
from .pyspiel import full_history as _full_history, game_type as _game_type  # noqa: E402

Game.get_type = _game_type
State.full_history = _full_history
