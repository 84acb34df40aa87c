import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { expect, test } from 'vitest'
import { parseEnv } from '#app/config/env.server.ts'
import { AdminError } from '#app/features/auth/admins.server.ts'
import { makeTestDatabaseUrl } from '#tests/support/database.ts'
import { makeTempDir } from '#tests/support/temp-dir.ts'
import { runAdminCommand } from './admin-command.ts'

const run = promisify(execFile)

type Store = { dataDir: string; url: string | undefined }

async function newStore(): Promise<Store> {
  return { dataDir: await makeTempDir(), url: await makeTestDatabaseUrl() }
}

/** The command as its line runs it, in a process of its own, ADMIN_PASSWORD set. */
async function adminCommandLine(store: Store, args: string[], password: string) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', 'scripts/admin.ts', ...args],
      {
        env: {
          ...process.env,
          DATA_DIR: store.dataDir,
          DATABASE_URL: store.url,
          ADMIN_PASSWORD: password,
        },
      },
    )
    return { code: 0, output: stdout + stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, output: failed.stdout + failed.stderr }
  }
}

/** The same commands in this process: what each prints, and its exit code. */
async function admin(store: Store, args: string[], password?: string) {
  let output = ''
  const code = await runAdminCommand(args, {
    env: parseEnv({ DATA_DIR: store.dataDir, DATABASE_URL: store.url }),
    readPassword: async () => {
      if (password === undefined) throw new AdminError('Set ADMIN_PASSWORD.')
      return password
    },
    print: (line) => (output += `${line}\n`),
    complain: (line) => (output += `${line}\n`),
  })
  return { code, output }
}

test(
  'the admin command line adds an admin with ADMIN_PASSWORD and explains its usage',
  {
    timeout: 60_000,
  },
  async () => {
    const store = await newStore()
    expect(
      await adminCommandLine(store, ['add', 'nadia@butterandbloom.ca'], 'first passphrase'),
    ).toEqual({
      code: 0,
      output: 'Created admin nadia@butterandbloom.ca.\n',
    })
    expect((await admin(store, ['list'])).output).toMatch(/^nadia@butterandbloom\.ca\tadded /)

    const usage = await adminCommandLine(store, ['promote'], '')
    expect(usage.code).toBe(2)
    expect(usage.output).toContain('npm run admin -- add <email>')
  },
)

test('the admin command adds, lists, changes and removes admins', { timeout: 60_000 }, async () => {
  const store = await newStore()

  expect(await admin(store, ['add', 'nadia@butterandbloom.ca'], 'first passphrase')).toEqual({
    code: 0,
    output: 'Created admin nadia@butterandbloom.ca.\n',
  })
  expect(
    (await admin(store, ['add', 'nadia@butterandbloom.ca'], 'first passphrase')).output,
  ).toContain('already exists')
  expect((await admin(store, ['add', 'sam@butterandbloom.ca'], 'short')).output).toContain(
    'at least 8 characters',
  )
  const unset = await admin(store, ['add', 'sam@butterandbloom.ca'])
  expect(unset).toEqual({ code: 1, output: 'Set ADMIN_PASSWORD.\n' })

  const listed = await admin(store, ['list'])
  expect(listed.output).toMatch(/^nadia@butterandbloom\.ca\tadded \d{4}-\d{2}-\d{2}\n$/)

  const changed = await admin(store, ['passwd', 'nadia@butterandbloom.ca'], 'second passphrase')
  expect(changed.output).toContain('Changed the password of nadia@butterandbloom.ca')

  expect((await admin(store, ['remove', 'nadia@butterandbloom.ca'])).output).toContain(
    'Removed admin',
  )
  expect((await admin(store, ['list'])).output).toBe('No admins yet.\n')
  const missing = await admin(store, ['remove', 'nadia@butterandbloom.ca'])
  expect(missing.code).toBe(1)
  expect(missing.output).toContain('There is no admin with the email nadia@butterandbloom.ca.')

  const odd = await admin(store, ['add', 'ada@example.com,victim.example'], 'a passphrase')
  expect(odd.code).toBe(1)
  expect(odd.output).toContain('"ada@example.com,victim.example" is not an email address.')

  expect((await admin(store, ['remove'])).code).toBe(2)
})
