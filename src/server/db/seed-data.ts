/**
 * The demo content that `npm start` seeds into an empty database (decision 0004): every category and province,
 * providers on every package, listings of every status, reviews, site content and the Matric Guide, and the
 * demo accounts the README lists.
 */
import type { Province } from '../../domain/constants.ts';

export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@matricmoments.test', password: 'Admin123!', fullName: 'Thandi Admin' },
  premiumProvider: {
    email: 'premium@matricmoments.test',
    password: 'Provider123!',
    fullName: 'Sipho Mokoena',
  },
  basicProvider: { email: 'basic@matricmoments.test', password: 'Provider123!', fullName: 'Lerato Dlamini' },
  guideUser: { email: 'guide@matricmoments.test', password: 'User1234!', fullName: 'Ayesha Patel' },
  user: { email: 'user@matricmoments.test', password: 'User1234!', fullName: 'Johan van der Merwe' },
} as const;

export const CITIES: Record<Province, { city: string; lat: number; lng: number }[]> = {
  gauteng: [
    { city: 'Johannesburg', lat: -26.2041, lng: 28.0473 },
    { city: 'Pretoria', lat: -25.7479, lng: 28.2293 },
    { city: 'Sandton', lat: -26.1076, lng: 28.0567 },
  ],
  western_cape: [
    { city: 'Cape Town', lat: -33.9249, lng: 18.4241 },
    { city: 'Stellenbosch', lat: -33.9321, lng: 18.8602 },
  ],
  kwazulu_natal: [
    { city: 'Durban', lat: -29.8587, lng: 31.0218 },
    { city: 'Pietermaritzburg', lat: -29.6006, lng: 30.3794 },
  ],
  eastern_cape: [
    { city: 'Gqeberha', lat: -33.9608, lng: 25.6022 },
    { city: 'East London', lat: -33.0292, lng: 27.8546 },
  ],
  limpopo: [{ city: 'Polokwane', lat: -23.9045, lng: 29.4689 }],
  mpumalanga: [{ city: 'Mbombela', lat: -25.4658, lng: 30.9853 }],
  north_west: [{ city: 'Rustenburg', lat: -25.6676, lng: 27.2421 }],
  free_state: [{ city: 'Bloemfontein', lat: -29.0852, lng: 26.1596 }],
  northern_cape: [{ city: 'Kimberley', lat: -28.7282, lng: 24.7499 }],
};

/** Listing ideas per category slug: title, description, price range. */
export const LISTING_IDEAS: Record<
  string,
  { title: string; description: string; from: number; to: number | null }[]
