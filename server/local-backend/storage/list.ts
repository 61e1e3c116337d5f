import { STORAGE_ERRORS } from './errors.ts';

/** POST /object/list/<bucket>: reading supabase-js's list options, and one folder level of the rows, as storage.search answers. */

const LIST_SORT_COLUMNS = ['name', 'updated_at', 'created_at', 'last_accessed_at'] as const;
type ListSortColumn = (typeof LIST_SORT_COLUMNS)[number];

export interface ListedRow {
  name: string;
  id: string | null;
  updated_at: Date | null;
  created_at: Date | null;
  last_accessed_at: Date | null;
  metadata: unknown;
}

interface ListOptions {
  prefix: string;
  limit: number;
  offset: number;
  column: ListSortColumn;
  order: 'asc' | 'desc';
  search: string;
}

export function readListOptions(body: Record<string, unknown>): ListOptions {
  const { prefix, limit = 100, offset = 0, sortBy, search = '' } = body;
  if (typeof prefix !== 'string') throw STORAGE_ERRORS.invalidRequest("body must have required property 'prefix'");
  if (!Number.isInteger(limit) || (limit as number) < 1) throw STORAGE_ERRORS.invalidRequest('body/limit must be >= 1');
  if (!Number.isInteger(offset) || (offset as number) < 0) throw STORAGE_ERRORS.invalidRequest('body/offset must be >= 0');
  if (typeof search !== 'string') throw STORAGE_ERRORS.invalidRequest('body/search must be string');
  const sort = (typeof sortBy === 'object' && sortBy !== null ? sortBy : {}) as { column?: unknown; order?: unknown };
  const column = sort.column ?? 'name';
  if (!LIST_SORT_COLUMNS.includes(column as ListSortColumn)) {
    throw STORAGE_ERRORS.invalidRequest('body/sortBy/column must be equal to one of the allowed values');
  }
  const order = sort.order === 'desc' ? 'desc' : 'asc';
  return { prefix, limit: limit as number, offset: offset as number, column: column as ListSortColumn, order, search };
}

/**
 * One folder level under the prefix, as storage.search answers it: files with
 * their row, each subfolder once with nulls (supabase-js tells them apart by id).
 */
export function folderLevel(rows: ListedRow[], prefix: string, options: ListOptions): ListedRow[] {
  const search = options.search.toLowerCase();
  const entries = new Map<string, ListedRow>();
  for (const row of rows) {
    const rest = row.name.slice(prefix.length);
    if (!rest.toLowerCase().startsWith(search)) continue;
    const slash = rest.indexOf('/');
    if (slash === -1) entries.set(rest, { ...row, name: rest });
    else {
      const folder = rest.slice(0, slash);
      if (!entries.has(folder)) {
        entries.set(folder, { name: folder, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null });
      }
    }
  }
  const direction = options.order === 'asc' ? 1 : -1;
  const byName = (a: ListedRow, b: ListedRow) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  const sorted = [...entries.values()].sort((a, b) => {
    if (options.column === 'name') return direction * byName(a, b);
    const left = a[options.column]?.getTime() ?? null;
    const right = b[options.column]?.getTime() ?? null;
    // Postgres order: nulls last ascending, first descending.
    if (left === null || right === null) return left === right ? byName(a, b) : left === null ? direction : -direction;
    return left === right ? byName(a, b) : direction * (left - right);
  });
  return sorted.slice(options.offset, options.offset + options.limit);
}
