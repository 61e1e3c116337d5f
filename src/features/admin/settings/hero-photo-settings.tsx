import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { heroPicture } from '../../../domain/hero-photo.ts';
import type { ProductPhoto } from '../../../domain/product-photo.ts';
import { ProductImage } from '../../../lib/product-image.tsx';
import { processPhoto } from '../photos/process-photo.ts';
import { loadHeroPhoto, saveHeroPhoto, uploadHeroPhoto } from './hero-photo-api.ts';

export const HERO_PHOTO_MESSAGES = {
  loadError: 'Nie udało się wczytać zdjęcia strony głównej. Odśwież stronę.',
  unreadable: 'Nie udało się odczytać tego pliku jako zdjęcia. Wybierz inny plik.',
  sendError: 'Nie udało się wysłać zdjęcia. Sprawdź połączenie i spróbuj ponownie.',
  removeError: 'Nie udało się usunąć zdjęcia. Sprawdź połączenie i spróbuj ponownie.',
  saved: 'Zapisano. Strona główna pokazuje teraz to zdjęcie.',
  removed: 'Usunięto. Strona główna pokaże zdjęcie produktu polecanego albo ilustrację.',
} as const;

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; photo: ProductPhoto | null };
type Work = { step: 'preparing' } | { step: 'sending'; share: number } | { step: 'removing' } | null;

/**
 * 'Zdjęcie na stronie głównej': an optional photo for the home page's hero, prepared and sent as a product photo is
 * (the 400/800/1600 files), saved on its own as soon as it is up. Docs/decisions/042-hero-photo-setting.md.
 */
export function HeroPhotoSettings() {
  const inputId = useId();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [work, setWork] = useState<Work>(null);
  const [message, setMessage] = useState<{ text: string; tone: 'ok' | 'error' } | null>(null);

  useEffect(() => {
    let live = true;
    loadHeroPhoto().then(
      (photo) => live && setLoad({ state: 'loaded', photo }),
      () => live && setLoad({ state: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, []);

  const current = load.state === 'loaded' ? load.photo : null;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setMessage(null);
    setWork({ step: 'preparing' });
    let processed;
    try {
      processed = await processPhoto(file);
    } catch {
      setWork(null);
      setMessage({ text: HERO_PHOTO_MESSAGES.unreadable, tone: 'error' });
      return;
    }
    try {
      setWork({ step: 'sending', share: 0 });
      const photo = await uploadHeroPhoto(processed, (share) => setWork({ step: 'sending', share }));
      await saveHeroPhoto(photo, current);
      setLoad({ state: 'loaded', photo });
      setMessage({ text: HERO_PHOTO_MESSAGES.saved, tone: 'ok' });
    } catch {
      setMessage({ text: HERO_PHOTO_MESSAGES.sendError, tone: 'error' });
    } finally {
      setWork(null);
    }
  };

  const remove = async () => {
    setMessage(null);
    setWork({ step: 'removing' });
    try {
      await saveHeroPhoto(null, current);
      setLoad({ state: 'loaded', photo: null });
      setMessage({ text: HERO_PHOTO_MESSAGES.removed, tone: 'ok' });
    } catch {
      setMessage({ text: HERO_PHOTO_MESSAGES.removeError, tone: 'error' });
    } finally {
      setWork(null);
    }
  };

  const busy = work !== null || load.state !== 'loaded';
  return (
    <section
      aria-labelledby={`${inputId}-title`}
      className="mb-6 rounded-2xl border border-forest-100 bg-white p-4 sm:p-6"
      data-testid="hero-photo-settings"
    >
      <h2 id={`${inputId}-title`} className="text-lg font-semibold text-forest-900">
        Zdjęcie na stronie głównej
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Pokazywane na górze strony głównej, także na telefonie. Bez niego sklep pokazuje zdjęcie najnowszego produktu polecanego, a gdy
        takiego nie ma — ilustrację.
      </p>
      {load.state === 'failed' ? (
        <p role="alert" className="mt-4 text-sm font-medium text-blush-700">
          {HERO_PHOTO_MESSAGES.loadError}
        </p>
      ) : null}
      {current ? (
        <ProductImage
          product={heroPicture(current)}
          sizes="240px"
          alt="Obecne zdjęcie strony głównej"
          className="mt-4 aspect-[4/3] w-60 rounded-xl bg-cream-200 object-cover"
        />
      ) : null}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <label
          htmlFor={inputId}
          className={`btn-secondary relative cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-forest-700 ${busy ? 'cursor-not-allowed opacity-50' : ''}`}
        >
          <input id={inputId} type="file" accept="image/*" disabled={busy} className="sr-only" onChange={(event) => void choose(event)} />
          {current ? 'Zmień zdjęcie' : 'Wybierz zdjęcie'}
        </label>
        {current ? (
          <button type="button" className="btn-secondary" disabled={busy} onClick={() => void remove()}>
            Usuń zdjęcie
          </button>
        ) : null}
      </div>
      <p role="status" className="mt-3 min-h-5 text-sm">
        {work?.step === 'preparing' ? 'Przygotowuję zdjęcie…' : null}
        {work?.step === 'sending' ? `Wysyłam… ${Math.round(work.share * 100)}%` : null}
        {work?.step === 'removing' ? 'Usuwam…' : null}
        {work === null && message?.tone === 'ok' ? <span className="text-forest-800">{message.text}</span> : null}
      </p>
      {work === null && message?.tone === 'error' ? (
        <p role="alert" className="text-sm font-medium text-blush-700">
          {message.text}
        </p>
      ) : null}
    </section>
  );
}
