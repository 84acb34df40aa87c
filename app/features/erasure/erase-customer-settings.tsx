import { Form } from 'react-router'
import { CardAnswer, SettingsCard, answerFor, cardAction } from '#app/components/settings-card.tsx'

/** The settings form's intent for erasing one customer's data; the settings route dispatches on it. */
export const ERASE_CUSTOMER = 'erase-customer'

export type EraseCustomerResult =
  | { ok: true; intent: typeof ERASE_CUSTOMER; message: string }
  | { ok: false; intent: typeof ERASE_CUSTOMER; error: string }

const CARD = 'erase-customer'

/**
 * "Erase a customer's data": what a customer may ask under Canadian privacy
 * law. The tick makes an erasure a deliberate act, with or without JavaScript.
 */
export function EraseCustomerSettings({ posted }: { posted: unknown }) {
  const answer = answerFor<EraseCustomerResult>(posted, { intents: [ERASE_CUSTOMER] })
  return (
    <SettingsCard id={CARD} title="Erase a customer’s data" level={3} className="mt-4">
      <p className="mt-2">
        When a customer asks, this removes everything that names them: their name, email, phone,
        themes, comments and allergies on every request (the requests stay in your book as “Erased
        customer”, with their dates and amounts), their inspiration photos, their messages and every
        email about them. It cannot be undone.
      </p>
      <Form method="post" action={cardAction(CARD)} className="mt-4 grid gap-4 sm:max-w-md">
        <input type="hidden" name="intent" value={ERASE_CUSTOMER} />
        <div className="form-field">
          <label htmlFor="erase-email" className="form-label">
            Customer’s email
          </label>
          <input id="erase-email" name="email" type="email" required autoComplete="off" />
        </div>
        <label className="tick-label">
          <input type="checkbox" name="confirm" value="on" required />
          <span>I understand this erases their data for good.</span>
        </label>
        <div>
          <button type="submit" className="button-secondary">
            Erase their data
          </button>
        </div>
      </Form>
      <CardAnswer cardId={CARD} answer={answer} className="mt-3" />
    </SettingsCard>
  )
}
