import type { Json } from '../../src/domain/database.types.ts';
import { isValidNip, normaliseNip } from '../../src/domain/nip.ts';
import type { AdminClient } from '../_shared/supabase-clients.ts';
import type { ClaimedInvoice, KsefSendStore } from './handler.ts';
import type { InvoiceOutcome } from './outcome.ts';

function sellerNipOf(row: { summary: Json }): string {
  const summary = row.summary as { base?: { seller?: { nip?: unknown } } };
  const nip = summary.base?.seller?.nip;
  return typeof nip === 'string' ? nip : '';
}

function columns(outcome: InvoiceOutcome, now: number) {
  switch (outcome.state) {
    case 'accepted':
      return {
        state: outcome.state,
        ksef_number: outcome.ksefNumber,
        ksef_reference: outcome.ksefReference,
        upo: outcome.upo,
        ksef_hash: outcome.ksefHash,
        accepted_at: new Date(now).toISOString(),
        rejection_reason: null,
        last_error: null,
        next_attempt_at: null,
      };
    case 'rejected':
      return { state: outcome.state, rejection_reason: outcome.reason, last_error: null, next_attempt_at: null };
    case 'queued':
      return { state: outcome.state, last_error: outcome.note, next_attempt_at: outcome.retryAt };
  }
}

export function createKsefSendStore(admin: AdminClient): KsefSendStore {
  return {
    async claim(limit) {
      const { data, error } = await admin.rpc('claim_ksef_invoices', { p_limit: limit });
      if (error) throw new Error(`claiming invoices failed: ${error.message}`);
      return (data ?? []).map((row): ClaimedInvoice => ({
        id: row.id,
        number: row.number,
        xml: row.xml,
        attempts: row.attempts,
        sellerNip: sellerNipOf(row),
      }));
    },

    async shopNip() {
      const { data, error } = await admin.from('app_settings').select('value').eq('key', 'company_nip').maybeSingle();
      if (error) throw new Error(`loading the settings failed: ${error.message}`);
      const nip = normaliseNip(data?.value ?? '');
      return isValidNip(nip) ? nip : null;
    },

    // Only while this run's claim holds: still 'sent' with the attempt count it claimed.
    async record(invoice, outcome, now) {
      const { data, error } = await admin
        .from('invoices')
        .update(columns(outcome, now))
        .eq('id', invoice.id)
        .eq('state', 'sent')
        .eq('attempts', invoice.attempts)
        .select('id');
      if (error) throw new Error(`storing the KSeF answer for ${invoice.number} failed: ${error.message}`);
      return (data ?? []).length === 1;
    },
  };
}
