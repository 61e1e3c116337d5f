import * as v from 'valibot';
import { WITHDRAWAL_STATES, type WithdrawalState } from '../../../domain/withdrawal-request.ts';
import { getSupabase } from '../../../lib/supabase.ts';

// sizeLabel: the line's size, absent from requests stored before sizes.
const line = v.object({ productId: v.string(), sizeLabel: v.optional(v.nullable(v.string())), name: v.string(), quantity: v.number() });

/** A row of withdrawal_requests with its order, as the owner's RLS shows it. */
const requestSchema = v.object({
  id: v.string(),
  number: v.string(),
  state: v.picklist(WITHDRAWAL_STATES),
  created_at: v.string(),
  reason: v.nullable(v.string()),
  period_note: v.string(),
  accepted_lines: v.array(line),
  refused_lines: v.array(v.object({ ...line.entries, reason: v.string() })),
  orders: v.object({
    id: v.string(),
    payu_order_id: v.string(),
    customer_name: v.string(),
    customer_email: v.string(),
    customer_phone: v.string(),
  }),
});
export type AdminWithdrawal = v.InferOutput<typeof requestSchema>;

/** Every request, newest first. */
export async function fetchWithdrawals(): Promise<AdminWithdrawal[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('withdrawal_requests')
    .select(
      'id, number, state, created_at, reason, period_note, accepted_lines, refused_lines, orders(id, payu_order_id, customer_name, customer_email, customer_phone)',
    )
    .order('created_at', { ascending: false });
  if (error) throw error;
  return v.parse(v.array(requestSchema), data);
}

/** The owner's one change: the state (the column grant allows nothing else). Answers the state stored. */
export async function changeWithdrawalState(id: string, state: WithdrawalState): Promise<WithdrawalState> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('withdrawal_requests').update({ state }).eq('id', id).select('state').single();
  if (error) throw error;
  return v.parse(v.object({ state: v.picklist(WITHDRAWAL_STATES) }), data).state;
}
