// The slice of npm js-simulator 1.0.17 the benchmark uses (the package ships no types).
// Read from node_modules/js-simulator/src/jssim.js: SimEvent, Scheduler.

declare module 'js-simulator' {
  export class SimEvent {
    constructor(rank?: number)
    time: number
    rank: number
    update(deltaTime: number): void
  }
  export class Scheduler {
    current_time: number | null
    schedule(evt: SimEvent, time: number): void
    scheduleOnceIn(evt: SimEvent, deltaTime: number): void
    hasEvents(): boolean
    /** Fires every event at the next time (highest rank first, ties shuffled with Math.random). */
    update(): void
  }
}
