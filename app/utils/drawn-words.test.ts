import { afterEach, expect, test, vi } from 'vitest'

/**
 * The browser's side: this file never loads the server's, as a page does not.
 * Each test loads the modules afresh, as a page starts with none read.
 */
async function pageWith(words: unknown) {
  vi.resetModules()
  const script = { textContent: JSON.stringify(words) }
  vi.stubGlobal('document', {
    getElementById: (id: string) => (id === 'drawn-words' ? script : null),
  })
  // Intl as it is, counting the number formatters built.
  const built = { count: 0 }
  const intl = Object.create(Intl) as typeof Intl
  intl.NumberFormat = class extends Intl.NumberFormat {
    constructor(...args: ConstructorParameters<typeof Intl.NumberFormat>) {
      super(...args)
      built.count += 1
    }
  } as typeof Intl.NumberFormat
  vi.stubGlobal('Intl', intl)
  const { formatMoney, currencySymbol } = await import('./money.ts')
  const { formatCount } = await import('./count.ts')
  return { formatMoney, currencySymbol, formatCount, built }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

test('the browser writes what the server wrote without building a formatter', async () => {
  const { formatMoney, currencySymbol, formatCount, built } = await pageWith({
    'money|en-CA|CAD|false': {
      f45: 'drawn $45',
      p0: [
        { type: 'currency', value: 'drawn $' },
        { type: 'integer', value: '0' },
      ],
    },
    'count|en-CA': { f1204: 'drawn 1,204' },
  })
  expect(formatMoney(4500)).toBe('drawn $45')
  expect(currencySymbol()).toBe('drawn $')
  expect(formatCount(1204)).toBe('drawn 1,204')
  expect(built.count).toBe(0)

  // A value the page did not show is written in the browser, as before.
  expect(formatMoney(1250)).toBe('$12.50')
  expect(built.count).toBe(1)
})

test('a page without its words (or with broken ones) formats them itself', async () => {
  const { formatMoney } = await pageWith(undefined)
  expect(formatMoney(4500)).toBe('$45')
  vi.stubGlobal('document', { getElementById: () => ({ textContent: '{not json' }) })
  vi.resetModules()
  const again = await import('./money.ts')
  expect(again.formatMoney(4500)).toBe('$45')
})
