import type pg from 'pg';

/**
 * What the type generator reads from the catalogue: the same facts, under the
 * same names, that supabase/postgres-meta's generator reads
 * (src/lib/sql/{table,views,columns,table_relationships,functions,types}.sql.ts),
 * limited to the schemas asked for.
 */
export interface Relation {
  id: number;
  name: string;
  kind: 'table' | 'view';
  /** Views only: PostgREST accepts inserts and updates through it. */
  isUpdatable: boolean;
}

export interface Column {
  tableId: number;
  name: string;
  /** The type's name as pg_type spells it (`int8`, `_text`), a domain's base type for a domain. */
  format: string;
  isNullable: boolean;
  isIdentity: boolean;
  identityGeneration: 'ALWAYS' | 'BY DEFAULT' | null;
  hasDefault: boolean;
  isUpdatable: boolean;
}

export interface Relationship {
  foreignKeyName: string;
  relation: string;
  columns: string[];
  isOneToOne: boolean;
  referencedSchema: string;
  referencedRelation: string;
  referencedColumns: string[];
}

export interface FunctionArg {
  mode: 'in' | 'out' | 'inout' | 'variadic' | 'table';
  name: string;
  typeId: number;
  hasDefault: boolean;
}

export interface DbFunction {
  name: string;
  args: FunctionArg[];
  /** pg_get_function_arguments: `products` for a function of one unnamed row argument. */
  argumentTypes: string;
  returnType: string;
  returnTypeId: number;
  returnTypeRelationId: number | null;
  isSetReturning: boolean;
  prorows: number | null;
}

export interface DbType {
  id: number;
  name: string;
  schema: string;
  enums: string[];
  attributes: { name: string; typeId: number }[];
  typeRelationId: number | null;
}

export interface SchemaMetadata {
  schema: string;
  relations: Relation[];
  columns: Column[];
  relationships: Relationship[];
  functions: DbFunction[];
  /** Every type of the database, for arguments and results typed outside the schema. */
  types: DbType[];
}

const RELATIONS_SQL = `
select c.oid::int8 as id, c.relname as name,
  case when c.relkind in ('r', 'p', 'f') then 'table' else 'view' end as kind,
  c.relkind = 'v' and (pg_relation_is_updatable(c.oid, false) & 20) = 20 as "isUpdatable"
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = $1 and c.relkind in ('r', 'p', 'f', 'v', 'm')`;

const COLUMNS_SQL = `
select c.oid::int8 as "tableId", a.attname as name,
  coalesce(bt.typname, t.typname) as format,
  not (a.attnotnull or t.typtype = 'd' and t.typnotnull) as "isNullable",
  a.attidentity in ('a', 'd') as "isIdentity",
  case a.attidentity when 'a' then 'ALWAYS' when 'd' then 'BY DEFAULT' end as "identityGeneration",
  a.atthasdef as "hasDefault",
  (c.relkind in ('r', 'p') or c.relkind in ('v', 'f') and pg_column_is_updatable(c.oid, a.attnum, false)) as "isUpdatable"
from pg_attribute a
  join pg_class c on c.oid = a.attrelid
  join pg_namespace n on n.oid = c.relnamespace
  join pg_type t on t.oid = a.atttypid
  left join pg_type bt on t.typtype = 'd' and bt.oid = t.typbasetype
where n.nspname = $1 and a.attnum > 0 and not a.attisdropped and c.relkind in ('r', 'p', 'f', 'v', 'm')`;

// Adapted from PostgREST's schema cache, as postgres-meta adapts it.
const RELATIONSHIPS_SQL = `
with pks_uniques_cols as (
  select conrelid, jsonb_agg(column_info.cols) as cols
  from pg_constraint
  join lateral (
    select array_agg(cols.attname order by cols.attnum) as cols
    from (select unnest(conkey) as col) _
    join pg_attribute cols on cols.attrelid = conrelid and cols.attnum = col
  ) column_info on true
  where contype in ('p', 'u') and connamespace = $1::regnamespace
  group by conrelid
)
select traint.conname as "foreignKeyName", tab.relname as relation, column_info.cols as columns,
  ns2.nspname as "referencedSchema", other.relname as "referencedRelation", column_info.refs as "referencedColumns",
  coalesce(column_info.cols in (select * from jsonb_array_elements(pks_uqs.cols)), false) as "isOneToOne"
from pg_constraint traint
join lateral (
  select jsonb_agg(cols.attname order by ord) as cols, jsonb_agg(refs.attname order by ord) as refs
  from unnest(traint.conkey, traint.confkey) with ordinality as _(col, ref, ord)
  join pg_attribute cols on cols.attrelid = traint.conrelid and cols.attnum = col
  join pg_attribute refs on refs.attrelid = traint.confrelid and refs.attnum = ref
) as column_info on true
join pg_class tab on tab.oid = traint.conrelid
join pg_class other on other.oid = traint.confrelid
join pg_namespace ns2 on ns2.oid = other.relnamespace
left join pks_uniques_cols pks_uqs on pks_uqs.conrelid = traint.conrelid
where traint.contype = 'f' and traint.conparentid = 0 and traint.connamespace = $1::regnamespace`;

