import { useEffect, useRef, useState, type FormEvent } from 'react';
import { SETTINGS_MESSAGES, SETTINGS_SUCCESS_MS } from '../../../domain/settings.ts';

/** Where a settings form's save stands; both settings forms ('Ustawienia', 'Dostawy') show it the same way. */
export type SaveState = { state: 'idle' } | { state: 'saving' } | { state: 'saved' } | { state: 'failed'; message: string };

/** The save state, whose success message goes after 3 seconds (docs/spec.md §4/§9). */
function useSaveState() {
  const [save, setSave] = useState<SaveState>({ state: 'idle' });
  useEffect(() => {
    if (save.state !== 'saved') return;
    const timer = setTimeout(() => setSave({ state: 'idle' }), SETTINGS_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [save]);
  return [save, setSave] as const;
}

/**
 * A settings form's submit: refuse invalid values with focus on the first bad
 * field, else save and report. `persist` answers what was stored. `formProps`
 * go on the <form>: the browser's own validation bubbles stay off, our messages speak.
 */
export function useSettingsSubmit<Errors extends Record<string, string | undefined>>(options: {
  validate: () => Errors;
  showErrors: (errors: Errors) => void;
  persist: () => Promise<void>;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [save, setSave] = useSaveState();
  const submit = async () => {
    const errors = options.validate();
    options.showErrors(errors);
    if (Object.keys(errors).length > 0) {
      setSave({ state: 'failed', message: SETTINGS_MESSAGES.invalid });
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setSave({ state: 'saving' });
    try {
      await options.persist();
      setSave({ state: 'saved' });
    } catch {
      setSave({ state: 'failed', message: SETTINGS_MESSAGES.saveError });
    }
  };
  const formProps = {
    ref: formRef,
    noValidate: true,
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      void submit();
    },
  };
  return { save, formProps };
}

/** The outcome (announced politely, or as an alert when it failed) and the save button, kept in reach above the phone's bottom bar. */
export function SaveFooter({ save, label }: { save: SaveState; label: string }) {
  return (
    <>
      <div aria-live="polite" role="status" className="empty:hidden">
        {save.state === 'saved' && (
          <p className="rounded-xl border border-forest-200 bg-forest-50 px-4 py-3 font-medium text-forest-900">
            {SETTINGS_MESSAGES.saved}
          </p>
        )}
      </div>
      {save.state === 'failed' && (
        <p role="alert" className="rounded-xl border border-blush-200 bg-blush-50 px-4 py-3 font-medium text-blush-700">
          {save.message}
        </p>
      )}

      {/* At the form's end, not floating: a sticky button lay over the fields under it (axe target-size, WCAG 2.5.8). */}
      <div className="flex justify-end">
        <button type="submit" className="btn-primary w-full shadow-lg sm:w-auto" disabled={save.state === 'saving'}>
          {save.state === 'saving' ? 'Zapisywanie...' : label}
        </button>
      </div>
    </>
  );
}
