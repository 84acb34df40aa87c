import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Transporter } from 'nodemailer'
import type { OutgoingEmail } from '#app/features/mail/email.ts'
import {
  DeliveryError,
  type MailAddress,
  type MailTransport,
  type SendOptions,
  addressesFor,
  nodemailerMessage,
} from './transport.ts'

/**
 * With no mail service configured, each email becomes an .eml file in
 * DATA_DIR/mail: a fresh install works without setup, and the owner (or a
 * developer) can open the files in any mail program. Each file is named by
 * its Message-ID, which names its outbox row, so erasing a customer finds
 * the files of her emails (`removeMailFiles`). The log line names the file,
 * never the subject: subjects and addresses are customers' data.
 */
export function createFileTransport({
  dataDir,
  from,
  to,
  log = console.log,
}: {
  dataDir: string
  /** Whom mail comes from, unless each send says (the delivery worker does, per email). */
  from?: MailAddress
  /** The owner's address, unless each send says. */
  to?: string
  log?: (line: string) => void
}): MailTransport {
  const fixed = { from, to }
  const mailDir = path.join(dataDir, 'mail')
  // The same composer as SMTP, so the file is the message SMTP would have
  // carried: real headers, Message-ID, text and HTML parts, CRLF line ends.
  // Made on the first email, not at boot: nodemailer is ~8 MB of memory that a
  // server which never takes an order never needs.
  let composer: Transporter | undefined
  const compose = async () => {
    const { default: nodemailer } = await import('nodemailer')
    return nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' })
  }

  return {
    name: 'file',
    async send(email: OutgoingEmail, options: SendOptions) {
      const { messageId } = options
      const { from, to } = addressesFor(options, fixed, 'file')
      try {
        composer ??= await compose()
        const info = await composer.sendMail(nodemailerMessage(email, { from, to, messageId }))
        const file = path.join(mailDir, `${fileTimestamp(new Date())}-${fileSlug(messageId)}.eml`)
        await mkdir(mailDir, { recursive: true })
        // Written aside and renamed, so a crash never leaves half an email.
        const partial = `${file}.partial`
        await writeFile(partial, info.message as Buffer)
        await rename(partial, file)
        log(`mail: wrote ${path.relative(process.cwd(), file)}`)
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        throw new DeliveryError(`file: ${message}`, { permanent: false, cause: error })
      }
    },
    async discard({ messageId }: { messageId: string }) {
      await removeMailFiles(dataDir, [messageId])
    },
  }
}

/**
 * Deletes every file written for these emails (a resend after a crash
 * writes a second one under the same Message-ID), half-written ones
 * included. Emails are named by their Message-ID, `<outbox-12-lq3x9k2a@…>`,
 * or by its local part, `outbox-12-lq3x9k2a`. Returns how many went.
 */
export async function removeMailFiles(
  dataDir: string,
  messageIds: readonly string[],
): Promise<number> {
  if (messageIds.length === 0) return 0
  const mailDir = path.join(dataDir, 'mail')
  const names = await readdir(mailDir).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  })
  const endings = messageIds.flatMap((messageId) => {
    const slug = fileSlug(messageId)
    return [`-${slug}.eml`, `-${slug}.eml.partial`]
  })
  const doomed = names.filter((name) => endings.some((ending) => name.endsWith(ending)))
  for (const name of doomed) await rm(path.join(mailDir, name), { force: true })
  return doomed.length
}

/** 2026-11-21T09-30-00-000Z: sorts by time and is a valid file name everywhere. */
function fileTimestamp(date: Date): string {
  return date.toISOString().replace(/[:.]/g, '-')
}

/** <outbox-12.abc@butterandbloom.ca> (or outbox-12.abc) → outbox-12.abc */
function fileSlug(messageId: string): string {
  const local = messageId.replace(/^<|>$/g, '').split('@')[0] ?? ''
  return local.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 80) || 'email'
}
