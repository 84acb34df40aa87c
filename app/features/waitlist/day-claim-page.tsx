import { useEffect, useRef } from 'react'
import { Form, useNavigation } from 'react-router'
import { HoneypotField } from '#app/components/honeypot-field.tsx'
import { FulfilmentChoice } from '#app/features/orders/fulfilment-choice.tsx'
import { DeliveryAddressFields, PickupWindowField } from '#app/features/orders/handover-fields.tsx'
import type { OrderField } from '#app/features/orders/order-schema.ts'
import { ContactFields, HearAboutUsField } from '#app/features/orders/party-fields.tsx'
import { PoliciesTick } from '#app/features/orders/policies-tick.tsx'
import {
  AllergiesField,
  CommentsField,
  EventThemeField,
  ServingsField,
} from '#app/features/orders/treat-fields.tsx'
import { type FieldErrors, focusFirstInvalid } from '#app/utils/field-errors.ts'
import type { DayClaimPage, DayClaimRefusal } from './day-claim.server.ts'

/**
 * A full day that came free, kept for her: the day and treat are set, and
 * she tells us about her order as the order form asks, then sends it. A
 * plain form: it works without scripts, and a refusal keeps her words.
 */
export function DayClaimForm({ page, refusal }: { page: DayClaimPage; refusal?: DayClaimRefusal }) {
  const formRef = useRef<HTMLFormElement>(null)
  const sending = useNavigation().state !== 'idle'
  const values: Partial<Record<OrderField, string>> = refusal?.values ?? { email: page.email }
  const errors = Object.fromEntries(
    (refusal?.problems ?? []).map((problem) => [problem.field, problem.message]),
  ) as FieldErrors<OrderField> & { accept_policies?: string }
  useEffect(() => {
    if (refusal && formRef.current) focusFirstInvalid(formRef.current, errors)
    // Only when a refusal arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refusal])
  return (
    <Form method="post" ref={formRef} className="card mt-8 grid gap-5 p-6 sm:grid-cols-2 sm:p-8">
      {refusal ? (
        <p className="status-error sm:col-span-2" role="alert">
          {refusal.error}
        </p>
      ) : null}
      <ContactFields valueOf={(field) => values[field]} errors={errors} />
      <EventThemeField values={values} errors={errors} />
      <ServingsField values={values} errors={errors} />
      <AllergiesField values={values} errors={errors} />
      <FulfilmentChoice
        deliveryEnabled={page.deliveryEnabled}
        deliveryNote={page.deliveryNote}
        defaultValue={values.fulfilment}
        error={errors.fulfilment}
      />
      <PickupWindowField
        hydrated={false}
        dueDate={page.date}
        day={undefined}
        weekly={page.pickupWindows}
        delivery={values.fulfilment === 'delivery'}
        defaultValue={values.pickup_window}
        error={errors.pickup_window}
        hint="The times we hand over that day."
      />
      <DeliveryAddressFields shown={page.deliveryEnabled} values={values} errors={errors} />
      <HearAboutUsField value={values.hear_about_us} error={errors.hear_about_us} />
      <CommentsField values={values} errors={errors} />
      <HoneypotField />
      <div className="sm:col-span-2">
        <PoliciesTick
          policiesHtml={page.policiesHtml}
          error={errors.accept_policies}
          defaultChecked={refusal?.values?.accept_policies === 'on'}
        />
        <button type="submit" className="button-primary mt-4" disabled={sending}>
          Send my request for {page.day}
        </button>
      </div>
    </Form>
  )
}
