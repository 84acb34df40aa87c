import { mkdtemp, rm } from 'node:fs/promises'
import { get } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { type Flags, type Result } from 'lighthouse'
import { publicPaths } from '#app/content/sitemap.ts'
import { chromiumExecutable, chromiumFlags } from '#tests/chromium.ts'
import { onCleanup } from './cleanup.ts'
import { formatNumber, formatTable } from './markdown.ts'
import { describeOwnerContent } from './owner-content.ts'
import { giveOwnerContent, sendQuotedRequest, startOwnerSite } from './owner-site.ts'
import type { Section } from './section.ts'
import type { RunningServer } from './server.ts'
import { envInt, envList, kib, median, medianOrNull } from './stats.ts'

/** The public pages: the ones the sitemap lists, in the navigation's order. */
export const PAGES = publicPaths

/** The owner's pages; `<id>` is a request the section sends and quotes first. */
export const OWNER_PAGES = [
  '/admin',
  '/admin/orders',
  '/admin/orders/<id>',
  '/admin/calendar',
  '/admin/settings',
] as const

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
type Category = (typeof CATEGORIES)[number]
/** The owner's pages are noindex: SEO is not asked of them. */
const OWNER_CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const

/** Issue 22: 100 in every category (decision 004's first budget was performance ≥ 95). */
const TARGETS = {
  performance: 100,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
  firstLoadJsKib: 120,
} as const

/** Issue 23: the owner's pages open fast on her phone. */
export const OWNER_TARGETS = {
  performance: 100,
  accessibility: 100,
  'best-practices': 100,
  lcpMs: 1500,
} as const

const AUDITED_FOR_FAILURES: readonly Category[] = ['accessibility', 'best-practices', 'seo']
const UNSCORED_MODES = new Set(['informative', 'notApplicable', 'manual'])

export interface FailingAudit {
  category: Category
  id: string
  title: string
  /** 0–100, or null when the audit itself errored. */
  score: number | null
  displayValue?: string
  explanation?: string
  /** The first few offending elements or resources, enough to find them. */
  items: string[]
  itemCount: number
}

export interface LighthouseRun {
  url: string
  /** What Lighthouse says slows the page: its LCP element and the diagnostics it fails. */
  performanceFindings: FailingAudit[]
  scores: Record<Category, number | null>
  lcpMs: number | null
  tbtMs: number | null
  cls: number | null
  /** The main thread's work through the load, as Lighthouse reports it (its 4× CPU slowdown). */
  mainThreadMs: number | null
  /** The part of it spent on scripts: compiling and running them. */
  scriptMs: number | null
  jsBytes: number
  /** The same scripts' gzipped bodies without headers: what the JS budget means. */
  jsGzipBytes: number | null
  totalBytes: number
  scripts: { url: string; transferSize: number }[]
  benchmarkIndex: number
  userAgent: string
  warnings: string[]
  failingAudits: FailingAudit[]
}

export interface PageSummary {
  path: string
  /** The path, plus what was on the page where that changes its weight. */
  label: string
  median: {
    scores: Record<Category, number | null>
    lcpMs: number | null
    tbtMs: number | null
    cls: number | null
    mainThreadMs: number | null
    scriptMs: number | null
    jsKib: number | null
    jsGzipKib: number | null
    totalKib: number | null
  }
  /** From the first run: the failures are the same every run, and one list is easier to act on. */
  failingAudits: FailingAudit[]
  /** The first run's performance findings (the LCP element, failing diagnostics). */
  performanceFindings: FailingAudit[]
  runs: LighthouseRun[]
  /** Runs that produced no report, e.g. because the page answered 500. */
  errors: string[]
}

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

type Audit = Result['audits'][string]

/** Table rows of an audit's details, whatever kind of table it is. */
function detailItems(audit: Audit | undefined): Record<string, unknown>[] {
  const details = audit?.details as { type?: string; items?: unknown } | undefined
  const items = Array.isArray(details?.items) ? (details.items as Record<string, unknown>[]) : []
  // A list (the LCP element's audit) holds tables of its own.
  return details?.type === 'list'
    ? items.flatMap((item) =>
        item.type === 'table' && Array.isArray(item.items)
          ? (item.items as Record<string, unknown>[])
          : [],
      )
    : items
}

