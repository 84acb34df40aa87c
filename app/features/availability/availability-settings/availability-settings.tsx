import type { ComponentType } from 'react'
import { answerFor } from '#app/components/settings-card.tsx'
import {
  type BookingCard,
  SETTINGS_INTENTS,
  cardOfIntent,
} from '#app/features/availability/booking-settings-fields.ts'
import type { SettingsActionResult } from '#app/features/availability/settings-action.server.ts'
import { Card } from './booking-card.tsx'
import { BookingHorizonForms, HorizonSummary } from './booking-horizon.tsx'
import { ClosedDatesForms, ClosedDatesSummary } from './closed-dates.tsx'
import { DeliveryForms, DeliverySummary } from './delivery.tsx'
import { OrderPoliciesForms, PoliciesSummary } from './order-policies.tsx'
import { PickupSummary, PickupWindowsForms } from './pickup-times.tsx'
import type { AvailabilitySettingsData, CardProps, FormsProps } from './settings-data.ts'
import { CapacitySummary, WeeklyCapacityForms } from './weekly-capacity.tsx'

/** Settings' booking cards, in order: what each shows folded and the forms it opens. */
const CARDS: readonly {
  id: BookingCard
  title: string
  /** The link that opens it. */
  openLabel: string
  Summary: ComponentType<CardProps>
  Forms: ComponentType<FormsProps>
  /** The full width on a wide screen, folded too. */
  wide?: boolean
}[] = [
  {
    id: 'weekly-capacity',
    title: 'Weekly capacity',
    openLabel: 'Change weekly capacity',
    Summary: CapacitySummary,
    Forms: WeeklyCapacityForms,
  },
  {
    id: 'closed-dates',
    title: 'Closed dates',
    openLabel: 'Add or remove closed dates',
    Summary: ClosedDatesSummary,
    Forms: ClosedDatesForms,
  },
  {
    id: 'booking-horizon',
    title: 'Booking horizon',
    openLabel: 'Change booking horizon',
    Summary: HorizonSummary,
    Forms: BookingHorizonForms,
  },
  {
    id: 'delivery',
    title: 'Delivery',
    openLabel: 'Change delivery',
    Summary: DeliverySummary,
    Forms: DeliveryForms,
  },
  {
    id: 'pickup-windows',
    title: 'Pickup times',
    openLabel: 'Change pickup times',
    Summary: PickupSummary,
    Forms: PickupWindowsForms,
  },
  {
    id: 'order-policies',
    title: 'Order policies',
    openLabel: 'Edit order policies',
    Summary: PoliciesSummary,
    Forms: OrderPoliciesForms,
    wide: true,
  },
]

/** The card a page answering a post without JavaScript shows the answer in. */
function cardPostedFrom(posted: unknown): BookingCard | null {
  const answer = answerFor<SettingsActionResult>(posted, { intents: SETTINGS_INTENTS })
  return answer?.intent ? cardOfIntent(answer.intent) : null
}

/**
 * The owner's booking rules: capacity, closed dates, horizon, delivery, pickup
 * times and policies, each folded to what is set until she opens it.
 */
export function AvailabilitySettings({
  data,
  posted,
  open,
}: {
  data: AvailabilitySettingsData
  /** The page's action data, when a form posted without JavaScript. */
  posted: unknown
  /** The card she opened (`?open=`), if any. */
  open: BookingCard | null
}) {
  const opened = cardPostedFrom(posted) ?? open
  return (
    <div className="mt-4 grid gap-6 lg:grid-cols-2">
      {CARDS.map(({ id, title, openLabel, Summary, Forms, wide }) => (
        <Card
          key={id}
          id={id}
          title={title}
          open={opened === id}
          openLabel={openLabel}
          summary={<Summary data={data} />}
          className={wide ? 'lg:col-span-2' : ''}
        >
          <Forms data={data} posted={posted} />
        </Card>
      ))}
    </div>
  )
}
