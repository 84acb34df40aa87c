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

test('folded, each card says what is set', () => {
  expect(render(SET)).toMatchInlineSnapshot(`
    "<div class="mt-4 grid gap-6 lg:grid-cols-2">
    <section id="weekly-capacity" aria-labelledby="weekly-capacity-heading" class="card p-5 sm:p-6  ">
    <h3 id="weekly-capacity-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Weekly capacity</h3>
    <dl class="mt-4 grid grid-cols-7 gap-1 text-center">
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Mon</span>
    <span class="sr-only">Monday</span>
    </dt>
    <dd class="font-display text-xl font-bold">2</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Tue</span>
    <span class="sr-only">Tuesday</span>
    </dt>
    <dd class="font-display text-xl font-bold">3</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Wed</span>
    <span class="sr-only">Wednesday</span>
    </dt>
    <dd class="font-display text-xl font-bold">3</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Thu</span>
    <span class="sr-only">Thursday</span>
    </dt>
    <dd class="font-display text-xl font-bold">4</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Fri</span>
    <span class="sr-only">Friday</span>
    </dt>
    <dd class="font-display text-xl font-bold">6</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Sat</span>
    <span class="sr-only">Saturday</span>
    </dt>
    <dd class="font-display text-xl font-bold">8</dd>
    </div>
    <div class="rounded-xl py-2 bg-paper">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Sun</span>
    <span class="sr-only">Sunday</span>
    </dt>
    <dd class="font-display text-xl font-bold">0<span class="sr-only"> (closed)</span>
    </dd>
    </div>
    </dl>
    <p class="mt-2 text-sm">Effort units each day; 0 is closed.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=weekly-capacity#weekly-capacity-heading" data-discover="true">Change weekly capacity</a>
    </p>
    </section>
    <section id="closed-dates" aria-labelledby="closed-dates-heading" class="card p-5 sm:p-6  ">
    <h3 id="closed-dates-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Closed dates</h3>
    <ul class="mt-4 space-y-2">
    <li>
    <span class="font-bold">Thu, Dec 24 – Sat, Dec 26, 2026</span>
    <span class="text-sm break-words"> · Family Christmas</span>
    </li>
    <li>
    <span class="font-bold">Thu, Dec 31, 2026</span>
    </li>
    <li>
    <span class="font-bold">Fri, Jan 1 – Sun, Jan 3, 2027</span>
    </li>
    <li>
    <span class="font-bold">Sun, Feb 14, 2027</span>
    <span class="text-sm break-words"> · Anniversary</span>
    </li>
    <li class="text-sm">and 1 more</li>
    </ul>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=closed-dates#closed-dates-heading" data-discover="true">Add or remove closed dates</a>
    </p>
    </section>
    <section id="booking-horizon" aria-labelledby="booking-horizon-heading" class="card p-5 sm:p-6  ">
    <h3 id="booking-horizon-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Booking horizon</h3>
    <p class="mt-3">Customers can book up to <strong>180 days</strong> ahead.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=booking-horizon#booking-horizon-heading" data-discover="true">Change booking horizon</a>
    </p>
    </section>
    <section id="delivery" aria-labelledby="delivery-heading" class="card p-5 sm:p-6  ">
    <h3 id="delivery-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Delivery</h3>
    <p class="mt-3">
    <strong>You deliver</strong>: Within 10 miles of town, $15</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=delivery#delivery-heading" data-discover="true">Change delivery</a>
    </p>
    </section>
    <section id="pickup-windows" aria-labelledby="pickup-windows-heading" class="card p-5 sm:p-6  ">
    <h3 id="pickup-windows-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Pickup times</h3>
    <ul class="mt-4 space-y-2">
    <li>
    <span class="font-bold">Wednesday 4:00&#xa0;p.m.–6:00&#xa0;p.m.</span>
    <span class="text-sm"> · takes 3 requests</span>
    </li>
    <li>
    <span class="font-bold">Saturday 10:00&#xa0;a.m.–12:00&#xa0;p.m.</span>
    <span class="text-sm"> · takes 4 requests</span>
    </li>
    <li>
    <span class="font-bold">Saturday 2:00&#xa0;p.m.–3:30&#xa0;p.m.</span>
    <span class="text-sm"> · takes 2 requests</span>
    </li>
    <li>
    <span class="font-bold">Sunday 12:00&#xa0;p.m.–1:00&#xa0;p.m.</span>
    <span class="text-sm"> · takes 1 request</span>
    </li>
    </ul>
    <p class="mt-3 text-sm break-words">
    <strong>Pickup address</strong> (private until you confirm): 12 Baker Street</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=pickup-windows#pickup-windows-heading" data-discover="true">Change pickup times</a>
    </p>
    </section>
    <section id="order-policies" aria-labelledby="order-policies-heading" class="card p-5 sm:p-6  lg:col-span-2">
    <h3 id="order-policies-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Order policies</h3>
    <p class="mt-3 line-clamp-3 whitespace-pre-line break-words">Orders need a week’s notice.

    My kitchen handles nuts.</p>
    <p class="mt-2 text-sm">54 characters; customers tick that they have read them.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=order-policies#order-policies-heading" data-discover="true">Edit order policies</a>
    </p>
    </section>
    </div>"
  `)
})

test('folded, with nothing set yet', () => {
  expect(render(UNSET)).toMatchInlineSnapshot(`
    "<div class="mt-4 grid gap-6 lg:grid-cols-2">
    <section id="weekly-capacity" aria-labelledby="weekly-capacity-heading" class="card p-5 sm:p-6  ">
    <h3 id="weekly-capacity-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Weekly capacity</h3>
    <dl class="mt-4 grid grid-cols-7 gap-1 text-center">
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Mon</span>
    <span class="sr-only">Monday</span>
    </dt>
    <dd class="font-display text-xl font-bold">2</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Tue</span>
    <span class="sr-only">Tuesday</span>
    </dt>
    <dd class="font-display text-xl font-bold">3</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Wed</span>
    <span class="sr-only">Wednesday</span>
    </dt>
    <dd class="font-display text-xl font-bold">3</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Thu</span>
    <span class="sr-only">Thursday</span>
    </dt>
    <dd class="font-display text-xl font-bold">4</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Fri</span>
    <span class="sr-only">Friday</span>
    </dt>
    <dd class="font-display text-xl font-bold">6</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Sat</span>
    <span class="sr-only">Saturday</span>
    </dt>
    <dd class="font-display text-xl font-bold">8</dd>
    </div>
    <div class="rounded-xl py-2 bg-paper">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Sun</span>
    <span class="sr-only">Sunday</span>
    </dt>
    <dd class="font-display text-xl font-bold">0<span class="sr-only"> (closed)</span>
    </dd>
    </div>
    </dl>
    <p class="mt-2 text-sm">Effort units each day; 0 is closed.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=weekly-capacity#weekly-capacity-heading" data-discover="true">Change weekly capacity</a>
    </p>
    </section>
    <section id="closed-dates" aria-labelledby="closed-dates-heading" class="card p-5 sm:p-6  ">
    <h3 id="closed-dates-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Closed dates</h3>
    <p class="mt-4 rounded-2xl bg-paper p-4">No closed dates coming up.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=closed-dates#closed-dates-heading" data-discover="true">Add or remove closed dates</a>
    </p>
    </section>
    <section id="booking-horizon" aria-labelledby="booking-horizon-heading" class="card p-5 sm:p-6  ">
    <h3 id="booking-horizon-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Booking horizon</h3>
    <p class="mt-3">Customers can book up to <strong>180 days</strong> ahead.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=booking-horizon#booking-horizon-heading" data-discover="true">Change booking horizon</a>
    </p>
    </section>
    <section id="delivery" aria-labelledby="delivery-heading" class="card p-5 sm:p-6  ">
    <h3 id="delivery-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Delivery</h3>
    <p class="mt-3">
    <strong>Pickup only.</strong> Customers collect their orders.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=delivery#delivery-heading" data-discover="true">Change delivery</a>
    </p>
    </section>
    <section id="pickup-windows" aria-labelledby="pickup-windows-heading" class="card p-5 sm:p-6  ">
    <h3 id="pickup-windows-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Pickup times</h3>
    <p class="mt-4 rounded-2xl bg-paper p-4">No set times: customers give a date only.</p>
    <p class="mt-3 text-sm break-words">No pickup address yet: confirmed customers are not told where to collect.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=pickup-windows#pickup-windows-heading" data-discover="true">Change pickup times</a>
    </p>
    </section>
    <section id="order-policies" aria-labelledby="order-policies-heading" class="card p-5 sm:p-6  lg:col-span-2">
    <h3 id="order-policies-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Order policies</h3>
    <p class="mt-3 line-clamp-3 whitespace-pre-line break-words">Orders need a week’s notice.

    My kitchen handles nuts.</p>
    <p class="mt-2 text-sm">54 characters; customers tick that they have read them.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=order-policies#order-policies-heading" data-discover="true">Edit order policies</a>
    </p>
    </section>
    </div>"
  `)
})

test('weekly capacity open', () => {
  expect(render(SET, { open: 'weekly-capacity' })).toMatchInlineSnapshot(`
    "<div class="mt-4 grid gap-6 lg:grid-cols-2">
    <section id="weekly-capacity" aria-labelledby="weekly-capacity-heading" class="card p-5 sm:p-6 lg:col-span-2 ">
    <h3 id="weekly-capacity-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Weekly capacity</h3>
    <p class="mt-2">How much you can bake each weekday, in <strong>effort units</strong>. Each product on the menu says how many units one order takes (its Effort): a tiered cake may use 3, a dozen cupcakes 1. A day takes requests until its units are used up. <strong>0 means closed</strong> that weekday.</p>
    <form class="mt-4" data-discover="true" action="/admin/settings#weekly-capacity-answer" method="post">
    <input type="hidden" name="intent" value="capacity"/>
    <fieldset>
    <legend class="sr-only">Effort units each weekday</legend>
    <div class="grid gap-x-8 gap-y-2 sm:grid-cols-2">
    <div class="form-field grid-cols-[minmax(0,1fr)_6rem] items-center gap-x-3">
    <label for="field-capacity_1" class="form-label">Monday</label>
    <input id="field-capacity_1" type="number" inputMode="numeric" min="0" max="99" step="1" required="" name="capacity_1" value="2"/>
    </div>
    <div class="form-field grid-cols-[minmax(0,1fr)_6rem] items-center gap-x-3">
    <label for="field-capacity_2" class="form-label">Tuesday</label>
    <input id="field-capacity_2" type="number" inputMode="numeric" min="0" max="99" step="1" required="" name="capacity_2" value="3"/>
    </div>
    <div class="form-field grid-cols-[minmax(0,1fr)_6rem] items-center gap-x-3">
    <label for="field-capacity_3" class="form-label">Wednesday</label>
    <input id="field-capacity_3" type="number" inputMode="numeric" min="0" max="99" step="1" required="" name="capacity_3" value="3"/>
    </div>
    <div class="form-field grid-cols-[minmax(0,1fr)_6rem] items-center gap-x-3">
    <label for="field-capacity_4" class="form-label">Thursday</label>
    <input id="field-capacity_4" type="number" inputMode="numeric" min="0" max="99" step="1" required="" name="capacity_4" value="4"/>
    </div>
    <div class="form-field grid-cols-[minmax(0,1fr)_6rem] items-center gap-x-3">
    <label for="field-capacity_5" class="form-label">Friday</label>
    <input id="field-capacity_5" type="number" inputMode="numeric" min="0" max="99" step="1" required="" name="capacity_5" value="6"/>
    </div>
    <div class="form-field grid-cols-[minmax(0,1fr)_6rem] items-center gap-x-3">
    <label for="field-capacity_6" class="form-label">Saturday</label>
    <input id="field-capacity_6" type="number" inputMode="numeric" min="0" max="99" step="1" required="" name="capacity_6" value="8"/>
    </div>
    <div class="form-field grid-cols-[minmax(0,1fr)_6rem] items-center gap-x-3">
    <label for="field-capacity_0" class="form-label">Sunday</label>
    <input id="field-capacity_0" type="number" inputMode="numeric" min="0" max="99" step="1" required="" name="capacity_0" value="0"/>
    </div>
    </div>
    </fieldset>
    <div class="mt-5 flex flex-wrap items-center gap-x-4 gap-y-2">
    <button type="submit" class="button-primary">Save weekly capacity</button>
    <p id="weekly-capacity-answer" tabindex="-1" role="status" class="min-h-6 outline-none scroll-mt-[45vh] ">
    </p>
    </div>
    </form>
    <p class="mt-4 border-t border-chocolate/20 pt-3">
    <a class="text-link inline-block py-2" href="/admin/settings#weekly-capacity-heading" data-discover="true">Close<span class="sr-only"> Weekly capacity</span>
    </a>
    </p>
    </section>
    <section id="closed-dates" aria-labelledby="closed-dates-heading" class="card p-5 sm:p-6  ">
    <h3 id="closed-dates-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Closed dates</h3>
    <ul class="mt-4 space-y-2">
    <li>
    <span class="font-bold">Thu, Dec 24 – Sat, Dec 26, 2026</span>
    <span class="text-sm break-words"> · Family Christmas</span>
    </li>
    <li>
    <span class="font-bold">Thu, Dec 31, 2026</span>
    </li>
    <li>
    <span class="font-bold">Fri, Jan 1 – Sun, Jan 3, 2027</span>
    </li>
    <li>
    <span class="font-bold">Sun, Feb 14, 2027</span>
    <span class="text-sm break-words"> · Anniversary</span>
    </li>
    <li class="text-sm">and 1 more</li>
    </ul>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=closed-dates#closed-dates-heading" data-discover="true">Add or remove closed dates</a>
    </p>
    </section>
    <section id="booking-horizon" aria-labelledby="booking-horizon-heading" class="card p-5 sm:p-6  ">
    <h3 id="booking-horizon-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Booking horizon</h3>
    <p class="mt-3">Customers can book up to <strong>180 days</strong> ahead.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=booking-horizon#booking-horizon-heading" data-discover="true">Change booking horizon</a>
    </p>
    </section>
    <section id="delivery" aria-labelledby="delivery-heading" class="card p-5 sm:p-6  ">
    <h3 id="delivery-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Delivery</h3>
    <p class="mt-3">
    <strong>You deliver</strong>: Within 10 miles of town, $15</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=delivery#delivery-heading" data-discover="true">Change delivery</a>
    </p>
    </section>
    <section id="pickup-windows" aria-labelledby="pickup-windows-heading" class="card p-5 sm:p-6  ">
    <h3 id="pickup-windows-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Pickup times</h3>
    <ul class="mt-4 space-y-2">
    <li>
    <span class="font-bold">Wednesday 4:00&#xa0;p.m.–6:00&#xa0;p.m.</span>
    <span class="text-sm"> · takes 3 requests</span>
    </li>
    <li>
    <span class="font-bold">Saturday 10:00&#xa0;a.m.–12:00&#xa0;p.m.</span>
    <span class="text-sm"> · takes 4 requests</span>
    </li>
    <li>
    <span class="font-bold">Saturday 2:00&#xa0;p.m.–3:30&#xa0;p.m.</span>
    <span class="text-sm"> · takes 2 requests</span>
    </li>
    <li>
    <span class="font-bold">Sunday 12:00&#xa0;p.m.–1:00&#xa0;p.m.</span>
    <span class="text-sm"> · takes 1 request</span>
    </li>
    </ul>
    <p class="mt-3 text-sm break-words">
    <strong>Pickup address</strong> (private until you confirm): 12 Baker Street</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=pickup-windows#pickup-windows-heading" data-discover="true">Change pickup times</a>
    </p>
    </section>
    <section id="order-policies" aria-labelledby="order-policies-heading" class="card p-5 sm:p-6  lg:col-span-2">
    <h3 id="order-policies-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Order policies</h3>
    <p class="mt-3 line-clamp-3 whitespace-pre-line break-words">Orders need a week’s notice.

    My kitchen handles nuts.</p>
    <p class="mt-2 text-sm">54 characters; customers tick that they have read them.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=order-policies#order-policies-heading" data-discover="true">Edit order policies</a>
    </p>
    </section>
    </div>"
  `)
})

