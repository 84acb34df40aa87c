import { textKeysOf, type TextKeys } from '#app/config/env.server.ts'
import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import { CLOSED_STATUSES } from '#app/features/order-status/order-status.ts'
import { readSiteSection } from '#app/features/site-content/site-content.server.ts'
import { FORM_URLENCODED } from '#app/utils/media-type.ts'
import { formatPhoneNumber } from '#app/utils/phone-number.ts'
import { readPublicPost } from '#app/utils/public-post.server.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import { type TextChoiceResult, type TextPanel, TEXTS_INTENT } from './text-choice.ts'
import {
  giveTextConsent,
  standsOf,
  textConsentsOf,
  withdrawTextConsent,
} from './text-consent.server.ts'

const ownTables = tablesFor('texts')

/**
 * Her page's "Text me about my order" (decision 111): shown only when
 * texts are on and an order of her link is still to come.
 */
export async function readTextPanel(
  db: Db,
  token: string,
  keys: TextKeys | undefined = textKeysOf(),
): Promise<TextPanel | null> {
  if (!keys) return null
  const link = await linkOf(db, token)
  if (!link || !link.open) return null
  const consent = (await textConsentsOf(db, [link.phone])).get(link.phone)
  const { name: bakeryName } = await readSiteSection(db, 'identity')
  return { phone: formatPhoneNumber(link.phone), on: standsOf(consent), bakeryName }
}

/** Her choice, posted to `?texts`: her yes recorded with where she gave it, or her no. */
export async function receiveTextChoice({
  request,
  token,
  clientIp,
  db,
  now = Date.now(),
  keys = textKeysOf(),
}: {
  request: Request
  token: string
  clientIp: string
  db: Db
  now?: number
  keys?: TextKeys | undefined
}): Promise<Reply<TextChoiceResult>> {
  const post = await readPublicPost({
    request,
    clientIp,
    db,
    form: 'texts',
    now,
    maxBytes: 1_000,
    mediaTypes: [FORM_URLENCODED],
  })
  if ('refused' in post) {
    const { status, body, headers } = post.refused
    return { status, body: { texts: true, ...body }, ...(headers ? { headers } : {}) }
  }
  const form = new URLSearchParams(post.text)
  const link = keys ? await linkOf(db, token) : undefined
  if (!link) return reply(404, { texts: true, ok: false, error: 'Texts are not offered here.' })
  if (form.get('intent') !== TEXTS_INTENT) {
    return reply(400, {
      texts: true,
      ok: false,
      error: 'Tick the box or leave it empty, then save.',
    })
  }
  const where = link.reference ? `her order page, ${link.reference}` : 'her order page'
  if (form.get('texts') === 'on') {
    await giveTextConsent(db, { phone: link.phone, where, now })
    return reply(200, {
      texts: true,
      ok: true,
      message: `Done: we will text ${formatPhoneNumber(link.phone)} about your order.`,
    })
  }
  await withdrawTextConsent(db, { phone: link.phone, purpose: 'orders', how: where, now })
  return reply(200, {
    texts: true,
    ok: true,
    message: 'Done: no more texts about your order. Email tells you everything.',
  })
}

/** The phone, reference and whether any order is still to come, of a private link. */
async function linkOf(db: Db, token: string) {
  const rows = await ownTables(db)
    .selectFrom('order_request')
    .select(['phone_number', 'payment_reference', 'status'])
    .where('customer_token', '=', token)
    .orderBy('position')
    .limit(100)
    .execute()
  const [first] = rows
  if (!first || !/^\d{10}$/.test(first.phone_number)) return undefined
  return {
    phone: first.phone_number,
    reference: first.payment_reference,
    open: rows.some((row) => !(CLOSED_STATUSES as readonly string[]).includes(row.status)),
  }
}
