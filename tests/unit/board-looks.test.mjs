// The board's named looks (www/board/themes.js) and the player's stored choice of them
// (www/settings/settings.js), in Node: the high-contrast theme meets WCAG AA for the texts drawn on
// the board and tells the sides apart by shape; a stored value that is not ours is ignored field
// by field; a bad change is refused with its reason and changes nothing. (Issue 21, item 1.)

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { THEMES, FRAMES, THEME_NAMES, PIECE_SETS, namedTheme, themeName, pieceSetName } from '../../www/board/themes.js';
import { parseBoardSettings, changeSettings, DEFAULT_SETTINGS, MAX_SETTINGS_TEXT } from '../../www/settings/settings.js';
import { OPTIONS, readOptions } from '../../www/game/options.js';

/** '#rrggbb' or 'rgba(r, g, b, a)' to [r, g, b, a]. */
function rgba(css) {
  const hex = /^#([0-9a-f]{6})$/i.exec(css);
  if (hex) return [0, 2, 4].map((i) => parseInt(hex[1].slice(i, i + 2), 16)).concat(1);
  const m = /^rgba?\(([^)]+)\)$/.exec(css);
  assert.ok(m, `not a colour: ${css}`);
  const [r, g, b, a = 1] = m[1].split(',').map(Number);
  return [r, g, b, a];
}
/** `fg` painted over the opaque `bg`. */
const over = (fg, bg) => [0, 1, 2].map((i) => fg[i] * fg[3] + bg[i] * (1 - fg[3])).concat(1);
/** WCAG 2 relative luminance. */
const luminance = ([r, g, b]) =>
  [r, g, b].map((v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)).reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
/** WCAG 2 contrast ratio of text `fg` on the opaque square colour `bg`. */
function contrast(fg, bg) {
  const b = rgba(bg);
  const [l1, l2] = [luminance(over(rgba(fg), b)), luminance(b)].sort((x, y) => y - x);
  return (l1 + 0.05) / (l2 + 0.05);
}

test('at least three themes and a high-contrast one; two piece sets; every colour a colour', () => {
  assert.ok(THEME_NAMES.length >= 4, THEME_NAMES.join());
  assert.ok(THEME_NAMES.includes('contrast'));
  assert.ok(THEME_NAMES.includes('classic'), 'the board the site had');
  assert.deepEqual([...PIECE_SETS], ['discs', 'flat']);
  for (const name of THEME_NAMES) {
    const th = THEMES[name];
    for (const key of ['light', 'dark', 'number', 'lastMove', 'selected', 'premove', 'mustCapture', 'crown', 'crownEdge']) rgba(th[key]);
    for (const side of [th.white, th.black]) for (const v of Object.values(side)) rgba(v);
    assert.equal(FRAMES[name].length, 2, `${name} has a frame`);
    // The texts call the ring of pieces that must capture orange, whatever the theme.
    assert.equal(th.mustCapture, '#ff8a1f');
  }
});

test('high contrast: numbers and edge labels at least 4.5:1 on their squares, pieces 3:1, and Black marked by shape', () => {
  const th = THEMES.contrast;
  const ratios = {
    numbers: contrast(th.number, th.dark),
    // drawEdgeLabels writes each label in the colour of the other kind of square.
    labelsOnDark: contrast(th.light, th.dark),
    labelsOnLight: contrast(th.dark, th.light),
    whiteMan: contrast(th.white.lo, th.dark),
    blackMan: contrast(th.black.lo, th.dark),
    blackMark: contrast(th.mark, th.black.lo),
  };
  for (const key of ['numbers', 'labelsOnDark', 'labelsOnLight']) assert.ok(ratios[key] >= 4.5, `${key} ${ratios[key].toFixed(2)}:1`);
  for (const key of ['whiteMan', 'blackMan', 'blackMark']) assert.ok(ratios[key] >= 3, `${key} ${ratios[key].toFixed(2)}:1`);
  assert.ok(th.mark, 'Black pieces carry a ring: the sides differ by shape, not colour only');
  assert.ok(th.outline > THEMES.classic.outline, 'heavier outlines');
  // The other themes have no mark (their pieces stay as they were).
  for (const name of THEME_NAMES.filter((n) => n !== 'contrast')) assert.equal(THEMES[name].mark, '');
});

