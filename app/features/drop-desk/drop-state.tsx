import type { DropMoment } from '#app/features/drops/drop-moments.ts'

const STATE_WORDS: Record<DropMoment, string> = {
  upcoming: 'Coming',
  open: 'Open',
  closed: 'Closed',
}

/** Where a drop stands, as a badge: Coming, Open or Closed. */
export function DropState({ state }: { state: DropMoment }) {
  return <span className={`drop-badge drop-badge-${state}`}>{STATE_WORDS[state]}</span>
}