> = {
  'car-rentals': [
    {
      title: 'Lamborghini Huracán Grand Arrival',
      description:
        'Arrive at your matric farewell in a bright Lamborghini with a professional chauffeur, red-carpet stop and 60 minutes of photos.',
      from: 4500,
      to: 7500,
    },
    {
      title: 'Vintage Rolls-Royce Silver Cloud',
      description:
        'A 1962 Rolls-Royce with a uniformed driver, ribbons in your school colours and chilled sparkling grape juice for the ride.',
      from: 3200,
      to: 5200,
    },
    {
      title: 'Stretch Hummer Group Package',
      description:
        'Twelve friends, one stretch Hummer, LED lighting and a sound system. Pick-ups from up to three homes included.',
      from: 6000,
      to: 9000,
    },
    {
      title: 'Classic Cadillac Convertible',
      description:
        'Roof down, hair perfect: our 1959 Cadillac convertible is the classic choice for couples.',
      from: 2800,
      to: null,
    },
    {
      title: 'Ferrari 488 Spider Arrival',
      description:
        'Make the entrance everyone talks about. Includes a driver and a drive-by for the school photographer.',
      from: 5500,
      to: 8000,
    },
  ],
  'dress-suit-hire': [
    {
      title: 'Designer Evening Gown Hire',
      description:
        'Over 300 gowns in sizes 28 to 50, fitted by our seamstress, with one free alteration and steaming before your night.',
      from: 900,
      to: 2500,
    },
    {
      title: 'Tailored Tuxedo Rental',
      description:
        'Slim-fit tuxedos with shirt, bow tie and shoes. Measure in store or send your sizes and we deliver.',
      from: 750,
      to: 1400,
    },
    {
      title: 'Custom African Print Couture',
      description: 'Bespoke outfits in shweshwe and Ankara prints, designed with you in two fittings.',
      from: 1800,
      to: 4500,
    },
    {
      title: 'Matching Couple Outfits',
      description: 'Coordinated gown and suit sets so your photos look planned from every angle.',
      from: 1600,
      to: 3200,
    },
  ],
  photography: [
    {
      title: 'Matric Farewell Photo Package',
      description:
        'Three hours of coverage from home preparations to the red carpet, 150 edited photos in an online gallery within a week.',
      from: 2500,
      to: 4800,
    },
    {
      title: 'Red Carpet Photo Booth',
      description: 'A branded backdrop, props and instant prints for guests all night long.',
      from: 3500,
      to: 6000,
    },
    {
      title: 'Cinematic Farewell Video',
      description: 'A three-minute highlight film with drone shots and music, delivered in 4K.',
      from: 4000,
      to: 7500,
    },
    {
      title: 'Pre-Farewell Styled Shoot',
      description: 'A one-hour styled shoot in a botanical garden the weekend before your farewell.',
      from: 1200,
      to: null,
    },
  ],
  venues: [
    {
      title: 'Garden Estate Ballroom',
      description: 'A ballroom for up to 400 guests with gardens for photos, parking and a backup generator.',
      from: 25000,
      to: 60000,
    },
    {
      title: 'Rooftop Terrace Venue',
      description: 'City lights, a covered terrace and a dance floor for farewells of 80 to 200 guests.',
      from: 18000,
      to: 35000,
    },
    {
      title: 'Wine Farm Barrel Hall',
      description: 'Exposed beams, fairy lights and lawns for sunset photos. Catering partners available.',
      from: 22000,
      to: 45000,
    },
  ],
  'makeup-hair': [
    {
      title: 'Glam Makeup and Hair Styling',
      description: 'Full glam makeup with lashes and a hairstyle of your choice, at your home on the day.',
      from: 850,
      to: 1600,
    },
    {
      title: 'Natural Hair Styling Studio',
      description: 'Braids, silk presses and updos by stylists who specialise in natural hair.',
      from: 600,
      to: 1800,
    },
    {
      title: 'Group Glam Session',
      description:
        'Makeup for you and up to four friends, with a photographer for the getting-ready moments.',
      from: 3000,
      to: 5000,
    },
  ],
  catering: [
    {
      title: 'Three-Course Farewell Dinner',
      description:
        'Plated starters, mains and dessert for 100 to 400 guests, with halaal and vegetarian options.',
      from: 285,
      to: 450,
    },
    {
      title: 'Gourmet Canapé Service',
      description: 'Twelve canapés per guest served by uniformed waiters during arrivals.',
      from: 150,
      to: 260,
    },
    {
      title: 'Mocktail Bar and Barista',
      description: 'Signature mocktails in school colours and a barista for the after-party.',
      from: 4500,
      to: 9000,
    },
  ],
  decor: [
    {
      title: 'Enchanted Forest Décor',
      description: 'Trees, fairy lights, floral arches and table centrepieces to turn a hall into a forest.',
      from: 15000,
      to: 40000,
    },
    {
      title: 'Red Carpet Entrance Setup',
      description: 'Carpet, stanchions, a step-and-repeat banner and lighting for the arrivals.',
      from: 4500,
      to: 9500,
    },
    {
      title: 'Balloon and Floral Installations',
      description: 'Balloon garlands and fresh-flower walls for photo spots.',
      from: 2500,
      to: 8000,
    },
  ],
  entertainment: [
    {
      title: 'Top 40 and Amapiano DJ',
      description: 'A DJ with sound, lighting and a playlist built with your committee.',
      from: 3500,
      to: 8000,
    },
    {
      title: 'Live Band and Saxophonist',
      description: 'A four-piece band for dinner and a saxophonist for arrivals.',
      from: 9000,
      to: 18000,
    },
    {
      title: 'MC and Host Services',
      description: 'A bilingual MC who keeps the programme running and the crowd smiling.',
      from: 2500,
      to: 5000,
    },
  ],
};

