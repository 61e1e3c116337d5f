/**
 * 'Do zrobienia' on the day's overview: what the florist makes, each product
 * once with its quantity summed across the day's orders. Pure.
 */

export interface MakeLine {
  /** What makes two lines the same product (its id). */
  key: string;
  name: string;
  quantity: number;
}

/** Most first, then by name (Polish order). */
export function sumToMake(lines: readonly MakeLine[]): MakeLine[] {
  const sums = new Map<string, MakeLine>();
  for (const line of lines) {
    const known = sums.get(line.key);
    if (known) known.quantity += line.quantity;
    else sums.set(line.key, { ...line });
  }
  return [...sums.values()].sort((left, right) => right.quantity - left.quantity || left.name.localeCompare(right.name, 'pl'));
}

export interface DayCounts {
  home: number;
  cemetery: number;
  store: number;
  other: number;
}

export function countByMethod(methods: readonly string[]): DayCounts {
  const counts: DayCounts = { home: 0, cemetery: 0, store: 0, other: 0 };
  for (const method of methods) {
    if (method === 'home' || method === 'cemetery' || method === 'store') counts[method] += 1;
    else counts.other += 1;
  }
  return counts;
}
