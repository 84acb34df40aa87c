/** What an owner's form answered: a message when it worked, an error when it did not. */
export type ActionAnswer = { ok: true; message: string } | { ok: false; error: string }

/** The answer's words, in the colour that says how it went; nothing without one. */
export function ActionAnswerText({ answer }: { answer: ActionAnswer | undefined }) {
  if (!answer) return null
  return answer.ok ? (
    <span className="status-success">{answer.message}</span>
  ) : (
    <span className="status-error">{answer.error}</span>
  )
}

/** A form's answer beside it, announced politely. */
export function ActionStatus({
  answer,
  className = '',
}: {
  answer: ActionAnswer | undefined
  className?: string
}) {
  return (
    <p aria-live="polite" className={`${className} min-h-6`}>
      <ActionAnswerText answer={answer} />
    </p>
  )
}
