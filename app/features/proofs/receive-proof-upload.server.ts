import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { createWriteStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import busboy from 'busboy'
import { MAX_UPLOAD_BYTES, UploadError } from '#app/features/media/receive-upload.server.ts'
import { PROOF_LIMITS } from './proof-rules.ts'

export interface ReceivedProofUpload {
  /** Hidden temporary files, one per image, in the order they came. */
  filePaths: string[]
  fields: Map<string, string>
  /** Removes the temporary files; safe to call more than once. */
  discard: () => Promise<void>
}

const tooLarge = () =>
  new UploadError(413, `Each image must be under ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`)

/**
 * Streams a "Send a proof" form (multipart: `file` up to PROOF_LIMITS.images
 * times, and a few short fields) to temporary files in `folder`, counting
 * each file's bytes as they arrive: past the per-image cap the rest is
 * drained unread and every file removed, so an oversized post never fills
 * the disk or the memory. A file field left empty (no image chosen) is skipped.
 */
export async function receiveProofUpload(
  request: Request,
  { folder, maxBytes = MAX_UPLOAD_BYTES }: { folder: string; maxBytes?: number },
): Promise<ReceivedProofUpload> {
  const contentType = request.headers.get('content-type') ?? ''
  if (!contentType.toLowerCase().startsWith('multipart/form-data') || !request.body) {
    throw new UploadError(400, 'Send the proof with its form, as multipart/form-data.')
  }
  const declaredLength = Number(request.headers.get('content-length'))
  if (declaredLength > PROOF_LIMITS.images * maxBytes + 64 * 1024) throw tooLarge()

  await mkdir(folder, { recursive: true })
  const filePaths: string[] = []
  const fields = new Map<string, string>()
  const written: Promise<void>[] = []
  const closed: Promise<unknown>[] = []
  let truncated = false
  let tooMany = false
  let writeError: unknown
  const discard = async () => {
    await Promise.all(closed)
    await Promise.all(filePaths.map((filePath) => rm(filePath, { force: true })))
  }

  let parser: busboy.Busboy
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      limits: {
        fileSize: maxBytes,
        files: PROOF_LIMITS.images + 1,
        fields: 10,
        fieldSize: 8 * 1024,
        parts: 20,
      },
    })
  } catch {
    throw new UploadError(400, 'Send the proof with its form, as multipart/form-data.')
  }
  parser.on('file', (name, stream, info) => {
    // An empty file input still sends a part, named '' with no bytes.
    if (name !== 'file' || !info.filename) {
      stream.resume()
      return
    }
    if (filePaths.length >= PROOF_LIMITS.images) {
      tooMany = true
      stream.resume()
      return
    }
    const filePath = path.join(folder, `.upload-${randomBytes(8).toString('hex')}.part`)
    filePaths.push(filePath)
    stream.on('limit', () => (truncated = true))
    const file = createWriteStream(filePath)
    closed.push(once(file, 'close').catch(() => undefined))
    let diskFailed = false
    file.on('error', () => (diskFailed = true))
    written.push(
      pipeline(stream, file).catch((error: unknown) => {
        if (!diskFailed) return
        writeError = error
        parser.destroy(error instanceof Error ? error : new Error(String(error)))
      }),
    )
  })
  parser.on('field', (name, value) => {
    if (!fields.has(name)) fields.set(name, value)
  })

  let incomplete = false
  try {
    await pipeline(Readable.fromWeb(request.body as WebReadableStream<Uint8Array>), parser)
  } catch {
    incomplete = true
  }
  await Promise.all(written)
  const refuse = async (error: unknown) => {
    await discard()
    throw error
  }
  if (writeError) return refuse(writeError)
  if (incomplete)
    return refuse(new UploadError(400, 'The upload was incomplete. Please try again.'))
  if (truncated) return refuse(tooLarge())
  if (tooMany) {
    return refuse(new UploadError(400, `A proof round takes up to ${PROOF_LIMITS.images} images.`))
  }
  if (filePaths.length === 0) {
    return refuse(new UploadError(400, 'Choose at least one image of the design.'))
  }
  return { filePaths, fields, discard }
}
