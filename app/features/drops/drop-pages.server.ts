import type { Db } from '#app/db/db.server.ts'
import { formatWindow } from '#app/features/availability/pickup-windows.ts'
/**
 * What the drop page and a hold's page show, written on the server in the
 * bakery's words (dates, times and money, decision 069), so both renders
 * agree and the page shows them as they are.
 */
import { formatCount } from '#app/utils/count.ts'
import { bakeryIsoMoment, formatCalendarDate } from '#app/utils/dates.ts'
import { localSettings } from '#app/utils/local-settings.ts'
import { centsToInput, formatMoney } from '#app/utils/money.ts'
import { MAX_EXTENSIONS, dropLeft, readHold } from './drop-holds.server.ts'
import { type DropMoment, dropMoment, writeDropMoment, writeHoldEnd } from './drop-moments.ts'
import { MAX_QUANTITY } from './drop-stock.ts'
import { type Drop, readDrop } from './drops.server.ts'
import { readOffer, wantWords } from './hold-offers.server.ts'

/** Names as a sentence lists them: 'Apple pie, Cherry pie and Pecan pie'. */
function listWords(names: string[]): string {
  return new Intl.ListFormat(localSettings().locale, { type: 'conjunction' }).format(names)
}

export interface DropPageView {
  slug: string
  name: string
  description: string
  pickupDay: string
  state: DropMoment
  opensAt: number
  opensAtWords: string
  closesAtWords: string
  holdMinutes: number
  soldOut: boolean
  items: {
    id: number
    name: string
    description: string
    price: string
    left: number
    /** The most the quantity field takes: what is left, at most MAX_QUANTITY. */
    max: number
  }[]
  windows: { window: string; words: string; full: boolean }[]
  /** Items that share one stock: 'Pies: 4 left between Apple pie and Pecan pie.' */
  sections: string[]
  /** The server's clock when the page was drawn, for the countdown. */
  now: number
  /** schema.org's description of the offers, for search engines. */
  structuredData: Record<string, unknown>
  /**
   * What the waitlist kept for her, when she came by its link: counted as
   * hers on this page, until it ends; or 'ended' once it has.
   */
  claim:
    | { token: string; what: string; until: string; window: string; itemId: number | null }
    | 'ended'
    | null
}

/** Each item as a schema.org Offer: its price, whether it can be had, and from when to when. */
function offersOf(
  drop: Drop,
  left: number[],
  { state, pageUrl }: { state: DropMoment; pageUrl: string },
) {
  const availability = (itemLeft: number) =>
    state === 'upcoming'
      ? 'https://schema.org/PreOrder'
      : state === 'closed' || itemLeft === 0
        ? 'https://schema.org/SoldOut'
        : 'https://schema.org/InStock'
  return {
    '@context': 'https://schema.org',
    '@type': 'OfferCatalog',
    name: drop.name,
    url: pageUrl,
    itemListElement: drop.items.map((item, index) => ({
      '@type': 'Offer',
      itemOffered: { '@type': 'Product', name: item.name },
      price: centsToInput(item.priceCents),
      priceCurrency: localSettings().currency,
      availability: availability(left[index] ?? 0),
      availabilityStarts: bakeryIsoMoment(drop.opensAt),
      availabilityEnds: bakeryIsoMoment(drop.closesAt),
      url: pageUrl,
    })),
  }
}

