import type { ReadingView } from '@palm/contracts';
import { useMemo, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { ButtonLink } from '@/components/ui/button';
import { normalizeReading } from '../lib/normalize-reading';
import { PalmAtAGlance } from './palm-at-a-glance';
import { PalmWithMarkers } from './palm-markers';
import { ReadingBody } from './reading-body';
import { ReadingLinksProvider } from './reading-links';
import { ReportActions } from './report-actions';
import './reading.css';

export interface ReadingReportProps {
  view: ReadingView;
  /** A free preview's PDF button asks for this instead of downloading (the page opens the unlock). */
  onLockedPdf?: () => void;
  /** What the page adds below the palm, e.g. the unlock offer. */
  asideExtra?: ReactNode;
  /** What the page adds before "New Reading", e.g. the unlock button. */
  actionsExtra?: ReactNode;
}

/** The report of one reading; what a page sells around it comes in through the props. */
export function ReadingReport({ view, onLockedPdf, asideExtra, actionsExtra }: ReadingReportProps) {
  const reading = useMemo(() => normalizeReading(view.reading), [view.reading]);
  const markers = reading.kind === 'sections' ? reading.markers : [];
  const traces = reading.kind === 'sections' ? reading.traces : null;
  const profile = reading.kind === 'sections' ? reading.profile : null;

  return (
    <ReadingLinksProvider markers={markers} className="reading-report">
      <div className="reading-report__intro">
        <Badge tone="success">
          <span aria-hidden="true">✓</span> Reading Complete
        </Badge>
        <h1>Your Palm Reading</h1>
        <p>What the lines of your hand reveal, read in the Vedic tradition of Samudrika Shastra.</p>
      </div>

      <ReportActions readingId={view.id} onLockedPdf={onLockedPdf} />
      <div className="reading-report__layout">
        <aside className="reading-report__palm">
          <PalmWithMarkers
            palmUrl={view.palmUrl}
            palmImage={view.palmImage}
            markers={markers}
            traces={traces}
            removedAfterDays={view.imageRemovedAfterDays ?? null}
          />
          <PalmAtAGlance profile={profile} />
          {asideExtra}
        </aside>
        <div className="reading-report__content">
          <ReadingBody reading={reading} />
          <div className="reading-report__actions">
            {actionsExtra}
            <ButtonLink to="/" variant="secondary">
              New Reading
            </ButtonLink>
          </div>
        </div>
      </div>
    </ReadingLinksProvider>
  );
}
