import { FORM_URLENCODED, mediaTypeOf } from './media-type.ts'
import { BodyTooLargeError, readBodyText } from './read-body.server.ts'

/** What the owner's buttons and forms may post at most: a few short fields. */
const MAX_ADMIN_FORM_BYTES = 4096

/** The answer to any owner's post that is not the form the page sends. */
export const NOT_UNDERSTOOD = 'That request could not be understood.'

/**
 * The fields of an owner's plain form post, or undefined when the body is
 * not one (another type, or larger than `maxBytes`, by default any of those
 * forms of a few short fields), for the caller to answer 400 with NOT_UNDERSTOOD.
 */
export async function readAdminForm(
  request: Request,
  maxBytes = MAX_ADMIN_FORM_BYTES,
): Promise<Record<string, string> | undefined> {
  if (mediaTypeOf(request.headers.get('content-type')) !== FORM_URLENCODED) return undefined
  try {
    return Object.fromEntries(new URLSearchParams(await readBodyText(request, maxBytes)))
  } catch (error) {
    if (error instanceof BodyTooLargeError) return undefined
    throw error
  }
}
