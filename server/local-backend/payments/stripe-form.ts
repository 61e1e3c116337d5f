/**
 * Stripe's request bodies: form-encoded with bracket keys
 * (`line_items[0][price_data][unit_amount]=999`, `metadata[order_id]=…`),
 * as stripe-node writes them. Read into plain nested values for the local
 * simulator; lists come back as arrays in index order.
 */

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

const KEY = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;

function pathOf(key: string): string[] | null {
  const match = KEY.exec(key);
  if (!match) return null;
  const rest = [...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1] ?? '');
  return [match[1]!, ...rest];
}

function isObject(value: FormValue | undefined): value is FormObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Objects whose keys are all indices become arrays; `a[]` appends. */
function toArrays(value: FormValue): FormValue {
  if (!isObject(value)) return value;
  const entries = Object.entries(value).map(([key, child]) => [key, toArrays(child)] as const);
  if (entries.length > 0 && entries.every(([key]) => /^\d+$/.test(key))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, child]) => child);
  }
  return Object.fromEntries(entries);
}

/** Null when a key is malformed or used both as a value and as a container. */
export function parseStripeForm(body: string): FormObject | null {
  const root: FormObject = {};
  const appendCounters = new Map<FormObject, number>();
  for (const [key, value] of new URLSearchParams(body)) {
    const path = pathOf(key);
    if (!path) return null;
    let node = root;
    for (let index = 0; index < path.length; index++) {
      let segment = path[index]!;
      if (segment === '') {
        const next = appendCounters.get(node) ?? 0;
        appendCounters.set(node, next + 1);
        segment = String(next);
      }
      if (index === path.length - 1) {
        if (segment in node) return null;
        node[segment] = value;
      } else {
        const child = node[segment] ?? {};
        if (!isObject(child)) return null;
        node[segment] = child;
        node = child;
      }
    }
  }
  const result = toArrays(root);
  return isObject(result) ? result : null;
}
