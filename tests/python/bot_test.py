# SPDX-License-Identifier: Apache-2.0
"""ludus.bot against a real `ludus serve` (SQLite, loopback): the example of docs/python.md
("A bot on a server"), run as written, plays a whole game as a bot account against a person
who plays random turns over the JSON API; a bad token is refused.  Debian's python3 and its
standard library only.  Run by ctest (python/bot_test)."""

import json
import os
import random
import re
import subprocess
import tempfile
import threading
import time
import unittest
import urllib.error
import urllib.request

import ludus
import ludus.bot

LUDUS = os.environ.get("LUDUS_BINARY", "ludus")
SOURCE = os.environ.get("LUDUS_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))


def documented_example():
    """The first code block of docs/python.md's section "A bot on a server"."""
    with open(os.path.join(SOURCE, "docs", "python.md"), encoding="utf-8") as f:
        text = f.read()
    section = text.split("## A bot on a server", 1)[1]
    block = re.search(r"\n((?:    .*\n)(?:    .*\n|\n)*)", section).group(1)
    example = "\n".join(line[4:] for line in block.splitlines())
    assert "ludus.bot.run(" in example, example
    return example


class Server:
    def __init__(self, folder):
        self.process = subprocess.Popen(
            [LUDUS, "serve", "--db", os.path.join(folder, "bot.db"), "--port", "0", "--test-hashing", "--quiet"],
            stderr=subprocess.PIPE, text=True)
        seen = ""
        while True:
            line = self.process.stderr.readline()
            if not line:
                raise RuntimeError(f"ludus serve did not start: {seen}")
            seen += line
            match = re.search(r"serving on (http://127\.0\.0\.1:\d+)/", line)
            if match:
                self.url = match.group(1)
                break
        threading.Thread(target=self.process.stderr.read, daemon=True).start()

    def call(self, method, path, body=None, token=None):
        request = urllib.request.Request(self.url + path, method=method,
                                         data=None if body is None else json.dumps(body).encode())
        request.add_header("Content-Type", "application/json")
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        try:
            with urllib.request.urlopen(request, timeout=30) as reply:
                return reply.status, json.loads(reply.read() or b"null")
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")

    def account(self, user, password, challenges="all"):
        assert self.call("POST", "/api/signup", {"user": user, "password": password})[0] == 201
        token = self.call("POST", "/api/login", {"user": user, "password": password})[1]["token"]
        assert self.call("POST", "/api/me/limits", {"challenges": challenges}, token)[0] == 200
        return token

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=30)


def random_turn(view, rng):
    known = ludus.game_info(view["game"])["options"]
    options = {name: value for name, value in view["options"].items() if name in known}
    state = ludus.load_game(view["game"], options).new_initial_state()
    for move in view["moves"]:
        state.apply_move(move["move"])
    texts = []
    while True:
        action = rng.choice(state.legal_actions())
        texts.append(state.action_to_string(action))
        state.apply_action(action)
        if state.is_terminal() or not state.mid_turn:
            return ",".join(texts)


class PythonBot(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.TemporaryDirectory()
        cls.server = Server(cls.folder.name)
        cls.alice = cls.server.account("alice", "alice-pw-1")
        owner = cls.server.account("pybot", "pybot-pw-1", "ask")
        assert cls.server.call("POST", "/api/me/bot", {"password": "pybot-pw-1"}, owner)[0] == 200
        status, minted = cls.server.call("POST", "/api/me/bot-tokens", {"password": "pybot-pw-1"}, owner)
        assert status == 201, minted
        cls.bot_token = minted["token"]

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()
        cls.folder.cleanup()

    def test_the_documented_bot_plays_a_whole_game(self):
        example = documented_example()
        scope = {"SERVER": self.server.url, "BOT_TOKEN": self.bot_token}
        failures = []

        def bot():
            try:
                exec(example, scope)
            except Exception as error:  # reported by the test below
                failures.append(error)

        thread = threading.Thread(target=bot, daemon=True)
        thread.start()
        status, invited = self.server.call("POST", "/api/games", {
            "game": "ndengrod", "options": {"size": 3, "length": 3}, "players": ["alice", "pybot"]}, self.alice)
        self.assertEqual(status, 202, invited)
        rng = random.Random(5)
        board, view = None, None
        deadline = time.monotonic() + 40
        while time.monotonic() < deadline and not failures:
            if board is None:
                games = self.server.call("GET", "/api/games?user=alice", token=self.alice)[1]["games"]
                board = games[0]["board"] if games else None
            else:
                view = self.server.call("GET", f"/api/games/{board}", token=self.alice)[1]
                if view["status"] == "finished":
                    break
                if view["to_move_user"] == "alice":
                    status, reply = self.server.call("POST", f"/api/games/{board}/move", {
                        "move": random_turn(view, rng), "move_number": view["next_move_number"]}, self.alice)
                    self.assertEqual(status, 200, reply)
            time.sleep(0.05)
        thread.join(timeout=15)
        self.assertEqual(failures, [])
        self.assertIsNotNone(view)
        self.assertEqual(view["status"], "finished", view.get("status_text"))
        self.assertNotIn("time", view["end_reason"])
        self.assertGreater(view["moves_played"], 2)
        self.assertIn("pybot", view["players"])
        self.assertFalse(thread.is_alive(), "run() returns once its game has ended")
        self.assertEqual([e["board"] for e in scope["ended"]], [board])

    def test_a_refused_token_is_an_error(self):
        with self.assertRaises(ludus.bot.BotError):
            ludus.bot.run(self.server.url, "not-a-token", lambda state: state.legal_actions()[0], quiet=True)
        with self.assertRaises(ludus.bot.BotError):
            ludus.bot.run("ftp://example", "t", lambda state: 0)


if __name__ == "__main__":
    unittest.main()
