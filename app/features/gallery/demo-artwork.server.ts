import { CREAM } from '#app/content/brand-colors.ts'

/**
 * Illustrated stand-ins for a baker's photos, drawn in code so the demo gallery ships
 * without anyone's real pictures. The SVG sticks to what librsvg (sharp) renders well and
 * fast: shapes, gradients and clip paths. Soft shadows and bokeh are radial gradients
 * rather than blur filters, which made rendering several times slower.
 */

export interface DemoArtwork {
  /** The name an owner's camera might have given the photo, e.g. 'strawberry-layer-cake.jpg' */
  fileName: string
  /** Tags from the bakery's defaults: cake, birthday, chocolate, vanilla, cake-pops, cupcakes, strawberry, wedding, anniversary */
  tags: string[]
  width: number
  height: number
  /** A self-contained SVG document (no external references, no <script>, no <text>/fonts) */
  svg: string
}

const palette = {
  cream: CREAM,
  paper: '#fbefe3',
  cocoa: '#3b2418',
  chocolate: '#6b3e2e',
  raspberry: '#a93443',
  blush: '#f4c7c3',
  peach: '#f6d7c3',
  butter: '#f5d98b',
  sage: '#9db39a',
  sponge: '#eec17e',
  berry: '#d23a3f',
  leaf: '#5f8a4e',
  white: '#fffdf9',
}
const sprinkleColors = [palette.raspberry, palette.butter, palette.sage, '#f08fa0', '#7fb3d5']

type Point = [number, number]
type Attrs = Record<string, string | number>

/** Mulberry32: the same seed always scatters the same sprinkles, so renders are reproducible. */
function seededRandom(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = Math.imul(a ^ (a >>> 15), a | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function mix(from: string, to: string, amount: number): string {
  const channels = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16))
  const b = channels(to)
  const mixed = channels(from).map((v, i) => Math.round(v + ((b[i] ?? v) - v) * amount))
  return `#${mixed.map((v) => v.toString(16).padStart(2, '0')).join('')}`
}
const lighten = (color: string, amount: number) => mix(color, '#ffffff', amount)
// Shade toward cocoa rather than black so shadows stay warm.
const darken = (color: string, amount: number) => mix(color, '#2a160e', amount)
/** A gradient stop that is partly see-through, e.g. fade(palette.cocoa, 0.3). */
const fade = (color: string, opacity: number) => `${color}/${opacity}`

// One decimal place is invisible at these sizes and keeps the documents small.
const num = (n: number) => String(Math.round(n * 10) / 10)

/** Path data with every number rounded: d`M${x} ${y}L${x2} ${y2}`. */
const d = (parts: TemplateStringsArray, ...values: number[]) =>
  parts.reduce((out, part, i) => out + num(values[i - 1] ?? 0) + part)

const pathOf = (points: Point[]) => `M${points.map(([x, y]) => `${num(x)} ${num(y)}`).join('L')}Z`

function el(name: string, attrs: Attrs, children = ''): string {
  const list = Object.entries(attrs)
    .map(([key, value]) => ` ${key}="${typeof value === 'number' ? num(value) : value}"`)
    .join('')
  return children ? `<${name}${list}>${children}</${name}>` : `<${name}${list}/>`
}
const circle = (cx: number, cy: number, r: number, fill: string, more: Attrs = {}) =>
  el('circle', { cx, cy, r, fill, ...more })
const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, more: Attrs = {}) =>
  el('ellipse', { cx, cy, rx, ry, fill, ...more })
const rect = (x: number, y: number, w: number, h: number, fill: string, more: Attrs = {}) =>
  el('rect', { x, y, width: w, height: h, fill, ...more })
const path = (data: string, fill: string, more: Attrs = {}) =>
  el('path', { d: data, fill, ...more })
const line = (data: string, stroke: string, width: number, more: Attrs = {}) =>
  path(data, 'none', { stroke, 'stroke-width': width, 'stroke-linecap': 'round', ...more })
const turned = (x: number, y: number, angle: number, children: string) =>
  el('g', { transform: `translate(${num(x)} ${num(y)}) rotate(${num(angle)})` }, children)

function createScene(width: number, height: number, seed: number) {
  const defs: string[] = []
  const ids = new Map<string, string>()
  const body: string[] = []
  // Identical gradients are defined once, however many cupcakes share them.
  const define = (key: string, make: (id: string) => string) => {
    let id = ids.get(key)
    if (!id) {
      id = `d${ids.size}`
      ids.set(key, id)
      defs.push(make(id))
    }
    return `url(#${id})`
  }
  // Stops are spread evenly, which is all these soft, painterly gradients need.
  const stops = (colors: string[]) =>
    colors
      .map((stop, i) => {
        const [color = '', opacity = '1'] = stop.split('/')
        const offset = i / Math.max(1, colors.length - 1)
        return el('stop', { offset, 'stop-color': color, 'stop-opacity': opacity })
      })
      .join('')
  return {
    width,
    height,
    random: seededRandom(seed),
    /** Top to bottom unless told otherwise: [x1, y1, x2, y2] as fractions of the shape. */
    linear: (colors: string[], [x1 = 0, y1 = 0, x2 = 0, y2 = 1]: number[] = []) =>
      define(`l${[x1, y1, x2, y2, ...colors]}`, (id) =>
        el('linearGradient', { id, x1, y1, x2, y2 }, stops(colors)),
      ),
    /** Centred unless told otherwise: [cx, cy, r, fx, fy] as fractions of the shape. */
    radial: (colors: string[], [cx = 0.5, cy = 0.5, r = 0.5, fx = cx, fy = cy]: number[] = []) =>
      define(`r${[cx, cy, r, fx, fy, ...colors]}`, (id) =>
        el('radialGradient', { id, cx, cy, r, fx, fy }, stops(colors)),
      ),
    clip: (shape: string) => define(`c${shape}`, (id) => el('clipPath', { id }, shape)),
    add: (...parts: string[]) => void body.push(...parts),
    svg: () =>
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
      `viewBox="0 0 ${width} ${height}"><defs>${defs.join('')}</defs>${body.join('')}</svg>`,
  }
}
type Scene = ReturnType<typeof createScene>

