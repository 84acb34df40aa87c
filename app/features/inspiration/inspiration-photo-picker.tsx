import { type ChangeEvent, type RefObject, useEffect, useId, useRef, useState } from 'react'
import { compressImage } from '#app/features/media/compress-image.ts'
import { MAX_INSPIRATION_PHOTOS, type QueuedPhoto } from './queued-photo.ts'
import { PhotoNotSentError, SEND_MESSAGES, sendInspirationPhoto } from './send-photo.ts'

interface Step {
  /** 1-based: the photo being sent now. */
  index: number
  total: number
}

interface Progress extends Step {
  percent: number
}

type Notice = { kind: 'status' | 'error'; text: string }

/**
 * The order form's optional inspiration photos: up to three, each shrunk in
 * the browser, sent at once and shown from the small preview the server
 * returns. The form keeps only `{ key, preview }` (in the cart, so a reload
 * keeps them); the photos themselves stay private on the server until the
 * order is sent. `name` posts each key as a hidden field of that name.
 */
export function InspirationPhotoPicker({
  value,
  onChange,
  disabled = false,
  name = 'inspiration_photos',
}: {
  value: QueuedPhoto[]
  onChange: (photos: QueuedPhoto[]) => void
  disabled?: boolean
  name?: string
}) {
  const inputId = useId()
  const hintId = `${inputId}-hint`
  const { progress, notice, setNotice, addFiles } = usePhotoUploads({ value, onChange })
  const { inputRef, removeButtons, focusAfterRemoving } = useFocusAfterRemove(value)

  const room = MAX_INSPIRATION_PHOTOS - value.length
  const busy = progress !== null
  const full = room <= 0

  function remove(index: number) {
    onChange(value.filter((_, at) => at !== index))
    setNotice({ kind: 'status', text: `Photo ${index + 1} removed.` })
    focusAfterRemoving(index)
  }

  return (
    <div className="form-field inspiration-picker">
      <label htmlFor={inputId} className="form-label">
        Inspiration photos
        <span className="form-optional"> (optional, up to {MAX_INSPIRATION_PHOTOS})</span>
      </label>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept="image/*"
        multiple
        className="inspiration-input"
        disabled={disabled || busy || full}
        aria-describedby={hintId}
        onChange={(event) => void addFiles(event)}
      />
      <PickerHint id={hintId} full={full} />
      {progress ? <SendProgress progress={progress} /> : null}
      <PickerNotice notice={notice} />
      {value.length > 0 ? (
        <PhotoThumbs
          photos={value}
          name={name}
          disabled={disabled || busy}
          removeButtons={removeButtons}
          onRemove={remove}
        />
      ) : null}
    </div>
  )
}

/**
 * The photos being sent and what the picker last said: each chosen file is
 * shrunk and sent in turn, and the form hears of each one as it arrives.
 */
function usePhotoUploads({
  value,
  onChange,
}: {
  value: QueuedPhoto[]
  onChange: (photos: QueuedPhoto[]) => void
}) {
  const [progress, setProgress] = useState<Progress | null>(null)
  const [notice, setNotice] = useState<Notice | null>(null)
  // The photos as last rendered, for uploads that finish after the props moved on.
  const latest = useRef(value)
  useEffect(() => {
    latest.current = value
  }, [value])

  async function addFiles(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget
    const files = Array.from(input.files ?? [])
    // Cleared at once, so choosing the same photo again after a failure works.
    input.value = ''
    if (files.length === 0) return
    const chosen = files.slice(0, Math.max(0, MAX_INSPIRATION_PHOTOS - latest.current.length))
    const { photos, failure } = await sendPhotosInTurn({
      files: chosen,
      queued: latest.current,
      onStep: (step) => {
        setProgress({ ...step, percent: 0 })
        setNotice({ kind: 'status', text: sendingText(step) })
      },
      onProgress: setProgress,
      onSent: (sent) => {
        latest.current = sent
        onChange(sent)
      },
    })
    setProgress(null)
    setNotice(
      noticeAfterSending({
        failure,
        leftOut: files.length - chosen.length,
        added: chosen.length,
        count: photos.length,
      }),
    )
  }

  return { progress, notice, setNotice, addFiles }
}

/**
 * Where focus goes once a removed photo's button is gone: the next photo's
 * button, else the last one's, else the file input; never lost to the page.
 */
function useFocusAfterRemove(value: QueuedPhoto[]) {
  const inputRef = useRef<HTMLInputElement>(null)
  const removeButtons = useRef<(HTMLButtonElement | null)[]>([])
  const focusAfterRemove = useRef<number | null>(null)
  useEffect(() => {
    const removed = focusAfterRemove.current
    if (removed === null) return
    focusAfterRemove.current = null
    const buttons = removeButtons.current.slice(0, value.length)
    ;(buttons[removed] ?? buttons.at(-1) ?? inputRef.current)?.focus()
  }, [value])
  function focusAfterRemoving(index: number) {
    focusAfterRemove.current = index
  }
  return { inputRef, removeButtons, focusAfterRemoving }
}