function oneLine(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat
}

/** A short pointer to what an audit row is about: an element, a resource or a message. */
function describeItem(item: Record<string, unknown>): string {
  const node = item.node as
    { selector?: string; snippet?: string; explanation?: string; nodeLabel?: string } | undefined
  if (node && typeof node === 'object') {
    const where = node.selector ?? node.snippet ?? node.nodeLabel ?? 'element'
    // axe's explanation starts with a generic "Fix any of the following:".
    const why = node.explanation?.split('\n').slice(1).join(' ')
    return oneLine(why ? `${where}: ${why}` : where)
  }
  const parts = ['source', 'description', 'message', 'text', 'reason', 'groupLabel', 'href', 'url']
    .map((key) => item[key])
    .filter((value): value is string => typeof value === 'string' && value !== '')
  const location = item.sourceLocation as { url?: string; line?: number } | undefined
  if (location?.url) parts.push(`${location.url}:${(location.line ?? 0) + 1}`)
  // What a resource costs: the bytes it wastes, the time it holds the page up.
  if (typeof item.wastedBytes === 'number' && item.wastedBytes > 0) {
    parts.push(`${kib(item.wastedBytes).toFixed(1)} KiB to save`)
  }
  if (typeof item.wastedMs === 'number' && item.wastedMs > 0) {
    parts.push(`${Math.round(item.wastedMs)} ms`)
  }
  if (typeof item.groupLabel === 'string' && typeof item.duration === 'number') {
    parts.push(`${Math.round(item.duration)} ms`)
  }
  if (typeof item.phase === 'string' && typeof item.timing === 'number') {
    parts.push(`${item.phase} ${Math.round(item.timing)} ms`)
  }
  if (parts.length === 0) return oneLine(JSON.stringify(item))
  return oneLine(parts.join(' — '))
}

export function failingAudits(lhr: Result, maxItems = 5): FailingAudit[] {
  const failing: FailingAudit[] = []
  for (const category of AUDITED_FOR_FAILURES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id]
      if (!audit || UNSCORED_MODES.has(audit.scoreDisplayMode)) continue
      // An errored audit has no score, yet it may hide a real failure.
      const errored = audit.scoreDisplayMode === 'error'
      if (!errored && (audit.score === null || audit.score >= 1)) continue
      const items = detailItems(audit)
      failing.push({
        category,
        id: audit.id,
        title: audit.title,
        score: audit.score === null ? null : Math.round(audit.score * 100),
        displayValue: audit.displayValue,
        explanation: audit.explanation ?? audit.errorMessage,
        items: items.slice(0, maxItems).map(describeItem),
        itemCount: items.length,
      })
    }
  }
  return failing
}

/** Always listed for a page that misses its performance target: where the LCP comes from. */
const LCP_ELEMENT = 'largest-contentful-paint-element'

/**
 * What Lighthouse's performance category says holds the page back: the
 * LCP element (with its phases), and every diagnostic that does not pass
 * (render-blocking requests, unused JavaScript and the like), worst first.
 */
export function performanceFindings(lhr: Result, maxItems = 5): FailingAudit[] {
  const findings: (FailingAudit & { order: number })[] = []
  for (const ref of lhr.categories.performance?.auditRefs ?? []) {
    if (ref.group !== 'diagnostics') continue
    const audit = lhr.audits[ref.id]
    if (!audit) continue
    const lcpElement = ref.id === LCP_ELEMENT
    const failing =
      !UNSCORED_MODES.has(audit.scoreDisplayMode) && audit.score !== null && audit.score < 0.9
    if (!lcpElement && !failing) continue
    const items = detailItems(audit)
    if (lcpElement && items.length === 0) continue
    findings.push({
      order: lcpElement ? -1 : (audit.score ?? 1),
      category: 'performance',
      id: audit.id,
      title: audit.title,
      score: audit.score === null ? null : Math.round(audit.score * 100),
      displayValue: audit.displayValue,
      explanation: audit.explanation ?? audit.errorMessage,
      items: items.slice(0, maxItems).map(describeItem),
      itemCount: items.length,
    })
  }
  return findings.sort((a, b) => a.order - b.order).map(({ order: _order, ...finding }) => finding)
}

