import { publicPaths } from '#app/content/sitemap.ts'
import { OWNER_CATEGORIES, type PageSummary } from './lighthouse-audits.ts'
import {
  OWNER_TARGETS,
  TARGETS,
  formatLighthouse,
  formatOwnerLighthouse,
} from './lighthouse-report.ts'
import { type AuditOptions, benchPage } from './lighthouse-run.ts'
import { describeOwnerContent } from './owner-content.ts'
import { giveOwnerContent, sendQuotedRequest, startOwnerSite } from './owner-site.ts'
import type { Section } from './section.ts'
import type { RunningServer } from './server.ts'
import { envInt, envList } from './stats.ts'

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
