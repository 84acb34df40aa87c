import type { Env } from '#app/config/env.server.ts'
import type { Db } from '#app/db/db.server.ts'
import {
  type MailAddresses,
  resolveMailAddresses,
} from '#app/features/mail/transports/select-transport.server.ts'
import { readSiteSection } from '#app/features/site-content/site-content.server.ts'

/**
 * What the delivery worker asks before each send: whom the email comes from
 * (MAIL_FROM, else no-reply under her bakery's name) and the owner's address
 * (MAIL_TO, else her contact email), from Settings › Your site as it stands
 * now, so a rename shows on the very next email without a restart.
 */
export function bakeryMailAddresses(
  db: Db,
  env: Pick<Env, 'SITE_URL' | 'MAIL_TO' | 'MAIL_FROM'>,
): () => Promise<MailAddresses> {
  return async () => resolveMailAddresses(env, await readSiteSection(db, 'identity'))
}