test('closed dates open', () => {
  expect(render(SET, { open: 'closed-dates' })).toMatchInlineSnapshot(`
    "<div class="mt-4 grid gap-6 lg:grid-cols-2">
    <section id="weekly-capacity" aria-labelledby="weekly-capacity-heading" class="card p-5 sm:p-6  ">
    <h3 id="weekly-capacity-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Weekly capacity</h3>
    <dl class="mt-4 grid grid-cols-7 gap-1 text-center">
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Mon</span>
    <span class="sr-only">Monday</span>
    </dt>
    <dd class="font-display text-xl font-bold">2</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Tue</span>
    <span class="sr-only">Tuesday</span>
    </dt>
    <dd class="font-display text-xl font-bold">3</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Wed</span>
    <span class="sr-only">Wednesday</span>
    </dt>
    <dd class="font-display text-xl font-bold">3</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Thu</span>
    <span class="sr-only">Thursday</span>
    </dt>
    <dd class="font-display text-xl font-bold">4</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Fri</span>
    <span class="sr-only">Friday</span>
    </dt>
    <dd class="font-display text-xl font-bold">6</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Sat</span>
    <span class="sr-only">Saturday</span>
    </dt>
    <dd class="font-display text-xl font-bold">8</dd>
    </div>
    <div class="rounded-xl py-2 bg-paper">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Sun</span>
    <span class="sr-only">Sunday</span>
    </dt>
    <dd class="font-display text-xl font-bold">0<span class="sr-only"> (closed)</span>
    </dd>
    </div>
    </dl>
    <p class="mt-2 text-sm">Effort units each day; 0 is closed.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=weekly-capacity#weekly-capacity-heading" data-discover="true">Change weekly capacity</a>
    </p>
    </section>
    <section id="closed-dates" aria-labelledby="closed-dates-heading" class="card p-5 sm:p-6 lg:col-span-2 ">
    <h3 id="closed-dates-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Closed dates</h3>
    <p class="mt-2">Holidays and days off: customers cannot choose these dates, whatever the weekly capacity.</p>
    <ul class="mt-4 divide-y divide-[#ecdcd2] rounded-2xl border-2 border-[#ecdcd2]">
    <li class="flex items-center justify-between gap-3 p-4">
    <div class="min-w-0 flex-1">
    <p class="font-bold">Thu, Dec 24 – Sat, Dec 26, 2026</p>
    <p class="mt-1 text-sm break-words">
    <span class="mr-2 inline-block rounded-full bg-blush-100 px-2 py-0.5 text-xs font-bold tracking-wide text-raspberry-dark uppercase">Private</span>Family Christmas</p>
    </div>
    <form class="shrink-0" data-discover="true" action="/admin/settings#closed-dates-answer" method="post">
    <input type="hidden" name="intent" value="reopen"/>
    <input type="hidden" name="id" value="1"/>
    <button type="submit" class="filter-chip" aria-label="Remove closed dates Thu, Dec 24 – Sat, Dec 26, 2026">Remove</button>
    </form>
    </li>
    <li class="flex items-center justify-between gap-3 p-4">
    <div class="min-w-0 flex-1">
    <p class="font-bold">Thu, Dec 31, 2026</p>
    </div>
    <form class="shrink-0" data-discover="true" action="/admin/settings#closed-dates-answer" method="post">
    <input type="hidden" name="intent" value="reopen"/>
    <input type="hidden" name="id" value="2"/>
    <button type="submit" class="filter-chip" aria-label="Remove closed dates Thu, Dec 31, 2026">Remove</button>
    </form>
    </li>
    <li class="flex items-center justify-between gap-3 p-4">
    <div class="min-w-0 flex-1">
    <p class="font-bold">Fri, Jan 1 – Sun, Jan 3, 2027</p>
    </div>
    <form class="shrink-0" data-discover="true" action="/admin/settings#closed-dates-answer" method="post">
    <input type="hidden" name="intent" value="reopen"/>
    <input type="hidden" name="id" value="3"/>
    <button type="submit" class="filter-chip" aria-label="Remove closed dates Fri, Jan 1 – Sun, Jan 3, 2027">Remove</button>
    </form>
    </li>
    <li class="flex items-center justify-between gap-3 p-4">
    <div class="min-w-0 flex-1">
    <p class="font-bold">Sun, Feb 14, 2027</p>
    <p class="mt-1 text-sm break-words">
    <span class="mr-2 inline-block rounded-full bg-blush-100 px-2 py-0.5 text-xs font-bold tracking-wide text-raspberry-dark uppercase">Private</span>Anniversary</p>
    </div>
    <form class="shrink-0" data-discover="true" action="/admin/settings#closed-dates-answer" method="post">
    <input type="hidden" name="intent" value="reopen"/>
    <input type="hidden" name="id" value="4"/>
    <button type="submit" class="filter-chip" aria-label="Remove closed dates Sun, Feb 14, 2027">Remove</button>
    </form>
    </li>
    <li class="flex items-center justify-between gap-3 p-4">
    <div class="min-w-0 flex-1">
    <p class="font-bold">Mon, Mar 1 – Sun, Mar 7, 2027</p>
    </div>
    <form class="shrink-0" data-discover="true" action="/admin/settings#closed-dates-answer" method="post">
    <input type="hidden" name="intent" value="reopen"/>
    <input type="hidden" name="id" value="5"/>
    <button type="submit" class="filter-chip" aria-label="Remove closed dates Mon, Mar 1 – Sun, Mar 7, 2027">Remove</button>
    </form>
    </li>
    </ul>
    <h4 class="mt-6 text-lg font-bold">Add closed dates</h4>
    <form class="mt-3" data-discover="true" action="/admin/settings#closed-dates-answer" method="post">
    <input type="hidden" name="intent" value="close-dates"/>
    <div class="grid gap-4 sm:grid-cols-2">
    <div class="form-field">
    <label for="field-from" class="form-label">From</label>
    <input id="field-from" type="date" required="" min="2026-11-25" name="from" value=""/>
    </div>
    <div class="form-field">
    <label for="field-to" class="form-label">To<span class="form-optional"> (optional)</span>
    </label>
    <input id="field-to" aria-describedby="field-to-hint" type="date" min="2026-11-25" name="to" value=""/>
    <p id="field-to-hint" class="form-hint">Leave empty to close one day.</p>
    </div>
    <div class="sm:col-span-2">
    <div class="form-field">
    <label for="field-note" class="form-label">Note<span class="form-optional"> (optional)</span>
    </label>
    <input id="field-note" aria-describedby="field-note-hint" type="text" maxLength="200" name="note" value=""/>
    <p id="field-note-hint" class="form-hint">Only you see this, e.g. “Family wedding”.</p>
    </div>
    </div>
    </div>
    <div class="mt-5 flex flex-wrap items-center gap-x-4 gap-y-2">
    <button type="submit" class="button-primary">Add closed dates</button>
    <p id="closed-dates-answer" tabindex="-1" role="status" class="min-h-6 outline-none scroll-mt-[45vh] ">
    </p>
    </div>
    </form>
    <p class="mt-4 border-t border-chocolate/20 pt-3">
    <a class="text-link inline-block py-2" href="/admin/settings#closed-dates-heading" data-discover="true">Close<span class="sr-only"> Closed dates</span>
    </a>
    </p>
    </section>
    <section id="booking-horizon" aria-labelledby="booking-horizon-heading" class="card p-5 sm:p-6  ">
    <h3 id="booking-horizon-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Booking horizon</h3>
    <p class="mt-3">Customers can book up to <strong>180 days</strong> ahead.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=booking-horizon#booking-horizon-heading" data-discover="true">Change booking horizon</a>
    </p>
    </section>
    <section id="delivery" aria-labelledby="delivery-heading" class="card p-5 sm:p-6  ">
    <h3 id="delivery-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Delivery</h3>
    <p class="mt-3">
    <strong>You deliver</strong>: Within 10 miles of town, $15</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=delivery#delivery-heading" data-discover="true">Change delivery</a>
    </p>
    </section>
    <section id="pickup-windows" aria-labelledby="pickup-windows-heading" class="card p-5 sm:p-6  ">
    <h3 id="pickup-windows-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Pickup times</h3>
    <ul class="mt-4 space-y-2">
    <li>
    <span class="font-bold">Wednesday 4:00&#xa0;p.m.–6:00&#xa0;p.m.</span>
    <span class="text-sm"> · takes 3 requests</span>
    </li>
    <li>
    <span class="font-bold">Saturday 10:00&#xa0;a.m.–12:00&#xa0;p.m.</span>
    <span class="text-sm"> · takes 4 requests</span>
    </li>
    <li>
    <span class="font-bold">Saturday 2:00&#xa0;p.m.–3:30&#xa0;p.m.</span>
    <span class="text-sm"> · takes 2 requests</span>
    </li>
    <li>
    <span class="font-bold">Sunday 12:00&#xa0;p.m.–1:00&#xa0;p.m.</span>
    <span class="text-sm"> · takes 1 request</span>
    </li>
    </ul>
    <p class="mt-3 text-sm break-words">
    <strong>Pickup address</strong> (private until you confirm): 12 Baker Street</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=pickup-windows#pickup-windows-heading" data-discover="true">Change pickup times</a>
    </p>
    </section>
    <section id="order-policies" aria-labelledby="order-policies-heading" class="card p-5 sm:p-6  lg:col-span-2">
    <h3 id="order-policies-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Order policies</h3>
    <p class="mt-3 line-clamp-3 whitespace-pre-line break-words">Orders need a week’s notice.

    My kitchen handles nuts.</p>
    <p class="mt-2 text-sm">54 characters; customers tick that they have read them.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=order-policies#order-policies-heading" data-discover="true">Edit order policies</a>
    </p>
    </section>
    </div>"
  `)
})

test('closed dates open, none coming', () => {
  expect(render(UNSET, { open: 'closed-dates' })).toMatchInlineSnapshot(`
    "<div class="mt-4 grid gap-6 lg:grid-cols-2">
    <section id="weekly-capacity" aria-labelledby="weekly-capacity-heading" class="card p-5 sm:p-6  ">
    <h3 id="weekly-capacity-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Weekly capacity</h3>
    <dl class="mt-4 grid grid-cols-7 gap-1 text-center">
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Mon</span>
    <span class="sr-only">Monday</span>
    </dt>
    <dd class="font-display text-xl font-bold">2</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Tue</span>
    <span class="sr-only">Tuesday</span>
    </dt>
    <dd class="font-display text-xl font-bold">3</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Wed</span>
    <span class="sr-only">Wednesday</span>
    </dt>
    <dd class="font-display text-xl font-bold">3</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Thu</span>
    <span class="sr-only">Thursday</span>
    </dt>
    <dd class="font-display text-xl font-bold">4</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Fri</span>
    <span class="sr-only">Friday</span>
    </dt>
    <dd class="font-display text-xl font-bold">6</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Sat</span>
    <span class="sr-only">Saturday</span>
    </dt>
    <dd class="font-display text-xl font-bold">8</dd>
    </div>
    <div class="rounded-xl py-2 bg-paper">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Sun</span>
    <span class="sr-only">Sunday</span>
    </dt>
    <dd class="font-display text-xl font-bold">0<span class="sr-only"> (closed)</span>
    </dd>
    </div>
    </dl>
    <p class="mt-2 text-sm">Effort units each day; 0 is closed.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=weekly-capacity#weekly-capacity-heading" data-discover="true">Change weekly capacity</a>
    </p>
    </section>
    <section id="closed-dates" aria-labelledby="closed-dates-heading" class="card p-5 sm:p-6 lg:col-span-2 ">
    <h3 id="closed-dates-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Closed dates</h3>
    <p class="mt-2">Holidays and days off: customers cannot choose these dates, whatever the weekly capacity.</p>
    <p class="mt-4 rounded-2xl bg-paper p-4">No closed dates coming up.</p>
    <h4 class="mt-6 text-lg font-bold">Add closed dates</h4>
    <form class="mt-3" data-discover="true" action="/admin/settings#closed-dates-answer" method="post">
    <input type="hidden" name="intent" value="close-dates"/>
    <div class="grid gap-4 sm:grid-cols-2">
    <div class="form-field">
    <label for="field-from" class="form-label">From</label>
    <input id="field-from" type="date" required="" min="2026-11-25" name="from" value=""/>
    </div>
    <div class="form-field">
    <label for="field-to" class="form-label">To<span class="form-optional"> (optional)</span>
    </label>
    <input id="field-to" aria-describedby="field-to-hint" type="date" min="2026-11-25" name="to" value=""/>
    <p id="field-to-hint" class="form-hint">Leave empty to close one day.</p>
    </div>
    <div class="sm:col-span-2">
    <div class="form-field">
    <label for="field-note" class="form-label">Note<span class="form-optional"> (optional)</span>
    </label>
    <input id="field-note" aria-describedby="field-note-hint" type="text" maxLength="200" name="note" value=""/>
    <p id="field-note-hint" class="form-hint">Only you see this, e.g. “Family wedding”.</p>
    </div>
    </div>
    </div>
    <div class="mt-5 flex flex-wrap items-center gap-x-4 gap-y-2">
    <button type="submit" class="button-primary">Add closed dates</button>
    <p id="closed-dates-answer" tabindex="-1" role="status" class="min-h-6 outline-none scroll-mt-[45vh] ">
    </p>
    </div>
    </form>
    <p class="mt-4 border-t border-chocolate/20 pt-3">
    <a class="text-link inline-block py-2" href="/admin/settings#closed-dates-heading" data-discover="true">Close<span class="sr-only"> Closed dates</span>
    </a>
    </p>
    </section>
    <section id="booking-horizon" aria-labelledby="booking-horizon-heading" class="card p-5 sm:p-6  ">
    <h3 id="booking-horizon-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Booking horizon</h3>
    <p class="mt-3">Customers can book up to <strong>180 days</strong> ahead.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=booking-horizon#booking-horizon-heading" data-discover="true">Change booking horizon</a>
    </p>
    </section>
    <section id="delivery" aria-labelledby="delivery-heading" class="card p-5 sm:p-6  ">
    <h3 id="delivery-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Delivery</h3>
    <p class="mt-3">
    <strong>Pickup only.</strong> Customers collect their orders.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=delivery#delivery-heading" data-discover="true">Change delivery</a>
    </p>
    </section>
    <section id="pickup-windows" aria-labelledby="pickup-windows-heading" class="card p-5 sm:p-6  ">
    <h3 id="pickup-windows-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Pickup times</h3>
    <p class="mt-4 rounded-2xl bg-paper p-4">No set times: customers give a date only.</p>
    <p class="mt-3 text-sm break-words">No pickup address yet: confirmed customers are not told where to collect.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=pickup-windows#pickup-windows-heading" data-discover="true">Change pickup times</a>
    </p>
    </section>
    <section id="order-policies" aria-labelledby="order-policies-heading" class="card p-5 sm:p-6  lg:col-span-2">
    <h3 id="order-policies-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Order policies</h3>
    <p class="mt-3 line-clamp-3 whitespace-pre-line break-words">Orders need a week’s notice.

    My kitchen handles nuts.</p>
    <p class="mt-2 text-sm">54 characters; customers tick that they have read them.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=order-policies#order-policies-heading" data-discover="true">Edit order policies</a>
    </p>
    </section>
    </div>"
  `)
})

