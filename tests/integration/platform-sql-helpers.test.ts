import { describe, expect, it } from 'vitest';
import { withDatabase } from '../support/test-backend.ts';

/**
 * The local stand-ins for Supabase's auth.* and storage-api's storage.* SQL helpers
 * (server/local-backend/db/bootstrap.sql) must answer as the hosted ones do: RLS
 * policies and storage rules are written against them.
 */
describe('platform SQL helpers of the local backend', () => {
  it('reads the caller from the claims JSON and from the per-claim settings, as Supabase does', async () => {
    const rows = await withDatabase(async (db) => {
      await db.query('begin');
      try {
        const sub = '3f1c2b9e-8d7a-4c1e-9b2f-0a1b2c3d4e5f';
        await db.query(`select set_config('request.jwt.claims', $1, true)`, [
          JSON.stringify({ sub, role: 'authenticated', email: 'kwiaty@example.pl' }),
        ]);
        const fromJson = await db.query<{ uid: string; role: string; email: string; jwt: { email: string } }>(
          'select auth.uid() as uid, auth.role() as role, auth.email() as email, auth.jwt() as jwt',
        );
        await db.query(`select set_config('request.jwt.claims', '', true), set_config('request.jwt.claim.sub', $1, true)`, [
          '11111111-2222-4333-8444-555555555555',
        ]);
        const fromSetting = await db.query<{ uid: string; role: string | null }>('select auth.uid() as uid, auth.role() as role');
        return { json: fromJson.rows[0], setting: fromSetting.rows[0] };
      } finally {
        await db.query('rollback');
      }
    });
    expect(rows.json).toEqual({
      uid: '3f1c2b9e-8d7a-4c1e-9b2f-0a1b2c3d4e5f',
      role: 'authenticated',
      email: 'kwiaty@example.pl',
      jwt: { sub: '3f1c2b9e-8d7a-4c1e-9b2f-0a1b2c3d4e5f', role: 'authenticated', email: 'kwiaty@example.pl' },
    });
    expect(rows.setting).toEqual({ uid: '11111111-2222-4333-8444-555555555555', role: null });
  });

  it('splits object paths as storage-api does', async () => {
    const result = await withDatabase((db) =>
      db.query<{ folders: string[]; file: string; ext: string; top: string[]; bare: string }>(
        `select storage.foldername('products/2026/róże.webp') as folders,
                storage.filename('products/2026/róże.webp') as file,
                storage.extension('products/2026/róże.webp') as ext,
                storage.foldername('plik.jpg') as top,
                storage.extension('archiwum.tar.gz') as bare`,
      ),
    );
    expect(result.rows[0]).toEqual({ folders: ['products', '2026'], file: 'róże.webp', ext: 'webp', top: [], bare: 'gz' });
  });

  it('stamps a changed storage object with the time of the change, as the trigger of storage-api does', async () => {
    const stamped = await withDatabase(async (db) => {
      await db.query('begin');
      try {
        await db.query(`insert into storage.buckets (id, name) values ('probe-stamp', 'probe-stamp')`);
        await db.query(
          `insert into storage.objects (bucket_id, name, updated_at) values ('probe-stamp', 'a/b.webp', '2020-01-01T00:00:00Z')`,
        );
        await db.query(`update storage.objects set metadata = '{"size": 1}' where bucket_id = 'probe-stamp'`);
        const { rows } = await db.query<{ later: boolean }>(
          `select updated_at > '2025-01-01T00:00:00Z' as later from storage.objects where bucket_id = 'probe-stamp'`,
        );
        return rows[0]?.later;
      } finally {
        await db.query('rollback');
      }
    });
    expect(stamped).toBe(true);
  });
});
