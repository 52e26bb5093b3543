// The Java producer's delivery rules when a partition's leader is gone, as pure functions: acks
// semantics, retry backoff for metadata refreshes, and when a waiting record fails
// (retries / delivery.timeout.ms). Sources: ProducerConfig (names, defaults, docs), KIP-91
// (delivery.timeout.ms), KIP-580 (exponential retry backoff), KafkaProducer.configureDeliveryTimeout.

export type Acks = 'all' | '1' | '0'

export interface DeliveryConfig {
  acks: Acks
  retries: number
  'delivery.timeout.ms': number
  'request.timeout.ms': number
  'retry.backoff.ms': number
}

/** Java's Integer.MAX_VALUE, ProducerConfig's default for `retries`. */
const INT_MAX = 2_147_483_647

/** ProducerConfig defaults: acks=all since Kafka 3.0 (KIP-679), delivery.timeout.ms 2 min (KIP-91). */
export const DELIVERY_DEFAULTS: Readonly<DeliveryConfig> = {
  acks: 'all',
  retries: INT_MAX,
  'delivery.timeout.ms': 120_000,
  'request.timeout.ms': 30_000,
  'retry.backoff.ms': 100,
}

/** retry.backoff.max.ms (KIP-580, Kafka 3.7): the cap of the exponential backoff. Not a scenario field. */
export const RETRY_BACKOFF_MAX_MS = 1000

/**
 * The producer's delivery settings with Kafka's defaults for those a scenario leaves out. An unset
 * delivery.timeout.ms below linger.ms + request.timeout.ms is raised to it, as
 * KafkaProducer.configureDeliveryTimeout does (with a warning) when the user did not set it.
 */
export function deliveryConfig(cfg: Partial<DeliveryConfig> & { 'linger.ms'?: number }): DeliveryConfig {
  const request = cfg['request.timeout.ms'] ?? DELIVERY_DEFAULTS['request.timeout.ms']
  return {
    acks: cfg.acks ?? DELIVERY_DEFAULTS.acks,
    retries: cfg.retries ?? DELIVERY_DEFAULTS.retries,
    'delivery.timeout.ms': cfg['delivery.timeout.ms'] ?? Math.max(DELIVERY_DEFAULTS['delivery.timeout.ms'], (cfg['linger.ms'] ?? 0) + request),
    'request.timeout.ms': request,
    'retry.backoff.ms': cfg['retry.backoff.ms'] ?? DELIVERY_DEFAULTS['retry.backoff.ms'],
  }
}

/**
 * KafkaProducer.configureDeliveryTimeout: a delivery.timeout.ms set below linger.ms +
 * request.timeout.ms is a ConfigException. Returns the message, or null when it holds.
 */
export function deliveryTimeoutProblem(cfg: DeliveryConfig, lingerMs: number): string | null {
  const floor = lingerMs + cfg['request.timeout.ms']
  return cfg['delivery.timeout.ms'] < floor ? `must be ≥ linger.ms + request.timeout.ms (${floor}), as KafkaProducer requires` : null
}

/**
 * The n-th retry backoff (n = 0 first), KIP-580: retry.backoff.ms × 2^n, capped at
 * retry.backoff.max.ms. Kafka adds ±20 % jitter; the simulator leaves it out so a client's retry
 * moments are a function of the scenario alone.
 */
export function retryBackoff(n: number, backoffMs: number, maxMs = RETRY_BACKOFF_MAX_MS): number {
  if (backoffMs >= maxMs) return backoffMs
  return Math.min(maxMs, backoffMs * 2 ** Math.min(n, 30))
}

/**
 * A client that lost its partition's leader at `lostAt` retries and refreshes metadata after each
 * backoff; the first refresh at or after `electedAt` (the controller's new leader) is when it
 * learns the new leader and resumes. Also returns how many attempts failed before that.
 */
export function learnsLeaderAt(lostAt: number, electedAt: number, backoffMs: number, maxMs = RETRY_BACKOFF_MAX_MS): { at: number; failedAttempts: number } {
  let t = lostAt
  let n = 0
  while (t < electedAt) {
    t += retryBackoff(n, backoffMs, maxMs)
    n++
  }
  return { at: t, failedAttempts: n }
}

/**
 * When a record queued at `since` (its send(): delivery.timeout.ms is "an upper bound on the time
 * to report success or failure after a call to send() returns", ProducerConfig) fails while it
 * cannot be sent or acknowledged: at delivery.timeout.ms after that, or earlier once `retries`
 * attempts are used up (attempts after each backoff from `since`). Infinity: it never fails on its own.
 */
export function failsAt(since: number, cfg: DeliveryConfig): number {
  const byTimeout = since + cfg['delivery.timeout.ms']
  if (cfg.retries >= INT_MAX) return byTimeout
  let t = since
  for (let n = 0; n <= cfg.retries && t < byTimeout; n++) t += retryBackoff(n, cfg['retry.backoff.ms'])
  return Math.min(byTimeout, t)
}

/** What a produce request to a leader gets (Partition.appendRecordsToLeader, ReplicaManager). */
export type ProduceOutcome = 'appended' | 'notLeader' | 'notEnoughReplicas'

/**
 * acks=all needs at least min.insync.replicas in the ISR, else NOT_ENOUGH_REPLICAS (retriable: the
 * records wait in the producer); acks=1 and acks=0 do not look at the ISR.
 */
export function produceOutcome(acks: Acks, leaderAlive: boolean, isrSize: number, minInsync: number): ProduceOutcome {
  if (!leaderAlive) return 'notLeader'
  if (acks === 'all' && isrSize < minInsync) return 'notEnoughReplicas'
  return 'appended'
}

/**
 * Records the failed leader had appended but its followers had not yet copied, when a follower
 * takes over: with acks=all they were never acknowledged, so the producer sends them again
 * ('retried'); with acks=1 (and acks=0) the producer already counted them as sent: they are lost.
 */
export function unreplicatedFate(acks: Acks): 'retried' | 'lost' {
  return acks === 'all' ? 'retried' : 'lost'
}
