import {
  type ChangeEvent,
  type DragEvent,
  type FormEvent,
  type KeyboardEvent,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react'
import { useModalDialog } from '#app/components/modal-dialog.ts'
import { ModalHeader } from '#app/components/modal-header.tsx'
import { site } from '#app/content/site.ts'
import { CompressionFailedError, compressImage } from '#app/features/media/compress-image.ts'
import type { GalleryImage } from './gallery-image.ts'
import {
  isValidTag,
  MAX_TAG_LENGTH,
  MAX_TAGS_PER_IMAGE,
  normalizeTag,
  orderTags,
  TAG_RULE,
  tagLabel,
  TOO_MANY_TAGS,
  toggleTag,
} from './gallery-tags.ts'
import { UPLOAD_MESSAGES, UploadFailedError, uploadImage } from './upload-client.ts'

const NO_FILE = 'Please select an image file.'
const NO_TAG = 'Please select at least one tag.'

/** The photo's size as the owner knows it, e.g. '3.47 MB'. */
function formatMegabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`
}

/**
 * The owner's upload form in a native modal <dialog>: choose or drop a
 * photo, see it and its size, pick tags (or add one), and send. The photo is
 * shrunk in the browser first; the progress bar follows the bytes sent.
 */
export function UploadDialog({
  tagsInUse,
  onClose,
  onUploaded,
}: {
  tagsInUse: string[]
  onClose: () => void
  onUploaded: (image: GalleryImage) => void
}) {
  const fileInputRef = useRef<HTMLInputElement>(null)
  const titleId = useId()
  const hintId = useId()
  const [chosen, setChosen] = useState<{ file: File; previewUrl: string } | null>(null)
  const [addedTags, setAddedTags] = useState<string[]>([])
  const [chosenTags, setChosenTags] = useState<string[]>([])
  const [newTag, setNewTag] = useState('')
  const [uploading, setUploading] = useState(false)
  // Read when the dialog is asked to close, which some browsers do before
  // React has re-rendered with the latest state.
  const uploadingNow = useRef(false)
  // Closing mid-upload would hide whether the photo arrived.
  const keepOpen = useCallback(() => uploadingNow.current, [])
  const { close, dialogProps } = useModalDialog({ onClosed: onClose, keepOpen })
  const [progress, setProgress] = useState(0)
  const [error, setError] = useState<string | null>(null)
  const [dragging, setDragging] = useState(false)

  const offeredTags = orderTags([...site.defaultGalleryTags, ...tagsInUse, ...addedTags])
  const atTagLimit = chosenTags.length >= MAX_TAGS_PER_IMAGE

  const previewUrl = chosen?.previewUrl
  useEffect(() => {
    if (!previewUrl) return
    return () => URL.revokeObjectURL(previewUrl)
  }, [previewUrl])

  const missing = !chosen ? NO_FILE : chosenTags.length === 0 ? NO_TAG : null

  function choose(picked: File | undefined) {
    setError(null)
    if (picked?.type.startsWith('image/')) {
      return setChosen({ file: picked, previewUrl: URL.createObjectURL(picked) })
    }
    setChosen(null)
    if (!picked) return setError(NO_FILE)
    if (fileInputRef.current) fileInputRef.current.value = ''
    setError('Please select a valid image file.')
  }

  function addTag() {
    const tag = normalizeTag(newTag)
    // Chosen tags are always among the offered ones.
    if (tag && !chosenTags.includes(tag)) {
      if (atTagLimit) return setError(TOO_MANY_TAGS)
      if (!offeredTags.includes(tag)) {
        // What was typed stays in the field to be corrected.
        if (!isValidTag(tag)) return setError(TAG_RULE)
        setAddedTags([...addedTags, tag])
      }
      setChosenTags([...chosenTags, tag])
    }
    setNewTag('')
    if (error === TAG_RULE || error === TOO_MANY_TAGS) setError(null)
  }

  async function upload(event: FormEvent) {
    event.preventDefault()
    if (uploadingNow.current) return
    if (missing) return setError(missing)
    // No message missing: a photo is chosen.
    const { file } = chosen!
    setError(null)
    uploadingNow.current = true
    setUploading(true)
    setProgress(0)
    try {
      const compressed = await compressImage(file)
      const image = await uploadImage({
        file: compressed,
        fileName: file.name,
        tags: chosenTags,
        originalSize: file.size,
        onProgress: setProgress,
      })
      uploadingNow.current = false
      setUploading(false)
      close()
      onUploaded(image)
    } catch (failure) {
      uploadingNow.current = false
      setUploading(false)
      const known =
        failure instanceof UploadFailedError || failure instanceof CompressionFailedError
      setError(known ? failure.message : UPLOAD_MESSAGES.other)
    }
  }

  return (
    <dialog {...dialogProps} className="modal upload-dialog" aria-labelledby={titleId}>
      <form className="modal-panel grid gap-5" onSubmit={(event) => void upload(event)}>
        <ModalHeader
          titleId={titleId}
          title="Add a photo"
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
            if (!uploading) choose(event.dataTransfer.files[0])
          }}
        >
          {chosen ? (
            <span className="grid justify-items-center gap-2">
              <img
                src={chosen.previewUrl}
                alt="Preview of your choice"
                className="upload-preview"
              />
              <span className="text-sm font-bold">
                {chosen.file.name} · {formatMegabytes(chosen.file.size)}
              </span>
              <span className="text-sm text-link">Choose another photo</span>
            </span>
          ) : (
            <span className="grid justify-items-center gap-1 text-center">
              <span className="font-bold">Choose a photo</span>
              <span className="text-sm">or drop it here</span>
            </span>
          )}
          <input
            ref={fileInputRef}
            type="file"
            name="file"
            accept="image/*"
            className="sr-only"
            disabled={uploading}
            onChange={(event: ChangeEvent<HTMLInputElement>) => choose(event.target.files?.[0])}
          />
        </label>

        <fieldset className="grid gap-3" disabled={uploading}>
          <legend className="form-label">Tags</legend>
          <div className="flex flex-wrap gap-2">
            {offeredTags.map((tag) => {
              const checked = chosenTags.includes(tag)
              return (
                <label key={tag} className={checked ? 'tag-option tag-option-on' : 'tag-option'}>
                  <input
                    type="checkbox"
                    className="sr-only"
                    checked={checked}
                    disabled={!checked && atTagLimit}
                    onChange={() => setChosenTags(toggleTag(chosenTags, tag))}
                  />
                  {tagLabel(tag)}
                </label>
              )
            })}
          </div>
          {atTagLimit ? (
            <p className="form-hint" role="status">
              {MAX_TAGS_PER_IMAGE} tags chosen, the most one photo can have.
            </p>
          ) : null}
          <div className="flex gap-2">
            <label className="form-field grow">
              <span className="sr-only">New tag</span>
              <input
                type="text"
                value={newTag}
                maxLength={MAX_TAG_LENGTH}
                placeholder="Add a new tag"
                onChange={(event) => setNewTag(event.target.value)}
                onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
                  if (event.key !== 'Enter') return
                  event.preventDefault()
                  addTag()
                }}
              />
            </label>
            <button type="button" className="button-secondary" onClick={addTag}>
              Add
            </button>
          </div>
        </fieldset>

        {uploading ? (
          <div className="grid gap-1">
            <progress
              className="upload-progress"
              value={progress}
              max={100}
              aria-label="Upload progress"
            >
              {progress}%
            </progress>
            <span className="text-sm font-bold">{progress}% sent</span>
          </div>
        ) : null}
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
            {uploading ? 'Uploading...' : 'Upload'}
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
