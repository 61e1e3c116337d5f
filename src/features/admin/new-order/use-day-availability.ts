import { useEffect, useState } from 'react';
import { DELIVERY_AVAILABILITY_FUNCTION, type DeliveryAvailabilityResponse } from '../../../domain/delivery-availability-contract.ts';
import type { DayAvailability } from '../../../domain/delivery-calendar.ts';
import { callFunction } from '../../../lib/functions-client.ts';

/** The slot picker's day: the windows and pickup hours of the chosen date, by the server's clock. */
export function useDay(date: string): DayAvailability | null | 'loading' {
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(date);
  const [answer, setAnswer] = useState<{ date: string; day: DayAvailability | null } | null>(null);
  useEffect(() => {
    if (!valid) return;
    let live = true;
    callFunction(DELIVERY_AVAILABILITY_FUNCTION, { from: date, to: date })
      .then((reply) => {
        if (live) setAnswer({ date, day: reply.ok ? ((reply.body as DeliveryAvailabilityResponse).days[0] ?? null) : null });
      })
      .catch(() => live && setAnswer({ date, day: null }));
    return () => {
      live = false;
    };
  }, [date, valid]);
  if (!valid) return null;
  return answer?.date === date ? answer.day : 'loading';
}
