/**
 * Archive the site's state while it runs (the embedded default: SQLite and
 * the media folder in DATA_DIR):
 *
 *   npm run backup -- <file.tar.gz>
 *
 * Restore it with `npm run restore`. Uses the same DATA_DIR as the server.
 */
import { formatBytes, runArchiveCommand } from '#app/features/backups/backup-archive.server.ts'
import { createBackup } from '#app/features/backups/backup.server.ts'

async function main(args: string[]): Promise<number> {
  const [file, ...rest] = args
  if (!file || rest.length > 0 || !/\.(tar\.gz|tgz)$/.test(file)) {
    console.error('Usage: npm run backup -- <file.tar.gz>')
    return 2
  }
  return runArchiveCommand(file, async ({ dataDir, archive }) => {
    const summary = await createBackup({ dataDir, archive })
    return (
      `Backed up ${dataDir} to ${summary.archive} (${formatBytes(summary.bytes)}): ` +
      `${summary.orders} order requests, ${summary.messages} messages, ${summary.photos} photos ` +
      `(${summary.mediaFiles} media files), ${summary.mailFiles} emails, ` +
      `${summary.authSecret ? 'the auth secret' : 'no auth secret (none in DATA_DIR)'}.`
    )
  })
}

process.exitCode = await main(process.argv.slice(2))
