import { Form, useNavigation } from 'react-router'
import type {
  CardCheckoutFailure,
  CardNotice,
  CustomerCardOffer,
  GiftCardOffer,
  GiftCardPayAnswer,
} from './card-offer.ts'

const NOTICES: Record<CardNotice, { text: string; tone: string }> = {
  'paid-deposit': {
    text: 'Thank you — your card payment for the deposit went through. We’ll email you as soon as it reaches us; if it does not show as paid below yet, it will within a minute or so.',
    tone: 'bg-[#d7ead9] text-[#1f4f29]',
  },
  'paid-balance': {
    text: 'Thank you — your card payment for the balance went through. We’ll email you as soon as it reaches us; if it does not show as paid below yet, it will within a minute or so.',
    tone: 'bg-[#d7ead9] text-[#1f4f29]',
  },
  'paid-full': {
    text: 'Thank you — your card payment went through. We’ll email you as soon as it reaches us; if it does not show as paid below yet, it will within a minute or so.',
    tone: 'bg-[#d7ead9] text-[#1f4f29]',
  },
  cancelled: {
    text: 'You left the card payment page, so nothing was charged. You can pay whenever you are ready.',
    tone: 'bg-paper text-chocolate ring-1 ring-chocolate/25',
  },
}

/** What the page says on coming back from Stripe's payment page. */
export function CardNoticeBanner({ notice }: { notice: CardNotice }) {
  const { text, tone } = NOTICES[notice]
  return (
    <p role="status" className={`mt-6 max-w-2xl rounded-2xl px-4 py-3 font-bold ${tone}`}>
      {text}
    </p>
  )
}

/**
 * "Pay the deposit now" / "Pay the balance": a plain POST form (it works
 * without JavaScript) that the server answers by sending the customer on to
 * Stripe's own payment page for exactly the amount shown. No card number is
 * typed on this site.
 */
export function CardPayForm({
  position,
  offer,
  error,
}: {
  position: number
  offer: CustomerCardOffer
  error?: CardCheckoutFailure
}) {
  const navigation = useNavigation()
  const busy =
    navigation.state !== 'idle' &&
    navigation.formData?.get('kind') === offer.kind &&
    navigation.formData.get('request') === String(position)
  const label = offer.inFull
    ? 'Pay now'
    : offer.kind === 'deposit'
      ? 'Pay the deposit now'
      : 'Pay the balance'
  return (
    <div className="mt-4 rounded-xl bg-white px-4 py-4" data-testid="card-pay">
      {error ? (
        <p role="alert" className="mb-3 rounded-xl bg-blush-100 px-4 py-3 text-raspberry-dark">
          {error.error}
        </p>
      ) : null}
      <Form
        method="post"
        action="?checkout"
        className="flex flex-wrap items-center gap-x-4 gap-y-2"
      >
        <input type="hidden" name="request" value={position} />
        <input type="hidden" name="kind" value={offer.kind} />
        <input type="hidden" name="amount" value={offer.amountCents} />
        <button type="submit" className="button-primary" disabled={busy}>
          {busy ? 'Opening the payment page…' : `${label}: ${offer.amount}`}
        </button>
        <span className="text-sm text-chocolate">
          By card, on Stripe’s secure page. Or pay by e-Transfer as usual.
        </span>
      </Form>
    </div>
  )
}

/**
 * "Pay with a gift card": the code she was emailed, and the card pays as
 * much of what is owed as it holds (decision 114). A plain POST form, so it
 * works without JavaScript; the answer says what it paid and what is left.
 */
export function GiftCardPayForm({
  position,
  offer,
  answer,
}: {
  position: number
  offer: GiftCardOffer
  answer?: GiftCardPayAnswer
}) {
  const navigation = useNavigation()
  const busy =
    navigation.state !== 'idle' &&
    navigation.formData?.has('code') === true &&
    navigation.formData.get('request') === String(position)
  const errorId = `gift-card-${position}-error`
  const failed = answer && !answer.ok ? answer : undefined
  return (
    <div className="mt-4 rounded-xl bg-white px-4 py-4" data-testid="gift-card-pay">
      {answer?.ok ? <GiftCardPaid answer={answer} /> : null}
      {/* A card that paid starts the form afresh: the code is not left typed in it. */}
      <Form
        method="post"
        action="?gift-card"
        className="grid gap-2"
        key={answer?.ok ? answer.message : 'gift-card'}
      >
        <input type="hidden" name="request" value={position} />
        <input type="hidden" name="amount" value={offer.amountCents} />
        <div className="form-field">
          <label htmlFor={`gift-card-${position}`} className="form-label">
            Pay with a gift card
          </label>
          <input
            id={`gift-card-${position}`}
            name="code"
            className="font-mono uppercase tracking-wider"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="ABCD-EFGH-JKMN-PQRS"
            maxLength={40}
            required
            aria-invalid={failed ? true : undefined}
            aria-describedby={`gift-card-${position}-hint${failed ? ` ${errorId}` : ''}`}
          />
          <p id={`gift-card-${position}-hint`} className="form-hint">
            It pays up to {offer.amount}, all that is owed; what it does not cover you pay as usual.
          </p>
          {failed ? (
            <p id={errorId} role="alert" className="form-error">
              {failed.error}
            </p>
          ) : null}
        </div>
        <div>
          <button type="submit" className="button-secondary" disabled={busy}>
            {busy ? 'Using your gift card…' : 'Use gift card'}
          </button>
        </div>
      </Form>
    </div>
  )
}

/** What a gift card paid, said where she is looking. */
export function GiftCardPaid({ answer }: { answer: Extract<GiftCardPayAnswer, { ok: true }> }) {
  return (
    <p role="status" className="mb-3 rounded-xl bg-[#d7ead9] px-4 py-3 font-bold text-[#1f4f29]">
      {answer.message}
    </p>
  )
}
