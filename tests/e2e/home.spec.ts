import sharp from 'sharp'
import { expect, expectImagesLoaded, test, waitForHydration } from './fixtures.ts'

type Rgb = [number, number, number]

/** WCAG relative luminance of an sRGB colour (0–255 channels). */
function luminance([r, g, b]: Rgb): number {
  const linear = (c: number) => {
    const s = c / 255
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

function contrast(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

/** A computed 'rgb(…)' colour; undefined when it is at all see-through. */
function opaque(css: string): Rgb | undefined {
  const [r, g, b, alpha = 1] = css.match(/[\d.]+/g)!.map(Number)
  return alpha === 1 ? [r!, g!, b!] : undefined
}

test('the home page tells the story, links to About and offers both calls to action', async ({
  page,
}) => {
  await page.goto('/')
  const story = page.locator('#our-story')
  await expect(story.getByRole('heading', { name: 'Our Story' })).toBeVisible()
  await expect(story).toContainText(
    'Butter & Bloom began in 2020 in a small east-end Toronto kitchen, when Nadia Ferreira baked a three-layer lemon cake for her niece’s birthday and the whole street asked for the recipe. What started as weekend favours for friends grew, one order at a time, into the home bakery it is today...',
  )
  await expect(story).not.toContainText('George Brown')

  await expect(page.getByRole('heading', { name: 'Ready to Order?' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Have Questions?' })).toBeVisible()
  const callsToAction = page.getByRole('region', { name: 'Get in touch' })
  await callsToAction.getByRole('link', { name: 'Order Now' }).click()
  await expect(page).toHaveURL('/ordernow')
  await page.goBack()
  await callsToAction.getByRole('link', { name: 'Contact Us' }).click()
  await expect(page).toHaveURL('/contact')
  await page.goBack()
  await page.getByRole('link', { name: 'Discover Our Journey' }).click()
  await expect(page).toHaveURL('/about')
})

test('the home page links the bakery’s profiles and email', async ({ page }) => {
  await page.goto('/')
  const strip = page.getByRole('region', { name: 'Follow us' })
  await expect(strip.getByRole('link', { name: /Instagram/ })).toHaveAttribute(
    'href',
    'https://www.instagram.com/butterandbloom.to',
  )
  await expect(strip.getByRole('link', { name: /TikTok/ })).toHaveAttribute(
    'href',
    'https://www.tiktok.com/@butterandbloom.to',
  )
  await expect(strip.getByRole('link', { name: /Facebook/ })).toHaveAttribute(
    'href',
    'https://www.facebook.com/butterandbloombakery',
  )
  await expect(strip.getByRole('link', { name: 'Email hello@butterandbloom.ca' })).toHaveAttribute(
    'href',
    'mailto:hello@butterandbloom.ca',
  )
})

test('the hero has a scroll-down hint to the story', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('link', { name: 'Scroll down' }).click()
  await expect(page).toHaveURL(/#our-story$/)
  await expect(page.getByRole('heading', { name: 'Our Story' })).toBeInViewport()
})

test('the circular title turns continuously and speeds up four times on hover', async ({
  page,
}) => {
  await page.goto('/')
  const title = page.locator('.rotating-title')
  await expect(title.locator('textPath')).toHaveText('BUTTER & BLOOM • HOME BAKERY • TORONTO • ')
  const spin = () =>
    title.locator('svg').evaluate((svg) => {
      const [animation] = svg.getAnimations()
      return { rate: animation?.playbackRate, state: animation?.playState }
    })
  await expect.poll(spin).toEqual({ rate: 1, state: 'running' })
  expect(await title.locator('svg').evaluate((el) => getComputedStyle(el).animationDuration)).toBe(
    '20s',
  )

  await title.hover()
  await expect.poll(spin).toEqual({ rate: 4, state: 'running' })
  await page.mouse.move(5, 5)
  await expect.poll(spin).toEqual({ rate: 1, state: 'running' })
})

test('the hero overlay fades as the page scrolls', async ({ page }) => {
  await page.goto('/')
  // The fade is React's, which starts on the first intent (a touch scroll is one).
  await waitForHydration(page)
  const overlay = page.locator('.hero-overlay')
  await expect(overlay).toHaveCSS('opacity', '0.8')
  await page.evaluate(() => window.scrollTo(0, 100))
  await expect(overlay).toHaveCSS('opacity', '0.4')
  await page.evaluate(() => window.scrollTo(0, 600))
  await expect(overlay).toHaveCSS('opacity', '0')
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, reducedMotion: 'reduce' })

  test('the hero is light and appetising, its words and scroll hint legible at AA contrast', async ({
    page,
  }) => {
    await page.goto('/')
    const hero = page.locator('.hero')
    await expect(page.locator('.hero-overlay')).toHaveCSS('opacity', '0.8')
    // Not a murky dark layer: the hero as a whole is bright.
    const whole = await sharp(await hero.screenshot()).stats()
    const mean = whole.channels.slice(0, 3).map((channel) => channel.mean) as Rgb
    expect(luminance(mean)).toBeGreaterThan(0.5)

    // The tagline against the darkest and the lightest of what lies behind it.
    const tagline = page.locator('.hero-tagline')
    const ink = opaque(await tagline.evaluate((el) => getComputedStyle(el).color))!
    await tagline.evaluate((el) => {
      el.style.color = 'transparent'
      el.style.textShadow = 'none'
    })
    const behind = await sharp(await tagline.screenshot()).stats()
    const channels = behind.channels.slice(0, 3)
    for (const extreme of [channels.map((c) => c.min), channels.map((c) => c.max)] as Rgb[]) {
      expect(contrast(ink, extreme)).toBeGreaterThanOrEqual(4.5)
    }

    // 'Scroll down' sits on a surface of its own, inside the hero, clear of the words.
    const hint = page.getByRole('link', { name: 'Scroll down' })
    const surface = await hint.evaluate((el) => {
      const style = getComputedStyle(el)
      return { background: style.backgroundColor, color: style.color }
    })
    const background = opaque(surface.background)
    expect(background, 'the hint has an opaque background').toBeDefined()
    expect(contrast(opaque(surface.color)!, background!)).toBeGreaterThanOrEqual(4.5)
    const hintBox = (await hint.boundingBox())!
    const heroBox = (await hero.boundingBox())!
    const taglineBox = (await tagline.boundingBox())!
    expect(hintBox.y).toBeGreaterThan(taglineBox.y + taglineBox.height)
    expect(hintBox.y + hintBox.height).toBeLessThanOrEqual(heroBox.y + heroBox.height)
  })
})

test.describe('for visitors who prefer reduced motion', () => {
  test.use({ colorScheme: 'light', reducedMotion: 'reduce' })

  test('the circular title stands still', async ({ page }) => {
    await page.goto('/')
    const animations = await page
      .locator('.rotating-title svg')
      .evaluate((svg) => svg.getAnimations().length)
    expect(animations).toBe(0)
  })
})

test('the about page has the welcome, the story, the treats, the logo and the follow links', async ({
  page,
}) => {
  await page.goto('/about')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Welcome to Butter & Bloom Bakery',
  )
  await expect(page.getByText('Nadia trained in pastry at George Brown College')).toBeVisible()
  const treats = page.getByRole('region', { name: 'Our Treats' })
  // The menu's treats, in the menu's order, each named by its heading. (The
  // menu journey may add a treat of its own to this shared server meanwhile.)
  const defaults = [
    'Cakes',
    'Cupcakes',
    'Chocolate Covered Strawberries',
    'Cake Pops',
    'Smash Cakes',
    'Hot Chocolate Bombs',
  ]
  const names = await treats
    .getByRole('listitem')
    .getByRole('heading', { level: 3 })
    .allTextContents()
  expect(names.filter((name) => defaults.includes(name))).toEqual(defaults)
  await expect(treats).toContainText('We love special requests')
  const logo = page.getByRole('img', { name: 'Butter & Bloom Bakery logo' })
  await expect(logo).toBeVisible()
  await expectImagesLoaded(logo)

  const follow = page.getByRole('region', { name: 'Follow Us' })
  await expect(follow.getByRole('link')).toHaveText([
    'Instagram (opens in a new tab)',
    'TikTok (opens in a new tab)',
    'Facebook (opens in a new tab)',
    'hello@butterandbloom.ca',
  ])
  await expect(follow.getByRole('link', { name: 'hello@butterandbloom.ca' })).toHaveAttribute(
    'href',
    'mailto:hello@butterandbloom.ca',
  )
})

test.describe('a customer on her phone', () => {
  test.use({ viewport: { width: 375, height: 667 } })

  test('the first screen of home has an Order now button', async ({ page }) => {
    await page.goto('/')
    const order = page.getByRole('main').getByRole('link', { name: 'Order now', exact: true })
    const box = (await order.boundingBox())!
    expect(box.y).toBeGreaterThanOrEqual(0)
    expect(box.y + box.height).toBeLessThanOrEqual(667)
    expect(box.height).toBeGreaterThanOrEqual(44)
    await order.click()
    await expect(page).toHaveURL('/ordernow')
  })

  test('a treat on About opens the order form with that treat chosen', async ({ page }) => {
    await page.goto('/about')
    await page.getByRole('link', { name: 'Order Cake Pops' }).click()
    await expect(page).toHaveURL('/ordernow?product=Cake+Pops')
    await expect(page.getByLabel('Product Type')).toHaveValue('Cake Pops')
  })

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false })

    test('the treat is chosen by the server, so the link works all the same', async ({ page }) => {
      await page.goto('/about')
      await page.getByRole('link', { name: 'Order Smash Cakes' }).click()
      await expect(page).toHaveURL('/ordernow?product=Smash+Cakes')
      await expect(page.getByLabel('Product Type')).toHaveValue('Smash Cakes')
      // A treat not on the menu chooses nothing.
      await page.goto('/ordernow?product=Croissants')
      await expect(page.getByLabel('Product Type')).toHaveValue('')
    })
  })
})
