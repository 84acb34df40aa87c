/** A modal dialog's title bar: its heading (which names the dialog) and a Close button. */
export function ModalHeader({
  titleId,
  title,
  onClose,
  closeDisabled = false,
}: {
  /** The heading's id, for the dialog's aria-labelledby. */
  titleId: string
  title: string
  onClose: () => void
  closeDisabled?: boolean
}) {
  return (
    <div className="modal-header">
      <h2 id={titleId} className="modal-title">
        {title}
      </h2>
      <button
        type="button"
        className="modal-close"
        onClick={onClose}
        aria-label="Close"
        disabled={closeDisabled}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  )
}
