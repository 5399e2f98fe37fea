#!/usr/bin/env node
// @ts-check
// Draws the app icons (www/icons/icon-192.png, icon-512.png, maskable-512.png) with a canvas
// in headless Chromium, the browser the tests use. Run once after changing the design; the
// PNGs are committed. Usage: node scripts/icons.mjs

import { chromium } from 'playwright-core';
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const out = join(fileURLToPath(new URL('..', import.meta.url)), 'www', 'icons');
mkdirSync(out, { recursive: true });

// A corner of the board with a crowned white king. `safe` is the fraction of the icon that
// must hold the artwork: maskable icons get cropped to a circle of 80%.
// (Runs in the page: it is sent there as source text.)
/** @param {number} size px @param {number} safe 0-1 @param {boolean} rounded */
function draw(size, safe, rounded) {
  const c = document.createElement('canvas');
  c.width = c.height = size;
  const g = /** @type {CanvasRenderingContext2D} */ (c.getContext('2d'));
  const s = size;
  g.fillStyle = '#2d2118';
  if (rounded) {
    g.beginPath();
    g.roundRect(0, 0, s, s, s * 0.18);
    g.fill();
  } else {
    g.fillRect(0, 0, s, s);
  }
  const inset = (s * (1 - safe)) / 2 + s * 0.06;
  const b = s - 2 * inset;
  const cell = b / 4;
  for (let r = 0; r < 4; r++) {
    for (let col = 0; col < 4; col++) {
      g.fillStyle = (r + col) % 2 ? '#4f7f4a' : '#ead6ae';
      g.fillRect(inset + col * cell, inset + r * cell, cell, cell);
    }
  }
  const x = s / 2;
  const y = s / 2;
  const R = b * 0.3;
  const h = R * 0.22;
  const disc = (/** @type {number} */ cy) => {
    g.fillStyle = '#b39d72';
    g.strokeStyle = 'rgba(70, 50, 25, 0.6)';
    g.lineWidth = Math.max(1, R * 0.04);
    g.beginPath();
    g.arc(x, cy + h / 2, R, 0, Math.PI);
    g.lineTo(x - R, cy - h / 2);
    g.arc(x, cy - h / 2, R, Math.PI, 0, true);
    g.closePath();
    g.fill();
    g.stroke();
    const grad = g.createRadialGradient(x - R * 0.35, cy - h / 2 - R * 0.4, R * 0.1, x, cy - h / 2, R * 1.05);
    grad.addColorStop(0, '#fffaf0');
    grad.addColorStop(1, '#dccba4');
    g.fillStyle = grad;
    g.beginPath();
    g.arc(x, cy - h / 2, R, 0, 2 * Math.PI);
    g.fill();
    g.stroke();
  };
  g.fillStyle = 'rgba(0, 0, 0, 0.35)';
  g.beginPath();
  g.ellipse(x, y + h * 2.2, R * 1.08, R * 0.9, 0, 0, 2 * Math.PI);
  g.fill();
  disc(y + h);
  disc(y - h * 0.9);
  // Crown.
  const w = R * 0.42;
  const top = y - h * 1.4 - R * 0.05;
  g.fillStyle = '#e0aa2e';
  g.strokeStyle = '#8a5a00';
  g.lineWidth = Math.max(1, R * 0.05);
  g.lineJoin = 'round';
  g.beginPath();
  g.moveTo(x - w, top + R * 0.2);
  g.lineTo(x - w * 1.05, top - R * 0.28);
  g.lineTo(x - w * 0.45, top - R * 0.02);
  g.lineTo(x, top - R * 0.36);
  g.lineTo(x + w * 0.45, top - R * 0.02);
  g.lineTo(x + w * 1.05, top - R * 0.28);
  g.lineTo(x + w, top + R * 0.2);
  g.closePath();
  g.fill();
  g.stroke();
  return c.toDataURL('image/png');
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
const page = await browser.newPage();
/** @type {[string, number, number, boolean][]} file, size, safe fraction, rounded corners */
const icons = [
  ['icon-192.png', 192, 1, true],
  ['icon-512.png', 512, 1, true],
  ['maskable-512.png', 512, 0.8, false],
];
for (const [name, size, safe, rounded] of icons) {
  const url = await page.evaluate(`(${draw})(${size}, ${safe}, ${rounded})`);
  writeFileSync(join(out, name), Buffer.from(url.split(',')[1], 'base64'));
  console.log(`icons: www/icons/${name}`);
}
await browser.close();
