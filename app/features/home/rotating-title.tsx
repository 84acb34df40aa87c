import { useEffect, useId, useRef, useState } from 'react'
import { type HoverMode, playbackRate, titleMotion } from './rotating-title-motion.ts'
import { springEasing } from './spring-easing.ts'

const scaleSpring = springEasing({ stiffness: 300, damping: 20 })
const RADIUS = 80
const CIRCUMFERENCE = 2 * Math.PI * RADIUS

interface RotatingTitleProps {
  /** Laid evenly around the whole circle; end it with a separator such as ' • '. */
  text: string
  /** Seconds per full turn at rest. */
  spinDuration?: number
  onHover?: HoverMode
  className?: string
}

/**
 * Text laid around a circle that turns continuously. The turn is one CSS
 * animation; hovering only changes its playback rate (so the angle never
 * jumps) and springs the scale. Still for visitors who prefer reduced motion.
 */
export function RotatingTitle({
  text,
  spinDuration = 20,
  onHover = 'speedUp',
  className = '',
}: RotatingTitleProps) {
  const ringRef = useRef<SVGSVGElement>(null)
  const pathId = useId()
  const [hovered, setHovered] = useState(false)
  const motion = titleMotion(onHover, spinDuration, hovered)
  const rate = playbackRate(motion, spinDuration)

  // React may start with the pointer already on the title (public pages
  // hydrate on the first intent, which can be that very hover).
  const boxRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (boxRef.current?.matches(':hover')) setHovered(true)
  }, [])

  useEffect(() => {
    for (const animation of ringRef.current?.getAnimations() ?? []) {
      animation.updatePlaybackRate(rate)
    }
  }, [rate])

  return (
    <div
      ref={boxRef}
      className={`rotating-title ${className}`}
      data-hovered={hovered}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      style={
        {
          scale: String(motion.scale),
          '--spin-duration': `${spinDuration}s`,
          '--spring-duration': `${scaleSpring.durationMs}ms`,
          '--spring-easing': scaleSpring.easing,
        } as React.CSSProperties
      }
    >
      <svg ref={ringRef} viewBox="0 0 200 200" className="title-ring" aria-hidden="true">
        <path
          id={pathId}
          fill="none"
          d={`M 100,100 m -${RADIUS},0 a ${RADIUS},${RADIUS} 0 1,1 ${RADIUS * 2},0 a ${RADIUS},${RADIUS} 0 1,1 -${RADIUS * 2},0`}
        />
        <text>
          <textPath href={`#${pathId}`} textLength={CIRCUMFERENCE} lengthAdjust="spacing">
            {text}
          </textPath>
        </text>
      </svg>
    </div>
  )
}
