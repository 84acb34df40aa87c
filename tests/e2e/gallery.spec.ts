import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { photoJpeg } from '#tests/support/images.ts'
import { expect, expectFooterAfterContent, test } from './fixtures.ts'
import { picture } from './shots.ts'

/** The gallery journeys' own server (see playwright.config.ts), as the page sees it. */
const origin = (page: Page) => new URL(page.url()).origin

// One gallery on one server: these journeys build on each other, in order.
test.describe.configure({ mode: 'serial' })

/** A camera-sized photo with grain, so the browser's compression has work to do. */
async function cameraPhoto(background: string, { width = 2400, height = 1800 } = {}) {
  const grain = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background,
      noise: { type: 'gaussian', mean: 128, sigma: 18 },
    },
  })
    .blur(1.2)
    .jpeg({ quality: 95 })
    .toBuffer()
  return sharp(grain).tint(background).jpeg({ quality: 95 }).toBuffer()
}

/** Adds a photo through the API as the signed-in page would, for journeys that need several. */
async function addThroughApi(
  page: Page,
  tags: string[],
  color: string,
  alt = `A ${tags.join(' and ')} bake`,
  size = { width: 900, height: 700 },
) {
  const photo = await sharp({
    create: { ...size, channels: 3, background: color },
  })
    .jpeg()
    .toBuffer()
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg')
  for (const tag of tags) form.append('tags', tag)
  form.append('alt', alt)
  form.append('originalSize', String(photo.length * 3))
  const response = await page.request.post('/api/gallery', {
    headers: { origin: origin(page) },
    multipart: form,
  })
  expect(response.status()).toBe(201)
  return (await response.json()) as { id: number }
}

const grid = (page: Page) => page.getByRole('list', { name: 'Photos' }).getByRole('listitem')

/** Where the header's logo starts: the left edge every page's content lines up with. */
async function logoLeft(page: Page) {
  return (await page.getByRole('link', { name: 'Butter & Bloom Bakery, home' }).boundingBox())!.x
}

test('an empty gallery says so, and offers the owner to upload the first image', async ({
  signInOwner,
  page,
}) => {
  await page.goto('/gallery')
  await expect(page.getByText('No images in the gallery yet.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Upload Your First Image' })).toHaveCount(0)
  // At 1280 px the page lines up with the header, and the footer follows it.
  expect(page.viewportSize()!.width).toBe(1280)
  const heading = (await page.getByRole('heading', { name: 'Our Gallery' }).boundingBox())!
  expect(heading.x).toBeCloseTo(await logoLeft(page), 0)
  await expectFooterAfterContent(page)

  await signInOwner(page)
  await page.reload()
  await expect(page.getByRole('button', { name: 'Upload Your First Image' })).toBeVisible()
})