export const PROVIDERS: {
  businessName: string;
  fullName: string;
  category: string;
  province: Province;
  packageType: 'basic' | 'standard' | 'premium';
  description: string;
  /** The contact phone; a mobile number is also the WhatsApp number unless `whatsApp` says otherwise. */
  phone: string;
  whatsApp?: string;
  enquiryEmail?: string;
  website?: string;
}[] = [
  {
    businessName: 'Elite Arrivals',
    fullName: 'Sipho Mokoena',
    category: 'car-rentals',
    province: 'gauteng',
    packageType: 'premium',
    description: 'Supercar and classic car arrivals for matric farewells since 2012.',
    phone: '011 555 0101',
    whatsApp: '082 555 0101',
    enquiryEmail: 'bookings@elite-arrivals.test',
    website: 'https://www.elite-arrivals.test/',
  },
  {
    businessName: 'Bella Gowns',
    fullName: 'Naledi Khumalo',
    category: 'dress-suit-hire',
    province: 'western_cape',
    packageType: 'premium',
    description: 'Evening wear hire and couture for learners across the Western Cape.',
    phone: '021 555 0102',
    website: 'https://bella-gowns.test/',
  },
  {
    businessName: 'Golden Hour Studios',
    fullName: 'Pieter Botha',
    category: 'photography',
    province: 'kwazulu_natal',
    packageType: 'premium',
    description: 'Photographers and film-makers who have covered over 400 farewells.',
    phone: '031 555 0103',
  },
  {
    businessName: 'Grand Affair Venues',
    fullName: 'Zanele Mthembu',
    category: 'venues',
    province: 'gauteng',
    packageType: 'premium',
    description: 'Venues of every size with in-house coordinators.',
    phone: '012 555 0104',
  },
  {
    // Long on purpose: a premium, verified name that must not widen a 360 px screen (e2e/overflow.spec.ts).
    businessName: 'Glow Beauty Bar & Bridal Makeup Artistry Collective',
    fullName: 'Fatima Essop',
    category: 'makeup-hair',
    province: 'eastern_cape',
    packageType: 'premium',
    description: 'Makeup artists and hair stylists who come to you.',
    phone: '041 555 0105',
  },
  {
    businessName: 'Savour Catering Co.',
    fullName: 'Bongani Ndlovu',
    category: 'catering',
    province: 'free_state',
    packageType: 'premium',
    description: 'Catering for school events from 50 to 800 guests.',
    phone: '051 555 0106',
  },
  {
    businessName: 'Luxe Rides SA',
    fullName: 'Kabelo Molefe',
    category: 'car-rentals',
    province: 'limpopo',
    packageType: 'standard',
    description: 'Luxury cars and limousines for your big night.',
    phone: '015 555 0107',
  },
  {
    businessName: 'Dapper Suits',
    fullName: 'Ruan Steyn',
    category: 'dress-suit-hire',
    province: 'north_west',
    packageType: 'standard',
    description: 'Suit and tuxedo hire with free fittings.',
    phone: '014 555 0108',
  },
  {
    businessName: 'Petal & Prop Décor',
    fullName: 'Megan Smith',
    category: 'decor',
    province: 'mpumalanga',
    packageType: 'standard',
    description: 'Themed décor for farewells, from red carpets to forests.',
    phone: '013 555 0109',
  },
  {
    businessName: 'Beats by Thabo',
    fullName: 'Thabo Sithole',
    category: 'entertainment',
    province: 'northern_cape',
    packageType: 'standard',
    description: 'DJs, MCs and live acts.',
    phone: '053 555 0110',
  },
  {
    businessName: 'Snap Happy Booths',
    fullName: 'Chantel Pillay',
    category: 'photography',
    province: 'gauteng',
    packageType: 'standard',
    description: 'Photo booths and instant prints.',
    phone: '011 555 0111',
  },
  {
    businessName: 'Feast Fine Foods',
    fullName: 'Andile Zulu',
    category: 'catering',
    province: 'western_cape',
    packageType: 'standard',
    description: 'Canapés, dinners and mocktail bars.',
    phone: '021 555 0112',
  },
  {
    businessName: 'Lerato Hair & Makeup',
    fullName: 'Lerato Dlamini',
    category: 'makeup-hair',
    province: 'gauteng',
    packageType: 'basic',
    description: 'Freelance makeup artist in Johannesburg.',
    phone: '082 555 0113',
  },
  {
    businessName: 'Karoo Classic Cars',
    fullName: 'Hennie Fourie',
    category: 'car-rentals',
    province: 'northern_cape',
    packageType: 'basic',
    description: 'Vintage cars for special occasions.',
    phone: '083 555 0114',
  },
  {
    businessName: 'Coastal Venues',
    fullName: 'Nomsa Gumede',
    category: 'venues',
    province: 'kwazulu_natal',
    packageType: 'basic',
    description: 'Beachfront venues on the KZN coast.',
    phone: '084 555 0115',
  },
  {
    businessName: 'Sparkle Events Décor',
    fullName: 'Priya Naidoo',
    category: 'decor',
    province: 'eastern_cape',
    packageType: 'basic',
    description: 'Balloons, flowers and lighting.',
    phone: '072 555 0116',
  },
  {
    businessName: 'Groove Entertainment',
    fullName: 'Sello Mahlangu',
    category: 'entertainment',
    province: 'free_state',
    packageType: 'basic',
    description: 'Sound, lights and DJs in the Free State.',
    phone: '073 555 0117',
  },
  {
    businessName: 'Limpopo Lenses',
    fullName: 'Tshilidzi Ramabulana',
    category: 'photography',
    province: 'limpopo',
    packageType: 'basic',
    description: 'Photography in Polokwane and surrounds.',
    phone: '074 555 0118',
  },
];

