/** The little of a logger the engine uses; pino's Logger satisfies it. */
export interface EngineLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export type FallbackReason = 'failed' | 'invalid_output';

/** A model-backed part of the engine gave way to its local counterpart for one reading. */
export type EngineFallback =
  | { stage: 'narrator'; narrator: string; reason: FallbackReason }
  | { stage: 'visual-analysis'; reason: FallbackReason };

/**
 * What the process running the engine lends it: a logger, and where fallbacks are reported so the
 * host can count them (the worker as Prometheus counters) without the engine knowing about metrics.
 */
export interface EngineHost {
  logger: EngineLogger;
  onFallback?: (fallback: EngineFallback) => void;
}
