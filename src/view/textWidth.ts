// Text widths estimated from the character count: the views read no layout back from the DOM.

/** Bold sans-serif runs about 0.62 em a character (a little over, to be safe). */
export const EM_PER_CHAR = 0.62

/** Estimated width of `text` at `px` (bold). */
export function textWidth(text: string, px: number): number {
  return text.length * EM_PER_CHAR * px
}
