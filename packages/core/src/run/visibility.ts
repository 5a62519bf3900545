/**
 * Watches the page's visibility so a loop can stop while hidden (no work, no battery) and
 * resynchronize when shown, instead of replaying the hidden time as catch-up steps. Returns the
 * function that stops watching. Outside a document it watches nothing.
 */
export function watchVisibility(onChange: (hidden: boolean) => void): () => void {
  if (typeof document === 'undefined') {
    return () => {};
  }
  const listener = () => onChange(document.visibilityState === 'hidden');
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
}
