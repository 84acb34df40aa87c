/**
 * An S3-compatible bucket on loopback for tests: s3rver (a stand-in for R2,
 * B2, MinIO or AWS itself) with its files in a temp folder, behind a small
 * proxy that records every request it receives, bodies included, so tests
 * can check exactly what the site sent. Only tests import this.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { type IncomingHttpHeaders, createServer, request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'

export interface RecordedRequest {
  method: string
  /** Path and query, e.g. /bakery-photos/gallery/1700000000000_cake-400w.avif */
  url: string
  headers: IncomingHttpHeaders
  body: Buffer
  /** What s3rver answered (0 until it has). */
  status: number
}

export interface S3Bucket {
  /** http://127.0.0.1:<port>: the recording proxy in front of s3rver. */
  endpoint: string
  bucket: string
  /** Every request the bucket received, oldest first. */
  requests: RecordedRequest[]
  /** The environment that points the site at this bucket. */
  env: Record<string, string>
  stop(): Promise<void>
}

export async function startS3Bucket({
  bucket = 'bakery-photos',
}: { bucket?: string } = {}): Promise<S3Bucket> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'bakery-s3-'))
  const s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  })
  const { port: s3rverPort } = (await s3rver.run()) as AddressInfo

  const requests: RecordedRequest[] = []
  const proxy = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = []
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
    incoming.on('end', () => {
      const body = Buffer.concat(chunks)
      const recorded: RecordedRequest = {
        method: incoming.method ?? '',
        url: incoming.url ?? '',
        headers: incoming.headers,
        body,
        status: 0,
      }
      requests.push(recorded)
      const forwarded = httpRequest(
        {
          host: '127.0.0.1',
          port: s3rverPort,
          method: incoming.method,
          path: incoming.url,
          headers: incoming.headers,
        },
        (answer) => {
          recorded.status = answer.statusCode ?? 0
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(outgoing)
        },
      )
      forwarded.on('error', () => outgoing.destroy())
      forwarded.end(body)
    })
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  const endpoint = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`

  return {
    endpoint,
    bucket,
    requests,
    env: {
      MEDIA_STORE: 's3',
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async stop() {
      proxy.closeAllConnections()
      await new Promise((resolve) => proxy.close(resolve))
      await s3rver.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}