test('booking horizon open', () => {
  expect(render(SET, { open: 'booking-horizon' })).toMatchInlineSnapshot(`
    "<div class="mt-4 grid gap-6 lg:grid-cols-2">
    <section id="weekly-capacity" aria-labelledby="weekly-capacity-heading" class="card p-5 sm:p-6  ">
    <h3 id="weekly-capacity-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Weekly capacity</h3>
    <dl class="mt-4 grid grid-cols-7 gap-1 text-center">
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Mon</span>
    <span class="sr-only">Monday</span>
    </dt>
    <dd class="font-display text-xl font-bold">2</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Tue</span>
    <span class="sr-only">Tuesday</span>
    </dt>
    <dd class="font-display text-xl font-bold">3</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Wed</span>
    <span class="sr-only">Wednesday</span>
    </dt>
    <dd class="font-display text-xl font-bold">3</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Thu</span>
    <span class="sr-only">Thursday</span>
    </dt>
    <dd class="font-display text-xl font-bold">4</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Fri</span>
    <span class="sr-only">Friday</span>
    </dt>
    <dd class="font-display text-xl font-bold">6</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Sat</span>
    <span class="sr-only">Saturday</span>
    </dt>
    <dd class="font-display text-xl font-bold">8</dd>
    </div>
    <div class="rounded-xl py-2 bg-paper">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Sun</span>
    <span class="sr-only">Sunday</span>
    </dt>
    <dd class="font-display text-xl font-bold">0<span class="sr-only"> (closed)</span>
    </dd>
    </div>
    </dl>
    <p class="mt-2 text-sm">Effort units each day; 0 is closed.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=weekly-capacity#weekly-capacity-heading" data-discover="true">Change weekly capacity</a>
    </p>
    </section>
    <section id="closed-dates" aria-labelledby="closed-dates-heading" class="card p-5 sm:p-6  ">
    <h3 id="closed-dates-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Closed dates</h3>
    <ul class="mt-4 space-y-2">
    <li>
    <span class="font-bold">Thu, Dec 24 – Sat, Dec 26, 2026</span>
    <span class="text-sm break-words"> · Family Christmas</span>
    </li>
    <li>
    <span class="font-bold">Thu, Dec 31, 2026</span>
    </li>
    <li>
    <span class="font-bold">Fri, Jan 1 – Sun, Jan 3, 2027</span>
    </li>
    <li>
    <span class="font-bold">Sun, Feb 14, 2027</span>
    <span class="text-sm break-words"> · Anniversary</span>
    </li>
    <li class="text-sm">and 1 more</li>
    </ul>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=closed-dates#closed-dates-heading" data-discover="true">Add or remove closed dates</a>
    </p>
    </section>
    <section id="booking-horizon" aria-labelledby="booking-horizon-heading" class="card p-5 sm:p-6 lg:col-span-2 ">
    <h3 id="booking-horizon-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Booking horizon</h3>
    <p class="mt-2">How far ahead customers can ask for a date.</p>
    <form class="mt-4" data-discover="true" action="/admin/settings#booking-horizon-answer" method="post">
    <input type="hidden" name="intent" value="horizon"/>
    <div class="form-field">
    <label for="field-horizon_days" class="form-label">Customers can book up to … days ahead</label>
    <input id="field-horizon_days" aria-describedby="field-horizon_days-hint" type="number" inputMode="numeric" min="1" max="730" step="1" required="" class="max-w-40" name="horizon_days" value="180"/>
    <p id="field-horizon_days-hint" class="form-hint">From 1 to 730 days; 180 is about six months.</p>
    </div>
    <div class="mt-5 flex flex-wrap items-center gap-x-4 gap-y-2">
    <button type="submit" class="button-primary">Save booking horizon</button>
    <p id="booking-horizon-answer" tabindex="-1" role="status" class="min-h-6 outline-none scroll-mt-[45vh] ">
    </p>
    </div>
    </form>
    <p class="mt-4 border-t border-chocolate/20 pt-3">
    <a class="text-link inline-block py-2" href="/admin/settings#booking-horizon-heading" data-discover="true">Close<span class="sr-only"> Booking horizon</span>
    </a>
    </p>
    </section>
    <section id="delivery" aria-labelledby="delivery-heading" class="card p-5 sm:p-6  ">
    <h3 id="delivery-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Delivery</h3>
    <p class="mt-3">
    <strong>You deliver</strong>: Within 10 miles of town, $15</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=delivery#delivery-heading" data-discover="true">Change delivery</a>
    </p>
    </section>
    <section id="pickup-windows" aria-labelledby="pickup-windows-heading" class="card p-5 sm:p-6  ">
    <h3 id="pickup-windows-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Pickup times</h3>
    <ul class="mt-4 space-y-2">
    <li>
    <span class="font-bold">Wednesday 4:00&#xa0;p.m.–6:00&#xa0;p.m.</span>
    <span class="text-sm"> · takes 3 requests</span>
    </li>
    <li>
    <span class="font-bold">Saturday 10:00&#xa0;a.m.–12:00&#xa0;p.m.</span>
    <span class="text-sm"> · takes 4 requests</span>
    </li>
    <li>
    <span class="font-bold">Saturday 2:00&#xa0;p.m.–3:30&#xa0;p.m.</span>
    <span class="text-sm"> · takes 2 requests</span>
    </li>
    <li>
    <span class="font-bold">Sunday 12:00&#xa0;p.m.–1:00&#xa0;p.m.</span>
    <span class="text-sm"> · takes 1 request</span>
    </li>
    </ul>
    <p class="mt-3 text-sm break-words">
    <strong>Pickup address</strong> (private until you confirm): 12 Baker Street</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=pickup-windows#pickup-windows-heading" data-discover="true">Change pickup times</a>
    </p>
    </section>
    <section id="order-policies" aria-labelledby="order-policies-heading" class="card p-5 sm:p-6  lg:col-span-2">
    <h3 id="order-policies-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Order policies</h3>
    <p class="mt-3 line-clamp-3 whitespace-pre-line break-words">Orders need a week’s notice.

    My kitchen handles nuts.</p>
    <p class="mt-2 text-sm">54 characters; customers tick that they have read them.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=order-policies#order-policies-heading" data-discover="true">Edit order policies</a>
    </p>
    </section>
    </div>"
  `)
})

test('delivery open, when she delivers', () => {
  expect(render(SET, { open: 'delivery' })).toMatchInlineSnapshot(`
    "<div class="mt-4 grid gap-6 lg:grid-cols-2">
    <section id="weekly-capacity" aria-labelledby="weekly-capacity-heading" class="card p-5 sm:p-6  ">
    <h3 id="weekly-capacity-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Weekly capacity</h3>
    <dl class="mt-4 grid grid-cols-7 gap-1 text-center">
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Mon</span>
    <span class="sr-only">Monday</span>
    </dt>
    <dd class="font-display text-xl font-bold">2</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Tue</span>
    <span class="sr-only">Tuesday</span>
    </dt>
    <dd class="font-display text-xl font-bold">3</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Wed</span>
    <span class="sr-only">Wednesday</span>
    </dt>
    <dd class="font-display text-xl font-bold">3</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Thu</span>
    <span class="sr-only">Thursday</span>
    </dt>
    <dd class="font-display text-xl font-bold">4</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Fri</span>
    <span class="sr-only">Friday</span>
    </dt>
    <dd class="font-display text-xl font-bold">6</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Sat</span>
    <span class="sr-only">Saturday</span>
    </dt>
    <dd class="font-display text-xl font-bold">8</dd>
    </div>
    <div class="rounded-xl py-2 bg-paper">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Sun</span>
    <span class="sr-only">Sunday</span>
    </dt>
    <dd class="font-display text-xl font-bold">0<span class="sr-only"> (closed)</span>
    </dd>
    </div>
    </dl>
    <p class="mt-2 text-sm">Effort units each day; 0 is closed.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=weekly-capacity#weekly-capacity-heading" data-discover="true">Change weekly capacity</a>
    </p>
    </section>
    <section id="closed-dates" aria-labelledby="closed-dates-heading" class="card p-5 sm:p-6  ">
    <h3 id="closed-dates-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Closed dates</h3>
    <ul class="mt-4 space-y-2">
    <li>
    <span class="font-bold">Thu, Dec 24 – Sat, Dec 26, 2026</span>
    <span class="text-sm break-words"> · Family Christmas</span>
    </li>
    <li>
    <span class="font-bold">Thu, Dec 31, 2026</span>
    </li>
    <li>
    <span class="font-bold">Fri, Jan 1 – Sun, Jan 3, 2027</span>
    </li>
    <li>
    <span class="font-bold">Sun, Feb 14, 2027</span>
    <span class="text-sm break-words"> · Anniversary</span>
    </li>
    <li class="text-sm">and 1 more</li>
    </ul>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=closed-dates#closed-dates-heading" data-discover="true">Add or remove closed dates</a>
    </p>
    </section>
    <section id="booking-horizon" aria-labelledby="booking-horizon-heading" class="card p-5 sm:p-6  ">
    <h3 id="booking-horizon-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Booking horizon</h3>
    <p class="mt-3">Customers can book up to <strong>180 days</strong> ahead.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=booking-horizon#booking-horizon-heading" data-discover="true">Change booking horizon</a>
    </p>
    </section>
    <section id="delivery" aria-labelledby="delivery-heading" class="card p-5 sm:p-6 lg:col-span-2 ">
    <h3 id="delivery-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Delivery</h3>
    <p class="mt-2">Customers can always pick up; offer delivery too if you do it.</p>
    <form class="mt-4" data-discover="true" action="/admin/settings#delivery-answer" method="post">
    <input type="hidden" name="intent" value="delivery"/>
    <label class="flex min-h-12 cursor-pointer items-center gap-3 font-bold text-cocoa">
    <input type="checkbox" class="size-6 accent-raspberry" name="delivery_enabled" checked=""/>We deliver</label>
    <div class="mt-3">
    <div class="form-field">
    <label for="field-delivery_note" class="form-label">Delivery area and fee<span class="form-optional"> (optional)</span>
    </label>
    <input id="field-delivery_note" aria-describedby="field-delivery_note-hint" type="text" maxLength="300" name="delivery_note" value="Within 10 miles of town, $15"/>
    <p id="field-delivery_note-hint" class="form-hint">Shown to customers beside the pickup or delivery choice, e.g. “Within 10 miles of town, $15”.</p>
    </div>
    </div>
    <div class="mt-5 flex flex-wrap items-center gap-x-4 gap-y-2">
    <button type="submit" class="button-primary">Save delivery</button>
    <p id="delivery-answer" tabindex="-1" role="status" class="min-h-6 outline-none scroll-mt-[45vh] ">
    </p>
    </div>
    </form>
    <p class="mt-4 border-t border-chocolate/20 pt-3">
    <a class="text-link inline-block py-2" href="/admin/settings#delivery-heading" data-discover="true">Close<span class="sr-only"> Delivery</span>
    </a>
    </p>
    </section>
    <section id="pickup-windows" aria-labelledby="pickup-windows-heading" class="card p-5 sm:p-6  ">
    <h3 id="pickup-windows-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Pickup times</h3>
    <ul class="mt-4 space-y-2">
    <li>
    <span class="font-bold">Wednesday 4:00&#xa0;p.m.–6:00&#xa0;p.m.</span>
    <span class="text-sm"> · takes 3 requests</span>
    </li>
    <li>
    <span class="font-bold">Saturday 10:00&#xa0;a.m.–12:00&#xa0;p.m.</span>
    <span class="text-sm"> · takes 4 requests</span>
    </li>
    <li>
    <span class="font-bold">Saturday 2:00&#xa0;p.m.–3:30&#xa0;p.m.</span>
    <span class="text-sm"> · takes 2 requests</span>
    </li>
    <li>
    <span class="font-bold">Sunday 12:00&#xa0;p.m.–1:00&#xa0;p.m.</span>
    <span class="text-sm"> · takes 1 request</span>
    </li>
    </ul>
    <p class="mt-3 text-sm break-words">
    <strong>Pickup address</strong> (private until you confirm): 12 Baker Street</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=pickup-windows#pickup-windows-heading" data-discover="true">Change pickup times</a>
    </p>
    </section>
    <section id="order-policies" aria-labelledby="order-policies-heading" class="card p-5 sm:p-6  lg:col-span-2">
    <h3 id="order-policies-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Order policies</h3>
    <p class="mt-3 line-clamp-3 whitespace-pre-line break-words">Orders need a week’s notice.

    My kitchen handles nuts.</p>
    <p class="mt-2 text-sm">54 characters; customers tick that they have read them.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=order-policies#order-policies-heading" data-discover="true">Edit order policies</a>
    </p>
    </section>
    </div>"
  `)
})

test('delivery open, pickup only', () => {
  expect(render(UNSET, { open: 'delivery' })).toMatchInlineSnapshot(`
    "<div class="mt-4 grid gap-6 lg:grid-cols-2">
    <section id="weekly-capacity" aria-labelledby="weekly-capacity-heading" class="card p-5 sm:p-6  ">
    <h3 id="weekly-capacity-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Weekly capacity</h3>
    <dl class="mt-4 grid grid-cols-7 gap-1 text-center">
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Mon</span>
    <span class="sr-only">Monday</span>
    </dt>
    <dd class="font-display text-xl font-bold">2</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Tue</span>
    <span class="sr-only">Tuesday</span>
    </dt>
    <dd class="font-display text-xl font-bold">3</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Wed</span>
    <span class="sr-only">Wednesday</span>
    </dt>
    <dd class="font-display text-xl font-bold">3</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Thu</span>
    <span class="sr-only">Thursday</span>
    </dt>
    <dd class="font-display text-xl font-bold">4</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Fri</span>
    <span class="sr-only">Friday</span>
    </dt>
    <dd class="font-display text-xl font-bold">6</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Sat</span>
    <span class="sr-only">Saturday</span>
    </dt>
    <dd class="font-display text-xl font-bold">8</dd>
    </div>
    <div class="rounded-xl py-2 bg-paper">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Sun</span>
    <span class="sr-only">Sunday</span>
    </dt>
    <dd class="font-display text-xl font-bold">0<span class="sr-only"> (closed)</span>
    </dd>
    </div>
    </dl>
    <p class="mt-2 text-sm">Effort units each day; 0 is closed.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=weekly-capacity#weekly-capacity-heading" data-discover="true">Change weekly capacity</a>
    </p>
    </section>
    <section id="closed-dates" aria-labelledby="closed-dates-heading" class="card p-5 sm:p-6  ">
    <h3 id="closed-dates-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Closed dates</h3>
    <p class="mt-4 rounded-2xl bg-paper p-4">No closed dates coming up.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=closed-dates#closed-dates-heading" data-discover="true">Add or remove closed dates</a>
    </p>
    </section>
    <section id="booking-horizon" aria-labelledby="booking-horizon-heading" class="card p-5 sm:p-6  ">
    <h3 id="booking-horizon-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Booking horizon</h3>
    <p class="mt-3">Customers can book up to <strong>180 days</strong> ahead.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=booking-horizon#booking-horizon-heading" data-discover="true">Change booking horizon</a>
    </p>
    </section>
    <section id="delivery" aria-labelledby="delivery-heading" class="card p-5 sm:p-6 lg:col-span-2 ">
    <h3 id="delivery-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Delivery</h3>
    <p class="mt-2">Customers can always pick up; offer delivery too if you do it.</p>
    <form class="mt-4" data-discover="true" action="/admin/settings#delivery-answer" method="post">
    <input type="hidden" name="intent" value="delivery"/>
    <label class="flex min-h-12 cursor-pointer items-center gap-3 font-bold text-cocoa">
    <input type="checkbox" class="size-6 accent-raspberry" name="delivery_enabled"/>We deliver</label>
    <div class="mt-3">
    <div class="form-field">
    <label for="field-delivery_note" class="form-label">Delivery area and fee<span class="form-optional"> (optional)</span>
    </label>
    <input id="field-delivery_note" aria-describedby="field-delivery_note-hint" type="text" maxLength="300" name="delivery_note" value=""/>
    <p id="field-delivery_note-hint" class="form-hint">Shown to customers beside the pickup or delivery choice, e.g. “Within 10 miles of town, $15”.</p>
    </div>
    </div>
    <div class="mt-5 flex flex-wrap items-center gap-x-4 gap-y-2">
    <button type="submit" class="button-primary">Save delivery</button>
    <p id="delivery-answer" tabindex="-1" role="status" class="min-h-6 outline-none scroll-mt-[45vh] ">
    </p>
    </div>
    </form>
    <p class="mt-4 border-t border-chocolate/20 pt-3">
    <a class="text-link inline-block py-2" href="/admin/settings#delivery-heading" data-discover="true">Close<span class="sr-only"> Delivery</span>
    </a>
    </p>
    </section>
    <section id="pickup-windows" aria-labelledby="pickup-windows-heading" class="card p-5 sm:p-6  ">
    <h3 id="pickup-windows-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Pickup times</h3>
    <p class="mt-4 rounded-2xl bg-paper p-4">No set times: customers give a date only.</p>
    <p class="mt-3 text-sm break-words">No pickup address yet: confirmed customers are not told where to collect.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=pickup-windows#pickup-windows-heading" data-discover="true">Change pickup times</a>
    </p>
    </section>
    <section id="order-policies" aria-labelledby="order-policies-heading" class="card p-5 sm:p-6  lg:col-span-2">
    <h3 id="order-policies-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Order policies</h3>
    <p class="mt-3 line-clamp-3 whitespace-pre-line break-words">Orders need a week’s notice.

    My kitchen handles nuts.</p>
    <p class="mt-2 text-sm">54 characters; customers tick that they have read them.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=order-policies#order-policies-heading" data-discover="true">Edit order policies</a>
    </p>
    </section>
    </div>"
  `)
})

