import { Link } from 'react-router'
import type { CustomerMessage } from './customer-messages.server.ts'

/** What a customer wrote through the contact form, newest first; her inbox answers them. */
export function CustomerMessages({ messages }: { messages: CustomerMessage[] }) {
  if (messages.length === 0) return null
  return (
    <section className="mt-8" aria-labelledby="their-messages">
      <h2 id="their-messages" className="font-display text-2xl font-semibold">
        Their messages
      </h2>
      <ol className="mt-3 grid gap-3">
        {messages.map((message) => (
          <li key={message.id} className="card grid gap-2 p-4">
            <p className="flex flex-wrap items-baseline gap-x-3 text-chocolate">
              <time dateTime={message.receivedAt}>{message.receivedLabel}</time>
              <span>{message.handled ? 'Handled' : 'Open'}</span>
            </p>
            <p className="whitespace-pre-line break-words">{message.message}</p>
          </li>
        ))}
      </ol>
      <p className="mt-3">
        <Link to="/admin/inbox" className="filter-chip inline-flex min-h-11 items-center">
          Open Messages
        </Link>
      </p>
    </section>
  )
}
