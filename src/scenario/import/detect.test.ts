import { describe, expect, it } from 'vitest'
import { allFixtures } from '../../../test/fixtures/import/fixture.ts'
import { guessFormat } from './detect.ts'

describe('guessFormat', () => {
  it.each(allFixtures().map(([format, name, text]) => [`${format}/${name}`, format, text] as const))(
    'knows %s',
    (_, format, text) => {
      expect(guessFormat(text)).toBe(format)
    },
  )

  it('answers null for text no tool printed, empty text and unrelated JSON', () => {
    expect(guessFormat('')).toBeNull()
    expect(guessFormat('   \n\t\n')).toBeNull()
    expect(guessFormat('hello, I pasted the wrong thing\n')).toBeNull()
    expect(guessFormat('{"name":"package.json","version":"1.0.0"}')).toBeNull()
    expect(guessFormat('http_requests_total{code="200"} 1027\n')).toBeNull()
  })

  it('an empty group’s stderr line alone is the offsets view', () => {
    expect(guessFormat("\nConsumer group 'etl' has no active members.\n")).toBe('consumer-groups')
  })
})
