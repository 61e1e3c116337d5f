import { useId, useState } from 'react';
import {
  SETTING_SECTIONS,
  isRequiredSetting,
  settingsInSection,
  validateSettings,
  type SettingDefinition,
  type SettingsValues,
} from '../../../domain/settings.ts';
import { FieldNotes, inputClass } from '../../../lib/form-field.tsx';
import { saveSettings } from './settings-api.ts';
import { SaveFooter, useSettingsSubmit } from './settings-save.tsx';

const INPUT_TYPES: Record<SettingDefinition['kind'], string> = {
  text: 'text',
  email: 'email',
  tel: 'tel',
  url: 'url',
  number: 'text',
  textarea: 'text',
  select: 'text',
};

/** The Settings tab: four sections over every key, saved with one upsert. */
export function SettingsForm({ initial, onSaved }: { initial: SettingsValues; onSaved: (values: SettingsValues) => void }) {
  const baseId = useId();
  const [values, setValues] = useState<SettingsValues>(initial);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const { save, formProps } = useSettingsSubmit({
    validate: () => validateSettings(values),
    showErrors: setFieldErrors,
    persist: async () => {
      await saveSettings(values);
      onSaved(values);
    },
  });

  const fieldId = (key: string) => `${baseId}-${key}`;

  return (
    <form {...formProps} aria-label="Ustawienia sklepu" className="space-y-6">
      <div role="note" className="rounded-2xl border border-[#e3c565] bg-[#fdf6d8] p-4 text-[#4d3d07]">
        <p className="font-semibold">Uwaga bezpieczeństwa</p>
        <p className="mt-1 text-sm">
          Klucze API i hasła są przechowywane w zabezpieczonej bazie danych. Nie udostępniaj ich nikomu. Jeśli podejrzewasz wyciek,
          natychmiast wygeneruj nowe klucze u dostawcy i zapisz je tutaj.
        </p>
      </div>

      {SETTING_SECTIONS.map((section) => (
        <fieldset key={section.id} className="rounded-2xl border border-forest-100 bg-white p-4 sm:p-6">
          <legend className="px-1 text-lg font-semibold text-forest-900">{section.title}</legend>
          <p className="text-sm text-ink-muted">{section.description}</p>
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            {settingsInSection(section.id).map((definition) => (
              <SettingField
                key={definition.key}
                id={fieldId(definition.key)}
                definition={definition}
                required={isRequiredSetting(definition, values)}
                value={values[definition.key] ?? ''}
                error={fieldErrors[definition.key]}
                onChange={(value) => setValues((current) => ({ ...current, [definition.key]: value }))}
              />
            ))}
          </div>
        </fieldset>
      ))}

      <SaveFooter save={save} label="Zapisz ustawienia" />
    </form>
  );
}

function SettingField({
  id,
  definition,
  required,
  value,
  error,
  onChange,
}: {
  id: string;
  definition: SettingDefinition;
  /** Required now: always, or while the setting it depends on has its value (the PayU interface's keys). */
  required: boolean;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const [revealed, setRevealed] = useState(false);
  const describedBy = [error ? `${id}-error` : '', definition.hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: definition.key,
    value,
    placeholder: definition.placeholder,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': required ? true : undefined,
    className: inputClass,
  } as const;
  const wide = definition.kind === 'textarea' || (definition.section === 'company' && definition.key === 'company_address');

  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <label htmlFor={id} className="mb-1.5 block font-medium text-forest-900">
        {definition.label}
        {required && (
          <>
            {' '}
            <span aria-hidden="true" className="text-blush-700">
              *
            </span>
            <span className="sr-only">(wymagane)</span>
          </>
        )}
      </label>
      {definition.kind === 'select' ? (
        <select {...common} onChange={(event) => onChange(event.target.value)}>
          {value === '' && <option value="">Wybierz…</option>}
          {definition.options?.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : definition.kind === 'textarea' ? (
        <textarea {...common} rows={4} className={`${inputClass} resize-y`} onChange={(event) => onChange(event.target.value)} />
      ) : definition.secret ? (
        <div className="flex gap-2">
          <input
            {...common}
            type={revealed ? 'text' : 'password'}
            autoComplete="new-password"
            spellCheck={false}
            onChange={(event) => onChange(event.target.value)}
          />
          <button
            type="button"
            className="min-h-12 shrink-0 rounded-xl border border-forest-200 px-3 text-sm font-semibold text-forest-800 hover:bg-forest-50"
            aria-pressed={revealed}
            aria-label={`${revealed ? 'Ukryj' : 'Pokaż'}: ${definition.label}`}
            onClick={() => setRevealed((shown) => !shown)}
          >
            {revealed ? 'Ukryj' : 'Pokaż'}
          </button>
        </div>
      ) : (
        <input
          {...common}
          type={INPUT_TYPES[definition.kind]}
          inputMode={definition.kind === 'number' ? 'decimal' : undefined}
          autoComplete="off"
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      <FieldNotes id={id} hint={definition.hint} error={error} />
    </div>
  );
}
