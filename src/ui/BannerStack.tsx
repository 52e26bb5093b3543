// One highway's problems and notices (the store's banners), drawn by BannerList.

import { useMemo, type ReactNode } from 'react'
import { useAppStore } from '../store/useAppStore.ts'
import { BannerList, type BannerItem } from './BannerList.tsx'

export function BannerStack(): ReactNode {
  const banners = useAppStore((s) => s.banners)
  const dismiss = useAppStore((s) => s.dismissBanner)
  const items = useMemo<BannerItem[]>(() => banners.map((b) => ({ ...b, key: b.id })), [banners])
  return <BannerList banners={items} onDismiss={dismiss} />
}
