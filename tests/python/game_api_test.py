# SPDX-License-Identifier: Apache-2.0
"""The Python module's game and state API: random games of all five games checked move by
move (legal actions, masks, notation round trips, clone independence, serialisation,
pickling, returns), records, bots, the solver and the batched calls, and the errors bad
input gets.  Run by ctest (python/game_api_test) against the build tree."""

import copy
import pickle
import random
import unittest

import numpy as np

import ludus

# A small board of each game, so that random games are short.
BOARDS = [
    ("n-mesh", {"size": 5}),
    ("netted", {"size": 3}),
    ("trellis", {"size": 7}),
    ("ndengrod", {"size": 4, "length": 4}),
    ("epoxy", {"size": "xs"}),
]


def random_game(game, rng, check=None):
    state = game.new_initial_state()
    while not state.is_terminal():
        if check:
            check(state)
        state.apply_action(rng.choice(state.legal_actions()))
    return state


class RandomSimulation(unittest.TestCase):
    def check_position(self, game, state):
        legal = state.legal_actions()
        self.assertTrue(legal)
        self.assertEqual(len(set(legal)), len(legal))
        self.assertTrue(all(0 <= a < game.num_distinct_actions() for a in legal))
        mask = state.legal_actions_mask()
        self.assertEqual(mask.dtype, np.int8)
        self.assertEqual(sorted(np.flatnonzero(mask).tolist()), sorted(legal))
        self.assertIn(state.current_player(), (0, 1))
        self.assertEqual(state.returns(), [0.0, 0.0])
        for a in legal:
            self.assertEqual(state.string_to_action(state.action_to_string(a)), a)
        obs = state.observation_tensor()
        self.assertEqual(list(obs.shape), game.observation_tensor_shape())
        self.assertEqual(obs.dtype, np.float32)
        # Mover and opponent stones never overlap, and only on sites.
        self.assertTrue(np.all(obs[0] + obs[1] <= obs[2]))
        self.assertEqual(bool(obs[5].any()), state.mid_turn)

    def test_random_games_of_every_game(self):
        rng = random.Random(46)
        self.assertEqual(sorted(name for name, _ in BOARDS), ludus.games())
        for name, options in BOARDS:
            game = ludus.load_game(name, **options)
            for _ in range(6):
                with self.subTest(game=name):
                    state = random_game(game, rng, lambda s, g=game: self.check_position(g, s))
                    self.assertEqual(state.current_player(), ludus.TERMINAL_PLAYER)
                    self.assertEqual(state.legal_actions(), [])
                    returns = state.returns()
                    self.assertEqual(sum(returns), 0.0)
                    self.assertIn(sorted(returns), ([-1.0, 1.0], [0.0, 0.0]))
                    self.assertTrue(state.result())
                    # Replaying the history gives the same game.
                    replay = game.new_initial_state()
                    for a in state.history():
                        replay.apply_action(a)
                    self.assertEqual(replay.returns(), returns)
                    self.assertEqual(str(replay), str(state))

    def test_clone_is_independent(self):
        for name, options in BOARDS:
            game = ludus.load_game(name, **options)
            state = game.new_initial_state()
            state.apply_action(state.legal_actions()[0])
            for twin in (state.clone(), copy.copy(state), copy.deepcopy(state)):
                before = (state.history(), str(state))
                twin.apply_action(twin.legal_actions()[-1])
                self.assertEqual((state.history(), str(state)), before, name)
                self.assertEqual(len(twin.history()), 2)

    def test_serialize_and_pickle_round_trip(self):
        rng = random.Random(7)
        for name, options in BOARDS:
            game = ludus.load_game(name, **options)
            state = game.new_initial_state()
            for _ in range(5):
                state.apply_action(rng.choice(state.legal_actions()))
            for copy_of in (lambda s: ludus.deserialize_state(s.serialize()),
                            lambda s: game.deserialize_state(s.serialize()),
                            lambda s: pickle.loads(pickle.dumps(s))):
                back = copy_of(state)
                self.assertEqual(back.history(), state.history())
                self.assertEqual(back.game, game)
                self.assertEqual(back.legal_actions(), state.legal_actions())
                self.assertTrue(np.array_equal(back.observation_tensor(), state.observation_tensor()))
            self.assertEqual(pickle.loads(pickle.dumps(game)), game)

    def test_turns_of_epoxy(self):
        state = ludus.load_game("epoxy").new_initial_state()
        self.assertEqual((state.turn, state.mid_turn), (1, False))
        state.apply_action(state.legal_actions()[0])  # Maroon's first turn is one action
        self.assertEqual((state.turn, state.mid_turn, state.current_player()), (2, False, 1))
        state.apply_action(state.legal_actions()[0])
        self.assertEqual((state.turn, state.mid_turn, state.current_player()), (2, True, 1))
        self.assertTrue(state.observation_tensor()[5].all())
        state.apply_move("pass")
        self.assertEqual((state.turn, state.mid_turn, state.current_player()), (3, False, 0))
        # play_turn takes a whole turn: half of one is refused, with the whole form.
        half = ludus.load_game("epoxy").new_initial_state()
        half.play_turn("a3")
        with self.assertRaisesRegex(ludus.LudusError, "not a whole turn; send all of it, e.g. 'h8,pass'"):
            half.play_turn("h8")
        self.assertEqual(half.play_turn("h8,pass"), 2)

    def test_observation_planes_of_ndengrod(self):
        game = ludus.load_game("ndengrod", size=5)
        self.assertEqual(game.observation_tensor_shape(), [6, 9, 9])
        self.assertEqual(game.observation_planes()[:3], ["mover", "opponent", "sites"])
        state = game.new_initial_state()
        obs = state.observation_tensor()
        self.assertEqual(obs[2].sum(), 61)  # hex-hex of side 5
        state.apply_move("e5")
        obs = state.observation_tensor()
        sites = {name: (r, c) for name, r, c in game.board_sites()}
        # O to move: X's stone is the opponent's; the swap is legal.
        self.assertEqual(obs[1][sites["e5"]], 1.0)
        self.assertEqual(obs[0].sum(), 0.0)
        self.assertTrue(obs[3].all() and obs[4].all())
        state.apply_move("swap")
        self.assertFalse(state.observation_tensor()[4].any())

    def test_board_features(self):
        nmesh = ludus.load_game("n-mesh", size=6)
        self.assertEqual(nmesh.observation_planes()[-1], "liberty cells")
        liberties = nmesh.new_initial_state().observation_tensor()[-1]
        sites = {name: (r, c) for name, r, c in nmesh.board_sites()}
        shaded = {"e1", "c2", "a3", "f3", "d4", "b5", "e6"}  # RULES.md on 6x6
        self.assertEqual({n for n, rc in sites.items() if liberties[rc] == 1.0}, shaded)
        self.assertEqual(sites["a1"], (5, 0))  # row 0 of the tensor is the top row
        trellis = ludus.load_game("trellis", size=7)
        self.assertEqual(trellis.observation_planes()[-1], "dark squares")
        self.assertEqual(trellis.observation_tensor_shape(), [7, 7, 7])
        netted = ludus.load_game("netted", size=5)
        self.assertEqual(netted.observation_planes()[-1], "edge cells")
        self.assertEqual(netted.observation_tensor_shape(), [7, 9, 9])


