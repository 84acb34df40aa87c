import { z } from 'zod/mini'
import { EMAIL_MAX_LENGTH, isEmailAddress } from './email-address.ts'
import { PHONE_NUMBER_INVALID, PHONE_NUMBER_MAX_LENGTH, phoneDigits } from './phone-number.ts'
import { hasControlCharacters, removeBidiControls, toPlainText } from './plain-text.ts'

/**
 * Field rules shared by the forms' schemas, the customers' and the owner's.
 * These run in the browser for instant feedback and on the server as the
 * authority, so they use zod's tree-shakable build to keep the page light.
 */

const NO_LINE_BREAKS = /^[^\r\n]*$/
/** The controls a field of several lines allows: line breaks and tabs. */
export const MULTI_LINE = '\n\r\t'

/**
 * Refuses C0/C1 controls (NUL, ESC, BEL, VT, FF, …) but those in `allow`:
 * fields of several lines allow '\n\r\t'.
 */
export function noControlCharacters(label: string, { allow = '' } = {}) {
  return z.refine<string>(
    (value) => !hasControlCharacters(value, { allow }),
    // abort: one clear message, not a second about the same stray character.
    { error: `${label} cannot contain control characters.`, abort: true },
  )
}

/**
 * What a text field takes: one line (`line`), several (`lines`), or a
 * person's or bakery's name (`name`: one line, and no invisible characters
 * at all, see plain-text.ts).
 */
export type TextKind = 'line' | 'lines' | 'name'

/**
 * The one rule for text anyone types into the site, the owner's words and
 * the customers' alike (decisions 029 and 076), as the checks of a string
 * field. First the text is made plain: bidi controls removed (a name loses
 * the zero-width characters too), composed to NFC and trimmed, so nothing
 * typed can reorder what someone reads and a text of nothing but invisible
 * characters counts as missing. Then `bounds`, the field's own required and
 * length checks with its own sentences. Last, what is refused with a
 * sentence rather than quietly changed: C0 and C1 control characters, and
 * in a field of one line, line breaks (no header injection, no second line
 * in a name). Use it as `z.string().check(...plainText('Name', 'name',
 * z.maxLength(80, …)))`; the owner's schemas in full zod take the same checks.
 */
export function plainText(label: string, kind: TextKind, ...bounds: z.core.$ZodCheck<string>[]) {
  return [
    z.overwrite<string>((value) => toPlainText(value, { name: kind === 'name' }).trim()),
    ...bounds,
    ...(kind === 'lines' ? [noControlCharacters(label, { allow: MULTI_LINE })] : oneLine(label)),
  ]
}

function requiredText(label: string, max: number, kind: TextKind) {
  return z
    .string(`${label} is required.`)
    .check(
      ...plainText(
        label,
        kind,
        z.minLength(1, `${label} is required.`),
        z.maxLength(max, `${label} must be at most ${max} characters.`),
      ),
    )
}

/** A required text: trimmed, bounded, free of controls other than line breaks and tabs. */
export function multiLine(label: string, max: number) {
  return requiredText(label, max, 'lines')
}

/** A required one-line text: trimmed, bounded, free of line breaks (no header injection) and controls. */
export function singleLine(label: string, max: number) {
  return requiredText(label, max, 'line')
}

/**
 * A person's name, as shown in the owner's inbox and in the Reply-To of the
 * email: one line, with bidi controls and zero-width characters removed so it
 * cannot read backwards or pass for another name.
 */
export function personName(label: string, max: number) {
  return requiredText(label, max, 'name')
}

/** An optional one-line text: trimmed and bounded like singleLine; empty is left out. */
export function optionalLine(label: string, max: number) {
  return z.optional(
    z
      .string(unreadableText(label))
      .check(
        ...plainText(
          label,
          'line',
          z.maxLength(max, `${label} must be at most ${max} characters.`),
        ),
      ),
  )
}

/**
 * Said when an optional field holds something other than text (a number,
 * null, a list): only a broken or hostile client sends it, but a person may
 * still read the reply.
 */
export function unreadableText(label: string) {
  return `We could not read what was written in ${label}. Please type it again.`
}

/**
 * An optional text of several lines, missing or empty as '': trimmed,
 * bounded and free of controls other than line breaks and tabs.
 */
export function optionalLines(
  label: string,
  max: number,
  tooLong = `${label} must be at most ${max} characters.`,
) {
  return z
    .pipe(
      z.optional(z.string()),
      z.transform((value) => value ?? ''),
    )
    .check(...plainText(label, 'lines', z.maxLength(max, tooLong)))
}

function oneLine(label: string) {
  return [
    z.regex(NO_LINE_BREAKS, `${label} must fit on one line.`),
    // Line breaks have their own message, just above.
    noControlCharacters(label, { allow: '\r\n' }),
  ]
}

export const emailAddress = z
  .string('Email is required.')
  .check(
    z.trim(),
    z.minLength(1, 'Email is required.'),
    z.maxLength(EMAIL_MAX_LENGTH, `Email must be at most ${EMAIL_MAX_LENGTH} characters.`),
    z.regex(NO_LINE_BREAKS, 'Email must fit on one line.'),
    z.refine(isEmailAddress, 'Enter an email address like name@example.com.'),
  )

/**
 * A phone number as people write it ("416-555-0123", "+1 416 555 0123"),
 * kept as its ten digits: the spec's rule, applied to the digits
 * (utils/phone-number.ts). Both public forms use this one field.
 */
export const phoneNumber = z.string('Phone number is required.').check(
  z.overwrite(removeBidiControls),
  z.trim(),
  z.minLength(1, { error: 'Phone number is required.', abort: true }),
  noControlCharacters('Phone number'),
  z.maxLength(PHONE_NUMBER_MAX_LENGTH, {
    error: `Phone number must be at most ${PHONE_NUMBER_MAX_LENGTH} characters.`,
    abort: true,
  }),
  z.refine((value) => phoneDigits(value) !== null, { error: PHONE_NUMBER_INVALID, abort: true }),
  z.overwrite((value) => phoneDigits(value) ?? value),
)
