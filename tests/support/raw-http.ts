import { connect } from 'node:net'

export interface RawReply {
  status: number
  headers: Record<string, string>
  body: string
}

/**
 * Sends a request byte for byte over a socket of its own, its body in the
 * chunked transfer coding (so without a Content-Length), and reads the reply
 * until the server closes the connection. A reset rejects with its error.
 */
export function sendChunked({
  port,
  method = 'POST',
  path,
  headers = {},
  chunks,
}: {
  port: number
  method?: string
  path: string
  headers?: Record<string, string>
  chunks: string[]
}): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    const received: Buffer[] = []
    socket.on('data', (chunk) => received.push(chunk))
    socket.on('error', reject)
    socket.on('end', () => {
      socket.end()
      resolve(parseReply(Buffer.concat(received).toString('utf8')))
    })
    const head = [
      `${method} ${path} HTTP/1.1`,
      `Host: localhost:${port}`,
      'Transfer-Encoding: chunked',
      'Connection: close',
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ]
    socket.write(`${head.join('\r\n')}\r\n\r\n`)
    for (const chunk of chunks) {
      socket.write(`${Buffer.byteLength(chunk).toString(16)}\r\n${chunk}\r\n`)
    }
    socket.write('0\r\n\r\n')
  })
}

function parseReply(raw: string): RawReply {
  const split = raw.indexOf('\r\n\r\n')
  if (split < 0) throw new Error(`No complete reply, only: ${JSON.stringify(raw)}`)
  const [statusLine = '', ...lines] = raw.slice(0, split).split('\r\n')
  const headers = Object.fromEntries(
    lines.map((line) => {
      const colon = line.indexOf(':')
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()]
    }),
  )
  let body = raw.slice(split + 4)
  if (headers['transfer-encoding'] === 'chunked') body = unchunk(body)
  return { status: Number(statusLine.split(' ')[1]), headers, body }
}

function unchunk(coded: string): string {
  let body = ''
  let rest = coded
  for (;;) {
    const lineEnd = rest.indexOf('\r\n')
    const size = parseInt(rest.slice(0, lineEnd), 16)
    if (!size) return body
    body += rest.slice(lineEnd + 2, lineEnd + 2 + size)
    rest = rest.slice(lineEnd + 2 + size + 2)
  }
}

/**
 * Writes `requests` one after another on one kept-alive connection, as a
 * browser reuses its connection, and returns every status the server
 * answered before it closed the connection. The last request should ask for
 * `Connection: close`, so the server ends the conversation.
 */
export function sendOnOneConnection({
  port,
  requests,
}: {
  port: number
  requests: string[]
}): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    const received: Buffer[] = []
    socket.on('data', (chunk) => received.push(chunk))
    socket.on('error', reject)
    socket.on('end', () => {
      socket.end()
      const raw = Buffer.concat(received).toString('latin1')
      resolve([...raw.matchAll(/^HTTP\/1\.1 (\d{3}) /gm)].map((match) => Number(match[1])))
    })
    for (const request of requests) socket.write(request)
  })
}
