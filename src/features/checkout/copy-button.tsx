import { useEffect, useState } from 'react';

export const COPY_FEEDBACK_MS = 2000;

/** Copies one value; says 'Skopiowano: {label}' or 'Błąd kopiowania' for 2 seconds (docs/spec.md §2, §9). */
export function CopyButton({ label, value }: { label: string; value: string }) {
  const [feedback, setFeedback] = useState<string | null>(null);

  useEffect(() => {
    if (!feedback) return;
    const timer = setTimeout(() => setFeedback(null), COPY_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [feedback]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setFeedback(`Skopiowano: ${label}`);
    } catch {
      setFeedback('Błąd kopiowania');
    }
  };

  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <button
        type="button"
        onClick={() => void copy()}
        aria-label={`Kopiuj: ${label}`}
        className="inline-flex min-h-11 items-center rounded-full border border-forest-200 px-4 text-sm font-medium text-forest-800 hover:bg-forest-50"
      >
        Kopiuj
      </button>
      <span role="status" className="text-sm font-medium text-forest-700">
        {feedback}
      </span>
    </span>
  );
}
