import { useEffect, useId, useRef } from 'react'
import { useModalDialog } from '#app/components/modal-dialog.ts'
import { ModalHeader } from '#app/components/modal-header.tsx'
import type { GalleryImage } from './gallery-image.ts'
import { GalleryPicture } from './gallery-picture.tsx'

/**
 * Asks the owner before a photo goes, in the site's own modal. Cancel is
 * the safe choice, so the keyboard starts there; Escape, Cancel, the close
 * button and a click on the backdrop all keep the photo, and the browser
 * hands focus back to the delete cross that opened it.
 */
export function DeleteDialog({
  image,
  alt,
  onDelete,
  onCancel,
}: {
  image: GalleryImage
  alt: string
  onDelete: () => void
  onCancel: () => void
}) {
  const titleId = useId()
  const questionId = useId()
  const cancelRef = useRef<HTMLButtonElement>(null)
  // Every way out goes through the dialog's close event; this says which it was.
  const confirmed = useRef(false)
  const { close, dialogProps } = useModalDialog({
    onClosed: () => (confirmed.current ? onDelete() : onCancel()),
  })

  // showModal() focuses the first control (the close button); start at Cancel.
  useEffect(() => cancelRef.current?.focus(), [])

  return (
    <dialog
      {...dialogProps}
      role="alertdialog"
      className="modal confirm-dialog"
      aria-labelledby={titleId}
      aria-describedby={questionId}
    >
      <div className="modal-panel grid gap-5">
        <ModalHeader titleId={titleId} title="Delete photo" onClose={close} />
        <div className="flex items-center gap-4">
          <div className="flex-none">
            <GalleryPicture image={image} alt={alt} sizes="6rem" className="confirm-thumbnail" />
          </div>
          <p id={questionId} className="text-lg">
            Are you sure you want to delete this image?
          </p>
        </div>
        <div className="modal-actions">
          <button ref={cancelRef} type="button" className="button-secondary" onClick={close}>
            Cancel
          </button>
          <button
            type="button"
            className="button-danger"
            onClick={() => {
              confirmed.current = true
              close()
            }}
          >
            Delete
          </button>
        </div>
      </div>
    </dialog>
  )
}