/** Left-to-right shading that makes a flat band read as the side of something round. */
const roundSide = (s: Scene, color: string) =>
  s.linear([darken(color, 0.3), lighten(color, 0.25), color, darken(color, 0.38)], [0, 0, 1, 0])

/** A glossy ball or dollop lit from the upper left. */
const glossy = (s: Scene, color: string) =>
  s.radial([lighten(color, 0.6), color, darken(color, 0.3)], [0.4, 0.35, 0.7, 0.32, 0.26])

/** A soft-edged disc: bokeh and contact shadows without a (slow) blur filter. */
const soft = (s: Scene, color: string, opacity: number) =>
  s.radial([fade(color, opacity), fade(color, opacity * 0.65), fade(color, 0)])

function shadow(s: Scene, cx: number, cy: number, rx: number, ry: number, opacity = 0.45) {
  s.add(ellipse(cx, cy, rx, ry, soft(s, palette.cocoa, opacity)))
}

/** The visible front strip of a cylinder between two heights. */
const band = (cx: number, top: number, bottom: number, rx: number, ry: number) =>
  d`M${cx - rx} ${top}A${rx} ${ry} 0 0 0 ${cx + rx} ${top}` +
  d`L${cx + rx} ${bottom}A${rx} ${ry} 0 0 1 ${cx - rx} ${bottom}Z`

function backdrop(s: Scene, wall: string[], table: string[], horizon: number) {
  const { width: w, height: h } = s
  const y = h * horizon
  s.add(rect(0, 0, w, y + 2, s.linear(wall)))
  // Window light from the upper left, then out-of-focus lights behind the cake.
  s.add(ellipse(w * 0.2, y * 0.15, w * 0.6, y, soft(s, '#ffffff', 0.75)))
  for (let i = 0; i < 18; i++) {
    const color = [palette.butter, palette.white, palette.peach, palette.blush][i % 4] ?? '#fff'
    const r = 20 + s.random() * 70
    s.add(circle(s.random() * w, s.random() * y * 0.9, r, soft(s, color, 0.3 + s.random() * 0.4)))
  }
  s.add(rect(0, y, w, h - y, s.linear(table)))
  s.add(rect(0, y, w, h * 0.05, s.linear([fade(palette.cocoa, 0.22), fade(palette.cocoa, 0)])))
}

/** Wood grain: boards widen toward the viewer, which sells the perspective. */
function woodGrain(s: Scene, horizon: number, color: string) {
  const { width: w, height: h } = s
  const top = h * horizon
  for (let i = 1; i < 14; i++) {
    const y = top + (h - top) * (i / 14) ** 1.5
    const bend = 4 + s.random() * 8
    const grain = d`M0 ${y}Q${w * 0.3} ${y - bend} ${w * 0.6} ${y + bend / 2}T${w} ${y}`
    s.add(line(grain, darken(color, 0.35), 1 + i * 0.2, { opacity: i % 3 ? 0.2 : 0.45 }))
  }
}

function vignette(s: Scene) {
  const edges = [fade(palette.cocoa, 0), fade(palette.cocoa, 0), fade(palette.cocoa, 0.3)]
  s.add(rect(0, 0, s.width, s.height, s.radial(edges, [0.5, 0.45, 0.75])))
}

function sprinkles(s: Scene, count: number, place: () => Point, size: number): string {
  let out = ''
  for (let i = 0; i < count; i++) {
    const [x, y] = place()
    const color = sprinkleColors[i % sprinkleColors.length] ?? palette.butter
    out += turned(x, y, s.random() * 180, rect(-size, -size * 0.28, size * 2, size * 0.56, color))
  }
  return out
}

/** Piped buttercream: stacked rings narrowing to a soft peak, base centred on (x, y). */
function frostingSwirl(s: Scene, x: number, y: number, width: number, color: string): string {
  const shading = [lighten(color, 0.6), color, darken(color, 0.18)]
  const fill = s.radial(shading, [0.42, 0.3, 0.8, 0.36, 0.12])
  const groove = { stroke: darken(color, 0.3), 'stroke-opacity': 0.25, 'stroke-width': width / 90 }
  let out = ''
  let cy = y
  for (const [i, k] of [1, 0.8].entries()) {
    const ry = width * (0.17 - i * 0.015)
    out += ellipse(x + (i ? -1 : 1) * width * 0.015, cy, (width / 2) * k, ry, fill, groove)
    cy -= ry * 1.05
  }
  // The last ring rises to a soft kiss-shaped peak; a pointed, curled tip reads as something else.
  const [rx, ry, peak, lip] = [width * 0.29, width * 0.13, cy - width * 0.26, width * 0.05]
  const kiss =
    d`M${x - rx} ${cy}C${x - rx} ${cy - ry * 1.3} ${x - rx * 0.2} ${peak + lip} ${x} ${peak}` +
    d`C${x + rx * 0.2} ${peak + lip} ${x + rx} ${cy - ry * 1.3} ${x + rx} ${cy}` +
    d`A${rx} ${ry} 0 0 1 ${x - rx} ${cy}Z`
  const turn = d`M${x - rx * 0.85} ${cy - ry * 0.6}Q${x} ${cy + ry * 0.2} ${x + rx * 0.6} ${cy - ry * 1.5}`
  const spiral = line(turn, darken(color, 0.3), width / 70, { opacity: 0.2 })
  return out + path(kiss, fill, groove) + spiral
}

