import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import autocannon, { type Request as CannonRequest } from 'autocannon'
import { onCleanup } from './cleanup.ts'
import { formatTable } from './markdown.ts'
import { makeTestPhoto } from './pipeline.ts'
import type { Section } from './section.ts'
import { nodeFlag, startServer, type RunningServer } from './server.ts'
import { envInt, MIB, parseProcStatus, type ProcessMemory } from './stats.ts'

const CONNECTIONS = 50
export const ADMIN = { email: 'bench@example.com', password: 'bench-password-0123456789' }
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' }

/** One kind of request in the browsing mix and how often it comes, relative to the others. */
export interface MixEntry {
  path: string
  weight: number
}

/**
 * Spreads the entries over `length` slots in proportion to their weights and
 * interleaves them, so every stretch of the sequence (which each autocannon
 * connection walks in order) looks like the whole mix, not a run of one page.
 */
export function weightedSequence(entries: readonly MixEntry[], length: number): string[] {
  const total = entries.reduce((sum, entry) => sum + entry.weight, 0)
  if (total <= 0 || length < 1) return []
  // Largest remainder: counts add up to `length` and stay proportional.
  const exact = entries.map((entry) => (entry.weight / total) * length)
  const counts = exact.map(Math.floor)
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder)
  for (let i = 0; counts.reduce((a, b) => a + b, 0) < length; i++) {
    const index = byRemainder[i % byRemainder.length]!.index
    counts[index] = counts[index]! + 1
  }
  // Each copy sits at its evenly spaced position; sorting by position interleaves.
  const slots: { at: number; path: string }[] = []
  entries.forEach((entry, index) => {
    const count = counts[index] ?? 0
    for (let k = 0; k < count; k++) slots.push({ at: (k + 0.5) / count, path: entry.path })
  })
  return slots.sort((a, b) => a.at - b.at).map((slot) => slot.path)
}

export async function readProcessMemory(pid: number): Promise<ProcessMemory | null> {
  try {
    return parseProcStatus(await readFile(`/proc/${pid}/status`, 'utf8'))
  } catch {
    return null
  }
}

interface GalleryListing {
  tags: string[]
  variants: { src: string; width: number }[]
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10)

/**
 * A visitor's mix: mostly pages, the gallery paged and filtered, the order
 * form's calendar asking for availability, and the static files and photos
 * those pages pull in. Weights are per request, not per visit.
 */
export async function browsingMix(server: RunningServer): Promise<MixEntry[]> {
  const response = await fetch(new URL('/api/gallery', server.loopbackOrigin))
  const photos = response.ok ? ((await response.json()) as GalleryListing[]) : []
  const tags = [...new Set(photos.flatMap((photo) => photo.tags))].slice(0, 3)
  // Grid-sized variants of the first photos: what a gallery visit downloads.
  const media = photos
    .slice(0, 12)
    .flatMap((photo) => photo.variants.filter((v) => v.width <= 640).slice(0, 2))
    .map((variant) => new URL(variant.src, server.loopbackOrigin).pathname)
  const home = await (await fetch(new URL('/', server.loopbackOrigin))).text()
  const assets = [...new Set(home.match(/\/assets\/[\w.-]+\.(?:js|css)/g) ?? [])].slice(0, 6)
  const today = new Date()
  const inTwoMonths = new Date(today.getTime() + 60 * 24 * 60 * 60 * 1000)

  const mix: MixEntry[] = [
    { path: '/', weight: 14 },
    { path: '/gallery', weight: 10 },
    { path: '/gallery?show=48', weight: 3 },
    ...tags.map((tag) => ({ path: `/gallery?tag=${encodeURIComponent(tag)}`, weight: 2 })),
    { path: '/about', weight: 6 },
    { path: '/ordernow', weight: 8 },
    { path: '/contact', weight: 4 },
    { path: `/api/availability?from=${isoDay(today)}&to=${isoDay(inTwoMonths)}`, weight: 6 },
    { path: '/favicon.svg', weight: 3 },
    ...assets.map((asset) => ({ path: asset, weight: 12 / Math.max(assets.length, 1) })),
    ...media.map((src) => ({ path: src, weight: 25 / Math.max(media.length, 1) })),
  ]
  return mix
}

