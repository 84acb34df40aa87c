import type { Kysely, Transaction } from 'kysely'
import type { Database } from '#app/db/schema.ts'
import { NOT_UNDERSTOOD, readAdminForm } from '#app/utils/admin-form.server.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import { checkSiteSection, readSiteSection, saveSiteSection } from './site-content.server.ts'
import { ADDRESS_FORM_FIELDS, type SiteSettingsResult } from './site-settings-form.ts'
import { addressSchema, fieldErrorsOf } from './site-words-schema.ts'

/** The Address form posts four short lines. */
const MAX_ADDRESS_FORM_BYTES = 8 * 1024

const CHECK_WORDS = 'Please check the words marked in red; nothing was saved.'

/**
 * Settings › Your site › Address (decision 084): she fills in one address.
 * The street is private and stays where the pickup address always lived,
 * written by `saveStreet` (the booking settings', injected by the route as
 * for the policies, so this feature writes no table of theirs); the city,
 * region and postal code are public and join her identity. Both are checked
 * first and written in one transaction: all of it, or nothing. A refusal is
 * a 400 with each field's sentence and what she typed.
 */
export async function receiveAddressAction({
  request,
  db,
  saveStreet,
}: {
  request: Request
  db: Kysely<Database>
  saveStreet: (trx: Transaction<Database>, street: string) => Promise<void>
}): Promise<Reply<SiteSettingsResult>> {
  const form = await readAdminForm(request, MAX_ADDRESS_FORM_BYTES)
  if (!form || form.intent !== 'address') {
    return reply(400, {
      section: 'address',
      status: 'refused',
      values: {},
      errors: {},
      error: NOT_UNDERSTOOD,
    })
  }
  const values = Object.fromEntries(
    Object.keys(ADDRESS_FORM_FIELDS).map((name) => [name, form[name] ?? '']),
  )
  const refused = (errors: Record<string, string>) =>
    reply<SiteSettingsResult>(400, {
      section: 'address',
      status: 'refused',
      values,
      errors: formErrorsOf(errors),
      error: CHECK_WORDS,
    })
  const parsed = addressSchema.safeParse({
    street: values.street,
    city: values.city,
    region: values.region,
    postalCode: values.postal_code,
  })
  if (!parsed.success) return refused(fieldErrorsOf(parsed.error))
  const { street, ...publicPart } = parsed.data
  const identity = checkSiteSection('identity', {
    ...(await readSiteSection(db, 'identity')),
    ...publicPart,
  })
  // Her stored identity passed its schema as it was read; only a new part can be refused.
  if (!identity.ok) return refused(identity.errors)
  await db.transaction().execute(async (trx) => {
    await saveSiteSection(trx, 'identity', identity.value)
    await saveStreet(trx, street)
  })
  return reply(200, { section: 'address', status: 'saved', values, errors: {} })
}

/** The sentences under the form's names (`postalCode` → `postal_code`). */
function formErrorsOf(errors: Record<string, string>): Record<string, string> {
  const byPath = Object.fromEntries(
    Object.entries(ADDRESS_FORM_FIELDS).map(([name, path]) => [path, name]),
  )
  return Object.fromEntries(
    Object.entries(errors).map(([path, message]) => [byPath[path] ?? path, message]),
  )
}
