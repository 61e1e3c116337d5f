import { createFileRoute } from '@tanstack/react-router';
import { InvoicesPage } from '../../features/admin/invoices/invoices-page.tsx';

export const Route = createFileRoute('/admin/invoices')({
  component: InvoicesPage,
});
