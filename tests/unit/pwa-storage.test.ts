import { describe, expect, it, vi } from 'vitest';
import { requestPersistentStorage } from '../../src/features/pwa/storage.ts';

function fakeStorage({ persisted, grant }: { persisted: boolean; grant: boolean }) {
  return {
    persisted: vi.fn(() => Promise.resolve(persisted)),
    persist: vi.fn(() => Promise.resolve(grant)),
  } as unknown as StorageManager & { persist: ReturnType<typeof vi.fn> };
}

describe('persistent storage', () => {
  it('asks the browser to persist when storage is not persisted yet', async () => {
    const storage = fakeStorage({ persisted: false, grant: true });
    await expect(requestPersistentStorage(storage)).resolves.toBe(true);
    expect(storage.persist).toHaveBeenCalledTimes(1);
  });

  it('does not ask again once persisted', async () => {
    const storage = fakeStorage({ persisted: true, grant: true });
    await expect(requestPersistentStorage(storage)).resolves.toBe(true);
    expect(storage.persist).not.toHaveBeenCalled();
  });

  it('reports a refusal, and copes with browsers without the API', async () => {
    await expect(requestPersistentStorage(fakeStorage({ persisted: false, grant: false }))).resolves.toBe(false);
    await expect(requestPersistentStorage(undefined)).resolves.toBe(false);
    const throwing = {
      persisted: () => Promise.reject(new Error('denied')),
      persist: () => Promise.resolve(true),
    } as unknown as StorageManager;
    await expect(requestPersistentStorage(throwing)).resolves.toBe(false);
  });
});
