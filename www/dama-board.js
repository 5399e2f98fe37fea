// @ts-check
// The <dama-board> element's public address: docs/EMBED.md tells other sites to load
// www/dama-board.js, so this file stays where it was when the element moved to element/
// (element.js, with reads.js, chrome.js and css.js). The site's own pages import
// element/element.js directly and preload it, one module fewer before they are playable.

export * from './element/element.js';