export const REVIEWERS = [
  { email: 'kea@matricmoments.test', fullName: 'Keabetswe Moloi' },
  { email: 'liam@matricmoments.test', fullName: 'Liam Jacobs' },
  { email: 'aisha@matricmoments.test', fullName: 'Aisha Abrahams' },
  { email: 'musa@matricmoments.test', fullName: 'Musa Nkosi' },
];

export const REVIEW_COMMENTS = [
  'Absolutely amazing service, my daughter felt like a star!',
  'On time, professional and friendly. Highly recommended.',
  'Great value for money and everything looked beautiful.',
  'They went the extra mile to make the night special.',
  null,
  'Good service, communication could have been a bit quicker.',
  'Everyone at the farewell asked who we booked!',
];

export const FAQS = [
  [
    'How do I book a service provider?',
    'Open a listing and press Contact Provider to send an enquiry. The provider replies to you directly by email or phone to confirm dates and prices.',
  ],
  [
    'Is it free to use Matric Moments?',
    'Yes. Browsing, saving favourites and sending enquiries is free for parents and learners.',
  ],
  [
    'How do I list my business?',
    'Choose a package on the Pricing Packages page and sign up. The Basic package is free; every listing is checked by our team before it goes live.',
  ],
  [
    'How are listings approved?',
    'An admin reviews each new listing, usually within one working day, to keep the marketplace trustworthy.',
  ],
  [
    'What is the Matric Guide?',
    'A premium guide with styling, budgeting, photography and etiquette tips. It costs R50 once-off for lifetime access.',
  ],
  [
    'How do I pay for the Matric Guide?',
    'Pay R50 by EFT using the bank details on the Matric Login page, then submit your payment reference. An admin approves access within 24 hours.',
  ],
  [
    'Can I leave a review?',
    'Yes, sign in and open the listing. Reviews are available for providers on the Standard and Premium packages.',
  ],
  [
    'Which provinces do you cover?',
    'All nine provinces of South Africa. Use the province filter or Near Me to find providers close to you.',
  ],
] as const;

