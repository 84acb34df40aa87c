/**
 * Every word and link the owner would change lives in this folder.
 * This file is the seed: the owner's words and local settings (time zone,
 * currency, locale) are first written from it into the database, where she
 * changes them in Settings; the code reads them from there.
 * The `SiteContent` type makes a missing field a compile error.
 */

export type SocialNetwork = 'instagram' | 'tiktok' | 'facebook'

export interface SocialLink {
  network: SocialNetwork
  label: string
  url: string
  handle: string
}

export interface ProductCard {
  title: string
  description: string
  image: string
  linkText: string
  link: string
}

export interface SiteContent {
  brandTitle: string
  tagline: string
  ownerName: string
  /**
   * How soon the owner answers a request or a message. Every page and email
   * that promises a reply says this: 'Nadia will reply within 2 days.'
   */
  replyTime: string
  email: string
  /** The year the demo bakery started: her `identity.since` seeds from it. */
  foundingYear: number
  city: string
  /** The demo bakery's province and postal code: her address's public part seeds from them. */
  region: string
  postalCode: string
  /** Where "today" is decided, e.g. for the earliest date an order can be due. */
  timeZone: string
  /** The ISO code of the money every price is in (formatMoney's dollars): card payments charge in it. */
  currency: string
  /** The BCP 47 tag dates and amounts are written in. */
  locale: string
  socialLinks: SocialLink[]
  /** Paragraphs of the founder story; the Home page previews its first two sentences. */
  aboutText: string[]
  /**
   * The kinds of treat: the menu's first products (features/menu), created
   * from this list when the database has none; after that the owner edits
   * them at /admin/settings. The image stays here, matched by name.
   */
  treats: { name: string; image: string; description: string }[]
  specialRequestsNote: string
  productCards: ProductCard[]
  defaultGalleryTags: string[]
  /** The gallery's heading and the line under it: her `words.galleryHeading` and `galleryIntro` seed from them. */
  galleryHeading: string
  galleryIntro: string
  version: string
  designer: { name: string; url: string }
}

export const site: SiteContent = {
  brandTitle: 'Butter & Bloom Bakery',
  tagline: 'Custom cakes and sweet things, baked at home in Toronto',
  ownerName: 'Nadia Ferreira',
  replyTime: 'within 2 days',
  email: 'hello@butterandbloom.ca',
  foundingYear: 2020,
  city: 'Toronto',
  region: 'ON',
  postalCode: 'M4M 1H9',
  timeZone: 'America/Toronto',
  currency: 'CAD',
  locale: 'en-CA',
  socialLinks: [
    {
      network: 'instagram',
      label: 'Instagram',
      url: 'https://www.instagram.com/butterandbloom.to',
      handle: '@butterandbloom.to',
    },
    {
      network: 'tiktok',
      label: 'TikTok',
      url: 'https://www.tiktok.com/@butterandbloom.to',
      handle: '@butterandbloom.to',
    },
    {
      network: 'facebook',
      label: 'Facebook',
      url: 'https://www.facebook.com/butterandbloombakery',
      handle: 'Butter & Bloom Bakery',
    },
  ],
  aboutText: [
    'Butter & Bloom began in 2020 in a small east-end Toronto kitchen, when Nadia Ferreira baked a three-layer lemon cake for her niece’s birthday and the whole street asked for the recipe. What started as weekend favours for friends grew, one order at a time, into the home bakery it is today.',
    'Nadia trained in pastry at George Brown College and spent six years in restaurant kitchens before deciding she would rather bake for birthdays than for service tickets. Every order is still made by her hands, in small batches, with real butter, free-range eggs and fruit from the St. Lawrence Market when it is in season.',
    'No two celebrations are the same, so no two of our cakes are either. Tell us about your day — the colours, the flavours, the person you are celebrating — and we will design something that tastes as good as it looks.',
  ],
  treats: [
    {
      name: 'Cakes',
      image: '/images/treats/cake.svg',
      description: 'Layered sponges and silky buttercream, designed around your party.',
    },
    {
      name: 'Cupcakes',
      image: '/images/treats/cupcakes.svg',
      description: 'Boxes of six, twelve or twenty-four, piped to match your theme.',
    },
    {
      name: 'Chocolate Covered Strawberries',
      image: '/images/treats/chocolate-covered-strawberries.svg',
      description: 'Ripe berries dipped in dark, milk or white chocolate.',
    },
    {
      name: 'Cake Pops',
      image: '/images/treats/cake-pops.svg',
      description: 'Bite-size and dipped by hand — the favourite at every kids’ party.',
    },
    {
      name: 'Smash Cakes',
      image: '/images/treats/smash-cakes.svg',
      description: 'A little cake made for a first birthday’s first taste.',
    },
    {
      name: 'Hot Chocolate Bombs',
      image: '/images/treats/hot-chocolate-bombs.svg',
      description: 'Chocolate shells of cocoa and marshmallows that melt open in hot milk.',
    },
  ],
  specialRequestsNote:
    'Don’t see what you have in mind? We love special requests — gluten-friendly sponges, dairy-free frostings and one-of-a-kind designs included. Just ask.',
  productCards: [
    {
      title: 'Celebration Cakes',
      description: 'Layered sponges and silky buttercream, designed around your party.',
      image: '/images/treats/cake.svg',
      linkText: 'Order a cake',
      link: '/ordernow',
    },
    {
      title: 'Cupcakes',
      description: 'Boxes of six, twelve or twenty-four, piped to match your theme.',
      image: '/images/treats/cupcakes.svg',
      linkText: 'Order cupcakes',
      link: '/ordernow',
    },
    {
      title: 'Cake Pops',
      description: 'Bite-size and dipped by hand — the favourite at every kids’ party.',
      image: '/images/treats/cake-pops.svg',
      linkText: 'See the gallery',
      link: '/gallery',
    },
  ],
  defaultGalleryTags: [
    'cake',
    'birthday',
    'chocolate',
    'vanilla',
    'cake-pops',
    'cupcakes',
    'strawberry',
    'wedding',
    'anniversary',
  ],
  galleryHeading: 'Our Gallery',
  galleryIntro:
    'A peek at recent bakes, from birthday towers to wedding tiers. Choose a tag or two to narrow it down.',
  version: 'v2.2',
  designer: { name: 'Studio Larkspur', url: 'https://larkspur.design' },
}
