import type { Readable } from 'node:stream'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import { EnvError } from '#app/config/env.server.ts'
import {
  type ListedObject,
  MEDIA_CACHE_CONTROL,
  type MediaStore,
  STRAY_MIN_AGE_MS,
} from './media-store.server.ts'

export interface S3Settings {
  bucket: string
  region: string
  /** For R2, B2, MinIO, Spaces…; unset means AWS itself. */
  endpoint?: string
  /** Unset: the SDK's usual chain (environment, instance role). */
  accessKeyId?: string
  secretAccessKey?: string
  forcePathStyle: boolean
  uploadFolder: string
}

export interface S3MediaStore extends MediaStore {
  readonly kind: 's3'
  /** HeadBucket: throws EnvError naming the variable to fix. */
  check(): Promise<void>
}

/**
 * Photos as objects in an S3-compatible bucket, under the same keys as the
 * files on disk. A PUT is atomic (an object is complete or absent), so no
 * temporary names are needed. Several instances share the bucket, so the
 * sweep only removes unrecorded objects older than an hour.
 */
export function createS3MediaStore(settings: S3Settings): S3MediaStore {
  const client = openS3Client(settings)
  const Bucket = settings.bucket

  return {
    kind: 's3',
    uploadFolder: settings.uploadFolder,
    strayMinAgeMs: STRAY_MIN_AGE_MS,
    async put(key, body, contentType) {
      // A buffer, not a stream: its length and checksum are known up front,
      // which every S3-compatible store accepts.
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          CacheControl: MEDIA_CACHE_CONTROL,
        }),
      )
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }))
        return {
          body: object.Body as Readable,
          contentType: object.ContentType ?? 'application/octet-stream',
          contentLength: object.ContentLength,
          etag: object.ETag,
          lastModified: object.LastModified,
        }
      } catch (error) {
        if (statusOf(error) === 404) return undefined
        throw error
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }))
    },
    list: (prefix) => listObjects(client, Bucket, prefix),
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }))
      } catch (error) {
        throw new EnvError(`The media store is not usable:\n  ${bucketProblem(settings, error)}`)
      }
    },
  }
}

function openS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // A dead endpoint fails the boot in seconds rather than hanging it.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    maxAttempts: 3,
  })
}

/** Every object under `prefix`, page by page. */
async function listObjects(client: S3Client, Bucket: string, prefix: string) {
  const listed: ListedObject[] = []
  let ContinuationToken: string | undefined
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }),
    )
    for (const object of page.Contents ?? []) {
      if (object.Key && object.LastModified) {
        listed.push({ key: object.Key, lastModified: object.LastModified })
      }
    }
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
  } while (ContinuationToken)
  return listed
}

/** Why HeadBucket failed, naming the variable to fix. */
function bucketProblem(settings: S3Settings, error: unknown): string {
  const Bucket = settings.bucket
  const where = settings.endpoint ?? `AWS region ${settings.region}`
  const status = statusOf(error)
  return status === 404
    ? `S3_BUCKET: there is no bucket "${Bucket}" at ${where}`
    : status === 401 || status === 403
      ? `S3_ACCESS_KEY_ID: the bucket "${Bucket}" at ${where} refused these credentials (S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY)`
      : status === undefined
        ? `${settings.endpoint ? 'S3_ENDPOINT' : 'S3_REGION'}: could not reach ${where} (${messageOf(error)})`
        : `S3_BUCKET: the bucket "${Bucket}" at ${where} answered ${status} (${messageOf(error)})`
}

function statusOf(error: unknown): number | undefined {
  if (error instanceof S3ServiceException) return error.$metadata.httpStatusCode
  return undefined
}

function messageOf(error: unknown): string {
  if (error instanceof AggregateError) return error.errors.map(messageOf).join(', ')
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code
    return code ? `${code}: ${error.message}` : error.message || error.name
  }
  return String(error)
}
