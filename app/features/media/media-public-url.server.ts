import { MEDIA_URL_PATH } from './media-store.server.ts'

/**
 * Records keep `/media/{folder}/…` as every file's address; where visitors
 * fetch it is decided as it is read, so moving the photos behind a CDN
 * (MEDIA_PUBLIC_URL) needs no change to the records. One setting for every
 * public folder (the gallery, the site's pictures).
 */
let mediaBaseUrl = MEDIA_URL_PATH

/** MEDIA_PUBLIC_URL, set at boot; undefined serves the photos from this site's /media. */
export function setMediaPublicUrl(url: string | undefined): void {
  mediaBaseUrl = url ?? MEDIA_URL_PATH
}

/** Where visitors fetch the stored object with this key (`gallery/x-400w.avif`). */
export function publicMediaSrc(key: string): string {
  return `${mediaBaseUrl}/${key}`
}
