/**
 * The form as typed, kept in localStorage on every change: a phone order is
 * taken in a hurry, and a dropped connection, a reload or a closed panel must
 * not lose it. Cleared once the order is placed or queued.
 */

export const NEW_ORDER_DRAFT_KEY = 'kwiaciarnia-new-order-draft';

export function loadDraft<T extends object>(empty: T): T {
  try {
    const saved = localStorage.getItem(NEW_ORDER_DRAFT_KEY);
    if (!saved) return empty;
    const parsed = JSON.parse(saved) as unknown;
    // Fields added since the draft was saved take their empty value.
    return typeof parsed === 'object' && parsed !== null ? { ...empty, ...(parsed as Partial<T>) } : empty;
  } catch {
    return empty;
  }
}

export function saveDraft(draft: object): void {
  try {
    localStorage.setItem(NEW_ORDER_DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // A full or blocked storage only loses the safety copy, never the form.
  }
}

export function clearDraft(): void {
  try {
    localStorage.removeItem(NEW_ORDER_DRAFT_KEY);
  } catch {
    // Nothing to clear.
  }
}
