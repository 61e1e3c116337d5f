import { Dialog, DialogBackdrop, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import { formatPln, type Grosz } from '../../../domain/money.ts';

/**
 * Asked before an unpaid order is marked 'Dostarczone': handing
 * flowers over without the money is usually a slip, and the driver should
 * have collected it. The same alert dialog as deleting a product.
 */
export function UnpaidDeliveryDialog({
  orderNumber,
  due,
  onConfirm,
  onCancel,
}: {
  orderNumber: string;
  due: Grosz;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog open onClose={onCancel} className="fixed inset-0 z-50" role="alertdialog">
      <DialogBackdrop className="fixed inset-0 bg-forest-900/40" />
      <div className="fixed inset-0 flex items-end justify-center p-4 sm:items-center">
        <DialogPanel className="w-full max-w-md rounded-2xl bg-cream p-6 shadow-xl">
          <DialogTitle className="text-xl font-semibold text-forest-900">Dostarczenie zamówienia {orderNumber}</DialogTitle>
          <Description className="mt-3 text-ink">
            Zamówienie nie jest opłacone (do zapłaty {formatPln(due)}). Oznaczyć jako dostarczone?
          </Description>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button type="button" className="btn-secondary" onClick={onCancel} autoFocus>
              Nie zmieniaj
            </button>
            <button type="button" className="btn-primary" onClick={onConfirm}>
              Oznacz jako dostarczone
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
