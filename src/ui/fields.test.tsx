import { afterEach, describe, expect, it } from 'vitest'
import { breakAtDots } from './fields.tsx'
import { mount, type Mounted } from './renderForTest.tsx'

let m: Mounted | null = null
afterEach(() => {
  m?.unmount()
  m = null
})

describe('breakAtDots', () => {
  it('lets a Kafka config name break after its dots, never a number, and leaves the text as it was', () => {
    const text = 'waited 0.3 s of 3.0 s (group.initial.rebalance.delay.ms)'
    m = mount(<p>{breakAtDots(text)}</p>)
    const p = m.container.querySelector('p')!
    expect(p.textContent).toBe(text)
    // One break chance after each of the name's four dots; none in 0.3 or 3.0.
    expect(p.querySelectorAll('wbr')).toHaveLength(4)
    expect(p.innerHTML).toContain('0.3 s of 3.0 s')
    expect(breakAtDots('Record lock (s)')).toBe('Record lock (s)')
  })
})
