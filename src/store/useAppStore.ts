// React binding: the store instance comes from context (one per app instance), read with selectors.

import { createContext, createElement, useContext, type ReactNode } from 'react'
import { useStore } from 'zustand'
import type { AppState, AppStore } from './createAppStore.ts'

const AppStoreContext = createContext<AppStore | null>(null)

export function AppStoreProvider(props: { store: AppStore; children?: ReactNode }): ReactNode {
  return createElement(AppStoreContext.Provider, { value: props.store }, props.children)
}

/** The store instance itself, for transient subscriptions (the D3 views) and actions. */
export function useAppStoreApi(): AppStore {
  const store = useContext(AppStoreContext)
  if (store === null) throw new Error('useAppStore needs an <AppStoreProvider> above it')
  return store
}

/** Reads a narrow slice of state; re-renders only when the selected value changes (Object.is). */
export function useAppStore<T>(selector: (s: AppState) => T): T {
  return useStore(useAppStoreApi(), selector)
}
