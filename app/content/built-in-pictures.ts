import { CREAM, RASPBERRY } from './brand-colors.ts'
import {
  type BuiltInSet,
  type IdentityWords,
  type PictureSlot,
  type PictureVariant,
  type PictureWords,
  type SitePicture,
  monogramOf,
} from './site-words.ts'

/**
 * What stands in for her pictures until she uploads her own (decision 080):
 * the demo bakery's named logo, icon and link card while the site is the
 * demo's; for a bakery set up without the demo, nothing that names anybody:
 * her bakery's initial as its mark and a link card with no name on it.
 */

export interface BuiltInPicture {
  src: string
  width: number
  height: number
}

const HERO: BuiltInPicture = { src: '/images/hero.svg', width: 1600, height: 1000 }
const DEMO_LOGO: BuiltInPicture = { src: '/images/logo.svg', width: 240, height: 240 }

/** Per set and slot; null draws her bakery's mark (bakeryMarkSvg) in its place. */
export const BUILT_IN_PICTURES: Record<BuiltInSet, Record<PictureSlot, BuiltInPicture | null>> = {
  demo: { hero: HERO, about: DEMO_LOGO, logo: DEMO_LOGO },
  plain: { hero: HERO, about: null, logo: null },
}

/** A shared link's picture (Open Graph's 1200×630) while she has no hero photo. */
const BUILT_IN_CARDS: Record<BuiltInSet, BuiltInPicture> = {
  // The hero drawing with the demo bakery's name and tagline on it.
  demo: { src: '/images/og-image.png', width: 1200, height: 630 },
  // The same drawing with no words (scripts/make-og-image.ts makes both).
  plain: { src: '/images/og-card.png', width: 1200, height: 630 },
}

const PLAIN_CARD_ALT =
  'A bakery table with a flower cake, cupcakes, cake pops and chocolate covered strawberries'

/** The demo's browser-tab icon: a cupcake on the demo bakery's raspberry. */
const DEMO_ICON = { href: '/favicon.svg', type: 'image/svg+xml' }

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * Her bakery's mark while she has no logo: its initial in cream on the
 * site's raspberry, inside a dotted ring; before the bakery has a name (the
 * setup page), a heart. One SVG for the header, About and the browser tab.
 */
export function bakeryMarkSvg(name: string, size: number | '100%' = 64): string {
  const initial = monogramOf(name).first
  const figure = initial
    ? `<text x="32" y="43" text-anchor="middle" font-family="Fraunces, Georgia, serif" font-size="30" font-weight="600" fill="${CREAM}">${escapeXml(initial)}</text>`
    : `<path d="M32 45c-9-5.8-14-10.4-14-16a7 7 0 0 1 14-2.6 7 7 0 0 1 14 2.6c0 5.6-5 10.2-14 16z" fill="${CREAM}"/>`
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="${size}" height="${size}">` +
    `<rect width="64" height="64" rx="16" fill="${RASPBERRY}"/>` +
    `<circle cx="32" cy="32" r="25" fill="none" stroke="${CREAM}" stroke-width="1.5" stroke-dasharray="0.5 4" stroke-linecap="round" opacity=".8"/>` +
    `${figure}</svg>`
  )
}

/** The browser tab's icon: her logo, else the demo's icon, else her bakery's mark. */
export function siteIconOf(pictures: PictureWords, name: string): { href: string; type: string } {
  const logo = smallestJpegOf(pictures.logo)
  if (logo) return { href: logo.src, type: 'image/jpeg' }
  if (pictures.builtIn === 'demo') return DEMO_ICON
  return {
    href: `data:image/svg+xml,${encodeURIComponent(bakeryMarkSvg(name))}`,
    type: 'image/svg+xml',
  }
}

/** The icon of a page that is nobody's yet (the setup page): the mark with no initial. */
export const UNNAMED_ICON = {
  href: `data:image/svg+xml,${encodeURIComponent(bakeryMarkSvg(''))}`,
  type: 'image/svg+xml',
}

/** A site address made whole for what leaves the page (Open Graph, structured data). */
function absolute(src: string, siteUrl: string): string {
  return /^https?:\/\//i.test(src) ? src : `${siteUrl}${src}`
}

function jpegsOf(picture: SitePicture): PictureVariant[] {
  return (picture.upload?.variants ?? [])
    .filter((variant) => variant.format === 'jpeg')
    .sort((a, b) => a.width - b.width)
}

/** The upload's plain file (its JPEG, the largest), the one every reader of a link can show. */
function largestJpegOf(picture: SitePicture): PictureVariant | undefined {
  return jpegsOf(picture).at(-1)
}

function smallestJpegOf(picture: SitePicture): PictureVariant | undefined {
  return jpegsOf(picture)[0]
}

export interface SharedPictures {
  /** Her logo, or the demo's; null while a plain bakery has none (nothing is said). */
  logo: string | null
  image: { url: string; width: number; height: number; alt: string }
}

/**
 * The pictures a shared link and a search engine show: her hero as the
 * link's image (else the built-in card) and her logo (else the demo's, or
 * none).
 */
export function sharedPicturesOf(
  pictures: PictureWords,
  identity: Pick<IdentityWords, 'name' | 'tagline'>,
  siteUrl: string,
): SharedPictures {
  const logo = largestJpegOf(pictures.logo)
  const demoLogo = BUILT_IN_PICTURES[pictures.builtIn].logo
  const hero = largestJpegOf(pictures.hero)
  const card = BUILT_IN_CARDS[pictures.builtIn]
  return {
    logo: logo || demoLogo ? absolute((logo ?? demoLogo)!.src, siteUrl) : null,
    image: hero
      ? {
          url: absolute(hero.src, siteUrl),
          width: hero.width,
          height: hero.height,
          alt: pictures.hero.alt,
        }
      : {
          url: absolute(card.src, siteUrl),
          width: card.width,
          height: card.height,
          alt:
            pictures.builtIn === 'demo' ? `${identity.name}: ${identity.tagline}` : PLAIN_CARD_ALT,
        },
  }
}
