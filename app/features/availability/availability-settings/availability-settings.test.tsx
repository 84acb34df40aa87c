import { renderToStaticMarkup } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { expect, test } from 'vitest'
import type { BookingCard } from '#app/features/availability/booking-settings-fields.ts'
import type { SettingsActionResult } from '#app/features/availability/settings-action.server.ts'
import { AvailabilitySettings } from './availability-settings.tsx'
import type { AvailabilitySettingsData } from './settings-data.ts'

/**
 * The booking cards of /admin/settings as the server draws them, the whole
 * HTML pinned: folded, each card open, and each form's answer to a post made
 * without JavaScript.
 */

/** A bakery with every rule set: five closed periods coming, delivery, pickup times. */
const SET: AvailabilitySettingsData = {
  today: '2026-11-25',
  weekdayCapacity: [0, 2, 3, 3, 4, 6, 8],
  closedPeriods: [
    { id: 1, start: '2026-12-24', end: '2026-12-26', note: 'Family Christmas' },
    { id: 2, start: '2026-12-31', end: '2026-12-31', note: '' },
    { id: 3, start: '2027-01-01', end: '2027-01-03', note: '' },
    { id: 4, start: '2027-02-14', end: '2027-02-14', note: 'Anniversary' },
    { id: 5, start: '2027-03-01', end: '2027-03-07', note: '' },
  ],
  horizonDays: 180,
  policies: 'Orders need a week’s notice.\n\nMy kitchen handles nuts.',
  deliveryEnabled: true,
  deliveryNote: 'Within 10 miles of town, $15',
  pickupWindows: [
    { id: 11, weekday: 0, start: '12:00', end: '13:00', capacity: 1 },
    { id: 12, weekday: 6, start: '10:00', end: '12:00', capacity: 4 },
    { id: 13, weekday: 6, start: '14:00', end: '15:30', capacity: 2 },
    { id: 14, weekday: 3, start: '16:00', end: '18:00', capacity: 3 },
  ],
  pickupAddress: '12 Baker Street',
}

/** A bakery that has set nothing yet beyond its weekly capacity. */
const UNSET: AvailabilitySettingsData = {
  ...SET,
  closedPeriods: [],
  deliveryEnabled: false,
  deliveryNote: '',
  pickupWindows: [],
  pickupAddress: '',
}

/**
 * The page's HTML, a tag a line, so a change reads as a diff; the narrow
 * spaces dates and times are written with as character references, so they
 * show.
 */
function render(
  data: AvailabilitySettingsData,
  { open = null, posted }: { open?: BookingCard | null; posted?: SettingsActionResult } = {},
) {
  const Stub = createRoutesStub([
    {
      path: '/admin/settings',
      Component: () => <AvailabilitySettings data={data} posted={posted} open={open} />,
    },
  ])
  return renderToStaticMarkup(<Stub initialEntries={['/admin/settings']} />)
    .replaceAll('><', '>\n<')
    .replace(/[\u00a0\u2000-\u200b\u202f]/g, (space) => `&#x${space.codePointAt(0)!.toString(16)};`)
}

test('folded, each card says what is set', async () => {
  await expect(render(SET)).toMatchFileSnapshot('./golden/folded-each-card-says-what-is-set.html')
})

test('folded, with nothing set yet', async () => {
  await expect(render(UNSET)).toMatchFileSnapshot('./golden/folded-with-nothing-set-yet.html')
})

test('weekly capacity open', async () => {
  await expect(render(SET, { open: 'weekly-capacity' })).toMatchFileSnapshot(
    './golden/weekly-capacity-open.html',
  )
})

test('closed dates open', async () => {
  await expect(render(SET, { open: 'closed-dates' })).toMatchFileSnapshot(
    './golden/closed-dates-open.html',
  )
})

test('closed dates open, none coming', async () => {
  await expect(render(UNSET, { open: 'closed-dates' })).toMatchFileSnapshot(
    './golden/closed-dates-open-none-coming.html',
  )
})

test('booking horizon open', async () => {
  await expect(render(SET, { open: 'booking-horizon' })).toMatchFileSnapshot(
    './golden/booking-horizon-open.html',
  )
})

