// Issue collection and path formatting for the scenario validator.
// Pure: reads only its arguments. Caps keep a hostile input from producing an unbounded list.

/** One problem found in a scenario: where (a JS-like path such as `producers[0].rate.perSec`) and what. */
export interface Issue {
  path: string
  message: string
}

/** At most this many errors and this many warnings are kept; the rest are counted in a last entry. */
export const MAX_ISSUES = 100

/** The validator's running state: what it has found so far. */
export interface Ctx {
  readonly errors: Issue[]
  readonly warnings: Issue[]
  droppedErrors: number
  droppedWarnings: number
}

export function newCtx(): Ctx {
  return { errors: [], warnings: [], droppedErrors: 0, droppedWarnings: 0 }
}

/** The root is shown as `scenario`; everything else by its path. */
function shown(path: string): string {
  return path === '' ? 'scenario' : path
}

export function error(ctx: Ctx, path: string, message: string): void {
  if (ctx.errors.length < MAX_ISSUES) ctx.errors.push({ path: shown(path), message })
  else ctx.droppedErrors++
}

export function warn(ctx: Ctx, path: string, message: string): void {
  if (ctx.warnings.length < MAX_ISSUES) ctx.warnings.push({ path: shown(path), message })
  else ctx.droppedWarnings++
}

/** Errors seen so far, including those past the cap (to tell whether a sub-reader failed). */
export function errorCount(ctx: Ctx): number {
  return ctx.errors.length + ctx.droppedErrors
}

/** The final lists, each ending with an "and N more" entry when the cap was hit. */
export function finish(ctx: Ctx): { errors: Issue[]; warnings: Issue[] } {
  const errors = [...ctx.errors]
  const warnings = [...ctx.warnings]
  if (ctx.droppedErrors > 0) errors.push({ path: 'scenario', message: `and ${ctx.droppedErrors} more errors` })
  if (ctx.droppedWarnings > 0) warnings.push({ path: 'scenario', message: `and ${ctx.droppedWarnings} more warnings` })
  return { errors, warnings }
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/

/** `at('producers', 0)` → `producers[0]`; `at('group.config', 'max.poll.records')` → `group.config["max.poll.records"]`. */
export function at(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`
  if (key.length <= 64 && IDENTIFIER.test(key)) return path === '' ? key : `${path}.${key}`
  const short = key.length > 40 ? `${key.slice(0, 40)}…` : key
  return `${path}[${JSON.stringify(short)}]`
}
