import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { Separator } from '../components/ui/separator.tsx';
import { homeContent } from '../features/content/home-content.ts';
import { useSiteContent } from '../features/content/use-site-content.ts';
import { FavoriteButton } from '../features/favorites/FavoriteButton.tsx';
import { GuideOffer } from '../features/guide/GuideOffer.tsx';
import { CategoryGrid } from '../features/marketplace/CategoryGrid.tsx';
import { FeaturedListings } from '../features/marketplace/FeaturedListings.tsx';
import { HomeHero } from '../features/marketplace/HomeHero.tsx';
import { SiteStats } from '../features/marketplace/SiteStats.tsx';
import { JoinProviderCta } from '../features/provider/JoinProviderCta.tsx';
import { CATEGORIES_SECTION_ID, scrollToId } from '../lib/scroll.ts';
import { useMe } from '../lib/use-me.ts';

/** /: hero and search, categories, featured listings, the numbers, the guide's offer, the call to providers. */
export default function Home() {
  const { hash, key } = useLocation();
  const { data: content } = useSiteContent();
  const { data: me } = useMe();
  const signedIn = Boolean(me);
  const texts = homeContent(content);

  // Arriving from another page's Categories link (/#categories): land on the section.
  useEffect(() => {
    if (hash === `#${CATEGORIES_SECTION_ID}`) scrollToId(CATEGORIES_SECTION_ID);
  }, [hash, key]);

  return (
    <>
      <HomeHero {...texts.hero} />
      <CategoryGrid {...texts.categories} />
      <FeaturedListings
        {...texts.featured}
        cardAction={(listing) => <FavoriteButton listingId={listing.id} />}
      />
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <Separator />
      </div>
      <SiteStats {...texts.stats} />
      <GuideOffer signedIn={signedIn} />
      <JoinProviderCta {...texts.cta} signedIn={signedIn} />
    </>
  );
}
