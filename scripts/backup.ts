/**
 * Archive the site's state while it runs (the embedded default: SQLite and
 * the media folder in DATA_DIR):
 *
 *   npm run backup -- <file.tar.gz>
 *
 * Restore it with `npm run restore`. Uses the same DATA_DIR as the server.
 */
import path from 'node:path'
import { EnvError, getEnv } from '#app/config/env.server.ts'
import {
  BackupError,
  formatBytes,
  scaledOutRefusal,
} from '#app/features/backups/backup-archive.server.ts'
import { createBackup } from '#app/features/backups/backup.server.ts'

async function main(args: string[]): Promise<number> {
  const [file, ...rest] = args
  if (!file || rest.length > 0 || !/\.(tar\.gz|tgz)$/.test(file)) {
    console.error('Usage: npm run backup -- <file.tar.gz>')
    return 2
  }
  const refusal = scaledOutRefusal(process.env)
  if (refusal) {
    console.error(refusal)
    return 1
  }
  try {
    const { DATA_DIR } = getEnv()
    // npm runs scripts from the project folder; a relative name means where the command was typed.
    const archive = path.resolve(process.env.INIT_CWD ?? process.cwd(), file)
    const summary = await createBackup({ dataDir: DATA_DIR, archive })
    console.log(
      `Backed up ${DATA_DIR} to ${summary.archive} (${formatBytes(summary.bytes)}): ` +
        `${summary.orders} order requests, ${summary.messages} messages, ${summary.photos} photos ` +
        `(${summary.mediaFiles} media files), ${summary.mailFiles} emails, ` +
        `${summary.authSecret ? 'the auth secret' : 'no auth secret (none in DATA_DIR)'}.`,
    )
    return 0
  } catch (error) {
    if (error instanceof BackupError || error instanceof EnvError) {
      console.error(error.message)
      return 1
    }
    throw error
  }
}

process.exitCode = await main(process.argv.slice(2))
