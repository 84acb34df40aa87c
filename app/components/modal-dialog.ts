import { type MouseEvent, type SyntheticEvent, useCallback, useEffect, useRef } from 'react'

const never = () => false

/**
 * A native <dialog> opened as a modal for as long as the component lives:
 * the browser keeps focus inside it, makes the page behind inert and hands
 * focus back to whatever opened it. Spread `dialogProps` on the <dialog>.
 *
 * However it closes (a close button calling `close`, a click on the
 * backdrop, Escape, or the browser's own close on a repeated Escape, which
 * skips the cancel event), the dialog's close event is the one place that
 * tells the parent, through `onClosed`. While `keepOpen()` is true nothing
 * closes it, and a close the browser forces is undone.
 */
export function useModalDialog({
  onClosed,
  keepOpen = never,
}: {
  onClosed: () => void
  keepOpen?: () => boolean
}) {
  const ref = useRef<HTMLDialogElement>(null)

  useEffect(() => {
    const dialog = ref.current
    if (dialog && !dialog.open) dialog.showModal()
    return () => dialog?.close()
  }, [])

  const close = useCallback(() => {
    if (!keepOpen()) ref.current?.close()
  }, [keepOpen])

  const dialogProps = {
    ref,
    onCancel: (event: SyntheticEvent<HTMLDialogElement>) => {
      event.preventDefault()
      close()
    },
    onClose: () => {
      const dialog = ref.current
      // Open again already: a close queued by an earlier unmount (React's
      // development double mount) is not this dialog's.
      if (dialog?.open) return
      if (dialog && keepOpen()) dialog.showModal()
      else onClosed()
    },
    // The backdrop is the dialog element itself, outside its panel.
    onClick: (event: MouseEvent<HTMLDialogElement>) => {
      if (event.target === event.currentTarget) close()
    },
  }

  return { close, dialogProps }
}
