import { z } from 'zod/mini'
import {
  MAX_TAGS_PER_IMAGE,
  TAG_RULE,
  TOO_MANY_TAGS,
  isValidTag,
  normalizeTag,
} from './gallery-tags.ts'

/** The browser's key for one upload: random hex, the same on every retry of that upload. */
export const UPLOAD_KEY_PATTERN = /^[0-9a-f]{32}$/

/**
 * The text fields of an upload (the file travels beside them): the tags,
 * repeated, the photo's size before the browser compressed it, and the
 * upload's key. The upload dialog checks the same rules before it sends anything.
 */
export const UploadFieldsSchema = z.object({
  tags: z.array(z.pipe(z.string(), z.transform(normalizeTag))).check(
    z.minLength(1, 'Please select at least one tag.'),
    z.maxLength(MAX_TAGS_PER_IMAGE, TOO_MANY_TAGS),
    z.refine((tags) => tags.every(isValidTag), TAG_RULE),
  ),
  originalSize: z.optional(
    z.coerce
      .number('The original size must be a number of bytes.')
      .check(
        z.int('The original size must be a number of bytes.'),
        z.minimum(0, 'The original size must be a number of bytes.'),
        z.maximum(1024 ** 3, 'The original size must be a number of bytes.'),
      ),
  ),
  uploadKey: z.optional(
    z.string().check(z.regex(UPLOAD_KEY_PATTERN, 'The upload key must be 32 hex digits.')),
  ),
})

export type UploadFields = z.infer<typeof UploadFieldsSchema>

/** Why an upload failed, as the API reports it; the dialog picks its message by this. */
export type UploadErrorCode =
  'unauthorized' | 'quota-exceeded' | 'invalid-format' | 'too-large' | 'busy' | 'invalid-request'