test('pickup times open', () => {
  expect(render(SET, { open: 'pickup-windows' })).toMatchInlineSnapshot(`
    "<div class="mt-4 grid gap-6 lg:grid-cols-2">
    <section id="weekly-capacity" aria-labelledby="weekly-capacity-heading" class="card p-5 sm:p-6  ">
    <h3 id="weekly-capacity-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Weekly capacity</h3>
    <dl class="mt-4 grid grid-cols-7 gap-1 text-center">
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Mon</span>
    <span class="sr-only">Monday</span>
    </dt>
    <dd class="font-display text-xl font-bold">2</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Tue</span>
    <span class="sr-only">Tuesday</span>
    </dt>
    <dd class="font-display text-xl font-bold">3</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Wed</span>
    <span class="sr-only">Wednesday</span>
    </dt>
    <dd class="font-display text-xl font-bold">3</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Thu</span>
    <span class="sr-only">Thursday</span>
    </dt>
    <dd class="font-display text-xl font-bold">4</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Fri</span>
    <span class="sr-only">Friday</span>
    </dt>
    <dd class="font-display text-xl font-bold">6</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Sat</span>
    <span class="sr-only">Saturday</span>
    </dt>
    <dd class="font-display text-xl font-bold">8</dd>
    </div>
    <div class="rounded-xl py-2 bg-paper">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Sun</span>
    <span class="sr-only">Sunday</span>
    </dt>
    <dd class="font-display text-xl font-bold">0<span class="sr-only"> (closed)</span>
    </dd>
    </div>
    </dl>
    <p class="mt-2 text-sm">Effort units each day; 0 is closed.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=weekly-capacity#weekly-capacity-heading" data-discover="true">Change weekly capacity</a>
    </p>
    </section>
    <section id="closed-dates" aria-labelledby="closed-dates-heading" class="card p-5 sm:p-6  ">
    <h3 id="closed-dates-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Closed dates</h3>
    <ul class="mt-4 space-y-2">
    <li>
    <span class="font-bold">Thu, Dec 24 – Sat, Dec 26, 2026</span>
    <span class="text-sm break-words"> · Family Christmas</span>
    </li>
    <li>
    <span class="font-bold">Thu, Dec 31, 2026</span>
    </li>
    <li>
    <span class="font-bold">Fri, Jan 1 – Sun, Jan 3, 2027</span>
    </li>
    <li>
    <span class="font-bold">Sun, Feb 14, 2027</span>
    <span class="text-sm break-words"> · Anniversary</span>
    </li>
    <li class="text-sm">and 1 more</li>
    </ul>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=closed-dates#closed-dates-heading" data-discover="true">Add or remove closed dates</a>
    </p>
    </section>
    <section id="booking-horizon" aria-labelledby="booking-horizon-heading" class="card p-5 sm:p-6  ">
    <h3 id="booking-horizon-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Booking horizon</h3>
    <p class="mt-3">Customers can book up to <strong>180 days</strong> ahead.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=booking-horizon#booking-horizon-heading" data-discover="true">Change booking horizon</a>
    </p>
    </section>
    <section id="delivery" aria-labelledby="delivery-heading" class="card p-5 sm:p-6  ">
    <h3 id="delivery-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Delivery</h3>
    <p class="mt-3">
    <strong>You deliver</strong>: Within 10 miles of town, $15</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=delivery#delivery-heading" data-discover="true">Change delivery</a>
    </p>
    </section>
    <section id="pickup-windows" aria-labelledby="pickup-windows-heading" class="card p-5 sm:p-6 lg:col-span-2 ">
    <h3 id="pickup-windows-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Pickup times</h3>
    <p class="mt-2">Set times on the days you hand orders over, e.g. Saturday 10:00&#xa0;a.m.–12:00&#xa0;p.m., each taking a few requests. Customers choose one with their date (deliveries too). A day without times works as before: no time asked.</p>
    <ul class="mt-4 divide-y divide-[#ecdcd2] rounded-2xl border-2 border-[#ecdcd2]">
    <li class="flex items-center justify-between gap-3 p-4">
    <div class="min-w-0 flex-1">
    <p class="font-bold">Wednesday 4:00&#xa0;p.m.–6:00&#xa0;p.m.</p>
    <p class="mt-1 text-sm">Takes 3 requests</p>
    </div>
    <form class="shrink-0" data-discover="true" action="/admin/settings#pickup-windows-answer" method="post">
    <input type="hidden" name="intent" value="pickup-window-remove"/>
    <input type="hidden" name="id" value="14"/>
    <button type="submit" class="filter-chip" aria-label="Remove pickup time Wednesday 4:00&#xa0;p.m.–6:00&#xa0;p.m.">Remove</button>
    </form>
    </li>
    <li class="flex items-center justify-between gap-3 p-4">
    <div class="min-w-0 flex-1">
    <p class="font-bold">Saturday 10:00&#xa0;a.m.–12:00&#xa0;p.m.</p>
    <p class="mt-1 text-sm">Takes 4 requests</p>
    </div>
    <form class="shrink-0" data-discover="true" action="/admin/settings#pickup-windows-answer" method="post">
    <input type="hidden" name="intent" value="pickup-window-remove"/>
    <input type="hidden" name="id" value="12"/>
    <button type="submit" class="filter-chip" aria-label="Remove pickup time Saturday 10:00&#xa0;a.m.–12:00&#xa0;p.m.">Remove</button>
    </form>
    </li>
    <li class="flex items-center justify-between gap-3 p-4">
    <div class="min-w-0 flex-1">
    <p class="font-bold">Saturday 2:00&#xa0;p.m.–3:30&#xa0;p.m.</p>
    <p class="mt-1 text-sm">Takes 2 requests</p>
    </div>
    <form class="shrink-0" data-discover="true" action="/admin/settings#pickup-windows-answer" method="post">
    <input type="hidden" name="intent" value="pickup-window-remove"/>
    <input type="hidden" name="id" value="13"/>
    <button type="submit" class="filter-chip" aria-label="Remove pickup time Saturday 2:00&#xa0;p.m.–3:30&#xa0;p.m.">Remove</button>
    </form>
    </li>
    <li class="flex items-center justify-between gap-3 p-4">
    <div class="min-w-0 flex-1">
    <p class="font-bold">Sunday 12:00&#xa0;p.m.–1:00&#xa0;p.m.</p>
    <p class="mt-1 text-sm">Takes 1 request</p>
    </div>
    <form class="shrink-0" data-discover="true" action="/admin/settings#pickup-windows-answer" method="post">
    <input type="hidden" name="intent" value="pickup-window-remove"/>
    <input type="hidden" name="id" value="11"/>
    <button type="submit" class="filter-chip" aria-label="Remove pickup time Sunday 12:00&#xa0;p.m.–1:00&#xa0;p.m.">Remove</button>
    </form>
    </li>
    </ul>
    <h4 class="mt-6 text-lg font-bold">Add a pickup time</h4>
    <form class="mt-3" data-discover="true" action="/admin/settings#pickup-windows-answer" method="post">
    <input type="hidden" name="intent" value="pickup-window-add"/>
    <div class="grid grid-cols-2 gap-4">
    <div class="col-span-2">
    <div class="form-field">
    <label for="field-window_weekday" class="form-label">Day</label>
    <select id="field-window_weekday" name="window_weekday">
    <option value="1">Monday</option>
    <option value="2">Tuesday</option>
    <option value="3">Wednesday</option>
    <option value="4">Thursday</option>
    <option value="5">Friday</option>
    <option value="6" selected="">Saturday</option>
    <option value="0">Sunday</option>
    </select>
    </div>
    </div>
    <div class="form-field">
    <label for="field-window_start" class="form-label">From</label>
    <input id="field-window_start" type="time" step="900" required="" name="window_start" value="10:00"/>
    </div>
    <div class="form-field">
    <label for="field-window_end" class="form-label">Until</label>
    <input id="field-window_end" type="time" step="900" required="" name="window_end" value="12:00"/>
    </div>
    <div class="col-span-2">
    <div class="form-field">
    <label for="field-window_capacity" class="form-label">Requests it takes</label>
    <input id="field-window_capacity" aria-describedby="field-window_capacity-hint" type="number" inputMode="numeric" min="1" max="99" required="" name="window_capacity" value="4"/>
    <p id="field-window_capacity-hint" class="form-hint">From 1 to 99; at most 4 times a day.</p>
    </div>
    </div>
    </div>
    <div class="mt-5 flex flex-wrap items-center gap-x-4 gap-y-2">
    <button type="submit" class="button-primary">Add pickup time</button>
    <p id="pickup-windows-answer" tabindex="-1" role="status" class="min-h-6 outline-none scroll-mt-[45vh] ">
    </p>
    </div>
    </form>
    <p class="mt-6 break-words">
    <strong>Pickup address</strong> (private until you confirm): 12 Baker Street. It is the street of your bakery’s address: <a class="text-link" href="/admin/settings/site#site-address" data-discover="true">change it in Your site › Address</a>.</p>
    <p class="mt-4 border-t border-chocolate/20 pt-3">
    <a class="text-link inline-block py-2" href="/admin/settings#pickup-windows-heading" data-discover="true">Close<span class="sr-only"> Pickup times</span>
    </a>
    </p>
    </section>
    <section id="order-policies" aria-labelledby="order-policies-heading" class="card p-5 sm:p-6  lg:col-span-2">
    <h3 id="order-policies-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Order policies</h3>
    <p class="mt-3 line-clamp-3 whitespace-pre-line break-words">Orders need a week’s notice.

    My kitchen handles nuts.</p>
    <p class="mt-2 text-sm">54 characters; customers tick that they have read them.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=order-policies#order-policies-heading" data-discover="true">Edit order policies</a>
    </p>
    </section>
    </div>"
  `)
})

test('pickup times open, none set and no address', () => {
  expect(render(UNSET, { open: 'pickup-windows' })).toMatchInlineSnapshot(`
    "<div class="mt-4 grid gap-6 lg:grid-cols-2">
    <section id="weekly-capacity" aria-labelledby="weekly-capacity-heading" class="card p-5 sm:p-6  ">
    <h3 id="weekly-capacity-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Weekly capacity</h3>
    <dl class="mt-4 grid grid-cols-7 gap-1 text-center">
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Mon</span>
    <span class="sr-only">Monday</span>
    </dt>
    <dd class="font-display text-xl font-bold">2</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Tue</span>
    <span class="sr-only">Tuesday</span>
    </dt>
    <dd class="font-display text-xl font-bold">3</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Wed</span>
    <span class="sr-only">Wednesday</span>
    </dt>
    <dd class="font-display text-xl font-bold">3</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Thu</span>
    <span class="sr-only">Thursday</span>
    </dt>
    <dd class="font-display text-xl font-bold">4</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Fri</span>
    <span class="sr-only">Friday</span>
    </dt>
    <dd class="font-display text-xl font-bold">6</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Sat</span>
    <span class="sr-only">Saturday</span>
    </dt>
    <dd class="font-display text-xl font-bold">8</dd>
    </div>
    <div class="rounded-xl py-2 bg-paper">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Sun</span>
    <span class="sr-only">Sunday</span>
    </dt>
    <dd class="font-display text-xl font-bold">0<span class="sr-only"> (closed)</span>
    </dd>
    </div>
    </dl>
    <p class="mt-2 text-sm">Effort units each day; 0 is closed.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=weekly-capacity#weekly-capacity-heading" data-discover="true">Change weekly capacity</a>
    </p>
    </section>
    <section id="closed-dates" aria-labelledby="closed-dates-heading" class="card p-5 sm:p-6  ">
    <h3 id="closed-dates-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Closed dates</h3>
    <p class="mt-4 rounded-2xl bg-paper p-4">No closed dates coming up.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=closed-dates#closed-dates-heading" data-discover="true">Add or remove closed dates</a>
    </p>
    </section>
    <section id="booking-horizon" aria-labelledby="booking-horizon-heading" class="card p-5 sm:p-6  ">
    <h3 id="booking-horizon-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Booking horizon</h3>
    <p class="mt-3">Customers can book up to <strong>180 days</strong> ahead.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=booking-horizon#booking-horizon-heading" data-discover="true">Change booking horizon</a>
    </p>
    </section>
    <section id="delivery" aria-labelledby="delivery-heading" class="card p-5 sm:p-6  ">
    <h3 id="delivery-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Delivery</h3>
    <p class="mt-3">
    <strong>Pickup only.</strong> Customers collect their orders.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=delivery#delivery-heading" data-discover="true">Change delivery</a>
    </p>
    </section>
    <section id="pickup-windows" aria-labelledby="pickup-windows-heading" class="card p-5 sm:p-6 lg:col-span-2 ">
    <h3 id="pickup-windows-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Pickup times</h3>
    <p class="mt-2">Set times on the days you hand orders over, e.g. Saturday 10:00&#xa0;a.m.–12:00&#xa0;p.m., each taking a few requests. Customers choose one with their date (deliveries too). A day without times works as before: no time asked.</p>
    <p class="mt-4 rounded-2xl bg-paper p-4">No set times: customers give a date only.</p>
    <h4 class="mt-6 text-lg font-bold">Add a pickup time</h4>
    <form class="mt-3" data-discover="true" action="/admin/settings#pickup-windows-answer" method="post">
    <input type="hidden" name="intent" value="pickup-window-add"/>
    <div class="grid grid-cols-2 gap-4">
    <div class="col-span-2">
    <div class="form-field">
    <label for="field-window_weekday" class="form-label">Day</label>
    <select id="field-window_weekday" name="window_weekday">
    <option value="1">Monday</option>
    <option value="2">Tuesday</option>
    <option value="3">Wednesday</option>
    <option value="4">Thursday</option>
    <option value="5">Friday</option>
    <option value="6" selected="">Saturday</option>
    <option value="0">Sunday</option>
    </select>
    </div>
    </div>
    <div class="form-field">
    <label for="field-window_start" class="form-label">From</label>
    <input id="field-window_start" type="time" step="900" required="" name="window_start" value="10:00"/>
    </div>
    <div class="form-field">
    <label for="field-window_end" class="form-label">Until</label>
    <input id="field-window_end" type="time" step="900" required="" name="window_end" value="12:00"/>
    </div>
    <div class="col-span-2">
    <div class="form-field">
    <label for="field-window_capacity" class="form-label">Requests it takes</label>
    <input id="field-window_capacity" aria-describedby="field-window_capacity-hint" type="number" inputMode="numeric" min="1" max="99" required="" name="window_capacity" value="4"/>
    <p id="field-window_capacity-hint" class="form-hint">From 1 to 99; at most 4 times a day.</p>
    </div>
    </div>
    </div>
    <div class="mt-5 flex flex-wrap items-center gap-x-4 gap-y-2">
    <button type="submit" class="button-primary">Add pickup time</button>
    <p id="pickup-windows-answer" tabindex="-1" role="status" class="min-h-6 outline-none scroll-mt-[45vh] ">
    </p>
    </div>
    </form>
    <p class="mt-6 break-words">
    <strong>Pickup address</strong> (private until you confirm): none yet. It is the street of your bakery’s address: <a class="text-link" href="/admin/settings/site#site-address" data-discover="true">change it in Your site › Address</a>.</p>
    <p class="mt-4 border-t border-chocolate/20 pt-3">
    <a class="text-link inline-block py-2" href="/admin/settings#pickup-windows-heading" data-discover="true">Close<span class="sr-only"> Pickup times</span>
    </a>
    </p>
    </section>
    <section id="order-policies" aria-labelledby="order-policies-heading" class="card p-5 sm:p-6  lg:col-span-2">
    <h3 id="order-policies-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Order policies</h3>
    <p class="mt-3 line-clamp-3 whitespace-pre-line break-words">Orders need a week’s notice.

    My kitchen handles nuts.</p>
    <p class="mt-2 text-sm">54 characters; customers tick that they have read them.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=order-policies#order-policies-heading" data-discover="true">Edit order policies</a>
    </p>
    </section>
    </div>"
  `)
})

