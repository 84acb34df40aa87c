import type { Db } from '#app/db/db.server.ts'
import { readBookingVersion } from '#app/db/page-version.server.ts'
import { listActiveProducts } from '#app/features/menu/menu.server.ts'
import { bakeryToday } from '#app/utils/dates.ts'
import { limitLookups } from '#app/utils/rate-limit.server.ts'
import type { Reply } from '#app/utils/reply.ts'
import { type AvailabilityAnswer, answerAvailability } from './availability.server.ts'

/**
 * Lookups one address may make a minute. The order form's calendar asks for
 * a month or two at a time as a customer pages through it: a few a minute.
 * Generous, so a household or an office behind one address never meets it;
 * a script asking thousands does (docs/decisions/029).
 */
export const LOOKUPS_PER_MINUTE = 300

/**
 * Answers kept in memory at once: at most 400 days each (~20 kB), so a few
 * megabytes at worst. The least recently used go first.
 */
export const MAX_KEPT_ANSWERS = 200

/**
 * Answers already worked out, by what they were worked out from: the
 * booking version (the menu, the rules and every request's date and status,
 * as the database's triggers keep it), the bakery's today, and the query.
 * A key with a version no longer current is never asked for again, so an
 * order booked on any instance changes the next answer everywhere. Only a
 * cost lives here: an empty map answers the same, a little slower.
 */
const keptAnswers = new Map<string, Reply<AvailabilityAnswer>>()

function keep(key: string, answer: Reply<AvailabilityAnswer>) {
  keptAnswers.delete(key)
  keptAnswers.set(key, answer)
  while (keptAnswers.size > MAX_KEPT_ANSWERS) {
    keptAnswers.delete(keptAnswers.keys().next().value!)
  }
}

/**
 * GET /api/availability, for anyone: limited per address, and answered from
 * kept answers when nothing the answer depends on has changed.
 */
export async function serveAvailability({
  db,
  url,
  clientIp,
  now = new Date(),
}: {
  db: Db
  url: URL
  clientIp: string
  now?: Date
}): Promise<Reply<AvailabilityAnswer>> {
  const limited = await limitLookups({
    db,
    key: `availability:${clientIp}`,
    max: LOOKUPS_PER_MINUTE,
    now: now.getTime(),
    what: 'calendar lookups',
  })
  if (limited) return limited
  // Read before the answer is worked out: a booking that lands meanwhile
  // leaves this answer under the old version, where nobody asks again.
  const version = await readBookingVersion(db)
  const { searchParams } = url
  const key = JSON.stringify([
    version,
    bakeryToday(now),
    searchParams.get('from'),
    searchParams.get('to'),
    searchParams.get('product'),
  ])
  const kept = keptAnswers.get(key)
  if (kept) {
    keep(key, kept)
    return kept
  }
  const answer = await answerAvailability({
    db,
    url,
    products: await listActiveProducts(db),
    now,
  })
  // Refusals are cheap to repeat and their keys are whatever a caller typed.
  if (answer.status === 200) keep(key, answer)
  return answer
}
