/**
 * The admins themselves: the command that adds, lists and removes them and
 * changes their passwords (real addresses only, 8 to 128 characters, salted
 * scrypt hashes, every session ended by a change), and the first start that
 * makes the first admin, from ADMIN_EMAIL or through a setup link, once
 * however many instances start together.
 */
import { expect, test } from 'vitest'
import { signInRequest } from '#tests/support/admins.ts'
import {
  OWNER,
  cookieHeader,
  freshIp,
  receiveSignIn,
  setUpAuth,
} from '#tests/support/owner-sign-ins.ts'
import {
  AdminError,
  changeAdminPassword,
  createAdmin,
  ensureAdmin,
  listAdmins,
  removeAdmin,
} from './admins.server.ts'
import { resolveAdmin } from './session.server.ts'
import { setupTokenWorks } from './setup-link.server.ts'

test('the admin command refuses addresses with commas or angle brackets', async () => {
  const { auth } = await setUpAuth()
  for (const address of ['ada@example.com,victim.example', '<script>@x.com']) {
    await expect(createAdmin(auth, address, 'a long passphrase')).rejects.toThrow(
      new AdminError(`"${address}" is not an email address.`),
    )
  }
})

test('passwords must be 8 to 128 characters and are never truncated', async () => {
  const { auth } = await setUpAuth()
  await expect(createAdmin(auth, 'a@bakery.test', 'short')).rejects.toThrow(
    new AdminError('The password must be at least 8 characters.'),
  )
  await expect(createAdmin(auth, 'a@bakery.test', 'x'.repeat(129))).rejects.toThrow(
    'at most 128 characters',
  )
  const long = `${'pâtissière-'.repeat(9)}end` // 102 characters
  await createAdmin(auth, 'long@bakery.test', long)
  const prefix = await receiveSignIn({
    request: signInRequest('long@bakery.test', long.slice(0, 72)),
    clientIp: freshIp(),
    auth,
  })
  expect(prefix.status).toBe(401)
  const whole = await receiveSignIn({
    request: signInRequest('long@bakery.test', long),
    clientIp: freshIp(),
    auth,
  })
  expect(whole.status).toBe(200)
})

test('passwords are stored only as salted scrypt hashes', async () => {
  const { auth, db } = await setUpAuth({ admin: OWNER })
  await createAdmin(auth, 'second@bakery.test', OWNER.password)
  const rows = await db
    .selectFrom('account' as never)
    .select(['password' as never])
    .execute()
  const hashes = rows.map((row) => (row as { password: string }).password)
  expect(hashes).toHaveLength(2)
  for (const hash of hashes) {
    expect(hash).not.toContain(OWNER.password)
    expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/)
  }
  expect(hashes[0]).not.toBe(hashes[1])
})

test('changing a password ends every session and only the new one works', async () => {
  const { auth } = await setUpAuth({ admin: OWNER })
  const signedIn = await receiveSignIn({
    request: signInRequest(OWNER.email, OWNER.password),
    clientIp: freshIp(),
    auth,
  })
  await changeAdminPassword(auth, OWNER.email, 'a brand new passphrase')
  const { admin } = await resolveAdmin(
    auth,
    new Headers({ cookie: cookieHeader(signedIn.headers) }),
  )
  expect(admin).toBeNull()
  expect(
    (
      await receiveSignIn({
        request: signInRequest(OWNER.email, OWNER.password),
        clientIp: freshIp(),
        auth,
      })
    ).status,
  ).toBe(401)
  expect(
    (
      await receiveSignIn({
        request: signInRequest(OWNER.email, 'a brand new passphrase'),
        clientIp: freshIp(),
        auth,
      })
    ).status,
  ).toBe(200)
})

