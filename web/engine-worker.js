// SPDX-License-Identifier: Apache-2.0
// The engine in the page (issue 62, docs/wasm.md) in a Web Worker, so that the page never
// freezes while the AI thinks.  It loads engine/ludus-engine.js and its WebAssembly (served
// by the play server at /engine/), says {ready: true} or {ready: false, error}, then answers
// each message {id, request} with {id, reply}: the reply of ludus_engine_call, one JSON
// request in, one JSON reply out, in the shapes of the play server's replies.  The engine
// answers one request at a time, in the order they came.  A module worker: a browser
// without them (or without WebAssembly's exceptions) fails to load it, and the page asks the
// server instead (web/local_engine.js).
const loading = import('./engine/ludus-engine.js').then((module) => module.default());

loading.then(() => postMessage({ ready: true }), (e) => postMessage({ ready: false, error: String(e?.message || e) }));

onmessage = async ({ data }) => {
  const engine = await loading;
  let reply;
  try {
    reply = JSON.parse(engine.ccall('ludus_engine_call', 'string', ['string'], [JSON.stringify(data.request)]));
  } catch (e) {
    reply = { error: `the engine failed: ${e?.message || e}` };
  }
  postMessage({ id: data.id, reply });
};
