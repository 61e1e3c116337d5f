import { useCallback, useEffect, useState } from 'react';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { SETTINGS_MESSAGES, type SettingsValues } from '../../../domain/settings.ts';
import { PageHeading } from '../../../lib/page-heading.tsx';
import { DeliverySettingsForm } from './delivery-settings-form.tsx';
import { HeroPhotoSettings } from './hero-photo-settings.tsx';
import { NotificationsPanel } from './notifications-panel.tsx';
import { SettingsForm } from './settings-form.tsx';
import { loadDeliverySettingValues, loadSettings, type DeliverySettingValues } from './settings-api.ts';
import { TestingPanel } from './testing-panel.tsx';

export type SettingsLoad = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; values: SettingsValues };
type DeliveryLoad = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; values: DeliverySettingValues };

const tabClass =
  'min-h-11 rounded-full px-3 py-2 sm:px-5 text-sm font-semibold text-forest-800 hover:bg-forest-50 data-selected:bg-forest-800 data-selected:text-white';

/** /admin/settings (docs/spec.md §2, §4 Settings screen): the settings form, the delivery settings, the payment test and the pushes, in tabs. */
export function SettingsPage() {
  const [load, setLoad] = useState<SettingsLoad>({ state: 'loading' });
  const [delivery, setDelivery] = useState<DeliveryLoad>({ state: 'loading' });

  const reload = useCallback(async () => {
    setLoad({ state: 'loading' });
    setDelivery({ state: 'loading' });
    const [general, deliveryValues] = await Promise.allSettled([loadSettings(), loadDeliverySettingValues()]);
    setLoad(general.status === 'fulfilled' ? { state: 'loaded', values: general.value } : { state: 'failed' });
    setDelivery(deliveryValues.status === 'fulfilled' ? { state: 'loaded', values: deliveryValues.value } : { state: 'failed' });
  }, []);

  useEffect(() => {
    // Reading the settings once on mount is this effect's whole job.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void reload();
  }, [reload]);

  return (
    <section aria-labelledby="settings-title">
      <PageHeading id="settings-title" size="compact">
        Ustawienia
      </PageHeading>
      <p className="mt-1 text-ink-muted">Konfiguracja systemu i integracji</p>

      <TabGroup className="mt-6">
        <TabList
          aria-label="Sekcje ustawień"
          className="flex flex-wrap gap-1 rounded-3xl border border-forest-100 bg-white p-1 sm:inline-flex sm:rounded-full"
        >
          <Tab className={tabClass}>Ustawienia</Tab>
          <Tab className={tabClass}>Dostawy</Tab>
          <Tab className={tabClass}>Testowanie</Tab>
          <Tab className={tabClass}>Powiadomienia</Tab>
        </TabList>
        <TabPanels className="mt-6">
          <TabPanel>
            {load.state === 'loading' && <Spinner label="Ładowanie ustawień..." />}
            {load.state === 'failed' && <LoadError onRetry={() => void reload()} />}
            {load.state === 'loaded' && (
              <>
                <HeroPhotoSettings />
                <SettingsForm initial={load.values} onSaved={(values) => setLoad({ state: 'loaded', values })} />
              </>
            )}
          </TabPanel>
          <TabPanel>
            {delivery.state === 'loading' && <Spinner label="Ładowanie ustawień..." />}
            {delivery.state === 'failed' && <LoadError onRetry={() => void reload()} />}
            {delivery.state === 'loaded' && (
              <DeliverySettingsForm initial={delivery.values} onSaved={(values) => setDelivery({ state: 'loaded', values })} />
            )}
          </TabPanel>
          <TabPanel>
            {load.state === 'loading' && <Spinner label="Ładowanie ustawień..." />}
            {load.state === 'failed' && <LoadError onRetry={() => void reload()} />}
            {load.state === 'loaded' && <TestingPanel settings={load.values} />}
          </TabPanel>
          <TabPanel>
            <NotificationsPanel />
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </section>
  );
}

function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex justify-center py-16">
      <span className="size-10 animate-spin rounded-full border-4 border-forest-100 border-t-forest-700" />
      <span className="sr-only">{label}</span>
    </div>
  );
}

function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-2xl border border-blush-200 bg-blush-50 p-6 text-center">
      <p className="font-medium text-blush-700">{SETTINGS_MESSAGES.loadError}</p>
      <button type="button" className="btn-secondary mt-4" onClick={onRetry}>
        Spróbuj ponownie
      </button>
    </div>
  );
}
