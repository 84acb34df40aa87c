import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react'
import { compressImage } from '#app/features/media/compress-image.ts'
import { MAX_INSPIRATION_PHOTOS, type QueuedPhoto } from './queued-photo.ts'
import { PhotoNotSentError, SEND_MESSAGES, sendInspirationPhoto } from './send-photo.ts'

interface Progress {
  /** 1-based: the photo being sent now. */
  index: number
  total: number
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
  const [progress, setProgress] = useState<Progress | null>(null)
  const [notice, setNotice] = useState<Notice | null>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const removeButtons = useRef<(HTMLButtonElement | null)[]>([])
  // Where focus goes once a removed photo's button is gone: the next photo's
  // button, else the last one's, else the file input; never lost to the page.
  const focusAfterRemove = useRef<number | null>(null)
  // The photos as last rendered, for uploads that finish after the props moved on.
  const latest = useRef(value)
  useEffect(() => {
    latest.current = value
  }, [value])

  useEffect(() => {
    const removed = focusAfterRemove.current
    if (removed === null) return
    focusAfterRemove.current = null
    const buttons = removeButtons.current.slice(0, value.length)
    ;(buttons[removed] ?? buttons.at(-1) ?? inputRef.current)?.focus()
  }, [value])

  const room = MAX_INSPIRATION_PHOTOS - value.length
  const busy = progress !== null
  const full = room <= 0

  async function addFiles(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget
    const files = Array.from(input.files ?? [])
    // Cleared at once, so choosing the same photo again after a failure works.
    input.value = ''
    if (files.length === 0) return
    const chosen = files.slice(0, Math.max(0, MAX_INSPIRATION_PHOTOS - latest.current.length))
    const leftOut = files.length - chosen.length
    let photos = latest.current
    let failure: string | undefined
    for (const [position, file] of chosen.entries()) {
      const step = { index: position + 1, total: chosen.length }
      setProgress({ ...step, percent: 0 })
      setNotice({ kind: 'status', text: sendingText(step) })
      try {
        const compressed = await compressImage(file).catch(() => {
          throw new PhotoNotSentError(
            `We could not open “${file.name}”. Please choose a JPEG, PNG or WebP photo.`,
          )
        })
        const photo = await sendInspirationPhoto(compressed, {
          fileName: file.name,
          onProgress: (percent) => setProgress({ ...step, percent }),
        })
        photos = [...photos, photo]
        latest.current = photos
        onChange(photos)
      } catch (error) {
        failure = error instanceof PhotoNotSentError ? error.message : SEND_MESSAGES.other
        break
      }
    }
    setProgress(null)
    if (failure) setNotice({ kind: 'error', text: failure })
    else if (leftOut > 0) {
      setNotice({
        kind: 'error',
        text: `An order can carry ${MAX_INSPIRATION_PHOTOS} photos, so ${leftOut === 1 ? 'one was' : `${leftOut} were`} left out.`,
      })
    } else {
      setNotice({ kind: 'status', text: addedText({ added: chosen.length, count: photos.length }) })
    }
  }

  function remove(index: number) {
    onChange(value.filter((_, at) => at !== index))
    setNotice({ kind: 'status', text: `Photo ${index + 1} removed.` })
    focusAfterRemove.current = index
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
      <p id={hintId} className="form-hint">
        {full
          ? `${MAX_INSPIRATION_PHOTOS} of ${MAX_INSPIRATION_PHOTOS} photos added. Remove one to add another.`
          : 'A cake you love, a colour palette, the party’s theme. Only you and the baker see them.'}
      </p>
      {progress ? (
        <progress
          className="upload-progress"
          max={100}
          value={progress.percent}
          aria-label={sendingText(progress)}
        />
      ) : null}
      <div aria-live="polite" aria-atomic="true" className="inspiration-notice">
        {notice ? (
          <p className={notice.kind === 'error' ? 'form-error' : 'form-hint'}>{notice.text}</p>
        ) : null}
      </div>
      {value.length > 0 ? (
        <ul className="inspiration-thumbs" aria-label="Your inspiration photos">
          {value.map((photo, index) => (
            <li key={photo.key} className="inspiration-thumb">
              <img src={photo.preview} alt={`Inspiration ${index + 1}`} />
              <button
                ref={(button) => {
                  removeButtons.current[index] = button
                }}
                type="button"
                className="inspiration-remove"
                aria-label={`Remove photo ${index + 1}`}
                disabled={disabled || busy}
                onClick={() => remove(index)}
              >
                <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16">
                  <path
                    d="M6 6l12 12M18 6 6 18"
                    stroke="currentColor"
                    strokeWidth="3"
                    strokeLinecap="round"
                  />
                </svg>
              </button>
              <input type="hidden" name={name} value={photo.key} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

function sendingText({ index, total }: { index: number; total: number }): string {
  return total === 1 ? 'Sending your photo…' : `Sending photo ${index} of ${total}…`
}

function addedText({ added, count }: { added: number; count: number }): string {
  const done = added === 1 ? 'Photo added.' : `${added} photos added.`
  const left = MAX_INSPIRATION_PHOTOS - count
  return left === 0
    ? `${done} That is all ${MAX_INSPIRATION_PHOTOS} this order can carry.`
    : `${done} You can add ${left} more.`
}
