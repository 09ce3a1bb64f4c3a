// SPDX-License-Identifier: Apache-2.0
// The engine in the page (WebAssembly, docs/wasm.md) against the native binary:
//   node engine_test.mjs ENGINE_JS LUDUS [--speed]
// 1. on every game, at the start and after some random plies, the move an AI chooses with a
//    fixed seed and iteration budget is the same in both (`ludus think` vs the façade's
//    "move"), and so are its value and line;
// 2. the façade's views equal the native ones where both have them (legal moves, records);
// 3. bad requests get a one-line error reply, never a crash;
// 4. with --speed, random playouts per second, node vs native, per game (a table).
import { execFileSync } from "node:child_process";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const [enginePath, ludus, ...flags] = process.argv.slice(2);
if (!enginePath || !ludus) {
  console.error("usage: node engine_test.mjs ENGINE_JS LUDUS [--speed]");
  process.exit(2);
}
// Emscripten 3.1.6's ES module still reads CommonJS' __dirname and require under node
// (fixed in later versions), and node's fetch cannot read the .wasm beside it from a file:
// URL, so it is handed the bytes.  The page loads it in a worker, where neither applies.
globalThis.__dirname = path.dirname(path.resolve(enginePath));
globalThis.require = createRequire(import.meta.url);
const createLudusEngine = (await import(path.resolve(enginePath))).default;
const engine = await createLudusEngine({ wasmBinary: readFileSync(enginePath.replace(/\.js$/, ".wasm")) });
const call = (request) => JSON.parse(engine.ccall("ludus_engine_call", "string", ["string"], [JSON.stringify(request)]));
const native = (...args) => execFileSync(ludus, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
const nativeJson = (...args) => JSON.parse(native(...args, "--json"));
const optionArgs = (options) => Object.entries(options).flatMap(([k, v]) => ["-o", `${k}=${v}`]);

let failures = 0;
const check = (name, body) => {
  try {
    body();
    console.log(`ok   ${name}`);
  } catch (e) {
    failures++;
    console.log(`FAIL ${name}\n     ${String(e.message).split("\n").join("\n     ")}`);
  }
};

const catalog = call({ call: "games" });
const names = catalog.games.map((g) => g.name);
check("the catalog lists the five games, as the native binary does", () => {
  assert.equal(names.length, 5);
  const listed = native("games");
  for (const name of names) assert.ok(listed.includes(name), `${name} missing from ludus games`);
});

// Positions: the start and a few points of two random games of each game.
const positions = [];
for (const game of names) {
  positions.push({ game, options: {}, moves: [] });
  for (const seed of [3, 11]) {
    const { moves } = JSON.parse(native("random", game, "--seed", String(seed)));  // a JSON record
    for (const plies of [2, Math.floor(moves.length / 2)]) {
      if (plies < moves.length - 1) positions.push({ game, options: {}, moves: moves.slice(0, plies) });
    }
  }
}

for (const p of positions) {
  const label = `${p.game} after ${p.moves.length} plies`;
  check(`${label}: the same legal moves`, () => {
    const view = call({ call: "position", ...p });
    assert.equal(view.error, undefined, view.error);
    assert.deepEqual(view.legal_moves, nativeJson("moves", p.game, ...optionArgs(p.options), ...p.moves));
  });
  for (const ai of ["mcts:iters=300,seed=5", "easy:seed=2"]) {
    check(`${label}: ${ai} chooses the same move as native`, () => {
      const mine = call({ call: "move", ...p, ai });
      assert.equal(mine.error, undefined, mine.error);
      const theirs = nativeJson("think", p.game, ...optionArgs(p.options), ...p.moves, "--ai", ai);
      for (const key of ["move", "turn", "pv", "iterations", "proven"]) assert.deepEqual(mine[key], theirs[key], key);
      assert.ok(Math.abs(mine.value - theirs.value) < 1e-9, `value ${mine.value} vs ${theirs.value}`);
    });
  }
}

check("options as the server takes them: text, integers, booleans", () => {
  const view = call({ call: "position", game: "ndengrod", options: { size: 4, swap: false }, moves: [] });
  assert.equal(view.error, undefined, view.error);
  assert.ok(!view.legal_moves.includes("swap"));
  assert.deepEqual(view.legal_moves, nativeJson("moves", "ndengrod", "-o", "size=4", "-o", "swap=off"));
});

check("a line as a link writes it, read as the server reads it: plies joined in an entry, 'at', errors naming the ply", () => {
  const line = { call: "position", game: "ndengrod", options: { size: "5" } };
  assert.deepEqual(call({ ...line, moves: ["e5,d4", "c3"] }).moves, ["e5", "d4", "c3"]);
  assert.deepEqual(call({ ...line, moves: ["e5,d4", "c3"], at: 1 }).moves, ["e5"]);
  assert.equal(call({ ...line, moves: ["e5,e5"] }).error, call({ ...line, moves: ["e5", "e5"] }).error);
  assert.match(call({ ...line, moves: ["e5", "e5"] }).error, /^move 2 'e5': /);
  assert.match(call({ ...line, moves: ["e5"], at: -1 }).error, /^field 'at' must be/);
});

check("records: the façade's JSON and SGF are the native ones", () => {
  const p = positions.find((q) => q.moves.length > 4);
  const mine = call({ call: "record", ...p });
  const theirs = nativeJson("show", p.game, ...optionArgs(p.options), ...p.moves);
  for (const key of ["game", "options", "moves"]) assert.deepEqual(mine.json[key], theirs[key], key);
  assert.equal(mine.sgf, native("show", p.game, ...optionArgs(p.options), ...p.moves, "--sgf"));
});

check("analysis: a win chance and a line for the side to move", () => {
  const reply = call({ call: "analyse", game: "trellis", moves: [], iterations: 500 });
  assert.ok(reply.win_probability >= 0 && reply.win_probability <= 1, JSON.stringify(reply));
  assert.ok(reply.pv.length >= 1);
  assert.equal(reply.iterations, 500);
});

check("the timed levels, which ask for every core natively, search on the worker's one thread", () => {
  const reply = call({ call: "move", game: "trellis", moves: [], ai: "hard:time=300ms" });
  assert.equal(reply.error, undefined, reply.error);
  assert.ok(reply.iterations > 0 && reply.seconds < 5, JSON.stringify(reply));
});

check("solve: a small board proven within its budget", () => {
  const reply = call({ call: "solve", game: "netted", options: { size: 3 }, moves: [], seconds: 20 });
  assert.equal(reply.error, undefined, reply.error);
  assert.ok(["win", "loss", "draw"].includes(reply.value), JSON.stringify(reply));
});

check("bad requests: one-line errors, and the engine still answers", () => {
  const bad = [
    ["not json", "{"],
    ["unknown call", JSON.stringify({ call: "fly" })],
    ["unknown game", JSON.stringify({ call: "position", game: "chess" })],
    ["bad option", JSON.stringify({ call: "position", game: "trellis", options: { size: "huge" } })],
    ["options not an object", JSON.stringify({ call: "position", game: "trellis", options: [19] })],
    ["an option neither text nor number", JSON.stringify({ call: "position", game: "trellis", options: { size: 1.5 } })],
    ["illegal move", JSON.stringify({ call: "position", game: "trellis", moves: ["zz99"] })],
    ["bad AI spec", JSON.stringify({ call: "move", game: "trellis", ai: "mcts:iters=-1" })],
    ["a spec naming a file", JSON.stringify({ call: "move", game: "trellis", ai: "mcts:priors=/etc/passwd,iters=10" })],
    ["game over", JSON.stringify({ call: "analyse", game: "netted", moves: JSON.parse(native("random", "netted", "--seed", "3")).moves })],
    ["too long a solve", JSON.stringify({ call: "solve", game: "netted", seconds: 1e9 })],
  ];
  for (const [what, text] of bad) {
    const reply = JSON.parse(engine.ccall("ludus_engine_call", "string", ["string"], [text]));
    assert.equal(typeof reply.error, "string", `${what}: ${JSON.stringify(reply)}`);
    assert.ok(!reply.error.includes("\n"), `${what}: ${reply.error}`);
  }
  assert.equal(call({ call: "games" }).games.length, 5);
});

if (flags.includes("--speed")) {
  console.log("\nrandom playouts per second from the start, one thread (1 s each)");
  console.log("game        native      node (wasm)   ratio");
  for (const { name: game, options } of catalog.games) {
    const defaults = Object.fromEntries(options.map((o) => [o.name, o.default]));
    const nativeRate = nativeJson("bench", game, ...optionArgs(defaults), "--no-mcts", "--threads", "1", "--seconds", "1",
                                  "--signature-games", "1").boards[0].playouts_per_second;
    const wasmRate = call({ call: "playouts", game, seconds: 1 }).per_second;
    console.log(`${game.padEnd(10)} ${nativeRate.toFixed(0).padStart(8)} ${wasmRate.toFixed(0).padStart(13)} ${(wasmRate / nativeRate * 100).toFixed(0).padStart(6)}%`);
  }
}

console.log(failures ? `\n${failures} failed` : "\nall passed");
process.exit(failures ? 1 : 0);
