import type { FunctionArgs } from '../../src/domain/database.ts';
import type { AdminClient } from '../_shared/supabase-clients.ts';
import type { Row } from '../../src/domain/database.ts';
import { grosz } from '../../src/domain/money.ts';
import { isUuid } from '../../src/domain/patterns.ts';
import { createLedgerStore } from '../_shared/ledger.ts';
import { createOrderAccessStore } from '../_shared/order-access.ts';
import type { LedgerPayment, OwnerPaymentsStore } from './handler.ts';

type PaymentRow = Pick<
  Row<'payments'>,
  'id' | 'provider' | 'provider_payment_id' | 'provider_charge_id' | 'amount_grosz' | 'state' | 'completed_at' | 'created_at'
>;

const toPayment = (row: PaymentRow): LedgerPayment => ({
  id: row.id,
  provider: row.provider,
  providerPaymentId: row.provider_payment_id,
  chargeId: row.provider_charge_id,
  amount: grosz(Number(row.amount_grosz)),
  state: row.state,
});

/** The SQL's refusal code (raised with errcode 22023) becomes the error's message; the handler maps it. */
async function rpcId<Name extends 'ledger_record_manual_payment' | 'ledger_record_manual_refund' | 'ledger_open_refund'>(
  admin: AdminClient,
  name: Name,
  args: FunctionArgs<Name>,
): Promise<string> {
  const { data, error } = await admin.rpc(name, args);
  if (error) throw new Error(error.code === '22023' ? error.message : `${name} failed: ${error.message}`);
  return data as string;
}

/** The owner function's reads and writes, with the service-role client, after the caller was checked to be the owner. */
export function createOwnerPaymentsStore(admin: AdminClient): OwnerPaymentsStore {
  return {
    applyRefundEvent: createLedgerStore(admin).applyRefundEvent,

    isShopOwner: createOrderAccessStore(admin).isShopOwner,

    async findOrder(orderId) {
      if (!isUuid(orderId)) return null;
      const { data, error } = await admin
        .from('orders')
        .select(
          'id, payu_order_id, status, payments(id, provider, provider_payment_id, provider_charge_id, amount_grosz, state, completed_at, created_at)',
        )
        .eq('id', orderId)
        .maybeSingle();
      if (error) throw new Error(`loading the order failed: ${error.message}`);
      if (!data) return null;
      const row = data;
      const payments = [...(row.payments ?? [])].sort((a, b) =>
        (b.completed_at ?? b.created_at).localeCompare(a.completed_at ?? a.created_at),
      );
      return { id: row.id, orderNumber: row.payu_order_id, status: row.status, payments: payments.map(toPayment) };
    },

    async findWithdrawal(withdrawalId) {
      if (!isUuid(withdrawalId)) return null;
      const { data, error } = await admin.from('withdrawal_requests').select('order_id, state').eq('id', withdrawalId).maybeSingle();
      if (error) throw new Error(`loading the withdrawal failed: ${error.message}`);
      const row = data;
      return row && { orderId: row.order_id, state: row.state };
    },

    recordManualPayment: (request, ownerId) =>
      rpcId(admin, 'ledger_record_manual_payment', {
        p_order_id: request.orderId,
        p_method: request.method,
        p_amount: request.amount,
        p_received_on: request.receivedOn,
        p_note: request.note ?? null,
        p_recorded_by: ownerId,
      }),

    recordManualRefund: (request, ownerId) =>
      rpcId(admin, 'ledger_record_manual_refund', {
        p_order_id: request.orderId,
        p_amount: request.amount,
        p_refunded_on: request.manual.refundedOn,
        p_reason: request.reason ?? null,
        p_withdrawal_id: request.withdrawalId ?? null,
        p_recorded_by: ownerId,
      }),

    openRefund: (payment, request, ownerId) =>
      rpcId(admin, 'ledger_open_refund', {
        p_payment_id: payment.id,
        p_amount: request.amount,
        p_reason: request.reason ?? null,
        p_withdrawal_id: request.withdrawalId ?? null,
        p_recorded_by: ownerId,
      }),
  };
}
