-- Add-ons: products the owner offers beside a bouquet ('Dodaj do bukietu', 'Może jeszcze…'): a vase,
-- chocolates, a balloon, a candle (docs/decisions/039-product-addons.md).
--
-- An add-on is an ordinary product in every other way: its own price, stock, category (so its own delivery
-- methods and its own withdrawal rule). The products policies already let anyone read an active product's
-- columns and only the owner write them, so the new column needs no policy of its own.
alter table public.products add column is_addon boolean not null default false;

-- The order line keeps whether it was sold as an add-on, as it keeps the product's name: the day view and the
-- work sheet list it beside the flowers even after the owner changes the product.
alter table public.order_items add column is_addon boolean not null default false;

-- Snapshot taken from the product row on every insert, whoever inserts (place_order, the owner's orders), so
-- no caller can set or forget it and place_order keeps its one definition.
create function private.order_items_snapshot_addon() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  new.is_addon := coalesce((select p.is_addon from public.products p where p.id = new.product_id), false);
  return new;
end
$$;
revoke all on function private.order_items_snapshot_addon() from public;

create trigger order_items_snapshot_addon
  before insert on public.order_items
  for each row execute function private.order_items_snapshot_addon();