interface CupcakeLook {
  liner: string
  frosting: string
  sprinkles?: boolean
  berry?: boolean
  shavings?: boolean
}

function cupcake(s: Scene, x: number, base: number, width: number, look: CupcakeLook): string {
  const top = base - width * 0.55
  const [half, foot, sag] = [width / 2, width * 0.37, width * 0.08]
  const dome = s.radial([palette.sponge, darken(palette.sponge, 0.3)])
  let out = ellipse(x, top, width * 0.53, width * 0.2, dome)
  const liner =
    d`M${x - half} ${top}L${x - foot} ${base}Q${x} ${base + sag} ${x + foot} ${base}` +
    d`L${x + half} ${top}Q${x} ${top + sag} ${x - half} ${top}Z`
  out += path(liner, roundSide(s, look.liner))
  // Pleats converge toward the base like a real paper case.
  let pleats = ''
  for (let t = -0.4; t < 0.45; t += 0.1) {
    pleats += d`M${x + t * width} ${top + 6}L${x + t * foot * 2} ${base}`
  }
  out += line(pleats, darken(look.liner, 0.4), width / 90, { opacity: 0.35 })
  const cap = top - width * 0.06
  out += frostingSwirl(s, x, cap, width * 1.04, look.frosting)
  const onFrosting = (): Point => [x + (s.random() - 0.5) * width * 0.75, cap - s.random() * 40]
  if (look.sprinkles) out += sprinkles(s, 16, onFrosting, width * 0.035)
  for (let i = 0; look.shavings && i < 9; i++) {
    const [sx, sy] = onFrosting()
    out += ellipse(sx, sy, width * 0.045, width * 0.018, palette.cocoa, { opacity: 0.85 })
  }
  if (look.berry) out += strawberry(s, x, cap - width * 0.5, width * 0.3, 12)
  return out
}

/** A strawberry hanging from (x, y), the top of its leaves; angle 180 stands it on its tip. */
function strawberry(s: Scene, x: number, y: number, size: number, angle = 0): string {
  const [w, h] = [size, size * 1.15]
  const [sx, sy] = [0.48 * w, 0.08 * h]
  const outline =
    d`M${-sx} ${sy}C${-0.4 * w} ${-0.1 * h} ${0.4 * w} ${-0.1 * h} ${sx} ${sy}` +
    d`C${0.55 * w} ${0.45 * h} ${0.2 * w} ${0.9 * h} 0 ${h}` +
    d`C${-0.2 * w} ${0.9 * h} ${-0.55 * w} ${0.45 * h} ${-sx} ${sy}Z`
  let out = path(outline, glossy(s, palette.berry))
  for (let row = 1; row < 5; row++) {
    const reach = w * 0.4 * (1 - row * 0.18)
    for (let seed = -reach + (row % 2) * w * 0.08; seed <= reach; seed += w * 0.16) {
      out += ellipse(seed, row * h * 0.18, w * 0.022, w * 0.038, palette.butter, { opacity: 0.85 })
    }
  }
  for (const a of [-160, -125, -90, -55, -20]) out += leaf(s, 0, 0, w * 0.34, a, palette.leaf)
  return turned(x, y, angle, out)
}

function leaf(s: Scene, x: number, y: number, length: number, angle: number, color = palette.sage) {
  const [l, bulge] = [length, length * 0.3]
  const fill = s.linear([lighten(color, 0.2), darken(color, 0.25)])
  const blade = path(d`M0 0Q${l * 0.45} ${-bulge} ${l} 0Q${l * 0.45} ${bulge} 0 0Z`, fill)
  const vein = line(d`M0 0L${l * 0.85} 0`, darken(color, 0.35), l * 0.03, { opacity: 0.6 })
  return turned(x, y, angle, blade + vein)
}

/** A rose seen from above: rings of petals around a tight bud, outer petals lightest. */
function rose(s: Scene, x: number, y: number, r: number, color: string): string {
  const petal = s.linear([darken(color, 0.25), lighten(color, 0.3)], [0, 0, 1, 0])
  const edge = { stroke: darken(color, 0.2), 'stroke-width': r * 0.025, 'stroke-opacity': 0.5 }
  const rings = [
    { count: 6, reach: 0.55, size: 0.48, twist: 0 },
    { count: 5, reach: 0.32, size: 0.4, twist: 35 },
    { count: 4, reach: 0.14, size: 0.3, twist: 70 },
  ]
  let out = ''
  for (const { count, reach, size, twist } of rings) {
    for (let i = 0; i < count; i++) {
      const a = twist + (i * 360) / count
      const [cos, sin] = [Math.cos((a * Math.PI) / 180), Math.sin((a * Math.PI) / 180)]
      const shape = ellipse(0, 0, r * size, r * size * 0.8, petal, edge)
      out += turned(x + cos * r * reach, y + sin * r * reach * 0.85, a, shape)
    }
  }
  const b = r * 0.12
  const curl = d`M${x - b} ${y}A${b} ${b * 0.8} 0 1 1 ${x + b / 2} ${y + b * 0.7}`
  const bud = line(curl, darken(color, 0.45), b / 3)
  return out + circle(x, y, r * 0.16, darken(color, 0.12)) + bud
}

