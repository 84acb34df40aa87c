/**
 * The sheets and rolls labels are printed on, measured in points (72 an
 * inch) from their makers' templates. Pure; the browser may load it.
 */

const INCH = 72

export interface Layout {
  name: string
  page: { width: number; height: number }
  label: { width: number; height: number }
  columns: number
  rows: number
  /** The first label's top-left corner, and the step to the next. */
  origin: { x: number; y: number }
  pitch: { x: number; y: number }
  padding: number
}

export const LAYOUTS = {
  'avery-5163': {
    name: '2" × 4", ten a letter sheet (Avery 5163)',
    page: { width: 8.5 * INCH, height: 11 * INCH },
    label: { width: 4 * INCH, height: 2 * INCH },
    columns: 2,
    rows: 5,
    origin: { x: 0.15625 * INCH, y: 0.5 * INCH },
    pitch: { x: 4.1875 * INCH, y: 2 * INCH },
    padding: 0.12 * INCH,
  },
  'avery-5164': {
    name: '3 1/3" × 4", six a letter sheet (Avery 5164)',
    page: { width: 8.5 * INCH, height: 11 * INCH },
    label: { width: 4 * INCH, height: (10 / 3) * INCH },
    columns: 2,
    rows: 3,
    origin: { x: 0.15625 * INCH, y: 0.5 * INCH },
    pitch: { x: 4.1875 * INCH, y: (10 / 3) * INCH },
    padding: 0.15 * INCH,
  },
  'thermal-2x1': {
    name: '2" × 1" thermal roll',
    page: { width: 2 * INCH, height: 1 * INCH },
    label: { width: 2 * INCH, height: 1 * INCH },
    columns: 1,
    rows: 1,
    origin: { x: 0, y: 0 },
    pitch: { x: 0, y: 0 },
    padding: 0.06 * INCH,
  },
} as const satisfies Record<string, Layout>

export type LayoutKey = keyof typeof LAYOUTS

export function isLayoutKey(value: string): value is LayoutKey {
  return Object.hasOwn(LAYOUTS, value)
}