test('order policies open', () => {
  expect(render(SET, { open: 'order-policies' })).toMatchInlineSnapshot(`
    "<div class="mt-4 grid gap-6 lg:grid-cols-2">
    <section id="weekly-capacity" aria-labelledby="weekly-capacity-heading" class="card p-5 sm:p-6  ">
    <h3 id="weekly-capacity-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Weekly capacity</h3>
    <dl class="mt-4 grid grid-cols-7 gap-1 text-center">
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Mon</span>
    <span class="sr-only">Monday</span>
    </dt>
    <dd class="font-display text-xl font-bold">2</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Tue</span>
    <span class="sr-only">Tuesday</span>
    </dt>
    <dd class="font-display text-xl font-bold">3</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Wed</span>
    <span class="sr-only">Wednesday</span>
    </dt>
    <dd class="font-display text-xl font-bold">3</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Thu</span>
    <span class="sr-only">Thursday</span>
    </dt>
    <dd class="font-display text-xl font-bold">4</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Fri</span>
    <span class="sr-only">Friday</span>
    </dt>
    <dd class="font-display text-xl font-bold">6</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Sat</span>
    <span class="sr-only">Saturday</span>
    </dt>
    <dd class="font-display text-xl font-bold">8</dd>
    </div>
    <div class="rounded-xl py-2 bg-paper">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Sun</span>
    <span class="sr-only">Sunday</span>
    </dt>
    <dd class="font-display text-xl font-bold">0<span class="sr-only"> (closed)</span>
    </dd>
    </div>
    </dl>
    <p class="mt-2 text-sm">Effort units each day; 0 is closed.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=weekly-capacity#weekly-capacity-heading" data-discover="true">Change weekly capacity</a>
    </p>
    </section>
    <section id="closed-dates" aria-labelledby="closed-dates-heading" class="card p-5 sm:p-6  ">
    <h3 id="closed-dates-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Closed dates</h3>
    <ul class="mt-4 space-y-2">
    <li>
    <span class="font-bold">Thu, Dec 24 – Sat, Dec 26, 2026</span>
    <span class="text-sm break-words"> · Family Christmas</span>
    </li>
    <li>
    <span class="font-bold">Thu, Dec 31, 2026</span>
    </li>
    <li>
    <span class="font-bold">Fri, Jan 1 – Sun, Jan 3, 2027</span>
    </li>
    <li>
    <span class="font-bold">Sun, Feb 14, 2027</span>
    <span class="text-sm break-words"> · Anniversary</span>
    </li>
    <li class="text-sm">and 1 more</li>
    </ul>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=closed-dates#closed-dates-heading" data-discover="true">Add or remove closed dates</a>
    </p>
    </section>
    <section id="booking-horizon" aria-labelledby="booking-horizon-heading" class="card p-5 sm:p-6  ">
    <h3 id="booking-horizon-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Booking horizon</h3>
    <p class="mt-3">Customers can book up to <strong>180 days</strong> ahead.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=booking-horizon#booking-horizon-heading" data-discover="true">Change booking horizon</a>
    </p>
    </section>
    <section id="delivery" aria-labelledby="delivery-heading" class="card p-5 sm:p-6  ">
    <h3 id="delivery-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Delivery</h3>
    <p class="mt-3">
    <strong>You deliver</strong>: Within 10 miles of town, $15</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=delivery#delivery-heading" data-discover="true">Change delivery</a>
    </p>
    </section>
    <section id="pickup-windows" aria-labelledby="pickup-windows-heading" class="card p-5 sm:p-6  ">
    <h3 id="pickup-windows-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Pickup times</h3>
    <ul class="mt-4 space-y-2">
    <li>
    <span class="font-bold">Wednesday 4:00&#xa0;p.m.–6:00&#xa0;p.m.</span>
    <span class="text-sm"> · takes 3 requests</span>
    </li>
    <li>
    <span class="font-bold">Saturday 10:00&#xa0;a.m.–12:00&#xa0;p.m.</span>
    <span class="text-sm"> · takes 4 requests</span>
    </li>
    <li>
    <span class="font-bold">Saturday 2:00&#xa0;p.m.–3:30&#xa0;p.m.</span>
    <span class="text-sm"> · takes 2 requests</span>
    </li>
    <li>
    <span class="font-bold">Sunday 12:00&#xa0;p.m.–1:00&#xa0;p.m.</span>
    <span class="text-sm"> · takes 1 request</span>
    </li>
    </ul>
    <p class="mt-3 text-sm break-words">
    <strong>Pickup address</strong> (private until you confirm): 12 Baker Street</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=pickup-windows#pickup-windows-heading" data-discover="true">Change pickup times</a>
    </p>
    </section>
    <section id="order-policies" aria-labelledby="order-policies-heading" class="card p-5 sm:p-6 lg:col-span-2 lg:col-span-2">
    <h3 id="order-policies-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Order policies</h3>
    <p class="mt-2">Customers tick that they have read these before sending a request. They open with the terms written from your rules in <a href="/admin/settings/payments" class="text-link">Settings › Payments</a> (the deposit, when the balance is due, changes and cancellations); here go your own words: notice, allergens in a home kitchen, anything else. Each request keeps the text as it read when it was sent, so a change applies to new requests only. They are the page <a href="/policies" class="text-link">/policies</a> too; Settings › Your site edits the same text with a preview.</p>
    <form class="mt-4" data-discover="true" action="/admin/settings#order-policies-answer" method="post">
    <input type="hidden" name="intent" value="policies"/>
    <div class="form-field">
    <label for="field-policies" class="form-label">Order policies</label>
    <textarea id="field-policies" name="policies" aria-describedby="field-policies-hint" required="" rows="10" maxLength="4000">Orders need a week’s notice.

    My kitchen handles nuts.</textarea>
    <p id="field-policies-hint" class="form-hint">Up to 4,000 characters; a blank line starts a new paragraph.</p>
    </div>
    <div class="mt-5 flex flex-wrap items-center gap-x-4 gap-y-2">
    <button type="submit" class="button-primary">Save order policies</button>
    <p id="order-policies-answer" tabindex="-1" role="status" class="min-h-6 outline-none scroll-mt-[45vh] ">
    </p>
    </div>
    </form>
    <p class="mt-4 border-t border-chocolate/20 pt-3">
    <a class="text-link inline-block py-2" href="/admin/settings#order-policies-heading" data-discover="true">Close<span class="sr-only"> Order policies</span>
    </a>
    </p>
    </section>
    </div>"
  `)
})

test('weekly capacity refused without JavaScript: the card opens with her numbers and the message', () => {
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
  expect(render(SET, { posted })).toMatchInlineSnapshot(`
    "<div class="mt-4 grid gap-6 lg:grid-cols-2">
    <section id="weekly-capacity" aria-labelledby="weekly-capacity-heading" class="card p-5 sm:p-6 lg:col-span-2 ">
    <h3 id="weekly-capacity-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Weekly capacity</h3>
    <p class="mt-2">How much you can bake each weekday, in <strong>effort units</strong>. Each product on the menu says how many units one order takes (its Effort): a tiered cake may use 3, a dozen cupcakes 1. A day takes requests until its units are used up. <strong>0 means closed</strong> that weekday.</p>
    <form class="mt-4" data-discover="true" action="/admin/settings#weekly-capacity-answer" method="post">
    <input type="hidden" name="intent" value="capacity"/>
    <fieldset>
    <legend class="sr-only">Effort units each weekday</legend>
    <div class="grid gap-x-8 gap-y-2 sm:grid-cols-2">
    <div class="form-field grid-cols-[minmax(0,1fr)_6rem] items-center gap-x-3">
    <label for="field-capacity_1" class="form-label">Monday</label>
    <input id="field-capacity_1" type="number" inputMode="numeric" min="0" max="99" step="1" required="" name="capacity_1" value="2"/>
    </div>
    <div class="form-field grid-cols-[minmax(0,1fr)_6rem] items-center gap-x-3">
    <label for="field-capacity_2" class="form-label">Tuesday</label>
    <input id="field-capacity_2" type="number" inputMode="numeric" min="0" max="99" step="1" required="" aria-invalid="true" aria-describedby="field-capacity_2-error" name="capacity_2" value="120"/>
    <p id="field-capacity_2-error" class="form-error col-span-2">Tuesday’s capacity must be a whole number from 0 to 99.</p>
    </div>
    <div class="form-field grid-cols-[minmax(0,1fr)_6rem] items-center gap-x-3">
    <label for="field-capacity_3" class="form-label">Wednesday</label>
    <input id="field-capacity_3" type="number" inputMode="numeric" min="0" max="99" step="1" required="" name="capacity_3" value="3"/>
    </div>
    <div class="form-field grid-cols-[minmax(0,1fr)_6rem] items-center gap-x-3">
    <label for="field-capacity_4" class="form-label">Thursday</label>
    <input id="field-capacity_4" type="number" inputMode="numeric" min="0" max="99" step="1" required="" name="capacity_4" value="4"/>
    </div>
    <div class="form-field grid-cols-[minmax(0,1fr)_6rem] items-center gap-x-3">
    <label for="field-capacity_5" class="form-label">Friday</label>
    <input id="field-capacity_5" type="number" inputMode="numeric" min="0" max="99" step="1" required="" name="capacity_5" value="6"/>
    </div>
    <div class="form-field grid-cols-[minmax(0,1fr)_6rem] items-center gap-x-3">
    <label for="field-capacity_6" class="form-label">Saturday</label>
    <input id="field-capacity_6" type="number" inputMode="numeric" min="0" max="99" step="1" required="" name="capacity_6" value="8"/>
    </div>
    <div class="form-field grid-cols-[minmax(0,1fr)_6rem] items-center gap-x-3">
    <label for="field-capacity_0" class="form-label">Sunday</label>
    <input id="field-capacity_0" type="number" inputMode="numeric" min="0" max="99" step="1" required="" name="capacity_0" value="0"/>
    </div>
    </div>
    </fieldset>
    <div class="mt-5 flex flex-wrap items-center gap-x-4 gap-y-2">
    <button type="submit" class="button-primary">Save weekly capacity</button>
    <p id="weekly-capacity-answer" tabindex="-1" role="alert" class="min-h-6 outline-none scroll-mt-[45vh] ">
    <span class="status-error">Please correct the marked field.</span>
    </p>
    </div>
    </form>
    <p class="mt-4 border-t border-chocolate/20 pt-3">
    <a class="text-link inline-block py-2" href="/admin/settings#weekly-capacity-heading" data-discover="true">Close<span class="sr-only"> Weekly capacity</span>
    </a>
    </p>
    </section>
    <section id="closed-dates" aria-labelledby="closed-dates-heading" class="card p-5 sm:p-6  ">
    <h3 id="closed-dates-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Closed dates</h3>
    <ul class="mt-4 space-y-2">
    <li>
    <span class="font-bold">Thu, Dec 24 – Sat, Dec 26, 2026</span>
    <span class="text-sm break-words"> · Family Christmas</span>
    </li>
    <li>
    <span class="font-bold">Thu, Dec 31, 2026</span>
    </li>
    <li>
    <span class="font-bold">Fri, Jan 1 – Sun, Jan 3, 2027</span>
    </li>
    <li>
    <span class="font-bold">Sun, Feb 14, 2027</span>
    <span class="text-sm break-words"> · Anniversary</span>
    </li>
    <li class="text-sm">and 1 more</li>
    </ul>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=closed-dates#closed-dates-heading" data-discover="true">Add or remove closed dates</a>
    </p>
    </section>
    <section id="booking-horizon" aria-labelledby="booking-horizon-heading" class="card p-5 sm:p-6  ">
    <h3 id="booking-horizon-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Booking horizon</h3>
    <p class="mt-3">Customers can book up to <strong>180 days</strong> ahead.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=booking-horizon#booking-horizon-heading" data-discover="true">Change booking horizon</a>
    </p>
    </section>
    <section id="delivery" aria-labelledby="delivery-heading" class="card p-5 sm:p-6  ">
    <h3 id="delivery-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Delivery</h3>
    <p class="mt-3">
    <strong>You deliver</strong>: Within 10 miles of town, $15</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=delivery#delivery-heading" data-discover="true">Change delivery</a>
    </p>
    </section>
    <section id="pickup-windows" aria-labelledby="pickup-windows-heading" class="card p-5 sm:p-6  ">
    <h3 id="pickup-windows-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Pickup times</h3>
    <ul class="mt-4 space-y-2">
    <li>
    <span class="font-bold">Wednesday 4:00&#xa0;p.m.–6:00&#xa0;p.m.</span>
    <span class="text-sm"> · takes 3 requests</span>
    </li>
    <li>
    <span class="font-bold">Saturday 10:00&#xa0;a.m.–12:00&#xa0;p.m.</span>
    <span class="text-sm"> · takes 4 requests</span>
    </li>
    <li>
    <span class="font-bold">Saturday 2:00&#xa0;p.m.–3:30&#xa0;p.m.</span>
    <span class="text-sm"> · takes 2 requests</span>
    </li>
    <li>
    <span class="font-bold">Sunday 12:00&#xa0;p.m.–1:00&#xa0;p.m.</span>
    <span class="text-sm"> · takes 1 request</span>
    </li>
    </ul>
    <p class="mt-3 text-sm break-words">
    <strong>Pickup address</strong> (private until you confirm): 12 Baker Street</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=pickup-windows#pickup-windows-heading" data-discover="true">Change pickup times</a>
    </p>
    </section>
    <section id="order-policies" aria-labelledby="order-policies-heading" class="card p-5 sm:p-6  lg:col-span-2">
    <h3 id="order-policies-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Order policies</h3>
    <p class="mt-3 line-clamp-3 whitespace-pre-line break-words">Orders need a week’s notice.

    My kitchen handles nuts.</p>
    <p class="mt-2 text-sm">54 characters; customers tick that they have read them.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=order-policies#order-policies-heading" data-discover="true">Edit order policies</a>
    </p>
    </section>
    </div>"
  `)
})