function candle(s: Scene, x: number, base: number, height: number, color: string): string {
  const w = height * 0.16
  const top = base - height
  let out = rect(x - w / 2, top, w, height, roundSide(s, color), { rx: w * 0.3 })
  let stripes = ''
  for (const t of [0.15, 0.45, 0.75]) stripes += d`M${x - w / 2} ${top + height * t + w}l${w} ${-w}`
  out += line(stripes, palette.white, w * 0.3, { 'stroke-linecap': 'butt', opacity: 0.85 })
  out += line(d`M${x} ${top}l0 ${-w * 0.7}`, palette.cocoa, w * 0.15)
  const f = top - w * 0.6
  out += circle(x, f - w, w * 3.4, soft(s, palette.butter, 0.8))
  const flame = s.radial(['#ffffff', '#ffe9a0', '#f39a3c'], [0.5, 0.7, 0.6])
  const [c1, c2, tip] = [w * 0.9, w * 1.4, w * 2.6]
  const right = d`M${x} ${f - tip}C${x + c1} ${f - c2} ${x + c1} ${f} ${x} ${f}`
  return out + path(right + d`C${x - c1} ${f} ${x - c1} ${f - c2} ${x} ${f - tip}Z`, flame)
}

function cakeStand(s: Scene, cx: number, plateY: number, rx: number, floor: number, color: string) {
  const [neck, waist, foot, collar] = [rx * 0.16, rx * 0.1, rx * 0.55, floor - 22]
  const [mid, low] = [(plateY + floor) / 2, floor - 50]
  const column =
    d`M${cx - neck} ${plateY}C${cx - waist} ${mid} ${cx - waist} ${low} ${cx - foot * 0.6} ${collar}` +
    d`L${cx + foot * 0.6} ${collar}C${cx + waist} ${low} ${cx + waist} ${mid} ${cx + neck} ${plateY}Z`
  const plateTop = s.linear([lighten(color, 0.4), lighten(color, 0.05)])
  shadow(s, cx + 20, floor + 4, foot * 1.5, foot * 0.4)
  s.add(
    path(band(cx, collar, floor, foot, foot * 0.22), roundSide(s, color)),
    ellipse(cx, collar, foot, foot * 0.22, lighten(color, 0.15)),
    path(column, roundSide(s, color)),
    path(band(cx, plateY, plateY + rx * 0.06, rx, rx * 0.22), roundSide(s, color)),
    ellipse(cx, plateY, rx, rx * 0.22, plateTop),
  )
}

interface PopLook {
  coating: string
  drizzle?: string
  sprinkles?: boolean
}

/** A cake pop of radius r centred on (x, y) whose stick runs to `end`. */
function cakePop(s: Scene, [x, y]: Point, r: number, end: Point, look: PopLook) {
  let out = line(d`M${x} ${y}L${end[0]} ${end[1]}`, '#f3ece3', r * 0.17)
  out += circle(x, y, r, glossy(s, look.coating))
  let decoration = ''
  if (look.drizzle) {
    // Drizzle swings back and forth across the pop in loose, uneven curves.
    let drizzle = d`M${x - r * 1.1} ${y - r * 0.7}`
    for (let i = 1; i <= 9; i++) {
      const [px, py] = [x - r * 1.1 + (i * r * 2.2) / 9, y - r * 0.7 + i * r * 0.13]
      const swing = (i % 2 ? 0.7 : -0.7) * r * (0.6 + s.random() * 0.5)
      drizzle += d`Q${px - r * 0.12} ${py + swing} ${px} ${py}`
    }
    decoration += line(drizzle, look.drizzle, r * 0.08)
  }
  if (look.sprinkles) {
    const anywhere = (): Point => [x + (s.random() - 0.5) * 2 * r, y + (s.random() - 0.5) * 2 * r]
    decoration += sprinkles(s, 18, anywhere, r * 0.09)
  }
  out += el('g', { 'clip-path': s.clip(circle(x, y, r * 0.97, '#000')) }, decoration)
  return out + ellipse(x - r * 0.38, y - r * 0.42, r * 0.2, r * 0.12, '#ffffff', { opacity: 0.6 })
}

const artwork = (s: Scene, fileName: string, tags: string[]): DemoArtwork => {
  vignette(s)
  return { fileName, tags, width: s.width, height: s.height, svg: s.svg() }
}

function strawberryLayerCake(): DemoArtwork {
  const s = createScene(1600, 1200, 11)
  backdrop(s, [palette.paper, palette.peach], ['#c99a73', '#8f5f40'], 0.62)
  woodGrain(s, 0.62, '#8f5f40')
  const [cx, plate, rx, ry] = [800, 790, 300, 66]
  cakeStand(s, cx, plate, 420, 1010, palette.sage)
  shadow(s, cx + 25, plate + 8, rx * 1.08, ry * 1.2, 0.5)
  // Bottom to top: sponge, cream, sponge, cream, sponge.
  const [crumb, faint] = [darken(palette.sponge, 0.3), { opacity: 0.3 }]
  let y = plate - 6
  for (const [i, h] of [92, 34, 88, 34, 86].entries()) {
    const sponge = i % 2 === 0
    s.add(path(band(cx, y - h, y, rx, ry), roundSide(s, sponge ? palette.sponge : palette.cream)))
    for (let a = 0.22; a < Math.PI; a += sponge ? 0.09 : 0.36) {
      // Sliced berries peek out of the cream; crumbs freckle the bare sponge.
      const [bx, by] = [cx - Math.cos(a) * rx * 0.97, y - h / 2 + Math.sin(a) * ry]
      if (sponge) s.add(circle(bx, by + (s.random() - 0.5) * h, 2 + s.random() * 2, crumb, faint))
      else s.add(ellipse(bx, by, 24 * Math.sin(a) + 4, h * 0.42, glossy(s, palette.berry)))
    }
    y -= h
  }
  s.add(ellipse(cx, y, rx, ry, s.radial([palette.white, palette.paper])))
  // Decorations around the rim, painted back to front so nearer ones overlap.
  const whipped = '#fdf3e6'
  const rim = Array.from({ length: 12 }, (_, i) => ({ a: (i * Math.PI) / 6, swirl: i % 2 === 1 }))
  for (const { a, swirl } of rim.sort((p, q) => Math.sin(p.a) - Math.sin(q.a))) {
    const [px, py] = [cx + Math.cos(a) * rx * 0.8, y + Math.sin(a) * ry * 0.8]
    s.add(swirl ? frostingSwirl(s, px, py - 4, 84, whipped) : strawberry(s, px, py - 4, 58, 180))
  }
  s.add(leaf(s, cx - 40, y - 24, 70, 200), leaf(s, cx + 30, y - 20, 64, -20))
  s.add(strawberry(s, cx - 30, y - 8, 76, 170), strawberry(s, cx + 40, y + 6, 70, 195))
  for (const [sx, sy, angle] of [
    [1180, 1060, 80],
    [1265, 1010, -60],
    [330, 1090, 100],
  ] as const) {
    shadow(s, sx, sy + 30, 50, 16, 0.4)
    s.add(strawberry(s, sx, sy, 66, angle))
  }
  return artwork(s, 'strawberry-layer-cake.jpg', ['cake', 'strawberry'])
}

