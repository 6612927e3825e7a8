/** The browse requests the benchmarks measure (bench/browse.ts) and explain (bench/explain.ts). */
import { RARE_WORD } from './generate.ts';

export interface Scenario {
  name: string;
  /** Query string of GET /api/listings (without '?'), or a path for other routes. */
  query: string;
  /** What the goals call it. */
  kind: 'browse' | 'filtered' | 'search' | 'near' | 'detail';
}

export const SCENARIOS: Scenario[] = [
  { name: 'browse first page', query: '', kind: 'browse' },
  { name: 'browse next page (cursor)', query: 'cursor=NEXT', kind: 'browse' },
  { name: 'category', query: 'category=photography', kind: 'filtered' },
  { name: 'province', query: 'province=western_cape', kind: 'filtered' },
  { name: 'category + province', query: 'category=venues&province=gauteng', kind: 'filtered' },
  { name: 'price low to high', query: 'sort=price_asc', kind: 'filtered' },
  { name: 'best rated', query: 'sort=rating', kind: 'filtered' },
  { name: 'price range R1 000–R3 000', query: 'minPrice=1000&maxPrice=3000', kind: 'filtered' },
  // Two of the 400 generated prices: too few for a walk of the order to find a page.
  { name: 'price range R5 000–R5 050', query: 'minPrice=5000&maxPrice=5050', kind: 'filtered' },
  { name: 'search, common word', query: 'search=photography', kind: 'search' },
  { name: 'search, two words', query: 'search=vintage%20limousine', kind: 'search' },
  { name: 'search, rare word', query: `search=${RARE_WORD}`, kind: 'search' },
  // In a sixth of the descriptions and no title: the title tier is empty, the next one dense.
  { name: 'search, description-only word', query: 'search=insured', kind: 'search' },
  { name: 'search, misspelt title', query: 'search=limosine', kind: 'search' },
  { name: 'near me', query: 'lat=-26.2&lng=28.04', kind: 'near' },
  { name: 'near me + category', query: 'lat=-33.92&lng=18.42&category=decor', kind: 'near' },
];