/** RSS of a Node process that does nothing: the floor any Node server starts from. */
async function bareNodeRss(): Promise<number | null> {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10_000)'], {
    stdio: 'ignore',
  })
  const stop = onCleanup(() => void child.kill('SIGKILL'))
  try {
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    return child.pid === undefined ? null : ((await readProcessMemory(child.pid))?.rssBytes ?? null)
  } finally {
    await stop()
  }
}

interface Sampler {
  samples: { atMs: number; rssBytes: number }[]
  stop(): Promise<void>
}

function sampleEverySecond(pid: number): Sampler {
  const started = Date.now()
  const samples: Sampler['samples'] = []
  const take = async () => {
    const memory = await readProcessMemory(pid)
    if (memory) samples.push({ atMs: Date.now() - started, rssBytes: memory.rssBytes })
  }
  void take()
  const timer = setInterval(() => void take(), 1_000)
  return {
    samples,
    async stop() {
      clearInterval(timer)
      await take()
    },
  }
}

export interface UploadCheck {
  status: number | null
  ms: number
  photoBytes: number
  peakRssBytes: number | null
  /** The home page answered 200 after the upload. */
  servesAfter: boolean
  error?: string
}

export async function signIn(server: RunningServer): Promise<string> {
  const response = await fetch(new URL('/admin/login', server.loopbackOrigin), {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: server.siteOrigin,
      accept: 'application/json',
    },
    body: new URLSearchParams(ADMIN),
    redirect: 'manual',
  })
  await response.arrayBuffer()
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0])
  if (cookies.length === 0) throw new Error(`signing in answered ${response.status}, no cookie`)
  return cookies.join('; ')
}

/** A 12-megapixel camera photo posted to /api/gallery as the owner would, under the heap limit. */
async function uploadPhoto(server: RunningServer): Promise<UploadCheck> {
  const workDir = await mkdtemp(path.join(tmpdir(), 'bench-upload-'))
  const removeWorkDir = onCleanup(() => rm(workDir, { recursive: true, force: true }))
  const started = Date.now()
  let photoBytes = 0
  try {
    const file = path.join(workDir, 'camera.jpg')
    photoBytes = await makeTestPhoto(file)
    const cookie = await signIn(server)
    const form = new FormData()
    const photo = new Uint8Array(await readFile(file))
    form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'camera.jpg')
    form.append('tags', 'bench')
    form.append('alt', 'A camera photo for the memory bench')
    form.append('originalSize', String(photoBytes))
    const sent = Date.now()
    const response = await fetch(new URL('/api/gallery', server.loopbackOrigin), {
      method: 'POST',
      headers: { cookie, origin: server.siteOrigin },
      body: form,
    })
    await response.arrayBuffer()
    const ms = Date.now() - sent
    const home = await fetch(new URL('/', server.loopbackOrigin))
    await home.arrayBuffer()
    return {
      status: response.status,
      ms,
      photoBytes,
      peakRssBytes: (await readProcessMemory(server.pid))?.peakRssBytes ?? null,
      servesAfter: home.status === 200,
    }
  } catch (error) {
    return {
      status: null,
      ms: Date.now() - started,
      photoBytes,
      peakRssBytes: null,
      servesAfter: false,
      error: error instanceof Error ? error.message : String(error),
    }
  } finally {
    await removeWorkDir()
  }
}

export interface MemorySummary {
  seconds: number
  connections: number
  /** Node flags and environment the server ran with, from `npm run serve`. */
  launch: { args: string[]; env: Record<string, string> }
  maxOldSpaceMb: number | null
  bareNodeRssBytes: number | null
  afterStartRssBytes: number | null
  endRssBytes: number | null
  /** VmHWM once the load is over: the highest the server reached under it. */
  peakRssBytes: number | null
  requestsPerSecond: number
  requests: number
  failures: number
  mix: MixEntry[]
  upload: UploadCheck
  /** The server stopped on its own (out of memory, say). */
  serverStopped: string | null
  samples: { atMs: number; rssBytes: number }[]
}

const mb = (bytes: number | null | undefined) =>
  bytes === null || bytes === undefined ? '—' : (bytes / MIB).toFixed(0)

