import { type LocalSettings, SEED_LOCAL_SETTINGS } from '#app/utils/local-settings.ts'
import { placeNameOf } from './bakery-address.ts'
import { previewSentences } from './format.ts'
import { type SocialNetwork, site } from './site.ts'

/**
 * The owner's words as every public page and email reads them: kept in the
 * database by features/site-content (edited at /admin/settings/site), first
 * filled from site.ts by `SEED_WORDS`. These types are the shape each
 * section is stored in; features/site-content/site-words-schema.ts checks it.
 */

export interface SocialProfile {
  /** https://… of her profile; empty hides the network. */
  url: string
  /** What the link says, e.g. @butterandbloom.to. */
  handle: string
}

export interface IdentityWords {
  name: string
  /** Her own name: "Nadia replies…", the signature of every email, the receipt. */
  ownerName: string
  tagline: string
  /** The words that turn around the home page's title, e.g. BUTTER & BLOOM, HOME BAKERY, TORONTO. */
  titleWords: string[]
  email: string
  /** Optional; empty shows no phone. */
  phone: string
  social: Record<SocialNetwork, SocialProfile>
  /**
   * Public: a neighbourhood or city, never the street. Optional; empty says
   * her city in every "in …" (placeNameOf), or leaves it out.
   */
  serviceArea: string
  /**
   * The public part of her address (decision 084), each optional: receipts,
   * the structured data and emails say them. Her street is not here: it is
   * private, kept with the booking settings (content/bakery-address.ts).
   */
  city: string
  /** Province, state or region: BC, Ontario. */
  region: string
  postalCode: string
  /** The year she started baking for others ("since 2020"), four digits; empty leaves it out. */
  since: string
  /** Finishes "We reply …": every page and email that promises a reply says it. */
  replyTime: string
  footerLine: string
}

export interface StoryWords {
  /** The Home page's "Our Story" teaser. */
  homeStory: string
  /** About's story: paragraphs separated by a blank line. */
  aboutStory: string
  /** The line under About's treats. */
  treatsIntro: string
  /** The gallery page's heading. */
  galleryHeading: string
  /** The line under the gallery's heading; empty shows none. */
  galleryIntro: string
}

export interface AnnouncementWords {
  on: boolean
  text: string
  /** Optional: a path on the site (/ordernow) or an https:// address. */
  link: string
  /** Optional YYYY-MM-DD, bakery-local: the last day it shows. */
  endsOn: string
}

export interface MarkdownPage {
  /** The owner's Markdown; empty shows "nothing here yet". */
  markdown: string
}

/** The pictures she may replace: the home page's hero, About's photo and the logo. */
export type PictureSlot = 'hero' | 'about' | 'logo'

export const PICTURE_SLOTS = ['hero', 'about', 'logo'] as const satisfies readonly PictureSlot[]

/** One file of an uploaded picture, as the image pipeline wrote it. */
export interface PictureVariant {
  format: 'avif' | 'webp' | 'jpeg'
  width: number
  height: number
  /** `/media/site/…` as stored; the pages get the public address (MEDIA_PUBLIC_URL) in its place. */
  src: string
}

/** Her upload for a slot: sized variants, metadata stripped. */
export interface UploadedPicture {
  /** Upright size of the largest variant. */
  width: number
  height: number
  variants: PictureVariant[]
  uploadedAt: string
}

export interface SitePicture {
  /**
   * Her description of her upload: required for the hero and About's photo;
   * the logo's may be empty (the bakery's name is said instead). Empty while
   * the built-in picture shows (the pages say what it is).
   */
  alt: string
  /** Null: the built-in picture shows (content/built-in-pictures.ts). */
  upload: UploadedPicture | null
}

/**
 * Which pictures stand in where she has none of her own: the demo bakery's
 * (its named logo, icon and link card), or plain ones that name nobody (her
 * bakery's initial as its mark, a link card without a name).
 */
export type BuiltInSet = 'demo' | 'plain'

export type PictureWords = Record<PictureSlot, SitePicture> & { builtIn: BuiltInSet }

export interface SiteWords {
  identity: IdentityWords
  words: StoryWords
  announcement: AnnouncementWords
  faq: MarkdownPage
  /** Time zone, currency and locale (decision 057): utils/local-settings.ts applies them. */
  local: LocalSettings
  pictures: PictureWords
}

export type SiteWordsKey = keyof SiteWords

export const SITE_WORDS_KEYS = [
  'identity',
  'words',
  'announcement',
  'faq',
  'local',
  'pictures',
] as const satisfies readonly SiteWordsKey[]

export const SOCIAL_NETWORKS = [
  { network: 'instagram', label: 'Instagram' },
  { network: 'tiktok', label: 'TikTok' },
  { network: 'facebook', label: 'Facebook' },
] as const satisfies readonly { network: SocialNetwork; label: string }[]

function seedSocial(network: SocialNetwork): SocialProfile {
  const link = site.socialLinks.find((each) => each.network === network)
  return { url: link?.url ?? '', handle: link?.handle ?? '' }
}

const SEED_FAQ = `## How do I order?

Fill in the [order form](/ordernow) with the treat, the date and what you have in mind. We read every request ourselves and reply ${site.replyTime} with a quote or any questions.

## How much notice do you need?

Each treat needs the notice shown on the order form; custom designs may need more. The order form only offers the dates we can still make.

## Where do I pick up?

Pick-up is in ${site.city}. We send the address once your order is confirmed.

## Can you bake for allergies?

We love special requests: gluten-friendly sponges and dairy-free frostings included. Everything is made in a home kitchen that also handles wheat, eggs, dairy, soy, peanuts and tree nuts, so we cannot promise any treat is free of them.

## How do I pay?

Your quote says the deposit that holds your date once you accept it, and when the rest is due: our [order policies](/policies) say how we set both.
`

