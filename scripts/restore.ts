/**
 * Put a backup made by `npm run backup` back into DATA_DIR (stop the server first):
 *
 *   npm run restore -- <file.tar.gz>           into an empty DATA_DIR
 *   npm run restore -- <file.tar.gz> --force   replacing what DATA_DIR holds
 */
import { runArchiveCommand } from '#app/features/backups/backup-archive.server.ts'
import { restoreBackup } from '#app/features/backups/restore.server.ts'

async function main(args: string[]): Promise<number> {
  const force = args.includes('--force')
  const files = args.filter((arg) => arg !== '--force')
  if (files.length !== 1 || files[0]!.startsWith('-')) {
    console.error('Usage: npm run restore -- <file.tar.gz> [--force]')
    return 2
  }
  return runArchiveCommand(files[0]!, async ({ dataDir, archive }) => {
    const summary = await restoreBackup({ archive, dataDir, force })
    return (
      `Restored the backup of ${summary.createdAt} into ${dataDir}` +
      `${summary.replaced ? ' (replacing what was there)' : ''}: ` +
      `${summary.orders} order requests, ${summary.messages} messages, ${summary.photos} photos ` +
      `(${summary.mediaFiles} media files), ${summary.mailFiles} emails. The database checks out.`
    )
  })
}

process.exitCode = await main(process.argv.slice(2))
