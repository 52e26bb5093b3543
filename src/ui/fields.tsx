// Labelled form controls. Each listens to native `input`/`change` events (not React's value
// tracker), so a slider moved by a script or an automation tool acts exactly like a dragged one.

import { Fragment, useEffect, useId, useRef, type ReactNode } from 'react'

interface RangeFieldProps {
  label: string
  value: number
  min: number
  max: number
  step: number
  /** Shown beside the label and used as aria-valuetext. */
  format: (v: number) => string
  onChange: (v: number) => void
  hint?: string
  /** A short line under the slider (e.g. which key is hot). */
  note?: string
}

function useNativeEvent(
  ref: React.RefObject<HTMLInputElement | HTMLSelectElement | null>,
  type: 'input' | 'change',
  handler: ((el: HTMLInputElement & HTMLSelectElement) => void) | null,
): void {
  const handlerRef = useRef(handler)
  handlerRef.current = handler
  useEffect(() => {
    const el = ref.current
    if (el === null) return
    const listener = (): void => handlerRef.current?.(el as HTMLInputElement & HTMLSelectElement)
    el.addEventListener(type, listener)
    return () => el.removeEventListener(type, listener)
  }, [ref, type])
}

export function RangeField(p: RangeFieldProps): ReactNode {
  const id = useId()
  const ref = useRef<HTMLInputElement>(null)
  useEffect(() => {
    const el = ref.current
    if (el !== null && Number(el.value) !== p.value) el.value = String(p.value)
  }, [p.value, p.min, p.max])
  useNativeEvent(ref, 'input', (el) => {
    const v = Number(el.value)
    if (Number.isFinite(v) && v !== p.value) p.onChange(v)
  })
  return (
    <div className="field">
      <div className="field-head">
        <label htmlFor={id}>{breakAtDots(p.label)}</label>
        <output htmlFor={id}>{p.format(p.value)}</output>
      </div>
      <input
        ref={ref}
        id={id}
        type="range"
        min={p.min}
        max={p.max}
        step={p.step}
        defaultValue={p.value}
        aria-valuetext={p.format(p.value)}
        {...(p.hint === undefined ? {} : { title: p.hint })}
      />
      {p.note === undefined ? null : <span className="note">{p.note}</span>}
    </div>
  )
}

interface NumberFieldProps {
  label: string
  value: number
  min: number
  max: number
  step?: number
  onCommit: (v: number) => void
  /** Wait this long after typing before committing (Enter and leaving the field commit at once). */
  debounceMs?: number
  hint?: string
  children?: ReactNode
}

export function NumberField(p: NumberFieldProps): ReactNode {
  const id = useId()
  const ref = useRef<HTMLInputElement>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  useEffect(() => {
    const el = ref.current
    if (el !== null && el.ownerDocument.activeElement !== el && Number(el.value) !== p.value) el.value = String(p.value)
  }, [p.value])
  useEffect(() => () => {
    if (timer.current !== null) clearTimeout(timer.current)
  }, [])
  const commit = (el: HTMLInputElement): void => {
    if (timer.current !== null) clearTimeout(timer.current)
    timer.current = null
    if (el.value.trim() === '') return
    const raw = Number(el.value)
    if (!Number.isFinite(raw)) return
    const v = Math.min(p.max, Math.max(p.min, raw))
    if (v !== p.value) p.onCommit(v)
  }
  useNativeEvent(ref, 'input', (el) => {
    if (timer.current !== null) clearTimeout(timer.current)
    timer.current = setTimeout(() => commit(el), p.debounceMs ?? 600)
  })
  useNativeEvent(ref, 'change', (el) => commit(el))
  return (
    <div className="field">
      <label htmlFor={id}>{breakAtDots(p.label)}</label>
      <div className="field-row">
        <input
          ref={ref}
          id={id}
          type="number"
          inputMode="numeric"
          min={p.min}
          max={p.max}
          step={p.step ?? 1}
          defaultValue={p.value}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit(e.currentTarget)
          }}
          // Left, it shows the value in force (a later answer moves it on): a commit the run did not take
          // (an addPartitions the controller refused) left the typed number, as the value never changed.
          onBlur={(e) => {
            if (Number(e.currentTarget.value) !== p.value) e.currentTarget.value = String(p.value)
          }}
          {...(p.hint === undefined ? {} : { title: p.hint })}
        />
        {p.children}
      </div>
    </div>
  )
}

interface SelectFieldProps<V extends string> {
  label: string
  value: V
  options: ReadonlyArray<{ value: V; label: string }>
  onChange: (v: V) => void
  hint?: string
}

export function SelectField<V extends string>(p: SelectFieldProps<V>): ReactNode {
  const id = useId()
  const ref = useRef<HTMLSelectElement>(null)
  useEffect(() => {
    const el = ref.current
    if (el !== null && el.value !== p.value) el.value = p.value
  }, [p.value, p.options])
  useNativeEvent(ref, 'change', (el) => {
    const v = el.value as V
    if (v !== p.value && p.options.some((o) => o.value === v)) p.onChange(v)
  })
  return (
    <div className="field">
      <label htmlFor={id}>{breakAtDots(p.label)}</label>
      <select ref={ref} id={id} defaultValue={p.value} {...(p.hint === undefined ? {} : { title: p.hint })}>
        {p.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  )
}

interface CheckFieldProps {
  label: string
  checked: boolean
  onChange: (checked: boolean) => void
  hint?: string
}

export function CheckField(p: CheckFieldProps): ReactNode {
  const id = useId()
  const ref = useRef<HTMLInputElement>(null)
  useEffect(() => {
    const el = ref.current
    if (el !== null) el.checked = p.checked
  }, [p.checked])
  useNativeEvent(ref, 'change', (el) => {
    if (el.checked !== p.checked) p.onChange(el.checked)
  })
  return (
    <div className="field check">
      <input ref={ref} id={id} type="checkbox" defaultChecked={p.checked} />
      <label htmlFor={id} {...(p.hint === undefined ? {} : { title: p.hint })}>
        {breakAtDots(p.label)}
      </label>
    </div>
  )
}

/**
 * Text with Kafka config names ("max.poll.interval.ms") that may break after a dot between two
 * letters (<wbr>), so in presenter mode's 20 px type a name wraps at a dot instead of mid-word or
 * out of its column. A number's dot ("3.0 s") stays unbreakable. The text (and so an accessible
 * name) is unchanged: <wbr> adds none.
 */
export function breakAtDots(text: string): ReactNode {
  const parts = text.split(/(?<=[A-Za-z])\.(?=[A-Za-z])/)
  if (parts.length === 1) return text
  return parts.map((part, i) => (i === 0 ? part : <Fragment key={i}>.<wbr />{part}</Fragment>))
}
