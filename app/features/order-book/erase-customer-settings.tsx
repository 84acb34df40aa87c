import { Form } from 'react-router'
import { ActionStatus, answeredAt } from '#app/components/action-status.tsx'

/** The settings form's intent for erasing one customer's data; the settings route dispatches on it. */
export const ERASE_CUSTOMER = 'erase-customer'

export type EraseCustomerResult =
  | { ok: true; intent: typeof ERASE_CUSTOMER; message: string }
  | { ok: false; intent: typeof ERASE_CUSTOMER; error: string }

/** The settings page's action data, when it answered the erase form. */
export function asEraseCustomerResult(posted: unknown): EraseCustomerResult | undefined {
  return typeof posted === 'object' &&
    posted !== null &&
    'intent' in posted &&
    posted.intent === ERASE_CUSTOMER
    ? (posted as EraseCustomerResult)
    : undefined
}

/**
 * "Erase a customer's data": what a customer may ask under Canadian privacy
 * law. The tick makes an erasure a deliberate act, with or without JavaScript.
 */
export function EraseCustomerSettings({ posted }: { posted: EraseCustomerResult | undefined }) {
  return (
    <section aria-labelledby="erase-customer-heading" className="card mt-4 p-5 sm:p-6">
      <h3 id="erase-customer-heading" className="font-display text-2xl font-bold scroll-mt-24">
        Erase a customer’s data
      </h3>
      <p className="mt-2">
        When a customer asks, this removes everything that names them: their name, email, phone,
        themes, comments and allergies on every request (the requests stay in your book as “Erased
        customer”, with their dates and amounts), their inspiration photos, their messages and every
        email about them. It cannot be undone.
      </p>
      <Form
        method="post"
        action={answeredAt('erase-customer-answer')}
        className="mt-4 grid gap-4 sm:max-w-md"
      >
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
      <ActionStatus answer={posted} id="erase-customer-answer" className="mt-3" />
    </section>
  )
}
