import { Suspense } from 'react';
import { deferred } from '../../boot/deferred.tsx';

// The server sends the page complete; its code comes after the first content, and links work until then.
const HomeContent = deferred(() => import('./home-content.tsx').then((module) => module.HomeContent), 'first-content');

export function HomePage() {
  return (
    // Keeps the footer below the first screen while the page loads, so nothing visible moves.
    <Suspense fallback={<div className="min-h-dvh" aria-hidden="true" />}>
      <HomeContent />
    </Suspense>
  );
}
