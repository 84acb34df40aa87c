import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { onCleanup } from './cleanup.ts'
import { type MailSink, startMailSink } from './mail-sink.ts'
import { ADMIN, signIn } from './memory.ts'
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

export const OWNER_WORDS = {
  home_story:
    'Every cake starts with a conversation over coffee. I bake in small batches from my home ' +
    'kitchen in Leslieville, with Ontario butter, free-run eggs and fruit from the Saturday market.',
  about_story: [
    'Hi, I’m Maya! I started baking for my sister’s wedding in 2019 and never stopped.',
    '',
    'Everything is made to order, one celebration at a time: **birthday cakes**, cupcake towers, ' +
      'cookie boxes and the odd croquembouche. I answer every request myself, usually the same day.',
    '',
    'Allergies? Tell me when you order: I can bake without nuts, and most cakes can be made ' +
      'dairy-free.',
  ].join('\n'),
  treats_intro: 'A few of the things I bake most, each made for the day you need it.',
}

export const OWNER_ANNOUNCEMENT = {
  text: 'Holiday cookie boxes are open: order by December 15 for pick-up before the 24th.',
  link: '/ordernow',
}

export const OWNER_FAQ = `
## How far ahead should I order?

Two to three weeks for a cake, a week for cupcakes and cookies. Wedding cakes: two months or more.
Ask anyway if your date is sooner: I will say if I can.

## Do you deliver?

Pick-up is in Leslieville. Delivery in the east end is **$15**; further away, ask me.

## Can you bake for allergies?

- Nut-free: yes, always in a kitchen cleaned for it
- Dairy-free: most cakes and all the cookies
- Gluten-free: cupcakes and brownies only

## How do I pay?

A deposit holds your date once you accept the quote (e-Transfer or card); the balance is due at
pick-up. See the [order policies](/policies).

## Can I send a picture of what I want?

Yes, add up to five photos to your request. I will tell you what I can make of it.
`.trim()

export const OWNER_POLICIES = `
## Deposits

A **50% deposit** holds your date once you accept the quote. Your date is not booked until it is paid.

## Changes

Flavours and decorations can change up to 7 days before your date; the number of guests up to 3 days.

## Cancellations

- More than 14 days ahead: the deposit comes back in full
- 7 to 14 days ahead: half of it comes back
- Less than 7 days: the deposit is kept, as the ingredients are bought

## Pick-up

At the time we agree, from my door in Leslieville. Cakes travel flat, in the footwell, with the air on.
`.trim()

export const OWNER_PICTURES = {
  hero: {
    width: 2400,
    height: 1800,
    alt: 'A pink layer cake with sprinkles on a white plate, on the bakery’s wooden table',
  },
  about: {
    width: 1200,
    height: 900,
    alt: 'Maya icing a birthday cake in her home kitchen',
  },
  logo: { width: 600, height: 600, alt: 'Butter & Bloom' },
} as const

export const OWNER_REVIEWS = [
  {
    name: 'Priya Raman',
    display: 'Priya',
    words: 'The lemon raspberry cake was the star of the party. Everyone asked where it came from!',
  },
  {
    name: 'Daniel Okafor',
    display: 'Daniel',
    words: 'Beautiful cupcakes, right on time, and Maya answered every question within the hour.',
  },
] as const

/** One sentence per thing on the pages, for the report. */
export function describeOwnerContent(): string {
  const picture = (name: string, slot: keyof typeof OWNER_PICTURES) => {
    const { width, height, alt } = OWNER_PICTURES[slot]
    const format = slot === 'logo' ? 'PNG' : 'JPEG'
    return `${name} (${width}×${height} ${format} through the upload pipeline, alt “${alt}”)`
  }
  const questions = OWNER_FAQ.match(/^## /gm)?.length ?? 0
  const sections = OWNER_POLICIES.match(/^## /gm)?.length ?? 0
  return [
    `her ${picture('hero', 'hero')}, ${picture('About photo', 'about')} and ${picture('logo', 'logo')}`,
    `her own home and About stories and treats introduction (${OWNER_WORDS.about_story.length} characters on About)`,
    `the announcement banner on (“${OWNER_ANNOUNCEMENT.text}”, linking ${OWNER_ANNOUNCEMENT.link})`,
    `a Markdown FAQ of ${questions} questions with a list and a link, and Markdown order policies in ${sections} parts`,
    `${OWNER_REVIEWS.length} five-star reviews shown on Home and About, each from a customer whose order was quoted, booked and completed`,
  ].join('; ')
}

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

/** The version the order page's forms carry back (the page is out of date without it). */
export function orderVersionOf(html: string): number | null {
  const match = /name="version" value="(\d+)"/.exec(html)
  return match ? Number(match[1]) : null
}

/** A request's id from the owner's order list (its link, /admin/orders/<id>). */
export function requestIdOf(html: string): number | null {
  const match = /\/admin\/orders\/(\d+)/.exec(html)
  return match ? Number(match[1]) : null
}

/** The customer's private link's token in an email's text. */
export function requestTokenOf(text: string): string | null {
  return /\/requests\/([A-Za-z0-9_-]{16,})/.exec(text)?.[1] ?? null
}

/** The reviews her list offers to show (each Show form's hidden `review` field), oldest id first. */
export function reviewIdsOf(html: string): number[] {
  const ids = [...html.matchAll(/name="review" value="(\d+)"/g)].map((match) => Number(match[1]))
  return [...new Set(ids)].sort((a, b) => a - b)
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

/** What a refusal says: a JSON error, the page's alert, or the start of the body. */
export function refusalOf(text: string): string {
  const json = /"error":\s*"([^"]{1,300})"/.exec(text)
  if (json) return json[1]!
  const alert = /role="alert"[^>]*>([\s\S]{1,600}?)<\/(?:p|div)>/.exec(text)
  const said = alert ? alert[1]!.replace(/<[^>]+>/g, ' ') : text
  return said.replace(/\s+/g, ' ').trim().slice(0, 300)
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

/** The hidden fields of the Accept quote form on her private page. */
export function quoteAnswerFieldsOf(html: string): { request: string; quote: string } | null {
  const request = /name="request" value="(\d+)"/.exec(html)?.[1]
  const quote = /name="quote" value="(\d+)"/.exec(html)?.[1]
  return request && quote ? { request, quote } : null
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