test('closed dates refused without JavaScript, while another card was open', () => {
  const posted: SettingsActionResult = {
    ok: false,
    intent: 'close-dates',
    error: 'Please correct the marked field.',
    fields: { to: 'The “To” date must not be before the “From” date.' },
    values: { from: '2026-12-10', to: '2026-12-08', note: 'Craft fair' },
  }
  expect(render(SET, { open: 'delivery', posted })).toMatchInlineSnapshot(`
    "<div class="mt-4 grid gap-6 lg:grid-cols-2">
    <section id="weekly-capacity" aria-labelledby="weekly-capacity-heading" class="card p-5 sm:p-6  ">
    <h3 id="weekly-capacity-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Weekly capacity</h3>
    <dl class="mt-4 grid grid-cols-7 gap-1 text-center">
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Mon</span>
    <span class="sr-only">Monday</span>
    </dt>
    <dd class="font-display text-xl font-bold">2</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Tue</span>
    <span class="sr-only">Tuesday</span>
    </dt>
    <dd class="font-display text-xl font-bold">3</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Wed</span>
    <span class="sr-only">Wednesday</span>
    </dt>
    <dd class="font-display text-xl font-bold">3</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Thu</span>
    <span class="sr-only">Thursday</span>
    </dt>
    <dd class="font-display text-xl font-bold">4</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Fri</span>
    <span class="sr-only">Friday</span>
    </dt>
    <dd class="font-display text-xl font-bold">6</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Sat</span>
    <span class="sr-only">Saturday</span>
    </dt>
    <dd class="font-display text-xl font-bold">8</dd>
    </div>
    <div class="rounded-xl py-2 bg-paper">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Sun</span>
    <span class="sr-only">Sunday</span>
    </dt>
    <dd class="font-display text-xl font-bold">0<span class="sr-only"> (closed)</span>
    </dd>
    </div>
    </dl>
    <p class="mt-2 text-sm">Effort units each day; 0 is closed.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=weekly-capacity#weekly-capacity-heading" data-discover="true">Change weekly capacity</a>
    </p>
    </section>
    <section id="closed-dates" aria-labelledby="closed-dates-heading" class="card p-5 sm:p-6 lg:col-span-2 ">
    <h3 id="closed-dates-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Closed dates</h3>
    <p class="mt-2">Holidays and days off: customers cannot choose these dates, whatever the weekly capacity.</p>
    <ul class="mt-4 divide-y divide-[#ecdcd2] rounded-2xl border-2 border-[#ecdcd2]">
    <li class="flex items-center justify-between gap-3 p-4">
    <div class="min-w-0 flex-1">
    <p class="font-bold">Thu, Dec 24 – Sat, Dec 26, 2026</p>
    <p class="mt-1 text-sm break-words">
    <span class="mr-2 inline-block rounded-full bg-blush-100 px-2 py-0.5 text-xs font-bold tracking-wide text-raspberry-dark uppercase">Private</span>Family Christmas</p>
    </div>
    <form class="shrink-0" data-discover="true" action="/admin/settings#closed-dates-answer" method="post">
    <input type="hidden" name="intent" value="reopen"/>
    <input type="hidden" name="id" value="1"/>
    <button type="submit" class="filter-chip" aria-label="Remove closed dates Thu, Dec 24 – Sat, Dec 26, 2026">Remove</button>
    </form>
    </li>
    <li class="flex items-center justify-between gap-3 p-4">
    <div class="min-w-0 flex-1">
    <p class="font-bold">Thu, Dec 31, 2026</p>
    </div>
    <form class="shrink-0" data-discover="true" action="/admin/settings#closed-dates-answer" method="post">
    <input type="hidden" name="intent" value="reopen"/>
    <input type="hidden" name="id" value="2"/>
    <button type="submit" class="filter-chip" aria-label="Remove closed dates Thu, Dec 31, 2026">Remove</button>
    </form>
    </li>
    <li class="flex items-center justify-between gap-3 p-4">
    <div class="min-w-0 flex-1">
    <p class="font-bold">Fri, Jan 1 – Sun, Jan 3, 2027</p>
    </div>
    <form class="shrink-0" data-discover="true" action="/admin/settings#closed-dates-answer" method="post">
    <input type="hidden" name="intent" value="reopen"/>
    <input type="hidden" name="id" value="3"/>
    <button type="submit" class="filter-chip" aria-label="Remove closed dates Fri, Jan 1 – Sun, Jan 3, 2027">Remove</button>
    </form>
    </li>
    <li class="flex items-center justify-between gap-3 p-4">
    <div class="min-w-0 flex-1">
    <p class="font-bold">Sun, Feb 14, 2027</p>
    <p class="mt-1 text-sm break-words">
    <span class="mr-2 inline-block rounded-full bg-blush-100 px-2 py-0.5 text-xs font-bold tracking-wide text-raspberry-dark uppercase">Private</span>Anniversary</p>
    </div>
    <form class="shrink-0" data-discover="true" action="/admin/settings#closed-dates-answer" method="post">
    <input type="hidden" name="intent" value="reopen"/>
    <input type="hidden" name="id" value="4"/>
    <button type="submit" class="filter-chip" aria-label="Remove closed dates Sun, Feb 14, 2027">Remove</button>
    </form>
    </li>
    <li class="flex items-center justify-between gap-3 p-4">
    <div class="min-w-0 flex-1">
    <p class="font-bold">Mon, Mar 1 – Sun, Mar 7, 2027</p>
    </div>
    <form class="shrink-0" data-discover="true" action="/admin/settings#closed-dates-answer" method="post">
    <input type="hidden" name="intent" value="reopen"/>
    <input type="hidden" name="id" value="5"/>
    <button type="submit" class="filter-chip" aria-label="Remove closed dates Mon, Mar 1 – Sun, Mar 7, 2027">Remove</button>
    </form>
    </li>
    </ul>
    <h4 class="mt-6 text-lg font-bold">Add closed dates</h4>
    <form class="mt-3" data-discover="true" action="/admin/settings#closed-dates-answer" method="post">
    <input type="hidden" name="intent" value="close-dates"/>
    <div class="grid gap-4 sm:grid-cols-2">
    <div class="form-field">
    <label for="field-from" class="form-label">From</label>
    <input id="field-from" type="date" required="" min="2026-11-25" name="from" value="2026-12-10"/>
    </div>
    <div class="form-field">
    <label for="field-to" class="form-label">To<span class="form-optional"> (optional)</span>
    </label>
    <input id="field-to" aria-invalid="true" aria-describedby="field-to-hint field-to-error" type="date" min="2026-11-25" name="to" value="2026-12-08"/>
    <p id="field-to-hint" class="form-hint">Leave empty to close one day.</p>
    <p id="field-to-error" class="form-error">The “To” date must not be before the “From” date.</p>
    </div>
    <div class="sm:col-span-2">
    <div class="form-field">
    <label for="field-note" class="form-label">Note<span class="form-optional"> (optional)</span>
    </label>
    <input id="field-note" aria-describedby="field-note-hint" type="text" maxLength="200" name="note" value="Craft fair"/>
    <p id="field-note-hint" class="form-hint">Only you see this, e.g. “Family wedding”.</p>
    </div>
    </div>
    </div>
    <div class="mt-5 flex flex-wrap items-center gap-x-4 gap-y-2">
    <button type="submit" class="button-primary">Add closed dates</button>
    <p id="closed-dates-answer" tabindex="-1" role="alert" class="min-h-6 outline-none scroll-mt-[45vh] ">
    <span class="status-error">Please correct the marked field.</span>
    </p>
    </div>
    </form>
    <p class="mt-4 border-t border-chocolate/20 pt-3">
    <a class="text-link inline-block py-2" href="/admin/settings#closed-dates-heading" data-discover="true">Close<span class="sr-only"> Closed dates</span>
    </a>
    </p>
    </section>
    <section id="booking-horizon" aria-labelledby="booking-horizon-heading" class="card p-5 sm:p-6  ">
    <h3 id="booking-horizon-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Booking horizon</h3>
    <p class="mt-3">Customers can book up to <strong>180 days</strong> ahead.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=booking-horizon#booking-horizon-heading" data-discover="true">Change booking horizon</a>
    </p>
    </section>
    <section id="delivery" aria-labelledby="delivery-heading" class="card p-5 sm:p-6  ">
    <h3 id="delivery-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Delivery</h3>
    <p class="mt-3">
    <strong>You deliver</strong>: Within 10 miles of town, $15</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=delivery#delivery-heading" data-discover="true">Change delivery</a>
    </p>
    </section>
    <section id="pickup-windows" aria-labelledby="pickup-windows-heading" class="card p-5 sm:p-6  ">
    <h3 id="pickup-windows-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Pickup times</h3>
    <ul class="mt-4 space-y-2">
    <li>
    <span class="font-bold">Wednesday 4:00&#xa0;p.m.–6:00&#xa0;p.m.</span>
    <span class="text-sm"> · takes 3 requests</span>
    </li>
    <li>
    <span class="font-bold">Saturday 10:00&#xa0;a.m.–12:00&#xa0;p.m.</span>
    <span class="text-sm"> · takes 4 requests</span>
    </li>
    <li>
    <span class="font-bold">Saturday 2:00&#xa0;p.m.–3:30&#xa0;p.m.</span>
    <span class="text-sm"> · takes 2 requests</span>
    </li>
    <li>
    <span class="font-bold">Sunday 12:00&#xa0;p.m.–1:00&#xa0;p.m.</span>
    <span class="text-sm"> · takes 1 request</span>
    </li>
    </ul>
    <p class="mt-3 text-sm break-words">
    <strong>Pickup address</strong> (private until you confirm): 12 Baker Street</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=pickup-windows#pickup-windows-heading" data-discover="true">Change pickup times</a>
    </p>
    </section>
    <section id="order-policies" aria-labelledby="order-policies-heading" class="card p-5 sm:p-6  lg:col-span-2">
    <h3 id="order-policies-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Order policies</h3>
    <p class="mt-3 line-clamp-3 whitespace-pre-line break-words">Orders need a week’s notice.

    My kitchen handles nuts.</p>
    <p class="mt-2 text-sm">54 characters; customers tick that they have read them.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=order-policies#order-policies-heading" data-discover="true">Edit order policies</a>
    </p>
    </section>
    </div>"
  `)
})

test('closed dates reopened without JavaScript: the card says so', () => {
  const posted: SettingsActionResult = {
    ok: true,
    intent: 'reopen',
    message: 'Dec 31 is open for orders again.',
  }
  expect(render(SET, { posted })).toMatchInlineSnapshot(`
    "<div class="mt-4 grid gap-6 lg:grid-cols-2">
    <section id="weekly-capacity" aria-labelledby="weekly-capacity-heading" class="card p-5 sm:p-6  ">
    <h3 id="weekly-capacity-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Weekly capacity</h3>
    <dl class="mt-4 grid grid-cols-7 gap-1 text-center">
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Mon</span>
    <span class="sr-only">Monday</span>
    </dt>
    <dd class="font-display text-xl font-bold">2</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Tue</span>
    <span class="sr-only">Tuesday</span>
    </dt>
    <dd class="font-display text-xl font-bold">3</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Wed</span>
    <span class="sr-only">Wednesday</span>
    </dt>
    <dd class="font-display text-xl font-bold">3</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Thu</span>
    <span class="sr-only">Thursday</span>
    </dt>
    <dd class="font-display text-xl font-bold">4</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Fri</span>
    <span class="sr-only">Friday</span>
    </dt>
    <dd class="font-display text-xl font-bold">6</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Sat</span>
    <span class="sr-only">Saturday</span>
    </dt>
    <dd class="font-display text-xl font-bold">8</dd>
    </div>
    <div class="rounded-xl py-2 bg-paper">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Sun</span>
    <span class="sr-only">Sunday</span>
    </dt>
    <dd class="font-display text-xl font-bold">0<span class="sr-only"> (closed)</span>
    </dd>
    </div>
    </dl>
    <p class="mt-2 text-sm">Effort units each day; 0 is closed.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=weekly-capacity#weekly-capacity-heading" data-discover="true">Change weekly capacity</a>
    </p>
    </section>
    <section id="closed-dates" aria-labelledby="closed-dates-heading" class="card p-5 sm:p-6 lg:col-span-2 ">
    <h3 id="closed-dates-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Closed dates</h3>
    <p class="mt-2">Holidays and days off: customers cannot choose these dates, whatever the weekly capacity.</p>
    <ul class="mt-4 divide-y divide-[#ecdcd2] rounded-2xl border-2 border-[#ecdcd2]">
    <li class="flex items-center justify-between gap-3 p-4">
    <div class="min-w-0 flex-1">
    <p class="font-bold">Thu, Dec 24 – Sat, Dec 26, 2026</p>
    <p class="mt-1 text-sm break-words">
    <span class="mr-2 inline-block rounded-full bg-blush-100 px-2 py-0.5 text-xs font-bold tracking-wide text-raspberry-dark uppercase">Private</span>Family Christmas</p>
    </div>
    <form class="shrink-0" data-discover="true" action="/admin/settings#closed-dates-answer" method="post">
    <input type="hidden" name="intent" value="reopen"/>
    <input type="hidden" name="id" value="1"/>
    <button type="submit" class="filter-chip" aria-label="Remove closed dates Thu, Dec 24 – Sat, Dec 26, 2026">Remove</button>
    </form>
    </li>
    <li class="flex items-center justify-between gap-3 p-4">
    <div class="min-w-0 flex-1">
    <p class="font-bold">Thu, Dec 31, 2026</p>
    </div>
    <form class="shrink-0" data-discover="true" action="/admin/settings#closed-dates-answer" method="post">
    <input type="hidden" name="intent" value="reopen"/>
    <input type="hidden" name="id" value="2"/>
    <button type="submit" class="filter-chip" aria-label="Remove closed dates Thu, Dec 31, 2026">Remove</button>
    </form>
    </li>
    <li class="flex items-center justify-between gap-3 p-4">
    <div class="min-w-0 flex-1">
    <p class="font-bold">Fri, Jan 1 – Sun, Jan 3, 2027</p>
    </div>
    <form class="shrink-0" data-discover="true" action="/admin/settings#closed-dates-answer" method="post">
    <input type="hidden" name="intent" value="reopen"/>
    <input type="hidden" name="id" value="3"/>
    <button type="submit" class="filter-chip" aria-label="Remove closed dates Fri, Jan 1 – Sun, Jan 3, 2027">Remove</button>
    </form>
    </li>
    <li class="flex items-center justify-between gap-3 p-4">
    <div class="min-w-0 flex-1">
    <p class="font-bold">Sun, Feb 14, 2027</p>
    <p class="mt-1 text-sm break-words">
    <span class="mr-2 inline-block rounded-full bg-blush-100 px-2 py-0.5 text-xs font-bold tracking-wide text-raspberry-dark uppercase">Private</span>Anniversary</p>
    </div>
    <form class="shrink-0" data-discover="true" action="/admin/settings#closed-dates-answer" method="post">
    <input type="hidden" name="intent" value="reopen"/>
    <input type="hidden" name="id" value="4"/>
    <button type="submit" class="filter-chip" aria-label="Remove closed dates Sun, Feb 14, 2027">Remove</button>
    </form>
    </li>
    <li class="flex items-center justify-between gap-3 p-4">
    <div class="min-w-0 flex-1">
    <p class="font-bold">Mon, Mar 1 – Sun, Mar 7, 2027</p>
    </div>
    <form class="shrink-0" data-discover="true" action="/admin/settings#closed-dates-answer" method="post">
    <input type="hidden" name="intent" value="reopen"/>
    <input type="hidden" name="id" value="5"/>
    <button type="submit" class="filter-chip" aria-label="Remove closed dates Mon, Mar 1 – Sun, Mar 7, 2027">Remove</button>
    </form>
    </li>
    </ul>
    <h4 class="mt-6 text-lg font-bold">Add closed dates</h4>
    <form class="mt-3" data-discover="true" action="/admin/settings#closed-dates-answer" method="post">
    <input type="hidden" name="intent" value="close-dates"/>
    <div class="grid gap-4 sm:grid-cols-2">
    <div class="form-field">
    <label for="field-from" class="form-label">From</label>
    <input id="field-from" type="date" required="" min="2026-11-25" name="from" value=""/>
    </div>
    <div class="form-field">
    <label for="field-to" class="form-label">To<span class="form-optional"> (optional)</span>
    </label>
    <input id="field-to" aria-describedby="field-to-hint" type="date" min="2026-11-25" name="to" value=""/>
    <p id="field-to-hint" class="form-hint">Leave empty to close one day.</p>
    </div>
    <div class="sm:col-span-2">
    <div class="form-field">
    <label for="field-note" class="form-label">Note<span class="form-optional"> (optional)</span>
    </label>
    <input id="field-note" aria-describedby="field-note-hint" type="text" maxLength="200" name="note" value=""/>
    <p id="field-note-hint" class="form-hint">Only you see this, e.g. “Family wedding”.</p>
    </div>
    </div>
    </div>
    <div class="mt-5 flex flex-wrap items-center gap-x-4 gap-y-2">
    <button type="submit" class="button-primary">Add closed dates</button>
    <p id="closed-dates-answer" tabindex="-1" role="status" class="min-h-6 outline-none scroll-mt-[45vh] ">
    <span class="status-success">Dec 31 is open for orders again.</span>
    </p>
    </div>
    </form>
    <p class="mt-4 border-t border-chocolate/20 pt-3">
    <a class="text-link inline-block py-2" href="/admin/settings#closed-dates-heading" data-discover="true">Close<span class="sr-only"> Closed dates</span>
    </a>
    </p>
    </section>
    <section id="booking-horizon" aria-labelledby="booking-horizon-heading" class="card p-5 sm:p-6  ">
    <h3 id="booking-horizon-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Booking horizon</h3>
    <p class="mt-3">Customers can book up to <strong>180 days</strong> ahead.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=booking-horizon#booking-horizon-heading" data-discover="true">Change booking horizon</a>
    </p>
    </section>
    <section id="delivery" aria-labelledby="delivery-heading" class="card p-5 sm:p-6  ">
    <h3 id="delivery-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Delivery</h3>
    <p class="mt-3">
    <strong>You deliver</strong>: Within 10 miles of town, $15</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=delivery#delivery-heading" data-discover="true">Change delivery</a>
    </p>
    </section>
    <section id="pickup-windows" aria-labelledby="pickup-windows-heading" class="card p-5 sm:p-6  ">
    <h3 id="pickup-windows-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Pickup times</h3>
    <ul class="mt-4 space-y-2">
    <li>
    <span class="font-bold">Wednesday 4:00&#xa0;p.m.–6:00&#xa0;p.m.</span>
    <span class="text-sm"> · takes 3 requests</span>
    </li>
    <li>
    <span class="font-bold">Saturday 10:00&#xa0;a.m.–12:00&#xa0;p.m.</span>
    <span class="text-sm"> · takes 4 requests</span>
    </li>
    <li>
    <span class="font-bold">Saturday 2:00&#xa0;p.m.–3:30&#xa0;p.m.</span>
    <span class="text-sm"> · takes 2 requests</span>
    </li>
    <li>
    <span class="font-bold">Sunday 12:00&#xa0;p.m.–1:00&#xa0;p.m.</span>
    <span class="text-sm"> · takes 1 request</span>
    </li>
    </ul>
    <p class="mt-3 text-sm break-words">
    <strong>Pickup address</strong> (private until you confirm): 12 Baker Street</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=pickup-windows#pickup-windows-heading" data-discover="true">Change pickup times</a>
    </p>
    </section>
    <section id="order-policies" aria-labelledby="order-policies-heading" class="card p-5 sm:p-6  lg:col-span-2">
    <h3 id="order-policies-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Order policies</h3>
    <p class="mt-3 line-clamp-3 whitespace-pre-line break-words">Orders need a week’s notice.

    My kitchen handles nuts.</p>
    <p class="mt-2 text-sm">54 characters; customers tick that they have read them.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=order-policies#order-policies-heading" data-discover="true">Edit order policies</a>
    </p>
    </section>
    </div>"
  `)
})

