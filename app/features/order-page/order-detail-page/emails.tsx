import type { OrderDetail } from '#app/features/order-page/order-detail.server.ts'

const TOPIC_LABELS: Record<string, string> = {
  request_confirmation: 'Request received',
  request_update: 'Update',
  request_reminder: 'Reminder',
}

const DELIVERY_LABELS = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
} as const

export function Emails({ detail }: { detail: OrderDetail }) {
  return (
    <section className="card min-w-0 p-5 sm:p-7 lg:col-start-1" aria-labelledby="emails-heading">
      <h2 id="emails-heading" className="font-display text-2xl font-semibold">
        Emails to the customer
      </h2>
      {detail.emails.length === 0 ? (
        <p className="mt-3">None yet.</p>
      ) : (
        <ul className="mt-3 grid gap-3" data-testid="emails">
          {detail.emails.map((email) => (
            <li
              key={email.id}
              className="min-w-0 rounded-xl bg-paper px-4 py-3 [overflow-wrap:anywhere]"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-bold">{email.subject || TOPIC_LABELS[email.topic]}</p>
                <span className={`delivery-badge delivery-${email.status}`}>
                  {DELIVERY_LABELS[email.status]}
                </span>
              </div>
              <p className="text-sm text-chocolate">
                {TOPIC_LABELS[email.topic]} · to {email.to || 'the customer'} · {email.createdLabel}
              </p>
              {email.status === 'failed' && email.error ? (
                <p className="mt-1 text-sm text-raspberry-dark">{email.error}</p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