function vanillaCupcakeTray(): DemoArtwork {
  const s = createScene(1600, 1200, 23)
  backdrop(s, ['#fbf1e4', '#f1dcae'], [palette.paper, '#dcc4ac'], 0.48)
  // A baking sheet in perspective: the back edge is narrower than the front.
  const sheet = (i: number) =>
    d`M${400 + i} ${610 + i * 0.6}L${1200 - i} ${610 + i * 0.6}` +
    d`L${1400 - i} ${1130 - i * 0.6}L${200 + i} ${1130 - i * 0.6}Z`
  shadow(s, 810, 1140, 700, 60)
  s.add(rect(200, 1128, 1200, 22, '#8d857d'))
  s.add(path(sheet(0), s.linear(['#d9d3cc', '#a8a097'])))
  s.add(path(sheet(26), s.linear([palette.white, '#f3e9dc'])))
  const liners = [palette.sage, palette.blush, palette.white, palette.butter]
  // Three rows, each nearer, larger and more widely spaced than the one behind it.
  for (const [row, base, width] of [740, 900, 1085].map((b, i) => [i, b, 150 + i * 32] as const)) {
    for (let col = 0; col < 4; col++) {
      const x = 800 + (col - 1.5) * width * 1.32
      const liner = liners[(col + row) % 4] ?? palette.white
      shadow(s, x + 12, base + 4, width * 0.5, width * 0.1, 0.35)
      const look = { liner, frosting: '#fff0d2', sprinkles: (col + row) % 3 === 0 }
      s.add(cupcake(s, x, base, width, look))
    }
  }
  return artwork(s, 'vanilla-cupcakes-tray.jpg', ['cupcakes', 'vanilla'])
}

function chocolateCakePopsJar(): DemoArtwork {
  const s = createScene(1200, 1500, 37)
  backdrop(s, [palette.blush, palette.peach], ['#d3a787', '#9a6a4a'], 0.66)
  woodGrain(s, 0.66, '#9a6a4a')
  const [cx, top, bottom, half] = [600, 930, 1330, 200]
  shadow(s, cx + 30, bottom + 6, 280, 40)
  const [milk, dark] = ['#8a5a3c', '#4a2a1e']
  const pops: [Point, PopLook][] = [
    [[600, 420], { coating: palette.chocolate, drizzle: palette.white }],
    [[440, 520], { coating: milk, drizzle: palette.blush }],
    [[765, 515], { coating: dark, sprinkles: true }],
    [[335, 690], { coating: dark, drizzle: palette.butter }],
    [[520, 680], { coating: '#f0e2d0', drizzle: palette.chocolate }],
    [[690, 690], { coating: palette.raspberry, drizzle: palette.white }],
    [[870, 700], { coating: milk, sprinkles: true }],
  ]
  // Sticks converge into the jar; the sugar pearls and glass are painted over them.
  for (const [at, look] of pops)
    s.add(cakePop(s, at, 82, [cx + (at[0] - cx) * 0.3, bottom - 80], look))
  const [l, r, round] = [cx - half, cx + half, 40]
  const jar =
    d`M${l} ${top}L${l} ${bottom - round}Q${l} ${bottom} ${l + round} ${bottom}` +
    d`L${r - round} ${bottom}Q${r} ${bottom} ${r} ${bottom - round}L${r} ${top}Z`
  let pearls = ''
  for (let i = 0; i < 300; i++) {
    const [px, py] = [l + s.random() * half * 2, top + 110 + s.random() * (bottom - top - 110)]
    const color = [palette.blush, palette.white, palette.butter][i % 3] ?? palette.white
    pearls += circle(px, py, 9 + s.random() * 4, glossy(s, color))
  }
  s.add(el('g', { 'clip-path': s.clip(path(jar, '#000')) }, pearls))
  const glass = s.linear(
    ['#ffffff/0.4', '#ffffff/0.06', '#ffffff/0.06', '#ffffff/0.06', '#ffffff/0.3'],
    [0, 0, 1, 0],
  )
  const glint = { stroke: '#ffffff', 'stroke-opacity': 0.65, 'stroke-width': 5 }
  s.add(path(jar, glass, glint), ellipse(cx, top, half, 26, 'none', glint))
  s.add(rect(l + 26, top + 30, 18, bottom - top - 90, '#ffffff', { rx: 9, opacity: 0.45 }))
  // A ribbon tied around the neck.
  const knot = top + 90
  const ribbon = roundSide(s, palette.raspberry)
  s.add(path(band(cx, top + 50, knot, half, 22), ribbon))
  s.add(path(d`M${cx} ${knot}l-70 -45l0 90zM${cx} ${knot}l70 -45l0 90z`, ribbon))
  s.add(line(d`M${cx - 8} ${knot + 10}l-30 90M${cx + 8} ${knot + 10}l35 85`, palette.raspberry, 16))
  s.add(circle(cx, knot, 17, glossy(s, palette.raspberry)))
  shadow(s, 930, 1425, 200, 30, 0.4)
  s.add(cakePop(s, [1010, 1390], 72, [780, 1445], { coating: palette.chocolate, sprinkles: true }))
  return artwork(s, 'chocolate-cake-pops-jar.jpg', ['cake-pops', 'chocolate'])
}

