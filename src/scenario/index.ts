// The scenario layer's public surface: schema types, defaults, validation, link codec, presets.

export * from './types.ts'
export { defaultScenario } from './defaults.ts'
export { validateScenario, type Issue, type ValidationResult } from './validate.ts'
export { escapeUnprintable, isUnknownField } from './validation/rules.ts'
export { isDuplicateKey } from './jsonDuplicates.ts'
export { LIMITS } from './validation/limits.ts'
export { decodeScenario, encodeScenario, scenarioFromInput, LINK_FORMAT_VERSION } from './codec.ts'
export { getPreset, presets, type Preset } from './presets/index.ts'
export { applyCommandToScenario, scaleRate } from './applyCommand.ts'
