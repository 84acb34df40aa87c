import { existsSync, statSync } from 'node:fs'
import { mkdir, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import * as tar from 'tar'
import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { openTestSqliteDatabase } from '#tests/support/database.ts'
import { birthdayCakeOrder } from '#tests/support/orders.ts'
import { makeTempDir } from '#tests/support/temp-dir.ts'
import { BackupError, scaledOutRefusal } from './backup-archive.server.ts'
import { createBackup } from './backup.server.ts'
import { restoreBackup } from './restore.server.ts'

/** A DATA_DIR as a running site leaves it: orders, a photo and its files, mail, the secret. */
async function makeDataDir({ orders = 2 }: { orders?: number } = {}) {
  const { db, dataDir } = await openTestSqliteDatabase()
  await addOrders(db, orders)
  await db
    .insertInto('contact_message')
    .values({
      created_at: new Date().toISOString(),
      name: 'Sam',
      email: 'sam@example.com',
      phone_number: '4165550100',
      message: 'Do you deliver?',
      handled_at: null,
    })
    .execute()
  const gallery = path.join(dataDir, 'media', 'gallery')
  await mkdir(gallery, { recursive: true })
  const variants = ['400w.webp', '800w.webp'].map((suffix) => `1767225600000_cake-${suffix}`)
  for (const file of variants) await writeFile(path.join(gallery, file), `pixels of ${file}`)
  await db
    .insertInto('gallery_image')
    .values({
      file_name: '1767225600000_cake',
      tags: '["cake"]',
      uploaded_at: new Date().toISOString(),
      original_size: 1000,
      compressed_size: 500,
      width: 800,
      height: 600,
      variants: JSON.stringify(
        variants.map((file) => ({ src: `/media/gallery/${file}`, width: 400, format: 'webp' })),
      ),
      placeholder: '',
      stored_bytes: 100,
    })
    .execute()
  // An upload still being written, and an email half-way to disk: never archived.
  await writeFile(path.join(gallery, '.upload-123.part'), 'half')
  await mkdir(path.join(dataDir, 'mail'))
  await writeFile(path.join(dataDir, 'mail', '2026-01-01T00-00-00-000Z-a.eml'), 'Subject: hi\r\n')
  await writeFile(path.join(dataDir, 'mail', '2026-01-01T00-00-01-000Z-b.eml.partial'), 'Subj')
  await writeFile(path.join(dataDir, 'auth-secret'), 'a'.repeat(64) + '\n', { mode: 0o600 })
  return { db, dataDir }
}

async function addOrders(db: Db, count: number) {
  for (let i = 0; i < count; i++) {
    const batch = await db
      .insertInto('order_batch')
      .values({ created_at: new Date().toISOString(), order_count: 1, handled_at: null })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db
      .insertInto('order_request')
      .values({
        ...birthdayCakeOrder,
        name: `Customer ${i}`,
        comments: null,
        batch_id: batch.id,
        position: 1,
      })
      .execute()
  }
}

function countOrders(dataDir: string): number {
  const sqlite = new SQLite(path.join(dataDir, 'bakery.sqlite'), { readonly: true })
  try {
    return (sqlite.prepare('select count(*) as n from order_request').get() as { n: number }).n
  } finally {
    sqlite.close()
  }
}

async function listTree(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort()
}

async function expectRefused(promise: Promise<unknown>, message: RegExp) {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  )
  expect(error).toBeInstanceOf(BackupError)
  expect((error as Error).message).toMatch(message)
}

test('a backup restores into a new folder as the site was, without half-written files', async () => {
  const { dataDir } = await makeDataDir()
  const archive = path.join(await makeTempDir(), 'nightly.tar.gz')

  const summary = await createBackup({ dataDir, archive })
  expect(summary).toMatchObject({ orders: 2, messages: 1, photos: 1, mediaFiles: 2, mailFiles: 1 })
  expect(summary.bytes).toBe(statSync(archive).size)
  expect(statSync(archive).mode & 0o777).toBe(0o600)
  expect(await readdir(path.dirname(archive))).toEqual(['nightly.tar.gz'])

  const restored = path.join(await makeTempDir(), 'new-machine', 'data')
  const result = await restoreBackup({ archive, dataDir: restored })
  expect(result).toMatchObject({ orders: 2, messages: 1, photos: 1, replaced: false })
  expect(await listTree(restored)).toEqual([
    'auth-secret',
    'bakery.sqlite',
    'mail/2026-01-01T00-00-00-000Z-a.eml',
    'media/gallery/1767225600000_cake-400w.webp',
    'media/gallery/1767225600000_cake-800w.webp',
  ])
  expect(await readFile(path.join(restored, 'auth-secret'), 'utf8')).toBe('a'.repeat(64) + '\n')
  expect(statSync(path.join(restored, 'auth-secret')).mode & 0o777).toBe(0o600)
  expect(
    await readFile(path.join(restored, 'media/gallery/1767225600000_cake-800w.webp'), 'utf8'),
  ).toBe('pixels of 1767225600000_cake-800w.webp')
  expect(countOrders(restored)).toBe(2)
})

