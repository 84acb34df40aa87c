import { Form, Link } from 'react-router'
import { FormField } from '#app/components/form-field.tsx'
import type { OrderActionResult } from '#app/features/order-page/order-actions.ts'
import { ORDER_ANSWER_ACTION } from '#app/features/order-page/order-answer.ts'
import type { OrderDetail } from '#app/features/order-page/order-detail.server.ts'
import { LIMITS } from '#app/features/order-page/order-form-limits.ts'
import {
  BOOKED_STATUSES,
  STATUS_LABELS,
  canMove,
  isIn,
} from '#app/features/order-status/order-status.ts'
import {
  MOVE_INTENTS,
  OWNER_INTENTS,
  type OrderIntent,
} from '#app/features/order-status/owner-intents.ts'
import { formatMoney } from '#app/utils/money.ts'
import { Outcome } from './outcome.tsx'
import { VersionField, errorOf } from './page-forms.tsx'

/**
 * The status moves the request can make from where it stands (ready,
 * completed, declined, cancelled), or word that there is nothing more to do.
 * Always on the page, so it answers for every move.
 */
export function StatusActions({
  detail,
  result,
}: {
  detail: OrderDetail
  result: OrderActionResult | undefined
}) {
  const status = detail.request.status
  const can = (intent: OrderIntent) => {
    const target = OWNER_INTENTS[intent].target
    return target !== null && canMove(status, target)
  }
  const canReady = can('ready')
  const canComplete = can('complete')
  const canCancel = can('cancel')
  const canDecline = can('decline')
  if (!canReady && !canComplete && !canCancel && !canDecline) {
    return (
      <section className="card p-5 sm:p-7" aria-labelledby="status-heading">
        <h2 id="status-heading" className="font-display text-2xl font-semibold">
          Status
        </h2>
        <Outcome result={result} intents={MOVE_INTENTS} />
        <p className="mt-2">
          This request is {STATUS_LABELS[status].toLowerCase()}; nothing more to do.
        </p>
      </section>
    )
  }
  return (
    <section className="card grid gap-5 p-5 sm:p-7" aria-labelledby="status-heading">
      <h2 id="status-heading" className="font-display text-2xl font-semibold">
        Move it along
      </h2>
      <Outcome result={result} intents={MOVE_INTENTS} />
      {canReady || canComplete ? (
        <MoveButtons
          canReady={canReady}
          canComplete={canComplete}
          stillOwed={detail.money.stillOwed}
        />
      ) : null}
      {isIn(BOOKED_STATUSES, status) ? (
        <p>
          <Link
            to={`/admin/kitchen/labels?order=${detail.request.id}`}
            className="button-secondary"
          >
            Print its labels
          </Link>
        </p>
      ) : null}
      {canDecline ? <DeclineForm error={errorOf(result, 'decline', 'reason')} /> : null}
      {canCancel ? <CancelForm error={errorOf(result, 'cancel', 'note')} /> : null}
    </section>
  )
}

function MoveButtons({
  canReady,
  canComplete,
  stillOwed,
}: {
  canReady: boolean
  canComplete: boolean
  stillOwed: number
}) {
  return (
    <Form method="post" action={ORDER_ANSWER_ACTION} className="flex flex-wrap gap-3">
      <VersionField />
      {canReady ? (
        <button type="submit" name="intent" value="ready" className="button-primary">
          Mark ready
        </button>
      ) : null}
      {canComplete ? (
        <button type="submit" name="intent" value="complete" className="button-primary">
          Mark completed
        </button>
      ) : null}
      {canComplete && stillOwed > 0 ? (
        <p className="w-full text-sm text-chocolate">
          {formatMoney(stillOwed)} still owed: record it above when paid.
        </p>
      ) : null}
    </Form>
  )
}

function DeclineForm({ error }: { error: string | undefined }) {
  return (
    <Form
      method="post"
      action={ORDER_ANSWER_ACTION}
      className="grid gap-3 border-t border-blush pt-4"
    >
      <VersionField />
      <FormField
        name="reason"
        label="Reason for declining"
        hint="The customer reads this in their email."
        error={error}
      >
        {(props) => <textarea {...props} rows={2} required maxLength={LIMITS.reason} />}
      </FormField>
      <div>
        <button type="submit" name="intent" value="decline" className="button-danger">
          Decline
        </button>
      </div>
    </Form>
  )
}

function CancelForm({ error }: { error: string | undefined }) {
  return (
    <Form
      method="post"
      action={ORDER_ANSWER_ACTION}
      className="grid gap-3 border-t border-blush pt-4"
    >
      <VersionField />
      <FormField
        name="note"
        label="Note on cancelling"
        optional
        hint="Included in the customer’s email."
        error={error}
      >
        {(props) => <textarea {...props} rows={2} maxLength={LIMITS.note} />}
      </FormField>
      <div>
        <button type="submit" name="intent" value="cancel" className="button-danger">
          Cancel request
        </button>
      </div>
    </Form>
  )
}
