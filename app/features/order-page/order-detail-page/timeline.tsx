import type { RequestStatus } from '#app/db/schema.ts'
import type { OrderDetail } from '#app/features/order-page/order-detail.server.ts'
import { STATUS_LABELS } from '#app/features/order-status/order-status.ts'

const ACTOR_LABELS = { owner: 'You', customer: 'The customer', site: 'The website' } as const

/** What a timeline step says happened: 'Sent in', 'Quoted', 'Quoted → Confirmed'. */
function stepLabel(from: RequestStatus | null, to: RequestStatus): string {
  if (from === null) return 'Request sent in'
  if (from === to) return STATUS_LABELS[to]
  return `${STATUS_LABELS[from]} → ${STATUS_LABELS[to]}`
}

export function Timeline({ detail }: { detail: OrderDetail }) {
  return (
    <section className="card min-w-0 p-5 sm:p-7 lg:col-start-1" aria-labelledby="timeline-heading">
      <h2 id="timeline-heading" className="font-display text-2xl font-semibold">
        Timeline
      </h2>
      <ol className="mt-4 grid gap-4 border-l-2 border-blush pl-5" data-testid="timeline">
        {detail.timeline.map((entry) => (
          <li key={entry.id}>
            <p className="font-bold">{stepLabel(entry.from, entry.to)}</p>
            <p className="text-sm text-chocolate">
              <time dateTime={new Date(entry.at).toISOString()}>{entry.atLabel}</time> ·{' '}
              {ACTOR_LABELS[entry.actor]}
            </p>
            {entry.note ? <p className="mt-1 whitespace-pre-wrap">{entry.note}</p> : null}
          </li>
        ))}
      </ol>
    </section>
  )
}
