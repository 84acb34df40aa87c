import { Form, useNavigation } from 'react-router'
import type { CardCheckoutFailure, CardNotice, CustomerCardOffer } from './card-offer.ts'

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