function threeTierWeddingCake(): DemoArtwork {
  const s = createScene(1200, 1500, 41)
  backdrop(s, ['#f3ece4', '#e9dccf'], [palette.cream, '#e6d5c3'], 0.7)
  const cx = 600
  cakeStand(s, cx, 1170, 380, 1340, '#eae2d7')
  shadow(s, cx + 20, 1176, 330, 70, 0.4)
  const pearl = glossy(s, '#f0e0c8')
  let base = 1160
  const tops: number[] = []
  for (const [w, h] of [300, 230, 160].map((w, i) => [w, 260 - i * 25] as const)) {
    const [ry, lace] = [w * 0.2, base - h * 0.45]
    s.add(path(band(cx, base - h, base, w, ry), roundSide(s, '#fbf5ec')))
    // Swags of piped lace, then a row of sugar pearls to hide the join between tiers.
    const step = (Math.PI - 0.3) / 6
    for (let a = 0.15; a < Math.PI - 0.2; a += step) {
      const [x0, x1] = [cx - Math.cos(a) * w, cx - Math.cos(a + step) * w]
      const [y0, y1] = [lace + Math.sin(a) * ry, lace + Math.sin(a + step) * ry]
      const swag = d`M${x0} ${y0}Q${(x0 + x1) / 2} ${(y0 + y1) / 2 + h / 4} ${x1} ${y1}`
      s.add(line(swag, '#e6d8c4', 6))
    }
    for (let a = 0.08; a < Math.PI; a += 0.13) {
      s.add(circle(cx - Math.cos(a) * w * 0.99, base + Math.sin(a) * ry - 6, 9, pearl))
    }
    base -= h
    s.add(ellipse(cx, base, w, ry, s.linear(['#ffffff', '#f4ece1'])))
    tops.push(base)
  }
  const [bottomTier = 0, middleTier = 0, topTier = 0] = tops
  // Sugar flowers cascade from the top tier down the front-right side.
  const cascade: [number, number, number, string][] = [
    [610, topTier + 5, 64, palette.blush],
    [690, topTier + 60, 50, '#e8a3a8'],
    [740, middleTier + 70, 58, palette.peach],
    [790, middleTier + 170, 46, palette.blush],
    [830, bottomTier + 80, 66, '#e8a3a8'],
    [770, bottomTier + 180, 52, palette.cream],
    [870, bottomTier + 250, 44, palette.blush],
  ]
  for (const [x, y, r] of cascade) {
    s.add(leaf(s, x - r * 0.6, y + r * 0.3, r * 1.4, 150), leaf(s, x + r / 2, y + r / 2, r, 30))
  }
  for (const [x, y, r, color] of cascade) s.add(rose(s, x, y, r, color))
  return artwork(s, 'three-tier-wedding-cake.jpg', ['wedding', 'cake'])
}

function chocolateDripBirthdayCake(): DemoArtwork {
  const s = createScene(1600, 1200, 53)
  backdrop(s, ['#fbe4d8', palette.blush], ['#e6cdb7', '#c39f80'], 0.64)
  const [cx, rx, ry, bottom, top] = [800, 320, 70, 1010, 600]
  shadow(s, cx + 30, bottom + 30, 470, 100)
  s.add(path(band(cx, bottom, bottom + 26, 410, 90), roundSide(s, '#b07a52')))
  s.add(ellipse(cx, bottom, 410, 90, s.linear(['#d5a47a', '#b98558'])))
  s.add(path(band(cx, top, bottom - 20, rx, ry), roundSide(s, palette.blush)))
  const onSide = (): Point => {
    const a = 0.2 + s.random() * (Math.PI - 0.4)
    return [cx - Math.cos(a) * rx * 0.95, top + 170 + s.random() * 190 + Math.sin(a) * ry]
  }
  s.add(sprinkles(s, 70, onSide, 7))
  // Ganache runs over the front rim in drips of uneven length.
  let drip = d`M${cx - rx} ${top}`
  for (let i = 1; i <= 14; i++) {
    const a = Math.PI - (i / 15) * Math.PI
    const [x, y, len] = [cx + Math.cos(a) * rx, top + Math.sin(a) * ry, 40 + s.random() * 120]
    drip += d`L${x - 12} ${y + 10}L${x - 12} ${y + len}A12 12 0 0 0 ${x + 12} ${y + len}L${x + 12} ${y + 10}`
  }
  drip += d`L${cx + rx} ${top}A${rx} ${ry} 0 0 0 ${cx - rx} ${top}Z`
  s.add(path(drip, roundSide(s, '#5a321f')))
  s.add(ellipse(cx, top, rx, ry, s.radial(['#7e4a33', '#4e2a1b'], [0.4, 0.4, 0.7])))
  const colors = [palette.sage, palette.raspberry, palette.butter, palette.sage, palette.raspberry]
  for (const [i, color] of colors.entries()) {
    s.add(candle(s, cx - 170 + i * 90, top + (i % 2 ? -22 : 12), 150, color))
  }
  // Rosettes sit just inside the front rim, following the curve of the top.
  for (const dx of [-250, -130, 0, 130, 250]) {
    const rimY = top + ry * 0.9 * Math.sqrt(1 - (dx / rx) ** 2)
    s.add(frostingSwirl(s, cx + dx, rimY, 76, palette.cream))
  }
  s.add(sprinkles(s, 40, () => [200 + s.random() * 1200, 1100 + s.random() * 90], 8))
  return artwork(s, 'chocolate-drip-birthday-cake.jpg', ['birthday', 'chocolate', 'cake'])
}

