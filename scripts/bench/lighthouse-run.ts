import { mkdtemp, rm } from 'node:fs/promises'
import { get } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { type Flags, type Result } from 'lighthouse'
import { chromiumExecutable, chromiumFlags } from '#tests/chromium.ts'
import { onCleanup } from './cleanup.ts'
import {
  CATEGORIES,
  type Category,
  type LighthouseRun,
  type PageSummary,
  summarizeRun,
} from './lighthouse-audits.ts'
import type { RunningServer } from './server.ts'
import { kib, median, medianOrNull } from './stats.ts'

/**
 * Extra Chromium flags on top of the shared ones. Even with background
 * networking off, Chromium still asks Google for the time, component updates
 * and account state. Loopback bypasses a proxy implicitly, so pointing every
 * other request at a closed local port, and making every other host name fail
 * to resolve, keeps the browser (and any stray third-party URL on a page,
 * which then shows up as an error rather than a hang) off the internet.
 */
const BENCH_CHROMIUM_FLAGS = [
  '--headless=new',
  '--proxy-server=http://127.0.0.1:9',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
]

export interface AuditOptions {
  categories: readonly Category[]
  /** The owner's session cookie, sent with every request of the page (Lighthouse's extraHeaders). */
  cookie?: string
}

const PUBLIC_AUDIT: AuditOptions = { categories: CATEGORIES }

/**
 * One Lighthouse pass in a browser of its own, so no cache, service worker or
 * compiled code carries over from an earlier run. No config is passed: the
 * default is the mobile preset with simulated throttling, which is what
 * PageSpeed Insights reports and what the targets are set against.
 */