export async function readDropPage(
  db: Db,
  {
    slug,
    now,
    siteUrl,
    claim,
  }: {
    slug: string
    now: Date
    siteUrl: string
    /** `?claim=<token>`: the link of a waitlist's offer. */
    claim?: string | null
  },
): Promise<DropPageView | null> {
  const drop = await readDrop(db, slug)
  if (!drop) return null
  const offer = claim ? await readOffer(db, { drop, token: claim, now }) : null
  const left = await dropLeft(db, drop, now, offer?.token)
  const items = drop.items.map((item, index) => {
    const itemLeft = left.items[index]!.left
    const limit = drop.rules.items[index]!.perCustomerLimit ?? MAX_QUANTITY
    return {
      id: item.id,
      name: item.name,
      description: item.description,
      price: formatMoney(item.priceCents),
      left: itemLeft,
      max: Math.min(itemLeft, limit, MAX_QUANTITY),
    }
  })
  const state = dropMoment(drop, now)
  return {
    slug: drop.slug,
    name: drop.name,
    description: drop.description,
    pickupDay: formatCalendarDate(drop.pickupDate),
    state,
    opensAt: drop.opensAt,
    opensAtWords: writeDropMoment(drop.opensAt),
    closesAtWords: writeDropMoment(drop.closesAt),
    holdMinutes: drop.holdMinutes,
    soldOut: items.every((item) => item.left === 0),
    items,
    sections: drop.rules.sections.map((section, index) => {
      const names = drop.rules.items
        .filter((item) => item.sectionId === section.id)
        .map((item) => item.name)
      const sectionLeft = left.sections[index]!.left
      return sectionLeft === 0
        ? `${section.name}: sold out.`
        : `${section.name}: ${formatCount(sectionLeft)} left between ${listWords(names)}.`
    }),
    windows: left.windows.map(({ window, left: windowLeft }) => ({
      window,
      words: formatWindow(window),
      full: windowLeft === 0,
    })),
    now: now.getTime(),
    claim: offer
      ? {
          token: offer.token,
          what: wantWords(
            drop,
            offer.itemId === null ? { window: offer.window } : { item: offer.itemId },
          ),
          until: writeHoldEnd(offer.expiresAt),
          window: offer.window,
          itemId: offer.itemId,
        }
      : claim
        ? 'ended'
        : null,
    structuredData: offersOf(
      drop,
      items.map((item) => item.left),
      { state, pageUrl: new URL(`/drops/${drop.slug}`, siteUrl).href },
    ),
  }
}

export interface HoldPageView {
  slug: string
  dropName: string
  pickupDay: string
  windowWords: string
  name: string
  /** Each item held: its menu treat (null for the drop's own) and cents, for what is added to them. */
  lines: {
    name: string
    quantity: number
    amount: string
    cents: number
    productId: number | null
  }[]
  /**
   * What comes between the items and the total (a code, a tax), each as
   * written; filled in by the page that takes the order, which adds them.
   */
  charges?: { label: string; amount: string }[]
  total: string
  /** The items' total in cents: the order form posts it, so an order is made only at these prices. */
  totalCents: number
  state: 'held' | 'expired' | 'ordered' | 'released'
  expiresAt: number
  expiresAtWords: string
  /** How many times it was made longer: the "more time" form carries it. */
  extensions: number
  extensionsLeft: number
  holdMinutes: number
  /** Whether the drop lets her book it and pay at pickup. */
  payAtPickup: boolean
  now: number
}

/** A hold's page; null when the token is not a hold of this drop. */
export async function readHoldPage(
  db: Db,
  { slug, token, now }: { slug: string; token: string; now: Date },
): Promise<HoldPageView | null> {
  const [drop, hold] = await Promise.all([readDrop(db, slug), readHold(db, token, now)])
  if (!drop || !hold || hold.dropId !== drop.id) return null
  const lines = hold.lines.map(({ itemId, quantity }) => {
    const item = drop.items.find((candidate) => candidate.id === itemId)!
    return {
      name: item.name,
      quantity,
      cents: item.priceCents * quantity,
      productId: item.productId,
    }
  })
  return {
    slug: drop.slug,
    dropName: drop.name,
    pickupDay: formatCalendarDate(drop.pickupDate),
    windowWords: formatWindow(hold.pickupWindow),
    name: hold.name,
    lines: lines.map((line) => ({ ...line, amount: formatMoney(line.cents) })),
    total: formatMoney(lines.reduce((sum, line) => sum + line.cents, 0)),
    totalCents: lines.reduce((sum, line) => sum + line.cents, 0),
    state: hold.state,
    expiresAt: hold.expiresAt,
    expiresAtWords: writeHoldEnd(hold.expiresAt),
    extensions: hold.extensions,
    extensionsLeft: Math.max(0, MAX_EXTENSIONS - hold.extensions),
    holdMinutes: drop.holdMinutes,
    payAtPickup: drop.payAtPickup,
    now: now.getTime(),
  }
}