test('names: any case and spaces around are read; anything else is no theme', () => {
  assert.equal(themeName(' Marble '), 'marble');
  assert.equal(pieceSetName('FLAT'), 'flat');
  for (const bad of ['', 'neon', '__proto__', 'constructor', 'toString', null, undefined, 3, {}, ['wood']]) {
    assert.equal(themeName(bad), null, String(bad));
    assert.equal(pieceSetName(bad), null, String(bad));
  }
  // A copy: changing it changes no other board's theme.
  const a = namedTheme('wood');
  a.white.lo = 'red';
  a.choice.push('x');
  assert.notEqual(THEMES.wood.white.lo, 'red');
  assert.equal(THEMES.wood.choice.length, 4);
  assert.equal(namedTheme('nope').dark, THEMES.classic.dark);
});

test('stored settings: ours are read; each field that is not ours is ignored, the rest kept', () => {
  assert.deepEqual(parseBoardSettings('{"theme":"contrast","pieces":"flat","premoves":false,"threads":2}'), {
    theme: 'contrast',
    pieces: 'flat',
    premoves: false,
    threads: 2,
  });
  const defaults = { ...DEFAULT_SETTINGS };
  assert.deepEqual(defaults, { theme: 'classic', pieces: 'discs', premoves: true, threads: 0 });
  // Threads: a whole number 0 (all the device has) to 16; anything else is not ours.
  for (const bad of ['-1', '17', '1.5', '"2"', 'null', '1e300', 'true']) {
    assert.equal(parseBoardSettings(`{"threads":${bad}}`).threads, 0, bad);
  }
  assert.equal(parseBoardSettings('{"threads":16}').threads, 16);
  for (const junk of [null, undefined, '', 'not json', '[1,2]', '"wood"', '42', 'null', '{"theme":'.repeat(3)]) {
    assert.deepEqual(parseBoardSettings(junk), defaults, String(junk));
  }
  assert.deepEqual(parseBoardSettings('{"theme":"neon","pieces":"flat","premoves":"yes"}'), { ...defaults, pieces: 'flat' });
  assert.deepEqual(parseBoardSettings('{"theme":"wood","pieces":7,"premoves":false,"extra":1}'), { ...defaults, theme: 'wood', premoves: false });
  assert.deepEqual(parseBoardSettings('{"theme":"__proto__"}'), defaults);
  // Over the bound: not read at all (ours is under 100 characters).
  const long = JSON.stringify({ theme: 'wood', pad: 'x'.repeat(MAX_SETTINGS_TEXT) });
  assert.deepEqual(parseBoardSettings(long), defaults);
});

test('a change that is not a setting is refused, naming it, and changes nothing', () => {
  const s = { theme: 'wood', pieces: 'flat', premoves: true };
  assert.deepEqual(changeSettings(s, { theme: 'Marble' }), { ...s, theme: 'marble' });
  assert.deepEqual(changeSettings(s, { premoves: false, pieces: 'discs' }), { theme: 'wood', pieces: 'discs', premoves: false });
  assert.throws(() => changeSettings(s, { theme: 'neon' }), /no board theme is called "neon" \(there are classic, wood, marble, contrast\)/);
  assert.throws(() => changeSettings(s, { pieces: 'glass' }), /no piece set is called "glass"/);
  assert.throws(() => changeSettings(s, { premoves: 'yes' }), /premoves is true or false, not "yes"/);
  assert.deepEqual(changeSettings(s, { threads: 3 }), { ...s, threads: 3 });
  for (const bad of [-1, 17, 2.5, NaN, '2', null]) {
    assert.throws(() => changeSettings(s, { threads: bad }), /threads is a whole number 0-16/, String(bad));
  }
  assert.throws(() => changeSettings(s, { colour: 'red' }), /"colour" is not a board setting/);
  // A change with one bad field changes none of the others either.
  assert.throws(() => changeSettings(s, { pieces: 'discs', theme: 'neon' }));
  assert.deepEqual(s, { theme: 'wood', pieces: 'flat', premoves: true });
});

test('the element and the frame read theme and pieces like every other option', () => {
  for (const attr of ['theme', 'pieces']) assert.ok(OPTIONS.some((o) => o.attr === attr && !o.restarts), `${attr}: an option that does not restart the game`);
  const params = new URLSearchParams('theme=contrast&pieces=flat');
  const o = readOptions((n) => params.get(n));
  assert.equal(o.theme, 'contrast');
  assert.equal(o.pieces, 'flat');
});
