// Embedding: `embed=1` in a link's hash shows the highway alone with a compact toolbar; the embed
// code is an <iframe> whose attributes are escaped (a scenario name is a stranger's text). Pure.

/** Whether the hash asks for the embedded page (`embed=1`, any position). */
export function embedFromHash(hash: string): boolean {
  const h = hash.startsWith('#') ? hash.slice(1) : hash
  return h.split('&').some((part) => part === 'embed=1')
}

/** `link` (a page link with its `#s=…` hash) opening the embedded page. */
export function embedLink(link: string): string {
  return link.includes('#') ? `${link}&embed=1` : `${link}#embed=1`
}

/** Text for a double-quoted HTML attribute. */
export function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

export const EMBED_SIZE = { width: 960, height: 600 }

/** The <iframe> snippet that embeds the page at `link` (a full-page link; embed=1 is added). */
export function embedCode(link: string, name: string, size = EMBED_SIZE): string {
  const src = escapeAttribute(embedLink(link))
  const title = escapeAttribute(`Partition Highway: ${name}`)
  return `<iframe src="${src}" width="${size.width}" height="${size.height}" title="${title}" loading="lazy"></iframe>`
}
