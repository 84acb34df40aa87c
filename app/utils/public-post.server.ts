import type { Kysely } from 'kysely'
import type { Database } from '#app/db/schema.ts'
import { mediaTypeOf } from './media-type.ts'
import { rateLimit } from './rate-limit.server.ts'
import { describeWait } from './rate-limit.ts'
import { BodyTooLargeError, readBodyText } from './read-body.server.ts'
import { type Reply, reply } from './reply.ts'

export interface PostFailure {
  ok: false
  error: string
}

/** About ten sends a minute from one address is more than any person needs. */
export const SENDS_PER_MINUTE = 10

/** A public form's page is read with GET and sent with POST; nothing else. */
export const FORM_PAGE_METHODS = 'GET, HEAD, POST'

/**
 * The checks every public post gets before its content is looked at: POST
 * only, a body of one of the types its form sends, a rate limit per client
 * address, then a body read that stops at `maxBytes`. Returns the body and
 * the media type it was sent as. The limit is kept in the database, shared
 * by every instance of the site, one count per form (`form`) and address.
 */
export async function readPublicPost({
  request,
  clientIp,
  db,
  form,
  maxBytes,
  mediaTypes,
  now = Date.now(),
}: {
  request: Request
  clientIp: string
  db: Kysely<Database>
  /** Names the form's own limit, e.g. 'order': each form is counted apart. */
  form: string
  maxBytes: number
  /** The media types this form's post may have, e.g. ['application/x-www-form-urlencoded']. */
  mediaTypes: readonly string[]
  now?: number
}): Promise<{ text: string; mediaType: string } | { refused: Reply<PostFailure> }> {
  if (request.method !== 'POST') {
    return {
      refused: reply(
        405,
        { ok: false, error: 'This form can only be sent with POST.' },
        { Allow: FORM_PAGE_METHODS },
      ),
    }
  }
  const mediaType = mediaTypeOf(request.headers.get('content-type'))
  if (mediaType === undefined || !mediaTypes.includes(mediaType)) {
    return {
      refused: reply(415, {
        ok: false,
        error: `This form's content cannot be read: send it as ${mediaTypes.join(' or ')}.`,
      }),
    }
  }

  const limit = await rateLimit({
    db,
    key: `${form}:${clientIp}`,
    max: SENDS_PER_MINUTE,
    windowMs: 60_000,
    now,
  })
  if (!limit.allowed) {
    return {
      refused: reply(
        429,
        {
          ok: false,
          error: `You have sent a lot in the last minute. Please try again in ${describeWait(limit.retryAfterMs)}.`,
        },
        { 'Retry-After': String(Math.ceil(limit.retryAfterMs / 1000)) },
      ),
    }
  }
  try {
    return { text: await readBodyText(request, maxBytes), mediaType }
  } catch (error) {
    if (!(error instanceof BodyTooLargeError)) throw error
    return {
      refused: reply(413, {
        ok: false,
        error: `That is more than we can take in one send (${Math.round(maxBytes / 1024)} KB). Please send it in smaller parts.`,
      }),
    }
  }
}
