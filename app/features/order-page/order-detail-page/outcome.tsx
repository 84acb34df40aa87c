import { useEffect, useRef } from 'react'
import type { OrderActionResult } from '#app/features/order-page/order-actions.ts'
import { ORDER_ANSWER_ID } from '#app/features/order-page/order-answer.ts'
import type { OrderIntent } from '#app/features/order-status/owner-intents.ts'
import { ConfirmStep } from './confirm-step.tsx'

/**
 * The server's answer to the owner's last post, at the top of the card she
 * used: focused, so a phone scrolls it into view and a screen reader reads
 * it, whether the card is above or below where she tapped. A question
 * (decline? mark ready early?) opens the confirmation dialog instead.
 * `intents` null shows answers to no known form.
 */
export function Outcome({
  result,
  intents,
}: {
  result: OrderActionResult | undefined
  intents: readonly OrderIntent[] | null
}) {
  const ref = useRef<HTMLParagraphElement>(null)
  const mine =
    result !== undefined &&
    (intents === null
      ? result.intent === null
      : result.intent !== null && intents.includes(result.intent))
  useEffect(() => {
    if (mine) ref.current?.focus()
  }, [mine, result])
  if (!mine) return null
  if (!result.ok && result.ask && result.intent) {
    // A question asked again (after "No, keep it") is a new answer: the dialog opens afresh.
    return <ConfirmStep key={answerKey(result)} ask={result.ask} intent={result.intent} />
  }
  return (
    <p
      ref={ref}
      id={ORDER_ANSWER_ID}
      tabIndex={-1}
      className={`${result.ok ? 'status-success' : 'status-error'} outcome scroll-mt-24`}
      role={result.ok ? 'status' : 'alert'}
      data-testid="outcome"
    >
      {result.ok ? result.message : result.error}
    </p>
  )
}

const answerKeys = new WeakMap<object, number>()
let lastAnswerKey = 0

/** One key for each answer the server gave (each post's answer is a new object). */
function answerKey(answer: object): number {
  let key = answerKeys.get(answer)
  if (key === undefined) {
    key = ++lastAnswerKey
    answerKeys.set(answer, key)
  }
  return key
}
