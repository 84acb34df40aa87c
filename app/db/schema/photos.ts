import type { Generated } from 'kysely'
import type { Millis } from './shared.ts'

/*
 * The tables whose rows hold stored photos and their variants: the
 * gallery's, the customers' inspiration photos and the design proofs'.
 */

export interface GalleryImageTable {
  id: Generated<number>
  /** '{timestamp}_{safeName}', the prefix of every file stored for the image. */
  file_name: string
  /** JSON array of tags */
  tags: string
  /** ISO timestamp */
  uploaded_at: string
  /** Bytes of the photo before the browser compressed it, as the browser reported. */
  original_size: number
  /** Bytes the server received. */
  compressed_size: number
  /** Upright pixel size of the largest variant. */
  width: number
  height: number
  /** JSON array of GalleryVariant (features/gallery/gallery-image.ts) */
  variants: string
  /** A tiny blurred WebP as a data: URL, shown while the image loads. */
  placeholder: string
  /** Bytes on disk for all variants: what counts against MEDIA_QUOTA_MB. */
  stored_bytes: number
  /** The browser's key for the upload that made this image; null for demo photos. */
  upload_key: string | null
  /** The owner's description of the photo for screen readers; null for photos from before 017. */
  alt_text: string | null
  /** The owner's line shown under the photo in the larger view, if any. */
  caption: string | null
  /** Goes up by one with every edit: an edit made from an older version is refused. */
  version: Generated<number>
}

export interface InspirationPhotoTable {
  id: Generated<number>
  /** The photo's private name: at least 128 random bits, base64url. */
  key: string
  created_at: Millis
  /** The order_request it was sent with; null while it waits in a cart. */
  request_id: number | null
  /** Upright pixel size of the largest variant. */
  width: number
  height: number
  /** JSON array of InspirationVariant (features/inspiration/inspiration-photos.server.ts) */
  variants: string
  /** Bytes stored for all variants: counted against MEDIA_QUOTA_MB with the gallery's. */
  stored_bytes: number
  /** A small WebP as a data: URL (about 160 px wide), for the cart's thumbnails. */
  preview: string
}

/** One round of a request's design proof (features/proofs, decision 055). */
export interface ProofRoundTable {
  id: Generated<number>
  request_id: number
  /** 1 for the first round sent on this request, then 2, 3… */
  number: number
  /** The owner's note to the customer with this round. */
  note: string
  sent_at: Millis
  /** Null until the customer answers. */
  answer: 'approved' | 'change' | null
  /** The change she asked for, in her words; null otherwise. */
  answer_note: string | null
  answered_at: Millis | null
}

/** One private image of a proof round, re-encoded by the media pipeline. */
export interface ProofImageTable {
  id: Generated<number>
  /** The image's private name: at least 128 random bits, base64url. */
  key: string
  round_id: number
  /** Its place in the round, from 1. */
  position: number
  width: number
  height: number
  /** JSON array of ProofVariant (features/proofs/proof-store.server.ts) */
  variants: string
  /** Bytes stored for all variants: counted against MEDIA_QUOTA_MB with the other photos. */
  stored_bytes: number
  /** A small WebP as a data: URL, shown while the image loads. */
  preview: string
}
