import { helperTypes } from './helper-types.ts';
import type { Column, DbFunction, DbType, FunctionArg, Relation, Relationship, SchemaMetadata } from './introspect.ts';

/**
 * The text of `supabase gen types typescript` for one schema: a port of
 * supabase/postgres-meta's src/server/templates/typescript.ts (the generator
 * the Supabase CLI runs), with its one-to-one detection on as the CLI has it.
 * One addition: a function whose one argument is a table's row is that
 * table's computed field (in its Row) whatever the argument's name, as
 * PostgREST and postgrest-js take it. Left out, because this schema has
 * none: overloaded functions (postgres-meta types their conflicts as errors;
 * here they stop the generator) and relationships through views
 * (postgres-meta derives them from the views' key columns; here a view's
 * Relationships are empty).
 */
const byName = (a: string, b: string) => a.localeCompare(b);
const json = (value: unknown) => JSON.stringify(value);
// One member a line: prettier keeps such an object type expanded, as the Supabase CLI's output is.
const block = (members: string[]) => (members.length === 0 ? '{}' : `{\n${members.join('\n')}\n}`);

// json, jsonb, text: the unnamed single argument PostgREST can pass a request body to.
const UNNAMED_ARG_TYPES = new Set([114, 3802, 25]);
const IN_MODES = new Set<FunctionArg['mode']>(['in', 'inout', 'variadic']);

