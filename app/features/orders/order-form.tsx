import { type FormEvent, type Ref, useCallback, useEffect, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { FormField } from '#app/components/form-field.tsx'
import { HoneypotField } from '#app/components/honeypot-field.tsx'
import { InspirationPhotoPicker } from '#app/features/inspiration/inspiration-photo-picker.tsx'
import type { QueuedPhoto } from '#app/features/inspiration/queued-photo.ts'
import { addDays, weekdayOf } from '#app/utils/calendar-days.ts'
import { type FieldErrors, fieldErrorsOf, focusFirstInvalid } from '#app/utils/field-errors.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { useValueBeforeHydration } from '#app/utils/use-value-before-hydration.ts'
import { type AddedOrder, AddedToCart } from './added-to-cart.tsx'
import type { CartOrder } from './cart.ts'
import { type DateRules, dateNote } from './date-choice.ts'
import { FulfilmentChoice } from './fulfilment-choice.tsx'
import { DeliveryAddressFields, PickupWindowField, type WeeklyWindow } from './handover-fields.tsx'
import { OrderDateField } from './order-date-field.tsx'
import {
  HEAR_ABOUT_US_OPTIONS,
  ORDER_LIMITS,
  productChoices,
  productHint,
  productLabel,
} from './order-options.ts'
import type { OrderField } from './order-schema.ts'
import { PARTY_FIELDS, type PartyContact, type PartyField } from './party-contact.ts'
import { ContactFields, PartyGroup, PartyLine } from './party-fields.tsx'
import { PoliciesTick } from './policies-tick.tsx'
import { useAvailability, useNextAvailable } from './use-availability.ts'

// The schema (and zod with it) loads when the visitor first touches the form,
// not with the page.
const loadOrderSchema = () => import('./order-schema.ts')

/**
 * The custom order form. With JavaScript, 'Add to Cart' checks every field
 * with the shared schema, shows each message beside its field and queues the
 * order in the cart; without it, the browser's checks run and the form posts
 * the single order itself, the server's messages arriving as `postedErrors`.
 * Once a treat is in the cart, her details fold into one line with "Change"
 * (still sent with each treat), so the next treat asks only for the treat.
 */
export function OrderForm({
  today,
  products,
  chosenProduct = '',
  notice,
  prices = {},
  horizonDays,
  deliveryEnabled = false,
  deliveryNote = '',
  pickupWindows = [],
  policiesHtml,
  disabled,
  onAdd,
  cartCount = 0,
  party = null,
  onKeepContact = () => {},
  onViewCart = () => {},
  postedErrors,
  postedPoliciesError,
  postedValues,
  honeypotRef,
}: {
  /** The bakery's date today, YYYY-MM-DD: the earliest order date offered. */
  today: string
  /** The menu's active product names, as the page's loader read them. */
  products: readonly string[]
  /** The treat a link chose, shown chosen from the first paint. */
  chosenProduct?: string
  /** Each product's notice in days. */
  notice: Readonly<Record<string, number>>
  /** Each product's "from" price in cents (null: none shown). */
  prices?: Readonly<Record<string, number | null>>
  /** How many days ahead the bakery takes orders. */
  horizonDays: number
  deliveryEnabled?: boolean
  deliveryNote?: string
  /** Every weekday's pickup windows (times only). */
  pickupWindows?: readonly WeeklyWindow[]
  /** The owner's order policies, for the tick a form without JavaScript sends. */
  policiesHtml: string
  disabled: boolean
  onAdd: (order: CartOrder) => void
  /** Orders in the cart, for the line that says what was just added. */
  cartCount?: number
  /** The cart's party: her details, once a treat is queued (null with an empty cart). */
  party?: PartyContact | null
  /** Her changed details, kept for every treat in the cart. */
  onKeepContact?: (contact: PartyContact) => void
  onViewCart?: () => void
  postedErrors?: FieldErrors<OrderField>
  /** The server's message when a form without JavaScript came without the policy tick. */
  postedPoliciesError?: string
  /** What the form posted without JavaScript, when the server refused it. */
  postedValues?: Partial<Record<OrderField, string>>
  honeypotRef?: Ref<HTMLInputElement>
}) {
  const hydrated = useHydrated()
  const [clientErrors, setClientErrors] = useState<FieldErrors<OrderField> | null>(null)
  const errors = clientErrors ?? postedErrors ?? {}
  const values = postedValues ?? {}
  const [product, setProduct] = useState(values.product_type ?? chosenProduct)
  const productRef = useRef<HTMLSelectElement>(null)
  const [dueDate, setDueDate] = useState(values.due_date ?? '')
  const [fulfilment, setFulfilment] = useState(values.fulfilment ?? 'pickup')
  const [month, setMonth] = useState(dueDate && dueDate >= today ? dueDate : today)
  const [calendarWanted, setCalendarWanted] = useState(false)
  const [photos, setPhotos] = useState<QueuedPhoto[]>([])
  // Each order starts with a fresh picker: no word left over about the last order's photos.
  const [pickerRound, setPickerRound] = useState(0)
  const wantCalendar = useCallback(() => setCalendarWanted(true), [])
  const [added, setAdded] = useState<AddedOrder | null>(null)
  // Her details fold into one line once the cart has a treat, unless she opens them.
  const [contactOpen, setContactOpen] = useState(false)
  const folded = hydrated && party !== null && !contactOpen
  // Each field starts from the cart's party when there is one (a new party remounts them).
  const partyKey = party ? PARTY_FIELDS.map((field) => party[field]).join('\n') : ''
  const contactValue = (field: PartyField) => party?.[field] ?? values[field]
  // The product's notice shapes the date's rules, so a choice made before hydration counts.
  // Chosen before React ran, it also asks for the calendar, as the focus it came with would have.
  useValueBeforeHydration(productRef, product, (chosen) => {
    setProduct(chosen)
    setCalendarWanted(true)
  })
  const rules: DateRules = {
    today,
    lastBookable: addDays(today, horizonDays),
    noticeDays: notice[product] ?? 0,
  }
  const days = useAvailability({
    product,
    month,
    extraDate: dueDate >= today ? dueDate : undefined,
    enabled: calendarWanted,
  })
  const nextAvailable = useNextAvailable({
    product,
    today,
    lastBookable: rules.lastBookable,
    enabled: calendarWanted,
  })
  // The calendar opens on the month of the treat's first open day, unless a date is chosen.
  // Only a new answer moves it (set while rendering, so the month never shows the wrong one first).
  const [monthFollows, setMonthFollows] = useState(nextAvailable)
  if (nextAvailable !== monthFollows) {
    setMonthFollows(nextAvailable)
    if (nextAvailable && !dueDate) setMonth(nextAvailable)
  }

  // Touched before React ran (public pages hydrate on the first intent): the
  // focus it missed still asks for the calendar and the checks.
  const formRef = useRef<HTMLFormElement>(null)
  useEffect(() => {
    if (formRef.current?.contains(document.activeElement)) {
      void loadOrderSchema()
      wantCalendar()
    }
  }, [wantCalendar])

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const values = Object.fromEntries(new FormData(form))
    const { orderRequestSchema } = await loadOrderSchema()
    const parsed = orderRequestSchema({ today, products, deliveryEnabled }).safeParse(values)
    if (!parsed.success) {
      const found = fieldErrorsOf<OrderField>(parsed.error)
      // Rendered before focus moves, so the field is announced with its message;
      // a folded detail with a message opens, so she sees what to fix.
      flushSync(() => {
        setClientErrors(found)
        if (PARTY_FIELDS.some((field) => found[field])) setContactOpen(true)
      })
      focusFirstInvalid(form, found)
      return
    }
    // The server decides on send; this spares the visitor a day we already know is taken.
    const note = dateNote(parsed.data.due_date, days, rules)
    if (note?.tone === 'unavailable') {
      flushSync(() => setClientErrors({ due_date: note.text }))
      focusFirstInvalid(form, { due_date: note.text })
      return
    }
    const dayHasWindows = pickupWindows.some(
      (window) => window.weekday === weekdayOf(parsed.data.due_date),
    )
    if (dayHasWindows && !parsed.data.pickup_window) {
      const message = `Choose a ${parsed.data.fulfilment === 'delivery' ? 'delivery' : 'pickup'} time for your date.`
      flushSync(() => setClientErrors({ pickup_window: message }))
      focusFirstInvalid(form, { pickup_window: message })
      return
    }
    setClientErrors({})
    const { photos: _keys, ...order } = parsed.data
    onAdd(photos.length > 0 ? { ...order, photos } : order)
    setAdded({ product: order.product_type, date: order.due_date })
    setContactOpen(false)
    form.reset()
    // The next treat is chosen afresh, not the one a link chose for the first.
    if (productRef.current) productRef.current.value = ''
    setProduct('')
    setDueDate('')
    setFulfilment('pickup')
    setPhotos([])
    setPickerRound((round) => round + 1)
  }

  /** "Change": her details open, the name first. */
  function openContact() {
    flushSync(() => setContactOpen(true))
    const name = formRef.current?.elements.namedItem('name')
    if (name instanceof HTMLInputElement) name.focus()
  }

  /** Her changed details checked by the order's own rules, then kept for every queued treat. */
  async function keepContact() {
    const form = formRef.current
    if (!form) return
    const given = Object.fromEntries(
      PARTY_FIELDS.map((field) => [
        field,
        (form.elements.namedItem(field) as HTMLInputElement | null)?.value,
      ]),
    )
    const { partyContactSchema } = await loadOrderSchema()
    const parsed = partyContactSchema.safeParse(given)
    if (!parsed.success) {
      const found = fieldErrorsOf<OrderField>(parsed.error)
      flushSync(() => setClientErrors(found))
      focusFirstInvalid(form, found)
      return
    }
    const kept = parsed.data
    flushSync(() => {
      setClientErrors(null)
      setContactOpen(false)
      onKeepContact(kept)
    })
    form.querySelector<HTMLButtonElement>('.party-change')?.focus()
  }

  return (
    <form
      ref={formRef}
      method="post"
      noValidate={hydrated}
      // Sent before React runs, it waits for it and goes to the cart, as it would a moment later.
      data-replay-submit=""
      className="order-form"
      onFocus={() => {
        void loadOrderSchema()
        wantCalendar()
      }}
      onSubmit={(event) => void handleSubmit(event)}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        {folded ? <PartyLine party={party!} onChange={openContact} /> : null}
        {/* Folded, her details are still sent with each treat, as the cart keeps them. */}
        <PartyGroup folded={folded} partyKey={partyKey}>
          <ContactFields
            valueOf={contactValue}
            errors={errors}
            onKeep={party && hydrated ? () => void keepContact() : undefined}
          />
        </PartyGroup>
        <FormField
          name="product_type"
          label="Product Type"
          hint={productHint(prices[product], notice[product])}
          error={errors.product_type}
        >
          {(props) => (
            <select
              {...props}
              ref={productRef}
              required
              defaultValue={values.product_type ?? chosenProduct}
              onChange={(event) => setProduct(event.target.value)}
            >
              <option value="" disabled>
                Select a product
              </option>
              {productChoices(products).map((type) => (
                <option key={type} value={type}>
                  {productLabel(type, prices[type])}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField name="event_theme" label="Event / Theme" error={errors.event_theme}>
          {(props) => (
            <input
              {...props}
              type="text"
              required
              maxLength={ORDER_LIMITS.event_theme}
              placeholder="e.g. Baby shower, pastel florals"
              defaultValue={values.event_theme}
            />
          )}
        </FormField>
        <OrderDateField
          value={dueDate}
          onChange={setDueDate}
          days={days}
          rules={rules}
          month={month}
          nextAvailable={nextAvailable}
          onMonthChange={setMonth}
          wanted={calendarWanted}
          onWanted={wantCalendar}
          error={errors.due_date}
          treatChosen={product !== ''}
        />
        <FormField name="servings" label="Servings or quantity" optional error={errors.servings}>
          {(props) => (
            <input
              {...props}
              type="text"
              maxLength={ORDER_LIMITS.servings}
              placeholder="e.g. 24 cupcakes, serves 40"
              defaultValue={values.servings}
            />
          )}
        </FormField>
        <FormField
          name="allergies"
          label="Allergies or dietary needs"
          optional
          error={errors.allergies}
        >
          {(props) => (
            <input
              {...props}
              type="text"
              maxLength={ORDER_LIMITS.allergies}
              placeholder="e.g. nut-free, one vegan guest"
              defaultValue={values.allergies}
            />
          )}
        </FormField>
        <FulfilmentChoice
          deliveryEnabled={deliveryEnabled}
          deliveryNote={deliveryNote}
          defaultValue={values.fulfilment}
          error={errors.fulfilment}
          onChange={setFulfilment}
        />
        <PickupWindowField
          hydrated={hydrated}
          dueDate={dueDate}
          day={days.get(dueDate)}
          weekly={pickupWindows}
          delivery={fulfilment === 'delivery'}
          // Keyed by the date, so a time chosen for one day is not kept for another.
          key={dueDate}
          defaultValue={values.pickup_window}
          error={errors.pickup_window}
        />
        <DeliveryAddressFields
          shown={deliveryEnabled && (!hydrated || fulfilment === 'delivery')}
          values={values}
          errors={errors}
        />
        <PartyGroup folded={folded} partyKey={partyKey}>
          <FormField
            name="hear_about_us"
            label="How did you hear about us?"
            error={errors.hear_about_us}
          >
            {(props) => (
              <select {...props} required defaultValue={contactValue('hear_about_us') ?? ''}>
                <option value="" disabled>
                  Select an option
                </option>
                {HEAR_ABOUT_US_OPTIONS.map((option) => (
                  <option key={option}>{option}</option>
                ))}
              </select>
            )}
          </FormField>
        </PartyGroup>
        <div className="sm:col-span-2">
          <FormField name="comments" label="Comments" optional error={errors.comments}>
            {(props) => (
              <textarea
                {...props}
                rows={4}
                maxLength={ORDER_LIMITS.comments}
                placeholder="Flavours, colours, design ideas…"
                defaultValue={values.comments}
              />
            )}
          </FormField>
        </div>
        {/* Photos are uploaded as they are chosen, which takes JavaScript; without it the comments say it. */}
        {hydrated ? (
          <div className="sm:col-span-2">
            <InspirationPhotoPicker
              key={pickerRound}
              value={photos}
              onChange={setPhotos}
              disabled={disabled}
            />
          </div>
        ) : null}
      </div>
      {/* The cart's tick is the one that counts with JavaScript; this one is for the form posting itself. */}
      <div className="without-script">
        <PoliciesTick policiesHtml={policiesHtml} error={postedPoliciesError} />
      </div>
      <HoneypotField inputRef={honeypotRef} />
      <div className="add-to-cart-row mt-6">
        <button type="submit" className="button-primary" disabled={disabled}>
          Add to Cart
        </button>
        <AddedToCart added={added} cartCount={cartCount} onViewCart={onViewCart} />
      </div>
    </form>
  )
}
