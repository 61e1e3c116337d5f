import { formatPln } from '../../domain/money.ts';
import type { ProductSize } from '../../domain/product.ts';
import { priceInForce } from '../../domain/product-price.ts';
import { availabilityLabel, canBeOrdered } from '../../domain/stock.ts';

export interface SizePickerProps {
  sizes: readonly ProductSize[];
  chosen: string | null;
  onChoose: (sizeId: string) => void;
}

/**
 * 'Rozmiar': native radio buttons in a fieldset, so arrow keys move between the sizes and a screen reader
 * hears the group's name, each size with its price and how it stands, and which one is chosen.
 */
export function SizePicker({ sizes, chosen, onChoose }: SizePickerProps) {
  return (
    <fieldset className="mt-6" data-testid="size-picker">
      <legend className="text-sm font-semibold text-forest-900">Rozmiar</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {sizes.map((size) => {
          const orderable = canBeOrdered(size);
          return (
            <label
              key={size.id}
              className="cursor-pointer rounded-2xl border border-forest-200 bg-white px-4 py-2 text-sm has-checked:border-forest-700 has-checked:bg-forest-50 has-checked:ring-2 has-checked:ring-forest-700 has-focus-visible:outline-2 has-focus-visible:outline-forest-700"
            >
              <input
                type="radio"
                name="size"
                value={size.id}
                checked={chosen === size.id}
                onChange={() => onChoose(size.id)}
                className="sr-only"
              />
              <span className="block font-semibold text-ink">{size.label}</span>
              <span className="block text-ink-muted">
                {formatPln(priceInForce(size))}
                {orderable ? '' : ` · ${availabilityLabel(size)}`}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
