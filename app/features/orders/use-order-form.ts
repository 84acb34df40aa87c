import { type FormEvent, useEffect, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { useOrderDate } from '#app/features/date-choice/use-order-date.ts'
import type { QueuedPhoto } from '#app/features/inspiration/queued-photo.ts'
import { type FieldErrors, focusFirstInvalid } from '#app/utils/field-errors.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { useValueBeforeHydration } from '#app/utils/use-value-before-hydration.ts'
import type { AddedOrder } from './added-to-cart.tsx'
import { checkOrder, loadOrderSchema } from './order-form-checks.ts'
import type { OrderFormSettings } from './order-form-props.ts'
import type { OrderField } from './order-schema.ts'
import { PARTY_FIELDS } from './party-contact.ts'
import { usePartyFold } from './use-party-fold.ts'

/**
 * The order form's state and what its buttons do. With JavaScript, 'Add to
 * Cart' checks every field, shows each message beside its field and queues
 * the order in the cart; the server's messages for a form posted without it
 * arrive as `postedErrors`.
 */
export function useOrderForm(props: OrderFormSettings) {
  const { today, products, deliveryEnabled, pickupWindows, onAdd } = props
  const hydrated = useHydrated()
  const [clientErrors, setClientErrors] = useState<FieldErrors<OrderField> | null>(null)
  const errors = clientErrors ?? props.postedErrors ?? {}
  const values = props.postedValues ?? {}
  const treat = useTreatChoices(values, props.chosenProduct)
  const date = useOrderDate({
    today,
    horizonDays: props.horizonDays,
    noticeDays: props.notice[treat.product] ?? 0,
    product: treat.product,
    postedDate: values.due_date ?? '',
  })
  const [added, setAdded] = useState<AddedOrder | null>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const fold = usePartyFold({
    hydrated,
    party: props.party,
    values,
    formRef,
    setClientErrors,
    onKeepContact: props.onKeepContact,
  })
  // The product's notice shapes the date's rules, so a choice made before hydration counts.
  // Chosen before React ran, it also asks for the calendar, as the focus it came with would have.
  useValueBeforeHydration(treat.productRef, treat.product, (chosen) => {
    treat.setProduct(chosen)
    date.wantCalendar()
  })

  // Touched before React ran (public pages hydrate on the first intent): the
  // focus it missed still asks for the calendar and the checks.
  const { wantCalendar } = date
  useEffect(() => {
    if (formRef.current?.contains(document.activeElement)) {
      void loadOrderSchema()
      wantCalendar()
    }
  }, [wantCalendar])

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const checked = await checkOrder(Object.fromEntries(new FormData(form)), {
      today,
      products,
      deliveryEnabled,
      pickupWindows,
      days: date.days,
      rules: date.rules,
    })
    if (!checked.ok) {
      // Rendered before focus moves, so the field is announced with its message;
      // a folded detail with a message opens, so she sees what to fix.
      flushSync(() => {
        setClientErrors(checked.errors)
        if (PARTY_FIELDS.some((field) => checked.errors[field])) fold.setContactOpen(true)
      })
      focusFirstInvalid(form, checked.errors)
      return
    }
    setClientErrors({})
    const { photos: _keys, ...order } = checked.order
    onAdd(treat.photos.length > 0 ? { ...order, photos: treat.photos } : order)
    setAdded({ product: order.product_type, date: order.due_date })
    fold.setContactOpen(false)
    form.reset()
    treat.startAfresh()
    date.setDueDate('')
  }

  return { hydrated, errors, values, treat, date, added, formRef, fold, handleSubmit }
}

/** The treat's own choices, started afresh once it is in the cart. */
function useTreatChoices(values: Partial<Record<OrderField, string>>, chosenProduct: string) {
  const [product, setProduct] = useState(values.product_type ?? chosenProduct)
  const productRef = useRef<HTMLSelectElement>(null)
  const [fulfilment, setFulfilment] = useState(values.fulfilment ?? 'pickup')
  const [photos, setPhotos] = useState<QueuedPhoto[]>([])
  // Each order starts with a fresh picker: no word left over about the last order's photos.
  const [pickerRound, setPickerRound] = useState(0)

  function startAfresh() {
    // The next treat is chosen afresh, not the one a link chose for the first.
    if (productRef.current) productRef.current.value = ''
    setProduct('')
    setFulfilment('pickup')
    setPhotos([])
    setPickerRound((round) => round + 1)
  }

  return {
    product,
    setProduct,
    productRef,
    fulfilment,
    setFulfilment,
    photos,
    setPhotos,
    pickerRound,
    startAfresh,
  }
}
