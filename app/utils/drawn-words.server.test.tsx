import { renderToString } from 'react-dom/server'
import { expect, test } from 'vitest'
import { DrawnWordsScript } from '#app/components/drawn-words-script.tsx'
import { formatCount } from './count.ts'
import { formatCalendarDate } from './dates.ts'
import { recordDrawnWords } from './drawn-words.server.ts'
import { DRAWN_WORDS_ID, serverDrawnWords } from './drawn-words.ts'
import { runWithLocalSettings } from './local-settings.server.ts'
import { formatMoney } from './money.ts'

const pause = () => new Promise((resolve) => setTimeout(resolve, 5))

test('a page carries the amounts, counts and dates it wrote, and nothing else', () => {
  const html = recordDrawnWords(() => {
    expect(formatMoney(4500)).toBe('$45')
    expect(formatMoney(1250)).toBe('$12.50')
    expect(formatCount(1204)).toBe('1,204')
    expect(formatCalendarDate('2026-12-12')).toBe('Saturday, December 12, 2026')
    return renderToString(<DrawnWordsScript />)
  })
  expect(html).toContain(`id="${DRAWN_WORDS_ID}"`)
  expect(html).toContain('type="application/json"')
  const json = html.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, '')
  const words = JSON.parse(json) as Record<string, Record<string, unknown>>
  expect(Object.values(words).flatMap((written) => Object.values(written))).toEqual(
    expect.arrayContaining(['$45', '$12.50', '1,204', 'Saturday, December 12, 2026']),
  )
  // Formatted outside a page (a loader, an email, a job), words are not kept.
  expect(formatMoney(9900)).toBe('$99')
  expect(serverDrawnWords()).toBeUndefined()
  expect(renderToString(<DrawnWordsScript />)).toBe(
    `<script id="${DRAWN_WORDS_ID}" type="application/json"></script>`,
  )
})

test('two pages rendered at once each carry only their own words', async () => {
  const render = (cents: number) =>
    recordDrawnWords(async () => {
      formatMoney(cents)
      await pause()
      formatMoney(cents + 1)
      await pause()
      return JSON.stringify(serverDrawnWords())
    })
  const [first, second] = await Promise.all([render(1000), render(2000)])
  expect(first).toContain('$10.01')
  expect(first).not.toContain('$20')
  expect(second).toContain('$20.01')
  expect(second).not.toContain('$10')
})

test('words follow the settings the page was drawn with', () => {
  const words = recordDrawnWords(() =>
    runWithLocalSettings({ timeZone: 'Pacific/Auckland', currency: 'NZD', locale: 'en-CA' }, () => {
      expect(formatMoney(4500)).toBe('NZ$45')
      return JSON.stringify(serverDrawnWords())
    }),
  )
  expect(words).toContain('NZD')
  expect(words).toContain('NZ$45')
})
