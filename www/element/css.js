// The <dama-board> element's own style, adopted by its shadow root: the host page's CSS cannot
// reach inside, and this cannot leak out. A constructed sheet, not a <style> element, so a
// page's Content-Security-Policy with style-src 'self' allows it.

export const CSS = `
:host {
  display: block !important; /* a host rule like * { all: unset } must not make it inline */
  position: relative;
  min-width: 120px;
  contain: layout style;
  -webkit-tap-highlight-color: transparent;
}
:host([hidden]) { display: none !important; }

/* Nothing inherited from the host page past this point, except the theme variables. */
.wrap {
  all: initial;
  display: flex;
  flex-direction: column;
  gap: 6px;
  width: 100%;
  box-sizing: border-box;
  font: 15px/1.35 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  color: var(--dama-ink, #2a1d12);
}
* { box-sizing: border-box; }
[hidden] { display: none !important; }

.stage { position: relative; width: 100%; aspect-ratio: 1 / 1; }
/* While the wasm loads, a board with controls keeps about the room of the bar it shows once
   ready (a status line and a row of buttons), so the host page does not jump then. */
:host([controls]) .wrap:has(.loading:not([hidden])) { padding-bottom: calc(6px + 6.2em); }
.board { position: absolute; inset: 0; }
canvas {
  display: block !important;
  width: 100%;
  height: 100%;
  touch-action: none; /* drags must not scroll or zoom the page */
  user-select: none;
  -webkit-user-select: none;
  border-radius: var(--dama-radius, 2px);
  outline: none;
}

.loading {
  position: absolute;
  inset: 0;
  margin: 0;
  display: grid;
  place-items: center;
  background: var(--dama-dark, #4f7f4a);
  color: var(--dama-light, #ead6ae);
  font-size: 1.05em;
  border-radius: var(--dama-radius, 2px);
}

.overlay {
  position: absolute;
  inset: 0;
  display: grid;
  place-items: center;
  background: rgba(20, 14, 8, 0.45);
  border-radius: var(--dama-radius, 2px);
}
.card {
  background: var(--dama-card, #f7efdf);
  color: var(--dama-card-ink, #2a1d12);
  padding: 1em 1.3em;
  border-radius: 12px;
  text-align: center;
  max-width: 85%;
  box-shadow: 0 12px 40px rgba(0, 0, 0, 0.5);
}
.card h2 { margin: 0 0 0.3em; font-size: 1.5em; line-height: 1.2; }
.card p { margin: 0 0 0.9em; }
.buttons { display: flex; gap: 8px; justify-content: center; flex-wrap: wrap; }

button {
  font: inherit;
  font-size: 0.95em;
  color: #2a1d12;
  background: #fff;
  border: 1px solid rgba(0, 0, 0, 0.2);
  border-radius: 8px;
  padding: 0.45em 0.8em;
  min-height: 38px;
  min-width: 38px;
  cursor: pointer;
  touch-action: manipulation;
}
button:hover:not(:disabled) { background: #f1e9da; }
button:focus-visible { outline: 3px solid var(--dama-highlight, #ffd750); outline-offset: 1px; }
button:disabled { opacity: 0.45; cursor: default; }
button.primary { background: var(--dama-accent, #3e6b35); color: #fff; border-color: transparent; font-weight: 600; }
button.primary:hover:not(:disabled) { background: var(--dama-accent, #3e6b35); filter: brightness(1.12); }

.bar {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px;
  padding: 6px 8px;
  border-radius: 8px;
  background: var(--dama-bar, rgba(247, 239, 223, 0.92));
  color: var(--dama-bar-ink, #2a1d12);
}
.status { flex: 1 1 10em; min-width: 0; font-weight: 600; }
.status.notice { color: var(--dama-notice, #9a3b12); }
.bar .tools { display: flex; gap: 6px; flex-wrap: wrap; }
.nav { display: flex; gap: 6px; align-items: center; flex: 1 1 auto; justify-content: center; }
.nav button { font-size: 1.25em; line-height: 1; padding: 0.2em 0.6em; }
.nav .ply { min-width: 6em; text-align: center; font-variant-numeric: tabular-nums; }

/* A small board (a small iframe, a narrow column): a compact bar, the status at most two lines
   (its whole text is the status's title), so the board keeps the room. */
.wrap { container-type: inline-size; }
@container (max-width: 340px) {
  .bar { gap: 4px; padding: 4px 6px; font-size: 13px; }
  .status {
    flex-basis: 100%;
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 2;
    line-clamp: 2;
    overflow: hidden;
  }
  .bar .tools { flex: 1 1 100%; flex-wrap: nowrap; }
  .bar .tools button { flex: 1 1 auto; min-width: 0; padding: 0.3em 0.4em; min-height: 32px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  .nav button { padding: 0.15em 0.45em; }
  .nav .ply { min-width: 0; }
}

/* The analysis under the board: White's share of the bar, and the engine's best line. */
.eval { display: flex; flex-direction: column; gap: 4px; }
.eval-bar { height: 12px; border-radius: 6px; overflow: hidden; background: var(--dama-eval-black, #2a1d12); border: 1px solid rgba(0, 0, 0, 0.3); }
.eval-white { height: 100%; width: 50%; background: var(--dama-eval-white, #f7efdf); transition: width 0.3s; }
.eval-line { margin: 0; font: 13px/1.3 ui-monospace, "SF Mono", Menlo, Consolas, monospace; color: var(--dama-ink, #2a1d12); min-height: 1.3em; overflow-wrap: anywhere; }

.sr-only {
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  clip-path: inset(50%);
  white-space: nowrap;
}
`;