test('the owner uploads a photo with two tags and sees the progress and the saving', async ({
  signInOwner,
  page,
}) => {
  // The upload goes through a throttled uplink so the progress can be seen; on a busy machine
  // that and the many dialog steps together outlast the usual test time.
  test.slow()
  await signInOwner(page)
  await page.goto('/gallery')
  await page.getByRole('button', { name: 'Upload Your First Image' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add a photo' })
  const upload = dialog.getByRole('button', { name: 'Upload', exact: true })
  await expect(upload).toBeDisabled()
  await expect(dialog.getByText('Please select an image file.')).toBeVisible()
  // It stays in the keyboard's reach, and pressing it says what is missing.
  await upload.focus()
  await page.keyboard.press('Enter')
  await expect(dialog.getByRole('alert')).toHaveText('Please select an image file.')

  // Not an image: refused before anything is sent.
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a photo'),
  })
  await expect(dialog.getByRole('alert')).toHaveText('Please select a valid image file.')

  const photo = await cameraPhoto('#e8a0a8')
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'Strawberry Birthday.jpg',
    mimeType: 'image/jpeg',
    buffer: photo,
  })
  await expect(
    dialog.getByRole('img', { name: 'Preview of Strawberry Birthday.jpg' }),
  ).toBeVisible()
  await expect(
    dialog.getByText(`Strawberry Birthday.jpg · ${(photo.length / 1024 / 1024).toFixed(2)} MB`),
  ).toBeVisible()
  await expect(dialog.getByText('Please select at least one tag.')).toBeVisible()
  await expect(upload).toBeDisabled()

  // The defaults are offered in the owner's order.
  await expect(dialog.getByRole('checkbox')).toHaveCount(9)
  // Tags read as words: 'cake-pops' is offered as 'Cake pops'.
  await expect(dialog.getByText('Cake pops', { exact: true })).toBeVisible()
  await dialog.getByText('Strawberry', { exact: true }).click()
  await expect(dialog.getByRole('checkbox', { name: 'Strawberry', exact: true })).toBeChecked()
  const newTag = dialog.getByPlaceholder('Add a new tag')
  await newTag.fill('  Garden Party ')
  await newTag.press('Enter')
  await expect(newTag).toHaveValue('')
  await expect(dialog.getByRole('checkbox', { name: 'Garden party', exact: true })).toBeChecked()
  // Already there: not added twice.
  await newTag.fill('STRAWBERRY')
  await dialog.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(dialog.getByRole('checkbox')).toHaveCount(10)
  // Tags alone are not enough: the photo needs its description.
  await expect(upload).toBeDisabled()
  await expect(
    dialog.getByText('Please describe each photo for people who cannot see it.'),
  ).toBeVisible()
  await dialog
    .getByLabel('Describe this photo')
    .fill('A strawberry birthday cake on a garden table')
  await expect(upload).toBeEnabled()

  // Twelve tags at most: the rest wait until one is taken off.
  const extraTags = [
    'lemon',
    'rose',
    'pistachio',
    'mocha',
    'honey',
    'peach',
    'mint',
    'fig',
    'plum',
    'lime',
  ]
  for (const tag of extraTags) {
    await newTag.fill(tag)
    await newTag.press('Enter')
  }
  await expect(dialog.getByText('12 tags chosen, the most one photo can have.')).toBeVisible()
  await expect(dialog.getByRole('checkbox', { name: 'Vanilla' })).toBeDisabled()
  await newTag.fill('cherry')
  await newTag.press('Enter')
  await expect(dialog.getByRole('alert')).toHaveText('Choose at most 12 tags.')
  await expect(newTag).toHaveValue('cherry')
  for (const tag of extraTags) {
    await dialog.getByText(`${tag.charAt(0).toUpperCase()}${tag.slice(1)}`, { exact: true }).click()
  }
  await expect(dialog.getByRole('checkbox', { name: 'Vanilla' })).toBeEnabled()

  // A slow uplink, so the progress bar has time to be seen.
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 96 * 1024,
  })
  await upload.click()
  await expect(dialog.getByRole('button', { name: 'Uploading...' })).toBeDisabled()
  await expect(dialog.getByRole('progressbar')).toBeVisible()
  await expect(dialog.getByText(/^\d{1,3}% sent$/)).toBeVisible()

  await expect(page.getByRole('status')).toHaveText(
    /^Image uploaded successfully! Compressed by \d{1,2}\.\d%$/,
    { timeout: 20_000 },
  )
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  })
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(grid(page)).toHaveCount(1)
  // The owner's words are what a screen reader hears.
  await expect(
    page.getByRole('img', { name: 'A strawberry birthday cake on a garden table' }),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: 'Add New Image' })).toBeVisible()

  // What the browser shows is our re-encoding, at most 1200 px wide.
  const [record] = (await (await page.request.get('/api/gallery')).json()) as {
    width: number
    compressionRatio: string
    originalSize: number
  }[]
  expect(record!.width).toBe(1200)
  expect(record!.originalSize).toBe(photo.length)
  await expect(page.getByRole('status')).toContainText(`${record!.compressionRatio}%`)
})

