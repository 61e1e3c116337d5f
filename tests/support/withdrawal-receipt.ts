import type { WithdrawalReceipt } from '../../src/domain/withdrawal-request.ts';
import { WITHDRAWAL_EXEMPTION_REASONS } from '../../src/domain/withdrawal-right.ts';

/** A withdrawal request's receipt as withdrawal-request stores it with its mail jobs (mail_jobs.details). */
export const SAMPLE_WITHDRAWAL_RECEIPT: WithdrawalReceipt = {
  requestNumber: 'ODS-7',
  orderNumber: 'KT2611240001',
  createdAt: '2026-11-30T09:15:00Z',
  periodNote: 'Towar odebrano 28.11.2026. Termin na odstąpienie od umowy mija 12.12.2026.',
  reason: 'Kolor nie pasuje',
  accepted: [{ productId: '11111111-1111-4111-8111-111111111111', name: 'Wieniec z szarfą', quantity: 1 }],
  refused: [
    { productId: '22222222-2222-4222-8222-222222222222', name: 'Bukiet róż', quantity: 2, reason: WITHDRAWAL_EXEMPTION_REASONS.perishable },
  ],
};