test('booking horizon refused without JavaScript', () => {
  const posted: SettingsActionResult = {
    ok: false,
    intent: 'horizon',
    error: 'Please correct the marked field.',
    fields: { horizon_days: 'Give a number of days from 1 to 730.' },
    values: { horizon_days: '900' },
  }
  expect(render(SET, { posted })).toMatchInlineSnapshot(`
    "<div class="mt-4 grid gap-6 lg:grid-cols-2">
    <section id="weekly-capacity" aria-labelledby="weekly-capacity-heading" class="card p-5 sm:p-6  ">
    <h3 id="weekly-capacity-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Weekly capacity</h3>
    <dl class="mt-4 grid grid-cols-7 gap-1 text-center">
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Mon</span>
    <span class="sr-only">Monday</span>
    </dt>
    <dd class="font-display text-xl font-bold">2</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Tue</span>
    <span class="sr-only">Tuesday</span>
    </dt>
    <dd class="font-display text-xl font-bold">3</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Wed</span>
    <span class="sr-only">Wednesday</span>
    </dt>
    <dd class="font-display text-xl font-bold">3</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Thu</span>
    <span class="sr-only">Thursday</span>
    </dt>
    <dd class="font-display text-xl font-bold">4</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Fri</span>
    <span class="sr-only">Friday</span>
    </dt>
    <dd class="font-display text-xl font-bold">6</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Sat</span>
    <span class="sr-only">Saturday</span>
    </dt>
    <dd class="font-display text-xl font-bold">8</dd>
    </div>
    <div class="rounded-xl py-2 bg-paper">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Sun</span>
    <span class="sr-only">Sunday</span>
    </dt>
    <dd class="font-display text-xl font-bold">0<span class="sr-only"> (closed)</span>
    </dd>
    </div>
    </dl>
    <p class="mt-2 text-sm">Effort units each day; 0 is closed.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=weekly-capacity#weekly-capacity-heading" data-discover="true">Change weekly capacity</a>
    </p>
    </section>
    <section id="closed-dates" aria-labelledby="closed-dates-heading" class="card p-5 sm:p-6  ">
    <h3 id="closed-dates-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Closed dates</h3>
    <ul class="mt-4 space-y-2">
    <li>
    <span class="font-bold">Thu, Dec 24 – Sat, Dec 26, 2026</span>
    <span class="text-sm break-words"> · Family Christmas</span>
    </li>
    <li>
    <span class="font-bold">Thu, Dec 31, 2026</span>
    </li>
    <li>
    <span class="font-bold">Fri, Jan 1 – Sun, Jan 3, 2027</span>
    </li>
    <li>
    <span class="font-bold">Sun, Feb 14, 2027</span>
    <span class="text-sm break-words"> · Anniversary</span>
    </li>
    <li class="text-sm">and 1 more</li>
    </ul>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=closed-dates#closed-dates-heading" data-discover="true">Add or remove closed dates</a>
    </p>
    </section>
    <section id="booking-horizon" aria-labelledby="booking-horizon-heading" class="card p-5 sm:p-6 lg:col-span-2 ">
    <h3 id="booking-horizon-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Booking horizon</h3>
    <p class="mt-2">How far ahead customers can ask for a date.</p>
    <form class="mt-4" data-discover="true" action="/admin/settings#booking-horizon-answer" method="post">
    <input type="hidden" name="intent" value="horizon"/>
    <div class="form-field">
    <label for="field-horizon_days" class="form-label">Customers can book up to … days ahead</label>
    <input id="field-horizon_days" aria-invalid="true" aria-describedby="field-horizon_days-hint field-horizon_days-error" type="number" inputMode="numeric" min="1" max="730" step="1" required="" class="max-w-40" name="horizon_days" value="900"/>
    <p id="field-horizon_days-hint" class="form-hint">From 1 to 730 days; 180 is about six months.</p>
    <p id="field-horizon_days-error" class="form-error">Give a number of days from 1 to 730.</p>
    </div>
    <div class="mt-5 flex flex-wrap items-center gap-x-4 gap-y-2">
    <button type="submit" class="button-primary">Save booking horizon</button>
    <p id="booking-horizon-answer" tabindex="-1" role="alert" class="min-h-6 outline-none scroll-mt-[45vh] ">
    <span class="status-error">Please correct the marked field.</span>
    </p>
    </div>
    </form>
    <p class="mt-4 border-t border-chocolate/20 pt-3">
    <a class="text-link inline-block py-2" href="/admin/settings#booking-horizon-heading" data-discover="true">Close<span class="sr-only"> Booking horizon</span>
    </a>
    </p>
    </section>
    <section id="delivery" aria-labelledby="delivery-heading" class="card p-5 sm:p-6  ">
    <h3 id="delivery-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Delivery</h3>
    <p class="mt-3">
    <strong>You deliver</strong>: Within 10 miles of town, $15</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=delivery#delivery-heading" data-discover="true">Change delivery</a>
    </p>
    </section>
    <section id="pickup-windows" aria-labelledby="pickup-windows-heading" class="card p-5 sm:p-6  ">
    <h3 id="pickup-windows-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Pickup times</h3>
    <ul class="mt-4 space-y-2">
    <li>
    <span class="font-bold">Wednesday 4:00&#xa0;p.m.–6:00&#xa0;p.m.</span>
    <span class="text-sm"> · takes 3 requests</span>
    </li>
    <li>
    <span class="font-bold">Saturday 10:00&#xa0;a.m.–12:00&#xa0;p.m.</span>
    <span class="text-sm"> · takes 4 requests</span>
    </li>
    <li>
    <span class="font-bold">Saturday 2:00&#xa0;p.m.–3:30&#xa0;p.m.</span>
    <span class="text-sm"> · takes 2 requests</span>
    </li>
    <li>
    <span class="font-bold">Sunday 12:00&#xa0;p.m.–1:00&#xa0;p.m.</span>
    <span class="text-sm"> · takes 1 request</span>
    </li>
    </ul>
    <p class="mt-3 text-sm break-words">
    <strong>Pickup address</strong> (private until you confirm): 12 Baker Street</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=pickup-windows#pickup-windows-heading" data-discover="true">Change pickup times</a>
    </p>
    </section>
    <section id="order-policies" aria-labelledby="order-policies-heading" class="card p-5 sm:p-6  lg:col-span-2">
    <h3 id="order-policies-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Order policies</h3>
    <p class="mt-3 line-clamp-3 whitespace-pre-line break-words">Orders need a week’s notice.

    My kitchen handles nuts.</p>
    <p class="mt-2 text-sm">54 characters; customers tick that they have read them.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=order-policies#order-policies-heading" data-discover="true">Edit order policies</a>
    </p>
    </section>
    </div>"
  `)
})

test('delivery refused without JavaScript: the box as she posted it', () => {
  const posted: SettingsActionResult = {
    ok: false,
    intent: 'delivery',
    error: 'Please correct the marked field.',
    fields: { delivery_note: 'Keep the delivery note to 300 characters.' },
    values: { delivery_note: 'Anywhere' },
  }
  expect(render(SET, { posted })).toMatchInlineSnapshot(`
    "<div class="mt-4 grid gap-6 lg:grid-cols-2">
    <section id="weekly-capacity" aria-labelledby="weekly-capacity-heading" class="card p-5 sm:p-6  ">
    <h3 id="weekly-capacity-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Weekly capacity</h3>
    <dl class="mt-4 grid grid-cols-7 gap-1 text-center">
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Mon</span>
    <span class="sr-only">Monday</span>
    </dt>
    <dd class="font-display text-xl font-bold">2</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Tue</span>
    <span class="sr-only">Tuesday</span>
    </dt>
    <dd class="font-display text-xl font-bold">3</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Wed</span>
    <span class="sr-only">Wednesday</span>
    </dt>
    <dd class="font-display text-xl font-bold">3</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Thu</span>
    <span class="sr-only">Thursday</span>
    </dt>
    <dd class="font-display text-xl font-bold">4</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Fri</span>
    <span class="sr-only">Friday</span>
    </dt>
    <dd class="font-display text-xl font-bold">6</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Sat</span>
    <span class="sr-only">Saturday</span>
    </dt>
    <dd class="font-display text-xl font-bold">8</dd>
    </div>
    <div class="rounded-xl py-2 bg-paper">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Sun</span>
    <span class="sr-only">Sunday</span>
    </dt>
    <dd class="font-display text-xl font-bold">0<span class="sr-only"> (closed)</span>
    </dd>
    </div>
    </dl>
    <p class="mt-2 text-sm">Effort units each day; 0 is closed.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=weekly-capacity#weekly-capacity-heading" data-discover="true">Change weekly capacity</a>
    </p>
    </section>
    <section id="closed-dates" aria-labelledby="closed-dates-heading" class="card p-5 sm:p-6  ">
    <h3 id="closed-dates-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Closed dates</h3>
    <ul class="mt-4 space-y-2">
    <li>
    <span class="font-bold">Thu, Dec 24 – Sat, Dec 26, 2026</span>
    <span class="text-sm break-words"> · Family Christmas</span>
    </li>
    <li>
    <span class="font-bold">Thu, Dec 31, 2026</span>
    </li>
    <li>
    <span class="font-bold">Fri, Jan 1 – Sun, Jan 3, 2027</span>
    </li>
    <li>
    <span class="font-bold">Sun, Feb 14, 2027</span>
    <span class="text-sm break-words"> · Anniversary</span>
    </li>
    <li class="text-sm">and 1 more</li>
    </ul>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=closed-dates#closed-dates-heading" data-discover="true">Add or remove closed dates</a>
    </p>
    </section>
    <section id="booking-horizon" aria-labelledby="booking-horizon-heading" class="card p-5 sm:p-6  ">
    <h3 id="booking-horizon-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Booking horizon</h3>
    <p class="mt-3">Customers can book up to <strong>180 days</strong> ahead.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=booking-horizon#booking-horizon-heading" data-discover="true">Change booking horizon</a>
    </p>
    </section>
    <section id="delivery" aria-labelledby="delivery-heading" class="card p-5 sm:p-6 lg:col-span-2 ">
    <h3 id="delivery-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Delivery</h3>
    <p class="mt-2">Customers can always pick up; offer delivery too if you do it.</p>
    <form class="mt-4" data-discover="true" action="/admin/settings#delivery-answer" method="post">
    <input type="hidden" name="intent" value="delivery"/>
    <label class="flex min-h-12 cursor-pointer items-center gap-3 font-bold text-cocoa">
    <input type="checkbox" class="size-6 accent-raspberry" name="delivery_enabled"/>We deliver</label>
    <div class="mt-3">
    <div class="form-field">
    <label for="field-delivery_note" class="form-label">Delivery area and fee<span class="form-optional"> (optional)</span>
    </label>
    <input id="field-delivery_note" aria-invalid="true" aria-describedby="field-delivery_note-hint field-delivery_note-error" type="text" maxLength="300" name="delivery_note" value="Anywhere"/>
    <p id="field-delivery_note-hint" class="form-hint">Shown to customers beside the pickup or delivery choice, e.g. “Within 10 miles of town, $15”.</p>
    <p id="field-delivery_note-error" class="form-error">Keep the delivery note to 300 characters.</p>
    </div>
    </div>
    <div class="mt-5 flex flex-wrap items-center gap-x-4 gap-y-2">
    <button type="submit" class="button-primary">Save delivery</button>
    <p id="delivery-answer" tabindex="-1" role="alert" class="min-h-6 outline-none scroll-mt-[45vh] ">
    <span class="status-error">Please correct the marked field.</span>
    </p>
    </div>
    </form>
    <p class="mt-4 border-t border-chocolate/20 pt-3">
    <a class="text-link inline-block py-2" href="/admin/settings#delivery-heading" data-discover="true">Close<span class="sr-only"> Delivery</span>
    </a>
    </p>
    </section>
    <section id="pickup-windows" aria-labelledby="pickup-windows-heading" class="card p-5 sm:p-6  ">
    <h3 id="pickup-windows-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Pickup times</h3>
    <ul class="mt-4 space-y-2">
    <li>
    <span class="font-bold">Wednesday 4:00&#xa0;p.m.–6:00&#xa0;p.m.</span>
    <span class="text-sm"> · takes 3 requests</span>
    </li>
    <li>
    <span class="font-bold">Saturday 10:00&#xa0;a.m.–12:00&#xa0;p.m.</span>
    <span class="text-sm"> · takes 4 requests</span>
    </li>
    <li>
    <span class="font-bold">Saturday 2:00&#xa0;p.m.–3:30&#xa0;p.m.</span>
    <span class="text-sm"> · takes 2 requests</span>
    </li>
    <li>
    <span class="font-bold">Sunday 12:00&#xa0;p.m.–1:00&#xa0;p.m.</span>
    <span class="text-sm"> · takes 1 request</span>
    </li>
    </ul>
    <p class="mt-3 text-sm break-words">
    <strong>Pickup address</strong> (private until you confirm): 12 Baker Street</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=pickup-windows#pickup-windows-heading" data-discover="true">Change pickup times</a>
    </p>
    </section>
    <section id="order-policies" aria-labelledby="order-policies-heading" class="card p-5 sm:p-6  lg:col-span-2">
    <h3 id="order-policies-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Order policies</h3>
    <p class="mt-3 line-clamp-3 whitespace-pre-line break-words">Orders need a week’s notice.

    My kitchen handles nuts.</p>
    <p class="mt-2 text-sm">54 characters; customers tick that they have read them.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=order-policies#order-policies-heading" data-discover="true">Edit order policies</a>
    </p>
    </section>
    </div>"
  `)
})

