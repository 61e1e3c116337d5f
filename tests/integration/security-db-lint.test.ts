import { describe, expect, it } from 'vitest';
import { LINT_RULES, blocking, lintDatabase, type LintFinding } from '../../scripts/db-lint.ts';
import { withDatabase } from '../support/test-backend.ts';

/** Supabase's database linter rules (scripts/db-lint.ts) against the migrated schema. */
describe('database linter (splinter rules)', () => {
  it('finds nothing at ERROR level and nothing about security in the schema', async () => {
    const findings = await withDatabase((db) => lintDatabase(db));
    // Visible in the test output: performance hints are allowed, but worth reading.
    if (findings.length > 0) console.info(findings.map((f) => `${f.level} ${f.name}: ${f.detail}`).join('\n'));
    expect(blocking(findings)).toEqual([]);
  });

  it('does catch each kind of mistake it is there for (checked inside a rolled-back transaction)', async () => {
    const findings = await withDatabase(async (db): Promise<LintFinding[]> => {
      await db.query('begin');
      try {
        await db.query(`
          create table public.lint_probe_open (id int primary key);
          create table public.lint_probe_policy_off (id int primary key, owner uuid);
          create policy "probe" on public.lint_probe_policy_off for select to authenticated using (owner = auth.uid());
          create table public.lint_probe_writes (id int primary key);
          alter table public.lint_probe_writes enable row level security;
          create policy "anyone writes" on public.lint_probe_writes for insert to anon with check (true);
          create policy "anyone edits" on public.lint_probe_writes for update to authenticated using (true);
          create policy "by metadata" on public.lint_probe_writes for select to authenticated
            using ((auth.jwt() -> 'user_metadata' ->> 'role') = 'admin');
          create table public.lint_probe_silent (id int primary key);
          alter table public.lint_probe_silent enable row level security;
          create view public.lint_probe_view as select id from public.lint_probe_writes;
          grant select on public.lint_probe_view to anon;
          create view public.lint_probe_users as select id, email from auth.users;
          grant select on public.lint_probe_users to authenticated;
          create function public.lint_probe_fn() returns int language sql as 'select 1';
          create function public.lint_probe_definer() returns int language sql security definer set search_path = '' as 'select 1';
          grant execute on function public.lint_probe_definer() to anon;
        `);
        return await lintDatabase(db);
      } finally {
        await db.query('rollback');
      }
    });
    const names = (detailPart: string) => findings.filter((f) => f.detail.includes(detailPart)).map((f) => f.name);
    expect(names('lint_probe_open')).toContain('rls_disabled_in_public');
    expect(names('lint_probe_policy_off')).toEqual(expect.arrayContaining(['policy_exists_rls_disabled', 'rls_disabled_in_public']));
    expect(names('lint_probe_writes')).toEqual(expect.arrayContaining(['rls_policy_always_true', 'rls_references_user_metadata', 'auth_rls_initplan']));
    expect(names('lint_probe_silent')).toContain('rls_enabled_no_policy');
    expect(names('lint_probe_view')).toContain('security_definer_view');
    expect(names('lint_probe_users')).toEqual(expect.arrayContaining(['auth_users_exposed', 'security_definer_view']));
    expect(names('lint_probe_fn')).toContain('function_search_path_mutable');
    expect(names('lint_probe_definer')).toContain('anon_security_definer_function_executable');
    expect(blocking(findings).length).toBeGreaterThanOrEqual(10);
    // Every rule ran (a broken query would have thrown).
    expect(LINT_RULES.length).toBeGreaterThanOrEqual(16);
  });
});
