import type { EngineFallback, EngineHost } from '@palm/palm-engine';
import { counter, type Logger } from '@palm/platform';

const narratorFallbacks = counter(
  'narrator_fallbacks_total',
  'Readings whose sections the local narrator wrote because the configured narrator failed',
  ['narrator', 'reason'],
);

const visualAnalysisFallbacks = counter(
  'visual_analysis_fallbacks_total',
  'Readings observed by the local model alone because the visual analysis failed',
  ['reason'],
);

function countFallback(fallback: EngineFallback): void {
  if (fallback.stage === 'narrator') {
    narratorFallbacks.inc({ narrator: fallback.narrator, reason: fallback.reason });
  } else {
    visualAnalysisFallbacks.inc({ reason: fallback.reason });
  }
}

/** The engine's host in the worker: its logger, and the engine's fallbacks counted on /metrics. */
export const workerEngineHost = (logger: Logger): EngineHost => ({ logger, onFallback: countFallback });
