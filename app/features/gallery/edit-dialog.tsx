import { type FormEvent, useCallback, useId, useRef, useState } from 'react'
import { useModalDialog } from '#app/components/modal-dialog.ts'
import { ModalHeader } from '#app/components/modal-header.tsx'
import type { GalleryImage } from './gallery-image.ts'
import { GalleryPicture } from './gallery-picture.tsx'
import { TAG_RULE, TOO_MANY_TAGS } from './gallery-tags.ts'
import { TagPicker } from './tag-picker.tsx'
import { ALT_MISSING, PHOTO_TEXT_LIMITS, tidyText } from './upload-fields.ts'

const NO_TAG = 'Please select at least one tag.'
const SIGNED_OUT = 'Your session has ended. Please sign in again to save.'
const NOT_SAVED = 'The photo could not be saved. Please try again.'

/**
 * The owner's edit of one photo after upload, in the site's modal: its alt
 * text, caption and tags. Saved with PATCH /api/gallery/:id and the version
 * the dialog opened with; if the photo was changed in another window since,
 * the dialog shows it as it is now and says so, rather than overwrite it.
 */
export function EditDialog({
  image,
  tagsInUse,
  onClose,
  onSaved,
}: {
  image: GalleryImage
  tagsInUse: string[]
  onClose: () => void
  onSaved: (image: GalleryImage) => void
}) {
  const titleId = useId()
  const altId = useId()
  const altHintId = useId()
  const captionId = useId()
  const captionHintId = useId()
  const [base, setBase] = useState(image)
  const [alt, setAlt] = useState(image.alt)
  const [caption, setCaption] = useState(image.caption ?? '')
  const [tags, setTags] = useState(image.tags)
  const [saving, setSaving] = useState(false)
  const savingNow = useRef(false)
  const keepOpen = useCallback(() => savingNow.current, [])
  const saved = useRef<GalleryImage | null>(null)
  const { close, dialogProps } = useModalDialog({
    onClosed: () => (saved.current ? onSaved(saved.current) : onClose()),
    keepOpen,
  })
  const [error, setError] = useState<string | null>(null)

  const missing = tidyText(alt) === '' ? ALT_MISSING : tags.length === 0 ? NO_TAG : null

  async function save(event: FormEvent) {
    event.preventDefault()
    if (savingNow.current) return
    if (missing) return setError(missing)
    setError(null)
    savingNow.current = true
    setSaving(true)
    let problem: string | null = null
    try {
      const response = await fetch(`/api/gallery/${base.id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ tags, alt, caption, version: base.version }),
      })
      const body = (await response.json().catch(() => null)) as {
        error?: string
        image?: GalleryImage
      } | null
      if (response.ok) {
        saved.current = body as GalleryImage
      } else if (response.status === 409 && body?.image) {
        // Shown as it is now: her change is made again on top of it.
        const now = body.image
        setBase(now)
        setAlt(now.alt)
        setCaption(now.caption ?? '')
        setTags(now.tags)
        problem = body.error ?? NOT_SAVED
      } else if (response.status === 401) {
        problem = SIGNED_OUT
      } else {
        problem = body?.error ?? NOT_SAVED
      }
    } catch {
      problem = 'The photo could not be saved: the network is down. Please try again.'
    }
    savingNow.current = false
    setSaving(false)
    if (problem) setError(problem)
    else close()
  }

  return (
    <dialog {...dialogProps} className="modal edit-dialog" aria-labelledby={titleId}>
      <form className="modal-panel grid gap-5" onSubmit={(event) => void save(event)}>
        <ModalHeader titleId={titleId} title="Edit photo" onClose={close} closeDisabled={saving} />
        <div className="flex items-center gap-4">
          <GalleryPicture image={base} alt="" sizes="6rem" className="edit-thumbnail" />
          <p className="text-sm">Changes show on the public gallery as soon as you save.</p>
        </div>

        <div className="form-field">
          <label htmlFor={altId} className="form-label">
            Describe this photo
          </label>
          <textarea
            id={altId}
            rows={3}
            value={alt}
            maxLength={PHOTO_TEXT_LIMITS.alt}
            aria-required="true"
            aria-invalid={error === ALT_MISSING ? true : undefined}
            aria-describedby={altHintId}
            disabled={saving}
            onChange={(event) => setAlt(event.target.value)}
          />
          <span id={altHintId} className="form-hint">
            Read aloud to people who cannot see the photo, and shown if it cannot load.
          </span>
        </div>

        <div className="form-field">
          <label htmlFor={captionId} className="form-label">
            Caption <span className="form-optional">(optional)</span>
          </label>
          <input
            id={captionId}
            type="text"
            value={caption}
            maxLength={PHOTO_TEXT_LIMITS.caption}
            aria-describedby={captionHintId}
            disabled={saving}
            onChange={(event) => setCaption(event.target.value)}
          />
          <span id={captionHintId} className="form-hint">
            Shown under the photo in the larger view.
          </span>
        </div>

        <TagPicker
          tagsInUse={tagsInUse}
          chosen={tags}
          onChange={setTags}
          disabled={saving}
          onProblem={(found) =>
            found
              ? setError(found)
              : setError((shown) => (shown === TAG_RULE || shown === TOO_MANY_TAGS ? null : shown))
          }
        />

        <p role="alert" className={error ? 'status-error' : 'sr-only'}>
          {error}
        </p>

        <div className="modal-actions">
          <button type="button" className="button-secondary" onClick={close} disabled={saving}>
            Cancel
          </button>
          <button type="submit" className="button-primary" aria-disabled={saving}>
            {saving ? 'Saving...' : 'Save changes'}
          </button>
        </div>
      </form>
    </dialog>
  )
}
