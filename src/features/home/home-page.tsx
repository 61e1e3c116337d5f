import { deferred } from '../../boot/deferred.tsx';
import { Hero } from './hero.tsx';

// The server sends the sections complete; their code comes after the hero. Until then (a page the browser renders
// itself) a screen-tall block keeps the footer below the first screen, so nothing visible moves.
const HomeSections = deferred(() => import('./home-sections.tsx').then((module) => module.HomeSections), 'first-content', {
  fallback: <div className="min-h-dvh" aria-hidden="true" />,
  ssr: true,
});

export function HomePage() {
  return (
    <>
      <Hero />
      <HomeSections />
    </>
  );
}