/** The classic heart curve, squashed vertically so it seems to lie on the table. */
function heartOutline(cx: number, cy: number, size: number, from = 0, to = Math.PI * 2): Point[] {
  return Array.from({ length: 97 }, (_, i) => {
    const t = from + ((to - from) * i) / 96
    const rise = 13 * Math.cos(t) - 5 * Math.cos(2 * t) - 2 * Math.cos(3 * t) - Math.cos(4 * t)
    return [cx + size * Math.sin(t) ** 3, cy - (size * 0.62 * rise) / 16]
  })
}

/** Points every `gap` pixels along a polyline, so piped beads sit evenly however it curves. */
function evenly(points: Point[], gap: number): Point[] {
  const out: Point[] = []
  let [px, py] = points[0] ?? [0, 0]
  let travelled = 0
  for (const [x, y] of points.slice(1)) {
    const length = Math.hypot(x - px, y - py)
    for (; travelled <= length; travelled += gap) {
      out.push([px + ((x - px) * travelled) / length, py + ((y - py) * travelled) / length])
    }
    travelled -= length
    px = x
    py = y
  }
  return out
}

function anniversaryHeartCake(): DemoArtwork {
  const s = createScene(1400, 1400, 67)
  backdrop(s, ['#f6dcd4', palette.peach], [palette.cream, '#ecd3be'], 0.3)
  // Rose petals scattered on the table, those behind the cake painted before it.
  const petals = (top: number, spread: number) => {
    for (let i = 0; i < 7; i++) {
      const [x, y] = [80 + s.random() * 1240, top + s.random() * spread]
      const petal = path('M0 0C22 -26 50 -16 46 6C40 26 14 22 0 0Z', glossy(s, '#d9737d'))
      s.add(turned(x, y, s.random() * 360, petal))
    }
  }
  petals(440, 50)
  const [cx, cy, size, depth] = [700, 660, 470, 130]
  shadow(s, cx + 30, cy + 230, 620, 330, 0.4)
  // Only the front half of the outline shows a side; the top hides the rest.
  const front = heartOutline(cx, cy, size, Math.PI / 2, Math.PI * 1.5)
  const lowered = front.map(([x, y]): Point => [x, y + depth]).reverse()
  s.add(path(pathOf([...front, ...lowered]), roundSide(s, palette.raspberry)))
  const top = heartOutline(cx, cy, size)
  s.add(path(pathOf(top), s.radial(['#d8646f', palette.raspberry], [0.4, 0.3, 0.8])))
  const bead = glossy(s, palette.cream)
  for (const [x, y] of evenly(heartOutline(cx, cy - 5, size * 0.74), 24)) {
    s.add(circle(x, y, 7, bead))
  }
  for (const [x, y] of evenly(top, 32)) s.add(circle(x, y, 17, bead))
  for (const [x, y] of evenly(lowered, 30)) s.add(circle(x, y - 8, 15, bead))
  s.add(leaf(s, 560, 610, 120, 200), leaf(s, 620, 660, 110, 120), leaf(s, 790, 560, 100, -40))
  s.add(rose(s, 620, 590, 100, palette.blush), strawberry(s, 770, 540, 92, 200))
  s.add(strawberry(s, 850, 590, 84, 150), rose(s, 740, 670, 76, palette.cream))
  petals(1220, 140)
  return artwork(s, 'anniversary-heart-cake.jpg', ['anniversary', 'cake', 'strawberry'])
}

function assortedCupcakeBox(): DemoArtwork {
  const s = createScene(1600, 1200, 79)
  backdrop(s, [palette.paper, '#f2dcc6'], ['#b98a64', '#7d5238'], 0.58)
  woodGrain(s, 0.58, '#7d5238')
  const kraft = '#d6ae83'
  const [left, right, rim, wall, floor] = [250, 1350, 700, 860, 1080]
  shadow(s, 820, floor + 10, 680, 60)
  // The open lid leans back behind the box; the inside of the box is in shade.
  const lid = d`M${left + 10} ${rim}L${left + 70} 300L${right - 70} 300L${right - 10} ${rim}Z`
  const inside = d`M${left + 10} ${rim}L${right - 10} ${rim}L${right} ${wall}L${left} ${wall}Z`
  s.add(path(lid, s.linear([lighten(kraft, 0.15), darken(kraft, 0.15)])))
  s.add(path(inside, s.linear([darken(kraft, 0.45), darken(kraft, 0.3)])))
  const flavours: CupcakeLook[] = [
    { liner: palette.chocolate, frosting: '#8b563c', shavings: true },
    { liner: palette.white, frosting: '#f6b7c0', berry: true },
    { liner: palette.sage, frosting: palette.cream, sprinkles: true },
    { liner: palette.raspberry, frosting: '#f6b7c0', sprinkles: true },
  ]
  for (let i = 0; i < 8; i++) {
    const [row, col] = [Math.floor(i / 4), i % 4]
    const look = flavours[(col + row * 2) % 4] ?? { liner: kraft, frosting: palette.cream }
    const [base, width] = row ? [wall + 120, 240] : [rim + 80, 215]
    s.add(cupcake(s, 800 + (col - 1.5) * width * 1.1, base, width, look))
  }
  s.add(rect(left, wall, right - left, floor - wall, s.linear([kraft, darken(kraft, 0.18)])))
  s.add(rect(left, wall, right - left, 10, lighten(kraft, 0.35)))
  // A round sticker with a heart stands in for the shop's label.
  s.add(circle(800, 975, 70, glossy(s, palette.raspberry)))
  s.add(path('M800 1010C740 970 760 925 800 950C840 925 860 970 800 1010Z', palette.cream))
  return artwork(s, 'assorted-cupcakes-box.jpg', ['cupcakes', 'chocolate', 'strawberry'])
}

