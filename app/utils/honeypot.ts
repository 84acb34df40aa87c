/**
 * A field people never see or fill but form-filling bots do. A submission
 * with it filled gets an ordinary-looking success and is otherwise dropped.
 */
export const HONEYPOT_FIELD = 'website'

export function isHoneypotFilled(value: unknown): boolean {
  return typeof value === 'string' && value.trim() !== ''
}
