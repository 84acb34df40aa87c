import { useId } from 'react'
import type { ChosenPhoto } from './chosen-photos.ts'
import { PHOTO_TEXT_LIMITS } from './upload-fields.ts'

/** The photo's size as the owner knows it, e.g. '3.47 MB'. */
function formatMegabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`
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
