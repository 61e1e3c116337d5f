import { productPhotos } from '../../domain/product-photo.ts';
import { CategoryTiles } from './category-tiles.tsx';
import { ClosingCta } from './closing-cta.tsx';
import { FeaturedProducts, useFeaturedProducts } from './featured-products.tsx';
import { Hero } from './hero.tsx';
import { useHeroPhoto } from './hero-photo.ts';
import { SeasonPromptBanner } from './season-prompt.tsx';
import { WhyUs } from './why-us.tsx';

/**
 * The whole home page, one chunk loaded after the first content: the server
 * sends it complete, so the hero and its photo are on screen before any of
 * this code arrives (docs/decisions/035-seasonal-prompts.md).
 */
export function HomeContent() {
  const featured = useFeaturedProducts();
  // The owner's chosen flowers: the photo she uploaded for the hero, else the newest featured product that has one.
  const ownPhoto = useHeroPhoto();
  const photoProduct = featured.find((product) => productPhotos(product).length > 0);
  return (
    <>
      <Hero ownPhoto={ownPhoto} photoProduct={photoProduct} />
      <SeasonPromptBanner />
      <CategoryTiles />
      <FeaturedProducts products={featured} />
      <WhyUs />
      <ClosingCta />
    </>
  );
}
