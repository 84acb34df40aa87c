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
import type { Section, SectionContext } from './bench/section.ts'
import {
  buildSnapshot,
  repoRoot,
  type RunningServer,
  startServer,
  type ServerOptions,
} from './bench/server.ts'
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

/**
 * How the shared server starts: with the prepared gallery when a chosen
 * section shows it, and without the demo photos.
 */
async function sharedServerOptions(only: readonly string[]): Promise<ServerOptions> {
  // The growth section brings books of its own, and the owner's pages show no
  // gallery; only the others need it.
  const needsGallery = only.some(
    (id) => id !== 'growth' && id !== 'lighthouse-owner' && id !== 'labels',
  )
  return {
    ...(needsGallery ? { dataFrom: await prepareGalleryData(GALLERY_PHOTOS) } : {}),
    // The prepared gallery is the one to measure; the demo photos would join it.
    env: { SEED_DEMO: 'false' },
  }
}

/** The shared server, replaced by a fresh one when something stops it mid-section. */
interface Serving extends SectionContext {
  server: RunningServer
}

/** What the sections handed back, and the times the server stopped under them. */
interface SectionsOutcome {
  /** Each section's heading and markdown, in the order they ran. */
  sectionLines: string[]
  data: Record<string, unknown>
  serverStops: string[]
  /** Sections whose server stopped on both tries. */
  unreliable: string[]
}

async function runSection(
  section: Section,
  serving: Serving,
  outcome: SectionsOutcome,
): Promise<void> {
  const { appDir, serverOptions } = serving
  // Something else on the machine can stop the server mid-run (a cleanup
  // that kills every `server/main.ts`, say). Numbers taken without a
  // server are meaningless, so the section gets one more go on a fresh one.
  for (let attempt = 1; ; attempt++) {
    const result = await section.run(serving.server, { appDir, serverOptions })
    const stopped = serving.server.unexpectedExit()
    if (stopped) {
      outcome.serverStops.push(`${section.title}: the server ${stopped}`)
      await serving.server.stop()
      serving.server = await startServer(appDir, serverOptions)
      console.error(`Restarted the server at ${serving.server.siteOrigin}`)
    }
    if (!stopped || attempt === 2) {
      if (stopped) outcome.unreliable.push(section.title)
      outcome.sectionLines.push(`## ${section.title}`, '', result.markdown, '')
      outcome.data[section.id] = result.data
      return
    }
    console.error(`Running ${section.title} again`)
  }
}

/** Runs each section in order on the shared server, and stops whichever server is serving at the end. */
async function runSections(
  sections: readonly Section[],
  serving: Serving,
): Promise<SectionsOutcome> {
  const outcome: SectionsOutcome = { sectionLines: [], data: {}, serverStops: [], unreliable: [] }
  try {
    for (const section of sections) await runSection(section, serving, outcome)
  } finally {
    await serving.server.stop()
  }
  return outcome
}

/** A warning above the summary when the server stopped under a section. */
function serverStopLines({ serverStops, unreliable }: SectionsOutcome): string[] {
  if (unreliable.length > 0) {
    return [
      `**The server stopped unexpectedly during ${unreliable.join(' and ')} twice (killed ` +
        'from outside, or crashed: see its output above); those numbers are not usable.**',
      '',
    ]
  }
  if (serverStops.length > 0) {
    return [
      `Note: the server stopped unexpectedly ${serverStops.length} time(s); ` +
        'the sections affected were run again on a fresh server.',
      '',
    ]
  }
  return []
}

/** The report up to its last line: the title, any warning, the summary, then each section. */
function formatReport(outcome: SectionsOutcome): string[] {
  return [
    '# Benchmark',
    '',
    ...serverStopLines(outcome),
    '## Summary',
    '',
    formatSummary(summaryRows(outcome.data)),
    '',
    ...outcome.sectionLines,
  ]
}

function writeRunResults(startedAt: Date, { serverStops, data }: SectionsOutcome): Promise<string> {
  return writeResults(startedAt, {
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
}

async function main(): Promise<void> {
  cleanUpOnSignals()
  const startedAt = new Date()

  const only = envList(
    'BENCH_SECTIONS',
    SECTIONS.map((section) => section.id),
  )
  const appDir = await buildSnapshot()
  const serverOptions = await sharedServerOptions(only)
  const server = await startServer(appDir, serverOptions)
  console.error(`Serving the build at ${server.siteOrigin}`)

  const outcome = await runSections(
    SECTIONS.filter((s) => only.includes(s.id)),
    { appDir, serverOptions, server },
  )
  const report = formatReport(outcome)
  // Numbers taken without a server would pass for real ones.
  if (outcome.unreliable.length > 0) process.exitCode = 1
  const file = await writeRunResults(startedAt, outcome)
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
