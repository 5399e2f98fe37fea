// The page's side of the engine worker. A search can be cancelled at any time (new game,
// undo): the worker is terminated, which is the only way to stop a wasm search mid-way and
// free the CPU, and a fresh one is started on the next request.

export class EngineClient {
  constructor() {
    this.worker = null;
    this.nextId = 1;
    this.pending = new Map(); // id -> {resolve, reject}
  }

  start() {
    if (this.worker) return;
    this.worker = new Worker(new URL('./engine.worker.js', import.meta.url), { type: 'module' });
    this.worker.onmessage = (e) => {
      const { id, ok, result, error } = e.data;
      const p = this.pending.get(id);
      if (!p) return;
      this.pending.delete(id);
      if (ok) p.resolve(result);
      else p.reject(new Error(error));
    };
    this.worker.onerror = (e) => {
      e.preventDefault?.();
      const err = new Error(e.message || 'engine worker failed');
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
      this.worker?.terminate();
      this.worker = null;
    };
  }

  request(msg) {
    this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...msg, id });
    });
  }

  // Resolves to {move, score, depth, nodes, pv, timeMs}, or null if cancelled.
  search({ startFen, moves, level, timeMs, seed }) {
    return this.request({ type: 'search', startFen, moves, level, timeMs, seed });
  }

  // Clears the engine's memory of earlier positions (cheap; nothing to wait for).
  newGame() {
    if (this.worker) this.worker.postMessage({ type: 'newGame', id: 0 });
  }

  get busy() {
    return this.pending.size > 0;
  }

  // Stop whatever the worker is doing. Pending requests resolve to null.
  cancel() {
    if (!this.pending.size) return;
    this.worker?.terminate();
    this.worker = null;
    for (const p of this.pending.values()) p.resolve(null);
    this.pending.clear();
  }
}
