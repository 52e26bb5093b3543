// Reads a value from the store at most every `ms` wall milliseconds, for panels (tables, status)
// that follow the frames without re-rendering React at animation rate.

import { useEffect, useRef, useState } from 'react'
import type { AppState } from '../store/createAppStore.ts'
import { useAppStoreApi } from '../store/useAppStore.ts'

export function useThrottled<T>(selector: (s: AppState) => T, ms: number): T {
  const store = useAppStoreApi()
  const [value, setValue] = useState(() => selector(store.getState()))
  const selectorRef = useRef(selector)
  selectorRef.current = selector
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null
    let last = 0
    const flush = (): void => {
      timer = null
      last = Date.now()
      setValue(() => selectorRef.current(store.getState()))
    }
    flush()
    const unsub = store.subscribe((s, prev) => {
      if (Object.is(selectorRef.current(s), selectorRef.current(prev))) return
      if (timer !== null) return
      const wait = Math.max(0, ms - (Date.now() - last))
      timer = setTimeout(flush, wait)
    })
    return () => {
      unsub()
      if (timer !== null) clearTimeout(timer)
    }
  }, [store, ms])
  return value
}
