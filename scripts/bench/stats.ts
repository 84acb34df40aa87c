/** Middle value; for an even count, the mean of the two middle values. */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of no values')
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  const upper = sorted[mid] as number
  return sorted.length % 2 === 1 ? upper : ((sorted[mid - 1] as number) + upper) / 2
}

/** Median of the values that exist; null when none do (e.g. every run errored). */
export function medianOrNull(values: readonly (number | null | undefined)[]): number | null {
  const present = values.filter((value): value is number => typeof value === 'number')
  return present.length > 0 ? median(present) : null
}

export const kib = (bytes: number): number => bytes / 1024

/** A comma-separated list from the environment, or the fallback when unset. */
export function envList<T extends string>(name: string, fallback: readonly T[]): readonly T[] {
  const raw = process.env[name]?.trim()
  if (!raw) return fallback
  const values = raw.split(',').map((value) => value.trim())
  const unknown = values.filter((value) => !fallback.includes(value as T))
  if (unknown.length > 0) {
    throw new Error(`${name} may list ${fallback.join(', ')}; not ${unknown.join(', ')}`)
  }
  return values as T[]
}

/** A positive whole number from the environment, or the fallback when unset. */
export function envInt(name: string, fallback: number): number {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`${name} must be a positive whole number, got ${JSON.stringify(raw)}`)
  }
  return value
}

export const MIB = 1024 * 1024

export interface ProcessMemory {
  /** Resident set size now (VmRSS). */
  rssBytes: number
  /** The highest resident set size since the process started (VmHWM). */
  peakRssBytes: number
}

/** Reads VmRSS and VmHWM from the text of /proc/<pid>/status (values in kB). */
export function parseProcStatus(text: string): ProcessMemory | null {
  const field = (name: string) => {
    const match = new RegExp(`^${name}:\\s+(\\d+)\\s+kB$`, 'm').exec(text)
    return match ? Number(match[1]) * 1024 : null
  }
  const rssBytes = field('VmRSS')
  const peakRssBytes = field('VmHWM')
  return rssBytes === null || peakRssBytes === null ? null : { rssBytes, peakRssBytes }
}
