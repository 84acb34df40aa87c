import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { expect, type Locator, type Page } from '@playwright/test'

/** The owner's phone and a laptop: every page is looked at at both widths. */
const WIDTHS = [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
] as const

/**
 * Pictures are taken when SHOTS_DIR names a folder to keep them in, for people
 * to look at: encoding them cost the browser suite about a minute a run, on a
 * machine that keeps no file of it. What a test checks runs either way.
 */
export function picturesWanted(): boolean {
  return Boolean(process.env.SHOTS_DIR)
}

/** Where a picture goes (a file name with its extension): in SHOTS_DIR, as pictures are taken only then. */
function shotPath(file: string): string {
  const dir = process.env.SHOTS_DIR!
  mkdirSync(dir, { recursive: true })
  return path.join(dir, file)
}

/** A picture of the page (the whole of it with `fullPage`) or of one part, when pictures are wanted. */
export async function picture(
  target: Page | Locator,
  file: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  if (!picturesWanted()) return
  if ('goto' in target) await target.screenshot({ path: shotPath(file), ...options })
  else await target.screenshot({ path: shotPath(file) })
}

/**
 * At the phone's width and a laptop's, the page must not scroll sideways (and
 * a `part` must be shown); with SHOTS_DIR, pictures of the page or of the part
 * at each width, for people to look at. The window comes back to the size it had.
 */
export async function shoot(
  page: Page,
  name: string,
  options: {
    /** One part of the page: the window grows to hold it, so the sticky header never crosses it. */
    part?: Locator
    /** Screen-sized slices of a long page as well, to look at closely (with SHOTS_DIR). */
    slices?: boolean
  } = {},
) {
  const before = page.viewportSize()
  for (const size of WIDTHS) {
    await page.setViewportSize(size)
    const file = `${name}-${size.width}.png`
    if (options.part && !picturesWanted()) {
      await expect(options.part).toBeVisible()
    } else if (options.part) {
      await shootPart(page, options.part, size, shotPath(file))
    } else if (picturesWanted()) {
      await page.evaluate(() => window.scrollTo(0, 0))
      await page.screenshot({ path: shotPath(file), fullPage: true, animations: 'disabled' })
      if (options.slices) await shootSlices(page, name, size)
    }
    expect(
      await sidewaysScrollers(page),
      `${name} at ${size.width}px: what scrolls sideways`,
    ).toEqual([])
  }
  if (before) await page.setViewportSize(before)
}

async function shootPart(
  page: Page,
  part: Locator,
  size: { width: number; height: number },
  file: string,
) {
  // A page that settles re-renders what was on it: a part drawn again between
  // being found and being photographed is found again, a few times at most.
  for (let attempt = 1; ; attempt++) {
    try {
      await expect(part).toBeVisible()
      const box = await part.boundingBox()
      const height = Math.max(size.height, Math.ceil((box?.height ?? 0) + 240))
      await page.setViewportSize({ width: size.width, height })
      await part.scrollIntoViewIfNeeded()
      await part.screenshot({ path: file, animations: 'disabled' })
      return
    } catch (error) {
      if (attempt >= 3 || !/not attached|detached/i.test(String(error))) throw error
    }
  }
}

async function shootSlices(page: Page, name: string, size: { width: number; height: number }) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight)
  for (let part = 0; part * size.height < height && part < 8; part++) {
    await page.screenshot({
      path: shotPath(`${name}-${size.width}-part${part + 1}.png`),
      fullPage: true,
      clip: {
        x: 0,
        y: part * size.height,
        width: size.width,
        height: Math.min(size.height, height - part * size.height),
      },
    })
  }
}

/** What reaches past the window's right edge, but for rows made to scroll on their own. */
function sidewaysScrollers(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const past = (element: Element) => element.getBoundingClientRect().right > window.innerWidth + 1
    // A row made to scroll sideways on its own (Settings' links) keeps what is past its
    // edge inside it: the page itself does not scroll, unless the row does not fit either.
    const inRow = (element: Element) => {
      for (let up = element.parentElement; up && up.tagName !== 'MAIN'; up = up.parentElement) {
        if (['auto', 'scroll'].includes(getComputedStyle(up).overflowX)) return !past(up)
      }
      return false
    }
    return [...document.querySelectorAll('main *')]
      .filter((element) => past(element) && !inRow(element))
      .map((element) => `${element.tagName}.${element.className}`)
      .slice(0, 5)
  })
}
