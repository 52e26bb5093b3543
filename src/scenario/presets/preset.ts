// What a preset is: a named scenario with a story. Pure data + a builder; no engine imports.

import type { Scenario } from '../types.ts'

export interface Preset {
  /** Kebab-case id, used in links and the CLI; equals `build().name`. */
  readonly name: string
  /** Menu title. */
  readonly title: string
  /** One paragraph: what to notice while it runs. */
  readonly notice: string
  /** A fresh scenario every call (callers may mutate it). */
  build(): Scenario
}
