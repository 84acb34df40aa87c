import type { ReactNode } from 'react'
import { Form, useNavigation } from 'react-router'
import { FormField } from '#app/components/form-field.tsx'
import type { OrderActionResult } from '#app/features/order-page/order-actions.ts'
import { ORDER_ANSWER_ACTION } from '#app/features/order-page/order-answer.ts'
import type { OrderDetail } from '#app/features/order-page/order-detail.server.ts'
import { LIMITS } from '#app/features/order-page/order-form-limits.ts'

/**
 * The change the customer asked from her page, waiting for the owner
 * (decisions 054 and 081): each part it would change, from what to what,
 * and her words, with Accept (a new day or time is weighed again, as a new
 * order's, and the order takes every part) and Decline with an optional
 * sentence for her email.
 */
export function ChangeRequestCard({
  detail,
  result,
  outcome,
}: {
  detail: OrderDetail
  result: OrderActionResult | undefined
  /** The page's answer to an accept or a decline, at the top of the card. */
  outcome: ReactNode
}) {
  const navigation = useNavigation()
  const change = detail.pendingChange
  if (!change) return null
  const busy = navigation.state === 'submitting' && Boolean(navigation.formData?.has('change'))
  const noteError =
    result && !result.ok && result.intent === 'decline_change'
      ? result.fieldErrors?.change_note
      : undefined
  return (
    <section
      className="card grid gap-4 border-2 border-butter p-5 sm:p-7"
      aria-labelledby="change-heading"
      data-testid="pending-change"
    >
      <h2 id="change-heading" className="font-display text-2xl font-semibold">
        She asked for a change
      </h2>
      {outcome}
      {change.changes.length > 0 ? (
        <dl className="grid gap-2" data-testid="change-parts">
          {change.changes.map((part) => (
            <div key={part.label} className="grid gap-x-4 gap-y-0.5 sm:grid-cols-[9rem_1fr]">
              <dt className="text-sm font-bold text-chocolate sm:pt-0.5">{part.label}</dt>
              <dd className="whitespace-pre-wrap break-words">
                from {part.from} to <strong>{part.to}</strong>
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="font-bold">Nothing on the order differs from what she asked now.</p>
      )}
      {change.details ? (
        <p>
          <span className="font-bold">Her words:</span>{' '}
          <span className="whitespace-pre-wrap break-words">{change.details}</span>
        </p>
      ) : null}
      <p className="text-sm text-chocolate">
        {/* The label ends in 'a.m.' or 'p.m.': no full stop after it. */}
        Asked {change.askedLabel}{' '}
        {change.moves
          ? 'Accepting checks that day and time again, as for a new order, and changes the order as listed.'
          : change.changes.length > 0
            ? 'Accepting changes the order as listed.'
            : 'Accepting tells her it is agreed; edit the details yourself if they need it.'}{' '}
        Either way she is emailed.
      </p>
      <Form method="post" action={ORDER_ANSWER_ACTION} className="flex flex-wrap gap-3">
        <input type="hidden" name="version" value={detail.version} />
        <input type="hidden" name="change" value={change.id} />
        <button
          type="submit"
          name="intent"
          value="accept_change"
          className="button-primary"
          disabled={busy}
        >
          Accept the change
        </button>
      </Form>
      <DeclineChange
        version={detail.version}
        changeId={change.id}
        busy={busy}
        noteError={noteError}
      />
    </section>
  )
}

/** Decline, with a sentence for her email if the owner likes. */
function DeclineChange({
  version,
  changeId,
  busy,
  noteError,
}: {
  version: number
  changeId: number
  busy: boolean
  noteError: string | undefined
}) {
  return (
    <Form
      method="post"
      action={ORDER_ANSWER_ACTION}
      className="grid gap-3 border-t border-blush pt-4"
    >
      <input type="hidden" name="version" value={version} />
      <input type="hidden" name="change" value={changeId} />
      <FormField
        name="change_note"
        label="Sentence for her"
        optional
        hint="Included in her email if you decline."
        error={noteError}
      >
        {(props) => <textarea {...props} rows={2} maxLength={LIMITS.reason} />}
      </FormField>
      <div>
        <button
          type="submit"
          name="intent"
          value="decline_change"
          className="button-secondary"
          disabled={busy}
        >
          Decline the change
        </button>
      </div>
    </Form>
  )
}
