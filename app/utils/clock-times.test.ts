import { expect, test } from 'vitest'
import { endSentence, formatClockRange, formatClockTime } from './clock-times.ts'
import { runWithLocalSettings } from './local-settings.server.ts'

const inLocale = <T>(locale: string, work: () => T): T =>
  runWithLocalSettings({ timeZone: 'America/Toronto', currency: 'CAD', locale }, work)

test.each([
  [
    'en-US',
    ['9:05\u00a0AM', '12:00\u00a0PM', '5:30\u00a0PM', '12:30\u00a0AM'],
    '10:00\u00a0AM–12:00\u00a0PM',
  ],
  [
    'en-CA',
    ['9:05\u00a0a.m.', '12:00\u00a0p.m.', '5:30\u00a0p.m.', '12:30\u00a0a.m.'],
    '10:00\u00a0a.m.–12:00\u00a0p.m.',
  ],
  ['en-GB', ['09:05', '12:00', '17:30', '00:30'], '10:00–12:00'],
  [
    'fr-CA',
    ['09\u00a0h\u00a005', '12\u00a0h\u00a000', '17\u00a0h\u00a030', '00\u00a0h\u00a030'],
    '10\u00a0h\u00a000–12\u00a0h\u00a000',
  ],
])('in %s a time of day is written in the locale’s own clock', (locale, times, window) => {
  inLocale(locale, () => {
    expect(['09:05', '12:00', '17:30', '00:30'].map(formatClockTime)).toEqual(times)
    expect(formatClockRange('10:00', '12:00')).toBe(window)
  })
})

test('a time of day is the same wherever the server or the bakery is', () => {
  const zone = process.env.TZ
  try {
    for (const timeZone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      process.env.TZ = timeZone
      for (const bakery of ['Pacific/Kiritimati', 'America/Vancouver']) {
        const written = runWithLocalSettings(
          { timeZone: bakery, currency: 'CAD', locale: 'en-US' },
          () => formatClockTime('23:45'),
        )
        expect(written).toBe('11:45\u00a0PM')
      }
    }
  } finally {
    process.env.TZ = zone
  }
})

test('text that is not a time of day is shown as it is', () => {
  for (const text of ['', 'noon', '24:00', '9:05', '10:00-12:00']) {
    expect(formatClockTime(text)).toBe(text)
  }
})

test('a sentence ending in a time written with its own full stop gets no second one', () => {
  const open = inLocale('en-CA', () => formatClockRange('10:00', '12:00'))
  expect(endSentence(`Times still open that day: ${open}`)).toBe(
    'Times still open that day: 10:00\u00a0a.m.–12:00\u00a0p.m.',
  )
  const inGb = inLocale('en-GB', () => formatClockRange('10:00', '12:00'))
  expect(endSentence(`Times still open that day: ${inGb}`)).toBe(
    'Times still open that day: 10:00–12:00.',
  )
})
