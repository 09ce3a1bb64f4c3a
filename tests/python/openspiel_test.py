# SPDX-License-Identifier: Apache-2.0
"""OpenSpiel code runs on ludus unchanged (issue 60, item 6): pyspiel's API as its reference
publishes it, through ``import ludus.pyspiel as pyspiel``, and two stock OpenSpiel
algorithms playing a whole game of every game against each other: an MCTS bot with a
random-rollout evaluator (open_spiel.python.algorithms.mcts: MCTSBot(game, uct_c,
max_simulations, evaluator), bot.step(state)) and alpha-beta search
(open_spiel.python.algorithms.minimax.alpha_beta_search(game, state, value_function,
maximum_depth, maximizing_player_id) -> (value, action)).  OpenSpiel is not in Debian, so
both are written here from those documented interfaces, using only pyspiel's calls; no
OpenSpiel code is copied.  Also the defects found on the way.  Run by ctest
(python/openspiel_test)."""

import math
import random
import unittest

import numpy as np

import ludus
import ludus.pyspiel as pyspiel

# Small boards, so that every game is played to its end in a few seconds.
SMALL = {
    "epoxy": {"size": "xs"},
    "n-mesh": {"size": 4},
    "ndengrod": {"size": 3, "length": 4},
    "netted": {"size": 3},
    "trellis": {"size": 7},
}


# --- open_spiel.python.algorithms.mcts, from its documented interface --------------------------

class RandomRolloutEvaluator:
    """Values a state by the average returns of n_rollouts uniformly random games from it;
    the prior is uniform over the legal actions."""

    def __init__(self, n_rollouts=1, random_state=None):
        self.n_rollouts = n_rollouts
        self._random = random_state or np.random.RandomState()

    def evaluate(self, state):
        total = None
        for _ in range(self.n_rollouts):
            working = state.clone()
            while not working.is_terminal():
                if working.is_chance_node():
                    outcomes, probabilities = zip(*working.chance_outcomes())
                    working.apply_action(self._random.choice(outcomes, p=probabilities))
                else:
                    working.apply_action(self._random.choice(working.legal_actions()))
            returns = np.array(working.returns())
            total = returns if total is None else total + returns
        return total / self.n_rollouts

    def prior(self, state):
        legal = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(legal)) for action in legal]


class _Node:
    def __init__(self, action, player, prior):
        self.action = action
        self.player = player  # who played `action` to reach this node
        self.prior = prior
        self.visits = 0
        self.total_reward = 0.0
        self.outcome = None  # the returns, once the node is a finished game
        self.children = []

    def uct(self, parent_visits, uct_c):
        if self.visits == 0:
            return float("inf")
        return self.total_reward / self.visits + uct_c * math.sqrt(math.log(parent_visits) / self.visits)


class MCTSBot:
    """UCT search: select by UCB1, expand one level with the evaluator's prior, value the new
    leaf with the evaluator, back the returns up (each node scored for the player who moved
    into it); step() plays the most visited action."""

    def __init__(self, game, uct_c, max_simulations, evaluator, random_state=None):
        game_type = game.get_type()
        if game_type.reward_model != pyspiel.GameType.RewardModel.TERMINAL:
            raise ValueError("MCTS needs terminal rewards")
        if game_type.dynamics != pyspiel.GameType.Dynamics.SEQUENTIAL:
            raise ValueError("MCTS needs sequential games")
        self._game = game
        self.uct_c = uct_c
        self.max_simulations = max_simulations
        self.evaluator = evaluator
        self._random = random_state or np.random.RandomState()
        self.max_utility = game.max_utility()

    def _simulate(self, root, state):
        path = [root]
        working = state.clone()
        node = root
        while not working.is_terminal() and node.children:
            node = max(node.children, key=lambda c: (c.uct(path[-1].visits, self.uct_c), self._random.rand()))
            working.apply_action(node.action)
            path.append(node)
        if working.is_terminal():
            returns = np.array(working.returns())
            node.outcome = returns
        else:
            player = working.current_player()
            node.children = [_Node(a, player, p) for a, p in self.evaluator.prior(working)]
            self._random.shuffle(node.children)
            returns = self.evaluator.evaluate(working)
        for visited in path:
            visited.visits += 1
            if visited.player is not None:
                visited.total_reward += returns[visited.player]

    def step(self, state):
        root = _Node(None, None, 1.0)
        for _ in range(self.max_simulations):
            self._simulate(root, state)
        best = max(root.children, key=lambda c: (c.visits, c.total_reward))
        return best.action


