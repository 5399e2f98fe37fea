// @ts-check
// Move sounds made with WebAudio, no audio files: a wooden tap for a move, a double tap for a
// capture, a short chime for a crowning and the end of a game, two beeps for a player's time
// going under ten seconds. Silent wherever WebAudio is missing or not yet allowed (browsers
// start audio only after a user gesture).

/** @type {AudioContext | null} */
let ctx = null;

/** @returns {AudioContext | null} */
function audio() {
  if (!ctx) {
    // Older Safari has only the prefixed constructor.
    /** @type {typeof AudioContext | undefined} */
    const AC = globalThis.AudioContext || /** @type {{ webkitAudioContext?: typeof AudioContext }} */ (globalThis).webkitAudioContext;
    if (!AC) return null;
    ctx = new AC();
  }
  if (ctx.state === 'suspended') ctx.resume().catch(() => {});
  return ctx;
}

// A piece put down on wood: a short band-passed noise burst over a low thump.
/** @param {AudioContext} ac @param {number} at start time (s) @param {number} [gain] */
function tap(ac, at, gain = 0.5) {
  const len = Math.floor(ac.sampleRate * 0.06);
  const buf = ac.createBuffer(1, len, ac.sampleRate);
  const data = buf.getChannelData(0);
  for (let i = 0; i < len; i++) data[i] = (Math.random() * 2 - 1) * Math.pow(1 - i / len, 4);
  const noise = ac.createBufferSource();
  noise.buffer = buf;
  const band = ac.createBiquadFilter();
  band.type = 'bandpass';
  band.frequency.value = 1800;
  band.Q.value = 1.2;
  const g = ac.createGain();
  g.gain.value = gain;
  noise.connect(band).connect(g).connect(ac.destination);
  noise.start(at);

  const osc = ac.createOscillator();
  osc.type = 'sine';
  osc.frequency.setValueAtTime(180, at);
  osc.frequency.exponentialRampToValueAtTime(90, at + 0.08);
  const og = ac.createGain();
  og.gain.setValueAtTime(gain * 0.6, at);
  og.gain.exponentialRampToValueAtTime(0.001, at + 0.1);
  osc.connect(og).connect(ac.destination);
  osc.start(at);
  osc.stop(at + 0.12);
}

/** @param {AudioContext} ac @param {number} at start time (s) @param {number[]} freqs Hz @param {number} [gain] */
function chime(ac, at, freqs, gain = 0.12) {
  freqs.forEach((f, i) => {
    const osc = ac.createOscillator();
    osc.type = 'triangle';
    osc.frequency.value = f;
    const g = ac.createGain();
    const t0 = at + i * 0.09;
    g.gain.setValueAtTime(0.0001, t0);
    g.gain.exponentialRampToValueAtTime(gain, t0 + 0.01);
    g.gain.exponentialRampToValueAtTime(0.0001, t0 + 0.35);
    osc.connect(g).connect(ac.destination);
    osc.start(t0);
    osc.stop(t0 + 0.4);
  });
}

/** The pitch of the low-time beeps (Hz): none of the game's other sounds uses it. */
export const LOW_TIME_HZ = 1760;

// A player's time running short: two short high beeps, unlike any sound of the game's.
/** @param {AudioContext} ac @param {number} at start time (s) */
function alarm(ac, at) {
  for (const t0 of [at, at + 0.16]) {
    const osc = ac.createOscillator();
    osc.type = 'sine';
    osc.frequency.value = LOW_TIME_HZ;
    const g = ac.createGain();
    g.gain.setValueAtTime(0.0001, t0);
    g.gain.exponentialRampToValueAtTime(0.18, t0 + 0.01);
    g.gain.exponentialRampToValueAtTime(0.0001, t0 + 0.09);
    osc.connect(g).connect(ac.destination);
    osc.start(t0);
    osc.stop(t0 + 0.1);
  }
}

// kind: 'move' | 'capture' | 'end' | 'low' (a player's time under ten seconds); `promotes`
// adds the crowning chime.
/** @param {'move' | 'capture' | 'end' | 'low'} kind @param {boolean} [promotes] */
export function playSound(kind, promotes = false) {
  try {
    const ac = audio();
    if (!ac) return;
    const now = ac.currentTime + 0.01;
    if (kind === 'move') tap(ac, now);
    else if (kind === 'capture') {
      tap(ac, now, 0.55);
      tap(ac, now + 0.11, 0.4);
    } else if (kind === 'end') chime(ac, now, [523.25, 659.25, 783.99]);
    else if (kind === 'low') alarm(ac, now);
    if (promotes) chime(ac, now + 0.12, [880, 1174.66]);
  } catch {
    // Sound is a nicety: never let it break a move.
  }
}
