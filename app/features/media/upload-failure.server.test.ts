import { expect, test } from 'vitest'
import { ImageRejectedError } from './image-pipeline.server.ts'
import { QuotaExceededError } from './media-quota.server.ts'
import { GateFullError } from './processing-gate.ts'
import { UploadError } from './receive-upload.server.ts'
import {
  type UploadFailureWording,
  describeUploadFailure,
  uploadFailure,
} from './upload-failure.server.ts'

const wording: UploadFailureWording = {
  'too-large': { status: 413, message: (detail) => `too large: ${detail}` },
  'invalid-request': { status: 400, message: (detail) => detail },
  'not-an-image': { status: 415, message: 'not an image' },
  unreadable: { status: 422, message: (detail) => `unreadable: ${detail}` },
  'no-room': { status: 507, message: 'no room' },
  busy: { status: 503, message: 'busy' },
}

function diskError(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: the disk said no`), { code })
}

test('each way an upload fails is answered in the endpoint’s own words and status', () => {
  const cases: [unknown, { kind: string; status: number; message: string }][] = [
    [
      new UploadError(413, 'The image is larger than 15 MB.'),
      { kind: 'too-large', status: 413, message: 'too large: The image is larger than 15 MB.' },
    ],
    [
      new UploadError(400, 'Please select an image file.'),
      { kind: 'invalid-request', status: 400, message: 'Please select an image file.' },
    ],
    [
      new ImageRejectedError('unsupported-format', 'Only JPEG…'),
      { kind: 'not-an-image', status: 415, message: 'not an image' },
    ],
    [
      new ImageRejectedError('too-many-pixels', 'The image is larger than 40 megapixels.'),
      {
        kind: 'unreadable',
        status: 422,
        message: 'unreadable: The image is larger than 40 megapixels.',
      },
    ],
    [
      new ImageRejectedError('unreadable', 'The image is damaged or incomplete.'),
      {
        kind: 'unreadable',
        status: 422,
        message: 'unreadable: The image is damaged or incomplete.',
      },
    ],
    [
      new QuotaExceededError('The media folder is full.'),
      { kind: 'no-room', status: 507, message: 'no room' },
    ],
    [diskError('ENOSPC'), { kind: 'no-room', status: 507, message: 'no room' }],
    [diskError('EDQUOT'), { kind: 'no-room', status: 507, message: 'no room' }],
    [diskError('EFBIG'), { kind: 'no-room', status: 507, message: 'no room' }],
  ]
  for (const [error, expected] of cases) {
    expect(describeUploadFailure(error, wording)).toEqual(expected)
  }
})

test('a busy server tells the sender to come back in five seconds', () => {
  expect(describeUploadFailure(new GateFullError('Too many'), wording)).toEqual({
    kind: 'busy',
    status: 503,
    message: 'busy',
    headers: { 'Retry-After': '5' },
  })
})

test('our own faults are not the sender’s: they are left for the caller to throw', () => {
  expect(describeUploadFailure(new Error('database is locked'), wording)).toBeUndefined()
  expect(describeUploadFailure(diskError('EACCES'), wording)).toBeUndefined()
  expect(describeUploadFailure('a string', wording)).toBeUndefined()
})

test('a failure known before the body is read is worded the same way', () => {
  expect(uploadFailure('no-room', wording)).toEqual({
    kind: 'no-room',
    status: 507,
    message: 'no room',
  })
})
