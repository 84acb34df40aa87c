import { useEffect, useId, useRef, useState } from 'react'
import { Form } from 'react-router'
import type { OrderQuestion } from '#app/features/order-page/order-actions.ts'
import { ORDER_ANSWER_ACTION, ORDER_ANSWER_ID } from '#app/features/order-page/order-answer.ts'
import type { OrderIntent } from '#app/features/order-status/owner-intents.ts'
import { useBusy, useVersion } from './page-forms.tsx'

/**
 * The question the server asked before a change, in the site's own modal:
 * "Yes" posts the same fields again with confirm=yes (and the version, so
 * a request changed meanwhile is still refused); "No, keep it" changes
 * nothing and starts there, being the safe choice. Without JavaScript the
 * dialog is already open in the page, and both buttons work as they are
 * (a plain post, and the browser's own dialog form).
 */
export function ConfirmStep({ ask, intent }: { ask: OrderQuestion; intent: OrderIntent }) {
  const [closed, setClosed] = useState(false)
  const version = useVersion()
  const ref = useRef<HTMLDialogElement>(null)
  const keepRef = useRef<HTMLButtonElement>(null)
  const titleId = useId()
  const busy = useBusy(intent)
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    // Rendered open for pages without JavaScript; here it becomes modal.
    if (dialog.open) dialog.close()
    dialog.showModal()
    keepRef.current?.focus()
    return () => {
      if (dialog.open) dialog.close()
    }
  }, [])
  if (closed) return null
  return (
    <dialog
      ref={ref}
      id={ORDER_ANSWER_ID}
      open
      role="alertdialog"
      aria-labelledby={titleId}
      className="modal confirm-dialog"
      data-testid="confirm-dialog"
      // The close that made it modal arrives while it is open again: only a real close counts.
      onClose={(event) => {
        if (!event.currentTarget.open) setClosed(true)
      }}
    >
      <div className="modal-panel grid gap-5">
        <p id={titleId} className="text-lg font-bold [overflow-wrap:anywhere]">
          {ask.question}
        </p>
        <div className="modal-actions">
          <form method="dialog" className="contents">
            <button ref={keepRef} type="submit" className="button-secondary">
              No, keep it
            </button>
          </form>
          <Form method="post" action={ORDER_ANSWER_ACTION} className="contents">
            {Object.entries(ask.fields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <input type="hidden" name="version" value={version} />
            <input type="hidden" name="confirm" value="yes" />
            <button
              type="submit"
              name="intent"
              value={intent}
              className={
                intent === 'decline' || intent === 'cancel' ? 'button-danger' : 'button-primary'
              }
              disabled={busy}
            >
              {busy ? 'Working…' : ask.yes}
            </button>
          </Form>
        </div>
      </div>
    </dialog>
  )
}
