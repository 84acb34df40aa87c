import { expect, test } from 'vitest'
import { endSentence, formatClockRange, formatClockTime } from './clock-times.ts'
import { runWithLocalSettings } from './local-settings.server.ts'

const inLocale = <T>(locale: string, work: () => T): T =>
  runWithLocalSettings({ timeZone: 'America/Toronto', currency: 'CAD', locale }, work)

test.each([
  ['en-US', ['9:05 AM', '12:00 PM', '5:30 PM', '12:30 AM'], '10:00 AM–12:00 PM'],
  ['en-CA', ['9:05 a.m.', '12:00 p.m.', '5:30 p.m.', '12:30 a.m.'], '10:00 a.m.–12:00 p.m.'],
  ['en-GB', ['09:05', '12:00', '17:30', '00:30'], '10:00–12:00'],
  ['fr-CA', ['09 h 05', '12 h 00', '17 h 30', '00 h 30'], '10 h 00–12 h 00'],
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
        expect(written).toBe('11:45 PM')
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
    'Times still open that day: 10:00 a.m.–12:00 p.m.',
  )
  const inGb = inLocale('en-GB', () => formatClockRange('10:00', '12:00'))
  expect(endSentence(`Times still open that day: ${inGb}`)).toBe(
    'Times still open that day: 10:00–12:00.',
  )
})
