import { mkdirSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { startSmtpSink } from '#tests/support/smtp-sink.ts'

/**
 * The site under test delivers its mail to a real SMTP server on loopback.
 * Tests run in other processes, so each received message is written to
 * E2E_DATA_DIR/smtp-inbox for them to read (see support/inbox.ts).
 */
export default async function globalSetup() {
  // Playwright starts the web servers before this runs; the first is healthy,
  // the others are started and become so in about a second.
  await allHealthy(process.env.E2E_SERVER_PORTS!.split(',').map(Number))
  // So their databases exist. The shared server gets room for far more orders a day than any run
  // sends (the default is 4 effort units), so specs that send orders never
  // fill a day for each other. The calendar specs run on a server of their
  // own (playwright.config.ts) and set their own rules.
  giveRoomForEveryOrder(path.join(process.env.E2E_DATA_DIR!, 'bakery.sqlite'))

  const inbox = path.join(process.env.E2E_DATA_DIR!, 'smtp-inbox')
  mkdirSync(inbox, { recursive: true })
  let count = 0
  const sink = await startSmtpSink({
    port: Number(process.env.E2E_SMTP_PORT),
    // Written aside, then renamed: a test reading the inbox meanwhile sees a
    // message whole or not at all, never its headers without its body.
    onMessage: (raw) => {
      const file = path.join(inbox, `${Date.now()}-${++count}.eml`)
      writeFileSync(`${file}.part`, raw)
      renameSync(`${file}.part`, file)
    },
  })
  return () => sink.close()
}

/** Waits for every server's health check, looking every 50 ms, for at most a minute. */
async function allHealthy(ports: number[]) {
  const deadline = Date.now() + 60_000
  const healthy = (port: number) =>
    fetch(`http://localhost:${port}/healthz`)
      .then((response) => response.ok)
      .catch(() => false)
  let waiting = ports
  while (waiting.length > 0) {
    if (Date.now() > deadline) {
      throw new Error(
        `The servers on ports ${waiting.join(', ')} did not become healthy in a minute.`,
      )
    }
    const answers = await Promise.all(waiting.map(healthy))
    waiting = waiting.filter((_, index) => !answers[index])
    if (waiting.length > 0) await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

function giveRoomForEveryOrder(databaseFile: string) {
  const db = new SQLite(databaseFile)
  try {
    db.pragma('busy_timeout = 5000')
    db.prepare('UPDATE weekday_capacity SET capacity = 10000').run()
  } finally {
    db.close()
  }
}
