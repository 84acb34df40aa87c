import { expect, test } from 'vitest'
import {
  DEFAULT_QUIET_HOURS,
  afterQuietHours,
  e164Of,
  isQuietTime,
  parseTextRate,
  phoneOfE164,
  plainText,
  reminderMoments,
  replyMeaning,
  textCostCents,
  textParts,
  writeTextRate,
} from './text-rules.ts'

const TORONTO = 'America/Toronto'
const quiet = DEFAULT_QUIET_HOURS

test('quiet hours may run past midnight, and end at their own minute', () => {
  expect(isQuietTime('20:59', quiet)).toBe(false)
  expect(isQuietTime('21:00', quiet)).toBe(true)
  expect(isQuietTime('03:00', quiet)).toBe(true)
  expect(isQuietTime('08:00', quiet)).toBe(false)
  // Quiet over lunch only, and none at all.
  expect(isQuietTime('12:30', { from: '12:00', to: '13:00' })).toBe(true)
  expect(isQuietTime('13:00', { from: '12:00', to: '13:00' })).toBe(false)
  expect(isQuietTime('03:00', { from: '00:00', to: '00:00' })).toBe(false)
  // 22:30 in Toronto waits for 08:00 the next morning; 06:00 for 08:00 that morning.
  expect(afterQuietHours(Date.parse('2026-12-04T03:30:00Z'), TORONTO, quiet)).toBe(
    Date.parse('2026-12-04T13:00:00Z'),
  )
  expect(afterQuietHours(Date.parse('2026-12-04T11:00:00Z'), TORONTO, quiet)).toBe(
    Date.parse('2026-12-04T13:00:00Z'),
  )
  expect(afterQuietHours(Date.parse('2026-12-04T15:00:00Z'), TORONTO, quiet)).toBe(
    Date.parse('2026-12-04T15:00:00Z'),
  )
})

test('the day-before reminder keeps the wall clock across the change to summer time', () => {
  // Sunday, March 14, 2027: Toronto's clocks go from 2:00 to 3:00 (UTC−5 to UTC−4).
  const moments = reminderMoments({ dueDate: '2027-03-14', window: '10:00-12:00' }, TORONTO, quiet)
  // 10:00 on Saturday is 15:00 UTC: 23 hours before 10:00 on Sunday (14:00 UTC).
  expect(moments.dayBefore).toEqual({
    at: Date.parse('2027-03-13T15:00:00Z'),
    before: Date.parse('2027-03-14T14:00:00Z'),
  })
  // Two hours before the window: 08:00 on Sunday, summer time.
  expect(moments.soon?.at).toBe(Date.parse('2027-03-14T12:00:00Z'))
})

test('a reminder due in quiet hours waits for them to end, and is not sent once its pickup has come', () => {
  // Pickup at 9:00: two hours before is 7:00, quiet; it goes at 8:00.
  expect(
    reminderMoments({ dueDate: '2026-12-05', window: '09:00-10:00' }, TORONTO, quiet).soon?.at,
  ).toBe(Date.parse('2026-12-05T13:00:00Z'))
  // Pickup at 7:30: the day-before text goes at 8:00 the day before; the one two hours before never.
  const early = reminderMoments({ dueDate: '2026-12-05', window: '07:30-08:30' }, TORONTO, quiet)
  expect(early.dayBefore?.at).toBe(Date.parse('2026-12-04T13:00:00Z'))
  expect(early.soon).toBeUndefined()
  // A day without set times: 9:00 the day before, and nothing two hours before.
  const allDay = reminderMoments({ dueDate: '2026-12-05', window: null }, TORONTO, quiet)
  expect(allDay.dayBefore?.at).toBe(Date.parse('2026-12-04T14:00:00Z'))
  expect(allDay.soon).toBeUndefined()
})

test('STOP and its sister words stop texts, START brings them back, YES confirms a sign-up; anything else is only words', () => {
  for (const word of [
    'STOP',
    'stop',
    ' Stop. ',
    'UNSUBSCRIBE',
    'cancel',
    'End',
    'QUIT',
    'stop all',
  ]) {
    expect(replyMeaning(word)).toBe('stop')
  }
  for (const word of ['START', 'unstop']) expect(replyMeaning(word)).toBe('start')
  for (const word of ['YES', 'Yes!', 'y']) expect(replyMeaning(word)).toBe('yes')
  expect(replyMeaning('Please stop by at 3?')).toBeUndefined()
  expect(replyMeaning('')).toBeUndefined()
})

test('a North American number is written +1 and ten digits both ways; others are not ours', () => {
  expect(e164Of('4165550123')).toBe('+14165550123')
  expect(phoneOfE164('+14165550123')).toBe('4165550123')
  expect(phoneOfE164('+447700900123')).toBeUndefined()
  expect(phoneOfE164('4165550123')).toBeUndefined()
})

test('texts are written in plain characters, and counted in the parts she pays for', () => {
  expect(plainText('10:00\u00a0a.m.–12:00\u202fp.m. “Cake” isn’t late…')).toBe(
    '10:00 a.m.-12:00 p.m. "Cake" isn\'t late...',
  )
  expect(textParts('a'.repeat(160))).toBe(1)
  expect(textParts('a'.repeat(161))).toBe(2)
  expect(textParts('a'.repeat(306))).toBe(2)
  expect(textParts('a'.repeat(307))).toBe(3)
  // The euro sign takes two of the 160; an emoji sends the text as UCS-2, 70 to a part.
  expect(textParts('€'.repeat(80))).toBe(1)
  expect(textParts('€'.repeat(81))).toBe(2)
  expect(textParts(`${'a'.repeat(69)}🎂`)).toBe(1)
  expect(textParts(`${'a'.repeat(70)}🎂`)).toBe(2)
})

test('her rate is read in dollars to the thousandth of a cent, and a month’s cost rounds up once', () => {
  expect(parseTextRate('0.0083')).toBe(830)
  expect(parseTextRate('$0.0083')).toBe(830)
  expect(parseTextRate('.01')).toBe(1_000)
  expect(parseTextRate('0.00001')).toBe(1)
  for (const refused of ['', 'abc', '1.00', '0.000001', '-0.01', '0,0083']) {
    expect(parseTextRate(refused)).toBeUndefined()
  }
  expect(writeTextRate(830)).toBe('0.0083')
  expect(writeTextRate(1_000)).toBe('0.01')
  expect(writeTextRate(0)).toBe('0.00')
  // 52 parts at $0.0083 is $0.4316: 44 cents, never 43.
  expect(textCostCents(52, 830)).toBe(44)
  expect(textCostCents(0, 830)).toBe(0)
})
