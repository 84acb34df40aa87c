import { z } from 'zod/mini'

/**
 * Field rules shared by the public forms' schemas. These run in the browser
 * for instant feedback and on the server as the authority, so they use zod's
 * tree-shakable build to keep the page light.
 */

const NO_LINE_BREAKS = /^[^\r\n]*$/

/** A required text: trimmed and bounded. */
export function multiLine(label: string, max: number) {
  return z
    .string(`${label} is required.`)
    .check(
      z.trim(),
      z.minLength(1, `${label} is required.`),
      z.maxLength(max, `${label} must be at most ${max} characters.`),
    )
}

/** A required one-line text: trimmed, bounded, and free of line breaks (no header injection). */
export function singleLine(label: string, max: number) {
  return multiLine(label, max).check(z.regex(NO_LINE_BREAKS, `${label} must fit on one line.`))
}

export const emailAddress = z
  .string('Email is required.')
  .check(
    z.trim(),
    z.minLength(1, 'Email is required.'),
    z.maxLength(254, 'Email must be at most 254 characters.'),
    z.regex(NO_LINE_BREAKS, 'Email must fit on one line.'),
    z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Enter an email address like name@example.com.'),
  )
