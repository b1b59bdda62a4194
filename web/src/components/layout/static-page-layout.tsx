import type { ReactNode } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { BrandLockup } from './brand-lockup';
import { SiteFooter } from './site-footer';
import './static-page-layout.css';

export interface StaticPageLayoutProps {
  title: string;
  intro?: ReactNode;
  lastUpdated?: string;
  children: ReactNode;
}

/** Static public pages: the brand header with the tagline and a "Back to Home" link (spec §2). */
export function StaticPageLayout({ title, intro, lastUpdated, children }: StaticPageLayoutProps) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="static-header">
        <div className="container static-header__inner">
          <BrandLockup />
          <ButtonLink to="/" variant="secondary" size="sm">
            <span aria-hidden="true">←</span> Back to Home
          </ButtonLink>
        </div>
      </header>
      <main id="main" className="container static-page">
        <div className="static-page__hero">
          <h1>{title}</h1>
          {lastUpdated ? <p className="static-page__updated">Last updated {lastUpdated}</p> : null}
          {intro ? <div className="static-page__intro">{intro}</div> : null}
        </div>
        {children}
      </main>
      <SiteFooter />
    </>
  );
}

export function PolicySection({
  number,
  title,
  children,
}: {
  number: number;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="policy-section" aria-labelledby={`policy-section-${number}`}>
      <h2 id={`policy-section-${number}`}>
        <span className="policy-section__number" aria-hidden="true">
          {number}.
        </span>{' '}
        {title}
      </h2>
      {children}
    </section>
  );
}
