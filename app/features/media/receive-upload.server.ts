import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { createWriteStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import busboy from 'busboy'

/** The most we accept in one upload; the browser sends about a tenth of it. */
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024

export class UploadError extends Error {
  override name = 'UploadError'
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message)
  }
}

export interface ReceivedUpload {
  /** A hidden temporary file (swept at boot if the process dies first). */
  filePath: string
  uploadedName: string
  bytes: number
  fields: Map<string, string[]>
  /** Removes the temporary file; safe to call more than once. */
  discard: () => Promise<void>
}

const tooLarge = () =>
  new UploadError(413, `The image is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`)

/**
 * Said when a request carries more than one file. Every endpoint's other
 * fields (alt text, original size, upload key) describe one photo, so a
 * second is refused rather than dropped unsaid.
 */
export const ONE_PHOTO_PER_REQUEST = 'Send one photo per request.'

/**
 * Streams a multipart upload's `file` part to a temporary file in `folder`,
 * counting bytes as they arrive: past `maxBytes` the rest is drained unread
 * and the partial file deleted, so an oversized upload never fills the disk
 * or the memory. Other parts come back as text fields. A second file part,
 * whatever its name, refuses the upload (ONE_PHOTO_PER_REQUEST).
 */
export async function receiveUpload(
  request: Request,
  {
    folder,
    maxBytes = MAX_UPLOAD_BYTES,
    fileOptional = false,
  }: {
    folder: string
    maxBytes?: number
    /** A form whose file may be left empty (its other fields still count): no file is `bytes: 0`. */
    fileOptional?: boolean
  },
): Promise<ReceivedUpload> {
  const contentType = request.headers.get('content-type') ?? ''
  if (!contentType.toLowerCase().startsWith('multipart/form-data') || !request.body) {
    throw new UploadError(400, 'Send the image as multipart/form-data.')
  }
  const declaredLength = Number(request.headers.get('content-length'))
  // Multipart framing and the text fields add a few hundred bytes at most.
  if (declaredLength > maxBytes + 64 * 1024) throw tooLarge()

  await mkdir(folder, { recursive: true })
  const filePath = path.join(folder, `.upload-${randomBytes(8).toString('hex')}.part`)
  const discard = () => rm(filePath, { force: true })
  const fields = new Map<string, string[]>()
  let uploadedName = ''
  let bytes = 0
  let fileSeen = false
  let truncated = false
  let moreThanOneFile = false
  let fileWritten: Promise<void> = Promise.resolve()
  // A write stream cut short while still opening creates its file after the
  // pipe has failed; only its 'close' says the file is there to remove.
  let fileClosed: Promise<unknown> = Promise.resolve()

  let parser: busboy.Busboy
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      limits: { fileSize: maxBytes, files: 1, fields: 40, fieldSize: 1024, parts: 50 },
      // Browsers send a file's name as raw UTF-8; busboy would read it as latin1.
      defParamCharset: 'utf8',
    })
  } catch {
    // No boundary, or a boundary busboy cannot parse.
    throw new UploadError(400, 'Send the image as multipart/form-data.')
  }
  // A failed disk write (disk full, say) is our fault, not the sender's: it
  // stops the parser at once and reaches the caller as itself.
  let writeError: unknown
  parser.on('file', (name, stream, info) => {
    if (name !== 'file' || fileSeen) {
      stream.resume()
      return
    }
    fileSeen = true
    uploadedName = info.filename ?? ''
    stream.on('data', (chunk: Buffer) => (bytes += chunk.length))
    stream.on('limit', () => (truncated = true))
    // A failure on either side of this pipe is passed to the other, so the
    // side that failed first says whose it was: the sender's (a cut-off body,
    // a dropped connection), which the parser reports, or the disk's, ours.
    let firstFailure: 'sender' | 'disk' | undefined
    const file = createWriteStream(filePath)
    fileClosed = once(file, 'close').catch(() => undefined)
    stream.on('error', () => (firstFailure ??= 'sender'))
    file.on('error', () => (firstFailure ??= 'disk'))
    fileWritten = pipeline(stream, file).catch((error: unknown) => {
      if (firstFailure !== 'disk') return
      writeError = error
      parser.destroy(error instanceof Error ? error : new Error(String(error)))
    })
  })
  // busboy drains file parts past `files: 1` unread and says so here.
  parser.on('filesLimit', () => (moreThanOneFile = true))
  parser.on('field', (name, value) => {
    fields.set(name, [...(fields.get(name) ?? []), value])
  })

  let incomplete = false
  try {
    await pipeline(Readable.fromWeb(request.body as WebReadableStream<Uint8Array>), parser)
  } catch {
    incomplete = true
  }
  await fileWritten
  if (writeError || incomplete) {
    await fileClosed
    await discard()
  }
  if (writeError) throw writeError
  if (incomplete) throw new UploadError(400, 'The upload was incomplete. Please try again.')
  if (truncated) {
    await discard()
    throw tooLarge()
  }
  if (moreThanOneFile) {
    await discard()
    throw new UploadError(400, ONE_PHOTO_PER_REQUEST)
  }
  if (!fileSeen || bytes === 0) {
    await discard()
    if (fileOptional) return { filePath: '', uploadedName: '', bytes: 0, fields, discard }
    throw new UploadError(400, 'Please select an image file.')
  }
  return { filePath, uploadedName, bytes, fields, discard }
}
