import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { expect, onTestFinished, test } from 'vitest'
import { migrateToLatest, openDatabase } from '#app/db/db.server.ts'

const run = promisify(execFile)

async function command(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', `scripts/${script}.ts`, ...args],
      { env: { ...process.env, DATABASE_URL: '', MEDIA_STORE: '', ...env } },
    )
    return { code: 0, output: stdout + stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, output: failed.stdout + failed.stderr }
  }
}

test(
  'backup and restore run as commands, relative to where they were typed',
  { timeout: 60_000 },
  async () => {
    const work = await mkdtemp(path.join(tmpdir(), 'bakery-backup-cli-'))
    onTestFinished(() => rm(work, { recursive: true, force: true }))
    const db = openDatabase({ dataDir: path.join(work, 'data') })
    await migrateToLatest(db)
    await db.destroy()

    const backup = await command('backup', ['nightly.tar.gz'], {
      DATA_DIR: path.join(work, 'data'),
      INIT_CWD: work,
    })
    expect(backup.output).toMatch(
      /^Backed up .*data to .*nightly\.tar\.gz \(\d+\.\d KB\): 0 order requests, 0 messages, 0 photos \(0 media files\), 0 emails, no auth secret \(none in DATA_DIR\)\.\n$/,
    )
    expect(backup.code).toBe(0)

    const restoreEnv = { DATA_DIR: path.join(work, 'restored'), INIT_CWD: work }
    const restored = await command('restore', ['nightly.tar.gz'], restoreEnv)
    expect(restored.output).toMatch(/^Restored the backup of \d{4}-.* The database checks out\.\n$/)
    expect(restored.code).toBe(0)
    expect(existsSync(path.join(work, 'restored', 'bakery.sqlite'))).toBe(true)

    const again = await command('restore', ['nightly.tar.gz'], restoreEnv)
    expect(again).toEqual({ code: 1, output: expect.stringMatching(/is not empty.*--force/) })
    expect((await command('restore', ['nightly.tar.gz', '--force'], restoreEnv)).code).toBe(0)
  },
)

test(
  'the commands refuse the scaled-out setup, naming the variable',
  { timeout: 60_000 },
  async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'bakery-backup-cli-'))
    onTestFinished(() => rm(dataDir, { recursive: true, force: true }))
    const archive = path.join(dataDir, 'b.tar.gz')

    const postgres = await command('backup', [archive], {
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgres://bakery:secret@localhost:5432/bakery',
    })
    expect(postgres.code).toBe(1)
    expect(postgres.output).toMatch(/^DATABASE_URL is set.*pg_dump/)
    const bucket = await command('restore', [archive], { DATA_DIR: dataDir, MEDIA_STORE: 's3' })
    expect(bucket.code).toBe(1)
    expect(bucket.output).toMatch(/^MEDIA_STORE=s3 is set.*versioning/)
    expect(existsSync(archive)).toBe(false)

    expect((await command('backup', [], { DATA_DIR: dataDir })).code).toBe(2)
    expect((await command('restore', ['a.tar.gz', 'b.tar.gz'], { DATA_DIR: dataDir })).code).toBe(2)
  },
)
