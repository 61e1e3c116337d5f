-- A cancelled order is neither prepared nor delivered: its fulfilment state
-- stays as it was. The back office offers no fulfilment step for it
-- (src/domain/florist-order.ts, fulfilmentCanChange); here the rule holds for
-- every writer, a device with a stale list and a direct data-API update alike.
-- Cancelling itself and reopening change only the status, and pass. In
-- schema private, as its caller: it reads nothing, and a trigger calls its
-- function by oid.
create function private.orders_fulfilment_closed_when_cancelled() returns trigger
  language plpgsql security invoker
  set search_path = ''
as $$
begin
  if new.status = 'cancelled' then
    raise exception 'Zamówienie % jest anulowane: jego stanu realizacji nie można zmienić.', new.payu_order_id
      using errcode = 'P0001', hint = 'order_cancelled';
  end if;
  return new;
end
$$;

revoke execute on function private.orders_fulfilment_closed_when_cancelled() from public, anon, authenticated;

create trigger orders_fulfilment_closed_when_cancelled before update of fulfilment_state on public.orders
  for each row when (old.fulfilment_state is distinct from new.fulfilment_state)
  execute function private.orders_fulfilment_closed_when_cancelled();
