import type { ComponentType } from 'react';
import type { IconProps } from '../../../lib/icons/first-load.tsx';
import {
  DashboardIcon,
  FulfilmentIcon,
  InvoicesIcon,
  OrdersIcon,
  PaymentsIcon,
  ProductsIcon,
  SettingsIcon,
  WithdrawalsIcon,
} from './admin-icons.tsx';

export interface AdminSection {
  to:
    | '/admin/realizacja'
    | '/admin'
    | '/admin/orders'
    | '/admin/payments'
    | '/admin/invoices'
    | '/admin/odstapienia'
    | '/admin/products'
    | '/admin/settings';
  label: string;
  /** Active only on this very path ('/admin' is the dashboard, not every admin page). */
  exact: boolean;
  Icon: ComponentType<IconProps>;
  /** On phones: one of the bottom bar's own items, or under 'Więcej'. */
  onPhone: 'bar' | 'more';
}

/** The back office's sections in the order the desktop bar shows them: the day's work first. */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { to: '/admin/realizacja', label: 'Realizacja', exact: false, Icon: FulfilmentIcon, onPhone: 'bar' },
  { to: '/admin', label: 'Pulpit', exact: true, Icon: DashboardIcon, onPhone: 'more' },
  { to: '/admin/orders', label: 'Zamówienia', exact: false, Icon: OrdersIcon, onPhone: 'bar' },
  { to: '/admin/payments', label: 'Płatności', exact: false, Icon: PaymentsIcon, onPhone: 'more' },
  { to: '/admin/invoices', label: 'Faktury', exact: false, Icon: InvoicesIcon, onPhone: 'more' },
  { to: '/admin/odstapienia', label: 'Odstąpienia', exact: false, Icon: WithdrawalsIcon, onPhone: 'more' },
  { to: '/admin/products', label: 'Produkty', exact: false, Icon: ProductsIcon, onPhone: 'bar' },
  { to: '/admin/settings', label: 'Ustawienia', exact: false, Icon: SettingsIcon, onPhone: 'more' },
];

export const PHONE_BAR_SECTIONS = ADMIN_SECTIONS.filter((section) => section.onPhone === 'bar');
export const PHONE_MORE_SECTIONS = ADMIN_SECTIONS.filter((section) => section.onPhone === 'more');