/**
 * Shrinks and sends each file in turn after the photos already queued,
 * stopping at the first that fails: those sent before it are kept.
 */
async function sendPhotosInTurn({
  files,
  queued,
  onStep,
  onProgress,
  onSent,
}: {
  files: File[]
  queued: QueuedPhoto[]
  onStep: (step: Step) => void
  onProgress: (progress: Progress) => void
  onSent: (photos: QueuedPhoto[]) => void
}): Promise<{ photos: QueuedPhoto[]; failure?: string }> {
  let photos = queued
  for (const [position, file] of files.entries()) {
    const step = { index: position + 1, total: files.length }
    onStep(step)
    try {
      const photo = await shrinkAndSend(file, (percent) => onProgress({ ...step, percent }))
      photos = [...photos, photo]
      onSent(photos)
    } catch (error) {
      const failure = error instanceof PhotoNotSentError ? error.message : SEND_MESSAGES.other
      return { photos, failure }
    }
  }
  return { photos }
}

/** One photo shrunk in the browser and sent; a file that is not a photo says so by name. */
async function shrinkAndSend(
  file: File,
  onProgress: (percent: number) => void,
): Promise<QueuedPhoto> {
  const compressed = await compressImage(file).catch(() => {
    throw new PhotoNotSentError(
      `We could not open “${file.name}”. Please choose a JPEG, PNG or WebP photo.`,
    )
  })
  return sendInspirationPhoto(compressed, { fileName: file.name, onProgress })
}

/** What the picker says once the chosen photos are sent, or stopped. */
function noticeAfterSending({
  failure,
  leftOut,
  added,
  count,
}: {
  failure?: string
  leftOut: number
  added: number
  count: number
}): Notice {
  if (failure) return { kind: 'error', text: failure }
  if (leftOut > 0) {
    return {
      kind: 'error',
      text: `An order can carry ${MAX_INSPIRATION_PHOTOS} photos, so ${leftOut === 1 ? 'one was' : `${leftOut} were`} left out.`,
    }
  }
  return { kind: 'status', text: addedText({ added, count }) }
}

/** What the photos are for, or that there is no room for another. */
function PickerHint({ id, full }: { id: string; full: boolean }) {
  return (
    <p id={id} className="form-hint">
      {full
        ? `${MAX_INSPIRATION_PHOTOS} of ${MAX_INSPIRATION_PHOTOS} photos added. Remove one to add another.`
        : 'A cake you love, a colour palette, the party’s theme. Only you and the baker see them.'}
    </p>
  )
}

/** How far the photo being sent has gone, named for screen readers. */
function SendProgress({ progress }: { progress: Progress }) {
  return (
    <progress
      className="upload-progress"
      max={100}
      value={progress.percent}
      aria-label={sendingText(progress)}
    />
  )
}

/** The picker's last word, announced politely: sending, added, removed or why not. */
function PickerNotice({ notice }: { notice: Notice | null }) {
  return (
    <div aria-live="polite" aria-atomic="true" className="inspiration-notice">
      {notice ? (
        <p className={notice.kind === 'error' ? 'form-error' : 'form-hint'}>{notice.text}</p>
      ) : null}
    </div>
  )
}

/** The queued photos' previews, each with its remove button and its posted key. */
function PhotoThumbs({
  photos,
  name,
  disabled,
  removeButtons,
  onRemove,
}: {
  photos: QueuedPhoto[]
  name: string
  disabled: boolean
  removeButtons: RefObject<(HTMLButtonElement | null)[]>
  onRemove: (index: number) => void
}) {
  return (
    <ul className="inspiration-thumbs" aria-label="Your inspiration photos">
      {photos.map((photo, index) => (
        <li key={photo.key} className="inspiration-thumb">
          <img src={photo.preview} alt={`Inspiration ${index + 1}`} />
          <button
            ref={(button) => {
              removeButtons.current[index] = button
            }}
            type="button"
            className="inspiration-remove"
            aria-label={`Remove photo ${index + 1}`}
            disabled={disabled}
            onClick={() => onRemove(index)}
          >
            <RemoveIcon />
          </button>
          <input type="hidden" name={name} value={photo.key} />
        </li>
      ))}
    </ul>
  )
}

/** The remove button's cross, hidden from screen readers: the button's label says it. */
function RemoveIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16">
      <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  )
}

function sendingText({ index, total }: Step): string {
  return total === 1 ? 'Sending your photo…' : `Sending photo ${index} of ${total}…`
}

function addedText({ added, count }: { added: number; count: number }): string {
  const done = added === 1 ? 'Photo added.' : `${added} photos added.`
  const left = MAX_INSPIRATION_PHOTOS - count
  return left === 0
    ? `${done} That is all ${MAX_INSPIRATION_PHOTOS} this order can carry.`
    : `${done} You can add ${left} more.`
}
