import { type RefObject, useCallback, useEffect, useState } from 'react'
import { useAvailability, useNextAvailable } from '#app/features/date-choice/use-availability.ts'
import { type AppliedCode, codeOf, withCode } from '#app/features/discount-codes/discount-rules.ts'
import {
  type DeliveryFee,
  type PriceAnswer,
  type SetPrice,
  optionsOf,
  priceOf,
} from '#app/features/menu/option-prices.ts'
import { withTaxes } from '#app/features/order-status/tax-rules.ts'
import { addDays } from '#app/utils/calendar-days.ts'
import { isCalendarDate } from '#app/utils/dates.ts'
import { type FieldErrors, focusFirstInvalid } from '#app/utils/field-errors.ts'
import type { BuyNowRefusal } from './buy-now-send.server.ts'

/** What the form's total is priced by, as the page's data gives it. */
interface PriceRules {
  setPrice: SetPrice
  fees: DeliveryFee[]
  today: string
  /** Its class's taxes, added after a code (decision 113). */
  taxes: { name: string; ppm: number }[]
}

/** The price of the form as it stands: the same rule the server charges by. */
function priceOfForm(
  form: HTMLFormElement | null,
  data: PriceRules,
  values: Record<string, string>,
) {
  const fields = form
    ? new URLSearchParams(new FormData(form) as unknown as string[][])
    : new URLSearchParams(values)
  const fulfilment = fields.get('fulfilment') === 'delivery' ? 'delivery' : 'pickup'
  const date = fields.get('due_date') ?? ''
  return priceOf(data.setPrice, data.fees, {
    options: optionsOf(fields) ?? {},
    // Before a date is chosen, the total is shown as for a day beyond any rush.
    date: isCalendarDate(date) ? date : addDays(data.today, 365),
    today: data.today,
    fulfilment,
    postalCode: fields.get('delivery_postal_code') ?? '',
  })
}

/**
 * Her "When and how": the day she chose (controlled, so the calendar can set
 * it), the month the calendar shows, whether she has come near enough to the
 * form to want the calendar's open days, and pickup or delivery.
 */
export function useWhenAndHow({
  today,
  values,
}: {
  today: string
  values: Record<string, string>
}) {
  const [fulfilment, setFulfilment] = useState(
    values.fulfilment === 'delivery' ? 'delivery' : 'pickup',
  )
  const [date, setDate] = useState(values.due_date ?? '')
  const [month, setMonth] = useState(
    isCalendarDate(values.due_date ?? '') ? values.due_date! : today,
  )
  const [calendarWanted, setCalendarWanted] = useState(false)
  const wantCalendar = useCallback(() => setCalendarWanted(true), [])
  return { fulfilment, setFulfilment, date, setDate, month, setMonth, calendarWanted, wantCalendar }
}

export type WhenAndHow = ReturnType<typeof useWhenAndHow>

/**
 * The total of what she chose, priced again as she changes the form, with
 * the code the server found for her taken off and the taxes added; and the
 * code as she types it.
 */
export function useFormPrice({
  data,
  values,
  refusal,
  formRef,
  date,
  fulfilment,
}: {
  data: PriceRules
  values: Record<string, string>
  refusal: BuyNowRefusal | undefined
  formRef: RefObject<HTMLFormElement | null>
  date: string
  fulfilment: string
}) {
  const [priced, setAnswer] = useState<PriceAnswer>(() => priceOfForm(null, data, values))
  // A code the server found for her takes its part off as she changes her choices, until she changes the code.
  const [typedCode, setTypedCode] = useState(values.code ?? '')
  const applied: AppliedCode | null =
    refusal?.appliedCode && codeOf(typedCode) === refusal.appliedCode.code
      ? refusal.appliedCode
      : null
  const answer: PriceAnswer =
    priced.ok && !priced.quoteNeeded ? withTaxes(withCode(priced, applied), data.taxes) : priced
  const reprice = useCallback(
    () => setAnswer(priceOfForm(formRef.current, data, values)),
    [data, values, formRef],
  )
  // The date is controlled: a change made by the calendar is priced once it is drawn.
  useEffect(reprice, [date, fulfilment, reprice])
  return { answer, reprice, typedCode, setTypedCode, applied }
}

/** When a refusal arrives, the keyboard goes where she fixes it. */
export function useRefusalFocus({
  refusal,
  formRef,
  appliedNow,
  errors,
}: {
  refusal: BuyNowRefusal | undefined
  formRef: RefObject<HTMLFormElement | null>
  /** The refusal answers her Apply. */
  appliedNow: boolean
  errors: FieldErrors<string>
}) {
  useEffect(() => {
    // Her code's answer is beside the code, where she tapped Apply.
    if (appliedNow) document.getElementById('code')?.focus()
    else if (refusal && formRef.current) focusFirstInvalid(formRef.current, errors)
    // Only when a refusal arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refusal])
}

/** The treat's open days around the month shown, and its next open day, once the calendar is wanted. */
export function useOpenDays({
  product,
  today,
  horizonDays,
  noticeDays,
  choice,
}: {
  product: string
  today: string
  horizonDays: number
  noticeDays: number
  choice: WhenAndHow
}) {
  const rules = { today, lastBookable: addDays(today, horizonDays), noticeDays }
  const days = useAvailability({
    product,
    month: choice.month,
    extraDate: isCalendarDate(choice.date) ? choice.date : undefined,
    enabled: choice.calendarWanted,
  })
  const nextAvailable = useNextAvailable({
    product,
    today,
    lastBookable: rules.lastBookable,
    enabled: choice.calendarWanted,
  })
  return { rules, days, nextAvailable }
}
