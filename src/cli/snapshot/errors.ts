// A KafkaJS failure → one sentence for the user: what happened and what to do. Pure (it reads only
// the error object's name/type/message and its causes), so each case is unit-tested without a broker.

const AUTH_SOON = 'snapshot speaks PLAINTEXT only for now (SASL/TLS options may come later)'

interface ErrorLike {
  name?: unknown
  type?: unknown
  message?: unknown
  code?: unknown
  cause?: unknown
  originalError?: unknown
  retriableErrors?: unknown
}

/** Every message and type word in the error and its causes (KafkaJS nests them), lower-cased. */
function words(e: unknown, depth = 0): string {
  if (depth > 5 || e === null || typeof e !== 'object') return typeof e === 'string' ? e.toLowerCase() : ''
  const x = e as ErrorLike
  const own = [x.name, x.type, x.message, x.code].filter((v) => typeof v === 'string').join(' ').toLowerCase()
  const nested = [x.cause, x.originalError, ...(Array.isArray(x.retriableErrors) ? x.retriableErrors : [])]
  return [own, ...nested.map((n) => words(n, depth + 1))].join(' ')
}

export function explainKafkaError(e: unknown, bootstrap: string, during: string): string {
  const w = words(e)
  const first = (e instanceof Error ? e.message : String(e)).split('\n')[0]!.slice(0, 200)
  if (/sasl|authentication|illegal_sasl_state|unsupported_sasl/.test(w))
    return `${bootstrap} asks for authentication while ${during}: ${AUTH_SOON}`
  if (/authorization_failed|not authorized/.test(w))
    return `${bootstrap} refused access while ${during} (${first}): the cluster needs credentials or ACLs; ${AUTH_SOON}`
  if (/econnrefused|enotfound|eai_again|ehostunreach|enetunreach|connection timeout|etimedout|timed out/.test(w))
    return `cannot reach ${bootstrap} while ${during} (${first}): check --bootstrap host:port and that the cluster is up`
  // A TLS or SASL listener answers a plaintext client by hanging up.
  if (/closed connection|socket disconnected|econnreset|socket hang up|connection closed/.test(w))
    return `${bootstrap} closed the connection while ${during}: it may require TLS or SASL; ${AUTH_SOON}`
  return `failed while ${during}: ${first}`
}
