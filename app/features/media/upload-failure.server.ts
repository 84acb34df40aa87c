import { ImageRejectedError, isSystemError } from './image-pipeline.server.ts'
import { QuotaExceededError } from './media-quota.server.ts'
import { GateFullError } from './processing-gate.ts'
import { UploadError } from './receive-upload.server.ts'

/**
 * Why an upload could not be taken, as far as its sender can act on it:
 * - `too-large`: past the size cap while it arrived;
 * - `invalid-request`: not multipart, cut off, or without a file;
 * - `not-an-image`: bytes that are not JPEG, PNG, WebP or AVIF;
 * - `unreadable`: an image we will not decode (damaged, or too many pixels);
 * - `no-room`: the quota, the disk, the user's disk quota or a file-size
 *   limit on the process (EFBIG) ran out;
 * - `busy`: too many photos are being processed; worth a retry in a moment.
 */
export type UploadFailureKind =
  'too-large' | 'invalid-request' | 'not-an-image' | 'unreadable' | 'no-room' | 'busy'

/**
 * How one endpoint words a failure for its readers (the owner's gallery
 * dialog, a customer's cart): the status and the message for each kind.
 * A message may quote what went wrong (`detail`: the receiver's or the
 * pipeline's own sentence).
 */
export type UploadFailureWording = Record<
  UploadFailureKind,
  { status: number; message: string | ((detail: string) => string) }
>

export interface UploadFailure {
  kind: UploadFailureKind
  status: number
  message: string
  headers?: HeadersInit
}

/** How long a sender told `busy` waits before trying again, in seconds. */
const BUSY_RETRY_AFTER_SECONDS = 5

/**
 * The one reading of an upload's failure, for every endpoint that takes
 * photos: the error thrown while receiving (receiveUpload) or processing
 * (the gate, the pipeline, the quota) becomes the endpoint's status and
 * message. Anything else is our fault, not the sender's: undefined, and the
 * caller rethrows it.
 */
export function describeUploadFailure(
  error: unknown,
  wording: UploadFailureWording,
): UploadFailure | undefined {
  const kind = kindOf(error)
  if (!kind) return undefined
  return uploadFailure(kind, wording, error instanceof Error ? error.message : '')
}

/** A failure of a known kind, as the endpoint words it (say, the quota checked before the body is read). */
export function uploadFailure(
  kind: UploadFailureKind,
  wording: UploadFailureWording,
  detail = '',
): UploadFailure {
  const { status, message } = wording[kind]
  return {
    kind,
    status,
    message: typeof message === 'string' ? message : message(detail),
    ...(kind === 'busy' && { headers: { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) } }),
  }
}

function kindOf(error: unknown): UploadFailureKind | undefined {
  if (error instanceof QuotaExceededError || isDiskFull(error)) return 'no-room'
  if (error instanceof UploadError) return error.status === 413 ? 'too-large' : 'invalid-request'
  if (error instanceof ImageRejectedError) {
    return error.reason === 'unsupported-format' ? 'not-an-image' : 'unreadable'
  }
  if (error instanceof GateFullError) return 'busy'
  return undefined
}

function isDiskFull(error: unknown): boolean {
  return isSystemError(error) && ['ENOSPC', 'EDQUOT', 'EFBIG'].includes(error.code ?? '')
}
