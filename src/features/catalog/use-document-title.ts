import { useEffect } from 'react';

/** Puts `prefix` in front of the page title while mounted ('Bukiet róż · Kwiaciarnia …'); restores it after. */
export function useDocumentTitle(prefix: string | undefined): void {
  useEffect(() => {
    if (!prefix) return undefined;
    const previous = document.title;
    document.title = previous ? `${prefix} · ${previous}` : prefix;
    return () => {
      document.title = previous;
    };
  }, [prefix]);
}
