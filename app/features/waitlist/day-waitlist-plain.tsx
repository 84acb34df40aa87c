import { useId } from 'react'
import { ORDER_FIELDS } from '#app/features/orders/order-options.ts'
import type { OrderValues } from '#app/features/orders/order-schema.ts'
import type { OrderSendResult } from '#app/features/orders/order-send.server.ts'
import { formatNearDate } from '#app/utils/dates.ts'
import type { PostedDayJoin } from './day-waitlist.server.ts'

/**
 * What the Order Now page shows of a full day's waitlist without JavaScript
 * (decision 104), under the send's own answer: after an order refused for a
 * full day, the waitlist's form; after joining, its answer (and the form
 * again when her email needs mending).
 */
export function DayWaitlistWithoutScripts({
  posted,
}: {
  posted: OrderSendResult | PostedDayJoin | undefined
}) {
  if (!posted) return null
  if ('dayWaitlist' in posted) {
    const words = 'message' in posted ? posted.message : posted.error
    const asked = 'asked' in posted ? posted.asked : undefined
    return (
      <>
        {/* A refusal is an alert: she is not on the list, and is told at once. */}
        <p
          role={posted.ok ? 'status' : 'alert'}
          className={`mt-6 ${posted.ok ? 'status-success' : 'status-error'}`}
        >
          {words}
        </p>
        {asked ? <PlainDayWaitlist {...asked} order={posted.values} /> : null}
      </>
    )
  }
  if (posted.ok || !posted.waitlistDay) return null
  return (
    <PlainDayWaitlist
      {...posted.waitlistDay}
      email={posted.values?.email ?? ''}
      order={posted.values}
    />
  )
}

/**
 * Without JavaScript, an order refused for a full day offers the same
 * waitlist as a form of its own, under the refusal: the day and treat go
 * with it, her email is filled in from the order. Its answer comes back as
 * the page's (PostedDayJoin). The order as she typed it goes along too
 * (`order.<field>`) and comes back with the answer, so the order form below
 * it is still filled in for another day.
 */
export function PlainDayWaitlist({
  date,
  product,
  email,
  order,
}: {
  date: string
  product: string
  email: string
  order?: OrderValues
}) {
  const id = useId()
  return (
    <form
      method="post"
      action="/ordernow?waitlist"
      className="card day-waitlist mt-4 p-5"
      aria-labelledby={`${id}-heading`}
    >
      <p id={`${id}-heading`} className="form-label">
        Want {formatNearDate(date)} anyway?
      </p>
      <p id={`${id}-hint`} className="form-hint">
        Leave your email: if it frees up for your {product.toLowerCase()}, we tell you and keep it
        for you for half an hour.
      </p>
      <input type="hidden" name="due_date" value={date} />
      <input type="hidden" name="product" value={product} />
      {ORDER_FIELDS.map((field) =>
        order?.[field] ? (
          <input key={field} type="hidden" name={`order.${field}`} value={order[field]} />
        ) : null,
      )}
      <div className="mt-2 flex flex-wrap items-end gap-3">
        <div className="form-field min-w-[14rem] flex-1">
          <label className="sr-only" htmlFor={`${id}-email`}>
            Your email, to tell you about {formatNearDate(date)}
          </label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            required
            aria-describedby={`${id}-hint`}
            defaultValue={email}
          />
        </div>
        <button type="submit" className="button-secondary">
          Join the waitlist
        </button>
      </div>
    </form>
  )
}
