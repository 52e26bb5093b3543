// Composition root: one highway filling the page, its scenario mirrored in the URL.

import '../ui/styles.css'
import { mountHighway } from './mountHighway.tsx'

const el = document.getElementById('root')
if (el === null) throw new Error('index.html has no #root element')
mountHighway(el, { syncUrl: true })
