import { Suspense } from 'react';
import { deferred } from '../../boot/deferred.tsx';
import { Hero } from './hero.tsx';

// The server sends the sections complete; their code comes after the hero.
const HomeSections = deferred(() => import('./home-sections.tsx').then((module) => module.HomeSections), 'first-content');

export function HomePage() {
  return (
    <>
      <Hero />
      {/* Keeps the footer below the first screen while the sections load, so nothing visible moves. */}
      <Suspense fallback={<div className="min-h-dvh" aria-hidden="true" />}>
        <HomeSections />
      </Suspense>
    </>
  );
}
