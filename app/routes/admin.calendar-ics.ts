import { getEnv } from '#app/config/env.server.ts'
import { getDb } from '#app/db/db.server.ts'
import { answerCalendarFeed } from '#app/features/owner-desk/calendar-feed.server.ts'
import type { Route } from './+types/admin.calendar-ics'

/**
 * GET /admin/calendar.ics?key=…: the owner's orders for a phone's calendar.
 * Not behind requireAdmin: a phone fetches it without a session, so the key
 * in the URL is its only credential (checked in the feature).
 */
export async function loader({ request }: Route.LoaderArgs) {
  return answerCalendarFeed({ db: getDb(), url: new URL(request.url), siteUrl: getEnv().SITE_URL })
}
