/**
 * Performance benchmark: builds the site, serves the production build on a
 * free port with a throwaway data folder, runs each section against it and
 * prints a markdown report. Every raw number goes to bench-results/.
 *
 * The data folder starts with a gallery of 60 photos, each made by the real
 * upload pipeline before the server starts (a minute or so), and the server
 * runs with SEED_DEMO=false, so Lighthouse measures /gallery as a well-used
 * gallery rather than the 8 demo photos.
 *
 * Sections: Lighthouse (mobile, every public page, on a server of its own to
 * which the owner has first given her pictures, words, banner, FAQ, policies
 * and two shown reviews through her own forms), Lighthouse: the owner's pages
 * (mobile, signed in: /admin, her orders, a quoted order, the calendar and
 * Settings, on a server of its own with the same content), Load (autocannon: static files
 * as the baseline, then the public pages, at 10 and 50 connections), Memory (a
 * fresh server's RSS through a minute of mixed browsing, then a 12-megapixel
 * upload), Load: customers booking (the browsing plus availability lookups
 * and order sends at 50 connections, on a fresh server), Data growth (every owner page, the CSV, the feed, availability and
 * a send on synthetic books of 0, 1k, 10k and 100k requests, SQLite and
 * PostgreSQL, each on a fresh server), A drop's opening second (500 shoppers
 * reserving at once across two instances on PostgreSQL, or one on SQLite), Labels (a drop's 100
 * labels composed from nested recipes and drawn as a PDF, beside one label) and Image pipeline (time and peak memory to process one
 * 12-megapixel photo, each run in a fresh Node process; it needs no server).
 * A summary table of every performance goal comes first.
 *
 *   npm run bench
 *   BENCH_RUNS=5 BENCH_LOAD_SECONDS=20 npm run bench
 *
 * BENCH_RUNS         Lighthouse runs per page, and image pipeline runs; the report
 *                    shows medians (default 3)
 * BENCH_LOAD_SECONDS length of each load run (default 10)
 * BENCH_LOAD_WARMUP_SECONDS the booking mix run unmeasured on its fresh server
 *                    before it is timed (default 5)
 * BENCH_MEMORY_SECONDS length of the memory section's mixed browsing (default 60)
 * BENCH_SECTIONS     only these sections, e.g. lighthouse,pipeline (default all)
 * BENCH_PAGES        only these pages in Lighthouse, e.g. /gallery (default all)
 * BENCH_OWNER_PAGES  only these of the owner's pages, e.g. /admin,/admin/orders/<id>
 *                    (default all)
 * BENCH_GROWTH_SIZES book sizes for Data growth, e.g. 1000,10000 (default
 *                    0,1000,10000,100000; the empty book is always measured)
 * BENCH_GROWTH_RUNS  runs per endpoint and book; the report shows medians (default 5)
 * BENCH_CPU_PROFILE_DIR a folder each server writes a CPU profile to when it
 *                    stops (open it in Chrome's DevTools), to see where the time goes
 * BENCH_DATABASE_URL a PostgreSQL database Data growth may add schemas to (and
 *                    drop them after); unset, it measures SQLite only
 *
 *   BENCH_SECTIONS=growth BENCH_DATABASE_URL=postgres://… npm run bench
 *
 * Progress goes to stderr, so `npm run bench > report.md` keeps the report
 * (after the build's own output) without the noise.
 */
import { execFileSync } from 'node:child_process'
import { mkdir, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { cleanUpAll, cleanUpOnSignals, stoppingForSignal } from './bench/cleanup.ts'
import { dropRushSection } from './bench/drop-rush.ts'
import { GALLERY_PHOTOS, prepareGalleryData } from './bench/gallery-data.ts'
import { growthSection } from './bench/growth.ts'
import { labelsSection } from './bench/labels.ts'
import { lighthouseOwnerSection, lighthouseSection } from './bench/lighthouse.ts'
import { loadMixSection } from './bench/load-mix.ts'
import { loadSection } from './bench/load.ts'
import { memorySection } from './bench/memory.ts'
import { pipelineSection } from './bench/pipeline.ts'
import type { Section } from './bench/section.ts'
import { buildSnapshot, repoRoot, startServer, type ServerOptions } from './bench/server.ts'
import { envList } from './bench/stats.ts'
import { formatSummary, summaryRows } from './bench/summary.ts'

/**
 * Run in this order: Lighthouse first, so the load run's heat does not skew
 * page timings; the image pipeline last, so its all-core encoding bursts do
 * not either. Its own numbers come from fresh processes on an idle server,
 * so what ran before does not leak into them. Memory runs on a server of its
 * own, after the load runs and before the pipeline's bursts.
 */
const SECTIONS: readonly Section[] = [
  lighthouseSection,
  lighthouseOwnerSection,
  loadSection,
  loadMixSection,
  memorySection,
  growthSection,
  dropRushSection,
  labelsSection,
  pipelineSection,
]

function gitCommit(): string | null {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot })
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: repoRoot }).length > 0
    return `${commit.toString().trim()}${dirty ? '-dirty' : ''}`
  } catch {
    return null
  }
}

