import { type RefObject, type FormEvent, useState } from 'react'
import { CompressionFailedError, compressImage } from '#app/features/media/compress-image.ts'
import type { ChosenPhoto, PhotoState } from './chosen-photos.ts'
import type { GalleryImage } from './gallery-image.ts'
import { UPLOAD_MESSAGES, UploadFailedError, uploadImage } from './upload-client.ts'
import { tidyText } from './upload-fields.ts'

/** Failures after which the photos still waiting would fail the same way: they are not sent. */
const STOPPING = new Set<string>([UPLOAD_MESSAGES.unauthorized, UPLOAD_MESSAGES.quotaExceeded])

/** One photo, shrunk in the browser and sent with the tags and caption they share. */
async function shrinkAndSend(
  photo: ChosenPhoto,
  shared: { tags: string[]; caption: string },
  onProgress: (percent: number) => void,
  onAdded: (image: GalleryImage) => void,
): Promise<PhotoState> {
  try {
    const compressed = await compressImage(photo.file)
    const image = await uploadImage({
      file: compressed,
      fileName: photo.file.name,
      tags: shared.tags,
      alt: tidyText(photo.alt),
      caption: tidyText(shared.caption),
      originalSize: photo.file.size,
      onProgress,
    })
    onAdded(image)
    return { kind: 'added', image }
  } catch (failure) {
    const known = failure instanceof UploadFailedError || failure instanceof CompressionFailedError
    return { kind: 'refused', message: known ? failure.message : UPLOAD_MESSAGES.other }
  }
}

/**
 * The photos sent in turn, each with its outcome; after a failure the
 * others would share, the rest are marked not sent.
 */
async function sendInTurn(
  toSend: readonly ChosenPhoto[],
  send: (photo: ChosenPhoto) => Promise<PhotoState>,
  notSent: (photo: ChosenPhoto) => void,
): Promise<{ added: GalleryImage[]; refusals: string[] }> {
  const added: GalleryImage[] = []
  const refusals: string[] = []
  // One after another: the server processes one photo at a time anyway, and
  // a phone's uplink is best spent on one photo's bytes at once.
  for (const [index, photo] of toSend.entries()) {
    const outcome = await send(photo)
    if (outcome.kind === 'added') added.push(outcome.image)
    if (outcome.kind !== 'refused') continue
    refusals.push(outcome.message)
    if (STOPPING.has(outcome.message)) {
      for (const rest of toSend.slice(index + 1)) notSent(rest)
      break
    }
  }
  return { added, refusals }
}

/**
 * The upload dialog's send: each photo still waiting, shrunk and sent in
 * turn with its own progress; all added, the dialog is `finish`ed, else it
 * says how many arrived and why the others did not.
 */
export function useUploadRun({
  uploadingNowRef,
  photos,
  waiting,
  missing,
  chosenTags,
  caption,
  update,
  setError,
  onAdded,
  finish,
}: {
  /** Read when the dialog is asked to close: true while photos are on their way. */
  uploadingNowRef: RefObject<boolean>
  photos: ChosenPhoto[]
  waiting: ChosenPhoto[]
  missing: string | null
  chosenTags: string[]
  caption: string
  update: (key: number, change: Partial<ChosenPhoto>) => void
  setError: (error: string | null) => void
  onAdded: (image: GalleryImage) => void
  finish: (images: GalleryImage[]) => void
}) {
  const [uploading, setUploading] = useState(false)

  /** One photo, shrunk and sent; its outcome is recorded on it and returned. */
  async function send(photo: ChosenPhoto): Promise<PhotoState> {
    update(photo.key, { state: { kind: 'sending', percent: 0 } })
    const outcome = await shrinkAndSend(
      photo,
      { tags: chosenTags, caption },
      (percent) => update(photo.key, { state: { kind: 'sending', percent } }),
      onAdded,
    )
    update(photo.key, { state: outcome })
    return outcome
  }

  async function upload(event: FormEvent) {
    event.preventDefault()
    if (uploadingNowRef.current) return
    if (missing) return setError(missing)
    setError(null)
    uploadingNowRef.current = true
    setUploading(true)
    const before = photos.flatMap((photo) =>
      photo.state.kind === 'added' ? [photo.state.image] : [],
    )
    const sent = await sendInTurn(waiting, send, (rest) =>
      update(rest.key, { state: { kind: 'refused', message: 'Not sent, for the same reason.' } }),
    )
    const added = [...before, ...sent.added]
    const refusals = sent.refusals
    uploadingNowRef.current = false
    setUploading(false)
    if (refusals.length === 0) return finish(added)
    setError(
      photos.length === 1
        ? refusals[0]!
        : `${added.length} of ${photos.length} photos added. ${refusals[0]} The others are marked below: send them again when you are ready.`,
    )
  }

  return { uploading, upload }
}
