import path from 'node:path'
import type { Env } from '#app/config/env.server.ts'
import { createLocalMediaStore } from './local-media-store.server.ts'
import type { MediaStore } from './media-store.server.ts'

/**
 * The store MEDIA_STORE names, checked before the site serves: a bucket
 * that is missing or refuses us stops the boot with EnvError naming the
 * variable to fix.
 */
export async function openMediaStore(env: Env): Promise<MediaStore> {
  if (env.MEDIA_STORE === 'local') return createLocalMediaStore(env.DATA_DIR)
  // Loaded only when asked for: the S3 SDK is large, and the embedded default never needs it.
  const { createS3MediaStore } = await import('./s3-media-store.server.ts')
  const store = createS3MediaStore({
    bucket: env.S3_BUCKET!,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    uploadFolder: path.join(env.DATA_DIR, 'uploads'),
  })
  await store.check()
  return store
}

let current: MediaStore | undefined

/** The store opened at boot (server/app.ts). */
export function getMediaStore(): MediaStore {
  if (!current) throw new Error('The media store is not open yet.')
  return current
}

export function setMediaStore(store: MediaStore | undefined): void {
  current = store
}
