import { PICTURE_SLOTS, type PictureSlot } from '#app/content/site-words.ts'
import { imageProcessingGate } from '#app/features/media/image-pipeline.server.ts'
import type { MediaSettings } from '#app/features/media/media-quota.server.ts'
import { receiveUpload } from '#app/features/media/receive-upload.server.ts'
import {
  type UploadFailureWording,
  describeUploadFailure,
} from '#app/features/media/upload-failure.server.ts'
import { NOT_UNDERSTOOD } from '#app/utils/admin-form.server.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import {
  type PictureOutcome,
  describeSitePicture,
  removeSitePicture,
  replaceSitePicture,
} from './site-pictures.server.ts'
import type { SiteSettingsResult } from './site-settings-form.ts'

/** The sentence beside the picture's file field, by what went wrong. */
const WORDING: UploadFailureWording = {
  'too-large': { status: 413, message: (detail) => detail },
  'invalid-request': { status: 400, message: (detail) => detail },
  'not-an-image': { status: 422, message: (detail) => detail },
  unreadable: { status: 422, message: (detail) => detail },
  'no-room': { status: 507, message: 'There is no room left for more images.' },
  busy: { status: 503, message: 'Other images are being processed. Please try again.' },
}

function isSlot(value: unknown): value is PictureSlot {
  return PICTURE_SLOTS.includes(value as PictureSlot)
}

/**
 * One picture's form of Settings › Your site (a multipart post, so it works
 * without JavaScript): a new file with its description replaces the slot's
 * picture; no file changes only the description; `mode=remove` puts the
 * built-in picture back. A refusal answers with a sentence beside the field
 * it is about and changes nothing.
 */
export async function receiveSitePictureAction({
  request,
  settings,
}: {
  request: Request
  settings: MediaSettings
}): Promise<Reply<SiteSettingsResult>> {
  const refused = (
    status: number,
    values: Record<string, string>,
    errors: Record<string, string>,
  ) =>
    reply<SiteSettingsResult>(status, {
      section: 'pictures',
      status: 'refused',
      values,
      errors,
      error: Object.values(errors)[0] ?? NOT_UNDERSTOOD,
    })

  let upload
  try {
    upload = await receiveUpload(request, {
      folder: settings.store.uploadFolder,
      fileOptional: true,
    })
  } catch (error) {
    const failure = describeUploadFailure(error, WORDING)
    if (!failure) throw error
    return refused(failure.status, {}, { file: failure.message })
  }

  try {
    const field = (name: string) => upload.fields.get(name)?.[0] ?? ''
    const slot = field('slot')
    const values = { slot, alt: field('alt') }
    if (field('intent') !== 'pictures' || !isSlot(slot)) return refused(400, values, {})
    const { db, store } = settings
    let outcome: PictureOutcome
    try {
      if (field('mode') === 'remove') {
        outcome = await removeSitePicture(db, { store }, slot)
      } else if (upload.bytes > 0) {
        outcome = await imageProcessingGate.run(() =>
          replaceSitePicture(db, { store }, slot, { input: upload.filePath, alt: values.alt }),
        )
      } else {
        outcome = await describeSitePicture(db, { store }, slot, values.alt)
      }
    } catch (error) {
      const failure = describeUploadFailure(error, WORDING)
      if (!failure) throw error
      return refused(failure.status, values, { file: failure.message })
    }
    if (!outcome.ok) return refused(400, values, outcome.errors)
    return reply(200, { section: 'pictures', status: 'saved', values, errors: {} })
  } finally {
    await upload.discard()
  }
}
