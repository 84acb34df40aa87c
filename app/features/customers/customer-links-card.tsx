import type { ReactNode } from 'react'
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
  return (
    <section className="card grid gap-4 p-5" aria-labelledby="same-person">
      <h2 id="same-person" className="font-display text-xl font-semibold">
        Same person?
      </h2>
      <FocusedAnswer answer={answer} />
      {customer.shared.length > 0 ? (
        <KeepApartChoices shared={customer.shared} busy={busy} />
      ) : null}
      <JoinForm refused={refused} busy={busy} />
      {customer.joined.length + customer.keptApart.length > 0 ? (
        <LinkChanges customer={customer} busy={busy} />
      ) : null}
    </section>
  )
}

/** What ties her orders to someone else's, each a button that keeps the two apart by it. */
function KeepApartChoices({ shared, busy }: { shared: readonly string[]; busy: boolean }) {
  return (
    <div className="grid gap-2">
      <p className="text-chocolate">
        Two people, such as a family with one number? Keep apart those who share:
      </p>
      <ul className="flex flex-wrap gap-2" aria-label="What ties them">
        {shared.map((handle) => (
          <li key={handle}>
            <PostButton fields={{ intent: 'apart', handle }} busy={busy} wraps>
              Keep apart by {handleWords(handle)}
            </PostButton>
          </li>
        ))}
      </ul>
    </div>
  )
}

/** Joining another customer by an email, phone or reference; a refused one comes back typed. */
function JoinForm({
  refused,
  busy,
}: {
  refused: Extract<LinkAnswer, { ok: false }> | undefined
  busy: boolean
}) {
  return (
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
  )
}

/** The joins she made and what she kept apart, each with its undo. */
function LinkChanges({
  customer,
  busy,
}: {
  customer: Pick<CustomerRecord, 'keptApart' | 'joined'>
  busy: boolean
}) {
  return (
    <div className="grid gap-2">
      <h3 className="font-bold">What you changed</h3>
      <ul className="grid gap-2">
        {customer.joined.map((join) => (
          <li key={join.id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="[overflow-wrap:anywhere]">Joined: {join.words}</span>
            <PostButton fields={{ intent: 'unjoin', join: String(join.id) }} busy={busy}>
              Undo<span className="sr-only"> the join of {join.words}</span>
            </PostButton>
          </li>
        ))}
        {customer.keptApart.map((handle) => (
          <li key={handle} className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="[overflow-wrap:anywhere]">Kept apart by {handleWords(handle)}</span>
            <PostButton fields={{ intent: 'unapart', handle }} busy={busy}>
              Join by it again
              <span className="sr-only"> ({handleWords(handle)})</span>
            </PostButton>
          </li>
        ))}
      </ul>
    </div>
  )
}

/** One of the card's one-tap changes: a button posting its fields. */
function PostButton({
  fields,
  busy,
  wraps = false,
  children,
}: {
  fields: Record<string, string>
  busy: boolean
  /** For a long address on a phone: the label wraps anywhere rather than scroll sideways. */
  wraps?: boolean
  children: ReactNode
}) {
  return (
    <Form method="post">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        className={`button-secondary min-h-11 ${wraps ? 'text-left [overflow-wrap:anywhere]' : ''}`}
        disabled={busy}
      >
        {children}
      </button>
    </Form>
  )
}
