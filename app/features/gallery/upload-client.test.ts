import { expect, test } from 'vitest'
import { UPLOAD_MESSAGES, newUploadKey, uploadFailureMessage } from './upload-client.ts'
import { UploadFieldsSchema } from './upload-fields.ts'

test('each failure the server reports gets the spec’s message', () => {
  expect(uploadFailureMessage(401, 'unauthorized')).toBe(
    'Upload failed: Unauthorized. Please sign in again.',
  )
  expect(uploadFailureMessage(507, 'quota-exceeded')).toBe('Upload failed: Storage quota exceeded.')
  expect(uploadFailureMessage(422, 'invalid-format')).toBe('Upload failed: Invalid file format.')
  expect(uploadFailureMessage(413, 'too-large')).toBe(UPLOAD_MESSAGES.invalidFormat)
  expect(uploadFailureMessage(503, 'busy')).toBe('Error uploading image. Please try again.')
  expect(uploadFailureMessage(500)).toBe('Error uploading image. Please try again.')
  expect(uploadFailureMessage(403)).toBe(UPLOAD_MESSAGES.other)
})

test('each upload gets its own key, in the form the server accepts', () => {
  const keys = new Set(Array.from({ length: 100 }, newUploadKey))
  expect(keys.size).toBe(100)
  for (const uploadKey of keys) {
    expect(UploadFieldsSchema.safeParse({ tags: ['cake'], uploadKey }).success).toBe(true)
  }
})
