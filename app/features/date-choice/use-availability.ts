import { useEffect, useState } from 'react'
import type { AvailabilityDay } from '#app/features/availability/availability.ts'
import { addDays } from '#app/utils/calendar-days.ts'
import { findNextAvailable, monthOf } from './date-choice.ts'

/** A month's answer is reused for this long; the server checks again on send anyway. */
const FRESH_MS = 60_000

type Entry = { at: number; days: Promise<AvailabilityDay[]> }
const cache = new Map<string, Entry>()

/** One month of GET /api/availability for one product ('' = none chosen yet). */
function loadMonth(product: string, from: string, to: string): Promise<AvailabilityDay[]> {
  const key = `${product}|${from}`
  const cached = cache.get(key)
  if (cached && Date.now() - cached.at < FRESH_MS) return cached.days
  const query = new URLSearchParams({ from, to, ...(product ? { product } : {}) })
  const days = fetch(`/api/availability?${query}`)
    .then(async (response) => {
      if (!response.ok) throw new Error(`availability answered ${response.status}`)
      return ((await response.json()) as { days: AvailabilityDay[] }).days
    })
    .catch(() => {
      // Nothing known is not an error to show: the date is checked on send.
      cache.delete(key)
      return []
    })
  cache.set(key, { at: Date.now(), days })
  return days
}

/**
 * The days of the month shown and the month after (so paging on feels
 * instant) for the chosen product, fetched once `enabled` and again when the
 * product or the month changes. Also loads the month of a typed date.
 */
export function useAvailability({
  product,
  month,
  extraDate,
  enabled,
}: {
  product: string
  /** Any date in the month the calendar shows (YYYY-MM-DD). */
  month: string
  /** A date typed into the field, whose month may not be shown. */
  extraDate?: string
  enabled: boolean
}): ReadonlyMap<string, AvailabilityDay> {
  const [loaded, setLoaded] = useState<{ product: string; days: Map<string, AvailabilityDay> }>({
    product,
    days: new Map(),
  })
  const shown = monthOf(month)
  const after = monthOf(addDays(shown.to, 1))
  const typed = extraDate ? monthOf(extraDate) : undefined
  const ranges = [shown, after, ...(typed ? [typed] : [])]
  const wanted = ranges.map((range) => range.from).join(',')

  useEffect(() => {
    if (!enabled) return
    let current = true
    for (const range of ranges) {
      void loadMonth(product, range.from, range.to).then((days) => {
        if (!current) return
        setLoaded((previous) => {
          const merged = new Map(previous.product === product ? previous.days : [])
          for (const day of days) merged.set(day.date, day)
          return { product, days: merged }
        })
      })
    }
    return () => {
      current = false
    }
    // `wanted` names the ranges; the array itself is new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, product, wanted])

  return loaded.product === product ? loaded.days : EMPTY_DAYS
}

/**
 * The first open day for the product from today, looking a month at a time
 * (the months the calendar then shows come from the same cache): a date,
 * null when nothing is open up to the last bookable day, undefined while
 * looking or when the bakery could not be asked.
 */
export function useNextAvailable({
  product,
  today,
  lastBookable,
  enabled,
}: {
  product: string
  today: string
  lastBookable: string
  enabled: boolean
}): string | null | undefined {
  const [found, setFound] = useState<{ product: string; date: string | null } | null>(null)

  useEffect(() => {
    if (!enabled) return
    let current = true
    void findNextAvailable({
      today,
      lastBookable,
      loadMonth: (from, to) => loadMonth(product, from, to),
    }).then((date) => {
      if (current && date !== undefined) setFound({ product, date })
    })
    return () => {
      current = false
    }
  }, [enabled, product, today, lastBookable])

  return found?.product === product ? found.date : undefined
}

const EMPTY_DAYS: ReadonlyMap<string, AvailabilityDay> = new Map()
