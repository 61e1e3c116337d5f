/**
 * Reports a failed IndexedDB write of the cart instead of losing it silently:
 * the cart's event handlers fire and forget, so nothing else would see it.
 */
export function reportCartWrite(write: Promise<unknown>): void {
  write.catch((error: unknown) => console.error('Koszyk: zapis nie powiódł się', error));
}
