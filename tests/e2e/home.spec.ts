import { expect, test } from './fixtures.ts'

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
  const overlay = page.locator('.hero-overlay')
  await expect(overlay).toHaveCSS('opacity', '0.8')
  await page.evaluate(() => window.scrollTo(0, 100))
  await expect(overlay).toHaveCSS('opacity', '0.4')
  await page.evaluate(() => window.scrollTo(0, 600))
  await expect(overlay).toHaveCSS('opacity', '0')
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
  await expect(treats.getByRole('listitem')).toHaveText([
    'Cakes',
    'Cupcakes',
    'Chocolate Covered Strawberries',
    'Cake Pops',
    'Smash Cakes',
    'Hot Chocolate Bombs',
  ])
  await expect(treats).toContainText('We love special requests')
  const logo = page.getByRole('img', { name: 'Butter & Bloom Bakery logo' })
  await expect(logo).toBeVisible()
  expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)

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
