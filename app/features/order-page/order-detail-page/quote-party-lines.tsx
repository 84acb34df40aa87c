import { Link } from 'react-router'
import type { OrderDetail } from '#app/features/order-page/order-detail.server.ts'
import {
  centsToInput,
  partyLineName,
  partyTickName,
} from '#app/features/order-page/order-form-limits.ts'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { AmountField } from './money-fields.tsx'

/**
 * "Quote these together" (decision 049): the send's other requests, each a
 * tick that puts it on this quote with a price of its own; one that cannot
 * join says why instead.
 */
export function QuotePartyLines({
  detail,
  ticked,
  onTick,
  err,
}: {
  detail: OrderDetail
  ticked: ReadonlySet<number>
  onTick: (id: number, checked: boolean) => void
  err: (field: string) => string | undefined
}) {
  const choices = detail.partyChoices
  return (
    <fieldset className="grid gap-3 rounded-xl bg-paper p-4" data-testid="party-choices">
      <legend className="form-label float-left mb-1 w-full">Quote these together</legend>
      <p className="text-sm text-chocolate">
        {detail.request.name.split(/\s+/)[0] || detail.request.name} sent these with this request.
        Tick one to put it on this quote with its own price: one total, one deposit, one answer.
        Leave them unticked to quote each separately.
      </p>
      {choices.map((choice) => (
        <div key={choice.id} className="grid gap-2">
          <label className="choice-label min-h-11">
            <input
              type="checkbox"
              name={partyTickName(choice.id)}
              value="yes"
              checked={ticked.has(choice.id)}
              disabled={choice.refused !== null}
              onChange={(event) => onTick(choice.id, event.currentTarget.checked)}
            />
            <span>
              <span className="font-bold">
                {choice.position}. {choice.productType}
              </span>{' '}
              · {formatCalendarDate(choice.dueDate)} ·{' '}
              <Link className="text-link" to={`/admin/orders/${choice.id}`}>
                #{choice.id}
              </Link>
            </span>
          </label>
          {choice.refused ? (
            <p className="text-sm text-chocolate">{choice.refused}</p>
          ) : ticked.has(choice.id) ? (
            <AmountField
              name={partyLineName(choice.id)}
              label={`${choice.productType}: price`}
              error={err(partyLineName(choice.id))}
              defaultValue={choice.lineCents ? centsToInput(choice.lineCents) : ''}
            />
          ) : null}
        </div>
      ))}
    </fieldset>
  )
}
