import { type ReactNode, type RefObject, useCallback, useEffect, useRef } from 'react'
import { Form, useNavigation, useRevalidator } from 'react-router'
import { FormField } from '#app/components/form-field.tsx'
import { endSentence } from '#app/utils/clock-times.ts'
import { EMAIL_MAX_LENGTH } from '#app/utils/email-address.ts'
import { type FieldErrors, focusFirstInvalid } from '#app/utils/field-errors.ts'
import { PHONE_NUMBER_HINT, PHONE_NUMBER_MAX_LENGTH } from '#app/utils/phone-number.ts'
import { clockOf, useTimeLeft } from './countdown.tsx'
import type { ReserveRefusal } from './drop-api.server.ts'
import type { DropPageView } from './drop-pages.server.ts'
import { NAME_MAX, type ReserveField } from './reserve-form.ts'

/**
 * A drop's public page: what it sells and when, and, while it is open, the
 * form that reserves items for a pickup time. A plain form: with JavaScript
 * or without, it posts and lands on the hold's page, or comes back saying
 * what does not fit with what is left.
 */
export function DropPage({
  view,
  refusal,
  waitlist,
}: {
  view: DropPageView
  refusal?: ReserveRefusal
  /** While the drop is open: the forms that put her on the waitlist for what is sold out. */
  waitlist?: ReactNode
}) {
  return (
    <section className="page-section" aria-labelledby="drop-heading">
      <p className="eyebrow">Pickup {view.pickupDay}</p>
      <h1 id="drop-heading" className="page-heading mt-2">
        {view.name}
      </h1>
      {view.description ? <p className="lede mt-3 max-w-2xl">{view.description}</p> : null}
      <DropState view={view} />
      <ClaimNote claim={view.claim} />
      {view.state === 'open' && !view.soldOut ? (
        <ReserveForm view={view} refusal={refusal} />
      ) : (
        <ItemList view={view} />
      )}
      {view.state === 'open' ? waitlist : null}
    </section>
  )
}

function DropState({ view }: { view: DropPageView }) {
  const { revalidate } = useRevalidator()
  // At the opening second the page fetches itself again, and the form appears.
  const opened = useCallback(() => void revalidate(), [revalidate])
  const left = useTimeLeft(view.opensAt, view.now, view.state === 'upcoming' ? opened : undefined)
  if (view.state === 'upcoming') {
    return (
      <div className="drop-state mt-6" role="status">
        <p className="font-bold">{endSentence(`Opens ${view.opensAtWords}`)}</p>
        {left !== null && left > 0 ? (
          <p className="drop-countdown" aria-hidden="true">
            {clockOf(left)}
          </p>
        ) : null}
      </div>
    )
  }
  if (view.state === 'closed') {
    return (
      <p className="drop-state mt-6 font-bold" role="status">
        This drop has closed. Thank you to everyone who ordered!
      </p>
    )
  }
  if (view.soldOut) {
    return (
      <p className="drop-state mt-6 font-bold" role="status">
        Sold out. Thank you! {endSentence(`Orders close ${view.closesAtWords}`)}
      </p>
    )
  }
  return (
    <p className="mt-4">
      {endSentence(`Open until ${view.closesAtWords}`)} Choosing your treats holds them for{' '}
      {view.holdMinutes} minutes while you finish.
    </p>
  )
}

/** What the waitlist kept for her, when she came by its link; or that its time is up. */
function ClaimNote({ claim }: { claim: DropPageView['claim'] }) {
  if (!claim) return null
  if (claim === 'ended') {
    return (
      <p className="status-error mt-4" role="status">
        What we kept for you from the waitlist has gone to the next person waiting, as its time was
        up. Anything left can still be reserved below.
      </p>
    )
  }
  return (
    <p className="status-success mt-4" role="status">
      {`Kept for you until ${claim.until}: ${claim.what}. Reserve it below; after that it goes to the next person waiting.`}
    </p>
  )
}

/** Items that share one stock say so, and what is left of it. */
function SectionNotes({ view }: { view: DropPageView }) {
  return view.sections.map((note) => (
    <p key={note} className="form-hint mt-1">
      {note}
    </p>
  ))
}

function ItemList({ view }: { view: DropPageView }) {
  return (
    <ul className="drop-items mt-8" aria-label="What this drop sells">
      {view.items.map((item) => (
        <li key={item.id} className="card drop-item">
          <ItemWords item={item} showLeft={view.state === 'open'} />
        </li>
      ))}
    </ul>
  )
}

function ItemWords({ item, showLeft }: { item: DropPageView['items'][number]; showLeft: boolean }) {
  return (
    <div className="min-w-0">
      <p className="drop-item-name">
        <span>{item.name}</span> <span className="drop-item-price">{item.price}</span>
      </p>
      {item.description ? <p className="mt-1 text-sm">{item.description}</p> : null}
      {showLeft ? (
        <p className="drop-item-left">{item.left === 0 ? 'Sold out' : `${item.left} left`}</p>
      ) : null}
    </div>
  )
}

/**
 * The reserve form: how many of each item, the pickup time and her details.
 * After a refusal it keeps what she sent and says what does not fit.
 */