class Records(unittest.TestCase):
    def test_json_and_sgf_round_trip(self):
        game = ludus.load_game("ndengrod", size=4, length=4)
        state = random_game(game, random.Random(3))
        state.set_players("alice", "ai:easy")
        for text in (state.to_json(), state.to_sgf()):
            (back,) = ludus.read_records(text)
            self.assertEqual(back.history(), state.history())
            self.assertEqual(back.returns(), state.returns())
            self.assertEqual(back.result(), state.result())

    def test_resignation_is_an_ending(self):
        state = ludus.load_game("n-mesh").new_initial_state()
        state.apply_move("c3")
        state.resign(1)
        self.assertTrue(state.is_terminal())
        self.assertEqual(state.returns(), [1.0, -1.0])
        self.assertEqual(pickle.loads(pickle.dumps(state)).returns(), [1.0, -1.0])


class BadInput(unittest.TestCase):
    def test_errors_are_ludus_errors(self):
        with self.assertRaisesRegex(ludus.LudusError, "unknown game 'chess'"):
            ludus.load_game("chess")
        with self.assertRaisesRegex(ludus.LudusError, "size"):
            ludus.load_game("n-mesh", size=99)
        with self.assertRaises(ludus.LudusError):
            ludus.load_game("ndengrod", colour="red")
        with self.assertRaises(ludus.LudusError):
            ludus.load_game("ndengrod(size=5")
        state = ludus.load_game("ndengrod(size=4,length=4)").new_initial_state()
        self.assertEqual(state.game.options["size"], "4")
        with self.assertRaisesRegex(ludus.LudusError, "illegal move"):
            state.apply_action(10 ** 6)
        with self.assertRaisesRegex(ludus.LudusError, "illegal move 'swap'"):
            state.string_to_action("swap")
        with self.assertRaisesRegex(ludus.LudusError, "neither legal in this position nor played"):
            state.action_to_string(-1)
        state.apply_move("b2")
        with self.assertRaisesRegex(ludus.LudusError, "occupied"):
            state.apply_move("b2")
        for text in ("", "{", "[]", '{"game": "chess", "moves": []}', '{"game": "n-mesh", "moves": ["z99"]}',
                     "\xff\xfe"):
            with self.assertRaises(ludus.LudusError, msg=text):
                ludus.deserialize_state(text)
        with self.assertRaises(ludus.LudusError):
            ludus.load_game("n-mesh").deserialize_state(state.serialize())  # another game
        with self.assertRaises(ludus.LudusError):
            ludus.Bot("grandmaster")
        with self.assertRaises(ludus.LudusError):
            ludus.MCTSBot(state.game, "random")
        with self.assertRaises(TypeError):
            ludus.observation_tensors([state, "not a state"])
        for call in (lambda: ludus.random_playouts(state, 1, threads=-1), lambda: ludus.Bot("easy", threads=5000),
                     lambda: ludus.solve(state, threads=0), lambda: ludus.solve(state, memory=0),
                     lambda: ludus.random_playouts(state, 0), lambda: ludus.self_play(state.game, games=0)):
            with self.assertRaises(ludus.LudusError):
                call()
        with self.assertRaisesRegex(ludus.LudusError, "another game"):
            ludus.observation_tensors([state, ludus.load_game("n-mesh").new_initial_state()])


