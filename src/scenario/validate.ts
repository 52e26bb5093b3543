// validateScenario: any value → a full Scenario, merged onto defaultScenario(), plus issues.
// Pure and total: never throws, reads only own properties, and bounds every array and map so a
// hostile input cannot blow memory; a scenario too expensive to simulate in real time is an error
// naming what costs most (validation/cost.ts). Unknown fields are warnings; bad values are errors.

import { clusterOf, defaultScenario } from './defaults.ts'
import { SCENARIO_VERSION, type Scenario, type StartMode } from './types.ts'
import { readActions } from './validation/actions.ts'
import { checkBudget } from './validation/budget.ts'
import { error, finish, newCtx, type Ctx, type Issue } from './validation/issues.ts'
import { LIMITS } from './validation/limits.ts'
import { readProducers } from './validation/producers.ts'
import { asObject, int, leaf, num, oneOf, own, record, text, type Reader } from './validation/rules.ts'
import { readCluster } from './validation/cluster.ts'
import { readBroker, readDynamic, readGroup, readProducerConfig, readTopic } from './validation/world.ts'

export type { Issue } from './validation/issues.ts'

export type ValidationResult =
  | { ok: true; scenario: Scenario; warnings: Issue[] }
  /** `scenario` is a safe fallback: the defaults merged with the valid parts; it validates cleanly. */
  | { ok: false; errors: Issue[]; scenario: Scenario }

type World = Omit<Scenario, 'version' | 'actions' | 'start' | 'cluster'>

const readWorld: Reader<World> = record<World>(
  {
    name: leaf(text(0, LIMITS.nameChars)),
    seed: leaf(int(LIMITS.seed.min, LIMITS.seed.max)),
    durationSec: leaf(num(0, LIMITS.seconds.max, { minExclusive: true })),
    topic: readTopic,
    producers: readProducers,
    producerConfig: readProducerConfig,
    broker: readBroker,
    group: readGroup,
    dynamic: readDynamic,
  },
  ['version', 'actions', 'start', 'cluster'],
)

const START_MODES = ['warm', 'cold'] as const satisfies readonly StartMode[]

/** `start`: 'warm' is kept; 'cold' is the same as absent and normalizes to absent (one form per run). */
function readStart(ctx: Ctx, v: unknown): StartMode | undefined {
  if (v === undefined) return undefined
  const r = oneOf(START_MODES)(v)
  if (!r.ok) {
    error(ctx, 'start', `${r.message}: 'warm' begins with the group formed and stable, 'cold' (the default) with it forming`)
    return undefined
  }
  return r.value === 'warm' ? 'warm' : undefined
}

function readVersion(ctx: Ctx, v: unknown): void {
  if (v === undefined || v === SCENARIO_VERSION) return
  if (typeof v === 'number' && Number.isInteger(v) && v > SCENARIO_VERSION) {
    error(ctx, 'version', `scenario version ${v} is newer than this app (${SCENARIO_VERSION})`)
  } else error(ctx, 'version', `must be ${SCENARIO_VERSION}`)
}

function readScenario(ctx: Ctx, input: unknown): Scenario {
  const base = defaultScenario()
  const o = asObject(input)
  if (o === undefined) {
    error(ctx, '', 'must be an object')
    return base
  }
  readVersion(ctx, own(o, 'version'))
  const world = readWorld(ctx, o, base, '')
  const cluster = readCluster(ctx, own(o, 'cluster'), 'cluster', world.topic.partitions)
  const actions = readActions(ctx, own(o, 'actions'), {
    producers: world.producers.length,
    partitions: world.topic.partitions,
    durationSec: world.durationSec,
    brokers: clusterOf(cluster ? { cluster } : {}).brokers,
    group: world.group,
  })
  const start = readStart(ctx, own(o, 'start'))
  return {
    version: SCENARIO_VERSION,
    name: world.name,
    seed: world.seed,
    ...(start ? { start } : {}),
    durationSec: world.durationSec,
    topic: world.topic,
    producers: world.producers,
    producerConfig: world.producerConfig,
    broker: world.broker,
    ...(cluster ? { cluster } : {}),
    group: world.group,
    dynamic: world.dynamic,
    actions,
  }
}

/**
 * Checks any value (parsed JSON, a partial scenario, garbage) against the Scenario schema.
 * Missing fields take defaults (each producer merged onto the default producer); unknown fields
 * are warnings; actions come back sorted by atSec (stable). Pure; never throws.
 */
export function validateScenario(input: unknown): ValidationResult {
  const ctx = newCtx()
  let scenario: Scenario
  try {
    scenario = readScenario(ctx, input)
    // Fields that are each fine may still be too expensive together: the fallback is then the defaults.
    if (!checkBudget(ctx, scenario)) scenario = defaultScenario()
  } catch (e) {
    // Only exotic values get here (a Proxy or a getter that throws): plain data cannot.
    error(ctx, '', `could not be read (${describe(e)})`)
    scenario = defaultScenario()
  }
  const { errors, warnings } = finish(ctx)
  return errors.length === 0 ? { ok: true, scenario, warnings } : { ok: false, errors, scenario }
}

function describe(e: unknown): string {
  try {
    return e instanceof Error ? e.message : String(e)
  } catch {
    return 'unknown error'
  }
}
