import type { Result } from 'lighthouse'
import { describe, expect, it } from 'vitest'
import { type PageSummary, performanceFindings, summarizeRun } from './lighthouse-audits.ts'
import { formatLighthouse, formatOwnerLighthouse, ownerMisses } from './lighthouse-report.ts'
import { OWNER_PAGES, ownerRoute } from './lighthouse.ts'

/** Just the parts of a Lighthouse report the summaries read. */
function report({
  performance,
  withSeo = false,
}: {
  performance: number
  withSeo?: boolean
}): Result {
  const ref = (id: string, group?: string) => ({ id, weight: 0, ...(group ? { group } : {}) })
  const audits: Record<string, unknown> = {
    'largest-contentful-paint': { id: 'largest-contentful-paint', numericValue: 2100 },
    'total-blocking-time': { id: 'total-blocking-time', numericValue: 120 },
    'cumulative-layout-shift': { id: 'cumulative-layout-shift', numericValue: 0 },
    'mainthread-work-breakdown': {
      id: 'mainthread-work-breakdown',
      numericValue: 1275.1,
      details: {
        type: 'table',
        items: [
          { group: 'other', duration: 615.2 },
          { group: 'scriptEvaluation', duration: 480.4 },
          { group: 'styleLayout', duration: 125 },
          { group: 'scriptParseCompile', duration: 11.3 },
        ],
      },
    },
    'largest-contentful-paint-element': {
      id: 'largest-contentful-paint-element',
      title: 'Largest Contentful Paint element',
      score: 0,
      scoreDisplayMode: 'metricSavings',
      displayValue: '2,100 ms',
      details: {
        type: 'list',
        items: [
          { type: 'table', items: [{ node: { selector: 'main > section > h1' } }] },
          {
            type: 'table',
            items: [
              { phase: 'TTFB', timing: 410.4 },
              { phase: 'Render Delay', timing: 1690.2 },
            ],
          },
        ],
      },
    },
    'unused-javascript': {
      id: 'unused-javascript',
      title: 'Reduce unused JavaScript',
      score: 0,
      scoreDisplayMode: 'metricSavings',
      displayValue: 'Est savings of 48 KiB',
      details: {
        type: 'opportunity',
        items: [{ url: 'http://localhost/assets/shell.js', wastedBytes: 24 * 1024 }],
      },
    },
    'render-blocking-resources': {
      id: 'render-blocking-resources',
      title: 'Eliminate render-blocking resources',
      score: 0.5,
      scoreDisplayMode: 'metricSavings',
      details: {
        type: 'opportunity',
        items: [{ url: 'http://localhost/assets/root.css', wastedMs: 208.4 }],
      },
    },
    'dom-size': {
      id: 'dom-size',
      title: 'Avoids an excessive DOM size',
      score: 1,
      scoreDisplayMode: 'numeric',
    },
    'color-contrast': {
      id: 'color-contrast',
      title: 'Background and foreground colors have a sufficient contrast ratio',
      score: 0,
      scoreDisplayMode: 'binary',
      details: {
        type: 'table',
        items: [{ node: { selector: 'p.hint', explanation: 'Fix any:\nratio 3.9' } }],
      },
    },
    'network-requests': {
      id: 'network-requests',
      details: {
        type: 'table',
        items: [
          { resourceType: 'Document', transferSize: 9000 },
          { resourceType: 'Script', url: 'http://localhost/assets/shell.js', transferSize: 47000 },
        ],
      },
    },
  }
  const categories: Record<string, unknown> = {
    performance: {
      score: performance / 100,
      auditRefs: [
        ref('largest-contentful-paint', 'metrics'),
        ref('largest-contentful-paint-element', 'diagnostics'),
        ref('render-blocking-resources', 'diagnostics'),
        ref('unused-javascript', 'diagnostics'),
        ref('dom-size', 'diagnostics'),
      ],
    },
    accessibility: { score: 0.96, auditRefs: [ref('color-contrast')] },
    'best-practices': { score: 1, auditRefs: [] },
    ...(withSeo ? { seo: { score: 1, auditRefs: [] } } : {}),
  }
  return {
    finalDisplayedUrl: 'http://localhost/admin',
    audits,
    categories,
    environment: { benchmarkIndex: 1500, hostUserAgent: 'Chromium' },
    runWarnings: [],
  } as unknown as Result
}

