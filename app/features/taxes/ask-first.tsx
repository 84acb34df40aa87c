import type { ReactNode } from 'react'
import { Form } from 'react-router'
import { cardAction } from '#app/components/settings-card.tsx'

/** A step that takes something away: asked first, in place, with the button that does it. */
export function AskFirst({
  label,
  question,
  fields,
  cardId,
}: {
  label: ReactNode
  question: ReactNode
  fields: Record<string, string>
  cardId: string
}) {
  return (
    <details className="ask-first open:basis-full">
      <summary className="button-secondary">{label}</summary>
      <Form method="post" action={cardAction(cardId)} className="mt-2 grid gap-2">
        <p>{question}</p>
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className="button-danger justify-self-start">
          Yes, remove it
        </button>
      </Form>
    </details>
  )
}
