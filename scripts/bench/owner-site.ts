import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { onCleanup } from './cleanup.ts'
import { type MailSink, startMailSink } from './mail-sink.ts'
import { ADMIN, signIn } from './memory.ts'
import {
  OWNER_ANNOUNCEMENT,
  OWNER_FAQ,
  OWNER_PICTURES,
  OWNER_POLICIES,
  OWNER_REVIEWS,
  OWNER_WORDS,
} from './owner-content.ts'
import {
  orderVersionOf,
  quoteAnswerFieldsOf,
  refusalOf,
  requestIdOf,
  requestTokenOf,
  reviewIdsOf,
} from './owner-site-html.ts'
import { makePhotoLikeJpeg } from './photo-like.ts'
import type { SectionContext } from './section.ts'
import { type RunningServer, startServer } from './server.ts'

/**
 * The site as the owner has made it hers: what the Lighthouse sections
 * measure instead of the built-in words and pictures. Everything goes in
 * the way she puts it in, through the site's own forms over HTTP (Settings ›
 * Your site, the order page, her reviews list) and, for the reviews, the
 * customers' own private pages: no SQL, so a form that breaks breaks the
 * benchmark too.
 */

const DAY_MS = 24 * 60 * 60 * 1000
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** A flat, square logo: a ring and a cupcake drawn in shapes (no fonts needed). */
async function makeLogoPng(file: string, size: number): Promise<void> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">
  <circle cx="50" cy="50" r="48" fill="#fbe7ec" stroke="#8a3b55" stroke-width="4"/>
  <path d="M30 52 h40 l-6 28 h-28 z" fill="#c8798f"/>
  <path d="M28 52 q0 -22 22 -22 q22 0 22 22 z" fill="#fff7f0" stroke="#8a3b55" stroke-width="2"/>
  <circle cx="50" cy="26" r="5" fill="#c0392b"/>