// Trigger functions are not callable through the API, so they are left out, as postgres-meta leaves them.
const FUNCTIONS_SQL = `
with functions as (
  select p.*,
    coalesce(p.proargmodes, array_fill('i'::"char", array[cardinality(coalesce(p.proallargtypes, p.proargtypes))])) as arg_modes,
    coalesce(p.proargnames, array_fill(''::text, array[cardinality(coalesce(p.proallargtypes, p.proargtypes))])) as arg_names,
    coalesce(p.proallargtypes, p.proargtypes::oid[]) as arg_types,
    array_cat(array_fill(false, array[p.pronargs - p.pronargdefaults]), array_fill(true, array[p.pronargdefaults])) as arg_has_defaults
  from pg_proc p
  where p.pronamespace = $1::regnamespace and p.prokind = 'f'
)
select f.proname as name,
  coalesce((
    select jsonb_agg(jsonb_build_object(
      'mode', case a.mode when 'i' then 'in' when 'o' then 'out' when 'b' then 'inout' when 'v' then 'variadic' else 'table' end,
      'name', a.name, 'typeId', a.type_id::int8, 'hasDefault', coalesce(a.has_default, false)) order by a.ord)
    from unnest(f.arg_modes, f.arg_names, f.arg_types, f.arg_has_defaults) with ordinality as a(mode, name, type_id, has_default, ord)
  ), '[]') as args,
  pg_get_function_arguments(f.oid) as "argumentTypes",
  pg_get_function_result(f.oid) as "returnType",
  f.prorettype::int8 as "returnTypeId",
  nullif(rt.typrelid::int8, 0) as "returnTypeRelationId",
  f.proretset as "isSetReturning",
  case when f.proretset then nullif(f.prorows, 0) end as prorows
from functions f
left join pg_type rt on rt.oid = f.prorettype
where pg_get_function_result(f.oid) not in ('trigger', 'event_trigger')`;

const TYPES_SQL = `
select t.oid::int8 as id, t.typname as name, n.nspname as schema,
  coalesce((select jsonb_agg(e.enumlabel order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid), '[]') as enums,
  coalesce((
    select jsonb_agg(jsonb_build_object('name', a.attname, 'typeId', a.atttypid::int8) order by a.attnum)
    from pg_class c join pg_attribute a on a.attrelid = c.oid
    where c.oid = t.typrelid and c.relkind = 'c' and a.attnum > 0 and not a.attisdropped
  ), '[]') as attributes,
  nullif(t.typrelid::int8, 0) as "typeRelationId"
from pg_type t join pg_namespace n on n.oid = t.typnamespace
where t.typrelid = 0 or (select c.relkind in ('c', 'r', 'v', 'm', 'p') from pg_class c where c.oid = t.typrelid)`;

export async function readSchema(client: pg.Client, schema: string): Promise<SchemaMetadata> {
  const rows = async <T extends object>(sql: string, params: unknown[] = [schema]): Promise<T[]> =>
    (await client.query<T>(sql, params)).rows.map(numericIds);
  return {
    schema,
    relations: await rows<Relation>(RELATIONS_SQL),
    columns: await rows<Column>(COLUMNS_SQL),
    relationships: await rows<Relationship>(RELATIONSHIPS_SQL),
    functions: await rows<DbFunction>(FUNCTIONS_SQL),
    types: await rows<DbType>(TYPES_SQL, []),
  };
}

/** node-postgres reads int8 as text; the ids are oids, which fit a number. */
function numericIds<T extends object>(row: T): T {
  const copy = { ...row } as Record<string, unknown>;
  for (const key of ['id', 'tableId', 'returnTypeId', 'returnTypeRelationId', 'typeRelationId', 'prorows']) {
    if (typeof copy[key] === 'string') copy[key] = Number(copy[key]);
  }
  return copy as T;
}