test('visitors filter by tags with OR semantics, in the page and through the URL', async ({
  signInOwner,
  page,
  browser,
}) => {
  await signInOwner(page)
  await page.goto('/gallery')
  await addThroughApi(page, ['cake-pops', 'wedding'], '#f4efe6')
  await addThroughApi(page, ['cupcakes'], '#f5d98b')
  await page.reload()
  await expect(grid(page)).toHaveCount(3)
  // The grid starts where the header's logo does.
  expect((await grid(page).first().boundingBox())!.x).toBeCloseTo(await logoLeft(page), 0)

  // The buttons read as words; the address keeps the tags.
  const filters = page.getByRole('navigation', { name: 'Filter the gallery by tag' })
  await expect(filters.getByRole('button')).toHaveText([
    'Cake pops',
    'Cupcakes',
    'Strawberry',
    'Wedding',
    'Garden party',
  ])
  await expect(page.getByRole('img', { name: 'A cake-pops and wedding bake' })).toBeVisible()

  await filters.getByRole('button', { name: 'wedding' }).click()
  await expect(filters.getByRole('button', { name: 'wedding' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expect(grid(page)).toHaveCount(1)
  await expect(page).toHaveURL('/gallery?tag=wedding')

  await filters.getByRole('button', { name: 'cupcakes' }).click()
  await expect(grid(page)).toHaveCount(2)
  await expect(page).toHaveURL('/gallery?tag=wedding&tag=cupcakes')

  await filters.getByRole('button', { name: 'wedding' }).click()
  await expect(filters.getByRole('button', { name: 'wedding' })).toHaveAttribute(
    'aria-pressed',
    'false',
  )
  await expect(grid(page)).toHaveCount(1)

  await filters.getByRole('button', { name: 'Show all' }).click()
  await expect(grid(page)).toHaveCount(3)

  // A shared link works in a browser without JavaScript, pressing buttons included.
  const noScript = await browser.newContext({ javaScriptEnabled: false })
  const plain = await noScript.newPage()
  await plain.goto(`${origin(page)}/gallery?tag=strawberry&tag=cupcakes`)
  await expect(grid(plain)).toHaveCount(2)
  await plain.getByRole('button', { name: 'Cake pops', exact: true }).click()
  await expect(plain).toHaveURL(`${origin(page)}/gallery?tag=strawberry&tag=cupcakes&tag=cake-pops`)
  await expect(grid(plain)).toHaveCount(3)
  await noScript.close()
})

test('the larger view steps through the photos with the keyboard and closes with Escape', async ({
  page,
}) => {
  await page.goto('/gallery')
  const links = page.getByRole('list', { name: 'Photos' }).getByRole('link')
  await links.first().click()
  const lightbox = page.getByRole('dialog')
  await expect(lightbox).toHaveAccessibleName(/^Photo 1 of 3: /)
  await expect(lightbox.getByText('1 / 3')).toBeVisible()

  await page.keyboard.press('ArrowRight')
  await expect(lightbox.getByText('2 / 3')).toBeVisible()
  await expect(lightbox.getByText('Cake pops · Wedding', { exact: true })).toBeVisible()
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('ArrowLeft')
  await expect(lightbox.getByText('3 / 3')).toBeVisible()
  await lightbox.getByRole('button', { name: 'Next image' }).click()
  await expect(lightbox.getByText('1 / 3')).toBeVisible()

  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(links.first()).toBeFocused()
})

test('on a phone the larger view hides the page behind it', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 })
  await page.goto('/gallery')
  await page.getByRole('list', { name: 'Photos' }).getByRole('link').first().click()
  const lightbox = page.getByRole('dialog')
  await expect(lightbox.getByText('1 / 3')).toBeVisible()
  const backdrop = await lightbox.evaluate(
    (el) => getComputedStyle(el, '::backdrop').backgroundColor,
  )
  expect(backdrop).toBe('rgb(28, 16, 10)')
  // Where the page's heading was, above the photo, nothing of the page shows: one flat colour.
  const shot = await page.screenshot({ clip: { x: 0, y: 120, width: 375, height: 80 } })
  const { channels } = await sharp(shot).stats()
  expect(channels.slice(0, 3).map((channel) => [channel.min, channel.max])).toEqual([
    [28, 28],
    [16, 16],
    [10, 10],
  ])
})