</svg>`
  await sharp(Buffer.from(svg)).png().toFile(file)
}

export interface OwnerSite {
  server: RunningServer
  /** The owner's session cookie, as the browser would send it. */
  cookie: string
  sink: MailSink
  stop(): Promise<void>
}

/**
 * A server of its own, started as the shared one (the same gallery) plus an
 * owner account and a loopback SMTP server, so the emails that carry the
 * customers' links (and the owner's news) really go out.
 */
export async function startOwnerSite({
  appDir,
  serverOptions,
}: SectionContext): Promise<OwnerSite> {
  const sink = await startMailSink()
  const closeSink = onCleanup(() => sink.close())
  try {
    const server = await startServer(appDir, {
      ...serverOptions,
      env: {
        ...serverOptions.env,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        SMTP_URL: sink.url,
        MAIL_TO: ADMIN.email,
        MAIL_FROM: 'Butter & Bloom website <website@example.com>',
      },
    })
    return {
      server,
      cookie: await signIn(server),
      sink,
      async stop() {
        await server.stop()
        await closeSink()
      },
    }
  } catch (error) {
    await closeSink()
    throw error
  }
}

async function answerText(response: Response): Promise<string> {
  return refusalOf(await response.text())
}

/**
 * Posts one of the owner's plain forms; anything but 200 stops the benchmark
 * with the answer. Posts carry the loopback origin: React Router refuses an
 * action whose Origin is not the URL's own.
 */
async function postOwnerForm(
  site: OwnerSite,
  route: string,
  fields: Record<string, string>,
): Promise<void> {
  const response = await fetch(new URL(route, site.server.loopbackOrigin), {
    method: 'POST',
    headers: {
      cookie: site.cookie,
      origin: site.server.loopbackOrigin,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(fields),
    redirect: 'manual',
  })
  if (response.status !== 200) {
    throw new Error(
      `${route} ${fields.intent ?? ''} answered ${response.status}: ${await answerText(response)}`,
    )
  }
  await response.arrayBuffer()
}

async function ownerPage(site: OwnerSite, route: string): Promise<string> {
  const response = await fetch(new URL(route, site.server.loopbackOrigin), {
    headers: { cookie: site.cookie },
  })
  const html = await response.text()
  if (response.status !== 200) throw new Error(`${route} answered ${response.status}`)
  return html
}

async function uploadPicture(
  site: OwnerSite,
  slot: keyof typeof OWNER_PICTURES,
  dir: string,
): Promise<void> {
  const { width, height, alt } = OWNER_PICTURES[slot]
  const file = path.join(dir, `${slot}.${slot === 'logo' ? 'png' : 'jpg'}`)
  if (slot === 'logo') await makeLogoPng(file, width)
  else await makePhotoLikeJpeg(file, { width, height })
  const form = new FormData()
  form.append('intent', 'pictures')
  form.append('slot', slot)
  form.append('alt', alt)
  const type = slot === 'logo' ? 'image/png' : 'image/jpeg'
  form.append(
    'file',
    new Blob([new Uint8Array(await readFile(file))], { type }),
    path.basename(file),
  )
  const response = await fetch(new URL('/admin/settings/site', site.server.loopbackOrigin), {
    method: 'POST',
    headers: { cookie: site.cookie, origin: site.server.loopbackOrigin },
    body: form,
  })
  if (response.status !== 200) {
    throw new Error(
      `uploading the ${slot} answered ${response.status}: ${await answerText(response)}`,
    )
  }
  await response.arrayBuffer()
}

/** Waits (bounded) for the email to `to` whose subject matches, as the outbox delivers it. */
async function mailTo(site: OwnerSite, to: string, subject: RegExp, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const found = site.sink.messages.find(
      (sent) => subject.test(sent.mail.subject ?? '') && sent.to.includes(to),
    )
    if (found) return found.mail
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`no email “${subject.source}” reached ${to} within ${timeoutMs} ms`)
}

/**
 * A customer's request sent as the order form sends it, found in the
 * owner's list by her email, and quoted. Returns its id and her link's token.
 */
export async function sendQuotedRequest(
  site: OwnerSite,
  customer: { name: string; email: string },
  { dueInDays, product = 'Cakes', theme }: { dueInDays: number; product?: string; theme: string },
  run: number,
): Promise<{ id: number; token: string }> {
  const send = await fetch(new URL('/ordernow', site.server.loopbackOrigin), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: site.server.loopbackOrigin,
      'x-forwarded-for': `198.51.100.${run + 10}`,
    },
    body: JSON.stringify({
      orders: [
        {
          name: customer.name,
          email: customer.email,
          phone_number: '416-555-0142',
          product_type: product,
          event_theme: theme,
          due_date: isoDay(Date.now() + dueInDays * DAY_MS),
          hear_about_us: 'Instagram',
        },
      ],
      website: '',
      accept_policies: true,
    }),
  })
  if (send.status !== 200) {
    throw new Error(
      `sending ${customer.name}'s request answered ${send.status}: ${await answerText(send)}`,
    )
  }
  await send.arrayBuffer()
  const list = await ownerPage(site, `/admin/orders?q=${encodeURIComponent(customer.email)}`)
  const id = requestIdOf(list)
  if (id === null) throw new Error(`${customer.name}'s request is not in the owner's list`)
  await orderStep(site, id, {
    intent: 'quote',
    price: '120',
    delivery_fee: '',
    deposit_kind: 'amount',
    deposit: '60',
    deposit_due: '',
    balance_due: '',
    payment_instructions: 'e-Transfer to maya@example.com, with your name in the message.',
    message: 'Thank you! Here is your quote; the deposit holds your date.',
    expires_in_days: '14',
  })
  const confirmation = await mailTo(site, customer.email, /^We got your request/)
  const token = requestTokenOf(confirmation.text ?? '')
  if (!token) throw new Error(`no private link in ${customer.name}'s confirmation`)
  return { id, token }
}

