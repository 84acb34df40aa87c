import { placeNameOf } from './bakery-address.ts'
import { type IdentityWords, firstNameOf } from './site-words.ts'

/**
 * Each public page's title, description and keywords (meta tags, link
 * previews, the structured data's description), written from her words and
 * her menu. A phrase needs its field: where she has not said where she
 * bakes or since when, "in …" and "since …" are left out, never filled with
 * a placeholder or the demo bakery's own (decision 080).
 */

export interface PageCopy {
  /** The "Page" part of the "Page | bakery name" document title. */
  title: string
  description: string
  keywords: string[]
}

export const PAGE_KEYS = [
  'home',
  'about',
  'orderNow',
  'gallery',
  'contact',
  'faq',
  'policies',
  'notFound',
] as const

export type PageKey = (typeof PAGE_KEYS)[number]

/** What the copy is written from: her identity and the names of the treats she offers. */
export interface CopyWords {
  identity: Pick<
    IdentityWords,
    'name' | 'ownerName' | 'serviceArea' | 'city' | 'region' | 'since' | 'replyTime'
  >
  treats: readonly string[]
}

/** A description names at most this many treats, so it stays a sentence a search result shows whole. */
const TREATS_NAMED = 6

/** 'cakes', 'cakes and cupcakes', 'cakes, cupcakes and cake pops'. */
function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
}

const present = (items: readonly (string | false)[]): string[] =>
  items.filter((item): item is string => Boolean(item))

/** The page's copy in her words. */
export function pageCopyFor(page: PageKey, { identity, treats: offered }: CopyWords): PageCopy {
  const { name, ownerName, replyTime } = identity
  const area = placeNameOf(identity)
  const since = identity.since.trim()
  const inArea = area ? ` in ${area}` : ''
  const treats = offered.slice(0, TREATS_NAMED).map((treat) => treat.toLowerCase())
  switch (page) {
    case 'home':
      return {
        title: 'Home',
        description: `${name} is a home bakery${inArea}${treats.length > 0 ? ` making ${listOf(treats)}` : ''}${since ? ` since ${since}` : ''}.`,
        keywords: present([
          name,
          'home bakery',
          !!area && `${area} bakery`,
          ...treats,
          !!since && `since ${since}`,
        ]),
      }
    case 'about':
      return {
        title: 'About Us',
        description: `Meet ${ownerName}, the baker behind ${name}, a home bakery${inArea}${since ? ` baking since ${since}` : ''}.`,
        keywords: present([
          `about ${name}`,
          ownerName,
          'home bakery story',
          !!area && `${area} baker`,
        ]),
      }
    case 'orderNow':
      return {
        title: 'Order Now',
        description: `Request ${treats.length > 0 ? listOf(treats) : 'a custom order'} from ${name}${inArea}. Queue several orders and send them together.`,
        keywords: present([
          `order from ${name}`,
          'custom order',
          ...treats.map((treat) => `${treat} order`),
        ]),
      }
    case 'gallery':
      return {
        title: 'Gallery',
        description: `Browse photos of bakes by ${name}, a home bakery${inArea}.`,
        keywords: present([`${name} gallery`, 'bakery photos', !!area && `${area} bakes`]),
      }
    case 'contact':
      return {
        title: 'Contact',
        description: `Questions about flavours, dates or pick-up? Send ${name} a message and ${firstNameOf(ownerName)} will get back to you ${replyTime}.`,
        keywords: present([
          `contact ${name}`,
          !!area && `${area} bakery contact`,
          'bakery questions',
        ]),
      }
    case 'faq':
      return {
        title: 'Questions & Answers',
        description: `How to order from ${name}, how much notice is needed, pick-up${inArea}, allergies and payment.`,
        keywords: present([
          `${name} FAQ`,
          'custom order questions',
          !!area && `${area} bakery pick-up`,
        ]),
      }
    case 'policies':
      return {
        title: 'Order Policies',
        description: `${name}’s order policies: notice, deposits, cancellations and allergens, as every order accepts them.`,
        keywords: present([`${name} policies`, 'deposit', 'cancellation policy']),
      }
    case 'notFound':
      return {
        title: '404',
        description: `This page could not be found at ${name}.`,
        keywords: [name],
      }
  }
}