describe('the owner pages’ Lighthouse section', () => {
  it('puts the LCP element first, then the failing diagnostics worst first, not the passing ones', () => {
    const findings = performanceFindings(report({ performance: 91 }))
    expect(findings.map((finding) => finding.id)).toEqual([
      'largest-contentful-paint-element',
      'unused-javascript',
      'render-blocking-resources',
    ])
    expect(findings[0]!.items).toEqual([
      'main > section > h1',
      'TTFB 410 ms',
      'Render Delay 1690 ms',
    ])
    expect(findings[1]!.items).toEqual(['http://localhost/assets/shell.js — 24.0 KiB to save'])
    expect(findings[2]!.items).toEqual(['http://localhost/assets/root.css — 208 ms'])
  })

  it('scores only the categories asked: SEO stays empty on the owner’s pages', () => {
    const run = summarizeRun(report({ performance: 91 }))
    expect(run.scores).toEqual({
      performance: 91,
      accessibility: 96,
      'best-practices': 100,
      seo: null,
    })
    expect(run.failingAudits.map((audit) => audit.id)).toEqual(['color-contrast'])
    expect(run.failingAudits[0]!.items).toEqual(['p.hint: ratio 3.9'])
    expect(run.jsBytes).toBe(47000)
    // The main thread's work, and the part of it that compiled and ran scripts.
    expect(run.mainThreadMs).toBe(1275.1)
    expect(run.scriptMs).toBeCloseTo(491.7)
  })

  it('names every target a page misses, LCP over 1.5 s included, and lists what slows it', () => {
    const page = (label: string, performance: number, lcpMs: number): PageSummary => {
      const run = summarizeRun(report({ performance }))
      return {
        path: label,
        label,
        median: {
          scores: { ...run.scores, accessibility: 100 },
          lcpMs,
          tbtMs: 120,
          cls: 0,
          mainThreadMs: run.mainThreadMs,
          scriptMs: run.scriptMs,
          jsKib: 120,
          jsGzipKib: 110,
          totalKib: 200,
        },
        failingAudits: [],
        performanceFindings: run.performanceFindings,
        runs: [run],
        errors: [],
      }
    }
    const fast = page('/admin', 100, 1400)
    const slow = page('/admin/calendar', 97, 1600)
    expect(ownerMisses(fast)).toEqual([])
    expect(ownerMisses(slow)).toEqual([
      'performance 97 (target 100)',
      'LCP 1600 ms (target ≤ 1500)',
    ])
    const markdown = formatOwnerLighthouse([fast, slow], 3)
    expect(markdown).toMatchInlineSnapshot(`
      "Signed in as the owner (her session cookie on every request). Median of 3 runs per page, Lighthouse mobile preset (simulated throttling), CPU benchmark index 1500. Main thread ms: its work through the load, at the simulated 4× slower CPU; Script ms: the part spent compiling and running scripts. KB = KiB transferred (JS KB gz: the same scripts gzipped); ✗ = target missed.

      | Page            | Performance | Accessibility | Best Practices | LCP ms | TBT ms | Main thread ms | Script ms |   CLS | JS KB | JS KB gz | Total KB |
      | --------------- | ----------: | ------------: | -------------: | -----: | -----: | -------------: | --------: | ----: | ----: | -------: | -------: |
      | /admin          |         100 |           100 |            100 |   1400 |    120 |           1275 |       492 | 0.000 | 120.0 |    110.0 |    200.0 |
      | /admin/calendar |        97 ✗ |           100 |            100 | 1600 ✗ |    120 |           1275 |       492 | 0.000 | 120.0 |    110.0 |    200.0 |

      Targets: Performance, Accessibility, Best Practices 100; LCP ≤ 1500 ms (SEO is not asked: the owner’s pages are noindex)

      Missed:

      - /admin/calendar: performance 97 (target 100)
      - /admin/calendar: LCP 1600 ms (target ≤ 1500)

      ### Failing audits (accessibility, best practices; first run of each page)

      None.

      ### What slows the pages that miss (LCP element and failing diagnostics; first run)

      #### /admin/calendar

      - [performance] \`largest-contentful-paint-element\` Largest Contentful Paint element (score 0), 2,100 ms
        - main > section > h1
        - TTFB 410 ms
        - Render Delay 1690 ms
      - [performance] \`unused-javascript\` Reduce unused JavaScript (score 0), Est savings of 48 KiB
        - http://localhost/assets/shell.js — 24.0 KiB to save
      - [performance] \`render-blocking-resources\` Eliminate render-blocking resources (score 50)
        - http://localhost/assets/root.css — 208 ms"
    `)
    expect(markdown).toContain('Median of 3 runs')
    expect(markdown).toContain('LCP ≤ 1500 ms')
    expect(markdown).toMatch(/\| \/admin\/calendar +\| +97 ✗ \|/)
    expect(markdown).toMatch(/\| Main thread ms \| Script ms \|/)
    expect(markdown).toMatch(/\| +120 \| +1275 \| +492 \|/)
    expect(markdown).toContain('- /admin/calendar: LCP 1600 ms (target ≤ 1500)')
    // Only the page that misses gets its findings listed.
    const slowSection = markdown.slice(markdown.indexOf('### What slows'))
    expect(slowSection).toContain('#### /admin/calendar')
    expect(slowSection).not.toContain('#### /admin\n')
    expect(slowSection).toContain('`unused-javascript` Reduce unused JavaScript (score 0)')
  })

  it('a public page short of 100 misses its target, and what slows it is listed', () => {
    const page = (label: string, performance: number): PageSummary => {
      const run = summarizeRun(report({ performance, withSeo: true }))
      return {
        path: label,
        label,
        median: {
          scores: { ...run.scores, accessibility: 100 },
          lcpMs: 1200,
          tbtMs: 0,
          cls: 0,
          mainThreadMs: run.mainThreadMs,
          scriptMs: run.scriptMs,
          jsKib: 90,
          jsGzipKib: 85,
          totalKib: 300,
        },
        failingAudits: [],
        performanceFindings: run.performanceFindings,
        runs: [run],
        errors: [],
      }
    }
    const markdown = formatLighthouse([page('/faq', 100), page('/about', 97)], 3)
    expect(markdown).toMatchInlineSnapshot(`
      "Median of 3 runs per page, Lighthouse mobile preset (simulated throttling), CPU benchmark index 1500. KB = KiB transferred; ✗ = target missed.

      | Page   | Performance | Accessibility | Best Practices | SEO | LCP ms | TBT ms |   CLS | JS KB | Total KB |
      | ------ | ----------: | ------------: | -------------: | --: | -----: | -----: | ----: | ----: | -------: |
      | /faq   |         100 |           100 |            100 | 100 |   1200 |      0 | 0.000 |  90.0 |    300.0 |
      | /about |        97 ✗ |           100 |            100 | 100 |   1200 |      0 | 0.000 |  90.0 |    300.0 |

      Targets: Performance, Accessibility, Best Practices, SEO 100; first-load JS ≤ 120 KB gzipped

      JS KB is what Chrome transferred (in the encoding it negotiated, headers included); the JS target is checked against the same scripts gzipped: /faq 85.0, /about 85.0.

      Missed:

      - /about: performance 97 (target 100)

      ### Failing audits (accessibility, best practices, SEO; first run of each page)

      None.

      ### What slows the pages that miss (LCP element and failing diagnostics; first run)

      #### /about

      - [performance] \`largest-contentful-paint-element\` Largest Contentful Paint element (score 0), 2,100 ms
        - main > section > h1
        - TTFB 410 ms
        - Render Delay 1690 ms
      - [performance] \`unused-javascript\` Reduce unused JavaScript (score 0), Est savings of 48 KiB
        - http://localhost/assets/shell.js — 24.0 KiB to save
      - [performance] \`render-blocking-resources\` Eliminate render-blocking resources (score 50)
        - http://localhost/assets/root.css — 208 ms"
    `)
    expect(markdown).toContain('- /about: performance 97 (target 100)')
    expect(markdown).not.toContain('- /faq:')
    const slowSection = markdown.slice(markdown.indexOf('### What slows'))
    expect(slowSection).toContain('#### /about')
    expect(slowSection).not.toContain('#### /faq')
    expect(formatLighthouse([page('/faq', 100)], 3)).not.toContain('### What slows')
  })

  it('audits the quoted request’s own page', () => {
    expect(OWNER_PAGES.map((page) => ownerRoute(page, 42))).toEqual([
      '/admin',
      '/admin/orders',
      '/admin/orders/42',
      '/admin/calendar',
      '/admin/settings',
    ])
  })
})
