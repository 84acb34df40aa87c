/**
 * The drops a visitor can still order from or look forward to: open ones
 * first, then those coming, each in the bakery's words (decision 069).
 */
import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { type DropMoment, dropMoment, writeDropMoment } from './drop-moments.ts'

const ownTables = tablesFor('drops')

/** More than a home bakery runs at once: a bound on the list, not a rule. */
export const MAX_LISTED_DROPS = 24

export interface ListedDrop {
  slug: string
  name: string
  description: string
  pickupDay: string
  state: Exclude<DropMoment, 'closed'>
  /** 'Opens Wednesday, December 2 at 12:00 p.m.' or 'Open until …'. */
  when: string
}

export async function listDrops(db: Db, now: Date): Promise<ListedDrop[]> {
  const rows = await ownTables(db)
    .selectFrom('drop_sale')
    .select(['slug', 'name', 'description', 'pickup_date', 'opens_at', 'closes_at'])
    .where('closes_at', '>', now.getTime())
    .orderBy('opens_at')
    .orderBy('id')
    .limit(MAX_LISTED_DROPS)
    .execute()
  const drops = rows.map((row) => {
    const opensAt = Number(row.opens_at)
    const closesAt = Number(row.closes_at)
    const state = dropMoment({ opensAt, closesAt }, now) as ListedDrop['state']
    return {
      slug: row.slug,
      name: row.name,
      description: row.description,
      pickupDay: formatCalendarDate(row.pickup_date),
      state,
      when:
        state === 'open'
          ? `Open until ${writeDropMoment(closesAt)}`
          : `Opens ${writeDropMoment(opensAt)}`,
    }
  })
  // Open ones first: they can be ordered from now.
  return [
    ...drops.filter((drop) => drop.state === 'open'),
    ...drops.filter((drop) => drop.state !== 'open'),
  ]
}

/** The owner's drops, newest pickup day first: a bound on her list, not on her drops. */
export const MAX_OWNER_DROPS = 50

export interface OwnerListedDrop {
  id: number
  slug: string
  name: string
  pickupDay: string
  state: DropMoment
  /** 'Opens …', 'Open until …' or 'Closed …'. */
  when: string
}

export async function listOwnerDrops(db: Db, now: Date): Promise<OwnerListedDrop[]> {
  const rows = await ownTables(db)
    .selectFrom('drop_sale')
    .select(['id', 'slug', 'name', 'pickup_date', 'opens_at', 'closes_at'])
    .orderBy('pickup_date', 'desc')
    .orderBy('opens_at', 'desc')
    .orderBy('id', 'desc')
    .limit(MAX_OWNER_DROPS)
    .execute()
  return rows.map((row) => {
    const opensAt = Number(row.opens_at)
    const closesAt = Number(row.closes_at)
    const state = dropMoment({ opensAt, closesAt }, now)
    return {
      id: Number(row.id),
      slug: row.slug,
      name: row.name,
      pickupDay: formatCalendarDate(row.pickup_date),
      state,
      when:
        state === 'open'
          ? `Open until ${writeDropMoment(closesAt)}`
          : state === 'upcoming'
            ? `Opens ${writeDropMoment(opensAt)}`
            : `Closed ${writeDropMoment(closesAt)}`,
    }
  })
}

/** The ids of the drops taking orders at `now`: what the waitlist's pass looks at. */
export async function openDropIds(db: Db, now: Date): Promise<number[]> {
  const rows = await ownTables(db)
    .selectFrom('drop_sale')
    .select('id')
    .where('opens_at', '<=', now.getTime())
    .where('closes_at', '>', now.getTime())
    .orderBy('id')
    .limit(MAX_OWNER_DROPS)
    .execute()
  return rows.map((row) => Number(row.id))
}
