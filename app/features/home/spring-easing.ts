export interface SpringOptions {
  stiffness: number
  damping: number
  mass?: number
}

/**
 * A damped spring as a CSS `linear()` easing and the time it takes to settle,
 * so CSS transitions can spring without an animation library in the bundle.
 * The curve is the closed-form position of a spring released from 0 towards 1.
 */
export function springEasing(
  { stiffness, damping, mass = 1 }: SpringOptions,
  { samples = 40, precision = 0.001 } = {},
): { easing: string; durationMs: number } {
  const omega0 = Math.sqrt(stiffness / mass)
  const zeta = damping / (2 * Math.sqrt(stiffness * mass))
  const position = springPosition(omega0, zeta)

  // Settled once the envelope of the oscillation is within `precision` of rest.
  const decay = zeta < 1 ? zeta * omega0 : omega0 * (zeta - Math.sqrt(zeta * zeta - 1))
  const durationS = Math.log(1 / precision) / decay

  const points = Array.from({ length: samples + 1 }, (_, index) => {
    const value = index === samples ? 1 : position((durationS * index) / samples)
    return Number(value.toFixed(4))
  })
  return { easing: `linear(${points.join(', ')})`, durationMs: Math.round(durationS * 1000) }
}

function springPosition(omega0: number, zeta: number): (t: number) => number {
  if (zeta < 1) {
    const omegaD = omega0 * Math.sqrt(1 - zeta * zeta)
    return (t) =>
      1 -
      Math.exp(-zeta * omega0 * t) *
        (Math.cos(omegaD * t) + ((zeta * omega0) / omegaD) * Math.sin(omegaD * t))
  }
  if (zeta === 1) return (t) => 1 - Math.exp(-omega0 * t) * (1 + omega0 * t)
  const root = Math.sqrt(zeta * zeta - 1)
  const fast = -omega0 * (zeta + root)
  const slow = -omega0 * (zeta - root)
  return (t) => 1 - (fast * Math.exp(slow * t) - slow * Math.exp(fast * t)) / (fast - slow)
}
