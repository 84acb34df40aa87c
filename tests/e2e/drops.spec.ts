import { seedOpenDrop } from './drops.ts'
import { expect, test, waitForHydration } from './fixtures.ts'

// The browser notes the reservation refused with 409 (what is left comes with it).
test.use({ allowedConsoleErrors: [/status of 409/] })

test('on her phone a customer asks for more than is left, is told in view, reserves, takes more time and lets her treats go', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 })
  const slug = `saturday-${Date.now()}`
  seedOpenDrop({
    slug,
    items: [
      { name: 'Sourdough loaf', priceCents: 900, stock: 3 },
      { name: 'Cinnamon buns (6)', priceCents: 1800, stock: 5 },
    ],
  })
  await page.goto(`/drops/${slug}`)
  await waitForHydration(page)
  await expect(page.getByText('3 left')).toBeVisible()
  // Four loaves of three: typed past the field's own maximum, as a stale page would send it.
  const loaves = page.getByLabel('How many Sourdough loaf')
  await loaves.evaluate((input: HTMLInputElement) => input.removeAttribute('max'))
  await loaves.fill('4')
  await page.getByLabel(/10:00/).check()
  await page.getByLabel('Name').fill('Ada Okafor')
  await page.getByLabel('Email').fill('ada.drops@example.com')
  await page.getByLabel('Phone Number').fill('416-555-0100')
  await page.getByRole('button', { name: 'Reserve' }).click()
  const problems = page.getByRole('alert')
  await expect(problems).toContainText('Sourdough loaf: only 3 left.')
  await expect(problems).toBeFocused()
  await expect(problems).toBeInViewport()

  await loaves.fill('2')
  await page.getByLabel('How many Cinnamon buns (6)').fill('1')
  await page.getByRole('button', { name: 'Reserve' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your treats are held')
  await expect(page.getByText('2 × Sourdough loaf')).toBeVisible()
  await expect(page.getByText('Total')).toBeVisible()
  await expect(page.locator('.hold-total')).toContainText('$36')
  // The minutes count down once React runs.
  await expect(page.getByText(/\d:\d\d left/)).toBeVisible()

  await page.getByRole('button', { name: /More time/ }).click()
  await expect(page.getByRole('status')).toContainText('Held until')
  await expect(page.getByRole('status')).toBeInViewport()

  await page.getByRole('button', { name: 'Let them go' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your treats are back on sale')
  await page.getByRole('link', { name: 'Back to Saturday bake' }).click()
  await expect(page.getByText('3 left')).toBeVisible()
})