export function summarizeRun(lhr: Result): LighthouseRun {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? null
  const requests = detailItems(lhr.audits['network-requests'])
  const transferSize = (item: Record<string, unknown>) =>
    typeof item.transferSize === 'number' ? item.transferSize : 0
  const scripts = requests
    .filter((item) => item.resourceType === 'Script')
    .map((item) => ({ url: String(item.url), transferSize: transferSize(item) }))
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => {
      const score = lhr.categories[category]?.score
      return [category, typeof score === 'number' ? Math.round(score * 100) : null]
    }),
  ) as Record<Category, number | null>
  return {
    url: lhr.finalDisplayedUrl,
    performanceFindings: performanceFindings(lhr),
    scores,
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    mainThreadMs: numeric('mainthread-work-breakdown'),
    scriptMs: scriptMs(lhr),
    jsBytes: scripts.reduce((sum, script) => sum + script.transferSize, 0),
    jsGzipBytes: null,
    totalBytes: requests.reduce((sum, item) => sum + transferSize(item), 0),
    scripts,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    userAgent: lhr.environment.hostUserAgent,
    warnings: lhr.runWarnings,
    failingAudits: failingAudits(lhr),
  }
}

/**
 * Compiling and running scripts, from Lighthouse's main-thread breakdown (a
 * function V8 compiles as it is first called counts as running).
 */
const SCRIPT_GROUPS = new Set(['scriptParseCompile', 'scriptEvaluation'])

