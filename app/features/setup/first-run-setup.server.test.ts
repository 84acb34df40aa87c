import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { createAdmin, ensureAdmin, listAdmins } from '#app/features/auth/admins.server.ts'
import type { Auth } from '#app/features/auth/auth.server.ts'
import { setupTokenWorks } from '#app/features/auth/setup-link.server.ts'
import { listProducts, seedMenu } from '#app/features/menu/menu.server.ts'
import { readSiteWords, seedSiteContent } from '#app/features/site-content/site-content.server.ts'
import { setUpAuth } from '#tests/support/admins.ts'
import { receiveFirstRunSetup, readSetupState } from './first-run-setup.server.ts'

const SITE = 'http://localhost:3000'

/** A fresh install as boot leaves it: the demo menu and words, no admin, and the link printed. */
async function freshInstall() {
  const { db, auth } = await setUpAuth({ siteUrl: SITE })
  const lines: string[] = []
  await ensureAdmin(auth, { db, siteUrl: SITE, log: (line) => lines.push(line) })
  await seedMenu(db)
  await seedSiteContent(db)
  const token = /token=(\S+)/.exec(lines.join('\n'))![1]!
  return { db, auth, token }
}

function setupPost(token: string, fields: Record<string, string>) {
  return new Request(`${SITE}/admin/setup?token=${token}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SITE },
    body: new URLSearchParams(fields),
  })
}

const OWNER_FIELDS = {
  email: 'Maya@Example.test',
  password: 'flour and sugar at dawn',
  confirm: 'flour and sugar at dawn',
  bakery_name: 'Maya’s Kitchen',
  owner_name: 'Maya Lin',
  time_zone: 'Pacific/Auckland',
  currency: 'nzd',
  demo: 'yes',
}

const setUp = (
  { db, auth }: { db: Db; auth: Auth },
  token: string,
  fields: Record<string, string> = OWNER_FIELDS,
) => receiveFirstRunSetup({ request: setupPost(token, fields), token, db, auth })

test('the setup link makes the owner, signs her in, names the bakery and keeps the demo menu', async () => {
  const install = await freshInstall()
  const menuBefore = await listProducts(install.db)
  expect(await readSetupState(install.db, install.auth, install.token)).toBe('open')

  const result = await setUp(install, install.token)
  expect(result.status).toBe(200)
  expect(result.headers.getSetCookie().some((cookie) => cookie.startsWith('bakery.session'))).toBe(
    true,
  )
  expect((await listAdmins(install.auth)).map((admin) => admin.email)).toEqual([
    'maya@example.test',
  ])
  const words = await readSiteWords(install.db)
  expect(words.identity.name).toBe('Maya’s Kitchen')
  expect(words.identity.ownerName).toBe('Maya Lin')
  expect(words.local).toMatchObject({ timeZone: 'Pacific/Auckland', currency: 'NZD' })
  expect(await listProducts(install.db)).toEqual(menuBefore)
  expect(menuBefore.length).toBeGreaterThan(0)
  expect(await setupTokenWorks(install.db, install.token)).toBe(false)
})

test('a time zone or currency the site cannot use is refused beside its field, and nothing is made', async () => {
  const install = await freshInstall()
  const zone = await setUp(install, install.token, { ...OWNER_FIELDS, time_zone: 'Mars/Olympus' })
  expect(zone.status).toBe(400)
  expect(zone.body).toMatchObject({ field: 'time_zone' })
  const yen = await setUp(install, install.token, { ...OWNER_FIELDS, currency: 'JPY' })
  expect(yen.status).toBe(400)
  expect(yen.body).toMatchObject({ field: 'currency', error: expect.stringContaining('cents') })
  expect(await listAdmins(install.auth)).toEqual([])
  expect(await setupTokenWorks(install.db, install.token)).toBe(true)
})

test('without the demo, the menu is empty and the words are plain ones with her name', async () => {
  const install = await freshInstall()
  const result = await setUp(install, install.token, { ...OWNER_FIELDS, demo: 'no' })
  expect(result.status).toBe(200)
  expect(await listProducts(install.db)).toEqual([])
  const words = await readSiteWords(install.db)
  expect(words.identity.name).toBe('Maya’s Kitchen')
  expect(words.identity.email).toBe('maya@example.test')
  expect(words.words.aboutStory).toContain('Maya’s Kitchen')
  expect(words.faq.markdown).toBe('')
  // The menu does not fill itself again at the next start.
  await seedMenu(install.db)
  expect(await listProducts(install.db)).toEqual([])
})

test('her bakery’s name is stored plain: a line break is refused, direction overrides removed, accents composed', async () => {
  const install = await freshInstall()
  const broken = await setUp(install, install.token, {
    ...OWNER_FIELDS,
    demo: 'no',
    bakery_name: 'Maya’s Kitchen\r\nBcc: eve@evil.test',
  })
  expect(broken).toMatchObject({
    status: 400,
    body: { ok: false, error: 'Bakery name must fit on one line.', field: 'bakery_name' },
  })
  expect(await listAdmins(install.auth)).toEqual([])

  const result = await setUp(install, install.token, {
    ...OWNER_FIELDS,
    demo: 'no',
    // A right-to-left override, an isolate, and an "e" with a combining accent.
    bakery_name: 'Cafe\u0301 \u202EMaya’s\u2066 Kitchen\u202C',
    owner_name: 'Maya\u200B Lin',
  })
  expect(result.status).toBe(200)
  const words = await readSiteWords(install.db)
  expect(words.identity.name).toBe('Caf\u00E9 Maya’s Kitchen')
  expect(words.identity.ownerName).toBe('Maya Lin')
  // The stories she starts with say it as stored.
  expect(words.words.homeStory).toMatch(/^Welcome to Caf\u00E9 Maya’s Kitchen\./)
  expect(JSON.stringify(words)).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200B]/)
})

test('the link works once: a second use is refused with a sentence and changes nothing', async () => {
  const install = await freshInstall()
  expect((await setUp(install, install.token)).status).toBe(200)
  const again = await setUp(install, install.token, {
    ...OWNER_FIELDS,
    email: 'someone@else.test',
    bakery_name: 'Taken Over',
  })
  expect(again.status).toBe(403)
  expect(again.body).toMatchObject({ ok: false, error: expect.stringMatching(/set up already/) })
  expect((await listAdmins(install.auth)).map((admin) => admin.email)).toEqual([
    'maya@example.test',
  ])
  expect((await readSiteWords(install.db)).identity.name).toBe('Maya’s Kitchen')
  expect(await readSetupState(install.db, install.auth, install.token)).toBe('set-up')
})

test('two tabs sending the form at once make one admin; the other is told the link was used', async () => {
  const install = await freshInstall()
  const [first, second] = await Promise.all([
    setUp(install, install.token),
    setUp(install, install.token, { ...OWNER_FIELDS, email: 'twin@example.test' }),
  ])
  const statuses = [first.status, second.status].toSorted()
  expect(statuses[0]).toBe(200)
  expect([403, 410]).toContain(statuses[1])
  const refused = [first, second].find((result) => result.status !== 200)!
  expect(refused.body).toMatchObject({ ok: false, error: expect.stringMatching(/\w+ \w+/) })
  expect(await listAdmins(install.auth)).toHaveLength(1)
})

test('a wrong link, a bad form and an install with an admin are refused, and nothing is made', async () => {
  const install = await freshInstall()
  const wrong = await setUp(install, 'not-the-token-0123456789abcdefghijklmnop')
  expect(wrong.status).toBe(410)
  expect(wrong.body).toMatchObject({ ok: false, error: expect.stringMatching(/does not work/) })

  const short = await setUp(install, install.token, {
    ...OWNER_FIELDS,
    password: 'short',
    confirm: 'short',
  })
  expect(short.status).toBe(400)
  expect(short.body).toMatchObject({ field: 'password' })
  const noName = await setUp(install, install.token, { ...OWNER_FIELDS, bakery_name: '   ' })
  expect(noName.status).toBe(400)
  expect(noName.body).toMatchObject({ field: 'bakery_name' })
  expect(await listAdmins(install.auth)).toEqual([])
  expect(await setupTokenWorks(install.db, install.token)).toBe(true)

  // An admin made another way (ADMIN_EMAIL, the command line) closes the setup.
  await createAdmin(install.auth, 'cli@example.test', 'made from the command line')
  const closed = await setUp(install, install.token)
  expect(closed.status).toBe(403)
  expect(await listAdmins(install.auth)).toHaveLength(1)
})
