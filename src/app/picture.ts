// A PNG of the highway: its SVG layers (with their computed styles inlined, since a serialized SVG
// drawn as an image sees no page CSS) and its particle canvas, composited in document order.

/** Presentation properties the lanes' CSS sets; copied onto the clone as inline style. */
const STYLE_PROPS = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-dasharray',
  'stroke-linecap',
  'opacity',
  'font-family',
  'font-size',
  'font-weight',
  'text-anchor',
  'dominant-baseline',
  'visibility',
  'display',
] as const

function inlinedSvg(svg: SVGSVGElement, width: number, height: number): string {
  const win = svg.ownerDocument.defaultView as Window
  const clone = svg.cloneNode(true) as SVGSVGElement
  const from = [svg, ...Array.from(svg.querySelectorAll('*'))]
  const to = [clone, ...Array.from(clone.querySelectorAll('*'))]
  from.forEach((el, i) => {
    const cs = win.getComputedStyle(el)
    const target = to[i] as SVGElement | undefined
    if (target === undefined) return
    const style = STYLE_PROPS.map((p) => `${p}:${cs.getPropertyValue(p)}`).join(';')
    target.setAttribute('style', `${target.getAttribute('style') ?? ''};${style}`)
  })
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg')
  clone.setAttribute('width', String(width))
  clone.setAttribute('height', String(height))
  return new XMLSerializer().serializeToString(clone)
}

function loadImage(doc: Document, url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = doc.createElement('img')
    img.onload = () => resolve(img)
    img.onerror = () => reject(new Error('the picture of the highway could not be drawn'))
    img.src = url
  })
}

/** The first non-transparent background colour from `el` up (white if none). */
export function backgroundOf(el: HTMLElement): string {
  const win = el.ownerDocument.defaultView as Window
  for (let e: HTMLElement | null = el; e !== null; e = e.parentElement) {
    const c = win.getComputedStyle(e).backgroundColor
    if (c !== '' && c !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(c)) return c
  }
  return '#ffffff'
}

/** The highway's own drawn layers inside `el` (not icons nested in an SVG, not hidden ones), in document order. */
export function layersOf(el: HTMLElement, skip: (layer: Element) => boolean = () => false): Array<HTMLCanvasElement | SVGSVGElement> {
  return Array.from(el.querySelectorAll<HTMLCanvasElement | SVGSVGElement>('canvas, svg')).filter((layer) => {
    if (layer instanceof SVGSVGElement && layer.ownerSVGElement !== null) return false
    const r = layer.getBoundingClientRect()
    return r.width > 0 && r.height > 0 && !skip(layer)
  })
}

/**
 * Draws `layers` onto `ctx`, each where it sits on screen relative to `origin` (CSS px), shifted by
 * `at` (device px) and scaled by `dpr`.
 */
export async function drawLayers(ctx: CanvasRenderingContext2D, layers: ReadonlyArray<HTMLCanvasElement | SVGSVGElement>, origin: { left: number; top: number }, dpr: number, at = { x: 0, y: 0 }): Promise<void> {
  for (const layer of layers) {
    const r = layer.getBoundingClientRect()
    const x = at.x + (r.left - origin.left) * dpr
    const y = at.y + (r.top - origin.top) * dpr
    if (layer instanceof HTMLCanvasElement) {
      ctx.drawImage(layer, x, y, r.width * dpr, r.height * dpr)
      continue
    }
    const url = URL.createObjectURL(new Blob([inlinedSvg(layer, r.width, r.height)], { type: 'image/svg+xml' }))
    try {
      ctx.drawImage(await loadImage(layer.ownerDocument, url), x, y, r.width * dpr, r.height * dpr)
    } finally {
      URL.revokeObjectURL(url)
    }
  }
}

/** The canvas as a PNG. */
export function pngOf(out: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => out.toBlob((b) => (b === null ? reject(new Error('the picture could not be encoded')) : resolve(b)), 'image/png'))
}

/** A canvas of `width` × `height` CSS px at pixel ratio `dpr`, filled with `background`. */
export function blankCanvas(doc: Document, width: number, height: number, dpr: number, background: string): { out: HTMLCanvasElement; ctx: CanvasRenderingContext2D } {
  const out = doc.createElement('canvas')
  out.width = Math.max(1, Math.round(width * dpr))
  out.height = Math.max(1, Math.round(height * dpr))
  const ctx = out.getContext('2d')
  if (ctx === null) throw new Error('this browser cannot draw a picture')
  ctx.fillStyle = background
  ctx.fillRect(0, 0, out.width, out.height)
  return { out, ctx }
}

/** A PNG of everything drawn inside `el` (the lanes panel), at the screen's pixel ratio. */
export async function pictureOf(el: HTMLElement): Promise<Blob> {
  const doc = el.ownerDocument
  const win = doc.defaultView as Window
  const box = el.getBoundingClientRect()
  const dpr = win.devicePixelRatio || 1
  const { out, ctx } = blankCanvas(doc, box.width, box.height, dpr, backgroundOf(el))
  await drawLayers(ctx, layersOf(el), box, dpr)
  return pngOf(out)
}