test('a photo opens in the larger view and a swipe moves to the next one', async ({ page }) => {
  await page.goto('/gallery')
  await page.getByRole('list', { name: 'Photos' }).getByRole('link').nth(1).click()
  const figure = page.getByRole('dialog').locator('figure')
  await expect(figure.getByText('2 / 3')).toBeVisible()
  const box = (await figure.boundingBox())!
  const y = box.y + box.height / 2
  await figure.dispatchEvent('pointerdown', {
    pointerType: 'touch',
    clientX: box.x + box.width * 0.8,
    clientY: y,
  })
  await figure.dispatchEvent('pointerup', {
    pointerType: 'touch',
    clientX: box.x + box.width * 0.2,
    clientY: y,
  })
  await expect(figure.getByText('3 / 3')).toBeVisible()
})

test.describe('when an upload fails', () => {
  // The browser logs the dropped connection and the 401 it was given.
  test.use({ allowedConsoleErrors: [/Failed to load resource/] })

  test('an upload fails with a clear message when the network drops or the session has expired', async ({
    signInOwner,
    page,
  }) => {
    await signInOwner(page)
    await page.goto('/gallery')
    const photo = await sharp({
      create: { width: 800, height: 600, channels: 3, background: '#9db39a' },
    })
      .jpeg()
      .toBuffer()

    async function tryUpload() {
      await page.getByRole('button', { name: 'Add New Image' }).click()
      const dialog = page.getByRole('dialog', { name: 'Add a photo' })
      await dialog
        .locator('input[type=file]')
        .setInputFiles({ name: 'sage.jpg', mimeType: 'image/jpeg', buffer: photo })
      await dialog.getByText('Vanilla', { exact: true }).click()
      await dialog.getByLabel('Describe this photo').fill('A sage green cake')
      await dialog.getByRole('button', { name: 'Upload', exact: true }).click()
      return dialog
    }

    let attempts = 0
    await page.route('**/api/gallery', (route) => {
      attempts++
      return route.abort('connectionreset')
    })
    let dialog = await tryUpload()
    await expect(dialog.getByRole('alert')).toHaveText(
      'Upload failed: Network error. Please try again.',
      { timeout: 10_000 },
    )
    // The keyboard is where it was, ready to try again.
    await expect(dialog.getByRole('button', { name: 'Upload', exact: true })).toBeFocused()
    expect(attempts).toBe(3)
    await page.unroute('**/api/gallery')
    await page.keyboard.press('Escape')

    // The photo reaches the server but its reply is lost: the retry carries the same
    // upload key, so the server answers with the stored photo instead of storing it again.
    attempts = 0
    let storedFirstTime = 0
    await page.route('**/api/gallery', async (route) => {
      if (++attempts > 1) return route.continue()
      const response = await route.fetch()
      storedFirstTime = ((await response.json()) as { id: number }).id
      return route.abort('connectionreset')
    })
    dialog = await tryUpload()
    await expect(page.getByText(/^Image uploaded successfully! Compressed by/)).toBeVisible({
      timeout: 10_000,
    })
    expect(attempts).toBe(2)
    await page.unroute('**/api/gallery')
    const afterLostReply = (await (await page.request.get('/api/gallery')).json()) as {
      id: number
    }[]
    expect(afterLostReply.map((image) => image.id).filter((id) => id >= storedFirstTime)).toEqual([
      storedFirstTime,
    ])
    const removed = await page.request.delete(`/api/gallery/${storedFirstTime}`, {
      headers: { origin: origin(page) },
    })
    expect(removed.status()).toBe(200)

    // The session ends elsewhere (cookies cleared): the server refuses the upload.
    await page.context().clearCookies()
    dialog = await tryUpload()
    await expect(dialog.getByRole('alert')).toHaveText(
      'Upload failed: Unauthorized. Please sign in again.',
    )
    await page.keyboard.press('Escape')
    expect(((await (await page.request.get('/api/gallery')).json()) as unknown[]).length).toBe(3)
  })
})