export async function runLighthouse(
  url: string,
  { categories, cookie }: AuditOptions = PUBLIC_AUDIT,
): Promise<Result> {
  // chrome-launcher stops Chromium with SIGKILL, which leaves its singleton
  // socket folders in TMPDIR; a private TMPDIR lets us sweep them away.
  const browserTmp = await mkdtemp(path.join(tmpdir(), 'bench-chromium-'))
  const removeTmp = onCleanup(() => rm(browserTmp, { recursive: true, force: true }))
  try {
    const chrome = await chromeLauncher.launch({
      chromePath: chromiumExecutable(),
      chromeFlags: [...chromiumFlags, ...BENCH_CHROMIUM_FLAGS],
      envVars: { ...process.env, TMPDIR: browserTmp },
      // Our own signal handler stops the server too; chrome-launcher's would exit first.
      handleSIGINT: false,
      logLevel: 'error',
    })
    const stopChrome = onCleanup(() => chrome.kill())
    try {
      const flags: Flags = {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...categories],
        ...(cookie ? { extraHeaders: { cookie } } : {}),
      }
      const result = await lighthouse(url, flags)
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
      const { lhr } = result
      if (lhr.runtimeError) {
        throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`)
      }
      return lhr
    } finally {
      await stopChrome()
    }
  } finally {
    await removeTmp()
  }
}

const gzipSizes = new Map<string, Promise<number>>()

/**
 * A response body's size as the server sends it gzipped. Lighthouse's
 * transferSize also counts the headers (security headers make them about
 * 1 KB a response), which the "KB gzipped" budget does not mean.
 */
function gzipBodyBytes(url: string): Promise<number> {
  let size = gzipSizes.get(url)
  if (!size) {
    size = new Promise<number>((resolve, reject) => {
      const request = get(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
        let bytes = 0
        response.on('data', (chunk: Buffer) => (bytes += chunk.length))
        response.on('error', reject)
        response.on('end', () => {
          if (response.statusCode === 200) resolve(bytes)
          else reject(new Error(`${url} answered ${response.statusCode}`))
        })
      })
      request.on('error', reject)
    })
    gzipSizes.set(url, size)
  }
  return size
}

async function jsGzipBytes(server: RunningServer, run: LighthouseRun): Promise<number | null> {
  try {
    const sizes = await Promise.all(
      run.scripts.map(({ url, transferSize }) => {
        const parsed = new URL(url)
        // Only our own scripts can be refetched; anything else counts as Lighthouse saw it.
        if (parsed.origin !== server.siteOrigin) return transferSize
        return gzipBodyBytes(new URL(parsed.pathname + parsed.search, server.loopbackOrigin).href)
      }),
    )
    return sizes.reduce((sum, size) => sum + size, 0)
  } catch (error) {
    console.error(`  could not measure gzipped JS: ${String(error)}`)
    return null
  }
}

/**
 * Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP):
 * the browser's, not the page's, doing, and its message asks to run again.
 * Such a run gets one more go, so a page's median keeps its number of runs.
 */
const TRACE_FAILURE = /Please run Lighthouse again/

async function runLighthouseRetryingTrace(url: string, options: AuditOptions): Promise<Result> {
  try {
    return await runLighthouse(url, options)
  } catch (error) {
    if (!(error instanceof Error) || !TRACE_FAILURE.test(error.message)) throw error
    console.error(`  ${error.message}: running it again`)
    return runLighthouse(url, options)
  }
}

/**
 * A page that fails to load is a finding, not a reason to lose the other
 * pages' numbers, so failed runs are recorded and the benchmark goes on.
 */
export async function benchPage(
  server: RunningServer,
  route: string,
  runs: number,
  label = route,
  options: AuditOptions = PUBLIC_AUDIT,
): Promise<PageSummary> {
  const url = new URL(route, server.siteOrigin).href
  const results: LighthouseRun[] = []
  const errors: string[] = []
  // The first render after boot pays for module loading and JIT; no real visitor sees that.
  try {
    const warmUp = await fetch(new URL(route, server.loopbackOrigin), {
      headers: options.cookie ? { cookie: options.cookie } : {},
      redirect: 'manual',
    })
    await warmUp.arrayBuffer()
    if (!warmUp.ok) errors.push(`warm-up request answered ${warmUp.status}`)
  } catch (error) {
    errors.push(`warm-up request failed: ${String(error)}`)
  }
  for (let run = 1; run <= runs; run++) {
    console.error(`Lighthouse ${route} (run ${run}/${runs})`)
    try {
      const summary = summarizeRun(await runLighthouseRetryingTrace(url, options))
      // A signed-out owner lands on the sign-in page: that page's numbers are not hers.
      if (options.cookie && summary.url !== url)
        throw new Error(`Lighthouse ended on ${summary.url}, not ${url}`)
      summary.jsGzipBytes = await jsGzipBytes(server, summary)
      results.push(summary)
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      console.error(`  failed: ${message}`)
      errors.push(`run ${run}: ${message}`)
    }
  }
  if (errors.length > 0) {
    const log = server.recentLog()
    if (log) console.error(`  server output:\n${log.replace(/^/gm, '    ')}`)
  }
  const pick = <T>(field: (run: LighthouseRun) => T) => results.map(field)
  const medianKib = (values: number[]) => (values.length > 0 ? kib(median(values)) : null)
  return {
    path: route,
    label,
    median: {
      scores: Object.fromEntries(
        CATEGORIES.map((category) => [category, medianOrNull(pick((r) => r.scores[category]))]),
      ) as Record<Category, number | null>,
      lcpMs: medianOrNull(pick((r) => r.lcpMs)),
      tbtMs: medianOrNull(pick((r) => r.tbtMs)),
      cls: medianOrNull(pick((r) => r.cls)),
      mainThreadMs: medianOrNull(pick((r) => r.mainThreadMs)),
      scriptMs: medianOrNull(pick((r) => r.scriptMs)),
      jsKib: medianKib(pick((r) => r.jsBytes)),
      jsGzipKib: medianKib(
        pick((r) => r.jsGzipBytes).filter((bytes): bytes is number => bytes !== null),
      ),
      totalKib: medianKib(pick((r) => r.totalBytes)),
    },
    failingAudits: results[0]?.failingAudits ?? [],
    performanceFindings: results[0]?.performanceFindings ?? [],
    runs: results,
    errors,
  }
}