function vanillaBirthdaySlice(): DemoArtwork {
  const s = createScene(1600, 1200, 97)
  backdrop(s, ['#eef0e4', '#dce4d2'], [palette.paper, '#e3cfba'], 0.5)
  // A wedge in a simple oblique projection: u to the right, v away from the viewer, z up.
  const [ox, oy, R, H] = [400, 920, 720, 280]
  // The cut starts at 19 degrees, where the rounded back turns away from the viewer.
  const [cut, span] = [19, 36]
  const polar = (deg: number, r: number, z: number): Point => {
    const [u, v] = [Math.cos((deg * Math.PI) / 180) * r, Math.sin((deg * Math.PI) / 180) * r]
    return [ox + u + v * 0.35, oy - v * 0.45 - z]
  }
  const arc = (z: number) =>
    Array.from({ length: 17 }, (_, i) => polar(cut + (i * span) / 16, R, z))
  shadow(s, 830, 920, 720, 230, 0.35)
  s.add(ellipse(820, 890, 640, 200, s.radial([palette.white, '#f6f1ea', '#f6f1ea', '#d9cec1'])))
  s.add(ellipse(820, 880, 520, 150, s.radial(['#efe7dc', '#efe7dc', '#efe7dc', '#e2d6c8'])))
  s.add(ellipse(820, 890, 600, 185, 'none', { stroke: palette.sage, 'stroke-width': 5 }))
  shadow(s, 790, 800, 440, 130, 0.3)
  // A tight contact shadow along the cut edge keeps the slice from floating above the plate.
  const [[ax, ay], [bx, by]] = [polar(cut, 0, 0), polar(cut, R, 0)]
  const along = (Math.atan2(by - ay, bx - ax) * 180) / Math.PI
  s.add(
    turned(
      (ax + bx) / 2,
      (ay + by) / 2,
      along,
      ellipse(0, 0, R * 0.56, 24, soft(s, palette.cocoa, 0.6)),
    ),
  )
  s.add(path(pathOf([...arc(0), ...arc(H).reverse()]), roundSide(s, palette.cream)))
  const face = (z0: number, z1: number, fill: string) =>
    path(pathOf([polar(cut, 0, z0), polar(cut, R, z0), polar(cut, R, z1), polar(cut, 0, z1)]), fill)
  s.add(face(0, H, s.linear(['#f8eee2', '#ecdcc8'])))
  for (const [z0, z1] of [12, 150].map((z) => [z, z + 112] as const)) {
    s.add(face(z0, z1, s.linear(['#f6dca5', '#ecc98a'])))
    // Funfetti: the sprinkles are baked into the sponge as well as scattered on top.
    const inSponge = () => polar(cut, R * s.random(), z0 + 12 + s.random() * (z1 - z0 - 24))
    s.add(sprinkles(s, 60, inSponge, 7))
  }
  s.add(path(pathOf([polar(0, 0, H), ...arc(H)]), s.linear([palette.white, '#f6ebdd'])))
  const onTop = () => polar(cut + 2 + s.random() * (span - 4), (0.12 + s.random() * 0.82) * R, H)
  s.add(sprinkles(s, 90, onTop, 7))
  const [fx, fy] = polar(cut + span / 2, R * 0.84, H)
  s.add(frostingSwirl(s, fx, fy + 10, 130, '#fbe0e4'))
  const [kx, ky] = polar(cut + span / 2, R * 0.52, H)
  s.add(candle(s, kx, ky, 190, palette.sage))
  s.add(sprinkles(s, 14, () => [360 + s.random() * 300, 1000 + s.random() * 50], 7))
  // A dessert fork resting on the table beside the plate.
  let tines = ''
  for (const ty of [-18, -6, 6, 18]) tines += line(d`M-60 ${ty}L-130 ${ty}`, '#c9c3bc', 8)
  const handle = 'M0 -9L300 -12Q316 0 300 12L0 9Q-30 26 -60 24L-60 -24Q-30 -26 0 -9Z'
  const fork = tines + path(handle, s.linear(['#efece8', '#9c958e']))
  shadow(s, 1250, 1112, 270, 26, 0.35)
  s.add(turned(1170, 1095, -16, el('g', { transform: 'scale(1.25)' }, fork)))
  return artwork(s, 'vanilla-birthday-cake-slice.jpg', ['birthday', 'vanilla', 'cake'])
}

export const demoArtworks: DemoArtwork[] = [
  strawberryLayerCake(),
  vanillaCupcakeTray(),
  chocolateCakePopsJar(),
  threeTierWeddingCake(),
  chocolateDripBirthdayCake(),
  anniversaryHeartCake(),
  assortedCupcakeBox(),
  vanillaBirthdaySlice(),
]
