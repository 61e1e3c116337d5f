import type { ChangeEvent, ReactNode } from 'react';
import { Icon, type IconProps } from '../../../lib/icons/first-load.tsx';
import type { PhotoSendStatus } from './photo-queue.ts';

/** The owner's photo pickers and a photo's sending line, shared by the product form and an order's photos. */

export function CameraIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 8h3l1.5-2.5h7L17 8h3v11H4z" />
      <circle cx="12" cy="13" r="3.5" />
    </Icon>
  );
}

export function FilePickButton({
  id,
  disabled,
  capture,
  onChange,
  className = '',
  children,
}: {
  id: string;
  disabled: boolean;
  capture?: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <label
      htmlFor={id}
      // relative: the visually hidden input's containing block, so it stays inside the scrolling dialog (focusing it must not scroll the page behind).
      className={`btn-secondary relative cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-forest-700 ${disabled ? 'cursor-not-allowed opacity-50' : ''} ${className}`}
    >
      <input
        id={id}
        type="file"
        accept="image/*"
        multiple={!capture}
        {...(capture ? { capture: 'environment' } : {})}
        disabled={disabled}
        className="sr-only"
        onChange={onChange}
      />
      {children}
    </label>
  );
}

/** What the owner reads under a photo on its way to the server. */
export function photoSendLine(status: PhotoSendStatus | undefined): { text: string; progress?: number; tone?: 'error' } {
  switch (status?.phase) {
    case 'uploading':
      return { text: `Wysyłam… ${Math.round(status.progress * 100)}%`, progress: status.progress };
    case 'attaching':
      return { text: 'Zapisuję…', progress: 1 };
    case 'attached':
      return { text: 'Wysłane' };
    case 'failed':
      return { text: `Nie udało się wysłać zdjęcia. ${status.failure ?? ''}`.trim(), tone: 'error' };
    default:
      // A bar only for a photo part sent: an empty one would look stuck.
      return { text: 'Zdjęcie czeka na wysłanie', progress: status && status.progress > 0 ? status.progress : undefined };
  }
}