test('admins can be listed and removed', async () => {
  const { auth } = await setUpAuth({ admin: OWNER })
  await createAdmin(auth, 'Helper@Bakery.test', 'another good password')
  expect((await listAdmins(auth)).map((admin) => admin.email)).toEqual([
    'helper@bakery.test',
    'owner@bakery.test',
  ])
  await expect(createAdmin(auth, 'owner@bakery.test', 'whatever123')).rejects.toThrow(
    'already exists',
  )
  await removeAdmin(auth, 'helper@bakery.test')
  expect((await listAdmins(auth)).map((admin) => admin.email)).toEqual(['owner@bakery.test'])
  await expect(removeAdmin(auth, 'helper@bakery.test')).rejects.toThrow('There is no admin')
})

test('a first start with no admin prints a setup link, the same one at every start until an admin exists', async () => {
  const { auth, db } = await setUpAuth()
  const lines: string[] = []
  const options = { db, siteUrl: 'https://bakery.test', log: (line: string) => lines.push(line) }
  await ensureAdmin(auth, options)
  const link = /Set up your bakery: (https:\/\/bakery\.test\/admin\/setup\?token=(\S+))/.exec(
    lines.join('\n'),
  )
  expect(link).not.toBeNull()
  // At least 128 random bits.
  expect(link![2]).toMatch(/^[A-Za-z0-9_-]{43}$/)
  expect(await setupTokenWorks(db, link![2]!)).toBe(true)
  expect(lines.join('\n')).not.toMatch(/password/i)

  lines.length = 0
  await ensureAdmin(auth, options)
  expect(lines.join('\n')).toContain(link![1])

  // Once an admin exists (here from the command line), boot is quiet and the link is gone.
  await createAdmin(auth, OWNER.email, OWNER.password)
  lines.length = 0
  await ensureAdmin(auth, options)
  expect(lines).toEqual([])
  expect(await setupTokenWorks(db, link![2]!)).toBe(false)
})

test('ADMIN_EMAIL and ADMIN_PASSWORD create that admin once', async () => {
  const { auth, db } = await setUpAuth({ admin: OWNER })
  const options = {
    adminEmail: 'nadia@bakery.test',
    adminPassword: 'from the environment',
    db,
    siteUrl: 'https://bakery.test',
    log: () => {},
  }
  await ensureAdmin(auth, options)
  await ensureAdmin(auth, options)
  expect((await listAdmins(auth)).map((admin) => admin.email)).toEqual([
    'nadia@bakery.test',
    'owner@bakery.test',
  ])
})

test('instances starting at once on one database create the admin once, and all of them start', async () => {
  const { auth, db } = await setUpAuth()
  const lines: string[] = []
  const fromEnv = {
    adminEmail: 'nadia@bakery.test',
    adminPassword: 'from the environment',
    db,
    siteUrl: 'https://bakery.test',
    log: (line: string) => lines.push(line),
  }
  await Promise.all([ensureAdmin(auth, fromEnv), ensureAdmin(auth, fromEnv)])
  expect((await listAdmins(auth)).map((admin) => admin.email)).toEqual(['nadia@bakery.test'])
  expect(lines).toEqual(['admin: created nadia@bakery.test from ADMIN_EMAIL'])
  const outcome = await receiveSignIn({
    request: signInRequest('nadia@bakery.test', 'from the environment'),
    clientIp: freshIp(),
    auth,
  })
  expect(outcome.status).toBe(200)
})

test('instances starting at once with no admin agree on one setup link', async () => {
  const { auth, db } = await setUpAuth()
  const lines: string[] = []
  const options = { db, siteUrl: 'https://bakery.test', log: (line: string) => lines.push(line) }
  await Promise.all([
    ensureAdmin(auth, options),
    ensureAdmin(auth, options),
    ensureAdmin(auth, options),
  ])
  const links = new Set(lines.flatMap((line) => /token=(\S+)/.exec(line)?.[1] ?? []))
  expect(links.size).toBe(1)
  expect(await setupTokenWorks(db, [...links][0]!)).toBe(true)
  expect(await listAdmins(auth)).toEqual([])
})