let seedHomeStory: string | undefined

/** What a new bakery starts with, from site.ts: written once into the store, never again. */
export const SEED_WORDS: SiteWords = {
  identity: {
    name: site.brandTitle,
    ownerName: site.ownerName,
    tagline: site.tagline,
    titleWords: ['BUTTER & BLOOM', 'HOME BAKERY', site.city.toUpperCase()],
    email: site.email,
    phone: '',
    social: {
      instagram: seedSocial('instagram'),
      tiktok: seedSocial('tiktok'),
      facebook: seedSocial('facebook'),
    },
    serviceArea: site.city,
    city: site.city,
    region: site.region,
    postalCode: site.postalCode,
    since: String(site.foundingYear),
    replyTime: site.replyTime,
    footerLine: `${site.tagline}.`,
  },
  words: {
    // Worked out when first read: Intl.Segmenter's sentence rules take tens of
    // milliseconds to load, which every page's script would pay as it starts.
    get homeStory() {
      seedHomeStory ??= previewSentences(site.aboutText.join(' '), 2)
      return seedHomeStory
    },
    aboutStory: site.aboutText.join('\n\n'),
    treatsIntro: site.specialRequestsNote,
    galleryHeading: site.galleryHeading,
    galleryIntro: site.galleryIntro,
  },
  announcement: { on: false, text: '', link: '', endsOn: '' },
  faq: { markdown: SEED_FAQ.trim() },
  local: SEED_LOCAL_SETTINGS,
  pictures: {
    hero: { alt: '', upload: null },
    about: { alt: '', upload: null },
    logo: { alt: '', upload: null },
    builtIn: 'demo',
  },
}

/** The public words plus what the pages work out from them, as the root loader hands them on. */
export interface PublicWords extends Omit<SiteWords, 'faq' | 'announcement'> {
  /** The banner to show today, or null. */
  banner: { text: string; link: string } | null
  /**
   * Whether /faq has anything to show (the footer links it only then).
   * /policies always has: the terms every order follows (decision 079).
   */
  hasFaq: boolean
}

/**
 * Whether the banner shows on `today` (YYYY-MM-DD, the bakery's): switched
 * on, with words, and its last day not yet past.
 */
export function bannerShowing(announcement: AnnouncementWords, today: string): boolean {
  if (!announcement.on || announcement.text.trim() === '') return false
  return announcement.endsOn === '' || announcement.endsOn >= today
}

/** Paragraphs of a story: split at blank lines, trimmed, none empty. */
export function paragraphsOf(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
}

/** Her social links in the site's order, only those with an address. */
export function socialLinksOf(identity: IdentityWords) {
  return SOCIAL_NETWORKS.flatMap(({ network, label }) => {
    const profile = identity.social[network]
    return profile.url ? [{ network, label, url: profile.url, handle: profile.handle }] : []
  })
}

/** The title's turning text: each word followed by a bullet, round and round. */
export function rotatingTitleText(identity: IdentityWords): string {
  return identity.titleWords.map((word) => `${word} • `).join('')
}

/**
 * Home's line over "Our Story": 'Baking in Toronto since 2020', or as much
 * of it as she has said; empty when she has said neither.
 */
export function bakingSinceLine(identity: IdentityWords): string {
  const place = placeNameOf(identity)
  const { since } = identity
  if (!place && !since) return ''
  return `Baking${place ? ` in ${place}` : ''}${since ? ` since ${since}` : ''}`
}

/** About's line over its heading: 'Toronto · since 2020', or the half she has said. */
export function placeAndYearLine(identity: IdentityWords): string {
  const { since } = identity
  return [placeNameOf(identity), since ? `since ${since}` : ''].filter(Boolean).join(' · ')
}

/** Her first name, for "Nadia replies…". */
export function firstNameOf(ownerName: string): string {
  return ownerName.trim().split(/\s+/)[0] ?? ''
}

/** The name's initials for the hero's monogram (Butter & Bloom → B&B). */
export function monogramOf(name: string): { first: string; second: string } {
  const words = name
    .replace(/\b(bakery|bakes|bakeshop|cakes|the)\b/gi, '')
    .split(/[\s&+]+/)
    .filter((word) => /\p{L}/u.test(word))
  const first = words[0]?.[0]?.toUpperCase() ?? name[0]?.toUpperCase() ?? ''
  const second = words[1]?.[0]?.toUpperCase() ?? ''
  return { first, second }
}

/** What the root loader hands every page: the words, today's banner, and whether /faq has words. */
export function toPublicWords(words: SiteWords, today: string): PublicWords {
  const { announcement, faq, ...rest } = words
  return {
    ...rest,
    banner: bannerShowing(announcement, today)
      ? { text: announcement.text, link: announcement.link }
      : null,
    hasFaq: faq.markdown.trim() !== '',
  }
}

/** The seed's public words: what a page shows when the root loader's data is missing (an error page). */
export const SEED_PUBLIC_WORDS: PublicWords = toPublicWords(SEED_WORDS, '')

/**
 * Our own fixed copy (the next steps, a status's explanation) with her reply
 * time in place of the seed's: written once with site.ts's words, said in hers.
 * Only for the site's own sentences, never for anything a customer wrote.
 */
export function withReplyTime(copy: string, replyTime: string): string {
  return copy.replaceAll(site.replyTime, replyTime)
}
