// Keys given twice in one JSON object. JSON.parse keeps the last and drops the earlier without a
// word, so a hand-edited link or file that says `"seed": 1, …, "seed": 2` runs with 2 while its
// author reads 1. Pure; one pass over text that already parsed, with an explicit stack (deep
// nesting cannot overflow the call stack).

import { at, MAX_ISSUES, type Issue } from './validation/issues.ts'

/** How every duplicate-key warning begins (the CLI's `validate` refuses them as unknown fields). */
export const DUPLICATE_KEY = 'given twice (JSON keeps the last value; the earlier one is ignored)'

export function isDuplicateKey(issue: { message: string }): boolean {
  return issue.message === DUPLICATE_KEY
}

type Frame = { kind: 'object'; keys: Set<string>; key: string | null } | { kind: 'array'; index: number }

/** Paths deeper than this are cut ("…"): a scenario's fields sit a few levels deep, and building the path of a key 400 000 arrays down would cost more than the rest. */
const MAX_PATH_DEPTH = 32

/** The path of the key `key` in the innermost of `stack`'s containers. */
function pathOf(stack: readonly Frame[], key: string): string {
  let path = ''
  const outer = stack.length - 1
  for (let d = 0; d < Math.min(outer, MAX_PATH_DEPTH); d++) {
    const f = stack[d]!
    path = f.kind === 'object' ? at(path, f.key ?? '') : at(path, f.index)
  }
  return outer > MAX_PATH_DEPTH ? `${path}…` : at(path, key)
}

/**
 * One issue per key given again in its object, at the key's path (`topic.partitions`,
 * `producers[0].rate`), in the order the text gives them; at most MAX_ISSUES and an "and N more".
 * `json` must be text JSON.parse accepted.
 */
export function duplicateKeys(json: string): Issue[] {
  const out: Issue[] = []
  let more = 0
  const stack: Frame[] = []
  for (let i = 0; i < json.length; i++) {
    const c = json[i]
    if (c === '"') {
      const start = i
      for (i++; json[i] !== '"'; i++) if (json[i] === '\\') i++
      const top = stack[stack.length - 1]
      if (top?.kind !== 'object' || top.key !== null) continue
      // A key: decoded as JSON.parse decodes it ("se\u0065d" is "seed").
      const key = JSON.parse(json.slice(start, i + 1)) as string
      top.key = key
      if (!top.keys.has(key)) top.keys.add(key)
      else if (out.length < MAX_ISSUES) out.push({ path: pathOf(stack, key), message: DUPLICATE_KEY })
      else more++
    } else if (c === '{') stack.push({ kind: 'object', keys: new Set(), key: null })
    else if (c === '[') stack.push({ kind: 'array', index: 0 })
    else if (c === '}' || c === ']') stack.pop()
    else if (c === ',') {
      const top = stack[stack.length - 1]
      if (top?.kind === 'object') top.key = null
      else if (top !== undefined) top.index++
    }
  }
  if (more > 0) out.push({ path: 'scenario', message: `and ${more} more keys given twice` })
  return out
}
