import * as kafkajs from 'kafkajs'
import { KafkaJSConnectionError, KafkaJSNumberOfRetriesExceeded, KafkaJSProtocolError } from 'kafkajs'
import { describe, expect, it } from 'vitest'
import { explainKafkaError } from './errors.ts'

// KafkaJS's typings omit these two constructors' arguments (and one class); the runtime has them.
const runtime = kafkajs as unknown as Record<string, new (message: string, options?: object) => Error>
const KafkaJSConnectionClosedError = runtime.KafkaJSConnectionClosedError!
const KafkaJSSASLAuthenticationError = runtime.KafkaJSSASLAuthenticationError!
const retried = (e: Error) => new KafkaJSNumberOfRetriesExceeded(e, { retryCount: 2, retryTime: 1000 } as never)

describe('explainKafkaError', () => {
  it('names an unreachable bootstrap and what to check, even when KafkaJS wraps it in retries', () => {
    const refused = new KafkaJSConnectionError('Connection error: connect ECONNREFUSED 127.0.0.1:1', { broker: '127.0.0.1:1', code: 'ECONNREFUSED' } as never)
    expect(explainKafkaError(retried(refused), 'k:1', 'connecting to k:1')).toMatch(/^cannot reach k:1 while connecting to k:1 .*check --bootstrap host:port/)
    expect(explainKafkaError(new Error('connection timeout: no answer within 3 s'), 'k:1', 'x')).toMatch(/^cannot reach k:1/)
  })

  it('says authentication is needed, and that SASL/TLS options may come later', () => {
    const sasl = new KafkaJSSASLAuthenticationError('SASL PLAIN authentication failed')
    expect(explainKafkaError(sasl, 'k:1', 'connecting')).toBe('k:1 asks for authentication while connecting: snapshot speaks PLAINTEXT only for now (SASL/TLS options may come later)')
    const denied = new KafkaJSProtocolError({ message: 'Not authorized to access topics: [Topic authorization failed]', type: 'TOPIC_AUTHORIZATION_FAILED', code: 29 } as never)
    expect(explainKafkaError(denied, 'k:1', 'reading cluster metadata')).toMatch(/refused access while reading cluster metadata .*SASL\/TLS options may come later/)
  })

  it('reads a listener that hangs up on a plaintext client as one that may need TLS or SASL', () => {
    const closed = new KafkaJSConnectionClosedError('Closed connection', { host: 'k', port: 1 })
    expect(explainKafkaError(retried(closed), 'k:1', 'connecting')).toMatch(/closed the connection while connecting: it may require TLS or SASL/)
  })

  it('falls back to the first line of anything else', () => {
    expect(explainKafkaError(new Error('odd\nstack'), 'k:1', 'describing group g')).toBe('failed while describing group g: odd')
  })
})