/** She accepts her quote from her private page, as its Accept quote button posts. */
async function acceptQuote(site: OwnerSite, token: string, run: number): Promise<void> {
  const page = new URL(`/requests/${token}`, site.server.loopbackOrigin)
  const fields = quoteAnswerFieldsOf(await (await fetch(page)).text())
  if (!fields) throw new Error('her private page offers no quote to accept')
  const response = await fetch(page, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: site.server.loopbackOrigin,
      'x-forwarded-for': `198.51.100.${run + 10}`,
    },
    body: new URLSearchParams({ ...fields, intent: 'accept' }),
  })
  if (response.status !== 200) {
    throw new Error(
      `accepting the quote answered ${response.status}: ${await answerText(response)}`,
    )
  }
  await response.arrayBuffer()
}

/** One of the order page's forms, with the version the page shows now. */
async function orderStep(site: OwnerSite, id: number, fields: Record<string, string>) {
  const version = orderVersionOf(await ownerPage(site, `/admin/orders/${id}`))
  if (version === null) throw new Error(`/admin/orders/${id} has no forms`)
  await postOwnerForm(site, `/admin/orders/${id}`, { ...fields, version: String(version) })
}

/**
 * A review as the customer leaves it: her quote accepted, her order booked (deposit waived),
 * made ready and completed by the owner, then five stars and her words from
 * her private page, with permission to show them.
 */
async function completeAndReview(
  site: OwnerSite,
  review: (typeof OWNER_REVIEWS)[number],
  run: number,
): Promise<void> {
  const email = `${review.display.toLowerCase()}.bench@example.com`
  const { id, token } = await sendQuotedRequest(
    site,
    { name: review.name, email },
    { dueInDays: 40 + run * 7, theme: `Birthday party ${run}` },
    run,
  )
  await acceptQuote(site, token, run)
  await orderStep(site, id, { intent: 'waive' })
  await orderStep(site, id, { intent: 'ready', confirm: 'yes' })
  await orderStep(site, id, { intent: 'complete', confirm: 'yes' })
  const response = await fetch(new URL(`/requests/${token}?review`, site.server.loopbackOrigin), {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: site.server.loopbackOrigin,
      'x-forwarded-for': `198.51.100.${run + 10}`,
    },
    body: new URLSearchParams({
      rating: '5',
      words: review.words,
      display_name: review.display,
      may_show: 'on',
    }),
  })
  if (response.status !== 200) {
    throw new Error(
      `${review.name}'s review answered ${response.status}: ${await answerText(response)}`,
    )
  }
  await response.arrayBuffer()
}

/**
 * Gives the site her content, every part through its own form: pictures,
 * words, banner, FAQ, policies, and two reviews she shows.
 */
export async function giveOwnerContent(site: OwnerSite): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-owner-pictures-'))
  const removeDir = onCleanup(() => rm(dir, { recursive: true, force: true }))
  try {
    for (const slot of ['hero', 'about', 'logo'] as const) await uploadPicture(site, slot, dir)
  } finally {
    await removeDir()
  }
  const yourSite = '/admin/settings/site'
  await postOwnerForm(site, yourSite, { intent: 'words', ...OWNER_WORDS })
  await postOwnerForm(site, yourSite, {
    intent: 'announcement',
    on: 'on',
    ...OWNER_ANNOUNCEMENT,
    ends_on: isoDay(Date.now() + 60 * DAY_MS),
  })
  await postOwnerForm(site, yourSite, { intent: 'faq', markdown: OWNER_FAQ })
  await postOwnerForm(site, yourSite, { intent: 'policies', markdown: OWNER_POLICIES })
  for (const [index, review] of OWNER_REVIEWS.entries()) {
    await completeAndReview(site, review, index + 1)
  }
  const ids = reviewIdsOf(await ownerPage(site, '/admin/reviews'))
  if (ids.length < OWNER_REVIEWS.length) {
    throw new Error(`her reviews list offers ${ids.length} reviews, not ${OWNER_REVIEWS.length}`)
  }
  for (const id of ids) {
    await postOwnerForm(site, '/admin/reviews', { intent: 'show', review: String(id) })
  }
}
