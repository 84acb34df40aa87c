import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { type ParsedMail, simpleParser } from 'mailparser'

/** Every message the test SMTP server has received so far, oldest first. */
export async function receivedMail(): Promise<ParsedMail[]> {
  const inbox = path.join(process.env.E2E_DATA_DIR!, 'smtp-inbox')
  const files = readdirSync(inbox)
    .filter((file) => file.endsWith('.eml'))
    .sort((a, b) => parseInt(a) - parseInt(b) || a.localeCompare(b))
  return Promise.all(files.map((file) => simpleParser(readFileSync(path.join(inbox, file)))))
}

/** The received message whose subject is exactly `subject`, or undefined. */
export async function findMail(subject: string): Promise<ParsedMail | undefined> {
  return (await receivedMail()).find((mail) => mail.subject === subject)
}
