import { useMemo } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button, ButtonLink } from '@/components/ui/button';
import { useUnlockDialog } from '@/features/unlock/components/unlock-dialog';
import { UnlockOfferCard } from '@/features/unlock/components/unlock-offer';
import type { ReadingResponse } from '../api/get-reading';
import { normalizeReading } from '../lib/normalize-reading';
import { PalmAtAGlance } from './palm-at-a-glance';
import { PalmWithMarkers } from './palm-markers';
import { ReadingBody } from './reading-body';
import { ReadingLinksProvider } from './reading-links';
import { ReportActions } from './report-actions';
import './reading.css';

export function ReadingReport({ view }: { view: ReadingResponse }) {
  const reading = useMemo(() => normalizeReading(view.reading), [view.reading]);
  const { openUnlock } = useUnlockDialog();
  // Only a preview the server offers to unlock (payments configured) mentions unlocking at all.
  const offer = view.unlock ? { readingId: view.id, price: view.unlock } : null;
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

      <ReportActions readingId={view.id} onLockedPdf={offer ? () => openUnlock(offer) : undefined} />
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
          <UnlockOfferCard offer={offer} />
        </aside>
        <div className="reading-report__content">
          <ReadingBody reading={reading} />
          <div className="reading-report__actions">
            {offer ? (
              <Button variant="primary" onClick={() => openUnlock(offer)}>
                Unlock Full Reading
              </Button>
            ) : null}
            <ButtonLink to="/" variant="secondary">
              New Reading
            </ButtonLink>
          </div>
        </div>
      </div>
    </ReadingLinksProvider>
  );
}
