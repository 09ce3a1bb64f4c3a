# SPDX-License-Identifier: Apache-2.0
"""ludus.bot: a Python function plays on a ludus server as a bot account (docs/bots.md).

    import ludus, ludus.bot

    def choose(state):                      # a ludus.State, the bot to move
        return ludus.Bot("easy").step(state)  # an action id (or its text)

    ludus.bot.run("http://127.0.0.1:8080", BOT_TOKEN, choose)

run() reads the bot's event stream, accepts the invitations `accept(offer)` allows (every
one by default) and declines the others, and on each of its turns builds the board's state
from its moves, asks `choose(state)` for each action of the turn (Epoxy's turns have two)
and posts the turn with the board's move number as its guard.  A dropped connection is
resumed after the last event (`since`), with a backoff while the server is away.  Only
Python's standard library and the ludus module are used.
"""

import http.client
import json
import sys
import time
import urllib.parse

import ludus

__all__ = ["run", "BotError"]


class BotError(RuntimeError):
    """The server refused the bot's token (nothing to retry), or a bad server address."""


def _address(server):
    url = urllib.parse.urlsplit(server)
    if url.scheme not in ("http", "https") or not url.hostname:
        raise BotError(f"server {server!r}: write http://HOST[:PORT] or https://HOST[:PORT]")
    return url.scheme, url.hostname, url.port


class _Api:
    def __init__(self, server, token, timeout=30):
        self.scheme, self.host, self.port = _address(server)
        self.token = token
        self.timeout = timeout

    def connection(self, timeout=None):
        kind = http.client.HTTPSConnection if self.scheme == "https" else http.client.HTTPConnection
        return kind(self.host, self.port, timeout=timeout or self.timeout)

    def headers(self):
        return {"Authorization": f"Bearer {self.token}", "Content-Type": "application/json"}

    def request(self, method, path, body=None):
        """(status, JSON reply or None); status 0 when the server could not be reached."""
        connection = self.connection()
        try:
            data = None if body is None else json.dumps(body).encode()
            connection.request(method, path, body=data, headers=self.headers())
            reply = connection.getresponse()
            text = reply.read()
            if reply.status == 429:  # the server's limits: once more after the wait it names
                time.sleep(min(max(int(reply.getheader("Retry-After", "1") or 1), 1), 120))
                return self.request(method, path, body)
            try:
                return reply.status, json.loads(text) if text else None
            except ValueError:
                return reply.status, None
        except OSError as error:
            return 0, {"error": str(error)}
        finally:
            connection.close()


def _log(quiet, text):
    if not quiet:
        print(f"ludus.bot: {text}", file=sys.stderr, flush=True)


def _game_options(game, options):
    """The game's own options of a board's (which also name its time limits and rating)."""
    known = ludus.game_info(game)["options"]
    return {name: value for name, value in (options or {}).items() if name in known}


def _play_turn(api, board, turn, choose, quiet):
    """Asks choose() for each action of the turn and posts it; True when posted or stale."""
    state = ludus.load_game(board["game"], _game_options(board["game"], board.get("options"))).new_initial_state()
    for move in turn.get("moves", []):
        state.apply_move(move)
    texts = []
    while True:
        action = choose(state)
        if isinstance(action, str):
            action = state.string_to_action(action)
        texts.append(state.action_to_string(action))
        state.apply_action(action)
        if state.is_terminal() or not state.mid_turn:
            break
    move = ",".join(texts)
    status, reply = api.request("POST", f"/api/games/{board['board']}/move",
                                {"move": move, "move_number": turn["move_number"]})
    if status == 200:
        _log(quiet, f"board {board['board']}: played {move}")
        return True
    code = (reply or {}).get("code", "")
    _log(quiet, f"board {board['board']}: {move} not played: {status} {(reply or {}).get('error', '')}")
    return status != 0 and status < 500 or code == "stale_move"


def run(server, token, choose, accept=None, games=None, quiet=False, idle_timeout=60):
    """Plays as the bot of `token` on `server` until `games` boards have ended (None: for
    ever); returns the list of the game_end events seen.

    choose(state) -> action id or move text, for the state of one of the bot's boards with
    the bot to move.  accept(offer) -> True to join an invitation (OFFER as docs/http-api.md
    shows it); None accepts every one.  Raises BotError when the server refuses the token."""
    api = _Api(server, token)
    boards = {}  # board id -> {"board", "game", "options"}
    unsent = {}  # board id -> its your_turn whose move the server did not get (it was away)
    ended = []
    since = None
    backoff = 1

    def answer(offer):
        if offer.get("status", "open") != "open":
            return
        verb = "join" if accept is None or accept(offer) else "decline"
        status, reply = api.request("POST", f"/api/offers/{offer['id']}/{verb}")
        _log(quiet, f"invitation {offer['id']} from {offer.get('from')}: {verb} ({status})")

    def turn(board_id, event):
        unsent.pop(board_id, None)
        if board_id not in boards:
            status, view = api.request("GET", f"/api/games/{board_id}")
            if status != 200:
                return
            boards[board_id] = {"board": board_id, "game": view["game"], "options": view.get("options", {})}
        if not _play_turn(api, boards[board_id], event, choose, quiet):
            unsent[board_id] = event

    while games is None or len(ended) < games:
        connection = api.connection(timeout=idle_timeout)
        path = "/api/bot/stream" + (f"?since={since}" if since is not None else "")
        try:
            connection.request("GET", path, headers=api.headers())
            reply = connection.getresponse()
        except OSError as error:
            _log(quiet, f"the stream: {error}; again in {backoff} s")
            connection.close()
            time.sleep(backoff)
            backoff = min(backoff * 2, 60)
            continue
        if reply.status in (401, 403):
            text = reply.read().decode(errors="replace")
            connection.close()
            raise BotError(f"the server refuses the token: {text}")
        if reply.status != 200:
            _log(quiet, f"the stream: HTTP {reply.status}; again in {backoff} s")
            connection.close()
            time.sleep(backoff)
            backoff = min(backoff * 2, 60)
            continue
        backoff = 1
        try:
            while games is None or len(ended) < games:
                line = reply.readline()
                if not line:
                    break  # the server ended the stream: resume after the last event
                if not line.strip():
                    continue  # the keep-alive
                event = json.loads(line)
                kind = event.get("type")
                if kind == "hello":
                    if event.get("snapshot"):
                        unsent.clear()
                        for board in event.get("boards", []):
                            boards[board["board"]] = board
                            if board.get("your_turn"):
                                turn(board["board"], board)
                        for offer in event.get("offers", []):
                            answer(offer)
                    else:
                        for board_id, pending in list(unsent.items()):
                            turn(board_id, pending)
                elif kind == "invitation":
                    answer(event["offer"])
                elif kind == "game_start":
                    boards[event["board"]] = event
                elif kind == "your_turn" and event.get("current"):
                    turn(event["board"], event)
                elif kind == "proposal":
                    # Plays on: draws and take-backs refused, an abort granted.
                    verb = "accept" if event.get("kind") == "abort" else "reject"
                    api.request("POST", f"/api/games/{event['board']}/{verb}")
                elif kind == "game_end":
                    boards.pop(event["board"], None)
                    unsent.pop(event["board"], None)
                    ended.append(event)
                    _log(quiet, f"board {event['board']} ended: {event.get('result')} ({event.get('reason')})")
                if isinstance(event.get("id"), int):
                    since = event["id"]
        except (OSError, ValueError, http.client.HTTPException) as error:
            _log(quiet, f"the stream broke ({error}); resuming after event {since}")
            time.sleep(1)
        finally:
            connection.close()
    return ended
