import { MIB } from './stats.ts'

/**
 * The report's first table: every goal of the performance issue beside what
 * this run measured and this machine's static baseline. It reads the other
 * sections' JSON defensively: a section that did not run, or an older one
 * without a field, shows "—" instead of failing the whole report.
 */
export interface SummaryRow {
  goal: string
  target: string
  measured: string
  baseline: string
  /** null: nothing measured, or a figure shown for context without a goal of its own. */
  pass: boolean | null
}

export const NONE = '—'

export type Data = Record<string, unknown>

export function record(value: unknown): Data | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Data)
    : null
}

export function at(value: unknown, ...keys: string[]): unknown {
  let current = value
  for (const key of keys) current = record(current)?.[key]
  return current
}

export function num(value: unknown, ...keys: string[]): number | null {
  const found = at(value, ...keys)
  return typeof found === 'number' && Number.isFinite(found) ? found : null
}

export function list(value: unknown, ...keys: string[]): unknown[] {
  const found = at(value, ...keys)
  return Array.isArray(found) ? (found as unknown[]) : []
}

export const mb = (bytes: number | null) =>
  bytes === null ? NONE : `${(bytes / MIB).toFixed(0)} MB`