test('the snapshot is consistent while another connection keeps writing', async () => {
  const { db, dataDir } = await makeDataDir({ orders: 0 })
  const archive = path.join(await makeTempDir(), 'busy.tar.gz')
  let writing = true
  let written = 0
  const writer = (async () => {
    while (writing) {
      await addOrders(db, 1)
      written++
      // Kysely over better-sqlite3 settles in microtasks; yield as a server's requests would.
      await new Promise((resolve) => setImmediate(resolve))
    }
  })()
  // Poll until the writer is going, so the backup overlaps it.
  while (written < 20) await new Promise((resolve) => setImmediate(resolve))
  const before = written
  const summary = await createBackup({ dataDir, archive })
  writing = false
  await writer
  expect(summary.orders).toBeGreaterThanOrEqual(before)
  expect(summary.orders).toBeLessThanOrEqual(written)
  const restored = path.join(await makeTempDir(), 'data')
  await restoreBackup({ archive, dataDir: restored })
  expect(countOrders(restored)).toBe(summary.orders)
})

test('a non-empty DATA_DIR is refused without --force, and replaced whole with it', async () => {
  const { dataDir } = await makeDataDir({ orders: 3 })
  const archive = path.join(await makeTempDir(), 'b.tar.gz')
  await createBackup({ dataDir, archive })

  const { db: otherDb, dataDir: other } = await makeDataDir({ orders: 1 })
  await otherDb.destroy()
  await writeFile(path.join(other, 'bakery.sqlite-wal'), 'a stale log')
  await writeFile(path.join(other, 'initial-admin-password.txt'), 'old')
  const before = await listTree(other)
  await expectRefused(restoreBackup({ archive, dataDir: other }), /not empty.*--force/)
  expect(await listTree(other)).toEqual(before)
  expect(countOrders(other)).toBe(1)

  const result = await restoreBackup({ archive, dataDir: other, force: true })
  expect(result.replaced).toBe(true)
  expect(existsSync(path.join(other, 'bakery.sqlite-wal'))).toBe(false)
  expect(countOrders(other)).toBe(3)
  expect(existsSync(path.join(other, 'initial-admin-password.txt'))).toBe(false)
  expect((await readdir(other)).filter((name) => name.startsWith('.'))).toEqual([])
})

test('an archive that is not ours, or was altered, is refused and nothing is written', async () => {
  const { dataDir } = await makeDataDir()
  const work = await makeTempDir()
  const target = path.join(work, 'target')

  const foreign = path.join(work, 'foreign.tar.gz')
  await tar.c({ gzip: true, cwd: dataDir, file: foreign }, ['bakery.sqlite', 'media'])
  await expectRefused(restoreBackup({ archive: foreign, dataDir: target }), /not a site backup/)
  expect(existsSync(target)).toBe(false)

  const notTar = path.join(work, 'not.tar.gz')
  await writeFile(notTar, 'just text')
  await expectRefused(restoreBackup({ archive: notTar, dataDir: target }), /not a backup archive/)

  // Unpack a real backup, change one photo's bytes, pack it again with its manifest.
  const archive = path.join(work, 'real.tar.gz')
  await createBackup({ dataDir, archive })
  const unpacked = path.join(work, 'unpacked')
  await mkdir(unpacked)
  await tar.x({ file: archive, cwd: unpacked })
  const photo = 'media/gallery/1767225600000_cake-400w.webp'
  await writeFile(path.join(unpacked, photo), 'other pixels')
  const tampered = path.join(work, 'tampered.tar.gz')
  await tar.c({ gzip: true, cwd: unpacked, file: tampered }, await readdir(unpacked))
  await expectRefused(restoreBackup({ archive: tampered, dataDir: target }), /altered/)
  expect(existsSync(target)).toBe(false)

  // An extra file the manifest does not list, restored over an existing folder.
  await rm(path.join(unpacked, photo))
  await tar.x({ file: archive, cwd: unpacked })
  await writeFile(path.join(unpacked, 'media', 'gallery', 'extra.webp'), 'smuggled')
  await tar.c({ gzip: true, cwd: unpacked, file: tampered }, await readdir(unpacked))
  const before = await listTree(dataDir)
  await expectRefused(
    restoreBackup({ archive: tampered, dataDir, force: true }),
    /extra\.webp unlisted/,
  )
  expect(await listTree(dataDir)).toEqual(before)
})

