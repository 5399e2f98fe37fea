// @ts-check
// Offers a text as a .pdn file to download, named for the day.

/**
 * @param {string} text
 * @param {string} name the file's name before the date
 */
export function download(text, name) {
  const blob = new Blob([text], { type: 'application/x-pdn' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  const d = new Date();
  a.download = `${name}-${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}.pdn`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}
