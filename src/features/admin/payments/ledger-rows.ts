import type { Row } from '../../../domain/database.ts';
import { grosz, type Grosz } from '../../../domain/money.ts';
import {
  LEDGER_PAYMENT_STATES,
  LEDGER_PROVIDERS,
  LEDGER_REFUND_STATES,
  type LedgerPaymentState,
  type LedgerProvider,
  type LedgerRefundState,
} from '../../../domain/payment-ledger.ts';
import { WITHDRAWAL_STATES, type WithdrawalState } from '../../../domain/withdrawal-request.ts';

/**
 * The order's ledger as the back office keeps it (public.payments and
 * public.refunds, embedded in the owner's orders select). Pure: mapping only.
 */

export interface AdminRefund {
  id: string;
  amount: Grosz;
  state: LedgerRefundState;
  /** Made by the owner outside the shop (a transfer back, cash). */
  manual: boolean;
  /** 'YYYY-MM-DD', the Warsaw day of a manual refund. */
  refundedOn: string | null;
  reason: string | null;
  createdAt: string;
  completedAt: string | null;
}

export interface AdminPayment {
  id: string;
  provider: LedgerProvider;
  method: string;
  amount: Grosz;
  state: LedgerPaymentState;
  /** 'YYYY-MM-DD', the Warsaw day the owner says the money arrived (manual payments only). */
  receivedOn: string | null;
  note: string | null;
  createdAt: string;
  completedAt: string | null;
  /** Oldest first. */
  refunds: AdminRefund[];
}

/** A withdrawal request of the order: a refund may be made for an accepted one. */
export interface AdminOrderWithdrawal {
  id: string;
  number: string;
  state: WithdrawalState;
}

export type RefundRow = Pick<
  Row<'refunds'>,
  'id' | 'amount_grosz' | 'state' | 'manual' | 'refunded_on' | 'reason' | 'created_at' | 'completed_at'
>;

export type PaymentRow = Pick<
  Row<'payments'>,
  'id' | 'provider' | 'method' | 'amount_grosz' | 'state' | 'received_on' | 'note' | 'created_at' | 'completed_at'
> & { refunds?: RefundRow[] | null };

export type WithdrawalRow = Pick<Row<'withdrawal_requests'>, 'id' | 'number' | 'state'>;

/** The embeds the owner's orders select adds (foreign keys named: refunds also links orders with payments). */
export const LEDGER_EMBEDS =
  'payments!payments_order_id_fkey(id, provider, method, amount_grosz, state, received_on, note, created_at, completed_at, refunds!refunds_payment_id_fkey(id, amount_grosz, state, manual, refunded_on, reason, created_at, completed_at)), withdrawal_requests!withdrawal_requests_order_id_fkey(id, number, state)';

const oneOf = <T extends string>(list: readonly T[], value: unknown): T | null =>
  typeof value === 'string' && (list as readonly string[]).includes(value) ? (value as T) : null;

/** bigint grosz as PostgREST sends it (a JSON number; text if a proxy widened it). */
const groszOf = (value: number | string): Grosz => grosz(typeof value === 'string' ? Number(value) : value);

const byCreated = <T extends { createdAt: string }>(left: T, right: T) => left.createdAt.localeCompare(right.createdAt);

function toRefund(row: RefundRow): AdminRefund[] {
  const state = oneOf(LEDGER_REFUND_STATES, row.state);
  if (!state) return [];
  return [
    {
      id: row.id,
      amount: groszOf(row.amount_grosz),
      state,
      manual: row.manual === true,
      refundedOn: row.refunded_on,
      reason: row.reason,
      createdAt: row.created_at,
      completedAt: row.completed_at,
    },
  ];
}

/** A provider or state this version does not know is left out, never guessed (as with mails). */
export function toAdminPayments(rows: readonly PaymentRow[] | null | undefined): AdminPayment[] {
  return (rows ?? [])
    .flatMap((row): AdminPayment[] => {
      const provider = oneOf(LEDGER_PROVIDERS, row.provider);
      const state = oneOf(LEDGER_PAYMENT_STATES, row.state);
      if (!provider || !state) return [];
      return [
        {
          id: row.id,
          provider,
          method: row.method,
          amount: groszOf(row.amount_grosz),
          state,
          receivedOn: row.received_on,
          note: row.note,
          createdAt: row.created_at,
          completedAt: row.completed_at,
          refunds: (row.refunds ?? []).flatMap(toRefund).sort(byCreated),
        },
      ];
    })
    .sort(byCreated);
}

export function toAdminWithdrawals(rows: readonly WithdrawalRow[] | null | undefined): AdminOrderWithdrawal[] {
  return (rows ?? []).flatMap((row) => {
    const state = oneOf(WITHDRAWAL_STATES, row.state);
    return state ? [{ id: row.id, number: row.number, state }] : [];
  });
}

/** The order's derived money columns; a row from before the ledger reads as nothing received. */
export function moneyColumn(value: number | string | null | undefined): Grosz {
  if (value === null || value === undefined) return 0 as Grosz;
  return groszOf(value);
}
