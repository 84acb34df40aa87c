import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { expect, test } from 'vitest'
import { makeTestDatabaseUrl } from '#tests/support/database.ts'
import { makeTempDir } from '#tests/support/temp-dir.ts'

const run = promisify(execFile)

async function admin(
  store: { dataDir: string; url: string | undefined },
  args: string[],
  password?: string,
) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', 'scripts/admin.ts', ...args],
      {
        env: {
          ...process.env,
          DATA_DIR: store.dataDir,
          DATABASE_URL: store.url,
          ADMIN_PASSWORD: password ?? '',
        },
      },
    )
    return { code: 0, output: stdout + stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, output: failed.stdout + failed.stderr }
  }
}

test('the admin command adds, lists, changes and removes admins', { timeout: 60_000 }, async () => {
  const store = { dataDir: await makeTempDir(), url: await makeTestDatabaseUrl() }

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

  const usage = await admin(store, ['promote'])
  expect(usage.code).toBe(2)
  expect(usage.output).toContain('npm run admin -- add <email>')
})
