/**
 * `npm run backup` against a site that is running and taking orders, and
 * `npm run restore` of its archive on a new machine: the built server and
 * the commands each in a process of their own, as the owner runs them.
 */
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import sharp from 'sharp'
import { beforeAll, expect, onTestFinished, test } from 'vitest'
import {
  BUILD_TIMEOUT_MS,
  OWNER,
  ensureBuild,
  signIn,
  startBuiltServer,
} from '#tests/support/built-server.ts'

const run = promisify(execFile)

beforeAll(ensureBuild, BUILD_TIMEOUT_MS)

async function startSite(dataDir: string) {
  const site = await startBuiltServer({
    DATA_DIR: dataDir,
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    SEED_DEMO: 'false',
    DATABASE_URL: '',
    MEDIA_STORE: '',
  })
  onTestFinished(() => site.stop(), 30_000)
  return site.base
}

async function uploadPhoto(base: string, cookie: string, background: string) {
  const photo = await sharp({ create: { width: 900, height: 700, channels: 3, background } })
    .jpeg()
    .toBuffer()
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'cake.jpg')
  form.append('tags', 'Cakes')
  form.append('alt', 'A cake on a stand')
  form.append('originalSize', String(photo.length * 3))
  const response = await fetch(`${base}/api/gallery`, {
    method: 'POST',
    headers: { origin: base, cookie },
    body: form,
  })
  expect(response.status).toBe(201)
}

/** Every variant URL of every photo, with a hash of the bytes served. */
async function servedPhotos(base: string): Promise<Map<string, string>> {
  const images = (await (await fetch(`${base}/api/gallery`)).json()) as {
    variants: { src: string }[]
  }[]
  const served = new Map<string, string>()
  for (const variant of images.flatMap((image) => image.variants)) {
    const response = await fetch(`${base}${variant.src}`)
    expect(response.status, variant.src).toBe(200)
    const bytes = Buffer.from(await response.arrayBuffer())
    served.set(variant.src, createHash('sha256').update(bytes).digest('hex'))
  }
  return served
}

/** One of the commands, in a process of its own as the owner would run it. */
async function runCommand(script: 'backup' | 'restore', args: string[], dataDir: string) {
  return run(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', MEDIA_STORE: '' },
  })
}

test('a backup taken while orders arrive restores a site with every acknowledged order and photo', async () => {
  const work = mkdtempSync(path.join(tmpdir(), 'bakery-backup-test-'))
  const liveBase = await startSite(path.join(work, 'live'))
  const cookie = await signIn(liveBase)
  await uploadPhoto(liveBase, cookie, '#d9435a')
  await uploadPhoto(liveBase, cookie, '#f5d98b')
  const photos = await servedPhotos(liveBase)
  expect(photos.size).toBeGreaterThan(0)

  // Customers keep sending while the backup runs. Each send comes through the
  // local proxy from its own address, so the per-visitor limit never refuses it.
  const acknowledged: string[] = []
  let sending = true
  const customers = (async () => {
    for (let send = 1; sending && send <= 120; send++) {
      // One customer per send; each order is told apart by its theme, which the inbox lists.
      const themes = [`Loop ${send} cake`, `Loop ${send} cupcakes`]
      // A day of its own for each send: a day holds 4 orders by default.
      const due = new Date(Date.now() + (10 + send) * 86_400_000).toISOString().slice(0, 10)
      const response = await fetch(`${liveBase}/ordernow`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: liveBase,
          'x-forwarded-for': `198.51.100.${send}`,
        },
        body: JSON.stringify({
          orders: themes.map((event_theme) => ({
            name: `Customer ${send}`,
            email: 'loop@example.com',
            phone_number: '4165550123',
            product_type: 'Cakes',
            event_theme,
            due_date: due,
            hear_about_us: 'Instagram',
          })),
          website: '',
          accept_policies: true,
        }),
      })
      if (response.status === 200) acknowledged.push(...themes)
      else throw new Error(`send ${send} answered ${response.status}: ${await response.text()}`)
    }
  })()
  await expect.poll(() => acknowledged.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(10)

  const archive = path.join(work, 'bakery.tar.gz')
  const beforeBackup = [...acknowledged]
  const backup = await runCommand('backup', [archive], path.join(work, 'live'))
  const duringBackup = acknowledged.length - beforeBackup.length
  sending = false
  await customers
  expect(backup.stdout).toMatch(/^Backed up .* 2 photos .* the auth secret\.\n$/)
  // The orders kept arriving while the backup ran.
  expect(duringBackup).toBeGreaterThan(0)
  const backedUp = Number(/: (\d+) order requests/.exec(backup.stdout)![1])
  expect(backedUp).toBeGreaterThanOrEqual(beforeBackup.length)
  expect(backedUp).toBeLessThanOrEqual(acknowledged.length)

  const restoredDir = path.join(work, 'new-machine', 'data')
  const restore = await runCommand('restore', [archive], restoredDir)
  expect(restore.stdout).toContain(`${backedUp} order requests`)

  const restoredBase = await startSite(restoredDir)
  // The auth secret and sessions came along: the owner is still signed in.
  // The order list shows 50 a page, newest first: the oldest orders, those
  // acknowledged before the backup, are on its last pages.
  let html = ''
  for (let page = 1; page <= Math.ceil(backedUp / 50); page++) {
    const inbox = await fetch(`${restoredBase}/admin/orders?page=${page}`, { headers: { cookie } })
    expect(inbox.status).toBe(200)
    html += await inbox.text()
  }
  const missing = beforeBackup.filter((theme) => !html.includes(`<dd>${theme}</dd>`))
  expect(missing, 'acknowledged orders missing from the restored inbox').toEqual([])
  expect(await servedPhotos(restoredBase)).toEqual(photos)
}, 240_000)
