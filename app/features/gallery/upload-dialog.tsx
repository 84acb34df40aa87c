import {
  type ChangeEvent,
  type DragEvent,
  type FormEvent,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react'
import { useModalDialog } from '#app/components/modal-dialog.ts'
import { ModalHeader } from '#app/components/modal-header.tsx'
import { CompressionFailedError, compressImage } from '#app/features/media/compress-image.ts'
import type { GalleryImage } from './gallery-image.ts'
import { TAG_RULE, TOO_MANY_TAGS } from './gallery-tags.ts'
import { TagPicker } from './tag-picker.tsx'
import { UPLOAD_MESSAGES, UploadFailedError, uploadImage } from './upload-client.ts'
import { MAX_PHOTOS_PER_PICK, PHOTO_TEXT_LIMITS, tidyText } from './upload-fields.ts'

const NO_FILE = 'Please select an image file.'
const NOT_AN_IMAGE = 'Please select a valid image file.'
const NO_TAG = 'Please select at least one tag.'
const NO_ALT = 'Please describe each photo for people who cannot see it.'
const TOO_MANY_PHOTOS = `At most ${MAX_PHOTOS_PER_PICK} photos go in one upload: the first ${MAX_PHOTOS_PER_PICK} are ready to send.`

/** The photo's size as the owner knows it, e.g. '3.47 MB'. */
function formatMegabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`
}

type PhotoState =
  | { kind: 'ready' }
  | { kind: 'sending'; percent: number }
  | { kind: 'added'; image: GalleryImage }
  | { kind: 'refused'; message: string }

export interface ChosenPhoto {
  key: number
  file: File
  previewUrl: string
  alt: string
  state: PhotoState
}

/** Failures after which the photos still waiting would fail the same way: they are not sent. */
const STOPPING = new Set<string>([UPLOAD_MESSAGES.unauthorized, UPLOAD_MESSAGES.quotaExceeded])

/**
 * The owner's upload form in a native modal <dialog>: choose or drop one
 * photo or several (up to MAX_PHOTOS_PER_PICK), describe each for people who
 * cannot see it, pick the tags and caption they share, and send. Each photo
 * is shrunk in the browser and sent in turn, with its own progress bar and
 * its own outcome: added, or refused with the reason. Photos that were
 * refused stay in the dialog to try again; the added ones are in the
 * gallery at once.
 */
export function UploadDialog({
  tagsInUse,
  onClose,
  onAdded,
  onFinished,
}: {
  tagsInUse: string[]
  onClose: () => void
  /** A photo is in the gallery (the others may still be on their way). */
  onAdded: (image: GalleryImage) => void
  /** Every photo was added: the dialog closes. */
  onFinished: (images: GalleryImage[]) => void
}) {
  const fileInputRef = useRef<HTMLInputElement>(null)
  const titleId = useId()
  const hintId = useId()
  const captionId = useId()
  const captionInputId = useId()
  const [photos, setPhotos] = useState<ChosenPhoto[]>([])
  const nextKey = useRef(0)
  const [chosenTags, setChosenTags] = useState<string[]>([])
  const [caption, setCaption] = useState('')
  const [uploading, setUploading] = useState(false)
  // Read when the dialog is asked to close, which some browsers do before
  // React has re-rendered with the latest state.
  const uploadingNow = useRef(false)
  // Closing mid-upload would hide which photos arrived.
  const keepOpen = useCallback(() => uploadingNow.current, [])
  const { close, dialogProps } = useModalDialog({ onClosed: onClose, keepOpen })
  const [error, setError] = useState<string | null>(null)
  const [dragging, setDragging] = useState(false)

  // Each preview's object URL lives as long as its photo is in the list.
  const previews = useRef(new Map<number, string>())
  useEffect(() => {
    const live = new Set(photos.map((photo) => photo.key))
    for (const [key, url] of previews.current) {
      if (!live.has(key)) {
        URL.revokeObjectURL(url)
        previews.current.delete(key)
      }
    }
  }, [photos])
  useEffect(() => {
    const all = previews.current
    return () => all.forEach((url) => URL.revokeObjectURL(url))
  }, [])

  const waiting = photos.filter((photo) => photo.state.kind !== 'added')
  const several = photos.length > 1
  const missing =
    waiting.length === 0
      ? NO_FILE
      : chosenTags.length === 0
        ? NO_TAG
        : waiting.some((photo) => tidyText(photo.alt) === '')
          ? NO_ALT
          : null

  function update(key: number, change: Partial<ChosenPhoto>) {
    setPhotos((all) => all.map((photo) => (photo.key === key ? { ...photo, ...change } : photo)))
  }

  function choose(picked: FileList | null | undefined) {
    setError(null)
    const files = [...(picked ?? [])]
    if (fileInputRef.current) fileInputRef.current.value = ''
    if (files.length === 0) return photos.length === 0 ? setError(NO_FILE) : undefined
    const images = files.filter((file) => file.type.startsWith('image/'))
    const skipped = files.filter((file) => !file.type.startsWith('image/'))
    const room = MAX_PHOTOS_PER_PICK - photos.length
    const taken = images.slice(0, Math.max(0, room))
    const added = taken.map((file): ChosenPhoto => {
      const key = nextKey.current++
      const previewUrl = URL.createObjectURL(file)
      previews.current.set(key, previewUrl)
      return { key, file, previewUrl, alt: '', state: { kind: 'ready' } }
    })
    setPhotos([...photos, ...added])
    if (images.length > taken.length) setError(TOO_MANY_PHOTOS)
    else if (skipped.length > 0 && images.length === 0) setError(NOT_AN_IMAGE)
    else if (skipped.length > 0) {
      setError(`Not a photo, so left out: ${skipped.map((file) => file.name).join(', ')}.`)
    }
  }

  function remove(key: number) {
    setPhotos(photos.filter((photo) => photo.key !== key))
    setError(null)
  }

  /** One photo, shrunk and sent; its outcome is recorded on it and returned. */
  async function send(photo: ChosenPhoto): Promise<PhotoState> {
    update(photo.key, { state: { kind: 'sending', percent: 0 } })
    let outcome: PhotoState
    try {
      const compressed = await compressImage(photo.file)
      const image = await uploadImage({
        file: compressed,
        fileName: photo.file.name,
        tags: chosenTags,
        alt: tidyText(photo.alt),
        caption: tidyText(caption),
        originalSize: photo.file.size,
        onProgress: (percent) => update(photo.key, { state: { kind: 'sending', percent } }),
      })
      outcome = { kind: 'added', image }
      onAdded(image)
    } catch (failure) {
      const known =
        failure instanceof UploadFailedError || failure instanceof CompressionFailedError
      outcome = { kind: 'refused', message: known ? failure.message : UPLOAD_MESSAGES.other }
    }
    update(photo.key, { state: outcome })
    return outcome
  }

  async function upload(event: FormEvent) {
    event.preventDefault()
    if (uploadingNow.current) return
    if (missing) return setError(missing)
    setError(null)
    uploadingNow.current = true
    setUploading(true)
    const toSend = waiting
    const refusals: string[] = []
    const added = photos.flatMap((photo) =>
      photo.state.kind === 'added' ? [photo.state.image] : [],
    )
    // One after another: the server processes one photo at a time anyway, and
    // a phone's uplink is best spent on one photo's bytes at once.
    for (const [index, photo] of toSend.entries()) {
      const outcome = await send(photo)
      if (outcome.kind === 'added') added.push(outcome.image)
      if (outcome.kind !== 'refused') continue
      refusals.push(outcome.message)
      if (STOPPING.has(outcome.message)) {
        for (const rest of toSend.slice(index + 1)) {
          update(rest.key, {
            state: { kind: 'refused', message: 'Not sent, for the same reason.' },
          })
        }
        break
      }
    }
    uploadingNow.current = false
    setUploading(false)
    if (refusals.length === 0) {
      close()
      onFinished(added)
      return
    }
    setError(
      photos.length === 1
        ? refusals[0]!
        : `${added.length} of ${photos.length} photos added. ${refusals[0]} The others are marked below: send them again when you are ready.`,
    )
  }

  const sendLabel = uploading
    ? 'Uploading...'
    : waiting.length > 1
      ? `Upload ${waiting.length} photos`
      : 'Upload'

  return (
    <dialog {...dialogProps} className="modal upload-dialog" aria-labelledby={titleId}>
      <form className="modal-panel grid gap-5" onSubmit={(event) => void upload(event)}>
        <ModalHeader
          titleId={titleId}
          title={several ? 'Add photos' : 'Add a photo'}
          onClose={close}
          closeDisabled={uploading}
        />

        <label
          className={dragging ? 'drop-zone drop-zone-active' : 'drop-zone'}
          onDragOver={(event: DragEvent) => {
            event.preventDefault()
            if (!uploading) setDragging(true)
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(event: DragEvent) => {
            event.preventDefault()
            setDragging(false)
            if (!uploading) choose(event.dataTransfer.files)
          }}
        >
          <span className="font-bold">
            {photos.length === 0 ? 'Choose photos' : 'Add more photos'}
          </span>
          <span className="text-center text-sm">
            Or drop them here: up to {MAX_PHOTOS_PER_PICK} at once
          </span>
          <input
            ref={fileInputRef}
            type="file"
            name="file"
            accept="image/*"
            multiple
            className="sr-only"
            disabled={uploading || photos.length >= MAX_PHOTOS_PER_PICK}
            onChange={(event: ChangeEvent<HTMLInputElement>) => choose(event.target.files)}
          />
        </label>

        {photos.length > 0 ? (
          <ol className="upload-list" aria-label="Chosen photos">
            {photos.map((photo) => (
              <ChosenPhotoItem
                key={photo.key}
                photo={photo}
                disabled={uploading || photo.state.kind === 'added'}
                onAlt={(alt) => update(photo.key, { alt })}
                onRemove={() => remove(photo.key)}
              />
            ))}
          </ol>
        ) : null}

        <div className="form-field">
          <label htmlFor={captionInputId} className="form-label">
            Caption{' '}
            <span className="form-optional">(optional{several ? ', for every photo' : ''})</span>
          </label>
          <input
            id={captionInputId}
            type="text"
            value={caption}
            maxLength={PHOTO_TEXT_LIMITS.caption}
            disabled={uploading}
            aria-describedby={captionId}
            onChange={(event) => setCaption(event.target.value)}
          />
          <span id={captionId} className="form-hint">
            Shown under the photo in the larger view.
          </span>
        </div>

        <TagPicker
          tagsInUse={tagsInUse}
          chosen={chosenTags}
          onChange={setChosenTags}
          disabled={uploading}
          onProblem={(problem) =>
            problem
              ? setError(problem)
              : setError((shown) => (shown === TAG_RULE || shown === TOO_MANY_TAGS ? null : shown))
          }
        />

        <p role="alert" className={error ? 'status-error' : 'sr-only'}>
          {error}
        </p>

        <div className="grid gap-2">
          {/* aria-disabled rather than disabled: the button keeps the keyboard's
              focus while it sends and after a failure, and the hint saying what
              is missing stays reachable; pressing it then shows that message. */}
          <button
            type="submit"
            className="button-primary"
            aria-disabled={uploading || missing !== null}
            aria-describedby={missing && !error ? hintId : undefined}
          >
            {sendLabel}
          </button>
          {missing && !error ? (
            <p id={hintId} className="form-hint text-center">
              {missing}
            </p>
          ) : null}
        </div>
      </form>
    </dialog>
  )
}

/** One chosen photo: its preview, name and size, its alt text, and how its upload went. */
export function ChosenPhotoItem({
  photo,
  disabled,
  onAlt,
  onRemove,
}: {
  photo: ChosenPhoto
  disabled: boolean
  onAlt: (alt: string) => void
  onRemove: () => void
}) {
  const altId = useId()
  const altHintId = useId()
  const { state, file } = photo
  const name = file.name
  return (
    <li className="upload-item">
      <img src={photo.previewUrl} alt={`Preview of ${name}`} className="upload-thumbnail" />
      <div className="grid min-w-0 gap-2">
        <div className="flex items-start justify-between gap-2">
          <span className="min-w-0 text-sm font-bold break-words">
            {name} · {formatMegabytes(file.size)}
          </span>
          {state.kind === 'ready' || state.kind === 'refused' ? (
            <button
              type="button"
              className="upload-remove"
              aria-label={`Remove ${name}`}
              disabled={disabled}
              onClick={onRemove}
            >
              <span aria-hidden="true">×</span>
            </button>
          ) : null}
        </div>
        {state.kind === 'added' ? (
          <p className="status-success text-sm">Added: “{state.image.alt}”</p>
        ) : (
          <div className="form-field">
            <label htmlFor={altId} className="form-label text-sm">
              Describe this photo
            </label>
            <textarea
              id={altId}
              rows={2}
              value={photo.alt}
              maxLength={PHOTO_TEXT_LIMITS.alt}
              aria-required="true"
              disabled={disabled}
              placeholder="e.g. A two-tier lemon cake with white roses"
              aria-describedby={altHintId}
              onChange={(event) => onAlt(event.target.value)}
            />
            <span id={altHintId} className="form-hint">
              Read aloud to people who cannot see it.
            </span>
          </div>
        )}
        {state.kind === 'sending' ? (
          <div className="grid gap-1">
            <progress
              className="upload-progress"
              value={state.percent}
              max={100}
              aria-label={`Upload progress of ${name}`}
            >
              {state.percent}%
            </progress>
            <span className="text-sm font-bold">{state.percent}% sent</span>
          </div>
        ) : null}
        {state.kind === 'refused' ? <p className="status-error text-sm">{state.message}</p> : null}
      </div>
    </li>
  )
}
