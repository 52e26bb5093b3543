import { describe, expect, it } from 'vitest'
import { clientConfig } from '../scenario/clientConfig/index.ts'
import { encodeScenario, getPreset } from '../scenario/index.ts'
import { runConfig } from './configCommand.ts'

const io = { readFile: () => ({ ok: false as const, problem: 'no such file' }) }

describe('highway config', () => {
  it('prints the preset\'s client configuration for the client asked', () => {
    const r = runConfig(['--client', 'java', '--preset', 'rolling-restart-static'], io)
    expect(r.code).toBe(0)
    expect(r.stdout).toBe(clientConfig(getPreset('rolling-restart-static')!.build(), 'java'))
    expect(r.stdout).toMatch(/^group\.instance\.id=consumer-1$/m)
  })

  it('reads a scenario link and applies --set', () => {
    const enc = encodeScenario(getPreset('steady')!.build())
    const r = runConfig(['--client', 'librdkafka', '--scenario', `http://localhost:5173/#s=${enc}`, '--set', 'group.protocol=cooperative', '--set', 'group.assignor=cooperative-sticky'], io)
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('"partition.assignment.strategy": "cooperative-sticky",')
  })

  it.each([
    [['--client', 'cobol', '--preset', 'steady'], 'config: --client must be one of java, librdkafka, kafkajs, kafka-python, got "cobol"'],
    [['--preset', 'steady'], 'config: give --client java|librdkafka|kafkajs|kafka-python'],
    [['--client', 'java'], 'config: give --scenario FILE|URL|ENCODED or --preset NAME'],
    [['--client', 'java', '--preset', 'steady', '--set', 'group.nope=1'], /^config: --set group\.nope/],
  ])('exits 2 with one line for %j', (args, message) => {
    const r = runConfig(args, io)
    expect(r.code).toBe(2)
    expect(r.stdout).toBe('')
    expect(r.stderr.split('\n')).toHaveLength(2)
    expect(r.stderr.split('\n')[0]).toMatch(message)
  })
})
