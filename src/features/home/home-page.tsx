import { Suspense } from 'react';
import { lazyAfterFirstContent } from '../../lib/lazy-after-first-content.ts';
import { Hero } from './hero.tsx';

const HomeSections = lazyAfterFirstContent(() => import('./home-sections.tsx').then((module) => module.HomeSections));

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