test('a long gallery shows a page of photos at a time', async ({ signInOwner, page }) => {
  // 22 photos through the real pipeline take a while on a busy machine; small
  // ones (a variant of each format apiece) are enough to fill the pages.
  test.setTimeout(120_000)
  const small = { width: 320, height: 240 }
  await signInOwner(page)
  await page.goto('/gallery')
  const extra: number[] = []
  // Two at a time: as many as the server processes at once.
  for (let i = 0; i < 22; i += 2) {
    const pair = await Promise.all([
      addThroughApi(page, ['vanilla'], '#fff8f0', undefined, small),
      addThroughApi(page, ['vanilla'], '#f6d7c3', undefined, small),
    ])
    extra.push(...pair.map((added) => added.id))
  }
  await page.goto('/gallery')
  await expect(grid(page)).toHaveCount(24)

  await page.getByRole('link', { name: 'Show more photos' }).click()
  await expect(page).toHaveURL('/gallery?show=48')
  await expect(grid(page)).toHaveCount(25)
  await expect(page.getByRole('link', { name: 'Show more photos' })).toHaveCount(0)
  // Keyboard users carry on from the first photo that was added.
  await expect(page.getByRole('list', { name: 'Photos' }).getByRole('link').nth(24)).toBeFocused()

  // Choosing a tag starts again from the first page of that tag.
  await page.getByRole('button', { name: 'Vanilla', exact: true }).click()
  await expect(page).toHaveURL('/gallery?tag=vanilla')
  await expect(grid(page)).toHaveCount(22)

  for (const id of extra) {
    const response = await page.request.delete(`/api/gallery/${id}`, {
      headers: { origin: origin(page) },
    })
    expect(response.status()).toBe(200)
  }
})

