// @ts-check
// A style sheet put in the page when first needed (a dialog's: shared/dialogs.css, settings/
// settings.css), once: the first load carries only what the page shows at once.

/** @type {Map<string, Promise<void>>} */
const sheets = new Map();

/**
 * Resolves once the sheet at `url` is in the page (or could not be had: what it styles still
 * works, unstyled, rather than not at all).
 * @param {URL} url
 */
export function styleSheet(url) {
  let p = sheets.get(url.href);
  if (!p) {
    p = new Promise((resolve) => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = url.href;
      link.onload = link.onerror = () => resolve(undefined);
      document.head.append(link);
    });
    sheets.set(url.href, p);
  }
  return p;
}

/** The card dialogs' sheet. */
export const dialogSheet = () => styleSheet(new URL('./dialogs.css', import.meta.url));
