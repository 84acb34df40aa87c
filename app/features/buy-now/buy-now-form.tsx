import { useMemo, useRef } from 'react'
import { Form, useNavigation } from 'react-router'
import { HoneypotField } from '#app/components/honeypot-field.tsx'
import type { DeliveryFee, PriceAnswer, SetPrice } from '#app/features/menu/option-prices.ts'
import type { WeeklyWindow } from '#app/features/orders/handover-fields.tsx'
import { PoliciesTick } from '#app/features/orders/policies-tick.tsx'
import type { PaymentTerms } from '#app/features/set-price-orders/payment-choices.ts'
import type { FieldErrors } from '#app/utils/field-errors.ts'
import { formatMoney } from '#app/utils/money.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import {
  ChoicesFieldset,
  DetailsFieldset,
  PaymentFieldset,
  WhenAndHowFieldset,
} from './buy-now-fieldsets.tsx'
import { CodeField, TotalBox } from './buy-now-options.tsx'
import type { BuyNowRefusal } from './buy-now-send.server.ts'
import { useFormPrice, useOpenDays, useRefusalFocus, useWhenAndHow } from './use-buy-now-form.ts'

/** What the buy-now page's loader hands the page: nothing private. */
export interface BuyNowPageData {
  productId: number
  description: string
  noticeDays: number
  setPrice: SetPrice
  /** Its class's taxes, added after a code (decision 113); none for most. */
  taxes: { name: string; ppm: number }[]
  fees: DeliveryFee[]
  today: string
  horizonDays: number
  deliveryEnabled: boolean
  deliveryNote: string
  pickupWindows: WeeklyWindow[]
  /** What the ways to pay depend on; the total chooses among them (paymentsFor). */
  paymentTerms: PaymentTerms
  policiesHtml: string
  /** This page's own send id: the same form sent twice makes one order. */
  sendId: string
  /** Whether a gift card's code may be typed: once any card was sold. */
  giftCards: boolean
}

/**
 * The buy-now form of one treat (decision 103): its options with what each
 * adds, the date and handover by the same rules as a request, her details,
 * how she pays, and the total of what she chose, recomputed as she changes
 * it. Without scripts the form posts as it is, and the server answers with
 * the total to confirm.
 */
export function BuyNowForm({ data, refusal }: { data: BuyNowPageData; refusal?: BuyNowRefusal }) {
  const formRef = useRef<HTMLFormElement>(null)
  const hydrated = useHydrated()
  const sending = useNavigation().state !== 'idle'
  const values = useMemo(() => refusal?.values ?? {}, [refusal])
  const errors: FieldErrors<string> = Object.fromEntries(
    (refusal?.problems ?? []).map((problem) => [problem.field, problem.message]),
  )
  const choice = useWhenAndHow({ today: data.today, values })
  const price = useFormPrice({
    data,
    values,
    refusal,
    formRef,
    date: choice.date,
    fulfilment: choice.fulfilment,
  })
  // The answer to her Apply: said beside the code, not at the top of the form.
  const appliedNow = refusal?.values.intent === 'apply_code'
  useRefusalFocus({ refusal, formRef, appliedNow, errors })
  const open = useOpenDays({
    product: data.setPrice.name,
    today: data.today,
    horizonDays: data.horizonDays,
    noticeDays: data.noticeDays,
    choice,
  })
  // The total her page shows is the one the order is made at; without scripts, the server's.
  const shown = hydrated
    ? price.answer.ok
      ? price.answer.totalCents
      : null
    : (refusal?.priced?.totalCents ?? null)
  return (
    <Form
      method="post"
      ref={formRef}
      className="buy-now-form grid gap-6 lg:grid-cols-[2fr_1fr] lg:items-start"
      onChange={price.reprice}
      onFocus={choice.wantCalendar}
      noValidate={hydrated}
    >
      <div className="grid gap-6">
        {refusal && !appliedNow ? <RefusalNote refusal={refusal} /> : null}
        {data.setPrice.groups.length > 0 ? (
          <ChoicesFieldset groups={data.setPrice.groups} values={values} errors={errors} />
        ) : null}
        <WhenAndHowFieldset
          choice={choice}
          open={open}
          handover={data}
          hydrated={hydrated}
          values={values}
          errors={errors}
        />
        <DetailsFieldset values={values} errors={errors} />
        <HoneypotField />
      </div>
      <CheckoutColumn
        data={data}
        price={price}
        shown={shown}
        sending={sending}
        values={values}
        errors={errors}
      />
    </Form>
  )
}

/** Why the server sent the form back; a total to confirm reads as good news, not an error. */
function RefusalNote({ refusal }: { refusal: BuyNowRefusal }) {
  return (
    <div
      className={
        refusal.priced && refusal.problems[0]?.field === 'total' ? 'status-success' : 'status-error'
      }
      role="alert"
    >
      {refusal.error}
    </div>
  )
}

/**
 * The form's second column: the total, how she pays, the policies, the
 * button that orders at the total shown, and her code.
 */
function CheckoutColumn({
  data,
  price,
  shown,
  sending,
  values,
  errors,
}: {
  data: BuyNowPageData
  price: ReturnType<typeof useFormPrice>
  /** The total the order is made at, or null before it is known. */
  shown: number | null
  sending: boolean
  values: Record<string, string>
  errors: FieldErrors<string>
}) {
  const quoteNeeded = price.answer.ok && price.answer.quoteNeeded
  return (
    <div className="grid gap-4 lg:sticky lg:top-24">
      <TotalBox answer={price.answer} rushNote={rushNoteOf(data.setPrice)} />
      {quoteNeeded ? null : (
        <PaymentFieldset
          terms={data.paymentTerms}
          total={shown}
          giftCards={data.giftCards}
          values={values}
          errors={errors}
        />
      )}
      <PoliciesTick
        policiesHtml={data.policiesHtml}
        error={errors.accept_policies}
        defaultChecked={values.accept_policies === 'on'}
      />
      {shown !== null ? <input type="hidden" name="total_cents" value={shown} /> : null}
      <input type="hidden" name="send_id" value={data.sendId} />
      <button type="submit" className="button-primary w-full" disabled={sending}>
        {submitWords(price.answer, shown)}
      </button>
      {quoteNeeded ? null : (
        <CodeField
          value={price.typedCode}
          onChange={price.setTypedCode}
          applied={price.applied}
          error={errors.code}
          disabled={sending}
        />
      )}
    </div>
  )
}

/** What a date too soon adds, said under the total; nothing for a treat without a rush fee. */
function rushNoteOf({ rush }: SetPrice): string {
  return rush
    ? `Orders for a date fewer than ${rush.withinDays} days away add a rush fee of ${formatMoney(rush.feeCents)}.`
    : ''
}

/** The button's words: a quote to ask for, the total to order at, or a total to see first. */
function submitWords(answer: PriceAnswer, shown: number | null): string {
  if (answer.ok && answer.quoteNeeded) return 'Send for a quote'
  return shown !== null ? `Order for ${formatMoney(shown)}` : 'See my total'
}