class Players(unittest.TestCase):
    def test_bots_play_legal_moves_and_repeat_with_a_seed(self):
        game = ludus.load_game("n-mesh", size=5)

        def play(seed):
            bots = [ludus.MCTSBot(game, "mcts:iters=50", seed=seed), ludus.Bot("random", seed=seed)]
            state = game.new_initial_state()
            while not state.is_terminal():
                state.apply_action(bots[state.current_player()].step(state))
            return state.history()

        self.assertEqual(play(5), play(5))
        choice = ludus.Bot("mcts:iters=100").choose(game.new_initial_state())
        self.assertEqual(choice.iterations, 100)
        self.assertEqual(sum(m.visits for m in choice.root_moves) > 0, True)

    def test_solver_and_evaluation(self):
        # docs/solved.md: Ndengrod hex-hex 2 with lines of 3 and no swap is a first-player win
        # by b2 only; N-Mesh 3x3 with its pie rule is a first-player loss.
        game = ludus.load_game("ndengrod", size=2, length=3, swap="off")
        result = ludus.solve(game.new_initial_state(), seconds=30)
        self.assertEqual((result["value"], result["best_move"]), ("win", "b2"))
        result = ludus.solve(ludus.load_game("n-mesh", size=3).new_initial_state(), seconds=30)
        self.assertEqual((result["value"], result["best_action"]), ("loss", None))
        evaluation = ludus.evaluate(game.new_initial_state(), ai="mcts:iters=500")
        self.assertEqual((evaluation["move"], evaluation["proven"]), ("b2", "win"))
        self.assertGreater(evaluation["value"], 0.0)
        with self.assertRaisesRegex(ludus.LudusError, "game is over"):
            ludus.solve(random_game(game, random.Random(0)), seconds=1)


class Batched(unittest.TestCase):
    def test_random_playouts_are_seeded_and_thread_independent(self):
        game = ludus.load_game("ndengrod", size=4, length=4)
        states = [game.new_initial_state() for _ in range(3)]
        states[1].apply_move("b2")
        one = ludus.random_playouts(states, playouts=100, seed=9, threads=1)
        two = ludus.random_playouts(states, playouts=100, seed=9, threads=2)
        self.assertEqual(one.shape, (3, 100))
        self.assertTrue(np.array_equal(one, two))
        self.assertTrue(np.isin(one, [-1, 0, 1]).all())
        self.assertFalse(np.array_equal(one, ludus.random_playouts(states, playouts=100, seed=10)))
        finished = random_game(game, random.Random(1))
        self.assertTrue((ludus.random_playouts(finished, 4) == finished.winner()).all())

    def test_batched_observations_and_masks_equal_one_by_one(self):
        game = ludus.load_game("trellis", size=7)
        rng = random.Random(2)
        states = []
        state = game.new_initial_state()
        while not state.is_terminal() and len(states) < 12:
            states.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
        batch = ludus.observation_tensors(states)
        self.assertEqual(batch.shape, (len(states), *game.observation_tensor_shape()))
        masks = ludus.legal_action_masks(states)
        for i, s in enumerate(states):
            self.assertTrue(np.array_equal(batch[i], s.observation_tensor()))
            self.assertTrue(np.array_equal(masks[i], s.legal_actions_mask()))

    def test_self_play_arrays(self):
        game = ludus.load_game("n-mesh", size=4)
        data = ludus.self_play(game, "mcts:iters=40", games=3, seed=4, threads=2)
        rows = len(data["actions"])
        self.assertEqual(int(data["lengths"].sum()), rows)
        self.assertEqual(data["observations"].shape, (rows, *game.observation_tensor_shape()))
        self.assertEqual(data["policies"].shape, (rows, game.num_distinct_actions()))
        self.assertTrue(np.allclose(data["policies"].sum(axis=1), 1.0))
        again = ludus.self_play(game, "mcts:iters=40", games=3, seed=4, threads=1)
        self.assertTrue(np.array_equal(again["actions"], data["actions"]))
        # Replaying the actions reproduces the observations and the results.
        for g in range(3):
            state = game.new_initial_state()
            for row in np.flatnonzero(data["game"] == g):
                self.assertTrue(np.array_equal(state.observation_tensor(), data["observations"][row]))
                self.assertEqual(state.current_player(), data["players"][row])
                self.assertGreater(data["policies"][row][data["actions"][row]], 0.0)
                state.apply_action(int(data["actions"][row]))
                self.assertEqual(data["returns"][row], state.returns()[data["players"][row]] if state.is_terminal()
                                 else data["returns"][row])
            self.assertTrue(state.is_terminal())
            self.assertEqual(state.winner(), data["winners"][g])


if __name__ == "__main__":
    unittest.main()
