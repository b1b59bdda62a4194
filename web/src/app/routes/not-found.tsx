import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import './not-found.css';

export default function NotFoundRoute() {
  const { pathname } = useLocation();

  useEffect(() => {
    document.title = '404 Page Not Found — Hastrekha';
  }, []);

  return (
    <main id="main" className="page-centered">
      <Card className="not-found">
        <p className="not-found__code devanagari" aria-hidden="true">
          ४०४
        </p>
        <h1>404 Page Not Found</h1>
        <p>
          Nothing lives at <code>{pathname}</code>.
        </p>
        <p className="not-found__hint">
          Developer hint: did you forget to add the page to the router? New pages are registered in{' '}
          <code>web/src/app/router.tsx</code>.
        </p>
        <ButtonLink to="/">Return to Home</ButtonLink>
      </Card>
    </main>
  );
}
