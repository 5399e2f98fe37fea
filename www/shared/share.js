// @ts-check
// Links that carry a game: its PDN (variations and comments with it) packed into the address's
// fragment, so that a static host never sees it, for the analysis board to open. The text is
// compressed (deflate, `CompressionStream`) and written in base64url as `z=`; a browser without
// `CompressionStream` writes it plain as `pdn=`, which the analysis board has always read.
//
// Bounds: a link is at most MAX_LINK characters (past it, the page says the game is too long
// for a link and offers the PDN instead: nothing is lost); a `z=` value past MAX_LINK, one
// that is not base64url, not deflate or unpacks to more than MAX_TEXT characters, is refused
// with its reason, and the page opens as without it.

/** The longest link made or read: 100,000 characters (a 300-ply game with comments takes a few thousand). */
export const MAX_LINK = 100_000;
/** The longest text a link unpacks to: the analysis board's bound on an address's PDN. */
export const MAX_TEXT = 256 * 1024;

const canPack = () => typeof CompressionStream === 'function' && typeof DecompressionStream === 'function';

/** @param {Uint8Array} bytes */
function toBase64Url(bytes) {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** @param {string} text @returns {Uint8Array<ArrayBuffer>} */
function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('the link is damaged (a character that is not base64url)');
  const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

/** @param {string} text @returns {Promise<string>} the text deflated, in base64url */
async function pack(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return toBase64Url(new Uint8Array(await new Response(stream).arrayBuffer()));
}

/**
 * A packed text unpacked; throws for one that is not, or that unpacks past MAX_TEXT (reading
 * stops there: a small link cannot make the page unpack gigabytes).
 * @param {string} value
 */
async function unpack(value) {
  const bytes = fromBase64Url(value);
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw')).pipeThrough(new TextDecoderStream()).getReader();
  let out = '';
  try {
    for (;;) {
      const { done, value: chunk } = await reader.read();
      if (done) break;
      out += chunk;
      if (out.length > MAX_TEXT) throw new Error(`the link holds more than ${MAX_TEXT} characters`);
    }
  } catch (err) {
    reader.cancel().catch(() => {});
    const e = /** @type {Error} */ (err);
    throw new Error(e.message.startsWith('the link') ? e.message : 'the link is damaged (not a packed game)', { cause: err });
  }
  return out;
}

/**
 * A text packed for an address (deflate, base64url), or null where the browser cannot pack.
 * @param {string} text
 */
export const packText = async (text) => (canPack() ? pack(text) : null);

/**
 * A packed text unpacked; throws with the reason for one that is not (see unpack), or past
 * MAX_LINK characters.
 * @param {string} value
 */
export async function unpackText(value) {
  if (value.length > MAX_LINK) throw new Error(`the link is over ${MAX_LINK} characters`);
  if (!canPack()) throw new Error('this browser cannot unpack a game from a link (no DecompressionStream)');
  return unpack(value);
}

/**
 * The link that opens `pdn` on the analysis board at `analysisUrl` (at main-line ply `ply`,
 * then along the moves of `line`, a variation's, when it has any).
 * Throws an error whose `tooLong` is the link's length when it is past MAX_LINK.
 * @param {string | URL} analysisUrl the analysis board's address
 * @param {{pdn: string, variant: string, ply?: number, line?: string[]}} game
 * @returns {Promise<string>}
 */
export async function gameLink(analysisUrl, { pdn, variant, ply, line = [] }) {
  const p = new URLSearchParams({ variant });
  if (canPack()) p.set('z', await pack(pdn));
  else p.set('pdn', pdn);
  if (ply) p.set('ply', String(ply));
  if (line.length) p.set('line', line.join(','));
  const url = new URL(analysisUrl);
  url.hash = p.toString();
  const link = url.href;
  if (link.length > MAX_LINK) throw Object.assign(new Error(`the link would be ${link.length} characters, at most ${MAX_LINK}`), { tooLong: link.length });
  return link;
}

/**
 * The address's parameters with a packed game (`z=`) unpacked into `pdn=`; the others as they
 * are. Throws with the reason for a `z=` that cannot be read (the caller opens the page without
 * it and says so).
 * @param {URLSearchParams} params
 * @returns {Promise<URLSearchParams>}
 */
export async function unpackLink(params) {
  const z = params.get('z');
  if (z === null) return params;
  const out = new URLSearchParams(params);
  out.delete('z');
  out.set('pdn', await unpackText(z));
  return out;
}