test.describe('deleting', () => {
  // The refused delete's 500 in the browser's log.
  test.use({ allowedConsoleErrors: [/status of 500/] })

  test('the owner deletes photos after confirming in the site’s dialog, down to the empty gallery', async ({
    signInOwner,
    page,
  }) => {
    await signInOwner(page)
    await page.goto('/gallery')
    const deleteButtons = page.getByRole('button', { name: /^Delete image: / })
    await expect(deleteButtons).toHaveCount(3)
    const confirm = page.getByRole('alertdialog', { name: 'Delete photo' })

    // The site's own dialog, not the browser's: asking, with the safe choice under the keyboard.
    const nativeDialogs: string[] = []
    page.on('dialog', (dialog) => {
      nativeDialogs.push(dialog.message())
      void dialog.dismiss()
    })
    await deleteButtons.first().focus()
    await page.keyboard.press('Enter')
    await expect(confirm).toHaveAccessibleDescription('Are you sure you want to delete this image?')
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused()
    await expect(confirm.getByRole('button', { name: 'Delete', exact: true })).toBeVisible()
    // Escape, Cancel and the backdrop keep the photo, and the keyboard is back on its cross.
    await page.keyboard.press('Escape')
    await expect(confirm).toHaveCount(0)
    await expect(deleteButtons.first()).toBeFocused()
    await deleteButtons.first().click()
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await expect(confirm).toHaveCount(0)
    await expect(deleteButtons.first()).toBeFocused()
    await deleteButtons.first().click()
    await page.mouse.click(5, 5)
    await expect(confirm).toHaveCount(0)
    await expect(grid(page)).toHaveCount(3)

    // A delete the server refuses says so, and keeps the photo.
    await page.route('**/api/gallery/*', (route) =>
      route.request().method() === 'DELETE' ? route.fulfill({ status: 500 }) : route.continue(),
    )
    await deleteButtons.first().click()
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click()
    await expect(page.getByRole('status')).toHaveText('Error deleting image. Please try again.')
    await expect(grid(page)).toHaveCount(3)
    await page.unroute('**/api/gallery/*')

    const links = page.getByRole('list', { name: 'Photos' }).getByRole('link')
    for (let remaining = 2; remaining >= 0; remaining--) {
      await deleteButtons.first().click()
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click()
      await expect(page.getByRole('status')).toHaveText('Image deleted successfully!')
      if (remaining > 0) {
        await expect(grid(page)).toHaveCount(remaining)
        // Keyboard users carry on from the photo that took the deleted one's place.
        await expect(links.first()).toBeFocused()
      }
    }
    await expect(page.getByRole('button', { name: 'Upload Your First Image' })).toBeFocused()
    await expect(page.getByText('No images in the gallery yet.')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Upload Your First Image' })).toBeVisible()
    expect(await (await page.request.get('/api/gallery')).json()).toEqual([])
    expect(nativeDialogs).toEqual([])
  })
})

/** Where the screenshots of the owner's dialogs go, to be looked at. */

test('on her phone the owner adds three photos in one pick, each described, and all three appear', async ({
  signInOwner,
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 })
  await signInOwner(page)
  await page.goto('/gallery')
  await page.getByRole('button', { name: 'Upload Your First Image' }).click()
  const dialog = page.getByRole('dialog', { name: /^Add (a photo|photos)$/ })
  const photos = await Promise.all(
    [
      ['Lemon Tart.jpg', 900],
      ['Rose Cake.jpg', 1000],
      ['Cookie Box.jpg', 1100],
    ].map(async ([name, width]) => ({
      name: name as string,
      mimeType: 'image/jpeg',
      buffer: await photoJpeg({ width: width as number, height: 800 }),
    })),
  )
  await dialog.locator('input[type=file]').setInputFiles(photos)
  await expect(page.getByRole('dialog', { name: 'Add photos' })).toBeVisible()
  const chosen = dialog.getByRole('list', { name: 'Chosen photos' }).getByRole('listitem')
  await expect(chosen).toHaveCount(3)
  for (const photo of photos) {
    await expect(dialog.getByRole('img', { name: `Preview of ${photo.name}` })).toBeVisible()
  }
  const upload = dialog.getByRole('button', { name: 'Upload 3 photos' })
  await dialog.getByText('Birthday', { exact: true }).click()
  await dialog.getByLabel(/^Caption/).fill('Baked this week')
  // Each photo needs its own description before anything is sent.
  const descriptions = dialog.getByLabel('Describe this photo')
  await expect(descriptions).toHaveCount(3)
  await descriptions.nth(0).fill('A lemon tart with candied peel')
  await descriptions.nth(1).fill('A pink cake covered in piped roses')
  await expect(upload).toBeDisabled()
  await expect(
    dialog.getByText('Please describe each photo for people who cannot see it.'),
  ).toBeVisible()
  await descriptions.nth(2).fill('A box of iced sugar cookies')
  await expect(upload).toBeEnabled()
  // Every button in the dialog is a finger's size on a phone (the drop zone, larger, opens the file chooser).
  for (const target of await dialog.locator('button').all()) {
    const box = (await target.boundingBox())!
    expect(box.height, await target.innerText()).toBeGreaterThanOrEqual(40)
  }
  await picture(page, 'gallery-upload-several-375.png', { fullPage: true })

  // A slow uplink, so each photo's own progress can be seen.
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 64 * 1024,
  })
  await upload.click()
  await expect(
    dialog.getByRole('progressbar', { name: 'Upload progress of Lemon Tart.jpg' }),
  ).toBeVisible()
  await expect(chosen.nth(0).getByText(/^\d{1,3}% sent$/)).toBeVisible()
  await expect(chosen.nth(0).getByText('Added: “A lemon tart with candied peel”')).toBeVisible({
    timeout: 20_000,
  })
  // The first photo added and the next on its way, as she sees them.
  await chosen.nth(0).scrollIntoViewIfNeeded()
  await picture(page, 'gallery-upload-progress-375.png')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  })
  await expect(page.getByRole('status')).toHaveText('3 photos added to the gallery.', {
    timeout: 20_000,
  })
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(grid(page)).toHaveCount(3)
  for (const alt of [
    'A lemon tart with candied peel',
    'A pink cake covered in piped roses',
    'A box of iced sugar cookies',
  ]) {
    await expect(page.getByRole('img', { name: alt })).toBeVisible()
  }
  const records = (await (await page.request.get('/api/gallery')).json()) as {
    caption: string
    tags: string[]
  }[]
  expect(records.map((record) => [record.caption, record.tags])).toEqual(
    Array.from({ length: 3 }, () => ['Baked this week', ['birthday']]),
  )
})

