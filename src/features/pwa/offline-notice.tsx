import { useOnline } from '../../lib/use-online.ts';

/**
 * 'Jesteś offline', a slim strip under the sticky header. The live region is
 * always in the page (empty while online) so screen readers announce the change.
 */
export function OfflineNotice() {
  const online = useOnline();
  return (
    <div role="status" className="sticky top-16 z-30">
      {!online && (
        <p className="border-b border-forest-200 bg-forest-50 px-4 py-2 text-center text-sm text-forest-900">
          <strong className="font-semibold">Jesteś offline.</strong> Sklep i koszyk działają; logowanie, formularze i płatność wymagają
          internetu.
        </p>
      )}
    </div>
  );
}