function scriptMs(lhr: Result): number | null {
  const audit = lhr.audits['mainthread-work-breakdown']
  if (audit?.numericValue === undefined) return null
  return detailItems(audit)
    .filter((item) => SCRIPT_GROUPS.has(String(item.group)))
    .reduce((sum, item) => sum + (typeof item.duration === 'number' ? item.duration : 0), 0)
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
 * A page that fails to load is a finding, not a reason to lose the other
 * pages' numbers, so failed runs are recorded and the benchmark goes on.
 */
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

const MISS = ' ✗'

function scoreCell(score: number | null, target: number): string {
  if (score === null) return `n/a${MISS}`
  return `${formatNumber(score)}${score < target ? MISS : ''}`
}

/**
 * The budget is about gzipped scripts, while Lighthouse's transfer size
 * depends on the encoding Chrome negotiated (Brotli is smaller) and counts
 * headers, so it can land on either side of the gzipped figure.
 */
const jsBudgetKib = (page: PageSummary): number | null => page.median.jsGzipKib ?? page.median.jsKib

function jsCell(page: PageSummary): string {
  const { jsKib } = page.median
  if (jsKib === null) return `n/a${MISS}`
  const budget = jsBudgetKib(page)
  return `${jsKib.toFixed(1)}${budget !== null && budget > TARGETS.firstLoadJsKib ? MISS : ''}`
}

function misses(page: PageSummary): string[] {
  if (page.runs.length === 0) return [`no report (${page.errors.join('; ')})`]
  const found: string[] = []
  for (const category of CATEGORIES) {
    const score = page.median.scores[category]
    if (score === null || score < TARGETS[category]) {
      found.push(`${category} ${formatNumber(score)} (target ${TARGETS[category]})`)
    }
  }
  const budget = jsBudgetKib(page)
  if (budget !== null && budget > TARGETS.firstLoadJsKib) {
    found.push(`JS ${budget.toFixed(1)} KB gzipped (target ≤ ${TARGETS.firstLoadJsKib})`)
  }
  return found
}

function formatAudit(audit: FailingAudit): string[] {
  const head =
    `- [${audit.category}] \`${audit.id}\` ${audit.title}` +
    (audit.score === null ? ' (audit errored)' : ` (score ${audit.score})`) +
    (audit.displayValue ? `, ${audit.displayValue}` : '') +
    (audit.explanation ? `: ${oneLine(audit.explanation, 300)}` : '')
  const more = audit.itemCount - audit.items.length
  return [
    head,
    ...audit.items.map((item) => `  - ${item}`),
    ...(more > 0 ? [`  - … and ${more} more`] : []),
  ]
}

/**
 * What slows each page `isSlow` picks, as Lighthouse words it (its LCP
 * element and failing diagnostics, first run), under one heading; nothing
 * when no page is slow.
 */
function slowPageLines(
  pages: readonly PageSummary[],
  isSlow: (page: PageSummary) => boolean,
): string[] {
  const lines = pages.flatMap((page) =>
    page.runs.length > 0 && isSlow(page) && page.performanceFindings.length > 0
      ? ['', `#### ${page.label}`, '', ...page.performanceFindings.flatMap(formatAudit)]
      : [],
  )
  return lines.length === 0
    ? []
    : [
        '',
        '### What slows the pages that miss (LCP element and failing diagnostics; first run)',
        ...lines,
      ]
}

export function formatLighthouse(pages: readonly PageSummary[], runs: number): string {
  const table = formatTable(
    [
      'Page',
      'Performance',
      'Accessibility',
      'Best Practices',
      'SEO',
      'LCP ms',
      'TBT ms',
      'CLS',
      'JS KB',
      'Total KB',
    ],
    pages.map((page) => {
      const m = page.median
      return [
        page.label,
        scoreCell(m.scores.performance, TARGETS.performance),
        scoreCell(m.scores.accessibility, TARGETS.accessibility),
        scoreCell(m.scores['best-practices'], TARGETS['best-practices']),
        scoreCell(m.scores.seo, TARGETS.seo),
        formatNumber(m.lcpMs),
        formatNumber(m.tbtMs),
        formatNumber(m.cls, 3),
        jsCell(page),
        formatNumber(m.totalKib, 1),
      ]
    }),
    ['left', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right'],
  )

  const gzipLine = pages
    .map((page) => {
      const kib = page.median.jsGzipKib
      const miss = kib !== null && kib > TARGETS.firstLoadJsKib ? MISS : ''
      return `${page.path} ${formatNumber(kib, 1)}${miss}`
    })
    .join(', ')
  const missLines = pages.flatMap((page) => misses(page).map((miss) => `- ${page.path}: ${miss}`))
  const auditLines = pages.flatMap((page) =>
    page.failingAudits.length === 0
      ? []
      : ['', `#### ${page.path}`, '', ...page.failingAudits.flatMap(formatAudit)],
  )
  const errorLines = pages.flatMap((page) => page.errors.map((error) => `- ${page.path} ${error}`))
  const allRuns = pages.flatMap((page) => page.runs)
  const warnings = [...new Set(allRuns.flatMap((run) => run.warnings))]
  const benchmarkIndex = medianOrNull(allRuns.map((run) => run.benchmarkIndex))

  return [
    `${runs === 1 ? 'One run' : `Median of ${runs} runs`} per page, Lighthouse mobile preset ` +
      `(simulated throttling), CPU benchmark index ${formatNumber(benchmarkIndex)}. ` +
      'KB = KiB transferred; ✗ = target missed.',
    '',
    table,
    '',
    'Targets: Performance, Accessibility, Best Practices, SEO 100; first-load JS ≤ 120 KB gzipped',
    '',
    `JS KB is what Chrome transferred (in the encoding it negotiated, headers included); the JS ` +
      `target is checked against the same scripts gzipped: ${gzipLine}.`,
    '',
    ...(missLines.length > 0 ? ['Missed:', '', ...missLines] : ['All targets met.']),
    ...(errorLines.length > 0 ? ['', '### Failed runs', '', ...errorLines] : []),
    '',
    '### Failing audits (accessibility, best practices, SEO; first run of each page)',
    ...(auditLines.length > 0 ? auditLines : ['', 'None.']),
    ...slowPageLines(pages, (page) => (page.median.scores.performance ?? 0) < 100),
    ...(warnings.length > 0
      ? ['', '### Lighthouse warnings', '', ...warnings.map((w) => `- ${oneLine(w, 400)}`)]
      : []),
  ].join('\n')
}

/**
 * The gallery's weight grows with its photos, so its row says how many it
 * had, as the server reported them just before the runs.
 */
async function pageLabel(server: RunningServer, route: string): Promise<string> {
  if (route !== '/gallery') return route
  try {
    const response = await fetch(new URL('/api/gallery', server.loopbackOrigin))
    if (!response.ok) throw new Error(`/api/gallery answered ${response.status}`)
    const images = (await response.json()) as unknown[]
    return `${route} (${images.length} photos)`
  } catch (error) {
    console.error(`  could not count the gallery's photos: ${String(error)}`)
    return route
  }
}

const OWNER_CONTENT_NOTE =
  'The site as the owner has made it hers, each part through its own form before the runs: '

export const lighthouseSection: Section = {
  id: 'lighthouse',
  title: 'Lighthouse',
  async run(_shared, context) {
    const runs = envInt('BENCH_RUNS', 3)
    // A server of its own: her content goes in through the owner's forms first.
    const site = await startOwnerSite(context)
    try {
      console.error('Lighthouse: giving the site her content')
      await giveOwnerContent(site)
      const pages: PageSummary[] = []
      for (const path of envList('BENCH_PAGES', PAGES)) {
        pages.push(await benchPage(site.server, path, runs, await pageLabel(site.server, path)))
      }
      const content = describeOwnerContent()
      return {
        markdown: `${OWNER_CONTENT_NOTE}${content}.\n\n${formatLighthouse(pages, runs)}`,
        data: { runs, preset: 'mobile (Lighthouse default)', targets: TARGETS, content, pages },
      }
    } finally {
      await site.stop()
    }
  },
}

function ownerScoreCell(score: number | null): string {
  return scoreCell(score, 100)
}

export function ownerMisses(page: PageSummary): string[] {
  if (page.runs.length === 0) return [`no report (${page.errors.join('; ')})`]
  const found: string[] = []
  for (const category of OWNER_CATEGORIES) {
    const score = page.median.scores[category]
    if (score === null || score < OWNER_TARGETS[category]) {
      found.push(`${category} ${formatNumber(score)} (target ${OWNER_TARGETS[category]})`)
    }
  }
  const { lcpMs } = page.median
  if (lcpMs === null || lcpMs > OWNER_TARGETS.lcpMs) {
    found.push(`LCP ${formatNumber(lcpMs)} ms (target ≤ ${OWNER_TARGETS.lcpMs})`)
  }
  return found
}

export function formatOwnerLighthouse(pages: readonly PageSummary[], runs: number): string {
  const table = formatTable(
    [
      'Page',
      'Performance',
      'Accessibility',
      'Best Practices',
      'LCP ms',
      'TBT ms',
      'Main thread ms',
      'Script ms',
      'CLS',
      'JS KB',
      'JS KB gz',
      'Total KB',
    ],
    pages.map((page) => {
      const m = page.median
      const lcpMiss = m.lcpMs === null || m.lcpMs > OWNER_TARGETS.lcpMs ? MISS : ''
      return [
        page.label,
        ownerScoreCell(m.scores.performance),
        ownerScoreCell(m.scores.accessibility),
        ownerScoreCell(m.scores['best-practices']),
        `${formatNumber(m.lcpMs)}${lcpMiss}`,
        formatNumber(m.tbtMs),
        formatNumber(m.mainThreadMs),
        formatNumber(m.scriptMs),
        formatNumber(m.cls, 3),
        formatNumber(m.jsKib, 1),
        formatNumber(m.jsGzipKib, 1),
        formatNumber(m.totalKib, 1),
      ]
    }),
    ['left', ...Array<'right'>(11).fill('right')],
  )
  const missLines = pages.flatMap((page) =>
    ownerMisses(page).map((miss) => `- ${page.label}: ${miss}`),
  )
  const auditLines = pages.flatMap((page) =>
    page.failingAudits.length === 0
      ? []
      : ['', `#### ${page.label}`, '', ...page.failingAudits.flatMap(formatAudit)],
  )
  const slowLines = slowPageLines(pages, (page) =>
    ownerMisses(page).some((miss) => miss.startsWith('performance') || miss.startsWith('LCP')),
  )
  const errorLines = pages.flatMap((page) => page.errors.map((error) => `- ${page.label} ${error}`))
  const allRuns = pages.flatMap((page) => page.runs)
  const warnings = [...new Set(allRuns.flatMap((run) => run.warnings))]
  const benchmarkIndex = medianOrNull(allRuns.map((run) => run.benchmarkIndex))
  return [
    `Signed in as the owner (her session cookie on every request). ` +
      `${runs === 1 ? 'One run' : `Median of ${runs} runs`} per page, Lighthouse mobile preset ` +
      `(simulated throttling), CPU benchmark index ${formatNumber(benchmarkIndex)}. ` +
      'Main thread ms: its work through the load, at the simulated 4× slower CPU; Script ms: ' +
      'the part spent compiling and running scripts. ' +
      'KB = KiB transferred (JS KB gz: the same scripts gzipped); ✗ = target missed.',
    '',
    table,
    '',
    `Targets: Performance, Accessibility, Best Practices 100; LCP ≤ ${OWNER_TARGETS.lcpMs} ms ` +
      '(SEO is not asked: the owner’s pages are noindex)',
    '',
    ...(missLines.length > 0 ? ['Missed:', '', ...missLines] : ['All targets met.']),
    ...(errorLines.length > 0 ? ['', '### Failed runs', '', ...errorLines] : []),
    '',
    '### Failing audits (accessibility, best practices; first run of each page)',
    ...(auditLines.length > 0 ? auditLines : ['', 'None.']),
    ...slowLines,
    ...(warnings.length > 0
      ? ['', '### Lighthouse warnings', '', ...warnings.map((w) => `- ${oneLine(w, 400)}`)]
      : []),
  ].join('\n')
}

/** The owner's page to audit for a listed one: `<id>` becomes the quoted request. */
export function ownerRoute(page: string, requestId: number): string {
  return page.replace('<id>', String(requestId))
}

export const lighthouseOwnerSection: Section = {
  id: 'lighthouse-owner',
  title: 'Lighthouse: the owner’s pages',
  async run(_shared, context) {
    const runs = envInt('BENCH_RUNS', 3)
    const site = await startOwnerSite(context)
    try {
      console.error('Lighthouse (owner): giving the site her content and a quoted request')
      await giveOwnerContent(site)
      const { id } = await sendQuotedRequest(
        site,
        { name: 'Sofia Marchetti', email: 'sofia.bench@example.com' },
        { dueInDays: 21, theme: 'Baby shower, sage green and gold' },
        9,
      )
      const options: AuditOptions = { categories: OWNER_CATEGORIES, cookie: site.cookie }
      const pages: PageSummary[] = []
      for (const page of envList('BENCH_OWNER_PAGES', OWNER_PAGES)) {
        const route = ownerRoute(page, id)
        const label = page === '/admin/orders/<id>' ? `${route} (quoted)` : route
        pages.push(await benchPage(site.server, route, runs, label, options))
      }
      return {
        markdown: formatOwnerLighthouse(pages, runs),
        data: {
          runs,
          preset: 'mobile (Lighthouse default), signed in',
          targets: OWNER_TARGETS,
          content: describeOwnerContent(),
          pages,
        },
      }
    } finally {
      await site.stop()
    }
  },
}
