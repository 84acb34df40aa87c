/**
 * A drop's moments, one rule each: where a drop stands by the clock, and
 * how its opening, its closing and a hold's end are written, in the bakery's
 * time zone and words (decision 069). Its page, the list of drops, the live
 * counts and the hold's answers all read these.
 */
import { writeBakeryMoment } from '#app/utils/dates.ts'

export type DropMoment = 'upcoming' | 'open' | 'closed'

export function dropMoment(drop: { opensAt: number; closesAt: number }, now: Date): DropMoment {
  const moment = now.getTime()
  if (moment < drop.opensAt) return 'upcoming'
  return moment < drop.closesAt ? 'open' : 'closed'
}

/** A drop's opening or closing: 'Wednesday, December 2 at 12:00 p.m.'. */
export function writeDropMoment(at: number): string {
  return writeBakeryMoment(at, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  })
}

/** When a hold ends, within the hour she holds it: '12:10 p.m.'. */
export function writeHoldEnd(at: number): string {
  return writeBakeryMoment(at, { hour: 'numeric', minute: '2-digit' })
}
