import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import './reading.css';

export function ReadingNotFound() {
  return (
    <Card className="reading-state" role="alert">
      <span className="reading-state__glyph devanagari" aria-hidden="true">
        ?
      </span>
      <h1>Reading Not Found</h1>
      <p>This reading may have been removed, or the link may be incorrect.</p>
      <ButtonLink to="/">Return to Home</ButtonLink>
    </Card>
  );
}

export function ReadingFailed({ message }: { message: string | null }) {
  return (
    <Card className="reading-state" role="alert">
      <h1>We could not finish your reading</h1>
      <p>{message ?? 'Something went wrong while reading your palm.'}</p>
      <div className="reading-state__actions">
        <ButtonLink to="/scan">Try Again</ButtonLink>
        <ButtonLink to="/" variant="secondary">
          Return to Home
        </ButtonLink>
      </div>
    </Card>
  );
}

export function ReadingInProgress() {
  return (
    <Card className="reading-state" role="status">
      <span className="reading-state__glyph reading-state__glyph--spin devanagari" aria-hidden="true">
        ॐ
      </span>
      <h1>Your reading is being prepared</h1>
      <p>Your palm is being read line by line. This page updates by itself — it may take 1-2 minutes...</p>
    </Card>
  );
}
