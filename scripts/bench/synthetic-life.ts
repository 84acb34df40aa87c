/**
 * What a synthetic book is made of: its customers, products and themes, a
 * seeded random generator, and the life a request has (the statuses it passes
 * through, the room its day has, the emails it sends). synthetic-book.ts writes it.
 */
import type { RequestStatus } from '#app/db/schema.ts'

export const DAY_MS = 86_400_000
/** How far back the book's sends go, and how far ahead their dates. */
export const PAST_DAYS = 3 * 365
export const MAX_LEAD_DAYS = 120

export const FIRST_NAMES = [
  'Priya',
  'Marcus',
  'Zoë',
  'José',
  'Renée',
  'Łukasz',
  'Søren',
  'Chloé',
  'Nguyễn',
  'Aisha',
  'Emily',
  'Liam',
  'Olivia',
  'Noah',
  'Ava',
  'Mateo',
  'Sofia',
  'Ethan',
  'Maya',
  'Lucas',
  'Hannah',
  'Omar',
  'Grace',
  'Daniel',
]
export const LAST_NAMES = [
  'Sharma',
  'Lee',
  'García',
  'Müller',
  'O’Brien',
  'Nováková',
  'Smith',
  'Brown',
  'Wilson',
  'Tremblay',
  'Roy',
  'Gagnon',
  'Côté',
  'Martin',
  'Chen',
  'Singh',
  'Patel',
  'Nguyen',
  'Kowalski',
  'Johansson',
]
export const THEMES = [
  'Unicorn birthday',
  'Baby shower, pastel',
  'Wedding, white and gold',
  'Graduation',
  'Dinosaur party',
  'Retirement',
  'Anniversary, 25 years',
  'Gender reveal',
  'Christmas',
  'Just because',
]
export const PRODUCTS = [
  { name: 'Cakes', effort: 2 },
  { name: 'Cupcakes', effort: 1 },
  { name: 'Chocolate Covered Strawberries', effort: 1 },
  { name: 'Cake Pops', effort: 1 },
  { name: 'Smash Cakes', effort: 1 },
  { name: 'Other', effort: 1 },
]

/** A small seeded generator (mulberry32): the same book every run. */
export function randomFrom(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!,
  }
}
export type Random = ReturnType<typeof randomFrom>

export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** Weighted choice: [value, weight][]. */
export function weighted<T>(random: Random, choices: readonly (readonly [T, number])[]): T {
  const total = choices.reduce((sum, [, weight]) => sum + weight, 0)
  let roll = random.next() * total
  for (const [value, weight] of choices) {
    roll -= weight
    if (roll < 0) return value
  }
  return choices.at(-1)![0]
}

/** Past dates are mostly done with; future ones are still being worked on. */
export function statusFor(random: Random, dueInPast: boolean): RequestStatus {
  return dueInPast
    ? weighted(random, [
        ['completed', 62],
        ['expired', 11],
        ['declined', 9],
        ['cancelled', 6],
        ['confirmed', 5],
        ['ready', 2],
        ['quoted', 2],
        ['new', 3],
      ])
    : weighted(random, [
        ['new', 30],
        ['quoted', 25],
        ['confirmed', 32],
        ['ready', 3],
        ['declined', 5],
        ['cancelled', 3],
        ['expired', 2],
      ])
}

/**
 * Effort a day of the book holds at most. The site refuses a send for a full
 * day, so a real book never holds (or completed) more than its capacity on
 * one date, however many requests it has: a book of 100,000 over three
 * years turned most of them away, and each day's bake list stays a day's.
 */
const DAILY_CAPACITY = 12
/** What became of a request its day had no room for. */
const TURNED_AWAY: readonly (readonly [RequestStatus, number])[] = [
  ['declined', 6],
  ['expired', 3],
  ['cancelled', 1],
]
const TAKES_ROOM = new Set<RequestStatus>(['new', 'quoted', 'confirmed', 'ready', 'completed'])

/** `status`, unless the day is full: then one of the statuses that hold nothing. */
export function withinCapacity(
  random: Random,
  heldByDay: Map<string, number>,
  dueDate: string,
  effort: number,
  status: RequestStatus,
): RequestStatus {
  if (!TAKES_ROOM.has(status)) return status
  const held = heldByDay.get(dueDate) ?? 0
  if (held + effort > DAILY_CAPACITY) return weighted(random, TURNED_AWAY)
  heldByDay.set(dueDate, held + effort)
  return status
}

/** The path a request took to its status, after arriving as new. */
export const PATH: Record<RequestStatus, RequestStatus[]> = {
  new: [],
  quoted: ['quoted'],
  confirmed: ['quoted', 'confirmed'],
  ready: ['quoted', 'confirmed', 'ready'],
  completed: ['quoted', 'confirmed', 'ready', 'completed'],
  declined: ['declined'],
  cancelled: ['quoted', 'confirmed', 'cancelled'],
  expired: ['quoted', 'expired'],
}

export function emailPayload(subject: string, to: { name: string; address: string } | undefined) {
  const text = `${subject}\n\nThank you for thinking of Butter & Bloom. Your request is in our book; we read every one and answer within two days.\n`
  return JSON.stringify({
    subject,
    text,
    html: `<p>${subject}</p><p>Thank you for thinking of Butter &amp; Bloom. Your request is in our book; we read every one and answer within two days.</p>`,
    ...(to ? { to } : {}),
    emailjs: { call: 'send', template: to ? 'customer' : 'order', templateParams: { subject } },
  })
}
