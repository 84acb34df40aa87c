/**
 * Manage the owner's admin accounts (there is no public sign-up):
 *
 *   npm run admin -- add <email>      create an admin
 *   npm run admin -- passwd <email>   set a new password (signs them out everywhere)
 *   npm run admin -- list             list admins
 *   npm run admin -- remove <email>   delete an admin
 *
 * The password comes from ADMIN_PASSWORD, or else a hidden prompt.
 * Uses the same DATA_DIR (and .env-style variables) as the server.
 */
import { createInterface } from 'node:readline'
import { Writable } from 'node:stream'
import { getEnv } from '#app/config/env.server.ts'
import {
  AdminError,
  changeAdminPassword,
  createAdmin,
  listAdmins,
  removeAdmin,
} from '#app/features/auth/admins.server.ts'
import { openStores } from '#app/features/auth/open-stores.server.ts'

const USAGE = `Usage:
  npm run admin -- add <email>
  npm run admin -- passwd <email>
  npm run admin -- list
  npm run admin -- remove <email>`

async function main(args: string[]): Promise<number> {
  const [command, email] = args
  if (!command || !['add', 'passwd', 'list', 'remove'].includes(command)) {
    console.error(USAGE)
    return 2
  }
  if (command !== 'list' && !email) {
    console.error(`${command} needs an email address.\n\n${USAGE}`)
    return 2
  }

  const { db, auth } = await openStores(getEnv())
  try {
    switch (command) {
      case 'add':
        await createAdmin(auth, email!, await readPassword(`Password for ${email}: `))
        console.log(`Created admin ${email}.`)
        break
      case 'passwd':
        await changeAdminPassword(auth, email!, await readPassword(`New password for ${email}: `))
        console.log(`Changed the password of ${email}; their sessions were ended.`)
        break
      case 'remove':
        await removeAdmin(auth, email!)
        console.log(`Removed admin ${email}.`)
        break
      case 'list': {
        const admins = await listAdmins(auth)
        if (admins.length === 0) console.log('No admins yet.')
        for (const admin of admins) {
          console.log(`${admin.email}\tadded ${admin.createdAt.toISOString().slice(0, 10)}`)
        }
        break
      }
    }
    return 0
  } catch (error) {
    if (error instanceof AdminError) {
      console.error(error.message)
      return 1
    }
    throw error
  } finally {
    await db.destroy()
  }
}

/** ADMIN_PASSWORD if set; otherwise asked twice at a prompt that does not echo. */
async function readPassword(question: string): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD
  if (!process.stdin.isTTY) {
    throw new AdminError('Set ADMIN_PASSWORD, or run this in a terminal to be asked for it.')
  }
  const first = await promptHidden(question)
  const second = await promptHidden('Again, to be sure: ')
  if (first !== second) throw new AdminError('The two passwords did not match.')
  return first
}

function promptHidden(question: string): Promise<string> {
  process.stdout.write(question)
  const silent = new Writable({ write: (_chunk, _encoding, done) => done() })
  const rl = createInterface({ input: process.stdin, output: silent, terminal: true })
  return new Promise((resolve) => {
    rl.question('', (answer) => {
      rl.close()
      process.stdout.write('\n')
      resolve(answer)
    })
  })
}

process.exitCode = await main(process.argv.slice(2))