test.describe('when one photo of a pick is refused', () => {
  // The file that claims to be a JPEG cannot be decoded: Chromium reports its preview's blob.
  test.use({ allowedConsoleErrors: [/^Connecting to 'blob:/] })

  test('a photo refused in a pick says why, and the others are added', async ({
    signInOwner,
    page,
  }) => {
    await signInOwner(page)
    await page.goto('/gallery')
    await page.getByRole('button', { name: 'Add New Image' }).click()
    const dialog = page.getByRole('dialog', { name: /^Add (a photo|photos)$/ })
    await dialog.locator('input[type=file]').setInputFiles([
      {
        name: 'Scones.jpg',
        mimeType: 'image/jpeg',
        buffer: await photoJpeg({ width: 700, height: 500 }),
      },
      // Says it is a photo, but is not one: the browser cannot shrink it.
      { name: 'Broken.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not really a photo') },
    ])
    await dialog.getByText('Vanilla', { exact: true }).click()
    const descriptions = dialog.getByLabel('Describe this photo')
    await descriptions.nth(0).fill('Warm scones with jam')
    await descriptions.nth(1).fill('Nothing to see')
    await dialog.getByRole('button', { name: 'Upload 2 photos' }).click()
    await expect(dialog.getByRole('alert')).toContainText('1 of 2 photos added.')
    const items = dialog.getByRole('list', { name: 'Chosen photos' }).getByRole('listitem')
    await expect(items.nth(0).getByText('Added: “Warm scones with jam”')).toBeVisible()
    await expect(items.nth(1).getByText('Failed to load image')).toBeVisible()
    // The refused one can be taken out; the added one is in the gallery already.
    await dialog.getByRole('button', { name: 'Remove Broken.jpg' }).click()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('img', { name: 'Warm scones with jam' })).toBeVisible()
    await expect(grid(page)).toHaveCount(4)
  })
})

test('the owner edits a photo’s tags, caption and alt text; a signed-out visitor sees it and finds it by its new tag', async ({
  signInOwner,
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 375, height: 812 })
  await signInOwner(page)
  await page.goto('/gallery')
  await page.getByRole('img', { name: 'A pink cake covered in piped roses' }).click()
  const lightbox = page.getByRole('dialog', { name: /^Photo \d of 4: A pink cake/ })
  await expect(lightbox.getByText('Baked this week')).toBeVisible()
  await lightbox.getByRole('button', { name: 'Edit this photo' }).click()

  const edit = page.getByRole('dialog', { name: 'Edit photo' })
  const alt = edit.getByLabel('Describe this photo')
  await expect(alt).toHaveValue('A pink cake covered in piped roses')
  await expect(edit.getByLabel(/^Caption/)).toHaveValue('Baked this week')
  await expect(edit.getByRole('checkbox', { name: 'Birthday', exact: true })).toBeChecked()
  // Without a description it is not saved.
  await alt.fill('  ')
  await edit.getByRole('button', { name: 'Save changes' }).click()
  await expect(edit.getByRole('alert')).toHaveText(
    'Please describe the photo for people who cannot see it.',
  )
  await alt.fill('A two-tier pink wedding cake covered in piped buttercream roses')
  await edit.getByLabel(/^Caption/).fill('For Ana and Sam, June 2026')
  await edit.getByText('Birthday', { exact: true }).click()
  await expect(edit.getByRole('checkbox', { name: 'Birthday', exact: true })).not.toBeChecked()
  await edit.getByPlaceholder('Add a new tag').fill('Garden Wedding')
  await edit.getByPlaceholder('Add a new tag').press('Enter')
  await expect(edit.getByRole('checkbox', { name: 'Garden wedding', exact: true })).toBeChecked()
  for (const target of await edit.locator('button').all()) {
    const box = (await target.boundingBox())!
    expect(box.height, await target.innerText()).toBeGreaterThanOrEqual(40)
  }
  await picture(page, 'gallery-edit-375.png', { fullPage: true })
  await edit.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('status')).toHaveText(
    'Photo saved: “A two-tier pink wedding cake covered in piped buttercream roses”',
  )
  await expect(edit).toHaveCount(0)
  // The page shows it at once, and the keyboard is back on the photo.
  await expect(
    page.getByRole('link').filter({
      has: page.getByRole('img', {
        name: 'A two-tier pink wedding cake covered in piped buttercream roses',
      }),
    }),
  ).toBeFocused()

  // A visitor, signed out in a browser of her own, sees the change and filters by the new tag.
  const visitor = await browser.newContext()
  const other = await visitor.newPage()
  await other.goto(`${origin(page)}/gallery`)
  const filters = other.getByRole('navigation', { name: 'Filter the gallery by tag' })
  await filters.getByRole('button', { name: 'Garden wedding', exact: true }).click()
  await expect(other).toHaveURL(`${origin(page)}/gallery?tag=garden+wedding`)
  await expect(grid(other)).toHaveCount(1)
  await expect(
    other.getByRole('img', {
      name: 'A two-tier pink wedding cake covered in piped buttercream roses',
    }),
  ).toBeVisible()
  await other.getByRole('list', { name: 'Photos' }).getByRole('link').first().click()
  const publicView = other.getByRole('dialog')
  await expect(publicView.getByText('For Ana and Sam, June 2026')).toBeVisible()
  await expect(publicView.getByRole('button', { name: 'Edit this photo' })).toHaveCount(0)
  // Nobody but the owner can change it, and not from another site.
  const [record] = (await (await other.request.get(`${origin(page)}/api/gallery`)).json()) as {
    id: number
  }[]
  const signedOut = await other.request.patch(`${origin(page)}/api/gallery/${record!.id}`, {
    headers: { origin: origin(page) },
    data: { tags: ['cake'], alt: 'Defaced', version: 1 },
  })
  expect(signedOut.status()).toBe(401)
  await visitor.close()
  const crossSite = await page.request.patch(`${origin(page)}/api/gallery/${record!.id}`, {
    headers: { origin: 'https://evil.example' },
    data: { tags: ['cake'], alt: 'Defaced', version: 2 },
  })
  expect(crossSite.status()).toBe(403)
})

test('the upload and edit dialogs at 1280 px', async ({ signInOwner, page }) => {
  await signInOwner(page)
  await page.goto('/gallery')
  await page.getByRole('button', { name: 'Add New Image' }).click()
  const dialog = page.getByRole('dialog', { name: /^Add (a photo|photos)$/ })
  await dialog.locator('input[type=file]').setInputFiles([
    {
      name: 'Macarons.jpg',
      mimeType: 'image/jpeg',
      buffer: await photoJpeg({ width: 800, height: 600 }),
    },
    {
      name: 'Bread.jpg',
      mimeType: 'image/jpeg',
      buffer: await photoJpeg({ width: 600, height: 800 }),
    },
  ])
  await dialog.getByLabel('Describe this photo').first().fill('Pastel macarons in a row')
  await picture(page, 'gallery-upload-several-1280.png')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)

  await page.getByRole('img', { name: 'Warm scones with jam' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Edit this photo' }).click()
  await expect(page.getByRole('dialog', { name: 'Edit photo' })).toBeVisible()
  await picture(page, 'gallery-edit-1280.png')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
})