export function renderDatabaseTypes(meta: SchemaMetadata, postgrestVersion: string): string {
  const { schema } = meta;
  const typesById = new Map(meta.types.map((type) => [type.id, type]));
  const relationTypes = new Map(meta.types.filter((type) => type.typeRelationId !== null).map((type) => [type.id, type]));
  const tables = meta.relations.filter((relation) => relation.kind === 'table').sort((a, b) => byName(a.name, b.name));
  const views = meta.relations.filter((relation) => relation.kind === 'view').sort((a, b) => byName(a.name, b.name));
  const relationNames = new Map(meta.relations.map((relation) => [relation.id, relation.name]));
  const columnsOf = (relation: Relation): Column[] =>
    meta.columns.filter((column) => column.tableId === relation.id).sort((a, b) => byName(a.name, b.name));
  const schemaTypes = meta.types.filter((type) => type.schema === schema).sort((a, b) => byName(a.name, b.name));
  const enums = schemaTypes.filter((type) => type.enums.length > 0);
  const compositeTypes = schemaTypes.filter((type) => type.attributes.length > 0);

  const relationships = [...meta.relationships].sort(
    (a, b) =>
      byName(a.foreignKeyName, b.foreignKeyName) ||
      byName(a.referencedRelation, b.referencedRelation) ||
      byName(json(a.referencedColumns), json(b.referencedColumns)),
  );
  const relationshipsOf = (relation: Relation): Relationship[] =>
    relation.kind === 'view' ? [] : relationships.filter((item) => item.relation === relation.name && item.referencedSchema === schema);

  function tsType(pgType: string): string {
    if (pgType === 'bool') return 'boolean';
    if (['int2', 'int4', 'int8', 'float4', 'float8', 'numeric'].includes(pgType)) return 'number';
    if (
      [
        'bytea',
        'bpchar',
        'varchar',
        'date',
        'text',
        'citext',
        'time',
        'timetz',
        'timestamp',
        'timestamptz',
        'uuid',
        'vector',
        'interval',
      ].includes(pgType)
    ) {
      return 'string';
    }
    if (pgType === 'json' || pgType === 'jsonb') return 'Json';
    if (pgType === 'void') return 'undefined';
    if (pgType === 'record') return 'Record<string, unknown>';
    if (pgType.startsWith('_')) return `(${tsType(pgType.substring(1))})[]`;
    const named = (types: DbType[]) => types.find((type) => type.schema === schema) ?? types[0];
    const enumType = named(meta.types.filter((type) => type.name === pgType && type.enums.length > 0));
    if (enumType) {
      return enumType.schema === schema ? `Database[${json(schema)}]['Enums'][${json(enumType.name)}]` : enumType.enums.map(json).join('|');
    }
    const compositeType = named(meta.types.filter((type) => type.name === pgType && type.attributes.length > 0));
    if (compositeType) {
      return compositeType.schema === schema ? `Database[${json(schema)}]['CompositeTypes'][${json(compositeType.name)}]` : 'unknown';
    }
    if (tables.some((table) => table.name === pgType)) return `Database[${json(schema)}]['Tables'][${json(pgType)}]['Row']`;
    if (views.some((view) => view.name === pgType)) return `Database[${json(schema)}]['Views'][${json(pgType)}]['Row']`;
    return 'unknown';
  }
  const typeOfId = (typeId: number) => {
    const type = typesById.get(typeId);
    return type ? tsType(type.name) : 'unknown';
  };
  const nullable = (type: string, isNullable: boolean) => (type === 'unknown' || !isNullable ? type : `${type} | null`);
  const field = (column: Column, isNullable: boolean, optional: boolean) =>
    `${json(column.name)}${optional ? '?' : ''}: ${nullable(tsType(column.format), isNullable)}`;

  const functions = meta.functions
    .map((fn) => ({ ...fn, args: [...fn.args].sort((a, b) => byName(a.name, b.name)) }))
    .map((fn) => ({ fn, inArgs: fn.args.filter((arg) => IN_MODES.has(arg.mode)) }))
    .filter(({ fn, inArgs }) => isCallable(fn, inArgs))
    .sort((a, b) => byName(a.fn.name, b.fn.name));
  const overloaded = functions.find(({ fn }, index) => functions.findIndex((other) => other.fn.name === fn.name) !== index);
  if (overloaded) throw new Error(`${schema}.${overloaded.fn.name} is overloaded; scripts/db-types does not type overloads yet.`);

  function isCallable(fn: DbFunction, inArgs: FunctionArg[]): boolean {
    if (inArgs.length === 0 || !inArgs.some((arg) => arg.name === '')) return true;
    if (inArgs.every((arg) => arg.name !== '' || (arg.hasDefault && UNNAMED_ARG_TYPES.has(arg.typeId)))) return true;
    const [only] = inArgs;
    return inArgs.length === 1 && only !== undefined && (UNNAMED_ARG_TYPES.has(only.typeId) || relationTypes.has(only.typeId));
  }
  const returnTableName = (fn: DbFunction): string | null => {
    if (fn.returnTypeRelationId === null) return null;
    return relationNames.get(fn.returnTypeRelationId) ?? relationTypes.get(fn.returnTypeId)?.name ?? null;
  };
  function returnType(fn: DbFunction): string {
    const tableArgs = fn.args.filter((arg) => arg.mode === 'table');
    if (tableArgs.length > 0) return block(tableArgs.map((arg) => `${json(arg.name)}: ${typeOfId(arg.typeId)}`));
    const relation = meta.relations.find((item) => item.id === fn.returnTypeRelationId);
    if (relation) return block(columnsOf(relation).map((column) => field(column, column.isNullable, false)));
    return typeOfId(fn.returnTypeId);
  }
  function returnsWithSetof(fn: DbFunction, type: string): string {
    const target = returnTableName(fn);
    const multipleRows = fn.prorows !== null && fn.prorows > 1;
    let setof = target
      ? `SetofOptions: ${block(['from: "*"', `to: ${json(target)}`, `isOneToOne: ${!multipleRows}`, `isSetofReturn: ${fn.isSetReturning}`])}`
      : '';
    const rowArg = fn.args.length === 1 && fn.args[0] ? relationTypes.get(fn.args[0].typeId) : undefined;
    if (rowArg && target) {
      const setofTable = fn.isSetReturning && fn.returnTypeRelationId !== null;
      const isOneToOne = setofTable ? !multipleRows : true;
      setof = `SetofOptions: ${block([`from: ${json(rowArg.name)}`, `to: ${json(target)}`, `isOneToOne: ${isOneToOne}`, `isSetofReturn: ${setofTable}`])}`;
    }
    const collapsible = !multipleRows && target !== null;
    return `${type}${fn.isSetReturning && !collapsible ? '[]' : ''}${setof ? `\n${setof}` : ''}`;
  }
  function signature({ fn, inArgs }: { fn: DbFunction; inArgs: FunctionArg[] }): string {
    const args =
      inArgs.length === 0 ? 'never' : block(inArgs.map((arg) => `${json(arg.name)}${arg.hasDefault ? '?' : ''}: ${typeOfId(arg.typeId)}`));
    return block([`Args: ${args}`, `Returns: ${returnsWithSetof(fn, returnType(fn))}`]);
  }
  // A function of the row alone is a computed field of the table, whatever its argument's name, as PostgREST
  // and postgrest-js take it; postgres-meta only sees one whose argument is unnamed.
  const takesRow = (fn: DbFunction, inArgs: FunctionArg[], relation: Relation) =>
    fn.argumentTypes === relation.name ||
    (inArgs.length === 1 && relationTypes.get(inArgs[0]?.typeId ?? 0)?.typeRelationId === relation.id);
  const computedFields = (relation: Relation) =>
    functions
      .filter(({ fn, inArgs }) => takesRow(fn, inArgs, relation))
      .map(({ fn }) => `${json(fn.name)}: ${nullable(returnType(fn), true)}`);

  const tableText = (table: Relation) => {
    const columns = columnsOf(table);
    const never = (column: Column) => `${json(column.name)}?: never`;
    const insert = columns.map((column) =>
      column.identityGeneration === 'ALWAYS'
        ? never(column)
        : field(column, column.isNullable, column.isNullable || column.isIdentity || column.hasDefault),
    );
    const update = columns.map((column) =>
      column.identityGeneration === 'ALWAYS' ? never(column) : field(column, column.isNullable, true),
    );
    return `${json(table.name)}: {
      Row: ${block([...columns.map((column) => field(column, column.isNullable, false)), ...computedFields(table)])}
      Insert: ${block(insert)}
      Update: ${block(update)}
      Relationships: [${relationshipsOf(table).map(relationshipText).join(', ')}]
    }`;
  };
  const viewText = (view: Relation) => {
    const columns = columnsOf(view);
    const writable = columns.map((column) => (column.isUpdatable ? field(column, true, true) : `${json(column.name)}?: never`));
    return `${json(view.name)}: {
      Row: ${block([...columns.map((column) => field(column, column.isNullable, false)), ...computedFields(view)])}
      ${view.isUpdatable ? `Insert: ${block(writable)}\nUpdate: ${block(writable)}` : ''}
      Relationships: [${relationshipsOf(view).map(relationshipText).join(', ')}]
    }`;
  };
  const members = (items: string[]) => (items.length === 0 ? '[_ in never]: never' : items.join('\n'));

  return `export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[]

export type Database = {
  // Allows to automatically instantiate createClient with right options
  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)
  __InternalSupabase: {
    PostgrestVersion: ${json(postgrestVersion)}
  }
  ${json(schema)}: {
    Tables: { ${members(tables.map(tableText))} }
    Views: { ${members(views.map(viewText))} }
    Functions: { ${members(functions.map((item) => `${json(item.fn.name)}: ${signature(item)}`))} }
    Enums: { ${members(enums.map((type) => `${json(type.name)}: ${type.enums.map(json).join(' | ')}`))} }
    CompositeTypes: { ${members(
      compositeTypes.map(
        (type) =>
          `${json(type.name)}: ${block(type.attributes.map((attribute) => `${json(attribute.name)}: ${nullable(typeOfId(attribute.typeId), true)}`))}`,
      ),
    )} }
  }
}
${helperTypes(schema)}
export const Constants = {
  ${json(schema)}: {
    Enums: { ${enums.map((type) => `${json(type.name)}: [${type.enums.map(json).join(', ')}]`).join(', ')} },
  },
} as const
`;
}

function relationshipText(relationship: Relationship): string {
  return `{
    foreignKeyName: ${json(relationship.foreignKeyName)}
    columns: ${json(relationship.columns)}
    isOneToOne: ${relationship.isOneToOne}
    referencedRelation: ${json(relationship.referencedRelation)}
    referencedColumns: ${json(relationship.referencedColumns)}
  }`;
}
