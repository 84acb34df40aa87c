import { Form, useNavigation } from 'react-router'
import { FocusedAnswer } from '#app/components/action-status.tsx'
import { FormField } from '#app/components/form-field.tsx'
import { JOIN_TYPED_MAX, handleWords } from './customer-groups.ts'
import type { LinkAnswer } from './customer-links.server.ts'
import type { CustomerRecord } from './customers.server.ts'

/**
 * "Same person?": her own corrections to how the book joins orders
 * (decision 112). Orders that share an email or phone but are two people
 * (a family's one number) are kept apart by it; a customer who ordered
 * from an address and a number the book cannot tie is joined by typing
 * one of them. Each is listed with its undo. The answer is shown at the
 * top of the card, focused.
 */
export function CustomerLinksCard({
  customer,
  answer,
}: {
  customer: Pick<CustomerRecord, 'shared' | 'keptApart' | 'joined'>
  answer: LinkAnswer | undefined
}) {
  const busy = useNavigation().formMethod === 'POST'
  const refused = answer && !answer.ok ? answer : undefined
  const button = 'button-secondary min-h-11'
  return (
    <section className="card grid gap-4 p-5" aria-labelledby="same-person">
      <h2 id="same-person" className="font-display text-xl font-semibold">
        Same person?
      </h2>
      <FocusedAnswer answer={answer} />
      {customer.shared.length > 0 ? (
        <div className="grid gap-2">
          <p className="text-chocolate">
            Two people, such as a family with one number? Keep apart those who share:
          </p>
          <ul className="flex flex-wrap gap-2" aria-label="What ties them">
            {customer.shared.map((handle) => (
              <li key={handle}>
                <Form method="post">
                  <input type="hidden" name="intent" value="apart" />
                  <input type="hidden" name="handle" value={handle} />
                  <button
                    type="submit"
                    className={`${button} text-left [overflow-wrap:anywhere]`}
                    disabled={busy}
                  >
                    Keep apart by {handleWords(handle)}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <Form method="post" className="grid gap-3" noValidate>
        <input type="hidden" name="intent" value="join" />
        <FormField
          name="other"
          label="Join another customer to this one"
          hint="Their email, phone number or an order reference like BB-4821: the book treats them as one from then on."
          error={refused?.other !== undefined ? refused.error : undefined}
        >
          {(props) => (
            <input
              {...props}
              type="text"
              maxLength={JOIN_TYPED_MAX}
              defaultValue={refused?.other ?? ''}
            />
          )}
        </FormField>
        <div>
          <button type="submit" className="button-primary" disabled={busy}>
            Join them
          </button>
        </div>
      </Form>
      {customer.joined.length + customer.keptApart.length > 0 ? (
        <div className="grid gap-2">
          <h3 className="font-bold">What you changed</h3>
          <ul className="grid gap-2">
            {customer.joined.map((join) => (
              <li key={join.id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="[overflow-wrap:anywhere]">Joined: {join.words}</span>
                <Form method="post">
                  <input type="hidden" name="intent" value="unjoin" />
                  <input type="hidden" name="join" value={join.id} />
                  <button type="submit" className={button} disabled={busy}>
                    Undo<span className="sr-only"> the join of {join.words}</span>
                  </button>
                </Form>
              </li>
            ))}
            {customer.keptApart.map((handle) => (
              <li key={handle} className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="[overflow-wrap:anywhere]">
                  Kept apart by {handleWords(handle)}
                </span>
                <Form method="post">
                  <input type="hidden" name="intent" value="unapart" />
                  <input type="hidden" name="handle" value={handle} />
                  <button type="submit" className={button} disabled={busy}>
                    Join by it again
                    <span className="sr-only"> ({handleWords(handle)})</span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  )
}
