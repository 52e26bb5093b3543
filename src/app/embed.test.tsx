import { describe, expect, it } from 'vitest'
import { exportFileName } from '../ui/download.ts'
import { embedCode, embedFromHash } from './embed.ts'

describe('embed', () => {
  it('reads embed=1 anywhere in the hash, and nothing else as embed', () => {
    expect(embedFromHash('#s=v1.abc&embed=1')).toBe(true)
    expect(embedFromHash('embed=1&s=v1.abc')).toBe(true)
    expect(embedFromHash('#s=v1.abc')).toBe(false)
    expect(embedFromHash('#s=v1.abc&embed=0')).toBe(false)
    expect(embedFromHash('#s=v1.embed=1x')).toBe(false)
  })

  it('writes an iframe with escaped attributes that opens the embedded page', () => {
    const code = embedCode('https://x.test/ph/#s=v1.A_b-c', 'a "quoted" <name> & co')
    expect(code).toBe(
      '<iframe src="https://x.test/ph/#s=v1.A_b-c&amp;embed=1" width="960" height="600" title="Partition Highway: a &quot;quoted&quot; &lt;name&gt; &amp; co" loading="lazy"></iframe>',
    )
    const doc = new DOMParser().parseFromString(code, 'text/html')
    const frame = doc.querySelector('iframe')!
    expect(frame.getAttribute('src')).toBe('https://x.test/ph/#s=v1.A_b-c&embed=1')
    expect(frame.getAttribute('title')).toBe('Partition Highway: a "quoted" <name> & co')
    expect(doc.querySelectorAll('*').length).toBe(4) // html, head, body, iframe: nothing injected
  })

  it('names files after the scenario and the moment', () => {
    expect(exportFileName('hot-key', 42_500, 'csv')).toBe('partition-highway-hot-key-42.5s.csv')
    expect(exportFileName('My Scenario / v2', 3000, 'png')).toBe('partition-highway-my-scenario-v2-3s.png')
    expect(exportFileName('../..', 0, 'json')).toBe('partition-highway-scenario-0s.json')
  })
})
