import { useCallback, useState } from 'react'
import { addDays } from '#app/utils/calendar-days.ts'
import type { DateRules } from './date-choice.ts'
import { useAvailability, useNextAvailable } from './use-availability.ts'

/**
 * The order's date: the day chosen, the month the calendar shows, and what
 * is known of the chosen treat's open days, asked for only once the
 * calendar is wanted.
 */
export function useOrderDate({
  today,
  horizonDays,
  noticeDays,
  product,
  postedDate,
}: {
  today: string
  horizonDays: number
  /** The chosen treat's notice in days. */
  noticeDays: number
  product: string
  /** The date a form without JavaScript posted, when the server refused it. */
  postedDate: string
}) {
  const [dueDate, setDueDate] = useState(postedDate)
  const [month, setMonth] = useState(dueDate && dueDate >= today ? dueDate : today)
  const [calendarWanted, setCalendarWanted] = useState(false)
  const wantCalendar = useCallback(() => setCalendarWanted(true), [])
  const rules: DateRules = {
    today,
    lastBookable: addDays(today, horizonDays),
    noticeDays,
  }
  const days = useAvailability({
    product,
    month,
    extraDate: dueDate >= today ? dueDate : undefined,
    enabled: calendarWanted,
  })
  const nextAvailable = useNextAvailable({
    product,
    today,
    lastBookable: rules.lastBookable,
    enabled: calendarWanted,
  })
  // The calendar opens on the month of the treat's first open day, unless a date is chosen.
  // Only a new answer moves it (set while rendering, so the month never shows the wrong one first).
  const [monthFollows, setMonthFollows] = useState(nextAvailable)
  if (nextAvailable !== monthFollows) {
    setMonthFollows(nextAvailable)
    if (nextAvailable && !dueDate) setMonth(nextAvailable)
  }
  return {
    dueDate,
    setDueDate,
    month,
    setMonth,
    calendarWanted,
    wantCalendar,
    rules,
    days,
    nextAvailable,
  }
}
