import { useEffect, useRef, useState } from 'react';
import { ShareIcon } from '../../lib/icons/later.tsx';

const NOTE_MS = 2000;

type Note = 'copied' | 'failed' | null;

const NOTE_TEXT: Record<Exclude<Note, null>, string> = {
  copied: 'Skopiowano link',
  failed: 'Nie udało się skopiować linku',
};

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** Web Share where the device has it; otherwise the link goes to the clipboard. */
export function ShareButton({ title, text }: { title: string; text: string }) {
  const [note, setNote] = useState<Note>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const show = (next: Exclude<Note, null>) => {
    setNote(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setNote(null), NOTE_MS);
  };

  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text, url });
        return;
      } catch (error) {
        // The customer closed the share sheet: nothing to report.
        if (isAbort(error)) return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      show('copied');
    } catch {
      show('failed');
    }
  };

  return (
    <div className="relative">
      <button
        type="button"
        onClick={() => void share()}
        aria-label="Udostępnij"
        title="Udostępnij"
        className="inline-grid size-12 place-items-center rounded-full border border-forest-200 bg-white text-forest-800 transition-colors hover:border-forest-600 hover:bg-forest-50"
      >
        <ShareIcon className="size-5" />
      </button>
      <p
        role="status"
        className="absolute top-full right-0 z-10 mt-2 w-max max-w-60 rounded-lg bg-forest-900 px-3 py-1.5 text-sm text-white shadow-md empty:hidden"
      >
        {note ? NOTE_TEXT[note] : ''}
      </p>
    </div>
  );
}
