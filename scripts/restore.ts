/**
 * Put a backup made by `npm run backup` back into DATA_DIR (stop the server first):
 *
 *   npm run restore -- <file.tar.gz>           into an empty DATA_DIR
 *   npm run restore -- <file.tar.gz> --force   replacing what DATA_DIR holds
 */
import path from 'node:path'
import { EnvError, getEnv } from '#app/config/env.server.ts'
import { BackupError, scaledOutRefusal } from '#app/features/backups/backup-archive.server.ts'
import { restoreBackup } from '#app/features/backups/restore.server.ts'

async function main(args: string[]): Promise<number> {
  const force = args.includes('--force')
  const files = args.filter((arg) => arg !== '--force')
  if (files.length !== 1 || files[0]!.startsWith('-')) {
    console.error('Usage: npm run restore -- <file.tar.gz> [--force]')
    return 2
  }
  const refusal = scaledOutRefusal(process.env)
  if (refusal) {
    console.error(refusal)
    return 1
  }
  try {
    const { DATA_DIR } = getEnv()
    const archive = path.resolve(process.env.INIT_CWD ?? process.cwd(), files[0]!)
    const summary = await restoreBackup({ archive, dataDir: DATA_DIR, force })
    console.log(
      `Restored the backup of ${summary.createdAt} into ${DATA_DIR}` +
        `${summary.replaced ? ' (replacing what was there)' : ''}: ` +
        `${summary.orders} order requests, ${summary.messages} messages, ${summary.photos} photos ` +
        `(${summary.mediaFiles} media files), ${summary.mailFiles} emails. The database checks out.`,
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
