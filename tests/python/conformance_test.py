# SPDX-License-Identifier: Apache-2.0
"""Every reference game of tests/conformance replayed through the Python module: before each
ply the legal set (action ids named by action_to_string) equals the recorded one, the
recorded move parses to a legal action, and the game ends when and as recorded.  Run by
ctest (python/conformance_test)."""

import glob
import json
import os
import unittest

import ludus

CONFORMANCE = os.path.join(os.environ.get("LUDUS_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", "..")),
                           "tests", "conformance")


class Conformance(unittest.TestCase):
    def test_every_reference_game(self):
        files = sorted(glob.glob(os.path.join(CONFORMANCE, "*.jsonl")))
        self.assertGreaterEqual(len(files), 12)
        games = 0
        for path in files:
            with open(path, encoding="utf-8") as lines:
                for number, line in enumerate(lines, 1):
                    if not line.strip():
                        continue
                    with self.subTest(file=os.path.basename(path), line=number):
                        self.replay(json.loads(line))
                        games += 1
        self.assertGreaterEqual(games, 200)

    def replay(self, record):
        game = ludus.load_game(record["game"], record.get("options", {}))
        state = game.new_initial_state()
        for ply, step in enumerate(record["plies"], 1):
            self.assertFalse(state.is_terminal(), f"over before ply {ply}")
            legal = {state.action_to_string(a) for a in state.legal_actions()}
            self.assertEqual(legal, set(step["legal"]), f"legal moves before ply {ply}")
            action = state.string_to_action(step["move"])
            self.assertIn(action, state.legal_actions())
            state.apply_action(action)
        self.assertTrue(state.is_terminal(), "not over after the last ply")
        self.assertEqual(state.result(), record["result"])
        self.assertEqual(sum(state.returns()), 0.0)


if __name__ == "__main__":
    unittest.main()
