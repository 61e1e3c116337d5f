import { createFileRoute } from '@tanstack/react-router';
import { WithdrawalsPage } from '../../features/admin/withdrawals/withdrawals-page.tsx';

export const Route = createFileRoute('/admin/odstapienia')({
  component: WithdrawalsPage,
});
