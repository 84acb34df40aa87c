import { z } from 'zod/mini'
import { plainText } from '#app/utils/form-fields.ts'
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
 * The longest words the owner writes for a photo, in characters: the alt
 * text a screen reader reads (a sentence or two) and the caption under it in
 * the larger view. The dialogs, the API and the database share these.
 */
export const PHOTO_TEXT_LIMITS = { alt: 250, caption: 200 } as const

/** The most photos one pick in the upload dialog sends, one after another. */
export const MAX_PHOTOS_PER_PICK = 20

export const ALT_MISSING = 'Please describe the photo for people who cannot see it.'
export const ALT_TOO_LONG = `Please describe the photo in at most ${PHOTO_TEXT_LIMITS.alt} characters.`
export const CAPTION_TOO_LONG = `Please keep the caption to at most ${PHOTO_TEXT_LIMITS.caption} characters.`

/** Inner runs of spaces and line breaks become one space: alt text and captions are one line. */
export function tidyText(input: string): string {
  return input.trim().replace(/\s+/g, ' ')
}

const tagsField = z
  .array(z.pipe(z.string(TAG_RULE), z.transform(normalizeTag)), 'Please select at least one tag.')
  .check(
    z.minLength(1, 'Please select at least one tag.'),
    z.maxLength(MAX_TAGS_PER_IMAGE, TOO_MANY_TAGS),
    z.refine((tags) => tags.every(isValidTag), TAG_RULE),
  )

/**
 * Her alt text: one line (line breaks typed become spaces), by the site's
 * rule for typed text (form-fields.ts: no bidi controls, NFC, no other
 * control characters).
 */
const altField = z
  .string(ALT_MISSING)
  .check(
    z.overwrite(tidyText),
    ...plainText(
      'The description',
      'line',
      z.minLength(1, ALT_MISSING),
      z.maxLength(PHOTO_TEXT_LIMITS.alt, ALT_TOO_LONG),
    ),
  )

/** An empty caption is no caption. */
const captionField = z
  .pipe(
    z.optional(z.string()),
    z.transform((value: string | undefined) => tidyText(value ?? '')),
  )
  .check(
    ...plainText('The caption', 'line', z.maxLength(PHOTO_TEXT_LIMITS.caption, CAPTION_TOO_LONG)),
  )

/**
 * The text fields of an upload (the file travels beside them): the tags,
 * repeated, the photo's alt text and optional caption, its size before the
 * browser compressed it, and the upload's key. The upload dialog checks the
 * same rules before it sends anything.
 */
export const UploadFieldsSchema = z.object({
  tags: tagsField,
  alt: altField,
  caption: captionField,
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

const RELOAD = 'Please reload the page and try again.'

/**
 * An edit of a photo after upload: everything the owner can change, and the
 * version she started from (an edit from an older version is refused).
 */
export const EditFieldsSchema = z.object(
  {
    tags: tagsField,
    alt: altField,
    caption: captionField,
    version: z.coerce
      .number(RELOAD)
      .check(z.int(RELOAD), z.minimum(1, RELOAD), z.maximum(1_000_000_000, RELOAD)),
  },
  'Send the photo’s tags, alt text, caption and version.',
)

export type EditFields = z.infer<typeof EditFieldsSchema>

/** Why an upload failed, as the API reports it; the dialog picks its message by this. */
export type UploadErrorCode =
  'unauthorized' | 'quota-exceeded' | 'invalid-format' | 'too-large' | 'busy' | 'invalid-request'
