import { expect, test } from 'vitest'
import { makeTestDatabaseUrl, openTwoInstances, testDatabaseKind } from '#tests/support/database.ts'
import { makeTempDir } from '#tests/support/temp-dir.ts'
import { createAdmin, listAdmins, loadSharedAuthSecret } from './admins.server.ts'
import { openStores } from './open-stores.server.ts'

test('the stores open migrated on a new database, and open again on the same one with its admins', async () => {
  const dataDir = await makeTempDir()
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: await makeTestDatabaseUrl(),
    SITE_URL: 'http://localhost:3000',
    AUTH_SECRET: undefined,
  }

  const first = await openStores(env)
  await createAdmin(first.auth, 'owner@bakery.test', 'correct horse battery staple')
  expect(await first.db.selectFrom('contact_message').selectAll().execute()).toEqual([])
  await first.db.destroy()

  const second = await openStores(env)
  expect((await listAdmins(second.auth)).map((admin) => admin.email)).toEqual(['owner@bakery.test'])
  await second.db.destroy()
})

test('instances starting at once on a new PostgreSQL database all open it, migrated once', async () => {
  const env = {
    DATA_DIR: await makeTempDir(),
    DATABASE_URL: await makeTestDatabaseUrl(),
    SITE_URL: 'http://localhost:3000',
    AUTH_SECRET: 'one secret shared by every instance of the site',
  }
  const open = () => openStores(env)
  // SQLite is one instance's file: there they can only start one after another.
  const instances =
    testDatabaseKind() === 'pg'
      ? await Promise.all([open(), open(), open()])
      : [await open(), await open(), await open()]
  await createAdmin(instances[0]!.auth, 'owner@bakery.test', 'correct horse battery staple')
  for (const { auth } of instances) {
    expect((await listAdmins(auth)).map((admin) => admin.email)).toEqual(['owner@bakery.test'])
  }
  await Promise.all(instances.map(({ db }) => db.destroy()))
})

test('a database that cannot be reached stops boot naming DATABASE_URL, without its password', async () => {
  const env = {
    DATA_DIR: await makeTempDir(),
    // Port 1 on loopback: nothing listens there, so the connection is refused.
    DATABASE_URL: 'postgres://bakery:s3cret-pw@127.0.0.1:1/bakery',
    SITE_URL: 'http://localhost:3000',
    AUTH_SECRET: undefined,
  }
  const refusal = await openStores(env).then(
    () => undefined,
    (error: unknown) => error as Error,
  )
  expect(refusal?.name).toBe('EnvError')
  expect(refusal?.message).toContain(
    'DATABASE_URL: cannot connect to postgres://bakery:***@127.0.0.1:1/bakery',
  )
  expect(refusal?.message).not.toContain('s3cret-pw')
})

test('instances sharing a database sign sessions with one generated key, unless AUTH_SECRET says which', async () => {
  const [first, second] = await openTwoInstances()
  const [a, b] = await Promise.all([loadSharedAuthSecret(first), loadSharedAuthSecret(second)])
  expect(a).toMatch(/^[0-9a-f]{64}$/)
  expect(b).toBe(a)
  expect(await loadSharedAuthSecret(second)).toBe(a)
  expect(await loadSharedAuthSecret(second, 'x'.repeat(32))).toBe('x'.repeat(32))
})
