import { useEffect, useState } from 'react'

/** Minutes and seconds as a person reads them: '9:05', or '1:02:05' past an hour. */
export function clockOf(milliseconds: number): string {
  const total = Math.max(0, Math.ceil(milliseconds / 1000))
  const hours = Math.floor(total / 3600)
  const minutes = Math.floor((total % 3600) / 60)
  const seconds = String(total % 60).padStart(2, '0')
  return hours > 0
    ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}`
    : `${minutes}:${seconds}`
}

/**
 * Time left until `until`, ticking each second once React runs; before then
 * (and without JavaScript) the page's written time says it instead. The
 * clock is the server's: the page carries the server's `now` when it was
 * drawn, so a phone whose own clock is off still counts the hold's minutes.
 * `onEnd` runs once when it reaches zero.
 */
export function useTimeLeft(until: number, serverNow: number, onEnd?: () => void): number | null {
  const [left, setLeft] = useState<number | null>(null)
  useEffect(() => {
    const skew = serverNow - Date.now()
    let ended = false
    const tick = () => {
      const remaining = until - (Date.now() + skew)
      setLeft(Math.max(0, remaining))
      if (remaining <= 0 && !ended) {
        ended = true
        onEnd?.()
      }
    }
    tick()
    const timer = window.setInterval(tick, 1000)
    return () => window.clearInterval(timer)
  }, [until, serverNow, onEnd])
  return left
}