export function formatMemory(summary: MemorySummary): string {
  const { upload } = summary
  const table = formatTable(
    ['Moment', 'RSS MB', 'Bare Node MB'],
    [
      ['After start (idle 2 s)', mb(summary.afterStartRssBytes), mb(summary.bareNodeRssBytes)],
      [`End of ${summary.seconds} s mixed load`, mb(summary.endRssBytes), ''],
      ['Peak during load (VmHWM)', mb(summary.peakRssBytes), ''],
      ['Peak after a 12 MP upload (VmHWM)', mb(upload.peakRssBytes), ''],
    ],
    ['left', 'right', 'right'],
  )
  const flags = summary.launch.args.filter((arg) => arg.startsWith('--'))
  const env = Object.entries(summary.launch.env).map(([name, value]) => `${name}=${value}`)
  const uploadLine =
    upload.status === null
      ? `The upload failed: ${upload.error ?? 'no answer'}.`
      : `A ${(upload.photoBytes / MIB).toFixed(1)} MB 12 MP photo posted to /api/gallery ` +
        `answered ${upload.status} in ${upload.ms} ms; the home page ` +
        `${upload.servesAfter ? 'still answered 200' : 'did NOT answer 200'} after it.`
  return [
    `A fresh server started as \`npm run serve\` starts it (${[...env, ...flags].join(' ') || 'no flags'}), ` +
      `then ${summary.seconds} s of mixed browsing at ${summary.connections} connections ` +
      `(${summary.mix.length} kinds of request: pages, gallery paging and tags, availability, ` +
      `static files, photos): ${summary.requestsPerSecond.toFixed(0)} req/s median, ` +
      `${summary.requests} requests, ${summary.failures} failures. RSS from /proc/<pid>/status ` +
      `every second; MB = MiB. Bare Node: an idle \`node -e\` on this machine.`,
    '',
    table,
    '',
    uploadLine,
    ...(summary.serverStopped ? ['', `**The server stopped: ${summary.serverStopped}.**`] : []),
  ].join('\n')
}

export const memorySection: Section = {
  id: 'memory',
  title: 'Memory',
  async run(_shared, { appDir, serverOptions }) {
    const seconds = envInt('BENCH_MEMORY_SECONDS', 60)
    const bareNodeRssBytes = await bareNodeRss()
    // A server of its own: the shared one carries whatever earlier sections left in it.
    const server = await startServer(appDir, {
      ...serverOptions,
      env: { ...serverOptions.env, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    })
    try {
      await new Promise((resolve) => setTimeout(resolve, 2_000))
      const afterStart = await readProcessMemory(server.pid)
      const mix = await browsingMix(server)
      const requests: CannonRequest[] = weightedSequence(mix, 200).map((path) => ({
        method: 'GET',
        path,
        headers: BROWSER_HEADERS,
      }))
      console.error(`Memory: ${seconds} s of mixed browsing at ${CONNECTIONS} connections`)
      const sampler = sampleEverySecond(server.pid)
      const raw = await autocannon({
        url: server.loopbackOrigin,
        connections: CONNECTIONS,
        duration: seconds,
        requests,
      })
      await sampler.stop()
      const end = await readProcessMemory(server.pid)
      console.error('Memory: uploading a 12 MP photo')
      const upload = await uploadPhoto(server)
      const maxOldSpace = nodeFlag(server.launch.args, '--max-old-space-size')
      const summary: MemorySummary = {
        seconds,
        connections: CONNECTIONS,
        launch: server.launch,
        maxOldSpaceMb: maxOldSpace === null ? null : Number(maxOldSpace),
        bareNodeRssBytes,
        afterStartRssBytes: afterStart?.rssBytes ?? null,
        endRssBytes: end?.rssBytes ?? null,
        peakRssBytes: end?.peakRssBytes ?? null,
        requestsPerSecond: raw.requests.p50 ?? raw.requests.average,
        requests: raw.latency.totalCount,
        failures: raw.errors + raw.timeouts + raw.non2xx,
        mix,
        upload,
        serverStopped: server.unexpectedExit(),
        samples: sampler.samples,
      }
      return { markdown: formatMemory(summary), data: summary }
    } finally {
      await server.stop()
    }
  },
}
