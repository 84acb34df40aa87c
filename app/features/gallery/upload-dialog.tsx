import {
  type ChangeEvent,
  type DragEvent,
  type RefObject,
  useCallback,
  useId,
  useRef,
  useState,
} from 'react'
import { useModalDialog } from '#app/components/modal-dialog.ts'
import { ModalHeader } from '#app/components/modal-header.tsx'
import { ChosenPhotoItem } from './chosen-photo-item.tsx'
import { missingFor, useChosenPhotos } from './chosen-photos.ts'
import type { GalleryImage } from './gallery-image.ts'
import { TAG_RULE, TOO_MANY_TAGS } from './gallery-tags.ts'
import { TagPicker } from './tag-picker.tsx'
import { MAX_PHOTOS_PER_PICK, PHOTO_TEXT_LIMITS } from './upload-fields.ts'
import { useUploadRun } from './upload-run.ts'

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
  const form = useUploadForm({ onClose, onAdded, onFinished })
  return (
    <dialog {...form.dialogProps} className="modal upload-dialog" aria-labelledby={form.ids.title}>
      <form className="modal-panel grid gap-5" onSubmit={(event) => void form.upload(event)}>
        <ModalHeader
          titleId={form.ids.title}
          title={form.several ? 'Add photos' : 'Add a photo'}
          onClose={form.close}
          closeDisabled={form.uploading}
        />

        <DropZone
          fileInputRef={form.fileInputRef}
          chosen={form.photos.length}
          uploading={form.uploading}
          onChoose={form.choose}
        />

        <ChosenPhotoList form={form} />

        <CaptionField
          ids={{ input: form.ids.captionInput, hint: form.ids.caption }}
          caption={form.caption}
          several={form.several}
          uploading={form.uploading}
          onChange={form.setCaption}
        />

        <TagPicker
          tagsInUse={tagsInUse}
          chosen={form.chosenTags}
          onChange={form.setChosenTags}
          disabled={form.uploading}
          onProblem={(problem) => showTagProblem(form, problem)}
        />

        <p role="alert" className={form.error ? 'status-error' : 'sr-only'}>
          {form.error}
        </p>

        <SendButton
          waiting={form.waiting.length}
          hintId={form.ids.hint}
          uploading={form.uploading}
          missing={form.missing}
          error={form.error}
        />
      </form>
    </dialog>
  )
}

type UploadForm = ReturnType<typeof useUploadForm>

/** The photos chosen so far, each with its alt text and a way to take it out. */
function ChosenPhotoList({ form }: { form: UploadForm }) {
  if (form.photos.length === 0) return null
  return (
    <ol className="upload-list" aria-label="Chosen photos">
      {form.photos.map((photo) => (
        <ChosenPhotoItem
          key={photo.key}
          photo={photo}
          disabled={form.uploading || photo.state.kind === 'added'}
          onAlt={(alt) => form.update(photo.key, { alt })}
          onRemove={() => form.remove(photo.key)}
        />
      ))}
    </ol>
  )
}

/** A tag's problem is the dialog's message; once put right, only a tag's message goes. */
function showTagProblem(form: UploadForm, problem: string | null) {
  if (problem) form.setError(problem)
  else form.setError((shown) => (shown === TAG_RULE || shown === TOO_MANY_TAGS ? null : shown))
}

/**
 * The upload dialog's state: the photos chosen, the tags and caption they
 * share, what is missing and the send, and the modal that stays open while
 * photos are on their way.
 */
function useUploadForm({
  onClose,
  onAdded,
  onFinished,
}: {
  onClose: () => void
  onAdded: (image: GalleryImage) => void
  onFinished: (images: GalleryImage[]) => void
}) {
  const titleId = useId()
  const hintId = useId()
  const captionId = useId()
  const captionInputId = useId()
  const [error, setError] = useState<string | null>(null)
  const { fileInputRef, photos, update, choose, remove } = useChosenPhotos(setError)
  const [chosenTags, setChosenTags] = useState<string[]>([])
  const [caption, setCaption] = useState('')
  // Read when the dialog is asked to close, which some browsers do before
  // React has re-rendered with the latest state.
  const uploadingNow = useRef(false)
  // Closing mid-upload would hide which photos arrived.
  const keepOpen = useCallback(() => uploadingNow.current, [])
  const { close, dialogProps } = useModalDialog({ onClosed: onClose, keepOpen })

  const waiting = photos.filter((photo) => photo.state.kind !== 'added')
  const several = photos.length > 1
  const missing = missingFor(waiting, chosenTags)
  const { uploading, upload } = useUploadRun({
    uploadingNowRef: uploadingNow,
    photos,
    waiting,
    missing,
    chosenTags,
    caption,
    update,
    setError,
    onAdded,
    finish: (added) => {
      close()
      onFinished(added)
    },
  })
  const ids = { title: titleId, hint: hintId, caption: captionId, captionInput: captionInputId }
  return {
    ids,
    error,
    setError,
    fileInputRef,
    photos,
    update,
    choose,
    remove,
    chosenTags,
    setChosenTags,
    caption,
    setCaption,
    close,
    dialogProps,
    waiting,
    several,
    missing,
    uploading,
    upload,
  }
}

/** Where she chooses photos, or drops them: up to MAX_PHOTOS_PER_PICK in all. */
function DropZone({
  fileInputRef,
  chosen,
  uploading,
  onChoose,
}: {
  fileInputRef: RefObject<HTMLInputElement | null>
  /** How many photos are chosen already. */
  chosen: number
  uploading: boolean
  onChoose: (picked: FileList | null | undefined) => void
}) {
  const [dragging, setDragging] = useState(false)
  return (
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
        if (!uploading) onChoose(event.dataTransfer.files)
      }}
    >
      <span className="font-bold">{chosen === 0 ? 'Choose photos' : 'Add more photos'}</span>
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
        disabled={uploading || chosen >= MAX_PHOTOS_PER_PICK}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChoose(event.target.files)}
      />
    </label>
  )
}

/** The caption the photos sent together share. */
function CaptionField({
  ids,
  caption,
  several,
  uploading,
  onChange,
}: {
  ids: { input: string; hint: string }
  caption: string
  several: boolean
  uploading: boolean
  onChange: (caption: string) => void
}) {
  return (
    <div className="form-field">
      <label htmlFor={ids.input} className="form-label">
        Caption{' '}
        <span className="form-optional">(optional{several ? ', for every photo' : ''})</span>
      </label>
      <input
        id={ids.input}
        type="text"
        value={caption}
        maxLength={PHOTO_TEXT_LIMITS.caption}
        disabled={uploading}
        aria-describedby={ids.hint}
        onChange={(event) => onChange(event.target.value)}
      />
      <span id={ids.hint} className="form-hint">
        Shown under the photo in the larger view.
      </span>
    </div>
  )
}

function SendButton({
  waiting,
  hintId,
  uploading,
  missing,
  error,
}: {
  /** How many photos the button sends. */
  waiting: number
  hintId: string
  uploading: boolean
  missing: string | null
  error: string | null
}) {
  const label = uploading ? 'Uploading...' : waiting > 1 ? `Upload ${waiting} photos` : 'Upload'
  return (
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
        {label}
      </button>
      {missing && !error ? (
        <p id={hintId} className="form-hint text-center">
          {missing}
        </p>
      ) : null}
    </div>
  )
}
