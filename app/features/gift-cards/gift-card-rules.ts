import { z } from 'zod/mini'
import { emailAddress, optionalLines, personName } from '#app/utils/form-fields.ts'
import { formatMoney, moneyProblemMessage, readMoney } from '#app/utils/money.ts'

/*
 * A gift card's code and what may be bought (decision 114). The code is the
 * card: whoever holds it spends it, so it is long enough that it cannot be
 * guessed (sixteen characters of 31, about 79 bits) and is written without
 * the letters and digits people mistake for each other.
 */

/** No 0/O, 1/I/L: what is read off a phone or a printed card is typed right. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
export const CODE_LENGTH = 16

/** A new code, from the platform's secure random numbers. */
export function newGiftCardCode(random: (below: number) => number): string {
  let code = ''
  for (let index = 0; index < CODE_LENGTH; index++)
    code += CODE_ALPHABET[random(CODE_ALPHABET.length)]
  return code
}

/** As it is printed: 'ABCD-EFGH-JKMN-PQRS'. */
export function formatGiftCardCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code
}

/** Its last four, which is how the owner's book and her receipt name it: '····PQRS'. */
export function giftCardEnding(code: string): string {
  return `····${code.slice(-4)}`
}

/**
 * A code as she typed it: spaces and dashes dropped, small letters made
 * capitals. Null when it cannot be a code (a letter the alphabet leaves out,
 * such as O or 1, is a typing slip, refused before any card is looked up).
 */
export function readGiftCardCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s\-–—]/g, '')
  if (code.length !== CODE_LENGTH) return null
  return [...code].every((letter) => CODE_ALPHABET.includes(letter)) ? code : null
}

/** Who a card is bought by and for, as the buyer's form gave it. */
export interface GiftCardOrder {
  amountCents: number
  buyerName: string
  buyerEmail: string
  recipientName: string
  recipientEmail: string
  message: string
}

/** The amounts offered with one tap, in the bakery's money. */
export const GIFT_CARD_CHOICES_CENTS = [2_500, 5_000, 7_500, 10_000] as const
export const GIFT_CARD_MIN_CENTS = 1_000
export const GIFT_CARD_MAX_CENTS = 50_000
export const GIFT_CARD_MESSAGE_MAX = 300
const NAME_MAX = 100

/** Said of an amount outside what may be bought. */
export function amountBoundsMessage(): string {
  return `A gift card can be from ${formatMoney(GIFT_CARD_MIN_CENTS)} to ${formatMoney(GIFT_CARD_MAX_CENTS)}.`
}

/**
 * What the buyer's form posts: a chosen amount (`amount`, in cents from the
 * choices) or one she wrote (`amount=other` and `other_amount`), who it is
 * from and for, and her words. The server reads it with this one schema.
 */
export const giftCardPurchaseSchema = z.object({
  amount: z.string('Choose an amount.'),
  other_amount: z.optional(z.string()),
  buyer_name: personName('Your name', NAME_MAX),
  buyer_email: emailAddress,
  recipient_name: personName('Their name', NAME_MAX),
  recipient_email: emailAddress,
  message: optionalLines('Your message', GIFT_CARD_MESSAGE_MAX),
})

export type GiftCardPurchaseField = keyof z.infer<typeof giftCardPurchaseSchema>

/** The amount the form asks for, in cents, or why it cannot be bought. */
export function purchaseCents(
  form: Pick<z.infer<typeof giftCardPurchaseSchema>, 'amount' | 'other_amount'>,
): { ok: true; cents: number } | { ok: false; field: 'amount' | 'other_amount'; error: string } {
  const typed = form.other_amount?.trim() ?? ''
  if (form.amount !== 'other') {
    const chosen = Number(form.amount)
    if (!(GIFT_CARD_CHOICES_CENTS as readonly number[]).includes(chosen)) {
      return { ok: false, field: 'amount', error: 'Choose an amount.' }
    }
    // Written beside a chosen amount (a page without scripts): which she meant is hers to say.
    return typed === ''
      ? { ok: true, cents: chosen }
      : {
          ok: false,
          field: 'other_amount',
          error: `You chose ${formatMoney(chosen)} and wrote another amount: choose “Another amount” to pay it, or clear it.`,
        }
  }
  if (typed === '') return { ok: false, field: 'other_amount', error: 'Write the amount.' }
  const read = readMoney(typed)
  if (!read.ok) {
    return { ok: false, field: 'other_amount', error: moneyProblemMessage('The amount', read) }
  }
  if (read.cents < GIFT_CARD_MIN_CENTS || read.cents > GIFT_CARD_MAX_CENTS) {
    return { ok: false, field: 'other_amount', error: amountBoundsMessage() }
  }
  return { ok: true, cents: read.cents }
}
