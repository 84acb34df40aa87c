import { readFile } from 'node:fs/promises'
import sharp from 'sharp'
import { expect, test } from 'vitest'
import {
  FORM_ICONS,
  FORM_ICONS_CSS_PATH,
  FORM_ICON_PX,
  formIconPng,
  formIconsCss,
} from './make-form-icons.ts'

test('app/form-icons.css holds the icons as the script draws them now', async () => {
  // A changed icon that was not written out again fails here, not on a phone.
  expect(await readFile(FORM_ICONS_CSS_PATH, 'utf8')).toBe(await formIconsCss())
})

test('each icon is a square PNG drawn at three times the size it is shown at, and not blank', async () => {
  for (const name of Object.keys(FORM_ICONS) as (keyof typeof FORM_ICONS)[]) {
    const png = await formIconPng(name)
    const { format, width, height } = await sharp(png).metadata()
    expect({ name, format, width, height }).toEqual({
      name,
      format: 'png',
      width: FORM_ICON_PX,
      height: FORM_ICON_PX,
    })
    const { channels } = await sharp(png).stats()
    // The alpha channel: some of the square is drawn, most of it is clear.
    const alpha = channels.at(-1)!
    expect(alpha.max, name).toBe(255)
    expect(alpha.mean, name).toBeGreaterThan(5)
    expect(alpha.mean, name).toBeLessThan(128)
  }
})