function ReserveForm({ view, refusal }: { view: DropPageView; refusal?: ReserveRefusal }) {
  const sending = useNavigation().state === 'submitting'
  const errors = refusal?.errors ?? {}
  const sent = refusal?.values ?? {}
  const { formRef, problemsRef } = useReserveFocus(refusal)
  const problems = refusal?.problems ?? (refusal?.error ? [refusal.error] : [])
  // Came by a waitlist's link: what was kept for her is chosen to start with.
  const claim = typeof view.claim === 'object' ? view.claim : null
  const startQuantity = (itemId: number) =>
    sent[`qty.${itemId}`] ?? (claim?.itemId === itemId ? '1' : '0')
  const startWindow = sent.pickup_window ?? claim?.window
  return (
    <Form
      method="post"
      ref={formRef}
      className="mt-8 grid max-w-2xl gap-8"
      aria-labelledby="drop-heading"
    >
      <input type="hidden" name="intent" value="reserve" />
      {claim ? <input type="hidden" name="claim" value={claim.token} /> : null}
      {problems.length > 0 ? (
        <ReserveProblems problems={problems} problemsRef={problemsRef} />
      ) : null}
      <QuantityFieldset view={view} error={errors.items} startQuantity={startQuantity} />
      <PickupWindowFieldset view={view} error={errors.pickup_window} startWindow={startWindow} />
      <ReserveContactFields errors={errors} sent={sent} />
      <div>
        <button type="submit" className="button-primary" disabled={sending}>
          Reserve
        </button>
      </div>
    </Form>
  )
}

/** The answer shows where she is looking: she tapped Reserve at the foot of the form. */
function useReserveFocus(refusal: ReserveRefusal | undefined) {
  const formRef = useRef<HTMLFormElement>(null)
  const problemsRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!refusal) return
    const form = formRef.current
    if (problemsRef.current) problemsRef.current.focus()
    else if (form && refusal.errors?.items)
      form.querySelector<HTMLInputElement>('input[name^="qty."]:not(:disabled)')?.focus()
    else if (form && refusal.errors) focusFirstInvalid(form, refusal.errors)
  }, [refusal])
  return { formRef, problemsRef }
}

/** What does not fit with what is left, as one alert. */
function ReserveProblems({
  problems,
  problemsRef,
}: {
  problems: string[]
  problemsRef: RefObject<HTMLDivElement | null>
}) {
  return (
    <div className="drop-problems" role="alert" tabIndex={-1} ref={problemsRef}>
      <p className="font-bold">Your items are not held yet:</p>
      <ul className="mt-2 list-disc pl-5">
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </div>
  )
}

/** "How many of each?": every item with what is left and a quantity field. */
function QuantityFieldset({
  view,
  error,
  startQuantity,
}: {
  view: DropPageView
  error: string | undefined
  startQuantity: (itemId: number) => string
}) {
  return (
    <fieldset aria-describedby={error ? 'items-error' : undefined}>
      <legend className="form-label">How many of each?</legend>
      <SectionNotes view={view} />
      {error ? (
        <p id="items-error" className="form-error">
          {error}
        </p>
      ) : null}
      <ul className="drop-items mt-3">
        {view.items.map((item) => (
          <li key={item.id} className="card drop-item">
            <ItemWords item={item} showLeft />
            <label className="drop-quantity">
              <span className="sr-only">How many {item.name}</span>
              <input
                type="number"
                name={`qty.${item.id}`}
                inputMode="numeric"
                min={0}
                max={item.max}
                defaultValue={startQuantity(item.id)}
                disabled={item.max === 0}
              />
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  )
}

/** The pickup times of the drop's day, a full one shown but not chosen. */
function PickupWindowFieldset({
  view,
  error,
  startWindow,
}: {
  view: DropPageView
  error: string | undefined
  startWindow: string | undefined
}) {
  return (
    <fieldset aria-describedby={error ? 'window-error' : undefined}>
      <legend className="form-label">Pickup time, {view.pickupDay}</legend>
      {error ? (
        <p id="window-error" className="form-error">
          {error}
        </p>
      ) : null}
      <div className="mt-2 grid gap-1">
        {view.windows.map((window) => (
          <label key={window.window} className="choice-label">
            <input
              type="radio"
              name="pickup_window"
              value={window.window}
              required
              disabled={window.full}
              defaultChecked={startWindow === window.window}
            />
            <span>
              {window.words}
              {window.full ? ' (full)' : ''}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}

/** Her name, email and phone, as she sent them after a refusal. */
function ReserveContactFields({
  errors,
  sent,
}: {
  errors: FieldErrors<ReserveField>
  sent: Record<string, string>
}) {
  return (
    <div className="grid gap-5">
      <FormField name="name" label="Name" error={errors.name}>
        {(props) => (
          <input
            {...props}
            required
            maxLength={NAME_MAX}
            autoComplete="name"
            defaultValue={sent.name}
          />
        )}
      </FormField>
      <FormField name="email" label="Email" error={errors.email}>
        {(props) => (
          <input
            {...props}
            type="email"
            required
            maxLength={EMAIL_MAX_LENGTH}
            autoComplete="email"
            defaultValue={sent.email}
          />
        )}
      </FormField>
      <FormField name="phone" label="Phone Number" hint={PHONE_NUMBER_HINT} error={errors.phone}>
        {(props) => (
          <input
            {...props}
            type="tel"
            required
            maxLength={PHONE_NUMBER_MAX_LENGTH}
            autoComplete="tel"
            defaultValue={sent.phone}
          />
        )}
      </FormField>
    </div>
  )
}
