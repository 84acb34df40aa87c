/**
 * A push service on loopback, and a phone subscribed to it. The service
 * takes pushes as a real one does (POST to the subscription's endpoint,
 * VAPID in Authorization, the encrypted body) and answers 201, or what a
 * test sets for an endpoint. The phone holds what a browser makes when it
 * subscribes (a P-256 key pair and a 16-byte auth secret) and reads a push
 * as the browser would: http_ece, the reference implementation of RFC 8188
 * that web-push itself encrypts with, decrypts aes128gcm (RFC 8291).
 */
import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import ece from 'http_ece'

export interface ReceivedPush {
  path: string
  headers: Record<string, string>
  body: Buffer
}

export interface PushService {
  /** http://127.0.0.1:<port> */
  url: string
  port: number
  received: ReceivedPush[]
  /** Answers pushes to this path with this status from now on. */
  answer(path: string, status: number): void
  /**
   * From now on takes pushes to this path (they count as received) and
   * answers none until the returned function is called: a phone's push
   * service that does not answer.
   */
  hold(path: string): () => void
  /** The `nth` push to this path (the first unless told), once it has arrived. */
  arrival(path: string, nth?: number): Promise<ReceivedPush>
  close(): Promise<void>
}

export async function startPushService(port = 0): Promise<PushService> {
  const received: ReceivedPush[] = []
  const answers = new Map<string, number>()
  const held = new Map<string, Promise<void>>()
  const waiting: { path: string; nth: number; arrived: (push: ReceivedPush) => void }[] = []
  const nthTo = (path: string, nth: number) =>
    received.filter((push) => push.path === path)[nth - 1]
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const path = req.url ?? '/'
      const status = answers.get(path) ?? 201
      if (req.method === 'POST' && status === 201) {
        const headers = Object.fromEntries(
          Object.entries(req.headers).map(([name, value]) => [name, String(value)]),
        )
        const push = { path, headers, body: Buffer.concat(chunks) }
        received.push(push)
        for (const waiter of waiting) {
          const arrived = nthTo(waiter.path, waiter.nth)
          if (arrived) waiter.arrived(arrived)
        }
      }
      void (held.get(path) ?? Promise.resolve()).then(() => res.writeHead(status).end())
    })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const address = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${address.port}`,
    port: address.port,
    received,
    answer: (path, status) => answers.set(path, status),
    hold(path) {
      let release = () => {}
      held.set(path, new Promise<void>((resolve) => (release = resolve)))
      return () => {
        held.delete(path)
        release()
      }
    },
    arrival(path, nth = 1) {
      const already = nthTo(path, nth)
      if (already) return Promise.resolve(already)
      return new Promise((arrived) => waiting.push({ path, nth, arrived }))
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export interface Phone {
  subscription: { endpoint: string; p256dh: string; auth: string }
  /** The push's words as the service worker would read them. */
  read(push: ReceivedPush): unknown
}

/** A browser's subscription to `endpoint`, made as a browser makes one. */
export function subscribePhone(endpoint: string): Phone {
  const keys = createECDH('prime256v1')
  keys.generateKeys()
  const auth = randomBytes(16)
  return {
    subscription: {
      endpoint,
      p256dh: keys.getPublicKey().toString('base64url'),
      auth: auth.toString('base64url'),
    },
    read: (push) =>
      JSON.parse(
        ece
          .decrypt(push.body, { version: 'aes128gcm', privateKey: keys, authSecret: auth })
          .toString('utf8'),
      ),
  }
}

/**
 * Checks a push's VAPID Authorization (`vapid t=<JWT>, k=<public key>`) as
 * a push service does: signed ES256 by the key it names, for this origin,
 * not expired. Returns the key it names.
 */
export function checkVapid(push: ReceivedPush, origin: string, now = Date.now()): string {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(push.headers.authorization ?? '')
  if (!match) throw new Error(`No VAPID authorization: ${push.headers.authorization}`)
  const [, token, publicKey] = match as unknown as [string, string, string]
  const [header, claims, signature] = token.split('.') as [string, string, string]
  const raw = Buffer.from(publicKey, 'base64url')
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  })
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  )
  if (!signed) throw new Error('The VAPID signature does not verify')
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as {
    aud: string
    exp: number
  }
  if (body.aud !== origin) throw new Error(`VAPID audience ${body.aud} is not ${origin}`)
  if (body.exp * 1000 <= now) throw new Error('VAPID token expired')
  return publicKey
}

/** A loopback port with nothing listening on it. */
export async function closedPort(): Promise<number> {
  const service = await startPushService()
  await service.close()
  return service.port
}
