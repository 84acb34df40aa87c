import { useActionData } from 'react-router'
import { bakeryNameFrom } from '#app/components/page-meta.ts'
import { SettingsJumps } from '#app/components/settings-jumps.tsx'
import { SettingsPageHeading } from '#app/components/settings-page-heading.tsx'
import { countryNameOf, countryOf } from '#app/content/bakery-address.ts'
import { pageTitle } from '#app/content/format.ts'
import { getDb } from '#app/db/db.server.ts'
import { updateBookingSettings } from '#app/features/availability/booking-settings.server.ts'
import {
  readOrderPolicies,
  readOrderRules,
} from '#app/features/availability/order-policies.server.ts'
import { mediaSettings } from '#app/features/media/media-quota.server.ts'
import { moneyRecorded } from '#app/features/order-book/money.server.ts'
import { readBakeryAddress } from '#app/features/order-book/pickup-address.server.ts'
import { orderTerms } from '#app/features/order-status/order-terms.ts'
import { receiveAddressAction } from '#app/features/site-content/address-action.server.ts'
import { readSiteWords } from '#app/features/site-content/site-content.server.ts'
import { receiveSitePictureAction } from '#app/features/site-content/site-pictures-action.server.ts'
import { publicPictures } from '#app/features/site-content/site-pictures.server.ts'
import {
  SITE_SETTINGS_GROUPS,
  SiteSettings,
} from '#app/features/site-content/site-settings/site-settings.tsx'
import { receiveSiteSettingsAction } from '#app/features/site-content/site-settings-action.server.ts'
import { timeZoneNames } from '#app/features/site-content/site-words-schema.ts'
import { readAdminForm } from '#app/utils/admin-form.server.ts'
import { bakeryToday } from '#app/utils/dates.ts'
import { mediaTypeOf } from '#app/utils/media-type.ts'
import { respond } from '#app/utils/reply.ts'
import type { Route } from './+types/admin.settings.site'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Your site', bakeryNameFrom(matches)) },
  { name: 'robots', content: 'noindex' },
]

export async function loader() {
  const db = getDb()
  const [words, policies, rules, moneyExists, address] = await Promise.all([
    readSiteWords(db),
    readOrderPolicies(db),
    readOrderRules(db),
    moneyRecorded(db),
    readBakeryAddress(db),
  ])
  const country = countryOf(words.local.locale)
  return {
    address,
    country: country ? { code: country, name: countryNameOf(country, words.local.locale) } : null,
    words: { ...words, pictures: publicPictures(words.pictures) },
    policies,
    orderTerms: orderTerms(rules),
    moneyRecorded: moneyExists,
    timeZones: timeZoneNames(),
    today: bakeryToday(),
  }
}

/**
 * Each group of "Your site" posts here with its intent; the policies are
 * the order policies availability keeps (decision 051). A picture comes as
 * a file (multipart), every other group as a plain form.
 */
export async function action({ request }: Route.ActionArgs) {
  if (mediaTypeOf(request.headers.get('content-type')) === 'multipart/form-data') {
    return respond(await receiveSitePictureAction({ request, settings: mediaSettings() }))
  }
  const db = getDb()
  // A copy is read for the intent; the feature reads the request itself.
  const { intent } = (await readAdminForm(request.clone())) ?? {}
  if (intent === 'address') {
    return respond(
      await receiveAddressAction({
        request,
        db,
        // The street is the pickup address, kept where it always was (decision 084).
        saveStreet: (trx, street) => updateBookingSettings(trx, { pickupAddress: street }),
      }),
    )
  }
  return respond(
    await receiveSiteSettingsAction({
      request,
      db,
      savePolicies: (policies) => updateBookingSettings(db, { policies }),
      moneyRecorded: () => moneyRecorded(db),
    }),
  )
}

export default function YourSite({ loaderData }: Route.ComponentProps) {
  const posted = useActionData<typeof action>()
  return (
    <section className="page-section">
      <SettingsPageHeading title="Your site">
        Your bakery’s name, address, pictures, words, announcement, pages and local settings. Each
        group saves on its own, and the site shows it at once.
      </SettingsPageHeading>
      <SettingsJumps
        label="On this page"
        links={SITE_SETTINGS_GROUPS.map(([id, label]) => [`#site-${id}`, label] as const)}
        className="mt-5"
      />
      <SiteSettings
        words={loaderData.words}
        policies={loaderData.policies}
        orderTerms={loaderData.orderTerms}
        moneyRecorded={loaderData.moneyRecorded}
        timeZones={loaderData.timeZones}
        today={loaderData.today}
        address={loaderData.address}
        country={loaderData.country}
        posted={posted}
      />
    </section>
  )
}
