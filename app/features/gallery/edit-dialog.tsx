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
  const draft = usePhotoDraft(image)
  const { saving, error, save, close, dialogProps, onTagProblem } = usePhotoSave({
    draft,
    onClose,
    onSaved,
  })

  return (
    <dialog {...dialogProps} className="modal edit-dialog" aria-labelledby={titleId}>
      <form className="modal-panel grid gap-5" onSubmit={(event) => void save(event)}>
        <ModalHeader titleId={titleId} title="Edit photo" onClose={close} closeDisabled={saving} />
        <PhotoBeingEdited image={draft.base} />
        <AltField
          id={altId}
          hintId={altHintId}
          value={draft.alt}
          invalid={error === ALT_MISSING}
          disabled={saving}
          onChange={draft.setAlt}
        />
        <CaptionField
          id={captionId}
          hintId={captionHintId}
          value={draft.caption}
          disabled={saving}
          onChange={draft.setCaption}
        />
        <TagPicker
          tagsInUse={tagsInUse}
          chosen={draft.tags}
          onChange={draft.setTags}
          disabled={saving}
          onProblem={onTagProblem}
        />
        <p role="alert" className={error ? 'status-error' : 'sr-only'}>
          {error}
        </p>
        <EditActions saving={saving} onCancel={close} />
      </form>
    </dialog>
  )
}

/** The photo as the dialog shows it, and her alt text, caption and tags as she edits them. */
function usePhotoDraft(image: GalleryImage) {
  const [base, setBase] = useState(image)
  const [alt, setAlt] = useState(image.alt)
  const [caption, setCaption] = useState(image.caption ?? '')
  const [tags, setTags] = useState(image.tags)
  function showAsNow(now: GalleryImage) {
    setBase(now)
    setAlt(now.alt)
    setCaption(now.caption ?? '')
    setTags(now.tags)
  }
  return { base, alt, setAlt, caption, setCaption, tags, setTags, showAsNow }
}

type PhotoDraft = ReturnType<typeof usePhotoDraft>

/**
 * The save and the dialog around it: nothing closes it while a save is on
 * its way, and once closed the gallery hears of the photo as saved, if it was.
 */
function usePhotoSave({
  draft,
  onClose,
  onSaved,
}: {
  draft: PhotoDraft
  onClose: () => void
  onSaved: (image: GalleryImage) => void
}) {
  const [saving, setSaving] = useState(false)
  const savingNow = useRef(false)
  const keepOpen = useCallback(() => savingNow.current, [])
  const saved = useRef<GalleryImage | null>(null)
  const { close, dialogProps } = useModalDialog({
    onClosed: () => (saved.current ? onSaved(saved.current) : onClose()),
    keepOpen,
  })
  const [error, setError] = useState<string | null>(null)

  const missing = tidyText(draft.alt) === '' ? ALT_MISSING : draft.tags.length === 0 ? NO_TAG : null

  async function save(event: FormEvent) {
    event.preventDefault()
    if (savingNow.current) return
    if (missing) return setError(missing)
    setError(null)
    savingNow.current = true
    setSaving(true)
    const answer = await sendPhotoEdit(draft)
    if (answer.ok) saved.current = answer.saved
    // Shown as it is now: her change is made again on top of it.
    else if (answer.now) draft.showAsNow(answer.now)
    savingNow.current = false
    setSaving(false)
    const problem = answer.ok ? null : answer.problem
    if (problem) setError(problem)
    else close()
  }

  function onTagProblem(found: string | null) {
    if (found) setError(found)
    else setError((shown) => (shown === TAG_RULE || shown === TOO_MANY_TAGS ? null : shown))
  }

  return { saving, error, save, close, dialogProps, onTagProblem }
}

/** What the server made of a save: the photo as saved, or why not (after a clash, with the photo as it is now). */
type EditAnswer =
  { ok: true; saved: GalleryImage | null } | { ok: false; problem: string; now?: GalleryImage }

/** Sends her edit with the version it started from, so a change made elsewhere is not overwritten. */
async function sendPhotoEdit({
  base,
  alt,
  caption,
  tags,
}: Pick<PhotoDraft, 'base' | 'alt' | 'caption' | 'tags'>): Promise<EditAnswer> {
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
    if (response.ok) return { ok: true, saved: body as GalleryImage }
    if (response.status === 409 && body?.image) {
      return { ok: false, now: body.image, problem: body.error ?? NOT_SAVED }
    }
    if (response.status === 401) return { ok: false, problem: SIGNED_OUT }
    return { ok: false, problem: body?.error ?? NOT_SAVED }
  } catch {
    return {
      ok: false,
      problem: 'The photo could not be saved: the network is down. Please try again.',
    }
  }
}

/** A small copy of the photo being edited, and when her changes show. */
function PhotoBeingEdited({ image }: { image: GalleryImage }) {
  return (
    <div className="flex items-center gap-4">
      <GalleryPicture image={image} alt="" sizes="6rem" className="edit-thumbnail" />
      <p className="text-sm">Changes show on the public gallery as soon as you save.</p>
    </div>
  )
}

/** The photo's alt text: required, and marked invalid when it was missing on save. */
function AltField({
  id,
  hintId,
  value,
  invalid,
  disabled,
  onChange,
}: {
  id: string
  hintId: string
  value: string
  invalid: boolean
  disabled: boolean
  onChange: (alt: string) => void
}) {
  return (
    <div className="form-field">
      <label htmlFor={id} className="form-label">
        Describe this photo
      </label>
      <textarea
        id={id}
        rows={3}
        value={value}
        maxLength={PHOTO_TEXT_LIMITS.alt}
        aria-required="true"
        aria-invalid={invalid ? true : undefined}
        aria-describedby={hintId}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      />
      <span id={hintId} className="form-hint">
        Read aloud to people who cannot see the photo, and shown if it cannot load.
      </span>
    </div>
  )
}

/** The photo's optional caption. */
function CaptionField({
  id,
  hintId,
  value,
  disabled,
  onChange,
}: {
  id: string
  hintId: string
  value: string
  disabled: boolean
  onChange: (caption: string) => void
}) {
  return (
    <div className="form-field">
      <label htmlFor={id} className="form-label">
        Caption <span className="form-optional">(optional)</span>
      </label>
      <input
        id={id}
        type="text"
        value={value}
        maxLength={PHOTO_TEXT_LIMITS.caption}
        aria-describedby={hintId}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      />
      <span id={hintId} className="form-hint">
        Shown under the photo in the larger view.
      </span>
    </div>
  )
}

/** Cancel and save; while saving, the save button says so. */
function EditActions({ saving, onCancel }: { saving: boolean; onCancel: () => void }) {
  return (
    <div className="modal-actions">
      <button type="button" className="button-secondary" onClick={onCancel} disabled={saving}>
        Cancel
      </button>
      <button type="submit" className="button-primary" aria-disabled={saving}>
        {saving ? 'Saving...' : 'Save changes'}
      </button>
    </div>
  )
}