# --- open_spiel.python.algorithms.minimax.alpha_beta_search, from its documented interface -----

def alpha_beta_search(game, state=None, value_function=None, maximum_depth=30, maximizing_player_id=None):
    """(value for maximizing_player_id, best action) of a depth-limited alpha-beta search of a
    two-player, deterministic, zero-sum, sequential game of perfect information; at the depth
    limit value_function(state) values a state for the maximizing player."""
    game_type = game.get_type()
    if game.num_players() != 2:
        raise ValueError("alpha-beta needs two players")
    if game_type.chance_mode != pyspiel.GameType.ChanceMode.DETERMINISTIC:
        raise ValueError("alpha-beta needs a deterministic game")
    if game_type.information != pyspiel.GameType.Information.PERFECT_INFORMATION:
        raise ValueError("alpha-beta needs perfect information")
    if game_type.dynamics != pyspiel.GameType.Dynamics.SEQUENTIAL:
        raise ValueError("alpha-beta needs a sequential game")
    if game_type.utility != pyspiel.GameType.Utility.ZERO_SUM:
        raise ValueError("alpha-beta needs a zero-sum game")
    state = state.clone() if state is not None else game.new_initial_state()
    if maximizing_player_id is None:
        maximizing_player_id = state.current_player()

    def search(node, depth, alpha, beta):
        if node.is_terminal():
            return node.player_return(maximizing_player_id), None
        if depth == 0:
            if value_function is None:
                raise ValueError("the depth limit was reached without a value function")
            return value_function(node), None
        maximizing = node.current_player() == maximizing_player_id
        best_value, best_action = (-math.inf if maximizing else math.inf), None
        for action in node.legal_actions():
            value, _ = search(node.child(action), depth - 1, alpha, beta)
            if (maximizing and value > best_value) or (not maximizing and value < best_value):
                best_value, best_action = value, action
            if maximizing:
                alpha = max(alpha, value)
            else:
                beta = min(beta, value)
            if alpha >= beta:
                break
        return best_value, best_action

    return search(state, maximum_depth, -math.inf, math.inf)


# --- the tests ----------------------------------------------------------------------------------

class StockAlgorithms(unittest.TestCase):
    def test_mcts_against_alpha_beta_plays_every_game_to_its_end(self):
        for index, name in enumerate(pyspiel.registered_names()):
            game = pyspiel.load_game(name, SMALL[name])
            mcts = MCTSBot(game, uct_c=2.0, max_simulations=40,
                           evaluator=RandomRolloutEvaluator(1, np.random.RandomState(index)),
                           random_state=np.random.RandomState(index))
            mcts_seat = index % 2
            state = game.new_initial_state()
            while not state.is_terminal():
                self.assertFalse(state.is_chance_node())
                self.assertFalse(state.is_simultaneous_node())
                player = state.current_player()
                if player == mcts_seat:
                    action = mcts.step(state)
                else:
                    _, action = alpha_beta_search(game, state, value_function=lambda s: 0.0, maximum_depth=2,
                                                  maximizing_player_id=player)
                self.assertIn(action, state.legal_actions(player), name)
                text = state.action_to_string(player, action)
                state.apply_action(action)
                self.assertEqual(state.action_to_string(player, action), text, name)  # a past action keeps its name
            self.assertEqual(state.current_player(), pyspiel.PlayerId.TERMINAL)
            returns = state.returns()
            self.assertEqual(sum(returns), game.utility_sum(), name)
            self.assertTrue(all(game.min_utility() <= r <= game.max_utility() for r in returns), name)
            self.assertLessEqual(state.move_number(), game.max_game_length(), name)

    def test_alpha_beta_solves_tiny_games_as_the_solver_does(self):
        # Searched to max_game_length(), the rules' bound here, alpha-beta is exact.
        for text in ("n-mesh(size=3)", "netted(shape=hexhex,size=2)", "netted(shape=limping,size=2)"):
            game = pyspiel.load_game(text)
            value, action = alpha_beta_search(game, maximum_depth=game.max_game_length())
            solved = ludus.solve(game.new_initial_state(), seconds=30)
            self.assertEqual(value, {"win": 1.0, "loss": -1.0, "draw": 0.0}[solved["value"]], text)
            self.assertIn(action, game.new_initial_state().legal_actions())

    def test_mcts_beats_random_play(self):
        game = pyspiel.load_game("n-mesh(size=4)")
        rng = np.random.RandomState(5)
        wins = 0
        for seed in range(4):
            bot = MCTSBot(game, 2.0, 60, RandomRolloutEvaluator(2, np.random.RandomState(seed)), np.random.RandomState(seed))
            state = game.new_initial_state()
            while not state.is_terminal():
                state.apply_action(bot.step(state) if state.current_player() == seed % 2 else rng.choice(state.legal_actions()))
            wins += state.returns()[seed % 2] > 0
        self.assertGreaterEqual(wins, 3)


