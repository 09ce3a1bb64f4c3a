# SPDX-License-Identifier: Apache-2.0
"""The environments of ludus.env: PettingZoo's AEC cycle (LudusEnv) and Gymnasium's
single-agent API (SingleAgentEnv), played to the end with masked random actions.  Run by
ctest (python/env_test)."""

import random
import unittest

import numpy as np

import ludus
from ludus.env import LudusEnv, SingleAgentEnv


def masked_choice(rng, mask):
    return int(rng.choice(np.flatnonzero(mask)))


class AecEnvironment(unittest.TestCase):
    def test_full_games_follow_the_cycle(self):
        rng = random.Random(1)
        for name in ludus.games():
            env = LudusEnv(name, render_mode="ansi")
            self.assertEqual(env.possible_agents, ["player_0", "player_1"])
            shape = tuple(env.game.observation_tensor_shape())
            self.assertEqual(env.observation_space("player_0")["observation"].shape, shape)
            self.assertEqual(env.action_space("player_1").n, env.game.num_distinct_actions())
            env.reset(seed=3)
            self.assertEqual(env.agent_selection, "player_0")
            totals = {a: 0.0 for a in env.possible_agents}
            steps = 0
            for agent in env.agent_iter():
                observation, reward, termination, truncation, info = env.last()
                totals[agent] += reward
                self.assertEqual(observation["observation"].shape, shape)
                if termination or truncation:
                    self.assertFalse(observation["action_mask"].any())
                    env.step(None)
                    continue
                mask = observation["action_mask"]
                self.assertEqual(mask.dtype, np.int8)
                self.assertTrue(mask.any())
                other = env.possible_agents[1 - env.possible_agents.index(agent)]
                self.assertFalse(env.observe(other)["action_mask"].any())
                env.step(masked_choice(rng, mask))
                steps += 1
            self.assertEqual(env.agents, [])
            self.assertEqual(steps, env.state.move_number())
            self.assertTrue(env.state.is_terminal(), name)
            # Each agent's rewards add up to its return.
            self.assertEqual([totals[a] for a in env.possible_agents], env.state.returns(), name)
            self.assertIn(env.state.status(), env.render().splitlines()[-1])

    def test_each_agent_observes_from_its_own_seat(self):
        env = LudusEnv("n-mesh")
        env.reset()
        env.step(0)   # player_0 on a1
        env.step(14)  # player_1
        mine, theirs = env.observe("player_0"), env.observe("player_1")
        self.assertFalse(np.array_equal(mine["observation"], theirs["observation"]))
        # Each sees its own stones in plane 0 and the other's in plane 1.
        np.testing.assert_array_equal(mine["observation"][0], theirs["observation"][1])
        np.testing.assert_array_equal(mine["observation"][1], theirs["observation"][0])
        cells = env.game.observation_tensor_shape()[1:]
        self.assertEqual(mine["observation"][0].sum(), 1)
        self.assertEqual(mine["observation"][0][cells[0] - 1, 0], 1)  # a1: the bottom-left cell
        np.testing.assert_array_equal(mine["observation"], env.state.observation_tensor())  # player_0 is to move
        self.assertTrue(mine["action_mask"].any())
        self.assertFalse(theirs["action_mask"].any())

    def test_no_truncation_unless_asked(self):
        # The rules end every game; the environments do not cut games at a guessed length.
        self.assertIsNone(LudusEnv("epoxy").max_plies)
        self.assertIsNone(SingleAgentEnv("epoxy").max_plies)

    def test_truncation_and_bad_steps(self):
        env = LudusEnv("n-mesh", size=6, max_plies=4, render_mode="ansi")
        env.reset()
        with self.assertRaises(ludus.LudusError):
            env.step(None)
        with self.assertRaises(ludus.LudusError):
            env.step(10 ** 6)
        for _ in range(4):
            observation, *_ = env.last()
            env.step(masked_choice(random.Random(0), observation["action_mask"]))
        self.assertTrue(all(env.truncations.values()))
        self.assertFalse(any(env.terminations.values()))
        with self.assertRaises(ludus.LudusError):
            env.step(0)
        env.step(None)
        env.step(None)
        self.assertEqual(env.agents, [])


class GymEnvironment(unittest.TestCase):
    def test_episodes_against_a_bot_alternate_seats(self):
        env = SingleAgentEnv("ndengrod", opponent="random", seat=None, size=4, length=4)
        rng = random.Random(5)
        for episode in range(4):
            observation, info = env.reset(seed=episode)
            self.assertEqual(info["seat"], episode % 2)
            self.assertEqual(env.state.current_player(), info["seat"])
            terminated = truncated = False
            reward = 0.0
            while not (terminated or truncated):
                observation, reward, terminated, truncated, info = env.step(masked_choice(rng, observation["action_mask"]))
            self.assertTrue(terminated)
            self.assertEqual(reward, env.state.returns()[env.seat])
            with self.assertRaises(ludus.LudusError):
                env.step(0)


if __name__ == "__main__":
    unittest.main()
