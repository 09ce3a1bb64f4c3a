// SPDX-License-Identifier: Apache-2.0
// The engine in the page (issue 62, docs/wasm.md): the one way the analysis board and the
// computer's moves reach an engine.  The local one, a Web Worker (engine-worker.js) running
// the play server's /engine/ludus-engine.wasm, when it loads and the player has not chosen
// "Compute on the server"; the server's (POST /api/position, /api/evaluate) otherwise: old
// browsers (no module workers or no WebAssembly exceptions), a server without the engine.
// Both answer in the same shapes, written by the same C++ (core/position_json.h,
// ai/choice_json.h), so the page does not care which answered.  The worker thinks while the
// page goes on: nothing here blocks.
'use strict';

const COMPUTE_ON_SERVER = 'ludus.computeOnServer';  // localStorage: "1" = the player's choice

// loaded: undefined while unknown, then whether the engine loaded (for the page's words).
const localEngine = { worker: null, ready: null, loaded: undefined, error: '', pending: new Map(), next: 1 };

function computeOnServerChosen() {
  try {
    return localStorage.getItem(COMPUTE_ON_SERVER) === '1';
  } catch (e) {
    return false;
  }
}

function chooseComputeOnServer(onServer) {
  try {
    if (onServer) localStorage.setItem(COMPUTE_ON_SERVER, '1');
    else localStorage.removeItem(COMPUTE_ON_SERVER);
  } catch (e) {
    // a page without storage keeps the choice until it is closed
  }
}

// Starts the worker once; resolves to whether the engine loaded.
function startLocalEngine() {
  if (localEngine.ready) return localEngine.ready;
  localEngine.ready = new Promise((resolve) => {
    if (typeof Worker !== 'function' || typeof WebAssembly !== 'object') {
      localEngine.error = t('this browser has no Web Workers or no WebAssembly');
      localEngine.loaded = false;
      return resolve(false);
    }
    let worker;
    try {
      worker = new Worker('engine-worker.js', { type: 'module' });
    } catch (e) {
      localEngine.error = e.message;
      localEngine.loaded = false;
      return resolve(false);
    }
    const fail = (why) => {
      localEngine.error = why;
      localEngine.worker = null;
      worker.terminate();
      for (const { reject } of localEngine.pending.values()) reject(new Error(t('the engine stopped: {reason}', { reason: why })));
      localEngine.pending.clear();
      localEngine.loaded = false;
      resolve(false);
    };
    worker.onmessage = ({ data }) => {
      if ('ready' in data) {
        if (data.ready) {
          localEngine.loaded = true;
          resolve(true);
        }
        else fail(data.error || t('it did not load'));
        return;
      }
      const call = localEngine.pending.get(data.id);
      if (!call) return;
      localEngine.pending.delete(data.id);
      if (data.reply && data.reply.error !== undefined) call.reject(new Error(data.reply.error));
      else call.resolve(data.reply);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      fail(event.message || t('it could not be loaded'));
    };
    localEngine.worker = worker;
  });
  return localEngine.ready;
}

// Whether the next question goes to the engine in this browser (loading it the first time).
async function computesLocally() {
  if (computeOnServerChosen()) return false;
  return (await startLocalEngine()) && localEngine.worker !== null;
}

// One request of ludus_engine_call to the worker ({call, game, options, moves, ...}).
function localEngineCall(request) {
  return new Promise((resolve, reject) => {
    const id = localEngine.next++;
    localEngine.pending.set(id, { resolve, reject });
    localEngine.worker.postMessage({ id, request });
  });
}

// The position after `request.moves` (entries of plies; with `at`, only the first `at`
// plies), as POST /api/position gives it.
async function enginePosition(request) {
  if (!(await computesLocally())) return api('POST', '/api/position', request);
  return localEngineCall({ call: 'position', ...request });
}

// The engine's opinion of a position, as POST /api/evaluate gives it (`board`: the server
// refuses it where that board forbids exploration; the page offers no button there).
async function engineEvaluation(request) {
  if (!(await computesLocally())) return api('POST', '/api/evaluate', request);
  const { game, options, moves, iterations } = request;
  return localEngineCall({ call: 'analyse', game, options, moves, iterations });
}

// The computer's whole turn in a position: its plies' texts.  Locally the AI level `level`
// ("easy", "medium" ...) with a fresh seed; on the server its analysis engine's best move
// (the rest of an Epoxy turn is asked for next, as the computer is still to move).
async function engineComputerTurn(request, level) {
  const { game, options, moves } = request;
  if (!(await computesLocally())) return [(await api('POST', '/api/evaluate', request)).move];
  const seed = Math.floor(Math.random() * 1e9);
  const reply = await localEngineCall({ call: 'move', game, options, moves, ai: `${level}:seed=${seed}` });
  return reply.turn;
}

// Where the engine runs, in the page's words.
function engineWhereText() {
  if (computeOnServerChosen()) return t('The engine runs on the server (your choice).');
  if (localEngine.loaded === undefined) return t('Loading the engine into this browser…');
  if (localEngine.loaded) return t('The engine runs in this browser.');
  return t('The engine runs on the server: this browser cannot run it ({reason}).', { reason: localEngine.error });
}