class PyspielApi(unittest.TestCase):
    def test_game_type_and_game(self):
        self.assertEqual(pyspiel.registered_names(), ludus.games())
        game = pyspiel.load_game("ndengrod(size=4,swap=off)")
        self.assertIsInstance(game, pyspiel.Game)
        t = game.get_type()
        self.assertEqual((t.short_name, t.long_name), ("ndengrod", "Ndengrod"))
        self.assertEqual(t.dynamics, pyspiel.GameType.Dynamics.SEQUENTIAL)
        self.assertEqual(t.chance_mode, pyspiel.GameType.ChanceMode.DETERMINISTIC)
        self.assertEqual(t.information, pyspiel.GameType.Information.PERFECT_INFORMATION)
        self.assertEqual(t.utility, pyspiel.GameType.Utility.ZERO_SUM)
        self.assertEqual(t.reward_model, pyspiel.GameType.RewardModel.TERMINAL)
        self.assertEqual((t.min_num_players, t.max_num_players), (2, 2))
        self.assertTrue(t.provides_information_state_string and t.provides_information_state_tensor)
        self.assertTrue(t.provides_observation_string and t.provides_observation_tensor)
        self.assertEqual(t.parameter_specification, {"size": 5, "shape": "hexhex", "length": 5, "swap": "on"})
        self.assertEqual([g.short_name for g in pyspiel.registered_games()], ludus.games())
        self.assertEqual((game.max_utility(), game.min_utility(), game.utility_sum()), (1.0, -1.0, 0.0))
        self.assertEqual(game.num_players(), 2)
        self.assertEqual(game.max_chance_outcomes(), 0)
        self.assertEqual(game.get_parameters(), {"size": 4, "shape": "hexhex", "length": 5, "swap": "off"})
        self.assertEqual(str(game), "ndengrod(length=5,shape=hexhex,size=4,swap=off)")
        self.assertEqual(pyspiel.load_game(str(game)), game)
        self.assertEqual(pyspiel.load_game("ndengrod", {"size": 4, "swap": "off"}), game)
        size = int(np.prod(game.observation_tensor_shape()))
        self.assertEqual(game.observation_tensor_size(), size)
        self.assertEqual(game.information_state_tensor_shape(), [size])
        self.assertEqual(game.information_state_tensor_size(), size)
        self.assertEqual(game.policy_tensor_shape(), [game.num_distinct_actions()])

    def test_state(self):
        game = pyspiel.load_game("ndengrod(size=4,swap=off)")
        state = game.new_initial_state()
        self.assertTrue(state.is_initial_state() and state.is_player_node())
        self.assertFalse(state.is_chance_node() or state.is_simultaneous_node() or state.is_mean_field_node())
        self.assertEqual(state.chance_outcomes(), [])
        self.assertEqual(state.num_players(), 2)
        self.assertEqual(state.get_game(), game)
        rng = random.Random(2)
        played = []
        while len(played) < 6:
            action = rng.choice(state.legal_actions())
            played.append((state.current_player(), action))
            state.apply_action(action)
        self.assertFalse(state.is_initial_state())
        self.assertEqual(state.full_history(), [pyspiel.PlayerAction(p, a) for p, a in played])
        self.assertEqual(state.history_str(), " ".join(str(a) for _, a in played))
        for player in (0, 1):
            self.assertEqual(state.information_state_string(player), state.history_str())
            self.assertEqual(state.observation_string(player), str(state))
            tensor = state.information_state_tensor(player)
            self.assertEqual(tensor.shape, (game.information_state_tensor_size(),))
            np.testing.assert_array_equal(tensor, state.observation_tensor(player).ravel())
        self.assertEqual(state.information_state_string(), state.history_str())
        # undo_action takes back exactly the last ply.
        before = state.clone()
        player, action = state.current_player(), state.legal_actions()[0]
        state.apply_action(action)
        with self.assertRaisesRegex(ludus.LudusError, "undo_action: the last ply is action"):
            state.undo_action(1 - player, action)
        state.undo_action(player, action)
        self.assertEqual(state.history(), before.history())
        self.assertEqual(str(state), str(before))
        self.assertEqual(state.legal_actions(), before.legal_actions())
        self.assertEqual(state.current_player(), before.current_player())
        # A whole game undone ply by ply is the initial state again.
        for p, a in reversed(played):
            state.undo_action(p, a)
        self.assertTrue(state.is_initial_state())
        with self.assertRaisesRegex(ludus.LudusError, "no ply"):
            state.undo_action(0, played[0][1])
        # serialize_game_and_state round-trips.
        text = pyspiel.serialize_game_and_state(game, before)
        game_back, state_back = pyspiel.deserialize_game_and_state(text)
        self.assertEqual(game_back, game)
        self.assertEqual(state_back.history(), before.history())


