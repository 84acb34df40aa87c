/**
 * A local fake of the part of Twilio's API the site uses, for tests: texts
 * go to it through TWILIO_API_URL. It keeps every request it receives (the
 * path, the Basic authorization, the form-encoded body) for the test to
 * check, and answers as Twilio does: 201 with the message's sid, or the
 * error a test asks for next (Twilio's JSON error body, e.g. 21610 for a
 * number that replied STOP). `reply` posts a customer's reply to the site's
 * webhook, signed the way Twilio signs it.
 */
import { createHmac } from 'node:crypto'
import { type IncomingMessage, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export const TWILIO_TEST_KEYS = {
  accountSid: `AC${'0123456789abcdef'.repeat(2)}`,
  authToken: 'fedcba9876543210'.repeat(2),
  from: '+14165550100',
}

export interface ReceivedText {
  path: string
  authorization: string | undefined
  to: string
  from: string
  body: string
}

export interface FakeTwilio {
  /** The origin to put in TWILIO_API_URL. */
  url: string
  received: ReceivedText[]
  /** The next answers, in turn, instead of 201: a status and Twilio's error code. */
  failNext(...answers: { status: number; code?: number }[]): void
  close(): Promise<void>
}

export async function startFakeTwilio({ port = 0 }: { port?: number } = {}): Promise<FakeTwilio> {
  const received: ReceivedText[] = []
  const failures: { status: number; code?: number }[] = []
  let next = 1
  const server = createServer((request, response) => {
    void readBody(request).then((text) => {
      const form = new URLSearchParams(text)
      received.push({
        path: request.url ?? '',
        authorization: request.headers.authorization,
        to: form.get('To') ?? '',
        from: form.get('From') ?? '',
        body: form.get('Body') ?? '',
      })
      const failure = failures.shift()
      response.setHeader('content-type', 'application/json')
      if (failure) {
        response.statusCode = failure.status
        response.end(
          JSON.stringify({
            code: failure.code ?? 20500,
            message: 'Refused by the fake.',
            status: failure.status,
          }),
        )
        return
      }
      response.statusCode = 201
      response.end(
        JSON.stringify({ sid: `SM${String(next++).padStart(32, '0')}`, status: 'queued' }),
      )
    })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const { port: bound } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${bound}`,
    received,
    failNext: (...answers) => void failures.push(...answers),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** Twilio's signature of a webhook post (as its documentation and SDKs compute it). */
function signAsTwilio(authToken: string, url: string, form: URLSearchParams): string {
  const signed = [...form].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  const data = url + signed.map(([name, value]) => name + value).join('')
  return createHmac('sha1', authToken).update(data).digest('base64')
}

/** A customer's reply as Twilio posts it to the site's webhook, signed. */
export function twilioReply(
  siteUrl: string,
  { from, body }: { from: string; body: string },
  authToken = TWILIO_TEST_KEYS.authToken,
): Request {
  const form = new URLSearchParams({
    ToCountry: 'CA',
    SmsMessageSid: 'SM00000000000000000000000000000099',
    NumMedia: '0',
    From: from,
    To: TWILIO_TEST_KEYS.from,
    Body: body,
    AccountSid: TWILIO_TEST_KEYS.accountSid,
    ApiVersion: '2010-04-01',
  })
  const url = `${siteUrl}/webhooks/sms`
  return new Request(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': signAsTwilio(authToken, url, form),
    },
    body: form.toString(),
  })
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}
