import { CategoryTiles } from './category-tiles.tsx';
import { ClosingCta } from './closing-cta.tsx';
import { FeaturedProducts } from './featured-products.tsx';
import { WhyUs } from './why-us.tsx';

/** Everything on the home page after the hero: one chunk, loaded after the first content. */
export function HomeSections() {
  return (
    <>
      <CategoryTiles />
      <FeaturedProducts />
      <WhyUs />
      <ClosingCta />
    </>
  );
}