class DefectsFoundOnTheWay(unittest.TestCase):
    def test_player_arguments_are_accepted_and_checked(self):
        state = ludus.load_game("n-mesh").new_initial_state()
        state.apply_action(0)
        mover = state.current_player()
        np.testing.assert_array_equal(state.observation_tensor(mover), state.observation_tensor())
        np.testing.assert_array_equal(state.legal_actions_mask(mover), state.legal_actions_mask())
        self.assertFalse(state.legal_actions_mask(1 - mover).any())
        self.assertEqual(state.legal_actions(1 - mover), [])
        other = state.observation_tensor(1 - mover)
        np.testing.assert_array_equal(other[0], state.observation_tensor()[1])  # its own stone in plane 0
        for bad in (2, -1):
            for call in (state.player_return, state.player_reward, state.observation_tensor,
                         state.information_state_tensor, state.observation_string):
                with self.assertRaisesRegex(ludus.LudusError, "player must be 0 or 1", msg=call):
                    call(bad)

    def test_past_actions_have_their_names(self):
        for name in ludus.games():
            state = ludus.load_game(name, **SMALL[name]).new_initial_state()
            rng = random.Random(3)
            while not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
            self.assertEqual([state.action_to_string(a) for a in state.history()], state.moves(), name)

    def test_max_game_length_is_the_rules_bound_or_says_there_is_none(self):
        self.assertEqual(ludus.load_game("n-mesh", size=6).length_bound(), 37)  # 36 cells and the swap
        self.assertEqual(ludus.load_game("netted", size=3).length_bound(), ludus.load_game("netted", size=3).num_distinct_actions())
        self.assertEqual(ludus.load_game("trellis", size=7).length_bound(), 2 * 49 + 6)
        for name in ("ndengrod", "epoxy"):
            game = ludus.load_game(name)
            self.assertIsNone(game.length_bound(), name)
            self.assertGreater(game.max_game_length(), 0)  # self-play's ply limit
        for name in ("n-mesh", "netted", "trellis"):
            game = ludus.load_game(name, **SMALL[name])
            self.assertEqual(game.max_game_length(), game.length_bound())
            lengths = ludus.self_play(game, "random", games=300, seed=4, threads=0)["lengths"]
            self.assertLessEqual(int(lengths.max()), game.length_bound(), name)
        self.assertLess(ludus.load_game("epoxy").max_game_length(), 10 ** 6)

    def test_pie_rule_in_game_info(self):
        expected = {"epoxy": (False, None), "n-mesh": (True, None), "ndengrod": (True, "swap"),
                    "netted": (False, None), "trellis": (True, None)}
        for name, (rule, option) in expected.items():
            info = ludus.game_info(name)
            self.assertEqual((info["pie_rule"], info["pie_option"]), (rule, option), name)

    def test_empty_batches_give_empty_arrays(self):
        game = ludus.load_game("ndengrod", size=4)
        self.assertEqual(ludus.random_playouts([], playouts=3).shape, (0, 3))
        self.assertEqual(ludus.observation_tensors([]).shape, (0, 0, 0, 0))
        self.assertEqual(ludus.observation_tensors([], game=game).shape, (0, *game.observation_tensor_shape()))
        self.assertEqual(ludus.legal_action_masks([]).shape, (0, 0))
        self.assertEqual(ludus.legal_action_masks([], game=game).shape, (0, game.num_distinct_actions()))
        state = game.new_initial_state()
        np.testing.assert_array_equal(ludus.observation_tensors([state], game=game)[0], state.observation_tensor())
        with self.assertRaisesRegex(ludus.LudusError, "not of `game`"):
            ludus.observation_tensors([state], game=ludus.load_game("n-mesh"))


if __name__ == "__main__":
    unittest.main()
