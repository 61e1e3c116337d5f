import { polishPlural } from '../../domain/plural.ts';

/** A count with its noun in the right Polish plural form, as plain text: '1 zamówienie', '3 zamówienia', '5 zamówień'. */
export function countLabelPlain(count: number, [one, few, many]: readonly [string, string, string]): string {
  return `${count} ${polishPlural(count, { one, few, many })}`;
}
