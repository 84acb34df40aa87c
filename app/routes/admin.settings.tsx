import { useActionData, useSearchParams } from 'react-router'
import { bakeryNameFrom } from '#app/components/page-meta.ts'
import { SettingsJumps } from '#app/components/settings-jumps.tsx'
import { getEnv, textKeysOf } from '#app/config/env.server.ts'
import { pageTitle } from '#app/content/format.ts'
import { getDb } from '#app/db/db.server.ts'
import { AvailabilitySettings } from '#app/features/availability/availability-settings/availability-settings.tsx'
import {
  OPEN_CARD_PARAM,
  isBookingCard,
  isSettingsIntent,
} from '#app/features/availability/booking-settings-fields.ts'
import { readBookingSettings } from '#app/features/availability/booking-settings.server.ts'
import {
  MAX_SETTINGS_FORM_BYTES,
  receiveSettingsAction,
} from '#app/features/availability/settings-action.server.ts'
import {
  ERASE_CUSTOMER,
  EraseCustomerSettings,
} from '#app/features/erasure/erase-customer-settings.tsx'
import { receiveEraseCustomerAction } from '#app/features/erasure/erase-customer.server.ts'
import { SalesCapCard } from '#app/features/labels/sales-cap-card.tsx'
import { readSalesCap } from '#app/features/labels/sales-cap.server.ts'
import { getMediaStore } from '#app/features/media/open-media-store.server.ts'
import { receiveMenuAction } from '#app/features/menu/menu-action.server.ts'
import { MENU_HEADING_ID, MenuSettings } from '#app/features/menu/menu-settings.tsx'
import { listProducts } from '#app/features/menu/menu.server.ts'
import {
  CalendarFeedSettings,
  ROTATE_ICAL_KEY,
} from '#app/features/owner-desk/calendar-feed-settings.tsx'
import {
  ensureIcalKey,
  feedUrls,
  receiveIcalKeyAction,
} from '#app/features/owner-desk/calendar-feed.server.ts'
import { readAdminForm } from '#app/utils/admin-form.server.ts'
import { bakeryToday } from '#app/utils/dates.ts'
import { respond } from '#app/utils/reply.ts'
import type { Route } from './+types/admin.settings'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Settings', bakeryNameFrom(matches)) },
  { name: 'robots', content: 'noindex' },
]

export async function loader() {
  const db = getDb()
  const [products, booking, icalKey] = await Promise.all([
    listProducts(db),
    readBookingSettings(db),
    // Made the first time this page shows it.
    ensureIcalKey(db),
  ])
  const today = bakeryToday()
  return {
    // Settings › Texts shows only with her Twilio keys (decision 111).
    textsOn: textKeysOf() !== undefined,
    salesCap: await readSalesCap(db, today),
    products,
    calendarFeed: feedUrls(getEnv().SITE_URL, icalKey),
    availability: {
      ...booking,
      today,
      // Periods already over change nothing; they are left out.
      closedPeriods: booking.closedPeriods.filter((period) => period.end >= today),
    },
  }
}

/**
 * The menu's forms, the availability forms, the calendar feed's "Rotate key"
 * and the erasure post here, each with its own intent.
 */
export async function action({ request }: Route.ActionArgs) {
  const db = getDb()
  // A copy is read for the intent; the feature reads the request itself.
  const { intent } = (await readAdminForm(request.clone(), MAX_SETTINGS_FORM_BYTES)) ?? {}
  if (intent === ROTATE_ICAL_KEY) return respond(await receiveIcalKeyAction({ request, db }))
  if (intent === ERASE_CUSTOMER) {
    return respond(
      await receiveEraseCustomerAction({
        request,
        db,
        store: getMediaStore(),
        dataDir: getEnv().DATA_DIR,
      }),
    )
  }
  return isSettingsIntent(intent)
    ? respond(await receiveSettingsAction({ request, db }))
    : respond(await receiveMenuAction({ request, db }))
}

/** The pages under Settings. */
const MORE_SETTINGS = [
  ['/admin/settings/site', 'Your site'],
  ['/admin/settings/alerts', 'Alerts on your phone'],
  ['/admin/settings/payments', 'Payments, changes and design proofs'],
  ['/admin/settings/texts', 'Texts to your customers'],
  ['/admin/settings/taxes', 'Taxes'],
  ['/admin/settings/account', 'Your account'],
  ['/admin/settings/moving', 'Move your site'],
  ['/admin/reviews', 'Reviews from your customers'],
] as const

const SECTIONS = [
  [`#${MENU_HEADING_ID}`, 'The menu'],
  ['#weekly-capacity-heading', 'Weekly capacity'],
  ['#closed-dates-heading', 'Closed dates'],
  ['#booking-horizon-heading', 'Booking horizon'],
  ['#delivery-heading', 'Delivery'],
  ['#pickup-windows-heading', 'Pickup times'],
  ['#order-policies-heading', 'Order policies'],
  ['#calendar-feed-heading', 'Calendar on your phone'],
] as const

export default function Settings({ loaderData }: Route.ComponentProps) {
  const posted = useActionData<typeof action>()
  const [searchParams] = useSearchParams()
  const { products, availability, calendarFeed, salesCap, textsOn } = loaderData
  const moreSettings = MORE_SETTINGS.filter(([href]) => textsOn || href !== '/admin/settings/texts')
  const openCard = searchParams.get(OPEN_CARD_PARAM)
  return (
    <section className="page-section">
      <p className="eyebrow">For the owner</p>
      <h1 className="page-heading mt-2">Settings</h1>
      <p className="lede mt-3">Your menu, the days you bake and how customers book.</p>
      <SettingsJumps label="More settings" links={moreSettings} className="mt-5" />
      <SettingsJumps label="On this page" links={SECTIONS} className="mt-2" />
      {salesCap ? <SalesCapCard cap={salesCap} /> : null}

      <MenuSettings products={products} posted={posted} />

      <h2 className="section-heading mt-12">Opening days and bookings</h2>
      <AvailabilitySettings
        data={availability}
        posted={posted}
        open={isBookingCard(openCard) ? openCard : null}
      />

      <CalendarFeedSettings feed={calendarFeed} posted={posted} />
      <EraseCustomerSettings posted={posted} />
    </section>
  )
}
