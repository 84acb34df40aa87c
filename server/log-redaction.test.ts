import { expect, test } from 'vitest'
import { redactSecrets } from './log-redaction.ts'

const TOKEN = 'Q2h4bXk3dGhpc2lzYXNlY3JldA'

test('a customer’s private link and its photos are logged without the token or the photo key', () => {
  expect(redactSecrets(`/requests/${TOKEN}`)).toBe('/requests/:token')
  expect(redactSecrets(`/requests/${TOKEN}.data`)).toBe('/requests/:token.data')
  expect(redactSecrets(`/requests/${TOKEN}?sent=1`)).toBe('/requests/:token?sent=1')
  expect(redactSecrets(`/requests/${TOKEN}/photos/a1b2c3.webp`)).toBe(
    '/requests/:token/photos/:key',
  )
  expect(redactSecrets(`/requests/${TOKEN}/receipt.pdf?request=1`)).toBe(
    '/requests/:token/receipt.pdf?request=1',
  )
  expect(redactSecrets(`/requests/${TOKEN}/receipt.data`)).toBe('/requests/:token/receipt.data')
  // Routes match whatever the case or encoding, and so does the log.
  expect(redactSecrets('/REQUESTS/short')).toBe('/REQUESTS/:token')
  expect(redactSecrets('/%72equests/short')).toBe('/%72equests/:token')
  expect(redactSecrets('/admin/photos/a1b2c3')).toBe('/admin/photos/:key')
})

test('the owner’s password-reset and invitation links are logged without their token, however short', () => {
  expect(redactSecrets(`/admin/reset-password/${TOKEN}`)).toBe('/admin/reset-password/:token')
  expect(redactSecrets('/admin/reset-password/abc.data')).toBe('/admin/reset-password/:token.data')
  expect(redactSecrets('/admin/invite/abc')).toBe('/admin/invite/:token')
  expect(redactSecrets('/admin/invite/abc.data')).toBe('/admin/invite/:token.data')
})

test('route discovery’s list of paths is logged without the private links in it', () => {
  // What React Router asks when a customer opens her page: her link among the page's links.
  const asked = `/__manifest?paths=${encodeURIComponent(`/,/about,/requests/${TOKEN},/admin/invite/abc`)}&version=e0e86487`
  const logged = redactSecrets(asked)
  expect(logged).not.toContain(TOKEN)
  expect(decodeURIComponent(logged)).toBe(
    '/__manifest?paths=/,/about,/requests/:token,/admin/invite/:token&version=e0e86487',
  )
  expect(redactSecrets('/__manifest?paths=%E0%A4%A')).toBe('/__manifest?paths=…')
})

test('secret query values are logged as … and the rest of the query is kept', () => {
  expect(redactSecrets(`/admin/calendar.ics?key=${TOKEN}`)).toBe('/admin/calendar.ics?key=…')
  expect(redactSecrets(`/admin/calendar.ics?KEY=${TOKEN}&x=1`)).toBe(
    '/admin/calendar.ics?KEY=…&x=1',
  )
  expect(redactSecrets(`/admin/calendar.ics?%6Bey=${TOKEN}`)).toBe('/admin/calendar.ics?%6Bey=…')
  expect(redactSecrets(`/admin/reset?token=${TOKEN}`)).toBe('/admin/reset?token=…')
  expect(redactSecrets('/admin/login?password=hunter2')).toBe('/admin/login?password=…')
  // The owner's searches name her customers.
  expect(redactSecrets('/admin/customers?q=priya%40example.com&page=2')).toBe(
    '/admin/customers?q=…&page=2',
  )
  expect(redactSecrets('/admin/orders?status=new&q=Priya+Sharma')).toBe(
    '/admin/orders?status=new&q=…',
  )
  expect(redactSecrets('/api/availability?from=2026-12-01&to=2026-12-31&product=Cakes')).toBe(
    '/api/availability?from=2026-12-01&to=2026-12-31&product=Cakes',
  )
})

test.each([
  'key[]',
  'key[0]',
  'key[a][b]',
  'KEY[]',
  'key%5B%5D',
  'key%5b0%5d',
  '%6Bey%5B%5D',
  'key[',
  'token[]',
  'code[0]',
  'secret%5B%5D',
  'password[]',
  'signature[x]',
])('a secret query name in its bracket form, %s=, is logged as …', (name) => {
  expect(redactSecrets(`/admin/calendar.ics?${name}=${TOKEN}&x=1`)).toBe(
    `/admin/calendar.ics?${name}=…&x=1`,
  )
})

test('names that only start like a secret’s are kept, and route discovery’s list is read in its bracket form too', () => {
  expect(redactSecrets('/api/gallery?keyword=cake&codes=1')).toBe(
    '/api/gallery?keyword=cake&codes=1',
  )
  const asked = `/__manifest?paths[]=${encodeURIComponent(`/requests/${TOKEN}`)}`
  expect(redactSecrets(asked)).not.toContain(TOKEN)
})

test('a random-looking token anywhere in a path is replaced; ordinary paths are logged as they are', () => {
  expect(redactSecrets(`/admin/something/${TOKEN}`)).toBe('/admin/something/:secret')
  for (const path of [
    '/',
    '/ordernow',
    '/admin/orders/12',
    '/assets/entry.client-DfG7hJ2k.js',
    '/media/gallery/1700000000000_birthday-cake.avif',
  ]) {
    expect(redactSecrets(path)).toBe(path)
  }
})
