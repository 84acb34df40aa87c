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
import { AdminError } from '#app/features/auth/admins.server.ts'
import { runAdminCommand } from './admin-command.ts'

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

process.exitCode = await runAdminCommand(process.argv.slice(2), {
  env: getEnv(),
  readPassword,
  print: (line) => console.log(line),
  complain: (line) => console.error(line),
})