export const PREMIUM_CATEGORIES = [
  'Fashion & Styling',
  'Venues & Planning',
  'Budget Management',
  'Photography',
  'Social Etiquette',
  'Final Preparations',
];

export const ARTICLES: {
  title: string;
  slug: string;
  category: number;
  excerpt: string;
  content: string;
  published: boolean;
}[] = [
  {
    title: 'Finding Your Perfect Farewell Look',
    slug: 'finding-your-perfect-farewell-look',
    category: 0,
    excerpt: 'Silhouettes, colours and fittings: how to choose an outfit you will love in photos.',
    published: true,
    content:
      '<h2>Start early</h2><p>Begin looking <strong>three months</strong> before your farewell so there is time for fittings.</p><ul><li>Choose a colour that suits your skin tone.</li><li>Book a fitting two weeks before the day.</li><li>Wear your shoes in at home.</li></ul><blockquote>Comfort shows in every photo.</blockquote>',
  },
  {
    title: 'Choosing a Venue Without Stress',
    slug: 'choosing-a-venue-without-stress',
    category: 1,
    excerpt: 'The questions to ask before the committee signs a venue contract.',
    published: true,
    content:
      '<h2>Ask these questions</h2><ol><li>What is included in the hire fee?</li><li>Is there backup power?</li><li>Where do guests park?</li></ol><p>Visit the venue at the same time of day as your event.</p>',
  },
  {
    title: 'A Farewell Budget That Works',
    slug: 'a-farewell-budget-that-works',
    category: 2,
    excerpt: 'Split your budget across outfit, transport, beauty and photos without surprises.',
    published: true,
    content:
      '<h2>The 40/20/20/20 rule</h2><p>Spend about 40% on your outfit and 20% each on transport, beauty and photos.</p><table><thead><tr><th>Item</th><th>Share</th></tr></thead><tbody><tr><td>Outfit</td><td>40%</td></tr><tr><td>Transport</td><td>20%</td></tr></tbody></table>',
  },
  {
    title: 'Photos You Will Treasure',
    slug: 'photos-you-will-treasure',
    category: 3,
    excerpt: 'Posing tips and a shot list to share with your photographer.',
    published: true,
    content:
      '<h2>Your shot list</h2><ul><li>Getting ready with family</li><li>The arrival</li><li>Friends on the red carpet</li></ul><p>Relax your shoulders and breathe out before each shot.</p>',
  },
  {
    title: 'Farewell Etiquette 101',
    slug: 'farewell-etiquette-101',
    category: 4,
    excerpt: 'Being a gracious guest, partner and friend on the night.',
    published: true,
    content:
      '<h2>Be on time</h2><p>Arrive within the arrival window your school sets and thank your teachers.</p><p><em>Kindness is always in style.</em></p>',
  },
  {
    title: 'The Last-Minute Checklist',
    slug: 'the-last-minute-checklist',
    category: 5,
    excerpt: 'Everything to pack and confirm in the final 48 hours.',
    published: true,
    content:
      '<h2>48 hours to go</h2><ul><li>Confirm transport pick-up time</li><li>Charge your phone and power bank</li><li>Pack plasters, safety pins and lip balm</li></ul>',
  },
  {
    title: 'After-Party Planning (draft)',
    slug: 'after-party-planning',
    category: 1,
    excerpt: 'Coming soon.',
    published: false,
    content: '<p>Draft article.</p>',
  },
];
