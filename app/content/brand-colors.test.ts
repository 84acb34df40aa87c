import { readFile, readdir } from 'node:fs/promises'
import path from 'node:path'
import { expect, test } from 'vitest'
import { CREAM, RASPBERRY } from './brand-colors.ts'

const appDir = path.resolve(import.meta.dirname, '..')

test('the cream is one design token: --color-cream in the stylesheet, CREAM in code, spelt nowhere else', async () => {
  const css = await readFile(path.join(appDir, 'app.css'), 'utf8')
  expect(css).toContain(`--color-cream: ${CREAM};`)

  const spellings = [CREAM, 'rgb(255 248 240', 'rgb(255, 248, 240', 'fff8f0']
  const files = (await readdir(appDir, { recursive: true })).filter((file) =>
    /\.(css|tsx?)$/.test(file),
  )
  const elsewhere: string[] = []
  for (const file of files) {
    if (file === path.join('content', 'brand-colors.ts') || file.endsWith('.test.ts')) continue
    let text = (await readFile(path.join(appDir, file), 'utf8')).toLowerCase()
    if (file === 'app.css') text = text.replace(`--color-cream: ${CREAM};`, '')
    if (spellings.some((spelling) => text.includes(spelling))) elsewhere.push(file)
  }
  expect(elsewhere).toEqual([])
})

test('the raspberry drawn outside CSS is the stylesheet’s', async () => {
  const css = await readFile(path.join(appDir, 'app.css'), 'utf8')
  expect(css).toContain(`--color-raspberry: ${RASPBERRY};`)
})
