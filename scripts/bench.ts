/**
 * Performance benchmark: builds the site, serves the production build on a
 * free port with a throwaway data folder, runs each section against it and
 * prints a markdown report. Every raw number goes to bench-results/.
 *
 *   npm run bench
 *   BENCH_RUNS=5 BENCH_LOAD_SECONDS=20 npm run bench
 *
 * BENCH_RUNS         Lighthouse runs per page; the report shows medians (default 3)
 * BENCH_LOAD_SECONDS length of each load run (default 10)
 *
 * Progress goes to stderr, so `npm run bench > report.md` keeps the report
 * (after the build's own output) without the noise.
 */
import { execFileSync } from 'node:child_process'
import { mkdir, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { cleanUpAll, cleanUpOnSignals, stoppingForSignal } from './bench/cleanup.ts'
import { lighthouseSection } from './bench/lighthouse.ts'
import { loadSection } from './bench/load.ts'
import type { Section } from './bench/section.ts'
import { buildSnapshot, repoRoot, startServer } from './bench/server.ts'

/** Run in this order: Lighthouse first, so the load run's heat does not skew page timings. */
const SECTIONS: readonly Section[] = [lighthouseSection, loadSection]

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

  const appDir = await buildSnapshot()
  const server = await startServer(appDir)
  console.error(`Serving the build at ${server.siteOrigin}`)

  const report: string[] = ['# Benchmark', '']
  const data: Record<string, unknown> = {}
  try {
    for (const section of SECTIONS) {
      if (server.unexpectedExit()) break
      const result = await section.run(server)
      report.push(`## ${section.title}`, '', result.markdown, '')
      data[section.id] = result.data
    }
  } finally {
    await server.stop()
  }

  // Something else on the machine can stop the server (a cleanup killing
  // every `server/main.ts`, say); the numbers after that are meaningless.
  const serverDied = server.unexpectedExit()
  if (serverDied) {
    report.splice(2, 0, `**The server ${serverDied} before the benchmark finished: rerun it.**`, '')
    process.exitCode = 1
  }

  const file = await writeResults(startedAt, {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    commit: gitCommit(),
    serverStoppedEarly: serverDied,
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
