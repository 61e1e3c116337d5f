import { createFileRoute } from '@tanstack/react-router';
import { RegisterPage } from '../features/auth/auth-pages.tsx';

export const Route = createFileRoute('/register')({
  component: RegisterPage,
});
