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

/** What the parser has seen so far of one upload, filled in as its parts arrive. */
interface UploadProgress {
  fields: Map<string, string[]>
  uploadedName: string
  bytes: number
  fileSeen: boolean
  truncated: boolean
  moreThanOneFile: boolean
  fileWritten: Promise<void>
  /**
   * A write stream cut short while still opening creates its file after the
   * pipe has failed; only its 'close' says the file is there to remove.
   */
  fileClosed: Promise<unknown>
  /**
   * A failed disk write (disk full, say) is our fault, not the sender's: it
   * stops the parser at once and reaches the caller as itself.
   */
  writeError: unknown
}

/** The request's multipart content type, refused before reading when it is no upload or too long. */
function checkUploadHeaders(request: Request, maxBytes: number): string {
  const contentType = request.headers.get('content-type') ?? ''
  if (!contentType.toLowerCase().startsWith('multipart/form-data') || !request.body) {
    throw new UploadError(400, 'Send the image as multipart/form-data.')
  }
  const declaredLength = Number(request.headers.get('content-length'))
  // Multipart framing and the text fields add a few hundred bytes at most.
  if (declaredLength > maxBytes + 64 * 1024) throw tooLarge()
  return contentType
}

/** A parser held to one file of `maxBytes` and a few short fields. */
function uploadParser(contentType: string, maxBytes: number): busboy.Busboy {
  try {
    return busboy({
      headers: { 'content-type': contentType },
      limits: { fileSize: maxBytes, files: 1, fields: 40, fieldSize: 1024, parts: 50 },
      // Browsers send a file's name as raw UTF-8; busboy would read it as latin1.
      defParamCharset: 'utf8',
    })
  } catch {
    // No boundary, or a boundary busboy cannot parse.
    throw new UploadError(400, 'Send the image as multipart/form-data.')
  }
}

/** Writes the `file` part to `filePath` as it arrives, counting it; other parts become fields. */
function listenToParts(parser: busboy.Busboy, progress: UploadProgress, filePath: string): void {
  parser.on('file', (name, stream, info) => {
    if (name !== 'file' || progress.fileSeen) {
      stream.resume()
      return
    }
    progress.fileSeen = true
    progress.uploadedName = info.filename ?? ''
    stream.on('data', (chunk: Buffer) => (progress.bytes += chunk.length))
    stream.on('limit', () => (progress.truncated = true))
    // A failure on either side of this pipe is passed to the other, so the
    // side that failed first says whose it was: the sender's (a cut-off body,
    // a dropped connection), which the parser reports, or the disk's, ours.
    let firstFailure: 'sender' | 'disk' | undefined
    const file = createWriteStream(filePath)
    progress.fileClosed = once(file, 'close').catch(() => undefined)
    stream.on('error', () => (firstFailure ??= 'sender'))
    file.on('error', () => (firstFailure ??= 'disk'))
    progress.fileWritten = pipeline(stream, file).catch((error: unknown) => {
      if (firstFailure !== 'disk') return
      progress.writeError = error
      parser.destroy(error instanceof Error ? error : new Error(String(error)))
    })
  })
  // busboy drains file parts past `files: 1` unread and says so here.
  parser.on('filesLimit', () => (progress.moreThanOneFile = true))
  parser.on('field', (name, value) => {
    progress.fields.set(name, [...(progress.fields.get(name) ?? []), value])
  })
}

/**
 * The upload once the body is read: refused (its file removed) when a write
 * failed, the body was cut off, the file was too large or not alone, or there
 * was no file where one is needed.
 */
async function finishUpload(
  progress: UploadProgress,
  {
    incomplete,
    filePath,
    discard,
    fileOptional,
  }: { incomplete: boolean; filePath: string; discard: () => Promise<void>; fileOptional: boolean },
): Promise<ReceivedUpload> {
  const { writeError, fields, uploadedName, bytes } = progress
  if (writeError || incomplete) {
    await progress.fileClosed
    await discard()
  }
  if (writeError) throw writeError
  if (incomplete) throw new UploadError(400, 'The upload was incomplete. Please try again.')
  if (progress.truncated) {
    await discard()
    throw tooLarge()
  }
  if (progress.moreThanOneFile) {
    await discard()
    throw new UploadError(400, ONE_PHOTO_PER_REQUEST)
  }
  if (!progress.fileSeen || bytes === 0) {
    await discard()
    if (fileOptional) return { filePath: '', uploadedName: '', bytes: 0, fields, discard }
    throw new UploadError(400, 'Please select an image file.')
  }
  return { filePath, uploadedName, bytes, fields, discard }
}

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
  const contentType = checkUploadHeaders(request, maxBytes)
  await mkdir(folder, { recursive: true })
  const filePath = path.join(folder, `.upload-${randomBytes(8).toString('hex')}.part`)
  const discard = () => rm(filePath, { force: true })
  const progress: UploadProgress = {
    fields: new Map<string, string[]>(),
    uploadedName: '',
    bytes: 0,
    fileSeen: false,
    truncated: false,
    moreThanOneFile: false,
    fileWritten: Promise.resolve(),
    fileClosed: Promise.resolve(),
    writeError: undefined,
  }
  const parser = uploadParser(contentType, maxBytes)
  listenToParts(parser, progress, filePath)
  let incomplete = false
  try {
    await pipeline(Readable.fromWeb(request.body as WebReadableStream<Uint8Array>), parser)
  } catch {
    incomplete = true
  }
  await progress.fileWritten
  return finishUpload(progress, { incomplete, filePath, discard, fileOptional })
}
