import { localSettings } from '#app/utils/local-settings.ts'

/**
 * Stripe's smallest charge, in cents, for each currency a bakery may choose
 * (content/local-choices.ts), from Stripe's table of minimum charge amounts
 * (https://docs.stripe.com/currencies#minimum-and-maximum-charge-amounts).
 * Stripe refuses a Checkout session for less, so a smaller amount is never
 * offered by card: she pays it another way.
 */
export const CARD_MINIMUM_CENTS: Readonly<Record<string, number>> = {
  CAD: 50,
  USD: 50,
  GBP: 30,
  EUR: 50,
  AUD: 50,
  NZD: 50,
}

/** Stripe's smallest charge in `currency`, the bakery's own unless named. */
export function cardMinimumCents(currency: string = localSettings().currency): number {
  return CARD_MINIMUM_CENTS[currency.toUpperCase()] ?? 50
}