function packageVersion(name: string): string | null {
  try {
    const require = createRequire(path.join(repoRoot, 'package.json'))
    return (require(`${name}/package.json`) as { version: string }).version
  } catch {
    return null
  }
}

async function writeResults(startedAt: Date, results: Record<string, unknown>): Promise<string> {
  const dir = path.join(repoRoot, 'bench-results')
  await mkdir(dir, { recursive: true })
  // Colons are not allowed in Windows file names.
  const stamp = startedAt.toISOString().replaceAll(':', '-')
  const file = path.join(dir, `bench-${stamp}.json`)
  await writeFile(file, `${JSON.stringify(results, null, 2)}\n`)
  return file
}

async function main(): Promise<void> {
  cleanUpOnSignals()
  const startedAt = new Date()

  const only = envList(
    'BENCH_SECTIONS',
    SECTIONS.map((section) => section.id),
  )
  const appDir = await buildSnapshot()
  // The growth section brings books of its own, and the owner's pages show no
  // gallery; only the others need it.
  const needsGallery = only.some(
    (id) => id !== 'growth' && id !== 'lighthouse-owner' && id !== 'labels',
  )
  const serverOptions: ServerOptions = {
    ...(needsGallery ? { dataFrom: await prepareGalleryData(GALLERY_PHOTOS) } : {}),
    // The prepared gallery is the one to measure; the demo photos would join it.
    env: { SEED_DEMO: 'false' },
  }
  let server = await startServer(appDir, serverOptions)
  console.error(`Serving the build at ${server.siteOrigin}`)

  const report: string[] = ['# Benchmark', '']
  const data: Record<string, unknown> = {}
  const serverStops: string[] = []
  const unreliable: string[] = []
  try {
    for (const section of SECTIONS.filter((s) => only.includes(s.id))) {
      // Something else on the machine can stop the server mid-run (a cleanup
      // that kills every `server/main.ts`, say). Numbers taken without a
      // server are meaningless, so the section gets one more go on a fresh one.
      for (let attempt = 1; ; attempt++) {
        const result = await section.run(server, { appDir, serverOptions })
        const stopped = server.unexpectedExit()
        if (stopped) {
          serverStops.push(`${section.title}: the server ${stopped}`)
          await server.stop()
          server = await startServer(appDir, serverOptions)
          console.error(`Restarted the server at ${server.siteOrigin}`)
        }
        if (!stopped || attempt === 2) {
          if (stopped) unreliable.push(section.title)
          report.push(`## ${section.title}`, '', result.markdown, '')
          data[section.id] = result.data
          break
        }
        console.error(`Running ${section.title} again`)
      }
    }
  } finally {
    await server.stop()
  }

  report.splice(2, 0, '## Summary', '', formatSummary(summaryRows(data)), '')
  if (unreliable.length > 0) {
    report.splice(
      2,
      0,
      `**The server stopped unexpectedly during ${unreliable.join(' and ')} twice (killed ` +
        'from outside, or crashed: see its output above); those numbers are not usable.**',
      '',
    )
    process.exitCode = 1
  } else if (serverStops.length > 0) {
    report.splice(
      2,
      0,
      `Note: the server stopped unexpectedly ${serverStops.length} time(s); ` +
        'the sections affected were run again on a fresh server.',
      '',
    )
  }

  const file = await writeResults(startedAt, {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    commit: gitCommit(),
    serverStops,
    galleryPhotos: GALLERY_PHOTOS,
    versions: {
      node: process.version,
      lighthouse: packageVersion('lighthouse'),
      autocannon: packageVersion('autocannon'),
    },
    ...data,
  })
  report.push(`Raw numbers: ${path.relative(repoRoot, file)}`)
  console.log(`\n${report.join('\n')}`)
}

try {
  await main()
} catch (error) {
  if (!stoppingForSignal()) console.error(error)
  process.exitCode = 1
} finally {
  await cleanUpAll()
}