test('an archive with paths outside its own, or links, is refused before extracting', async () => {
  const work = await makeTempDir()
  const source = path.join(work, 'source')
  await mkdir(path.join(source, 'media'), { recursive: true })
  await writeFile(path.join(work, 'escaped.txt'), 'outside')
  await writeFile(path.join(source, 'backup.json'), '{}')
  const target = path.join(work, 'target')

  const climbing = path.join(work, 'climbing.tar.gz')
  await tar.c({ gzip: true, cwd: source, file: climbing, preservePaths: true }, [
    'backup.json',
    '../escaped.txt',
  ])
  await rm(path.join(work, 'escaped.txt'))
  await expectRefused(
    restoreBackup({ archive: climbing, dataDir: target }),
    /unsafe path "\.\.\/escaped\.txt"/,
  )
  expect(existsSync(path.join(work, 'escaped.txt'))).toBe(false)
  expect(existsSync(target)).toBe(false)

  const absolute = path.join(work, 'absolute.tar.gz')
  await tar.c({ gzip: true, cwd: source, file: absolute, preservePaths: true }, [
    path.join(source, 'backup.json'),
  ])
  await expectRefused(restoreBackup({ archive: absolute, dataDir: target }), /unsafe path "\//)

  await symlink('/etc/passwd', path.join(source, 'media', 'passwd'))
  const linked = path.join(work, 'linked.tar.gz')
  await tar.c({ gzip: true, cwd: source, file: linked }, ['backup.json', 'media'])
  await expectRefused(
    restoreBackup({ archive: linked, dataDir: target }),
    /media\/passwd is a SymbolicLink/,
  )
  expect(existsSync(target)).toBe(false)
})

test('a failed backup leaves no archive, not even a partial one', async () => {
  const { dataDir } = await makeDataDir()
  const folder = await makeTempDir()
  const archive = path.join(folder, 'b.tar.gz')
  // The record's photo files are gone: the backup would not restore the site as it was.
  await rm(path.join(dataDir, 'media'), { recursive: true })
  await expectRefused(createBackup({ dataDir, archive }), /lists photo files that are not in/)
  expect(await readdir(folder)).toEqual([])

  await expectRefused(
    createBackup({ dataDir: path.join(folder, 'nothing-here'), archive }),
    /no database.*DATA_DIR/,
  )
  await expectRefused(
    createBackup({ dataDir, archive: path.join(folder, 'missing', 'b.tar.gz') }),
    /does not exist/,
  )
  expect(await readdir(folder)).toEqual([])
})

test('the scaled-out setup is refused, naming the variable and the tool to use', () => {
  expect(scaledOutRefusal({ DATABASE_URL: 'postgres://bakery@db/bakery' })).toMatch(
    /^DATABASE_URL is set.*pg_dump/,
  )
  expect(scaledOutRefusal({ MEDIA_STORE: 's3' })).toMatch(/^MEDIA_STORE=s3 is set.*versioning/)
  expect(scaledOutRefusal({ MEDIA_STORE: 'local', DATABASE_URL: '' })).toBeUndefined()
})

test('a backup carries the owner’s words and settings: restored, the site reads as it did', async () => {
  const { db, dataDir } = await makeDataDir({ orders: 0 })
  const identity = JSON.stringify({ name: 'Maya’s Kitchen', tagline: 'Sourdough' })
  await db
    .insertInto('site_content')
    .values([
      { key: 'identity', value: identity, updated_at: 1 },
      { key: 'faq', value: JSON.stringify({ markdown: '## Do you deliver?' }), updated_at: 2 },
    ])
    .execute()
  await db.updateTable('booking_settings').set({ policies: 'Deposits hold dates.' }).execute()
  await db
    .insertInto('pickup_window')
    .values({ weekday: 6, start_time: '10:00', end_time: '11:00', capacity: 3 })
    .execute()
  const archive = path.join(await makeTempDir(), 'words.tar.gz')
  await createBackup({ dataDir, archive })

  const restored = path.join(await makeTempDir(), 'data')
  await restoreBackup({ archive, dataDir: restored })
  const sqlite = new SQLite(path.join(restored, 'bakery.sqlite'), { readonly: true })
  try {
    expect(sqlite.prepare('select key, value from site_content order by key').all()).toEqual([
      { key: 'faq', value: JSON.stringify({ markdown: '## Do you deliver?' }) },
      { key: 'identity', value: identity },
    ])
    expect(sqlite.prepare('select policies from booking_settings').get()).toEqual({
      policies: 'Deposits hold dates.',
    })
    expect(sqlite.prepare('select weekday, start_time, capacity from pickup_window').all()).toEqual(
      [{ weekday: 6, start_time: '10:00', capacity: 3 }],
    )
  } finally {
    sqlite.close()
  }
})
