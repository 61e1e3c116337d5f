import {
  ALWAYS_TRUE,
  API_SCHEMAS,
  normalized,
  notExtensionMember,
  POLICIES,
  SENSITIVE_COLUMN_NAMES,
  SYSTEM_SCHEMAS,
} from './catalog-sql.ts';

/** The lint rules, each one SQL query over the catalogue; scripts/db-lint.ts runs them in this order. */

export type LintLevel = 'ERROR' | 'WARN' | 'INFO';
export type LintCategory = 'SECURITY' | 'PERFORMANCE';

interface LintRule {
  name: string;
  level: LintLevel;
  category: LintCategory;
  /** Answers one row per finding with a `detail` column. */
  sql: string;
}

export const LINT_RULES: LintRule[] = [
  {
    // 0001
    name: 'unindexed_foreign_keys',
    level: 'INFO',
    category: 'PERFORMANCE',
    sql: `
      select format('Table %s.%s has foreign key %s without a covering index', n.nspname, c.relname, con.conname) as detail
      from pg_catalog.pg_constraint con
      join pg_catalog.pg_class c on c.oid = con.conrelid
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where con.contype = 'f' and n.nspname not in (${SYSTEM_SCHEMAS})
        and not exists (
          select 1 from pg_catalog.pg_index i
          where i.indrelid = con.conrelid
            and (string_to_array(i.indkey::text, ' ')::smallint[])[1:array_length(con.conkey, 1)] = con.conkey
        )`,
  },
  {
    // 0002
    name: 'auth_users_exposed',
    level: 'ERROR',
    category: 'SECURITY',
    sql: `
      select distinct format('View %s.%s may expose auth.users to anon or authenticated', n.nspname, c.relname) as detail
      from pg_catalog.pg_depend d
      join pg_catalog.pg_rewrite r on r.oid = d.objid
      join pg_catalog.pg_class c on c.oid = r.ev_class
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where d.refobjid = pg_catalog.to_regclass('auth.users') and d.deptype = 'n' and c.relkind in ('v', 'm')
        and n.nspname = any(${API_SCHEMAS})
        and (pg_catalog.has_table_privilege('anon', c.oid, 'SELECT') or pg_catalog.has_table_privilege('authenticated', c.oid, 'SELECT'))`,
  },
  {
    // 0003: auth.<fn>() evaluated per row instead of once, (select auth.uid()).
    name: 'auth_rls_initplan',
    level: 'WARN',
    category: 'PERFORMANCE',
    sql: `
      select format('Policy %s on %s.%s re-evaluates auth.<function>() for each row', policy_name, schema_name, table_name) as detail
      from (${POLICIES}) p
      where rls_on and (
        (qual ~ '(auth)\\.(uid|jwt|role|email)\\(\\)' and lower(qual) !~ 'select\\s+(auth)\\.(uid|jwt|role|email)\\(\\)')
        or (with_check ~ '(auth)\\.(uid|jwt|role|email)\\(\\)' and lower(with_check) !~ 'select\\s+(auth)\\.(uid|jwt|role|email)\\(\\)')
      )`,
  },
  {
    // 0004
    name: 'no_primary_key',
    level: 'INFO',
    category: 'PERFORMANCE',
    sql: `
      select format('Table %s.%s has no primary key', n.nspname, c.relname) as detail
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and n.nspname not in (${SYSTEM_SCHEMAS})
        and not exists (select 1 from pg_catalog.pg_index i where i.indrelid = c.oid and i.indisprimary)`,
  },
  {
    // 0006
    name: 'multiple_permissive_policies',
    level: 'WARN',
    category: 'PERFORMANCE',
    sql: `
      select format('Table %s.%s has %s permissive policies for role %s and %s: %s',
        p.schema_name, p.table_name, count(*), r.rolname, act.cmd, string_agg(p.policy_name, ', ' order by p.policy_name)) as detail
      from (${POLICIES}) p
      join pg_catalog.pg_roles r on p.role_oids @> array[r.oid] or p.role_oids = array[0::oid]
      cross join lateral unnest(case p.command when 'ALL' then array['SELECT', 'INSERT', 'UPDATE', 'DELETE'] else array[p.command] end) act(cmd)
      where p.permissive and r.rolname not like 'pg\\_%' and r.rolname not like 'supabase%admin' and not r.rolbypassrls
      group by p.schema_name, p.table_name, r.rolname, act.cmd
      having count(*) > 1`,
  },
  {
    // 0007
    name: 'policy_exists_rls_disabled',
    level: 'ERROR',
    category: 'SECURITY',
    sql: `
      select distinct format('Table %s.%s has policies but RLS is not enabled', schema_name, table_name) as detail
      from (${POLICIES}) p where not rls_on and ${notExtensionMember('table_oid')}`,
  },
  {
    // 0008
    name: 'rls_enabled_no_policy',
    level: 'INFO',
    category: 'SECURITY',
    sql: `
      select format('Table %s.%s has RLS enabled but no policy', n.nspname, c.relname) as detail
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and c.relrowsecurity and n.nspname not in (${SYSTEM_SCHEMAS}) and ${notExtensionMember('c.oid')}
        and not exists (select 1 from pg_catalog.pg_policy p where p.polrelid = c.oid)`,
  },
  {
    // 0009
    name: 'duplicate_index',
    level: 'WARN',
    category: 'PERFORMANCE',
    sql: `
      select format('Table %s.%s has identical indexes: %s', n.nspname, c.relname, string_agg(ic.relname, ', ' order by ic.relname)) as detail
      from pg_catalog.pg_index i
      join pg_catalog.pg_class c on c.oid = i.indrelid
      join pg_catalog.pg_class ic on ic.oid = i.indexrelid
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname not in (${SYSTEM_SCHEMAS})
      group by n.nspname, c.relname, i.indkey::text, i.indclass::text, coalesce(pg_catalog.pg_get_expr(i.indexprs, i.indrelid), ''),
        coalesce(pg_catalog.pg_get_expr(i.indpred, i.indrelid), ''), i.indisunique
      having count(*) > 1`,
  },
  {
    // 0010
    name: 'security_definer_view',
    level: 'ERROR',
    category: 'SECURITY',
    sql: `
      select format('View %s.%s is SECURITY DEFINER (no security_invoker)', n.nspname, c.relname) as detail
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      left join pg_catalog.pg_depend dep on dep.objid = c.oid and dep.deptype = 'e'
      where c.relkind = 'v' and n.nspname not in (${SYSTEM_SCHEMAS}) and dep.objid is null
        and (pg_catalog.has_table_privilege('anon', c.oid, 'SELECT') or pg_catalog.has_table_privilege('authenticated', c.oid, 'SELECT'))
        and not (lower(coalesce(c.reloptions::text, '{}'))::text[]
          && array['security_invoker=1', 'security_invoker=true', 'security_invoker=yes', 'security_invoker=on'])`,
  },
  {
    // 0011
    name: 'function_search_path_mutable',
    level: 'WARN',
    category: 'SECURITY',
    sql: `
      select format('Function %s.%s(%s) has a role mutable search_path', n.nspname, p.proname, pg_catalog.pg_get_function_identity_arguments(p.oid)) as detail
      from pg_catalog.pg_proc p
      join pg_catalog.pg_namespace n on n.oid = p.pronamespace
      left join pg_catalog.pg_depend dep on dep.objid = p.oid and dep.deptype = 'e'
      where n.nspname not in (${SYSTEM_SCHEMAS}) and dep.objid is null
        and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) config where config like 'search_path=%')`,
  },
  {
    // 0013
    name: 'rls_disabled_in_public',
    level: 'ERROR',
    category: 'SECURITY',
    sql: `
      select format('Table %s.%s is exposed through the API but RLS is not enabled', n.nspname, c.relname) as detail
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname = any(${API_SCHEMAS}) and n.nspname not in (${SYSTEM_SCHEMAS}) and not c.relrowsecurity`,
  },
  {
    // 0014
    name: 'extension_in_public',
    level: 'WARN',
    category: 'SECURITY',
    sql: `
      select format('Extension %s is installed in the public schema', e.extname) as detail
      from pg_catalog.pg_extension e
      where e.extname <> 'plpgsql' and e.extnamespace = 'public'::regnamespace`,
  },
  {
    // 0015: user_metadata is editable by the user, so a policy must never trust it.
    name: 'rls_references_user_metadata',
    level: 'ERROR',
    category: 'SECURITY',
    sql: `
      select format('Policy %s on %s.%s references user_metadata', policy_name, schema_name, table_name) as detail
      from (${POLICIES}) p
      where coalesce(qual, '') ~* 'user_metadata' or coalesce(with_check, '') ~* 'user_metadata'`,
  },
  {
    // 0016
    name: 'materialized_view_in_api',
    level: 'WARN',
    category: 'SECURITY',
    sql: `
      select format('Materialized view %s.%s is selectable by anon or authenticated', n.nspname, c.relname) as detail
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'm' and n.nspname = any(${API_SCHEMAS}) and n.nspname not in (${SYSTEM_SCHEMAS}) and ${notExtensionMember('c.oid')}
        and (pg_catalog.has_table_privilege('anon', c.oid, 'SELECT') or pg_catalog.has_table_privilege('authenticated', c.oid, 'SELECT'))`,
  },
  {
    // 0017
    name: 'foreign_table_in_api',
    level: 'WARN',
    category: 'SECURITY',
    sql: `
      select format('Foreign table %s.%s is reachable through the API', n.nspname, c.relname) as detail
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'f' and n.nspname = any(${API_SCHEMAS}) and n.nspname not in (${SYSTEM_SCHEMAS}) and ${notExtensionMember('c.oid')}
        and (pg_catalog.has_table_privilege('anon', c.oid, 'SELECT') or pg_catalog.has_table_privilege('authenticated', c.oid, 'SELECT'))`,
  },
  {
    // 0018: reg* columns other than regclass/regtype/regrole stop pg_upgrade (and so the platform's upgrades).
    name: 'unsupported_reg_types',
    level: 'WARN',
    category: 'SECURITY',
    sql: `
      select format('Column %s.%s.%s has the unsupported reg* type %s', n.nspname, c.relname, a.attname, t.typname) as detail
      from pg_catalog.pg_attribute a
      join pg_catalog.pg_class c on c.oid = a.attrelid
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      join pg_catalog.pg_type t on t.oid = a.atttypid
      where t.typnamespace = 'pg_catalog'::regnamespace
        and t.typname in ('regcollation', 'regconfig', 'regdictionary', 'regnamespace', 'regoper', 'regoperator', 'regproc', 'regprocedure')
        and n.nspname not in ('pg_catalog', 'information_schema', 'pgsodium')`,
  },
  {
    // 0019: a pgmq queue table without RLS, readable by the API roles, while pgmq_public is served.
    name: 'insecure_queue_exposed_in_api',
    level: 'ERROR',
    category: 'SECURITY',
    sql: `
      select format('Queue table %s.%s is exposed through pgmq_public but RLS is not enabled', n.nspname, c.relname) as detail
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and not c.relrowsecurity and n.nspname = 'pgmq' and c.relname like 'q\\_%'
        and (pg_catalog.has_table_privilege('anon', c.oid, 'SELECT') or pg_catalog.has_table_privilege('authenticated', c.oid, 'SELECT'))
        and 'pgmq_public' = any(${API_SCHEMAS})`,
  },
  {
    // 0021: auth's unique constraints other than primary keys may change under GoTrue's migrations.
    name: 'fkey_to_auth_unique',
    level: 'ERROR',
    category: 'SECURITY',
    sql: `
      select format('Table %s.%s has foreign key %s to a unique constraint of %s', n.nspname, c.relname, con.conname, con.confrelid::regclass) as detail
      from pg_catalog.pg_constraint con
      join pg_catalog.pg_class c on c.oid = con.conrelid
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      join pg_catalog.pg_class ref on ref.oid = con.confrelid
      join pg_catalog.pg_index i on i.indexrelid = con.conindid
      where con.contype = 'f' and ref.relnamespace = 'auth'::regnamespace and i.indisunique and not i.indisprimary`,
  },
  {
    // 0022
    name: 'extension_versions_outdated',
    level: 'WARN',
    category: 'SECURITY',
    sql: `
      select format('Extension %s is at version %s; %s is available', e.name, e.installed_version, e.default_version) as detail
      from pg_catalog.pg_available_extensions e
      where e.installed_version is not null and e.default_version is not null and e.installed_version <> e.default_version
        -- a version the server no longer ships (left by pg_upgrade) is not reported, as in splinter
        and exists (select 1 from pg_catalog.pg_available_extension_versions v where v.name = e.name and v.installed)`,
  },
  {
    // 0023: column names that suggest credentials or personal data, in a table the API serves without RLS.
    name: 'sensitive_columns_exposed',
    level: 'ERROR',
    category: 'SECURITY',
    sql: `
      select format('Table %s.%s is exposed without RLS and has sensitive column(s): %s', n.nspname, c.relname,
        string_agg(distinct a.attname, ', ' order by a.attname)) as detail
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where c.relkind = 'r' and not c.relrowsecurity
        and n.nspname = any(${API_SCHEMAS}) and n.nspname not in (${SYSTEM_SCHEMAS})
        and (pg_catalog.has_table_privilege('anon', c.oid, 'SELECT') or pg_catalog.has_table_privilege('authenticated', c.oid, 'SELECT'))
        and replace(lower(a.attname), '-', '_') in (${SENSITIVE_COLUMN_NAMES})
      group by n.nspname, c.relname`,
  },
  {
    // 0024: SELECT using (true) is a deliberate public read; writes that are always allowed are not.
    name: 'rls_policy_always_true',
    level: 'WARN',
    category: 'SECURITY',
    sql: `
      select format('Policy %s on %s.%s allows unrestricted %s', policy_name, schema_name, table_name, command) as detail
      from (${POLICIES}) p
      where rls_on and permissive
        and (role_oids = array[0::oid] or exists (select 1 from unnest(role_oids) r where r::regrole::text in ('anon', 'authenticated')))
        and (
          (command in ('UPDATE', 'DELETE', 'ALL') and (${normalized('qual')} in ${ALWAYS_TRUE} or qual is null))
          or ${normalized('with_check')} in ${ALWAYS_TRUE}
          or (with_check is null and command = 'INSERT')
          or (with_check is null and command in ('UPDATE', 'ALL') and ${normalized('qual')} in ${ALWAYS_TRUE})
        )`,
  },
  {
    // 0025: a public bucket serves its files by URL without any policy; a broad SELECT policy lets anyone list them.
    // storage.buckets is read through query_to_xml, as splinter does, so the rule runs where storage is absent.
    name: 'public_bucket_allows_listing',
    level: 'WARN',
    category: 'SECURITY',
    sql: `
      with public_buckets as (
        select (xpath('/row/id/text()', x))[1]::text as bucket_id, (xpath('/row/name/text()', x))[1]::text as bucket_name
        from unnest(case when pg_catalog.to_regclass('storage.buckets') is not null
          then xpath('/table/row', pg_catalog.query_to_xml('select id, name from storage.buckets where public = true order by id', false, false, ''))
          else array[]::xml[] end) as x
      )
      select format('Public bucket %s has broad SELECT policies on storage.objects (%s): anyone can list its files',
        b.bucket_name, string_agg(p.policyname, ', ' order by p.policyname)) as detail
      from public_buckets b
      join pg_catalog.pg_policies p on p.schemaname = 'storage' and p.tablename = 'objects' and p.cmd in ('SELECT', 'ALL')
        and p.permissive = 'PERMISSIVE' and p.roles && array['public'::name, 'anon'::name, 'authenticated'::name]
      where p.qual is null
        or ${normalized('p.qual')} in ${ALWAYS_TRUE}
        or (regexp_match(p.qual, $re$\\A\\s*\\(*\\s*bucket_id\\s*=\\s*('(?:[^']|'')*')(\\s*::\\s*[[:alnum:]_\\.]+)?\\s*\\)*\\s*\\Z$re$, 'i'))[1]
          = '''' || replace(b.bucket_id, '''', '''''') || ''''
      group by b.bucket_id, b.bucket_name`,
  },
  ...(['anon', 'authenticated'] as const).map((role): LintRule => ({
    // 0026 / 0027: with pg_graphql installed, /graphql/v1 describes every table, view, materialized view and
    // foreign table the role can select any column of (RLS hides rows, not the schema). Nothing without pg_graphql.
    name: `pg_graphql_${role}_table_exposed`,
    level: 'WARN',
    category: 'SECURITY',
    sql: `
        select format('%s %s.%s is visible in the GraphQL schema to %s', case c.relkind when 'r' then 'Table' when 'v' then 'View'
          when 'm' then 'Materialized view' else 'Foreign table' end, n.nspname, c.relname, '${role}') as detail
        from pg_catalog.pg_class c
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where exists (select 1 from pg_catalog.pg_extension where extname = 'pg_graphql')
          and c.relkind in ('r', 'v', 'm', 'f')
          and n.nspname not in (${SYSTEM_SCHEMAS})
          and exists (
            select 1 from pg_catalog.pg_attribute a
            where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
              and pg_catalog.has_column_privilege('${role}', c.oid, a.attnum, 'SELECT')
          )
        order by n.nspname, c.relname`,
  })),
  ...(['anon', 'authenticated'] as const).map((role): LintRule => ({
    // 0028 / 0029
    name: `${role}_security_definer_function_executable`,
    level: 'WARN',
    category: 'SECURITY',
    sql: `
        select format('SECURITY DEFINER function %s.%s(%s) is executable by %s', n.nspname, p.proname,
          pg_catalog.pg_get_function_identity_arguments(p.oid), '${role}') as detail
        from pg_catalog.pg_proc p
        join pg_catalog.pg_namespace n on n.oid = p.pronamespace
        where p.prosecdef and pg_catalog.has_function_privilege('${role}', p.oid, 'EXECUTE')
          and n.nspname not in (${SYSTEM_SCHEMAS})`,
  })),
];