test('delivery open, when she delivers', async () => {
  await expect(render(SET, { open: 'delivery' })).toMatchFileSnapshot(
    './golden/delivery-open-when-she-delivers.html',
  )
})

test('delivery open, pickup only', async () => {
  await expect(render(UNSET, { open: 'delivery' })).toMatchFileSnapshot(
    './golden/delivery-open-pickup-only.html',
  )
})

test('pickup times open', async () => {
  await expect(render(SET, { open: 'pickup-windows' })).toMatchFileSnapshot(
    './golden/pickup-times-open.html',
  )
})

test('pickup times open, none set and no address', async () => {
  await expect(render(UNSET, { open: 'pickup-windows' })).toMatchFileSnapshot(
    './golden/pickup-times-open-none-set-and-no-address.html',
  )
})

test('order policies open', async () => {
  await expect(render(SET, { open: 'order-policies' })).toMatchFileSnapshot(
    './golden/order-policies-open.html',
  )
})

test('weekly capacity refused without JavaScript: the card opens with her numbers and the message', async () => {
  const posted: SettingsActionResult = {
    ok: false,
    intent: 'capacity',
    error: 'Please correct the marked field.',
    fields: { capacity_2: 'Tuesday’s capacity must be a whole number from 0 to 99.' },
    values: {
      capacity_0: '0',
      capacity_1: '2',
      capacity_2: '120',
      capacity_3: '3',
      capacity_4: '4',
      capacity_5: '6',
      capacity_6: '8',
    },
  }
  await expect(render(SET, { posted })).toMatchFileSnapshot(
    './golden/weekly-capacity-refused-without-javascript.html',
  )
})

test('closed dates refused without JavaScript, while another card was open', async () => {
  const posted: SettingsActionResult = {
    ok: false,
    intent: 'close-dates',
    error: 'Please correct the marked field.',
    fields: { to: 'The “To” date must not be before the “From” date.' },
    values: { from: '2026-12-10', to: '2026-12-08', note: 'Craft fair' },
  }
  await expect(render(SET, { open: 'delivery', posted })).toMatchFileSnapshot(
    './golden/closed-dates-refused-without-javascript.html',
  )
})

test('closed dates reopened without JavaScript: the card says so', async () => {
  const posted: SettingsActionResult = {
    ok: true,
    intent: 'reopen',
    message: 'Dec 31 is open for orders again.',
  }
  await expect(render(SET, { posted })).toMatchFileSnapshot(
    './golden/closed-dates-reopened-without-javascript.html',
  )
})

test('booking horizon refused without JavaScript', async () => {
  const posted: SettingsActionResult = {
    ok: false,
    intent: 'horizon',
    error: 'Please correct the marked field.',
    fields: { horizon_days: 'Give a number of days from 1 to 730.' },
    values: { horizon_days: '900' },
  }
  await expect(render(SET, { posted })).toMatchFileSnapshot(
    './golden/booking-horizon-refused-without-javascript.html',
  )
})

test('delivery refused without JavaScript: the box as she posted it', async () => {
  const posted: SettingsActionResult = {
    ok: false,
    intent: 'delivery',
    error: 'Please correct the marked field.',
    fields: { delivery_note: 'Keep the delivery note to 300 characters.' },
    values: { delivery_note: 'Anywhere' },
  }
  await expect(render(SET, { posted })).toMatchFileSnapshot(
    './golden/delivery-refused-without-javascript.html',
  )
})

test('pickup time refused without JavaScript', async () => {
  const posted: SettingsActionResult = {
    ok: false,
    intent: 'pickup-window-add',
    error: 'Please correct the marked field.',
    fields: {
      window_start: 'That overlaps 10 a.m.–12 p.m. on the same day; choose times outside it.',
    },
    values: {
      window_weekday: '6',
      window_start: '11:00',
      window_end: '13:00',
      window_capacity: '5',
    },
  }
  await expect(render(SET, { posted })).toMatchFileSnapshot(
    './golden/pickup-time-refused-without-javascript.html',
  )
})

test('order policies saved without JavaScript', async () => {
  const posted: SettingsActionResult = {
    ok: true,
    intent: 'policies',
    message: 'Order policies saved.',
  }
  await expect(render(SET, { posted })).toMatchFileSnapshot(
    './golden/order-policies-saved-without-javascript.html',
  )
})
