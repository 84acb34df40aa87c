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
  const parser = openProofParser(contentType, maxBytes)
  const parts = collectProofParts(parser, folder)
  let incomplete = false
  try {
    await pipeline(Readable.fromWeb(request.body as WebReadableStream<Uint8Array>), parser)
  } catch {
    incomplete = true
  }
  await Promise.all(parts.written)
  const problem = uploadProblem(parts, incomplete)
  if (problem) {
    await parts.discard()
    throw problem
  }
  return { filePaths: parts.filePaths, fields: parts.fields, discard: parts.discard }
}

function openProofParser(contentType: string, maxBytes: number): busboy.Busboy {
  try {
    return busboy({
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
}

/** The images and fields `parser` meets, each image streamed to its own hidden file in `folder`. */
function collectProofParts(parser: busboy.Busboy, folder: string) {
  const parts = {
    filePaths: [] as string[],
    fields: new Map<string, string>(),
    written: [] as Promise<void>[],
    closed: [] as Promise<unknown>[],
    truncated: false,
    tooMany: false,
    writeError: undefined as unknown,
    discard: async (): Promise<void> => {
      await Promise.all(parts.closed)
      await Promise.all(parts.filePaths.map((filePath) => rm(filePath, { force: true })))
    },
  }
  parser.on('file', (name, stream, info) => {
    // An empty file input still sends a part, named '' with no bytes.
    if (name !== 'file' || !info.filename) {
      stream.resume()
      return
    }
    if (parts.filePaths.length >= PROOF_LIMITS.images) {
      parts.tooMany = true
      stream.resume()
      return
    }
    const filePath = path.join(folder, `.upload-${randomBytes(8).toString('hex')}.part`)
    parts.filePaths.push(filePath)
    stream.on('limit', () => (parts.truncated = true))
    const file = createWriteStream(filePath)
    parts.closed.push(once(file, 'close').catch(() => undefined))
    let diskFailed = false
    file.on('error', () => (diskFailed = true))
    parts.written.push(
      pipeline(stream, file).catch((error: unknown) => {
        if (!diskFailed) return
        parts.writeError = error
        parser.destroy(error instanceof Error ? error : new Error(String(error)))
      }),
    )
  })
  parser.on('field', (name, value) => {
    if (!parts.fields.has(name)) parts.fields.set(name, value)
  })
  return parts
}

/** Why the upload cannot be kept, first things first; or null. */
function uploadProblem(parts: ReturnType<typeof collectProofParts>, incomplete: boolean): unknown {
  if (parts.writeError) return parts.writeError
  if (incomplete) return new UploadError(400, 'The upload was incomplete. Please try again.')
  if (parts.truncated) return tooLarge()
  if (parts.tooMany) {
    return new UploadError(400, `A proof round takes up to ${PROOF_LIMITS.images} images.`)
  }
  if (parts.filePaths.length === 0) {
    return new UploadError(400, 'Choose at least one image of the design.')
  }
  return null
}