test('pickup time refused without JavaScript', () => {
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
  expect(render(SET, { posted })).toMatchInlineSnapshot(`
    "<div class="mt-4 grid gap-6 lg:grid-cols-2">
    <section id="weekly-capacity" aria-labelledby="weekly-capacity-heading" class="card p-5 sm:p-6  ">
    <h3 id="weekly-capacity-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Weekly capacity</h3>
    <dl class="mt-4 grid grid-cols-7 gap-1 text-center">
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Mon</span>
    <span class="sr-only">Monday</span>
    </dt>
    <dd class="font-display text-xl font-bold">2</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Tue</span>
    <span class="sr-only">Tuesday</span>
    </dt>
    <dd class="font-display text-xl font-bold">3</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Wed</span>
    <span class="sr-only">Wednesday</span>
    </dt>
    <dd class="font-display text-xl font-bold">3</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Thu</span>
    <span class="sr-only">Thursday</span>
    </dt>
    <dd class="font-display text-xl font-bold">4</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Fri</span>
    <span class="sr-only">Friday</span>
    </dt>
    <dd class="font-display text-xl font-bold">6</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Sat</span>
    <span class="sr-only">Saturday</span>
    </dt>
    <dd class="font-display text-xl font-bold">8</dd>
    </div>
    <div class="rounded-xl py-2 bg-paper">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Sun</span>
    <span class="sr-only">Sunday</span>
    </dt>
    <dd class="font-display text-xl font-bold">0<span class="sr-only"> (closed)</span>
    </dd>
    </div>
    </dl>
    <p class="mt-2 text-sm">Effort units each day; 0 is closed.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=weekly-capacity#weekly-capacity-heading" data-discover="true">Change weekly capacity</a>
    </p>
    </section>
    <section id="closed-dates" aria-labelledby="closed-dates-heading" class="card p-5 sm:p-6  ">
    <h3 id="closed-dates-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Closed dates</h3>
    <ul class="mt-4 space-y-2">
    <li>
    <span class="font-bold">Thu, Dec 24 – Sat, Dec 26, 2026</span>
    <span class="text-sm break-words"> · Family Christmas</span>
    </li>
    <li>
    <span class="font-bold">Thu, Dec 31, 2026</span>
    </li>
    <li>
    <span class="font-bold">Fri, Jan 1 – Sun, Jan 3, 2027</span>
    </li>
    <li>
    <span class="font-bold">Sun, Feb 14, 2027</span>
    <span class="text-sm break-words"> · Anniversary</span>
    </li>
    <li class="text-sm">and 1 more</li>
    </ul>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=closed-dates#closed-dates-heading" data-discover="true">Add or remove closed dates</a>
    </p>
    </section>
    <section id="booking-horizon" aria-labelledby="booking-horizon-heading" class="card p-5 sm:p-6  ">
    <h3 id="booking-horizon-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Booking horizon</h3>
    <p class="mt-3">Customers can book up to <strong>180 days</strong> ahead.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=booking-horizon#booking-horizon-heading" data-discover="true">Change booking horizon</a>
    </p>
    </section>
    <section id="delivery" aria-labelledby="delivery-heading" class="card p-5 sm:p-6  ">
    <h3 id="delivery-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Delivery</h3>
    <p class="mt-3">
    <strong>You deliver</strong>: Within 10 miles of town, $15</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=delivery#delivery-heading" data-discover="true">Change delivery</a>
    </p>
    </section>
    <section id="pickup-windows" aria-labelledby="pickup-windows-heading" class="card p-5 sm:p-6 lg:col-span-2 ">
    <h3 id="pickup-windows-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Pickup times</h3>
    <p class="mt-2">Set times on the days you hand orders over, e.g. Saturday 10:00&#xa0;a.m.–12:00&#xa0;p.m., each taking a few requests. Customers choose one with their date (deliveries too). A day without times works as before: no time asked.</p>
    <ul class="mt-4 divide-y divide-[#ecdcd2] rounded-2xl border-2 border-[#ecdcd2]">
    <li class="flex items-center justify-between gap-3 p-4">
    <div class="min-w-0 flex-1">
    <p class="font-bold">Wednesday 4:00&#xa0;p.m.–6:00&#xa0;p.m.</p>
    <p class="mt-1 text-sm">Takes 3 requests</p>
    </div>
    <form class="shrink-0" data-discover="true" action="/admin/settings#pickup-windows-answer" method="post">
    <input type="hidden" name="intent" value="pickup-window-remove"/>
    <input type="hidden" name="id" value="14"/>
    <button type="submit" class="filter-chip" aria-label="Remove pickup time Wednesday 4:00&#xa0;p.m.–6:00&#xa0;p.m.">Remove</button>
    </form>
    </li>
    <li class="flex items-center justify-between gap-3 p-4">
    <div class="min-w-0 flex-1">
    <p class="font-bold">Saturday 10:00&#xa0;a.m.–12:00&#xa0;p.m.</p>
    <p class="mt-1 text-sm">Takes 4 requests</p>
    </div>
    <form class="shrink-0" data-discover="true" action="/admin/settings#pickup-windows-answer" method="post">
    <input type="hidden" name="intent" value="pickup-window-remove"/>
    <input type="hidden" name="id" value="12"/>
    <button type="submit" class="filter-chip" aria-label="Remove pickup time Saturday 10:00&#xa0;a.m.–12:00&#xa0;p.m.">Remove</button>
    </form>
    </li>
    <li class="flex items-center justify-between gap-3 p-4">
    <div class="min-w-0 flex-1">
    <p class="font-bold">Saturday 2:00&#xa0;p.m.–3:30&#xa0;p.m.</p>
    <p class="mt-1 text-sm">Takes 2 requests</p>
    </div>
    <form class="shrink-0" data-discover="true" action="/admin/settings#pickup-windows-answer" method="post">
    <input type="hidden" name="intent" value="pickup-window-remove"/>
    <input type="hidden" name="id" value="13"/>
    <button type="submit" class="filter-chip" aria-label="Remove pickup time Saturday 2:00&#xa0;p.m.–3:30&#xa0;p.m.">Remove</button>
    </form>
    </li>
    <li class="flex items-center justify-between gap-3 p-4">
    <div class="min-w-0 flex-1">
    <p class="font-bold">Sunday 12:00&#xa0;p.m.–1:00&#xa0;p.m.</p>
    <p class="mt-1 text-sm">Takes 1 request</p>
    </div>
    <form class="shrink-0" data-discover="true" action="/admin/settings#pickup-windows-answer" method="post">
    <input type="hidden" name="intent" value="pickup-window-remove"/>
    <input type="hidden" name="id" value="11"/>
    <button type="submit" class="filter-chip" aria-label="Remove pickup time Sunday 12:00&#xa0;p.m.–1:00&#xa0;p.m.">Remove</button>
    </form>
    </li>
    </ul>
    <h4 class="mt-6 text-lg font-bold">Add a pickup time</h4>
    <form class="mt-3" data-discover="true" action="/admin/settings#pickup-windows-answer" method="post">
    <input type="hidden" name="intent" value="pickup-window-add"/>
    <div class="grid grid-cols-2 gap-4">
    <div class="col-span-2">
    <div class="form-field">
    <label for="field-window_weekday" class="form-label">Day</label>
    <select id="field-window_weekday" name="window_weekday">
    <option value="1">Monday</option>
    <option value="2">Tuesday</option>
    <option value="3">Wednesday</option>
    <option value="4">Thursday</option>
    <option value="5">Friday</option>
    <option value="6" selected="">Saturday</option>
    <option value="0">Sunday</option>
    </select>
    </div>
    </div>
    <div class="form-field">
    <label for="field-window_start" class="form-label">From</label>
    <input id="field-window_start" aria-invalid="true" aria-describedby="field-window_start-error" type="time" step="900" required="" name="window_start" value="11:00"/>
    <p id="field-window_start-error" class="form-error">That overlaps 10 a.m.–12 p.m. on the same day; choose times outside it.</p>
    </div>
    <div class="form-field">
    <label for="field-window_end" class="form-label">Until</label>
    <input id="field-window_end" type="time" step="900" required="" name="window_end" value="13:00"/>
    </div>
    <div class="col-span-2">
    <div class="form-field">
    <label for="field-window_capacity" class="form-label">Requests it takes</label>
    <input id="field-window_capacity" aria-describedby="field-window_capacity-hint" type="number" inputMode="numeric" min="1" max="99" required="" name="window_capacity" value="5"/>
    <p id="field-window_capacity-hint" class="form-hint">From 1 to 99; at most 4 times a day.</p>
    </div>
    </div>
    </div>
    <div class="mt-5 flex flex-wrap items-center gap-x-4 gap-y-2">
    <button type="submit" class="button-primary">Add pickup time</button>
    <p id="pickup-windows-answer" tabindex="-1" role="alert" class="min-h-6 outline-none scroll-mt-[45vh] ">
    <span class="status-error">Please correct the marked field.</span>
    </p>
    </div>
    </form>
    <p class="mt-6 break-words">
    <strong>Pickup address</strong> (private until you confirm): 12 Baker Street. It is the street of your bakery’s address: <a class="text-link" href="/admin/settings/site#site-address" data-discover="true">change it in Your site › Address</a>.</p>
    <p class="mt-4 border-t border-chocolate/20 pt-3">
    <a class="text-link inline-block py-2" href="/admin/settings#pickup-windows-heading" data-discover="true">Close<span class="sr-only"> Pickup times</span>
    </a>
    </p>
    </section>
    <section id="order-policies" aria-labelledby="order-policies-heading" class="card p-5 sm:p-6  lg:col-span-2">
    <h3 id="order-policies-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Order policies</h3>
    <p class="mt-3 line-clamp-3 whitespace-pre-line break-words">Orders need a week’s notice.

    My kitchen handles nuts.</p>
    <p class="mt-2 text-sm">54 characters; customers tick that they have read them.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=order-policies#order-policies-heading" data-discover="true">Edit order policies</a>
    </p>
    </section>
    </div>"
  `)
})

test('order policies saved without JavaScript', () => {
  const posted: SettingsActionResult = {
    ok: true,
    intent: 'policies',
    message: 'Order policies saved.',
  }
  expect(render(SET, { posted })).toMatchInlineSnapshot(`
    "<div class="mt-4 grid gap-6 lg:grid-cols-2">
    <section id="weekly-capacity" aria-labelledby="weekly-capacity-heading" class="card p-5 sm:p-6  ">
    <h3 id="weekly-capacity-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Weekly capacity</h3>
    <dl class="mt-4 grid grid-cols-7 gap-1 text-center">
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Mon</span>
    <span class="sr-only">Monday</span>
    </dt>
    <dd class="font-display text-xl font-bold">2</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Tue</span>
    <span class="sr-only">Tuesday</span>
    </dt>
    <dd class="font-display text-xl font-bold">3</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Wed</span>
    <span class="sr-only">Wednesday</span>
    </dt>
    <dd class="font-display text-xl font-bold">3</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Thu</span>
    <span class="sr-only">Thursday</span>
    </dt>
    <dd class="font-display text-xl font-bold">4</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Fri</span>
    <span class="sr-only">Friday</span>
    </dt>
    <dd class="font-display text-xl font-bold">6</dd>
    </div>
    <div class="rounded-xl py-2 bg-blush-100">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Sat</span>
    <span class="sr-only">Saturday</span>
    </dt>
    <dd class="font-display text-xl font-bold">8</dd>
    </div>
    <div class="rounded-xl py-2 bg-paper">
    <dt class="text-xs font-bold uppercase">
    <span aria-hidden="true">Sun</span>
    <span class="sr-only">Sunday</span>
    </dt>
    <dd class="font-display text-xl font-bold">0<span class="sr-only"> (closed)</span>
    </dd>
    </div>
    </dl>
    <p class="mt-2 text-sm">Effort units each day; 0 is closed.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=weekly-capacity#weekly-capacity-heading" data-discover="true">Change weekly capacity</a>
    </p>
    </section>
    <section id="closed-dates" aria-labelledby="closed-dates-heading" class="card p-5 sm:p-6  ">
    <h3 id="closed-dates-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Closed dates</h3>
    <ul class="mt-4 space-y-2">
    <li>
    <span class="font-bold">Thu, Dec 24 – Sat, Dec 26, 2026</span>
    <span class="text-sm break-words"> · Family Christmas</span>
    </li>
    <li>
    <span class="font-bold">Thu, Dec 31, 2026</span>
    </li>
    <li>
    <span class="font-bold">Fri, Jan 1 – Sun, Jan 3, 2027</span>
    </li>
    <li>
    <span class="font-bold">Sun, Feb 14, 2027</span>
    <span class="text-sm break-words"> · Anniversary</span>
    </li>
    <li class="text-sm">and 1 more</li>
    </ul>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=closed-dates#closed-dates-heading" data-discover="true">Add or remove closed dates</a>
    </p>
    </section>
    <section id="booking-horizon" aria-labelledby="booking-horizon-heading" class="card p-5 sm:p-6  ">
    <h3 id="booking-horizon-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Booking horizon</h3>
    <p class="mt-3">Customers can book up to <strong>180 days</strong> ahead.</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=booking-horizon#booking-horizon-heading" data-discover="true">Change booking horizon</a>
    </p>
    </section>
    <section id="delivery" aria-labelledby="delivery-heading" class="card p-5 sm:p-6  ">
    <h3 id="delivery-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Delivery</h3>
    <p class="mt-3">
    <strong>You deliver</strong>: Within 10 miles of town, $15</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=delivery#delivery-heading" data-discover="true">Change delivery</a>
    </p>
    </section>
    <section id="pickup-windows" aria-labelledby="pickup-windows-heading" class="card p-5 sm:p-6  ">
    <h3 id="pickup-windows-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Pickup times</h3>
    <ul class="mt-4 space-y-2">
    <li>
    <span class="font-bold">Wednesday 4:00&#xa0;p.m.–6:00&#xa0;p.m.</span>
    <span class="text-sm"> · takes 3 requests</span>
    </li>
    <li>
    <span class="font-bold">Saturday 10:00&#xa0;a.m.–12:00&#xa0;p.m.</span>
    <span class="text-sm"> · takes 4 requests</span>
    </li>
    <li>
    <span class="font-bold">Saturday 2:00&#xa0;p.m.–3:30&#xa0;p.m.</span>
    <span class="text-sm"> · takes 2 requests</span>
    </li>
    <li>
    <span class="font-bold">Sunday 12:00&#xa0;p.m.–1:00&#xa0;p.m.</span>
    <span class="text-sm"> · takes 1 request</span>
    </li>
    </ul>
    <p class="mt-3 text-sm break-words">
    <strong>Pickup address</strong> (private until you confirm): 12 Baker Street</p>
    <p class="mt-4">
    <a class="button-secondary" href="/admin/settings?open=pickup-windows#pickup-windows-heading" data-discover="true">Change pickup times</a>
    </p>
    </section>
    <section id="order-policies" aria-labelledby="order-policies-heading" class="card p-5 sm:p-6 lg:col-span-2 lg:col-span-2">
    <h3 id="order-policies-heading" tabindex="-1" class="font-display text-2xl font-bold scroll-mt-24 outline-none">Order policies</h3>
    <p class="mt-2">Customers tick that they have read these before sending a request. They open with the terms written from your rules in <a href="/admin/settings/payments" class="text-link">Settings › Payments</a> (the deposit, when the balance is due, changes and cancellations); here go your own words: notice, allergens in a home kitchen, anything else. Each request keeps the text as it read when it was sent, so a change applies to new requests only. They are the page <a href="/policies" class="text-link">/policies</a> too; Settings › Your site edits the same text with a preview.</p>
    <form class="mt-4" data-discover="true" action="/admin/settings#order-policies-answer" method="post">
    <input type="hidden" name="intent" value="policies"/>
    <div class="form-field">
    <label for="field-policies" class="form-label">Order policies</label>
    <textarea id="field-policies" name="policies" aria-describedby="field-policies-hint" required="" rows="10" maxLength="4000">Orders need a week’s notice.

    My kitchen handles nuts.</textarea>
    <p id="field-policies-hint" class="form-hint">Up to 4,000 characters; a blank line starts a new paragraph.</p>
    </div>
    <div class="mt-5 flex flex-wrap items-center gap-x-4 gap-y-2">
    <button type="submit" class="button-primary">Save order policies</button>
    <p id="order-policies-answer" tabindex="-1" role="status" class="min-h-6 outline-none scroll-mt-[45vh] ">
    <span class="status-success">Order policies saved.</span>
    </p>
    </div>
    </form>
    <p class="mt-4 border-t border-chocolate/20 pt-3">
    <a class="text-link inline-block py-2" href="/admin/settings#order-policies-heading" data-discover="true">Close<span class="sr-only"> Order policies</span>
    </a>
    </p>
    </section>
    </div>"
  `)
})
