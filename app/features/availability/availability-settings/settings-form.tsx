import { type ReactNode, type RefObject, useEffect, useRef } from 'react'
import { useFetcher } from 'react-router'
import { CardAnswer, answerFor, cardAction } from '#app/components/settings-card.tsx'
import type { SettingsIntent } from '#app/features/availability/booking-settings-fields.ts'
import type { SettingsActionResult } from '#app/features/availability/settings-action.server.ts'
import { focusFirstInvalid } from '#app/utils/field-errors.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'

/**
 * One card's forms: with JavaScript they post through a fetcher, so the page
 * stays where it is; without it they post the page, whose action data
 * (`posted`) carries the answer when it was for this card, and which opens at
 * the card's answer (`cardId`'s, decision 083).
 */
export function useSettingsForm(
  intents: readonly SettingsIntent[],
  posted: unknown,
  cardId: string,
) {
  const fetcher = useFetcher<SettingsActionResult>()
  const formRef = useRef<HTMLFormElement>(null)
  const statusRef = useRef<HTMLParagraphElement>(null)
  const result = fetcher.data ?? answerFor<SettingsActionResult>(posted, { intents })
  const busy = fetcher.state !== 'idle'
  const fields = result && !result.ok ? (result.fields ?? {}) : {}
  const values = result && !result.ok ? (result.values ?? {}) : {}

  // An answer arrived: focus goes to the first field in error, the field
  // announced with its message.
  useEffect(() => {
    const data = fetcher.data
    if (!data || data.ok || !data.fields || !formRef.current) return
    focusFirstInvalid(formRef.current, data.fields)
  }, [fetcher.data])

  // The browser's own checks until React runs; then the server's messages, beside each field.
  const hydrated = useHydrated()
  const formProps = {
    ref: formRef,
    method: 'post',
    action: cardAction(cardId),
    noValidate: hydrated,
  } as const
  return { fetcher, formRef, statusRef, result, busy, fields, values, formProps, cardId }
}

/** The form a card's fetcher draws, for the parts of a card that post through it. */
export type SettingsFetcherForm = ReturnType<typeof useSettingsForm>['fetcher']['Form']

/**
 * The card's answer; empty while a post is on its way so a repeat is
 * announced again. Its forms take focus where they need it (the first
 * refused field, the answer after a removal), so it takes none itself.
 */
export function Status({
  cardId,
  result,
  busy,
  statusRef,
}: {
  cardId: string
  result: SettingsActionResult | undefined
  busy: boolean
  statusRef?: RefObject<HTMLParagraphElement | null>
}) {
  return (
    <CardAnswer cardId={cardId} answer={result} busy={busy} focus={false} answerRef={statusRef} />
  )
}

export function SaveRow({
  label,
  busy,
  children,
}: {
  label: string
  busy: boolean
  children: ReactNode
}) {
  return (
    <div className="mt-5 flex flex-wrap items-center gap-x-4 gap-y-2">
      <button type="submit" className="button-primary" aria-disabled={busy || undefined}>
        {label}
      </button>
      {children}
    </div>
  )
}
