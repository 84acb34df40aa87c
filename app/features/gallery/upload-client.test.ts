import { expect, test } from 'vitest'
import { UPLOAD_MESSAGES, newUploadKey, uploadFailureMessage } from './upload-client.ts'
import { UploadFieldsSchema } from './upload-fields.ts'

test('each failure the server reports gets the spec’s message', () => {
  expect(uploadFailureMessage(401, 'unauthorized')).toBe(
    'Upload failed: Unauthorized. Please sign in again.',
  )
  expect(uploadFailureMessage(507, 'quota-exceeded')).toBe('Upload failed: Storage quota exceeded.')
  expect(uploadFailureMessage(422, 'invalid-format')).toBe('Upload failed: Invalid file format.')
  expect(uploadFailureMessage(413, 'too-large')).toBe(
    'Upload failed: The photo is too big (over 15 MB).',
  )
  // A refusal of the fields carries the server's sentence; without one, the general message.
  expect(
    uploadFailureMessage(
      400,
      'invalid-request',
      'Please describe the photo for people who cannot see it.',
    ),
  ).toBe('Upload failed: Please describe the photo for people who cannot see it.')
  expect(uploadFailureMessage(400, 'invalid-request')).toBe(UPLOAD_MESSAGES.other)
  expect(uploadFailureMessage(503, 'busy')).toBe('Error uploading image. Please try again.')
  expect(uploadFailureMessage(500)).toBe('Error uploading image. Please try again.')
  expect(uploadFailureMessage(403)).toBe(UPLOAD_MESSAGES.other)
})

test('each upload gets its own key, in the form the server accepts', () => {
  const keys = new Set(Array.from({ length: 100 }, newUploadKey))
  expect(keys.size).toBe(100)
  for (const uploadKey of keys) {
    expect(
      UploadFieldsSchema.safeParse({ tags: ['cake'], alt: 'A lemon tart', uploadKey }).success,
    ).toBe(true)
  }
})
