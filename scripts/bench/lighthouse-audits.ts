import type { Result } from 'lighthouse'
import { kib } from './stats.ts'

/** What a Lighthouse report says about a page, read into the benchmark's own shapes. */

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
export type Category = (typeof CATEGORIES)[number]
/** The owner's pages are noindex: SEO is not asked of them. */
export const OWNER_CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const

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

export function oneLine(text: string, max = 160): string {
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
