export type HoverMode = 'speedUp' | 'slowDown' | 'pause' | 'goBonkers'

export interface TitleMotion {
  /** Seconds per full turn; Infinity when the title stands still. */
  spinDuration: number
  scale: number
}

/** How the rotating title moves while the pointer is over it. */
export function hoverMotion(mode: HoverMode, spinDuration: number): TitleMotion {
  switch (mode) {
    case 'speedUp':
      return { spinDuration: spinDuration / 4, scale: 1 }
    case 'slowDown':
      return { spinDuration: spinDuration * 2, scale: 1 }
    case 'pause':
      return { spinDuration: Infinity, scale: 1 }
    case 'goBonkers':
      return { spinDuration: spinDuration / 20, scale: 0.8 }
  }
}

/** Motion for the current hover state; leaving hover restores the resting spin. */
export function titleMotion(mode: HoverMode, spinDuration: number, hovered: boolean): TitleMotion {
  return hovered ? hoverMotion(mode, spinDuration) : { spinDuration, scale: 1 }
}

/**
 * The rotation runs as one continuous CSS animation of `spinDuration`
 * seconds; hover changes its playback rate, so the angle never jumps.
 */
export function playbackRate(motion: TitleMotion, restingDuration: number): number {
  return Number.isFinite(motion.spinDuration) ? restingDuration / motion.spinDuration : 0
}
