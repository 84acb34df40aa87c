import { expect, test } from 'vitest'
import { mediaTypeOf } from './media-type.ts'

test('a media type is read without its parameters, in lower case', () => {
  expect(mediaTypeOf('application/json')).toBe('application/json')
  expect(mediaTypeOf('Application/JSON; charset=utf-8')).toBe('application/json')
  expect(mediaTypeOf('application/x-www-form-urlencoded;charset=UTF-8')).toBe(
    'application/x-www-form-urlencoded',
  )
  expect(mediaTypeOf('multipart/form-data; boundary="a b"')).toBe('multipart/form-data')
})

test('a type that only contains another is that other type, and a malformed one is none', () => {
  expect(mediaTypeOf('application/json-seq')).toBe('application/json-seq')
  expect(mediaTypeOf('application/jsonx')).toBe('application/jsonx')
  expect(mediaTypeOf('text/html; x=application/json')).toBeUndefined()
  expect(mediaTypeOf('text/html, application/json')).toBeUndefined()
  expect(mediaTypeOf('application/json garbage')).toBeUndefined()
  expect(mediaTypeOf('json')).toBeUndefined()
  expect(mediaTypeOf('')).toBeUndefined()
  expect(mediaTypeOf(null)).toBeUndefined()
})
