import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Locator, Page, TestInfo } from '@playwright/test'
import { expect } from './fixtures.ts'

/**
 * The owner's guide's pictures (docs/owner-guide/), taken by the walks that
 * check what the guide says: owner-guide.spec.ts for her day, kitchen.spec.ts
 * for her kitchen, reports.spec.ts, discount-codes.spec.ts, drop-desk.spec.ts,
 * texts.spec.ts, card-payments.spec.ts (a treat bought now) and customers.spec.ts
 * for theirs. `npm run docs:screenshots` (OWNER_GUIDE_SCREENSHOTS=1)
 * writes them into the guide; OWNER_GUIDE_PHOTOS=1 into test-results, for a
 * look at what a walk saw. Otherwise a walk checks without the pictures,
 * which cost a fifth of its time.
 */
const GUIDE_DIR = path.resolve(import.meta.dirname, '../../docs/owner-guide')
export const takingPhotographs = Boolean(
  process.env.OWNER_GUIDE_SCREENSHOTS || process.env.OWNER_GUIDE_PHOTOS,
)

/** Saves what the owner sees (the window, or one part of the page) as a small JPEG. */
export async function photograph(target: Page | Locator, name: string, testInfo: TestInfo) {
  if (!takingPhotographs) return
  await target.screenshot({
    path: photoFile(name, testInfo),
    type: 'jpeg',
    quality: 60,
    animations: 'disabled',
  })
}

function photoFile(name: string, testInfo: TestInfo): string {
  const file = process.env.OWNER_GUIDE_SCREENSHOTS
    ? path.join(GUIDE_DIR, `${name}.jpg`)
    : testInfo.outputPath(`${name}.jpg`)
  mkdirSync(path.dirname(file), { recursive: true })
  return file
}

/**
 * Photographs a part of the page taller than the phone's window whole: the
 * window grows to hold it for the picture, so the sticky header never
 * crosses it.
 */
export async function photographTall(
  page: Page,
  target: Locator,
  name: string,
  testInfo: TestInfo,
) {
  if (!takingPhotographs) return
  const before = page.viewportSize()!
  const box = await target.boundingBox()
  await page.setViewportSize({ width: before.width, height: Math.ceil((box?.height ?? 0) + 200) })
  await scrollToTop(target)
  await picturesLoaded(target)
  await photograph(target, name, testInfo)
  await page.setViewportSize(before)
}

/** Waits until every picture in `target` has loaded, so a photograph never shows an empty frame. */
export async function picturesLoaded(target: Locator) {
  await expect
    .poll(() =>
      target
        .locator('img')
        .evaluateAll((images: HTMLImageElement[]) =>
          images.every((image) => image.complete && image.naturalWidth > 0),
        ),
    )
    .toBe(true)
}

/** Scrolls so `target` sits just below the page's sticky header. */
export async function scrollToTop(target: Locator) {
  await target.evaluate((element) =>
    window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 90),
  )
}

/** Photographs the stretch of the page from the top of `from` to the bottom of `to`, as wide as `from`. */
export async function photographBetween(
  page: Page,
  from: Locator,
  to: Locator,
  name: string,
  testInfo: TestInfo,
) {
  if (!takingPhotographs) return
  await scrollToTop(from)
  const top = (await from.boundingBox())!
  const bottom = (await to.boundingBox())!
  const clip = {
    x: top.x,
    y: top.y,
    width: top.width,
    height: bottom.y + bottom.height - top.y + 24,
  }
  await page.screenshot({
    path: photoFile(name, testInfo),
    type: 'jpeg',
    quality: 60,
    clip,
    animations: 'disabled',
  })
}
