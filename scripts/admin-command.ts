/**
 * `npm run admin`'s commands, apart from the terminal they run in: the
 * command line (`scripts/admin.ts`) hands them its environment, a way to
 * read a password and where to write, so a test runs them in process.
 */
import type { Env } from '#app/config/env.server.ts'
import {
  AdminError,
  changeAdminPassword,
  createAdmin,
  listAdmins,
  removeAdmin,
} from '#app/features/auth/admins.server.ts'
import { openStores } from '#app/features/auth/open-stores.server.ts'

export const ADMIN_USAGE = `Usage:
  npm run admin -- add <email>
  npm run admin -- passwd <email>
  npm run admin -- list
  npm run admin -- remove <email>`

export interface AdminCommandIo {
  env: Pick<Env, 'DATA_DIR' | 'DATABASE_URL' | 'SITE_URL' | 'AUTH_SECRET'>
  /** The new password, from ADMIN_PASSWORD or a prompt; throws AdminError when there is none. */
  readPassword(question: string): Promise<string>
  print(line: string): void
  complain(line: string): void
}

/** Runs one command and answers its exit code: 0 done, 1 refused, 2 not understood. */
export async function runAdminCommand(args: string[], io: AdminCommandIo): Promise<number> {
  const [command, email] = args
  if (!command || !['add', 'passwd', 'list', 'remove'].includes(command)) {
    io.complain(ADMIN_USAGE)
    return 2
  }
  if (command !== 'list' && !email) {
    io.complain(`${command} needs an email address.\n\n${ADMIN_USAGE}`)
    return 2
  }

  const { db, auth } = await openStores(io.env)
  try {
    switch (command) {
      case 'add':
        await createAdmin(auth, email!, await io.readPassword(`Password for ${email}: `))
        io.print(`Created admin ${email}.`)
        break
      case 'passwd':
        await changeAdminPassword(
          auth,
          email!,
          await io.readPassword(`New password for ${email}: `),
        )
        io.print(`Changed the password of ${email}; their sessions were ended.`)
        break
      case 'remove':
        await removeAdmin(auth, email!)
        io.print(`Removed admin ${email}.`)
        break
      case 'list': {
        const admins = await listAdmins(auth)
        if (admins.length === 0) io.print('No admins yet.')
        for (const admin of admins) {
          io.print(`${admin.email}\tadded ${admin.createdAt.toISOString().slice(0, 10)}`)
        }
        break
      }
    }
    return 0
  } catch (error) {
    if (error instanceof AdminError) {
      io.complain(error.message)
      return 1
    }
    throw error
  } finally {
    await db.destroy()
  }
}
