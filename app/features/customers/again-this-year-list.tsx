import { formatCount } from '#app/utils/count.ts'
import type { AgainThisYear } from './again-this-year.server.ts'

/**
 * Today's "Again this year?": customers whose occasion comes round within a
 * month, each with an email ready in her own mail app. Shown only when
 * there is someone: it is a suggestion, never a task.
 */
export function AgainThisYearList({ suggestions }: { suggestions: AgainThisYear[] }) {
  if (suggestions.length === 0) return null
  return (
    <section aria-labelledby="again-heading" className="mt-10">
      <h2 id="again-heading" className="section-heading">
        Again this year? <span className="today-count">{formatCount(suggestions.length)}</span>
      </h2>
      <p className="mt-2 text-chocolate">
        Their day comes round within a month. A tap opens an email in your mail app, ready for you
        to read and send.
      </p>
      <ol className="today-list">
        {suggestions.map((suggestion) => (
          <li
            key={suggestion.requestId}
            className="card flex flex-wrap items-center justify-between gap-3 p-4"
          >
            <span className="grid gap-1">
              <span className="font-bold">{suggestion.name}</span>
              <span className="text-sm">Last year: {suggestion.lastYear}</span>
            </span>
            <a href={suggestion.emailHref} className="button-secondary">
              Write to them<span className="sr-only"> ({suggestion.name})</span>
            </a>
          </li>
        ))}
      </ol>
    </section>
  )
}
