import { CategoryTiles } from './category-tiles.tsx';
import { ClosingCta } from './closing-cta.tsx';
import { Hero } from './hero.tsx';
import { WhyUs } from './why-us.tsx';

export function HomePage() {
  return (
    <>
      <Hero />
      <CategoryTiles />
      <WhyUs />
      <ClosingCta />
    </>
  );
}
